"""A throwaway Hearts stack on loopback for the long reliability scripts (fuzz_api.py, soak.py).

``Stack(database_url, redis_url, servers=N, workers=M)`` migrates the database, then starts N
``uvicorn hearts_api.asgi:application`` processes and M ``celery worker`` processes (the first
with embedded beat: the stalled-AI sweeper) on 127.0.0.1, with DEBUG=0 production settings,
throttle rates raised (a load must not be answered 429) and no HTTPS redirect (plain HTTP on
loopback). Everything it starts is stopped by ``close()``; logs go to its own folder.

Databases: SQLite by default (a file in the stack's folder). A PostgreSQL URL must name a
database whose name contains ``reliability``: it is dropped and recreated (never anything else).
Redis (optional, broker + cache + live sync): a URL with a database number you dedicate to the
run; it is flushed. Without Redis the filesystem broker lives in the stack's folder.
"""

from __future__ import annotations

import base64
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx

REPO_ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def recreate_postgres_database(url: str) -> None:
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if "reliability" not in name:
        raise SystemExit(f"refusing to drop database {name!r}: its name must contain 'reliability'")
    admin = urlunsplit(parts._replace(scheme="postgresql", path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def flush_redis(url: str) -> None:
    import redis

    redis.Redis.from_url(url).flushdb()


class Stack:
    def __init__(
        self,
        *,
        database_url: str | None,
        redis_url: str | None,
        servers: int = 1,
        workers: int = 0,
        extra_env: dict[str, str] | None = None,
        beat: str = "embedded",
        results_url: str | None = None,
        cache_url: str | None = None,
    ) -> None:
        """``beat``: ``"embedded"`` (the first worker runs it, ``-B``) or ``"separate"`` (its own
        ``celery beat`` process, as in docker-compose: a worker killed takes no beat with it).
        ``results_url`` / ``cache_url``: other Redis databases for results and the cache (both
        default to ``redis_url``)."""
        self.dir = Path(tempfile.mkdtemp(prefix="hearts-reliability-", dir=REPO_ROOT / "var"))
        self.processes: list[tuple[str, subprocess.Popen]] = []
        env = os.environ.copy()
        for name in ("DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL", "CELERY_RESULT_BACKEND"):
            env.pop(name, None)
        env.update(
            DJANGO_SETTINGS_MODULE="hearts_api.settings",
            DEBUG="0",
            SECRET_KEY="reliability-run-only-" + "k" * 40,
            # One signing key for every process of the stack (games/signing.py).
            HEARTS_SIGNING_KEY=env.get("HEARTS_SIGNING_KEY")
            or base64.b64encode(os.urandom(32)).decode(),
            ALLOWED_HOSTS="127.0.0.1,localhost",
            SECURE_SSL_REDIRECT="0",
            SESSION_COOKIE_SECURE="0",
            CSRF_COOKIE_SECURE="0",
            HEARTS_VAR_DIR=str(self.dir),
            THROTTLE_ANON="1000000/min",
            THROTTLE_USER="1000000/min",
            THROTTLE_MOVES="1000000/min",
            THROTTLE_SIGNUP="1000000/min",
            THROTTLE_TOKEN="1000000/min",
            HEARTS_AI_STALL_AFTER_S="5",
            HEARTS_AI_SWEEP_EVERY_S="2",
            LOG_LEVEL="WARNING",
            PYTHONUNBUFFERED="1",
            PYTHONPATH=str(REPO_ROOT),
        )
        if database_url:
            if database_url.startswith("postgres"):
                recreate_postgres_database(database_url)
            env["DATABASE_URL"] = database_url
        if redis_url:
            for url in {redis_url, results_url or redis_url, cache_url or redis_url}:
                flush_redis(url)
            env.update(
                CELERY_BROKER_URL=redis_url,
                CELERY_RESULT_BACKEND=results_url or redis_url,
                REDIS_URL=cache_url or redis_url,
            )
        env.update(extra_env or {})
        self.env = env
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=REPO_ROOT, env=env, check=True,
        )  # fmt: skip
        self.base_urls = [self._uvicorn(i) for i in range(servers)]
        for i in range(workers):
            self._worker(i, beat=beat == "embedded" and i == 0)
        if beat == "separate":
            self._spawn("beat", [
                sys.executable, "-m", "celery", "-A", "hearts_api", "beat", "--loglevel",
                "WARNING", "--schedule", str(self.dir / "celerybeat-schedule"),
            ])  # fmt: skip
        self._wait_ready()

    def _spawn(self, name: str, cmd: list[str]) -> None:
        log = (self.dir / f"{name}.log").open("wb")
        env = dict(self.env)
        if env.get("DATABASE_URL", "").startswith("postgres"):
            # Each process's connections carry its name (pg_stat_activity.application_name), so
            # a test can tell which worker holds a transaction open.
            url = env["DATABASE_URL"]
            env["DATABASE_URL"] = f"{url}{'&' if '?' in url else '?'}application_name={name}"
        process = subprocess.Popen(
            cmd, cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        self.processes.append((name, process))

    def _uvicorn(self, i: int) -> str:
        port = free_port()
        self._spawn(f"web{i}", [
            sys.executable, "-m", "uvicorn", "hearts_api.asgi:application", "--host", "127.0.0.1",
            "--port", str(port), "--lifespan", "off", "--no-access-log", "--log-level", "warning",
        ])  # fmt: skip
        return f"http://127.0.0.1:{port}"

    def _worker(self, i: int, *, beat: bool) -> None:
        cmd = [
            sys.executable, "-m", "celery", "-A", "hearts_api", "worker", "--loglevel", "WARNING",
            "--pool", "solo", "--hostname", f"reliability{i}-{os.getpid()}@%h",
            "--without-gossip", "--without-mingle", "--without-heartbeat",
        ]  # fmt: skip
        if beat:
            cmd += ["--beat", "--schedule", str(self.dir / "celerybeat-schedule")]
        self._spawn(f"worker{i}", cmd)

    def _wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        pending = list(self.base_urls)
        while pending and time.monotonic() < deadline:
            for name, process in self.processes:
                if process.poll() is not None:
                    raise RuntimeError(f"{name} exited: {self.log(name)[-3000:]}")
            for url in list(pending):
                try:
                    if httpx.get(f"{url}/api/v1/rules/presets/", timeout=2).status_code == 200:
                        pending.remove(url)
                except httpx.TransportError:
                    pass
            time.sleep(0.2)
        if pending:
            raise RuntimeError(f"server not ready: {pending}")
        time.sleep(2)  # workers: connected to the broker by now

    def add_worker(self) -> str:
        """Start one more worker (e.g. in place of one that was killed); returns its name."""
        i = len(self.names("worker"))
        self._worker(i, beat=False)
        return f"worker{i}"

    def process(self, name: str) -> subprocess.Popen:
        return dict(self.processes)[name]

    def names(self, prefix: str) -> list[str]:
        return [name for name, _ in self.processes if name.startswith(prefix)]

    def kill(self, name: str) -> None:
        """``kill -9`` of one process of the stack (a worker, a web process)."""
        process = self.process(name)
        os.kill(process.pid, 9)
        process.wait(timeout=10)

    def exited(self) -> list[str]:
        """The processes that are no longer running."""
        return [f"{n} (exit {p.returncode})" for n, p in self.processes if p.poll() is not None]

    def log(self, name: str) -> str:
        return (self.dir / f"{name}.log").read_text(errors="replace")

    def manage(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "manage.py", *args], cwd=REPO_ROOT, env=self.env,
            capture_output=True, text=True,
        )  # fmt: skip

    def error_lines(self) -> list[str]:
        """ERROR / CRITICAL log lines and tracebacks of every process, and any process that
        died before ``close()`` (a worker's "Unrecoverable error" stops it)."""
        out = []
        for name, process in self.processes:
            out += [
                f"{name}: {line}"
                for line in self.log(name).splitlines()
                if any(word in line for word in ("ERROR", "CRITICAL", "Traceback"))
            ]
            if process.poll() is not None:
                out.append(f"{name}: exited early with code {process.returncode}")
        return out

    def close(self) -> None:
        for _, process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, 15)
        for _, process in self.processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, 9)
                process.wait(timeout=10)
