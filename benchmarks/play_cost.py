"""Where the CPU of a play goes, in process (no server, no network): Django's test client.

    .venv/bin/python benchmarks/play_cost.py              # CPU ms per request + the SQL of each
    .venv/bin/python benchmarks/play_cost.py --profile play   # and a cProfile of the plays

Same stack as benchmarks/wrk_bench.py (its own PostgreSQL cluster and redis-server, settings
``benchmarks.bench_settings``), one process: the floor ``POST /bench/floor/``, plays (planned legal
plays of fresh games, with and without ``Prefer: return=minimal``; ``play_feed_sync``: a play, then
its feed projection, what the worker pays per move, in this process; ``play_behind``: a play
whose process holds the game a move behind, as a gunicorn worker does when the other worker took
the previous move; ``play_cold``: a play whose process holds nothing of the game, as with more
games than ``HEARTS_AGGREGATE_CACHE_SIZE``) and the game view of a new
game and of a 1,000-event game. Each figure is the process CPU time (``time.process_time``) over
all the requests of its kind divided by their number, interleaved in rounds; it leaves out the
server (WSGI) and the load generator, so it is the view code's own cost. Then the SQL of one
request of each kind (PostgreSQL round trips, ``CaptureQueriesContext``; BEGIN and COMMIT are not
queries Django records: add 2 for a transaction).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import subprocess
import sys
import time
import types
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from benchmarks import api_bench  # noqa: E402
from benchmarks.wrk_bench import BenchPostgres  # noqa: E402
from tests.reliability.servers import ThrowawayRedis  # noqa: E402


def say(*parts) -> None:
    print(*parts, flush=True)  # noqa: T201 - a command-line tool


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=24)
    p.add_argument("--rounds", type=int, default=6)
    p.add_argument("--per-round", type=int, default=40, help="requests per kind per round")
    p.add_argument("--profile", default="", help="kinds to profile (CPU time), e.g. play,view_long")
    args = p.parse_args(argv)
    pg, redis = BenchPostgres(), ThrowawayRedis()
    try:
        ns = types.SimpleNamespace(pg=f"postgres://postgres@127.0.0.1:{pg.port}",
                                   database="hearts_bench", redis=redis.url(0),
                                   conn_max_age="default", db_pool="default")  # fmt: skip
        api_bench.recreate_database(ns)
        env = api_bench.bench_env(ns)
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                       cwd=REPO_ROOT, env=env, check=True)  # fmt: skip
        api_bench.django_setup(env)
        run(args)
    finally:
        from django.db import connections

        connections.close_all()
        redis.close()
        pg.close()
    return 0


def run(args) -> None:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from benchmarks.floor import FLOOR_TABLES_SQL

    with connection.cursor() as cursor:
        cursor.execute(FLOOR_TABLES_SQL)
    tables = [api_bench.make_players(4, f"t{i}") for i in range(4)]
    with connection.cursor() as cursor:
        cursor.executemany(
            "INSERT INTO bench_floor_counter (id, hits) VALUES (%s, 0)",
            [(u.pk,) for table in tables for u, _ in table],
        )
    games = api_bench.play_games(args.games, tables)
    new_game = api_bench.human_game(tables[0])
    api_bench.drive(new_game, [u for u, _ in tables[0]], api_bench.mid_trick)
    long_game = api_bench.human_game(tables[0], target=100_000)
    api_bench.drive(long_game, [u for u, _ in tables[0]],
                    lambda a: a.seq >= 1000 and api_bench.mid_trick(a))  # fmt: skip
    token = tables[0][0][1]
    client = Client()
    plays = iter([(g, k) for k in range(52) for g in games])  # round-robin over the games

    def floor():
        return client.post("/bench/floor/", {"card": "2C"}, content_type="application/json",
                           HTTP_AUTHORIZATION=f"Token {token}")  # fmt: skip

    def play(prefer: str = "", planned=None):
        game, k = planned or next(plays)
        seat, card = game.plan[k]
        extra = {"HTTP_PREFER": prefer} if prefer else {}
        return client.post(f"/api/v1/games/{game.game_id}/plays/", {"card": card},
                           content_type="application/json",
                           HTTP_AUTHORIZATION=f"Token {game.tokens[seat]}", **extra)  # fmt: skip

    def view(game_id):
        return lambda: client.get(f"/api/v1/games/{game_id}/", HTTP_AUTHORIZATION=f"Token {token}")

    from unittest import mock

    from common import broker
    from notifications import queue as feed_queue

    def play_celery_send():
        # the commit's feed sync and AI turns through Celery's send_task (kombu), as before
        with mock.patch.object(broker, "_lean_url", return_value=None):
            return play("return=minimal")

    def play_no_feed_sync(planned=None):
        with mock.patch.object(feed_queue, "enqueue_feed_sync", return_value=None):
            return play("return=minimal", planned)

    from notifications import services as feed_services

    # Games of their own, their feeds projected up to now: each call projects one move.
    synced = api_bench.play_games(args.games, tables)
    for game in synced:
        feed_services.feed_sync_game(game_id=game.game_id)
    synced_plays = iter([(g, k) for k in range(52) for g in synced])

    def play_then_feed_sync():
        # what a move costs the worker too: its feed projection (four humans), here in process
        # (minus play_no_feed_sync: the projection's own CPU per move)
        game, k = next(synced_plays)
        response = play_no_feed_sync((game, k))
        feed_services.feed_sync_game(game_id=game.game_id)
        return response

    from games.store.repository import recent

    # Games of their own, each play finding the process's state one move behind: what a
    # gunicorn worker meets when the other worker took the game's previous move.
    behind = api_bench.play_games(args.games, tables)
    behind_plays = iter([(g, k) for k in range(52) for g in behind])
    older: dict = {}
    newest: dict = {}

    def play_behind():
        game, k = next(behind_plays)
        key = str(game.game_id)
        if key in older:
            recent._items[key] = older[key]
        response = play("return=minimal", (game, k))
        if key in newest:
            older[key] = newest[key]
        newest[key] = recent._items[key]
        return response

    # Games of their own, each play finding nothing of its game in the process (its state was
    # pushed out of ``recent`` by other games: the benchmark's 600 games cycle through more
    # games than a worker holds): the game is read from the database.
    cold = api_bench.play_games(args.games, tables)
    cold_plays = iter([(g, k) for k in range(52) for g in cold])

    def play_cold():
        game, k = next(cold_plays)
        recent._items.pop(str(game.game_id), None)
        return play("return=minimal", (game, k))

    kinds = {
        "floor": floor,
        "play": play,
        "play_minimal": lambda: play("return=minimal"),
        "play_celery_send": play_celery_send,  # minimal, the feed sync sent by Celery
        "play_no_feed_sync": play_no_feed_sync,  # minimal, no feed sync sent at all
        "play_feed_sync": play_then_feed_sync,  # the same, then the move's feed projection
        "play_behind": play_behind,  # minimal, the process's state of the game a move behind
        "play_cold": play_cold,  # minimal, the process holding nothing of the game
        "view_new": view(new_game),
        "view_long": view(long_game),
    }
    for fn in kinds.values():  # warm: imports, caches, the pool
        assert fn().status_code < 300
    cpu = dict.fromkeys(kinds, 0.0)
    count = dict.fromkeys(kinds, 0)
    # CPU time, not wall time: the machine is shared, waiting on PostgreSQL is not our CPU
    profiler = cProfile.Profile(time.process_time) if args.profile else None
    for r in range(args.rounds):
        order = list(kinds) if r % 2 == 0 else list(reversed(kinds))
        for name in order:
            fn = kinds[name]
            if profiler is not None and name in args.profile.split(","):
                profiler.enable()
            t0 = time.process_time()
            for _ in range(args.per_round):
                response = fn()
                assert response.status_code < 300, (name, response.content[:300])
            cpu[name] += time.process_time() - t0
            if profiler is not None:
                profiler.disable()
            count[name] += args.per_round
    say("CPU ms per request, in process (test client, no server):")
    floor_ms = cpu["floor"] / count["floor"] * 1000
    for name in kinds:
        ms = cpu[name] / count[name] * 1000
        say(f"  {name:14s} {ms:6.2f}   ({ms / floor_ms:.2f}x floor)")
    say("\nSQL of one request each:")
    for name, fn in kinds.items():
        with CaptureQueriesContext(connection) as ctx:
            response = fn()
        size = len(response.content)
        say(f"  {name}: {len(ctx.captured_queries)} queries, {size} bytes")
        for q in ctx.captured_queries:
            say(f"      {q['sql'][:150]}")
    if profiler is not None:
        text = io.StringIO()
        stats = pstats.Stats(profiler, stream=text)
        stats.sort_stats("cumulative").print_stats(60)
        stats.sort_stats("tottime").print_stats(30)
        say(text.getvalue())


if __name__ == "__main__":
    sys.exit(main())
