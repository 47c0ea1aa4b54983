"""The one Celery app. Configured from Django settings (``CELERY_`` namespace), JSON only.

Run a worker with ``celery -A hearts_api worker`` (``-B`` embeds beat, for development only).
Tasks are autodiscovered from ``<app>/tasks.py`` of every installed app.
"""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_process_init
from kombu.transport import TRANSPORT_ALIASES

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hearts_api.settings")

# `filesystem://` (the embedded-defaults broker) means our transport with atomic message writes
# (hearts_api/broker.py) in every process that loads the project: web, worker, beat and tests.
TRANSPORT_ALIASES["filesystem"] = "hearts_api.broker:Transport"
# `redis://` means kombu's Redis transport with the fix that lets a worker survive a Redis
# restart (hearts_api/redis_broker.py: the "'NoneType' object has no attribute 'hostname'" exit).
TRANSPORT_ALIASES["redis"] = "hearts_api.redis_broker:Transport"

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


def drop_broken_database_connections(**kwargs) -> None:
    """Before and after every task: close each database connection that is broken, so the next
    query opens (or takes from the pool) a live one.

    Celery's Django fixup closes connections around tasks only every ``CELERY_DB_REUSE_MAX``
    tasks, so after a PostgreSQL restart a worker kept its dead connection and every task failed
    with ``OperationalError('the connection is closed')`` until the worker was restarted. Here a
    connection on which an error occurred is tested (``is_usable``: ``SELECT 1``) and closed when
    dead, and the health-check flag is reset so that each task's first query checks its
    connection first (``conn_health_checks``: one ``SELECT 1``; a dead one is replaced before the
    task uses it). A healthy connection is kept: no reconnection per task. With the pool
    (``DB_POOL_MAX``) a closed connection goes back to the pool, which discards it when broken
    and checks the connection it hands out next (``check``, see settings)."""
    from django.db import connections

    for conn in connections.all(initialized_only=True):
        if conn.in_atomic_block:
            continue
        if conn.connection is not None and conn.errors_occurred and not conn.is_usable():
            conn.close()
        conn.errors_occurred = False
        conn.health_check_done = False


task_prerun.connect(drop_broken_database_connections, weak=False)
task_postrun.connect(drop_broken_database_connections, weak=False)


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
