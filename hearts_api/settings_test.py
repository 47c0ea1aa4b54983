"""Settings for the test suite (pytest) and for the Celery worker process the tests start.

Same code as production settings; only what a test run must isolate changes:

* every test run gets its own folder ``var/test-runs/<run id>/`` for the SQLite test database
  (a FILE, so the worker process sees it) and the filesystem broker, and its own default Celery
  queue, so concurrent runs (several engineers, one Redis) never steal each other's tasks;
* ``HEARTS_TEST_RUN_ID`` is inherited by subprocesses, which is how the worker started by the
  ``celery_worker_process`` fixture finds the same database, broker folders and queue;
* with ``HEARTS_TEST_WORKER=1`` (set by that fixture) the default database points at the *test*
  database (``var/test-runs/<id>/test-db.sqlite3`` or ``test_<name>`` on PostgreSQL); without
  it (the pytest process) PostgreSQL is reached without the connection pool (see below).

``DATABASE_URL`` / ``CELERY_BROKER_URL`` / ``REDIS_URL`` from the environment are honoured, so the
same suite runs on PostgreSQL and Redis (see .ci/run). A service that is down makes tests fail.
"""

import base64
import hashlib
import os
from pathlib import Path

# pytest-xdist: each of a run's worker processes (``PYTEST_XDIST_WORKER`` = gw0, gw1, ...) is a run
# of its own: its own folder, filesystem broker and queues (the run id gets the worker's name),
# its own PostgreSQL test database (``test_<name>_gw0``) and Redis database (REDIS_URL's number
# plus the worker's). The xdist controller set the run's variables before it started the workers;
# each worker replaces them once (``HEARTS_TEST_XDIST_WORKER`` marks it done), and the processes a
# test starts inherit the worker's and keep what they are given.
_XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
_BASE_VAR = Path(os.environ.get("HEARTS_VAR_DIR") or Path(__file__).resolve().parent.parent / "var")


def _redis_url_of_worker(url: str, worker: str) -> str:
    """REDIS_URL with the database number moved up by the xdist worker's index, past the
    numbers the broker and the result backend use on the same server: the suite FLUSHes its
    cache database before every test, which must empty neither another worker's nor a queue."""
    from urllib.parse import urlsplit, urlunsplit

    def number(parts) -> int:
        return int(parts.path.strip("/") or 0)

    parts = urlsplit(url)
    taken = set()
    for name in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"):
        other = urlsplit(os.environ.get(name) or "")
        if other.scheme in ("redis", "rediss") and other.netloc == parts.netloc:
            taken.add(number(other))
    database, steps = number(parts), int(worker.removeprefix("gw"))
    while steps:
        database += 1
        steps -= database not in taken
    return urlunsplit(parts._replace(path=f"/{database}"))


if _XDIST_WORKER and os.environ.get("HEARTS_TEST_XDIST_WORKER") != _XDIST_WORKER:
    os.environ["HEARTS_TEST_XDIST_WORKER"] = _XDIST_WORKER
    _controller = os.environ.get("HEARTS_TEST_RUN_ID")
    os.environ["HEARTS_TEST_RUN_ID"] = f"{_controller or os.getpid()}-{_XDIST_WORKER}"
    _controller_dir = (_BASE_VAR / "test-runs" / str(_controller)).resolve()
    for _name, _leaf in (("CELERY_BROKER_DIR", "broker"), ("CELERY_RESULTS_DIR", "celery-results")):
        if os.environ.get(_name) == str(_controller_dir / _leaf):  # not a folder one chose
            del os.environ[_name]
    if os.environ.get("REDIS_URL"):
        os.environ["REDIS_URL"] = _redis_url_of_worker(os.environ["REDIS_URL"], _XDIST_WORKER)

_RUN_ID = os.environ.setdefault("HEARTS_TEST_RUN_ID", str(os.getpid()))
TEST_RUN_DIR = (_BASE_VAR / "test-runs" / _RUN_ID).resolve()
TEST_RUN_DIR.mkdir(parents=True, exist_ok=True)

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-" + "x" * 40)
# A fixed test signing key (derived, so it is the same in the worker processes the tests start).
os.environ.setdefault(
    "HEARTS_SIGNING_KEY",
    base64.b64encode(hashlib.sha256(b"hearts test-only signing key").digest()).decode(),
)
os.environ.setdefault("CELERY_BROKER_DIR", str(TEST_RUN_DIR / "broker"))
os.environ.setdefault("CELERY_RESULTS_DIR", str(TEST_RUN_DIR / "celery-results"))

from hearts_api.settings import *  # noqa: E402, F403
from hearts_api.settings import DATABASES, celery_queues, celery_routes  # noqa: E402

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["TEST"] = {"NAME": str(TEST_RUN_DIR / "test-db.sqlite3")}
elif _XDIST_WORKER:
    # pytest-django's own xdist suffix is turned off (tests/conftest.py) so that the processes a
    # test starts, which read only these settings, open the same database as the test.
    DATABASES["default"]["TEST"]["NAME"] += f"_{_XDIST_WORKER}"

if os.environ.get("HEARTS_TEST_WORKER") == "1":
    DATABASES["default"]["NAME"] = DATABASES["default"]["TEST"]["NAME"]
else:
    # The pytest process itself opens plain connections, not the PostgreSQL pool: test code uses
    # the ORM from short-lived threads (asyncio.to_thread, executors) that never give their
    # connection back, which drains a pool. The servers and workers the tests start
    # (HEARTS_TEST_WORKER=1) use the pool, as in production.
    DATABASES["default"].get("OPTIONS", {}).pop("pool", None)

# One queue per test run; HEARTS_TEST_QUEUE gives a server and a worker that a test starts a
# queue of their own (nobody else's worker takes their tasks).
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("HEARTS_TEST_QUEUE") or f"hearts-test-{_RUN_ID}"
# ... and the feed syncs' queue next to it (both consumed by a worker started without --queues).
HEARTS_FEED_SYNC_QUEUE = os.environ.get(
    "HEARTS_FEED_SYNC_QUEUE", f"{CELERY_TASK_DEFAULT_QUEUE}-feeds"
)
CELERY_TASK_QUEUES = celery_queues(CELERY_TASK_DEFAULT_QUEUE, HEARTS_FEED_SYNC_QUEUE)
CELERY_TASK_ROUTES = celery_routes(HEARTS_FEED_SYNC_QUEUE)
# Feeds projected in the committing process: with production's "task", every move of every test
# would send a projection to the run's worker, which then writes the test database while a
# transactional test's teardown truncates it (a deadlock). The tests of the task path set
# "task" themselves (tests/notifications/test_webhook_worker.py, tests/perf/test_query_counts.py).
NOTIFICATIONS_FEED_SYNC = os.environ.get("NOTIFICATIONS_FEED_SYNC") or "inline"
CELERY_BEAT_SCHEDULE_FILENAME = str(TEST_RUN_DIR / "celerybeat-schedule")

# Tests run with DEBUG off (like production) but over plain HTTP and without collectstatic.
SECURE_SSL_REDIRECT = False
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
