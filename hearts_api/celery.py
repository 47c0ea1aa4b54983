"""The one Celery app. Configured from Django settings (``CELERY_`` namespace), JSON only.

Run a worker with ``celery -A hearts_api worker`` (``-B`` embeds beat, for development only).
Tasks are autodiscovered from ``<app>/tasks.py`` of every installed app.
"""

import os

from celery import Celery
from celery.signals import worker_process_init
from kombu.transport import TRANSPORT_ALIASES

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hearts_api.settings")

# `filesystem://` (the embedded-defaults broker) means our transport with atomic message writes
# (hearts_api/broker.py) in every process that loads the project: web, worker, beat and tests.
TRANSPORT_ALIASES["filesystem"] = "hearts_api.broker:Transport"

app = Celery("hearts_api")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def _forget_inherited_connection_pools(**kwargs) -> None:
    """A prefork child must not use a database connection pool (``DB_POOL_MAX``) created in its
    parent: the pool's connections and maintenance threads belong to the parent. Forget it (do
    not close it: that would close the parent's connections); the child opens its own."""
    from django.db.backends.postgresql.base import DatabaseWrapper

    DatabaseWrapper._connection_pools.clear()


@app.task(name="hearts_api.ping", ignore_result=False, acks_late=False)
def ping() -> str:
    """Smoke-test task: proves a worker consumes the broker and writes results."""
    return "pong"


@app.task(name="hearts_api.db_check", ignore_result=False, acks_late=False)
def db_check() -> dict:
    """Smoke-test task: which database does this worker see, and can it read it?"""
    from django.contrib.auth import get_user_model
    from django.db import connection

    return {
        "vendor": connection.vendor,
        "name": str(connection.settings_dict["NAME"]),
        "users": get_user_model().objects.count(),
    }
