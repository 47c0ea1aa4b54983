"""Soak: many concurrent games of one human client and three AI seats, played to game over
through the public API, on a throwaway stack (two uvicorn processes, two Celery workers).

    .venv/bin/python scripts/reliability/soak.py \\
        --database-url postgres://postgres@127.0.0.1:5432/hearts_reliability_soak \\
        --redis-url redis://127.0.0.1:6379/13 --games 200 --concurrency 40 --target 26

Each human client (a thread) signs up, creates a classic game, fills the other seats with AI
(``--level``), starts it, and then long-polls its game's events (``events/?after=&wait=``) and
moves whenever its seat is to act (first legal card, with ``expected_seq`` and an
Idempotency-Key) until game over; a 409 ``concurrency_conflict`` (an AI seat passed first) is
re-read and retried, as a client should. ``--target`` bounds the length of a game (the
score that ends it; 100 is the real game). Reports games finished, moves per second (all
seats), errors (any non-2xx answer, a client exception, a game not finished in
``--max-minutes``, a server-side error in the logs; must be zero) and runs ``verify_games`` on
every log at the end.
Loopback only; bounded by ``--games`` and ``--max-minutes``. Exit status 1 unless all is well.

``--chaos``: the same load on servers the script starts and owns (a throwaway PostgreSQL cluster
and a throwaway redis-server, ``tests/reliability/servers.py``; ``--database-url`` and
``--redis-url`` are ignored), a separate ``celery beat`` as in docker-compose, and a fault every
``--chaos-every`` seconds, in turn: ``kill -9`` of a worker (a new one is started in its place),
Redis stopped for ``--outage`` seconds and started again, PostgreSQL ``pg_ctl stop -m fast`` and
later ``-m immediate`` for ``--outage`` seconds. The clients are ``tests/reliability/chaos.py``'s
(retrying on 5xx and lost connections with the same Idempotency-Key). Reported on top: per fault
the time until every game still going moved again, lost and doubled moves (clients' accepted
moves against the logs), and processes that exited unasked.
"""

from __future__ import annotations

import argparse
import collections
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scripts.reliability.stack import Stack
from tests.reliability.chaos import HumanGame, check_logs, dump_logs, resume_delays
from tests.reliability.live import Client, game_against_ai, my_move, sign_up
from tests.reliability.servers import ThrowawayPostgres, ThrowawayRedis

errors: list[str] = []
statuses: collections.Counter = collections.Counter()
lock = threading.Lock()


def record(what: str) -> None:
    with lock:
        errors.append(what)


def play_one(base_url: str, level: str, target: int, deadline: float) -> tuple[str, int] | None:
    human: Client | None = None
    try:
        human = sign_up(base_url, "soak")
        game_id = game_against_ai(
            base_url, human, level=level, options={"target": target}, think_delay_ms=0
        )
        after = 0
        while time.monotonic() < deadline:
            game = human.game(game_id)
            if game["status"] == "finished":
                return game_id, game["seq"]
            move = my_move(human, game)
            if move is None:
                r = human.get(
                    f"/games/{game_id}/events/", params={"after": game["seq"], "wait": 10}
                )
                with lock:
                    statuses[r.status_code] += 1
                if r.status_code != 200:
                    record(f"{game_id} events: {r.status_code} {r.text[:200]}")
                    return None
                continue
            action, body = move
            r = human.post(
                f"/games/{game_id}/{action}/",
                {**body, "expected_seq": game["seq"]},
                headers={"Idempotency-Key": uuid.uuid4().hex},
            )
            with lock:
                statuses[r.status_code] += 1
            if r.status_code == 409 and r.json().get("code") == "concurrency_conflict":
                # An AI seat moved first (passes are simultaneous): the documented answer is to
                # re-read the game and decide again. Counted, not an error.
                continue
            if r.status_code != 200:
                record(f"{game_id} {action}: {r.status_code} {r.text[:200]}")
                return None
            after = r.json()["seq"]
        record(f"{game_id}: not finished in time (seq {after})")
        return None
    except Exception as exc:
        record(f"client: {type(exc).__name__}: {exc}")
        return None
    finally:
        if human is not None:
            human.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=40, help="games in play at once")
    parser.add_argument("--target", type=int, default=26, help="score that ends a game")
    parser.add_argument(
        "--level", default="random", choices=["random", "heuristic", "expert", "master"]
    )
    parser.add_argument("--max-minutes", type=float, default=20)
    parser.add_argument("--database-url", default=None, help="default: SQLite in a temp folder")
    parser.add_argument("--redis-url", default=None, help="a dedicated Redis db (flushed)")
    parser.add_argument("--chaos", action="store_true", help="faults on throwaway servers")
    parser.add_argument("--chaos-every", type=float, default=40, help="seconds between faults")
    parser.add_argument("--outage", type=float, default=5, help="seconds a server stays down")
    args = parser.parse_args(argv)
    if args.chaos:
        return chaos_main(args)

    stack = Stack(database_url=args.database_url, redis_url=args.redis_url, servers=2, workers=2)
    try:
        started = time.monotonic()
        deadline = started + args.max_minutes * 60
        with ThreadPoolExecutor(args.concurrency) as pool:
            futures = [
                pool.submit(play_one, stack.base_urls[i % 2], args.level, args.target, deadline)
                for i in range(args.games)
            ]
            results = [f.result() for f in futures]
        elapsed = time.monotonic() - started
        finished = [r for r in results if r is not None]
        game_ids = [g for g, _ in finished]
        # Every stored move of these games (all seats): cards played, passes, moon choices.
        from_logs = stack.manage(
            "shell", "-c",
            "from games.models import GameEvent as E;"
            "print(E.objects.filter(type__in=['card_played','cards_passed','moon_chosen'])"
            ".count(), E.objects.count())",
        )  # fmt: skip
        moves, events = (int(x) for x in from_logs.stdout.strip().splitlines()[-1].split())
        verify = stack.manage("verify_games")
        verify_tail = (verify.stdout.strip().splitlines() or [verify.stderr])[-1]
        server_errors = stack.error_lines()

        print(f"games: {len(finished)}/{args.games} finished (target {args.target}, "
              f"AI level {args.level}, {args.concurrency} at once)")  # fmt: skip
        print(f"time: {elapsed:.1f} s; moves: {moves} ({moves / elapsed:.1f}/s); "
              f"events stored: {events} ({events / elapsed:.1f}/s)")  # fmt: skip
        print(f"human requests by status: {dict(sorted(statuses.items()))} (409: expected_seq "
              "conflicts with simultaneous AI passes, re-read and retried)")  # fmt: skip
        print(f"errors: {len(errors)} client, {len(server_errors)} in server/worker logs")
        for line in (errors + server_errors)[:20]:
            print("  " + line)
        print(f"verify_games: {verify_tail} (exit {verify.returncode})")
        ok = (
            len(finished) == args.games
            and not errors
            and not server_errors
            and verify.returncode == 0
            and len(game_ids) == len(set(game_ids))
        )
        print("OK" if ok else "FAILED")
        return 0 if ok else 1
    finally:
        stack.close()


FAULTS = ("worker", "redis", "postgres-fast", "worker", "postgres-immediate")


def _fault(kind: str, stack: Stack, pg: ThrowawayPostgres, redis: ThrowawayRedis,
           outage: float, killed: set[str]) -> None:  # fmt: skip
    if kind == "worker":
        victim = next(n for n in reversed(stack.names("worker")) if n not in killed)
        stack.kill(victim)
        killed.add(victim)
        stack.add_worker()
    elif kind == "redis":
        redis.stop()
        time.sleep(outage)
        redis.start()
    else:
        pg.stop(kind.split("-")[1])
        time.sleep(outage)
        pg.start()


def chaos_main(args) -> int:
    pg, redis = ThrowawayPostgres(), ThrowawayRedis()
    stack = None
    try:
        stack = Stack(
            database_url=pg.url.rsplit("/", 1)[0] + "/hearts_reliability_soak",
            redis_url=redis.url(0), results_url=redis.url(1), cache_url=redis.url(2),
            servers=2, workers=2, beat="separate",
            extra_env={"HEARTS_AI_STALL_AFTER_S": "300", "HEARTS_AI_SWEEP_EVERY_S": "60"},
        )  # fmt: skip
        started = time.monotonic()
        deadline = started + args.max_minutes * 60
        games: list[HumanGame] = []
        faults: list[tuple[str, float]] = []  # (kind, wall-clock time the service was back)
        killed: set[str] = set()
        next_fault = started + args.chaos_every
        while time.monotonic() < deadline:
            running = [g for g in games if g.is_alive()]
            while len(running) < args.concurrency and len(games) < args.games:
                game = HumanGame(base_urls=stack.base_urls[len(games) % 2 :]
                                 + stack.base_urls[: len(games) % 2], level=args.level,
                                 options={"target": args.target},
                                 max_seconds=args.max_minutes * 60)  # fmt: skip
                game.start()
                games.append(game)
                running.append(game)
            if not running and len(games) >= args.games:
                break
            if time.monotonic() >= next_fault and len(faults) < len(FAULTS) and running:
                kind = FAULTS[len(faults)]
                print(f"{time.strftime('%H:%M:%S')} fault: {kind}", flush=True)
                _fault(kind, stack, pg, redis, args.outage, killed)
                faults.append((kind, time.time()))
                next_fault = time.monotonic() + args.chaos_every
            time.sleep(0.5)
        for game in games:
            game.join(timeout=5)
        elapsed = time.monotonic() - started
        ids = [g.game_id for g in games if g.game_id]
        logs = dump_logs(stack.manage, ids)
        moves = check_logs(games, logs)
        stored_moves = sum(
            1 for log in logs.values() for e in log
            if e["type"] in ("card_played", "cards_passed", "moon_chosen")
        )  # fmt: skip
        events = sum(len(log) for log in logs.values())
        finished = [g for g in games if g.finished]
        client_errors = [e for g in games for e in g.errors]
        answers: collections.Counter = collections.Counter()
        for g in games:
            answers.update(g.statuses)
        verify = stack.manage("verify_games")
        verify_tail = (verify.stdout.strip().splitlines() or [verify.stderr])[-1]
        exited = [n for n in stack.exited() if n.split(" ")[0] not in killed]
        unrecoverable = [
            f"{name}: {line}"
            for name, _ in stack.processes
            for line in stack.log(name).splitlines()
            if "Unrecoverable" in line
        ]  # fmt: skip
        print(f"games: {len(finished)}/{args.games} finished (target {args.target}, AI level "
              f"{args.level}, {args.concurrency} at once), chaos: {len(faults)} faults, "
              f"outages of {args.outage:.0f} s")  # fmt: skip
        print(f"time: {elapsed:.1f} s; moves: {stored_moves} ({stored_moves / elapsed:.1f}/s); "
              f"events stored: {events} ({events / elapsed:.1f}/s)")  # fmt: skip
        print(f"human answers by status: {dict(sorted(answers.items()))}; client retries "
              f"{sum(g.retries for g in games)}")  # fmt: skip
        too_slow = []
        for kind, back_at in faults:
            delays = resume_delays(logs, back_at)
            slowest = max(delays.values(), default=0.0)
            bound = 2 + 3 if kind == "worker" else 10  # HEARTS_AI_CHAIN_BACKUP_MS + 3 s; 10 s
            if slowest > bound:
                too_slow.append(kind)
            print(
                f"  {kind}: {len(delays)} games going; all moved again within {slowest:.2f} s"
                f" (median {sorted(delays.values())[len(delays) // 2] if delays else 0:.2f} s)"
            )
        print(f"moves accepted by clients {moves['accepted']}: lost {moves['lost']}, doubled "
              f"{moves['doubled']}")  # fmt: skip
        print(f"processes exited unasked: {exited or 'none'}; unrecoverable errors: "
              f"{len(unrecoverable)}; client errors: {len(client_errors)}")  # fmt: skip
        for line in (client_errors + unrecoverable)[:20]:
            print("  " + line)
        print(f"verify_games: {verify_tail} (exit {verify.returncode})")
        ok = (
            len(finished) == args.games
            and not client_errors
            and not unrecoverable
            and not exited
            and moves["lost"] == moves["doubled"] == 0
            and verify.returncode == 0
            and not too_slow
        )
        print("OK" if ok else "FAILED")
        return 0 if ok else 1
    finally:
        if stack is not None:
            stack.close()
        redis.close()
        pg.close()


if __name__ == "__main__":
    sys.exit(main())
