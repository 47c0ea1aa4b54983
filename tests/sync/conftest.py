"""Real ASGI servers for the live-sync tests.

``spawn_asgi_server()`` runs ``uvicorn hearts_api.asgi:application`` in a subprocess on a free
port (``wait_until_ready()`` waits for several at once), against the *test* database of this run
(``HEARTS_TEST_WORKER=1``, as the Celery worker fixture does) and the configured Redis. Tests that
talk to a server must commit their data (``transactional_db``): the server's connections cannot
see the test's open transaction.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from django.conf import settings

REPO_ROOT = Path(__file__).resolve().parents[2]
SERVER_READY_TIMEOUT_S = 30.0
SLOW_KEEPALIVE_S = 30


@dataclass
class AsgiServer:
    process: subprocess.Popen
    port: int
    log_path: Path
    name: str

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(**extra: str) -> dict[str, str]:
    env = os.environ.copy()
    env.update(
        DJANGO_SETTINGS_MODULE="hearts_api.settings_test",
        HEARTS_TEST_WORKER="1",  # the default database is this run's *test* database
        HEARTS_TEST_RUN_ID=os.environ["HEARTS_TEST_RUN_ID"],
        ALLOWED_HOSTS="127.0.0.1,localhost",
        PYTHONUNBUFFERED="1",
        PYTHONPATH=os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")])),
        # The same throttle rates as the suite (a load of moves must not be throttled).
        THROTTLE_ANON="100000/min",
        THROTTLE_USER="100000/min",
        THROTTLE_MOVES="100000/min",
        THROTTLE_SIGNUP="100000/min",
        THROTTLE_BOT="100000/min",
    )
    env.update(extra)
    return env


_counter = 0


def spawn_asgi_server(name: str = "web", *, port: int | None = None, **env: str) -> AsgiServer:
    """Start uvicorn; ``wait_until_ready`` before use (spawn several, then wait for all).
    ``port``: the port of a server restarted in place (default: a free one)."""
    global _counter
    _counter += 1
    run_dir = Path(settings.TEST_RUN_DIR)
    run_dir.mkdir(parents=True, exist_ok=True)
    port = port or _free_port()
    log_path = run_dir / f"uvicorn-{name}-{_counter}.log"
    cmd = [
        sys.executable, "-m", "uvicorn", "hearts_api.asgi:application",
        "--host", "127.0.0.1", "--port", str(port),
        "--lifespan", "off", "--no-access-log", "--log-level", "warning",
    ]  # fmt: skip
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            cmd, cwd=REPO_ROOT, env=server_env(**env), stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
    return AsgiServer(process=process, port=port, log_path=log_path, name=name)


def wait_until_ready(*servers: AsgiServer) -> None:
    deadline = time.monotonic() + SERVER_READY_TIMEOUT_S
    pending = list(servers)
    while pending and time.monotonic() < deadline:
        for server in list(pending):
            if server.process.poll() is not None:
                for s in servers:
                    s.stop()
                pytest.fail(
                    f"uvicorn {server.name} exited early:\n{server.log_text()}", pytrace=False
                )
            try:
                # Any answer from Django (404 for this unknown game) means the app is loaded.
                r = httpx.get(f"{server.base_url}/api/v1/games/ready-probe/events/", timeout=2)
                if r.status_code == 404:
                    pending.remove(server)
            except httpx.TransportError:
                pass
        time.sleep(0.05)
    if pending:
        for s in servers:
            s.stop()
        pytest.fail(f"uvicorn {pending[0].name} not ready:\n{pending[0].log_text()}", pytrace=False)


def start_asgi_servers(*names: str, **env: str) -> list[AsgiServer]:
    servers = [spawn_asgi_server(name, **env) for name in names]
    wait_until_ready(*servers)
    return servers


@pytest.fixture(scope="session")
def asgi_servers(django_db_setup, django_db_blocker):
    """Two web processes on the same database and Redis.

    ``a`` sends keep-alives every second (keep-alive tests); ``b`` every 30 s, so an event that a
    stream on ``b`` receives within seconds was delivered by a wake-up, not by the re-read that
    each keep-alive tick also does.
    """
    servers = [
        spawn_asgi_server("a", HEARTS_STREAM_KEEPALIVE_S="1"),
        spawn_asgi_server("b", HEARTS_STREAM_KEEPALIVE_S=str(SLOW_KEEPALIVE_S)),
    ]
    wait_until_ready(*servers)
    try:
        yield servers
    finally:
        for server in servers:
            server.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if report.failed and hasattr(item, "funcargs"):
        for server in item.funcargs.get("asgi_servers") or []:
            report.sections.append((f"uvicorn {server.name} log (tail)", server.log_text()[-8000:]))
    return report
