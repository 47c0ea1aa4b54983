"""ASGI entry point (``uvicorn hearts_api.asgi:application`` or gunicorn with uvicorn workers)."""

import os
import warnings

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hearts_api.settings")

# whitenoise serves static files with sync iterators; under ASGI Django warns on every file.
warnings.filterwarnings("ignore", message="StreamingHttpResponse must consume synchronous")

application = get_asgi_application()
