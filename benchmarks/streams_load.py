"""Open SSE streams vs. the latency of moves, on ONE ASGI (uvicorn) process.

Question: do a few hundred open ``games/{id}/stream/`` connections starve the requests that carry
moves? The script times move POSTs (passes and plays of a real game, through the HTTP API) in
three phases:

1. ``baseline``: no stream open;
2. ``idle``: N streams open on *other* games (they only send keep-alives);
3. ``watching``: N streams open on the game being played: every move wakes all N streams, each
   reads and sends the new event (redacted per caller); also reports how long the event takes to
   reach the streams after the POST returned.

Usage (from the repository root)::

    .venv/bin/python benchmarks/streams_load.py                  # spawns uvicorn, 300 streams
    .venv/bin/python benchmarks/streams_load.py --streams 500 --moves 40
    .venv/bin/python benchmarks/streams_load.py --url http://127.0.0.1:8000   # a running server

Without ``--url`` it starts one uvicorn process (``hearts_api.asgi``) on a free port, on a fresh
SQLite database in a temporary folder unless ``DATABASE_URL`` is set; ``REDIS_URL`` (if set)
selects the Redis wake-up backend, else the database-polling fallback is used. The load generator
runs on the same machine: compare the phases as ratios within one run.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import httpx

REPO_ROOT = Path(__file__).resolve().parent.parent
API = "/api/v1"


# --------------------------------------------------------------------------- HTTP helpers
def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Token {token}"}


async def sign_up(client: httpx.AsyncClient, prefix: str) -> str:
    response = await client.post(
        f"{API}/players/",
        json={"username": f"{prefix}-{uuid.uuid4().hex[:10]}", "password": "load-test-pass-9x"},
    )
    response.raise_for_status()
    return response.json()["token"]


async def new_table(client: httpx.AsyncClient, tokens: list[str]) -> str:
    """A started classic game with ``tokens[s]`` at seat ``s``."""
    created = await client.post(
        f"{API}/games/", json={"preset": "classic"}, headers=_auth(tokens[0])
    )
    created.raise_for_status()
    game_id = created.json()["game_id"]
    for seat, token in enumerate(tokens[1:], start=1):
        taken = await client.post(
            f"{API}/games/{game_id}/seats/", json={"seat": seat}, headers=_auth(token)
        )
        taken.raise_for_status()
    started = await client.post(f"{API}/games/{game_id}/start/", json={}, headers=_auth(tokens[0]))
    started.raise_for_status()
    return game_id


async def next_move(client: httpx.AsyncClient, game_id: str, tokens: list[str]):
    """(seat, path, body) of a legal move of the seat to act (reads are not timed)."""
    public = (await client.get(f"{API}/games/{game_id}/")).json()
    seat = public["to_act"][0]
    game = (await client.get(f"{API}/games/{game_id}/", headers=_auth(tokens[seat]))).json()
    view = game["view"]
    if view["phase"] == "passing":
        return seat, f"{API}/games/{game_id}/passes/", {"cards": view["hand"][: view["pass_count"]]}
    if view["phase"] == "playing":
        return seat, f"{API}/games/{game_id}/plays/", {"card": view["legal_cards"][0]}
    raise RuntimeError(f"unexpected phase {view['phase']!r}")


async def timed_moves(
    client: httpx.AsyncClient, game_id: str, tokens: list[str], count: int
) -> list[tuple[int, float, float]]:
    """Play ``count`` moves; (seq, seconds the POST took, monotonic time it returned)."""
    out = []
    for _ in range(count):
        seat, path, body = await next_move(client, game_id, tokens)
        started = time.monotonic()
        response = await client.post(path, json=body, headers=_auth(tokens[seat]))
        done = time.monotonic()
        if response.status_code != 200:
            raise RuntimeError(f"move refused: {response.status_code} {response.text[:300]}")
        out.append((response.json()["seq"], done - started, done))
    return out


# --------------------------------------------------------------------------- streams
STREAMS_PER_WATCHER = 10


@dataclass
class StreamPool:
    """``count`` open SSE streams; records when each event (by seq) reaches each stream. Stream
    ``i`` is opened with ``tokens[i % len(tokens)]`` (none: anonymous)."""

    base_url: str
    game_ids: list[str]
    count: int
    tokens: list[str] = field(default_factory=list)
    arrivals: dict[str, dict[int, list[float]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(list))
    )
    opened: int = 0
    errors: list[str] = field(default_factory=list)

    async def __aenter__(self) -> StreamPool:
        limits = httpx.Limits(max_connections=self.count + 10, max_keepalive_connections=0)
        self._client = httpx.AsyncClient(
            base_url=self.base_url, limits=limits, timeout=httpx.Timeout(30, read=None)
        )
        self._ready = asyncio.Event()
        self._tasks = [
            asyncio.create_task(
                self._one(
                    self.game_ids[i % len(self.game_ids)],
                    self.tokens[i % len(self.tokens)] if self.tokens else None,
                )
            )
            for i in range(self.count)
        ]
        started = time.monotonic()
        await asyncio.wait_for(self._ready.wait(), 120)
        self.open_seconds = time.monotonic() - started
        return self

    async def __aexit__(self, *exc) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self._client.aclose()

    async def _one(self, game_id: str, token: str | None) -> None:
        headers = {"Accept": "text/event-stream"}
        if token:
            headers.update(_auth(token))
        try:
            async with self._client.stream(
                "GET", f"{API}/games/{game_id}/stream/", headers=headers
            ) as response:
                if response.status_code != 200:
                    self.errors.append(f"{response.status_code}")
                    self._count_open()
                    return
                event, seq = None, None
                async for line in response.aiter_lines():
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("id: "):
                        seq = int(line[4:])
                    elif line == "":
                        if event == "view":
                            self._count_open()
                        elif event is not None and seq is not None:
                            self.arrivals[game_id][seq].append(time.monotonic())
                        event, seq = None, None
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # reported, not raised: the run goes on
            self.errors.append(repr(exc))
            self._count_open()

    def _count_open(self) -> None:
        self.opened += 1
        if self.opened >= self.count:
            self._ready.set()


# --------------------------------------------------------------------------- measurement
def summary(values: list[float]) -> dict[str, float]:
    ms = sorted(v * 1000 for v in values)
    if not ms:
        return {}

    def pct(p: float) -> float:
        return ms[min(len(ms) - 1, round(p * (len(ms) - 1)))]

    return {
        "n": len(ms),
        "p50_ms": round(statistics.median(ms), 1),
        "p95_ms": round(pct(0.95), 1),
        "max_ms": round(ms[-1], 1),
        "mean_ms": round(statistics.fmean(ms), 1),
    }


async def run_load(base_url: str, *, streams: int, moves: int, idle_games: int = 25) -> dict:
    """The three phases against a running server; returns the figures as a dict."""
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as client:
        tokens = [await sign_up(client, f"load{s}") for s in range(4)]
        # Spectators, each holding STREAMS_PER_WATCHER streams: under the per-user cap of open
        # streams (HEARTS_STREAM_MAX_PER_USER, 20), as many people watching would be.
        watchers = [
            await sign_up(client, f"watcher{w}") for w in range(-(-streams // STREAMS_PER_WATCHER))
        ]
        game_id = await new_table(client, tokens)
        others = [await new_table(client, tokens) for _ in range(max(1, idle_games))]

        result: dict = {"streams": streams, "moves_per_phase": moves, "base_url": base_url}
        await timed_moves(client, game_id, tokens, 2)  # warm-up (connections, caches)

        baseline = await timed_moves(client, game_id, tokens, moves)
        result["baseline"] = summary([t for _, t, _ in baseline])

        async with StreamPool(base_url, others, streams, tokens=watchers) as pool:
            result["idle_open_s"] = round(pool.open_seconds, 2)
            idle = await timed_moves(client, game_id, tokens, moves)
            result["idle"] = summary([t for _, t, _ in idle])
            result["idle_errors"] = len(pool.errors)

        async with StreamPool(base_url, [game_id], streams, tokens=watchers) as pool:
            result["watching_open_s"] = round(pool.open_seconds, 2)
            watching = await timed_moves(client, game_id, tokens, moves)
            await asyncio.sleep(1.0)  # let the last event reach every stream
            result["watching"] = summary([t for _, t, _ in watching])
            delivery, missing = [], 0
            for seq, _took, done in watching:
                arrived = pool.arrivals[game_id].get(seq, [])
                missing += streams - len(arrived)
                delivery += [max(0.0, a - done) for a in arrived]
            result["delivery_after_post"] = summary(delivery)
            result["deliveries_missing"] = missing
            result["watching_errors"] = len(pool.errors)
        return result


# --------------------------------------------------------------------------- server
def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def spawn_server(var_dir: Path) -> tuple[subprocess.Popen, str]:
    env = os.environ.copy()
    env.setdefault("SECRET_KEY", "benchmark-only-" + "x" * 40)
    env.setdefault("HEARTS_SIGNING_KEY", base64.b64encode(os.urandom(32)).decode())
    env.update(
        HEARTS_VAR_DIR=str(var_dir),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        THROTTLE_ANON="1000000/min",
        THROTTLE_USER="1000000/min",
        THROTTLE_MOVES="1000000/min",
        THROTTLE_SIGNUP="1000000/min",
        PYTHONPATH=str(REPO_ROOT),
    )
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=REPO_ROOT, env=env, check=True,
    )  # fmt: skip
    port = _free_port()
    log = (var_dir / "uvicorn.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "hearts_api.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--lifespan", "off", "--no-access-log", "--log-level", "warning"],
        cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError((var_dir / "uvicorn.log").read_text())
        try:
            httpx.get(f"{base}/health/", timeout=2)
            return process, base
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("uvicorn did not start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: spawn uvicorn)")
    parser.add_argument("--streams", type=int, default=300)
    parser.add_argument("--moves", type=int, default=30, help="timed moves per phase")
    parser.add_argument("--idle-games", type=int, default=25)
    args = parser.parse_args()

    process = None
    tmp = None
    base_url = args.url
    if not base_url:
        tmp = tempfile.TemporaryDirectory(prefix="hearts-streams-load-")
        process, base_url = spawn_server(Path(tmp.name))
    try:
        result = asyncio.run(
            run_load(base_url, streams=args.streams, moves=args.moves, idle_games=args.idle_games)
        )
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=20)
        if tmp is not None:
            tmp.cleanup()
    if args.url:
        result["backend"] = "the server's"
    else:  # as games.streams.backends.live_backend() chooses it for the spawned server
        database_url = os.environ.get("DATABASE_URL", "")
        result["backend"] = os.environ.get("HEARTS_LIVE_BACKEND") or (
            "redis"
            if os.environ.get("REDIS_URL")
            else "postgres"
            if database_url.startswith(("postgres", "postgresql"))
            else "polling"
        )
    result["database"] = (os.environ.get("DATABASE_URL") or "sqlite").split("@")[-1]
    sys.stdout.write(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
