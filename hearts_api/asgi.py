"""ASGI entry point (``uvicorn hearts_api.asgi:application`` or gunicorn with uvicorn workers)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hearts_api.settings")

application = get_asgi_application()
