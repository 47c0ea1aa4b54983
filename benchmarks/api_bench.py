"""The API against the floor of its own stack, in one run (docs/benchmarks.md).

Usage (from the repository root; PostgreSQL and Redis on loopback)::

    .venv/bin/python benchmarks/api_bench.py                 # the full run, about 4 minutes
    .venv/bin/python benchmarks/api_bench.py --quick         # shorter phases, a smoke test

It starts its own processes, in the production configuration of docker-compose: gunicorn with
``uvicorn_worker.UvicornWorker`` and 2 workers, DEBUG=0, a benchmark SECRET_KEY, a dedicated
PostgreSQL database (``--database``, dropped and recreated every run) and a dedicated Redis
database number (``--redis``, flushed every run) for the broker, results, cache and live sync,
plus ``celery worker --concurrency 2``. Settings: ``benchmarks.bench_settings`` (production
settings + the floor endpoint ``benchmarks.floor``, raised throttle rates, no HTTPS redirect).

Phases (each concurrency level bounded in time, loopback only):

1. floor and plays, c = 1, 8, 32: the floor ``POST /bench/floor/`` (token auth, lock one row,
   insert one row) against ``POST games/{id}/plays/`` over many games (each client round-robins
   over its own games, moves planned in advance from the dealt hands), in ``--rounds``
   interleaved rounds per level (floor, play, play, floor, ...), pooled per kind;
2. views: ``GET games/{id}/`` of a new game and of a game with 1,000+ events, c = 1, 8, 32, in
   ``--rounds`` interleaved rounds per level (new, long, long, new, ...), pooled per game;
3. bare Celery round trip: ``.delay()`` of a task inserting one row until the row is visible;
4. AI turnaround: one human and three heuristic AI seats; from the acknowledged play to the
   human's next turn (read model committed), median and p95;
5. throughput: AI-only heuristic games started together, complete games per minute;
6. where time goes: queries per play early and late in a long game, cProfile of plays through
   Django's test client in this process.

Results: a table on stdout (figures, ratios, targets met or not) and JSON in var/benchmarks/.
All targets are ratios within one run: the machine may be shared.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import cProfile
import io
import json
import math
import os
import platform
import pstats
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

REPO_ROOT = Path(__file__).resolve().parent.parent
API = "/api/v1"
LEVELS = (1, 8, 32)
PLAYS_PER_HAND = 52


# --------------------------------------------------------------------------- configuration
def say(*parts: Any) -> None:
    sys.stdout.write(" ".join(str(p) for p in parts) + "\n")
    sys.stdout.flush()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432", help="server URL")
    p.add_argument("--database", default="hearts_bench", help="dropped and recreated")
    p.add_argument("--redis", default="redis://127.0.0.1:6379/5", help="flushed every run")
    p.add_argument("--duration", type=float, default=6.0, help="seconds per concurrency level")
    p.add_argument("--warmup", type=float, default=1.0, help="seconds before each measure")
    p.add_argument(
        "--rounds",
        "--view-rounds",
        dest="rounds",
        type=int,
        default=4,
        help="interleaved rounds per level, each a block of the floor and one of the plays, then "
        "each a block of the new game's view and one of the long game's (duration/rounds s "
        "each, after warmup/rounds s), in alternating order (--view-rounds: the former name)",
    )
    p.add_argument("--play-games", type=int, default=64, help="planned games for the plays")
    p.add_argument("--long-events", type=int, default=1000, help="events of the long game")
    p.add_argument("--turnarounds", type=int, default=40, help="AI turnaround samples")
    p.add_argument("--celery-trips", type=int, default=60, help="bare Celery round trips")
    p.add_argument("--ai-games", type=int, default=4, help="AI-only games for throughput")
    p.add_argument("--ai-window", type=float, default=75.0, help="seconds for the AI games")
    p.add_argument(
        "--conn-max-age",
        default="0",
        help="DB_CONN_MAX_AGE of the servers; 'default' keeps the settings' default (0; 60 s "
        "leaked a connection per request thread under ASGI, docs/benchmarks.md)",
    )
    p.add_argument(
        "--db-pool",
        default="default",
        help="DB_POOL_MAX of the servers and of this process: 'default' keeps the settings' "
        "default (a psycopg pool of 10 per process); 0 turns the pool off (then "
        "--conn-max-age applies)",
    )
    p.add_argument("--quick", action="store_true", help="short phases (smoke test)")
    p.add_argument("--out", default=str(REPO_ROOT / "var" / "benchmarks"))
    args = p.parse_args(argv)
    if args.rounds < 1:
        p.error("--rounds must be at least 1")
    if args.quick:
        args.duration, args.warmup, args.long_events, args.play_games = 2.0, 0.3, 300, 40
        args.turnarounds, args.celery_trips, args.ai_games, args.ai_window = 10, 20, 2, 20.0
    return args


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def bench_env(args: argparse.Namespace) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HEARTS_TEST", "DJANGO_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="benchmarks.bench_settings",
        PYTHONPATH=str(REPO_ROOT),
        DEBUG="0",
        SECRET_KEY="benchmark-only-secret-key-" + "b" * 40,
        HEARTS_SIGNING_KEY=os.environ.get("HEARTS_SIGNING_KEY")
        or base64.b64encode(os.urandom(32)).decode(),
        ALLOWED_HOSTS="127.0.0.1,localhost,testserver",
        DATABASE_URL=f"{args.pg.rstrip('/')}/{args.database}",
        CELERY_BROKER_URL=args.redis,
        CELERY_RESULT_BACKEND=args.redis,
        REDIS_URL=args.redis,
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        LOG_LEVEL="WARNING",
        HEARTS_AI_THINK_DELAY_MS="0",
    )
    if args.conn_max_age != "default":
        env["DB_CONN_MAX_AGE"] = str(args.conn_max_age)
    else:
        env.pop("DB_CONN_MAX_AGE", None)
    if args.db_pool != "default":
        env["DB_POOL_MAX"] = str(int(args.db_pool))
    else:
        env.pop("DB_POOL_MAX", None)
    return env


def recreate_database(args: argparse.Namespace) -> None:
    import psycopg

    with psycopg.connect(f"{args.pg.rstrip('/')}/postgres", autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
            [args.database],
        )
        conn.execute(f'DROP DATABASE IF EXISTS "{args.database}"')
        conn.execute(f'CREATE DATABASE "{args.database}"')


def flush_redis(url: str) -> None:
    import redis

    redis.Redis.from_url(url).flushdb()


# --------------------------------------------------------------------------- processes
@dataclass
class Stack:
    env: dict[str, str]
    log_dir: Path
    port: int = 0
    procs: list[subprocess.Popen] = field(default_factory=list)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _spawn(self, name: str, cmd: list[str]) -> subprocess.Popen:
        log = open(self.log_dir / f"{name}.log", "wb")  # noqa: SIM115 - lives with the process
        proc = subprocess.Popen(
            cmd,
            cwd=REPO_ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.procs.append(proc)
        return proc

    def start(self) -> None:
        bin_dir = Path(sys.executable).parent
        self.port = free_port()
        self._spawn(
            "gunicorn",
            [
                str(bin_dir / "gunicorn"),
                "hearts_api.asgi:application",
                "--worker-class",
                "uvicorn_worker.UvicornWorker",
                "--workers",
                "2",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--graceful-timeout",
                "5",
            ],
        )
        self._spawn(
            "celery",
            [
                str(bin_dir / "celery"),
                "-A",
                "hearts_api",
                "worker",
                "--concurrency",
                "2",
                "--loglevel",
                "WARNING",
                "--without-gossip",
                "--without-mingle",
                "--hostname",
                f"bench-{os.getpid()}@%h",
            ],
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            for proc in self.procs:
                if proc.poll() is not None:
                    raise SystemExit(f"a server process exited: see {self.log_dir}")
            try:
                if httpx.get(self.base_url + "/health/", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        raise SystemExit(f"server not healthy after 60 s: see {self.log_dir}")

    def stop(self) -> None:
        import signal

        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def db_connections() -> int:
    """Open connections to the benchmark database, other than this process's own."""
    from django.db import connections

    with connections["default"].cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [DB_NAME[0]],
        )
        return cursor.fetchone()[0]


DB_NAME = ["hearts_bench"]


# --------------------------------------------------------------------------- statistics
def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


@dataclass
class LoadResult:
    label: str
    concurrency: int
    requests: int
    errors: int
    seconds: float
    latencies_ms: list[float]
    statuses: dict[int, int] = field(default_factory=dict)
    peak_db_connections: int = 0

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def summary(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "concurrency": self.concurrency,
            "requests": self.requests,
            "errors": self.errors,
            "seconds": round(self.seconds, 3),
            "rps": round(self.rps, 1),
            "p50_ms": round(pct(self.latencies_ms, 0.50), 2),
            "p99_ms": round(pct(self.latencies_ms, 0.99), 2),
            "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
            "peak_db_connections": self.peak_db_connections,
        }


def run_load(
    label: str,
    base_url: str,
    workers: list,
    *,
    duration: float,
    warmup: float,
    clients: list[httpx.Client] | None = None,
) -> LoadResult:
    """``workers[i](client)`` makes one request and returns True if it succeeded, or None when it
    has nothing left to do. Each runs in its own thread with its own keep-alive client; only
    requests that start after the warm-up and before the end are counted. ``clients[i]``, when
    given, is worker i's client instead, open and left open (``level_clients``)."""
    start_at = time.monotonic() + warmup
    stop_at = start_at + duration
    lock = threading.Lock()
    latencies: list[float] = []
    counts = {"ok": 0, "errors": 0}
    statuses: dict[int, int] = {}
    last_end = [start_at]
    connections = [0]

    def sample_connections() -> None:
        """Peak of the server's open PostgreSQL connections to the benchmark database."""
        from django.db import OperationalError, connection

        while time.monotonic() < stop_at:
            try:
                connections[0] = max(connections[0], db_connections())
            except OperationalError:  # the server is out of connections: that is the peak
                connections[0] = max(connections[0], -1)
            time.sleep(0.2)
        connection.close()

    def measure(step, client: httpx.Client) -> None:
        while True:
            t0 = time.monotonic()
            if t0 >= stop_at:
                return
            code = step(client)
            t1 = time.monotonic()
            if code is None:
                return
            if t0 >= start_at:
                with lock:
                    latencies.append((t1 - t0) * 1000)
                    counts["ok" if code < 300 else "errors"] += 1
                    statuses[code] = statuses.get(code, 0) + 1
                    last_end[0] = max(last_end[0], t1)

    def loop(step, client: httpx.Client | None) -> None:
        if client is not None:
            measure(step, client)
            return
        with httpx.Client(base_url=base_url, timeout=30) as own:
            measure(step, own)

    per_worker = clients if clients is not None else [None] * len(workers)
    threads = [
        threading.Thread(target=loop, args=(w, c), daemon=True)
        for w, c in zip(workers, per_worker, strict=True)
    ]
    threads.append(threading.Thread(target=sample_connections, daemon=True))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # The window: requests started in it are counted, and the time is the window's (or up to the
    # last request when the workers ran out of work), never the drain after it.
    seconds = max(0.001, min(last_end[0], stop_at) - start_at)
    return LoadResult(
        label,
        len(workers),
        counts["ok"],
        counts["errors"],
        seconds,
        latencies,
        statuses,
        connections[0],
    )


# --------------------------------------------------------------------------- fixtures
def django_setup(env: dict[str, str]) -> None:
    os.environ.update(env)
    sys.path.insert(0, str(REPO_ROOT))
    import django

    django.setup()


def make_players(n: int, prefix: str) -> list[tuple[Any, str]]:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"{prefix}-{i}-{uuid.uuid4().hex[:6]}") for i in range(n)]
    )
    return [(u, Token.objects.create(user=u).key) for u in users]


def first_legal(agg: Any, seat: int) -> Any:
    from games import engine

    state = agg.state
    if agg.phase == "passing":
        return engine.PassCards(
            seat=seat, cards=frozenset(engine.legal_cards(state, seat)[: state.pass_count])
        )
    return engine.legal_moves(state, seat)[0]


def apply_move(game_id: Any, user: Any, move: Any) -> None:
    from games import engine, services

    if isinstance(move, engine.PassCards):
        services.game_pass_cards(game_id=game_id, user=user, cards=sorted(move.cards))
    elif isinstance(move, engine.PlayCard):
        services.game_play_card(game_id=game_id, user=user, card=move.card.code)
    else:
        services.game_choose_moon(game_id=game_id, user=user, choice=move.choice)


def drive(game_id: Any, users: list[Any], stop) -> Any:
    """Legal moves for the human seats through the services until ``stop(agg)``."""
    from games import store

    while True:
        agg = store.load(game_id).aggregate
        if agg.status == "finished" or stop(agg):
            return agg
        seat = agg.to_act[0]
        apply_move(game_id, users[seat], first_legal(agg, seat))


def human_game(players: list[tuple[Any, str]], *, target: int = 100) -> str:
    """Four human seats (players[s] at seat s), started."""
    from games import services

    users = [u for u, _ in players]
    created = services.game_create(user=users[0], preset="classic", overrides={"target": target})
    for seat, user in enumerate(users[1:], start=1):
        services.seat_take(game_id=created.game_id, user=user, seat=seat)
    services.game_start(game_id=created.game_id, user=users[0])
    return created.game_id


def mid_trick(agg: Any) -> bool:
    hand = agg.state.hand
    return agg.phase == "playing" and hand.trick_number >= 2 and len(hand.trick) == 1


def plan_hand(game_id: Any) -> list[tuple[int, str]]:
    """The plays (seat, card) that finish the current hand, computed from the dealt cards
    without touching the database: the load generator only replays them."""
    from games import aggregate as agg_mod
    from games import engine, store

    agg = store.load(game_id).aggregate
    plan = []
    while agg.phase == "playing":
        seat = agg.to_act[0]
        move = first_legal(agg, seat)
        plan.append((seat, move.card.code))
        for ev in engine.decide(agg.state, move):
            new = store.engine_event(ev, store.Actor.system())
            agg = agg_mod.evolve(agg, new.type, new.payload)
    return plan


@dataclass
class PlayGame:
    game_id: str
    tokens: list[str]
    plan: list[tuple[int, str]]
    next: int = 0


def play_games(count: int, tables: list[list[tuple[Any, str]]]) -> list[PlayGame]:
    """``count`` games at the first play of hand 1 (passes made), each with its planned hand."""
    out = []
    for i in range(count):
        players = tables[i % len(tables)]
        game_id = human_game(players)
        drive(game_id, [u for u, _ in players], lambda a: a.phase == "playing")
        out.append(PlayGame(str(game_id), [t for _, t in players], plan_hand(game_id)))
    return out


# --------------------------------------------------------------------------- phases
def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Token {token}"}


@contextlib.contextmanager
def level_clients(stack: Stack, c: int):
    """``c`` keep-alive clients built before a level's load starts (an ``httpx.Client`` costs
    tens of ms of CPU: 32 built inside the measured window would eat its first second), the
    same way for every phase."""
    with contextlib.ExitStack() as open_clients:
        yield [
            open_clients.enter_context(httpx.Client(base_url=stack.base_url, timeout=30))
            for _ in range(c)
        ]


def floor_step(token: str):
    """One ``POST /bench/floor/`` as ``token``'s player: a worker for ``run_load``."""
    return lambda client: client.post("/bench/floor/", headers=auth(token)).status_code


def plays_left(games: list[PlayGame]) -> int:
    """Planned plays not made yet."""
    return sum(len(g.plan) - g.next for g in games)


@dataclass
class PlayWorker:
    """One client's plays, a worker for ``run_load``: it owns ``games`` (no other client plays
    them, so their plays stay in order) and round-robins over those with plays left, one planned
    play per call. Its turn and each game's next play carry over from one block to the next:
    nothing is replayed or skipped. None once its games have no play left."""

    games: list[PlayGame]
    turn: int = 0

    def __call__(self, client: httpx.Client) -> int | None:
        live = [g for g in self.games if g.next < len(g.plan)]
        if not live:
            return None
        game = live[self.turn % len(live)]
        self.turn += 1
        seat, card = game.plan[game.next]
        game.next += 1
        response = client.post(
            f"{API}/games/{game.game_id}/plays/",
            json={"card": card},
            headers=auth(game.tokens[seat]),
        )
        if response.status_code != 200:
            game.next = len(game.plan)  # its next plays would fail: drop the game
        return response.status_code


def play_workers(pool: list[PlayGame], c: int) -> list[PlayWorker]:
    """One pool of planned games for every level: each level deals the games that have plays
    left among its ``c`` clients, round-robin."""
    games = [g for g in pool if g.next < len(g.plan)]
    return [PlayWorker(games[i::c]) for i in range(c)]


def round_order(first: str, second: str, rounds: int) -> list[tuple[str, str]]:
    """The blocks of each round at one level: one block of each kind, the pair's order
    alternating (first second, second first, first second, ...) so that a steady drift of the
    machine weighs the same on both kinds over an even number of rounds."""
    pair = (first, second)
    return [pair if i % 2 == 0 else pair[::-1] for i in range(rounds)]


def pool_results(label: str, parts: list[LoadResult]) -> LoadResult:
    """One result from the rounds of one kind at one level: requests, errors, measured seconds
    and status codes added up, latencies pooled, the highest peak of connections."""
    statuses: dict[int, int] = {}
    for part in parts:
        for code, n in part.statuses.items():
            statuses[code] = statuses.get(code, 0) + n
    return LoadResult(
        label,
        parts[0].concurrency,
        sum(p.requests for p in parts),
        sum(p.errors for p in parts),
        sum(p.seconds for p in parts),
        [ms for p in parts for ms in p.latencies_ms],
        statuses,
        max(p.peak_db_connections for p in parts),
    )


def p50(result: LoadResult) -> float:
    return pct(result.latencies_ms, 0.50)


def rps(result: LoadResult) -> float:
    return result.rps


def round_ratios(base: list[LoadResult], other: list[LoadResult], measure=p50) -> list[float]:
    """``measure(other) / measure(base)`` round by round (the p50s by default)."""
    return [ratio(measure(o), measure(b)) for b, o in zip(base, other, strict=True)]


def ratio_spread(ratios: list[float]) -> tuple[float, float] | None:
    """(min, max) of the finite ratios, None when there is none."""
    finite = [r for r in ratios if math.isfinite(r)]
    return (min(finite), max(finite)) if finite else None


def view_step(game_id: str, token: str):
    """One ``GET games/{id}/`` as ``token``'s player: a worker for ``run_load``."""
    url = f"{API}/games/{game_id}/"
    return lambda client: client.get(url, headers=auth(token)).status_code


def warm_clients(clients: list[httpx.Client], steps: list[list]) -> None:
    """Client k makes each of ``steps[k]`` once, the clients at the same time, unmeasured: their
    connections are open and have served every kind before the first measured block."""

    def warm(client: httpx.Client, mine: list) -> None:
        for step in mine:
            step(client)

    threads = [
        threading.Thread(target=warm, args=(client, mine), daemon=True)
        for client, mine in zip(clients, steps, strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def block(stack: Stack, label: str, steps: list, clients: list[httpx.Client], args) -> LoadResult:
    """One block of one round: ``duration / rounds`` s after ``warmup / rounds`` s."""
    return run_load(
        label,
        stack.base_url,
        steps,
        duration=args.duration / args.rounds,
        warmup=args.warmup / args.rounds,
        clients=clients,
    )


def interleaved_level(
    stack: Stack, c: int, steps: dict[str, list], args, show
) -> tuple[list[tuple[str, str]], dict[str, list[LoadResult]]]:
    """One level of two kinds of load (``steps[kind]``: the kind's ``c`` workers), interleaved:
    ``--rounds`` rounds of one block per kind in ``round_order``, so that both kinds get the
    measured time one block each of ``--duration`` s would, and the machine's drift falls on
    both alike. The level's clients are built once (an ``httpx.Client`` costs tens of ms of CPU:
    32 of them would eat a short block), warmed by one unmeasured call of each kind, and shared
    by every block. ``show(i, blocks)`` after round i. Returns the order and each kind's blocks."""
    first, second = steps
    order = round_order(first, second, args.rounds)
    blocks: dict[str, list[LoadResult]] = {label: [] for label in steps}
    with level_clients(stack, c) as clients:
        warm_clients(clients, [[steps[label][k] for label in steps] for k in range(c)])
        for i, pair in enumerate(order, start=1):
            for label in pair:
                blocks[label].append(block(stack, label, steps[label], clients, args))
            show(i, blocks)
    return order, blocks


def round_record(c: int, order: list[tuple[str, str]], args) -> dict[str, Any]:
    """What the rounds of one level have in common in the JSON: their number, the blocks'
    measured and warm-up seconds, the order of the blocks."""
    return {
        "concurrency": c,
        "rounds": args.rounds,
        "round_seconds": round(args.duration / args.rounds, 3),
        "round_warmup_s": round(args.warmup / args.rounds, 3),
        "order": [label for pair in order for label in pair],
    }


def view_round_record(
    c: int, order: list[tuple[str, str]], blocks: dict[str, list[LoadResult]], args
) -> dict[str, Any]:
    """The view rounds of one level for the JSON: the p50 of each block and the ratio long / new
    round by round, with its spread."""
    ratios = round_ratios(blocks["view_new"], blocks["view_long"])
    spread = ratio_spread(ratios)
    return {
        **round_record(c, order, args),
        "new_p50_ms": [round(p50(r), 2) for r in blocks["view_new"]],
        "long_p50_ms": [round(p50(r), 2) for r in blocks["view_long"]],
        "p50_ratios": ratios,
        "ratio_min": spread[0] if spread else None,
        "ratio_max": spread[1] if spread else None,
    }


def play_round_record(
    c: int, order: list[tuple[str, str]], blocks: dict[str, list[LoadResult]], args
) -> dict[str, Any]:
    """The floor / play rounds of one level for the JSON: the req/s and p50 of each block and the
    ratios play / floor of both round by round, with their spread."""
    floor, play = blocks["floor"], blocks["play"]
    record = {
        **round_record(c, order, args),
        "floor_rps": [round(r.rps, 1) for r in floor],
        "play_rps": [round(r.rps, 1) for r in play],
        "floor_p50_ms": [round(p50(r), 2) for r in floor],
        "play_p50_ms": [round(p50(r), 2) for r in play],
    }
    for name, measure in (("rps", rps), ("p50", p50)):
        ratios = round_ratios(floor, play, measure)
        spread = ratio_spread(ratios)
        record[f"{name}_ratios"] = ratios
        record[f"{name}_ratio_min"] = spread[0] if spread else None
        record[f"{name}_ratio_max"] = spread[1] if spread else None
    return record


def load_phase(
    stack: Stack, tokens: list[str], pool: list[PlayGame], args
) -> tuple[dict[str, list[LoadResult]], list[dict[str, Any]]]:
    """``POST /bench/floor/`` and ``POST games/{id}/plays/``, interleaved per level
    (``interleaved_level``: floor, play, play, floor, ...). The plays' workers are dealt once per
    level (``play_workers``) and carry on from block to block. Returns the pooled result per kind
    and level (``pool_results``), and per level the req/s and p50 of every block, the per-round
    ratios play / floor and the planned plays made and left (``play_rounds`` in the JSON)."""
    pooled: dict[str, list[LoadResult]] = {"floor": [], "play": []}
    per_round: list[dict[str, Any]] = []
    for c in LEVELS:
        workers = play_workers(pool, c)
        steps = {
            "floor": [floor_step(tokens[k % len(tokens)]) for k in range(c)],
            "play": workers,
        }
        before = plays_left(pool)

        def show(i: int, blocks: dict[str, list[LoadResult]], c: int = c) -> None:
            f, p = blocks["floor"][-1], blocks["play"][-1]
            say(
                f"  floor/play c={c} round {i}/{args.rounds}: floor {f.rps:.1f} req/s "
                f"p50 {p50(f):.2f} ms, play {p.rps:.1f} req/s p50 {p50(p):.2f} ms; "
                f"play/floor rps {ratio(p.rps, f.rps):.2f}, p50 {ratio(p50(p), p50(f)):.2f}"
            )

        order, blocks = interleaved_level(stack, c, steps, args, show)
        pool_level(pooled, blocks, c)
        record = play_round_record(c, order, blocks, args)
        left = plays_left(pool)
        dry = sum(1 for w in workers if not plays_left(w.games))
        record["planned_plays"] = {"made": before - left, "left": left, "clients_out": dry}
        say(f"  planned plays at c={c}: {before - left} made, {left} left")
        if dry:
            say(
                f"  WARNING: {dry} of {c} play clients ran out of planned plays at c={c}: the "
                "play rows are short of clients (raise --play-games)"
            )
        per_round.append(record)
    return pooled, per_round


def pool_level(
    pooled: dict[str, list[LoadResult]], blocks: dict[str, list[LoadResult]], c: int
) -> None:
    """Append each kind's blocks of level ``c``, pooled (``pool_results``), to ``pooled``."""
    for label, parts in blocks.items():
        pooled[label].append(pool_results(label, parts))
        say(f"  {label} c={c}: {pooled[label][-1].summary()}")


def views_phase(
    stack: Stack, games: dict[str, str], tokens: list[str], args
) -> tuple[dict[str, list[LoadResult]], list[dict[str, Any]]]:
    """``GET games/{id}/`` of the two games in ``games`` (``view_new``, ``view_long``),
    interleaved per level (``interleaved_level``: new, long, long, new, ...). Returns the pooled
    result per game and level (``pool_results``), and per level the p50 of every block and the
    per-round ratios long / new, whose spread shows how much of the pooled ratio is noise."""
    pooled: dict[str, list[LoadResult]] = {label: [] for label in games}
    per_round: list[dict[str, Any]] = []
    for c in LEVELS:
        steps = {
            label: [view_step(game_id, tokens[k % len(tokens)]) for k in range(c)]
            for label, game_id in games.items()
        }

        def show(i: int, blocks: dict[str, list[LoadResult]], c: int = c) -> None:
            new_p50, long_p50 = p50(blocks["view_new"][-1]), p50(blocks["view_long"][-1])
            say(
                f"  views c={c} round {i}/{args.rounds}: new p50 {new_p50:.2f} ms, "
                f"long p50 {long_p50:.2f} ms, ratio {ratio(long_p50, new_p50):.2f}"
            )

        order, blocks = interleaved_level(stack, c, steps, args, show)
        pool_level(pooled, blocks, c)
        per_round.append(view_round_record(c, order, blocks, args))
    return pooled, per_round


def wait_db(query, predicate, timeout: float = 30.0, interval: float = 0.001):
    deadline = time.monotonic() + timeout
    while True:
        value = query()
        if predicate(value):
            return value
        if time.monotonic() > deadline:
            raise TimeoutError("condition not met in time")
        time.sleep(interval)


def celery_phase(args) -> dict[str, Any]:
    from django.db import connection

    from benchmarks.floor import touch

    def visible(token: str) -> bool:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1 FROM bench_touch WHERE token = %s", [token])
            return cursor.fetchone() is not None

    for _ in range(5):  # warm the worker's connections
        token = uuid.uuid4().hex
        touch.delay(token)
        wait_db(lambda t=token: visible(t), bool)
    trips = []
    for _ in range(args.celery_trips):
        token = uuid.uuid4().hex
        t0 = time.monotonic()
        touch.delay(token)
        wait_db(lambda t=token: visible(t), bool)
        trips.append((time.monotonic() - t0) * 1000)
    return {
        "samples": len(trips),
        "p50_ms": round(statistics.median(trips), 2),
        "p95_ms": round(pct(trips, 0.95), 2),
    }


def turnaround_phase(stack: Stack, players: list[tuple[Any, str]], args) -> dict[str, Any]:
    """One human at seat 0, three heuristic AI seats (played by the Celery workers)."""
    from games import services, store
    from games.models import Game, GameEvent

    ((user, token),) = players
    created = services.game_create(user=user, preset="classic", overrides={"target": 10_000})
    game_id = str(created.game_id)
    services.seat_fill_with_ai(game_id=game_id, user=user, level="heuristic")
    services.game_start(game_id=game_id, user=user)

    def head():
        return Game.objects.filter(pk=game_id).values_list("last_seq", "to_act", "status").get()

    def human_turn(value) -> bool:
        return 0 in (value[1] or []) or value[2] == "finished"

    samples: list[float] = []  # exactly three AI moves between the two human turns
    per_ai_move: list[float] = []  # every turnaround, divided by its AI moves
    deadline = time.monotonic() + 45
    with httpx.Client(base_url=stack.base_url, timeout=30) as client:
        while len(samples) < args.turnarounds and time.monotonic() < deadline:
            wait_db(head, human_turn, interval=0.002)
            agg = store.load(game_id).aggregate
            if agg.status == "finished":
                break
            move = first_legal(agg, 0)
            if agg.phase != "playing":
                apply_move(game_id, user, move)  # passes / moon: not measured
                continue
            response = client.post(
                f"{API}/games/{game_id}/plays/", json={"card": move.card.code}, headers=auth(token)
            )
            acked = time.monotonic()
            response.raise_for_status()
            seq = response.json()["seq"]
            value = wait_db(head, human_turn, interval=0.001)
            elapsed = (time.monotonic() - acked) * 1000
            ai_moves = GameEvent.objects.filter(
                game_id=game_id, seq__gt=seq, seq__lte=value[0], actor_kind="ai"
            ).count()
            # 0 to 3 AI moves come before the human's next turn, depending on who wins the trick
            if ai_moves == 3:
                samples.append(elapsed)
            if ai_moves:
                per_ai_move.append(elapsed / ai_moves)
    return {
        "per_ai_move_p50_ms": round(statistics.median(per_ai_move), 2) if per_ai_move else None,
        "samples": len(samples),
        "p50_ms": round(statistics.median(samples), 2) if samples else None,
        "p95_ms": round(pct(samples, 0.95), 2) if samples else None,
    }


def throughput_phase(players: list[tuple[Any, str]], args) -> dict[str, Any]:
    """AI-only heuristic games (classic, to 100), started together; the workers play them."""
    from games import services
    from games.models import Game

    ((user, _),) = players
    ids = []
    for _ in range(args.ai_games):
        created = services.game_create(user=user, preset="classic", take_seat=False)
        services.seat_fill_with_ai(game_id=created.game_id, user=user, level="heuristic")
        ids.append(created.game_id)
    t0 = time.monotonic()
    for game_id in ids:
        services.game_start(game_id=game_id, user=user)
    finished_at: list[float] = []
    deadline = t0 + args.ai_window
    while time.monotonic() < deadline:
        rows = list(Game.objects.filter(pk__in=ids).values_list("status", "last_seq"))
        done = sum(1 for status, _ in rows if status == "finished")
        while len(finished_at) < done:
            finished_at.append(time.monotonic() - t0)
        if done == len(ids):
            break
        time.sleep(0.25)
    elapsed = time.monotonic() - t0
    rows = list(Game.objects.filter(pk__in=ids).values_list("status", "last_seq"))
    events = sum(seq for _, seq in rows)
    done = sum(1 for status, _ in rows if status == "finished")
    span = finished_at[-1] if done == len(ids) else elapsed
    per_game = [seq for status, seq in rows if status == "finished"]
    # games/min from the event rate when not every game finished in the window
    est = (events / elapsed * 60 / statistics.mean(per_game)) if per_game else None
    return {
        "games": len(ids),
        "finished": done,
        "seconds": round(span, 1),
        "games_per_min": round(done / span * 60, 2) if span else 0.0,
        "events_per_s": round(events / elapsed, 1),
        "mean_events_per_game": round(statistics.mean(per_game)) if per_game else None,
        "games_per_min_from_event_rate": round(est, 2) if est else None,
    }


def profile_phase(tables: list[list[tuple[Any, str]]], long_game: str, args, out_dir: Path):
    """Queries per play early and late in a game, and a cProfile of plays, in this process
    through Django's test client (same settings, no network)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games import store

    def play_once(client: Client, game_id: str, tokens: list[str]):
        agg = store.load(game_id).aggregate
        seat = agg.to_act[0]
        card = first_legal(agg, seat).card.code
        return client.post(
            f"{API}/games/{game_id}/plays/",
            {"card": card},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {tokens[seat]}",
        )

    client = Client()
    new_game = play_games(1, tables)[0]
    counts = {}
    for label, game_id, tokens in (
        ("early", new_game.game_id, new_game.tokens),
        ("long", long_game, [t for _, t in tables[0]]),
    ):
        with CaptureQueriesContext(connection) as ctx:
            response = play_once(client, game_id, tokens)
        assert response.status_code == 200, response.content
        counts[label] = {
            "queries": len(ctx.captured_queries),
            "events_in_log": response.json()["seq"],
        }
    # cProfile of whole hands of plays (the last one deals the next hand)
    games = play_games(3, tables)
    profiler = cProfile.Profile()
    plays = 0
    profiler.enable()
    for game in games:
        for seat, card in game.plan:
            response = client.post(
                f"{API}/games/{game.game_id}/plays/",
                {"card": card},
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Token {game.tokens[seat]}",
            )
            assert response.status_code == 200, response.content
            plays += 1
    profiler.disable()
    text = io.StringIO()
    stats = pstats.Stats(profiler, stream=text)
    stats.sort_stats("cumulative").print_stats(45)
    stats.sort_stats("tottime").print_stats(25)
    path = out_dir / f"profile-{datetime.now(UTC):%Y%m%dT%H%M%S}.txt"
    path.write_text(f"{plays} plays through the test client\n" + text.getvalue())
    total = stats.total_tt  # type: ignore[attr-defined]
    return {
        "queries_per_play": counts,
        "profiled_plays": plays,
        "profile": str(path),
        "cpu_ms_per_play": round(total / plays * 1000, 2) if plays else None,
    }


# --------------------------------------------------------------------------- report
def ratio(a: float, b: float) -> float:
    return round(a / b, 2) if b else float("nan")


def machine() -> dict[str, Any]:
    cpuinfo = Path("/proc/cpuinfo")
    models = [
        line.split(":", 1)[1].strip()
        for line in (cpuinfo.read_text().splitlines() if cpuinfo.exists() else [])
        if line.startswith("model name")
    ]
    return {
        "host": platform.node(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "cpu_model": models[0] if models else platform.processor(),
        "loadavg_start": [round(x, 2) for x in os.getloadavg()],
    }


def report(results: dict[str, Any]) -> list[str]:
    lines = []
    floor = {r["concurrency"]: r for r in results["floor"]}
    lines.append(
        f"{'endpoint':<14}{'c':>4}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}"
        f"{'rps/floor':>11}{'p50/floor':>11}{'errors':>8}{'db conns':>10}"
    )
    for key in ("floor", "play", "view_new", "view_long"):
        for r in results[key]:
            f = floor[r["concurrency"]]
            lines.append(
                f"{key:<14}{r['concurrency']:>4}{r['rps']:>9.1f}{r['p50_ms']:>9.2f}"
                f"{r['p99_ms']:>9.2f}{ratio(r['rps'], f['rps']):>11.2f}"
                f"{ratio(r['p50_ms'], f['p50_ms']):>11.2f}"
                f"{r['errors']:>8}{r['peak_db_connections']:>10}"
            )
    lines.append("")
    lines.append("targets:")
    for t in results["targets"]:
        line = f"  [{'met' if t['met'] else 'NOT met'}] {t['what']}: {t['value']}"
        if "spread" in t:
            s = t["spread"]
            line += f" (pooled; per round {s['min']:.2f}-{s['max']:.2f} over {s['rounds']} rounds)"
        lines.append(line)
    c, a, tp = results["celery"], results["ai_turnaround"], results["throughput"]
    lines.append("")
    lines.append(f"bare Celery round trip: p50 {c['p50_ms']} ms, p95 {c['p95_ms']} ms")
    lines.append(
        f"AI turnaround (3 heuristic seats): p50 {a['p50_ms']} ms, p95 {a['p95_ms']} ms "
        f"({a['samples']} samples; {a.get('per_ai_move_p50_ms')} ms per AI move)"
    )
    lines.append(
        f"AI-only games: {tp['finished']}/{tp['games']} finished in {tp['seconds']} s = "
        f"{tp['games_per_min']} games/min ({tp['events_per_s']} events/s, "
        f"{tp['mean_events_per_game']} events/game; from the event rate: "
        f"{tp['games_per_min_from_event_rate']} games/min)"
    )
    q = results["profile"]["queries_per_play"]
    lines.append(
        f"queries per play: {q['early']['queries']} at seq {q['early']['events_in_log']}, "
        f"{q['long']['queries']} at seq {q['long']['events_in_log']}; "
        f"CPU {results['profile']['cpu_ms_per_play']} ms/play in-process "
        f"(profile: {results['profile']['profile']})"
    )
    return lines


def with_spread(target: dict[str, Any], record: dict[str, Any] | None, key: str):
    """``target`` with the spread of its per-round ratios (``record[key + "_min"]`` to
    ``record[key + "_max"]``, from the level's rounds record), when there is one."""
    if record and record.get(f"{key}_min") is not None:
        target["spread"] = {
            "rounds": record["rounds"],
            "min": record[f"{key}_min"],
            "max": record[f"{key}_max"],
        }
    return target


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    floor = {r["concurrency"]: r for r in results["floor"]}
    play_rounds = {r["concurrency"]: r for r in results.get("play_rounds", [])}
    for r in results["play"]:
        c = r["concurrency"]
        f, rounds = floor[c], play_rounds.get(c)
        rr, pr = ratio(r["rps"], f["rps"]), ratio(r["p50_ms"], f["p50_ms"])
        target = {"what": f"play c={c} throughput >= 0.5 floor", "value": rr, "met": rr >= 0.5}
        out.append(with_spread(target, rounds, "rps_ratio"))
        target = {"what": f"play c={c} p50 <= 2x floor", "value": pr, "met": pr <= 2.0}
        out.append(with_spread(target, rounds, "p50_ratio"))
    new = {r["concurrency"]: r for r in results["view_new"]}
    view_rounds = {r["concurrency"]: r for r in results.get("view_rounds", [])}
    for r in results["view_long"]:
        c = r["concurrency"]
        lr = ratio(r["p50_ms"], new[c]["p50_ms"])
        target = {
            "what": f"long-game view c={c} p50 <= 1.2x new game",
            "value": lr,
            "met": lr <= 1.2,
        }
        out.append(with_spread(target, view_rounds.get(c), "ratio"))
    a, c = results["ai_turnaround"], results["celery"]
    if a["p50_ms"] is not None:
        ar = ratio(a["p50_ms"], c["p50_ms"])
        out.append(
            {"what": "AI turnaround p50 < 4x bare Celery round trip", "value": ar, "met": ar < 4.0}
        )
    q = results["profile"]["queries_per_play"]
    out.append(
        {
            "what": "queries per play constant with log length",
            "value": f"{q['early']['queries']} vs {q['long']['queries']}",
            "met": q["early"]["queries"] == q["long"]["queries"],
        }
    )
    return out


# --------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.monotonic()
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = f"{datetime.now(UTC):%Y%m%dT%H%M%SZ}"
    log_dir = out_dir / f"logs-{stamp}"
    log_dir.mkdir()
    env = bench_env(args)
    results: dict[str, Any] = {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "started_at": stamp,
        "machine": machine(),
        "settings": dict(vars(args)),
    }
    say(f"machine: {results['machine']}")
    recreate_database(args)
    flush_redis(args.redis)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=REPO_ROOT,
        env=env,
        check=True,
    )
    django_setup(env)
    from django.db import connection

    from benchmarks.floor import FLOOR_TABLES_SQL
    from games.models import Game

    DB_NAME[0] = args.database
    with connection.cursor() as cursor:
        cursor.execute(FLOOR_TABLES_SQL)

    say("fixtures...")
    t_fix = time.monotonic()
    tables = [make_players(4, f"t{i}") for i in range(max(LEVELS))]
    tokens = [t for table in tables for _, t in table]
    with connection.cursor() as cursor:
        cursor.executemany(
            "INSERT INTO bench_floor_counter (id, hits) VALUES (%s, 0)",
            [(u.pk,) for table in tables for u, _ in table],
        )
    pool = play_games(max(args.play_games, 2 * max(LEVELS)), tables)
    new_game = human_game(tables[0])
    drive(new_game, [u for u, _ in tables[0]], mid_trick)
    long_game = human_game(tables[0], target=100_000)
    drive(
        long_game,
        [u for u, _ in tables[0]],
        lambda a: a.seq >= args.long_events and mid_trick(a),
    )
    results["fixtures_s"] = round(time.monotonic() - t_fix, 1)
    say(f"fixtures ready in {results['fixtures_s']} s")

    stack = Stack(env=env, log_dir=log_dir)
    try:
        stack.start()
        seat_tokens = [t for _, t in tables[0]]
        loads, results["play_rounds"] = load_phase(stack, tokens, pool, args)
        results["floor"] = [r.summary() for r in loads["floor"]]
        results["play"] = [r.summary() for r in loads["play"]]
        views, results["view_rounds"] = views_phase(
            stack, {"view_new": new_game, "view_long": long_game}, seat_tokens, args
        )
        results["view_new"] = [r.summary() for r in views["view_new"]]
        results["view_long"] = [r.summary() for r in views["view_long"]]
        results["long_game_events"] = Game.objects.get(pk=long_game).last_seq
        say("celery round trip...")
        results["celery"] = celery_phase(args)
        say(f"  {results['celery']}")
        say("AI turnaround...")
        results["ai_turnaround"] = turnaround_phase(stack, make_players(1, "solo"), args)
        say(f"  {results['ai_turnaround']}")
        say("AI-only games...")
        results["throughput"] = throughput_phase(make_players(1, "host"), args)
        say(f"  {results['throughput']}")
    finally:
        stack.stop()
    say("profile...")
    results["profile"] = profile_phase(tables, long_game, args, out_dir)
    results["targets"] = targets(results)
    results["machine"]["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
    results["wall_s"] = round(time.monotonic() - started, 1)
    path = out_dir / f"api-{stamp}.json"
    path.write_text(json.dumps(results, indent=2, default=str))
    say("")
    say("\n".join(report(results)))
    say(
        f"\nload average: start {results['machine']['loadavg_start']}, "
        f"end {results['machine']['loadavg_end']}; wall {results['wall_s']} s"
    )
    say(f"results: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
