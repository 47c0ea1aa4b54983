"""A measure, not a test (its name keeps it out of the suite; timings are never pinned): the CPU
a real Celery worker (prefork, one pool process, the main process and its child summed) spends
projecting K games whose feed sync is due, as ONE drain against K per-game messages
(``notifications.feed_sync_game``, what a move sent before the drain), in alternating order.

Only meaningful on a Redis broker (the drain's); run it explicitly, on PostgreSQL::

    DATABASE_URL=postgres://... CELERY_BROKER_URL=redis://.../7 REDIS_URL=redis://.../9 \\
      DRAIN_K=40 DRAIN_ROUNDS=4 DRAIN_MODE=move \\
      python -m pytest -q -s tests/perf/measure_drain_cpu.py

``DRAIN_MODE=move``: each game's feed is projected, then one move is due (a sync of one event,
a move's); else the games are new (their first sync: the start's events and notifications).
``DRAIN_ONE_BY_ONE=1``: one game due at a time, each sync awaited before the next is sent (a
quiet server: a drain of one game against its per-game message).
CPU times: /proc's clock ticks (10 ms each, so +-0.25 ms per game at K = 40)."""

from __future__ import annotations

import os
import re
import time
import uuid

import pytest
import redis
from celery import current_app

from benchmarks.wrk_bench import CLK_TCK, cpu_ticks, proc_children, tree
from common import broker
from notifications import queue as feed_queue
from notifications import services as feed_services
from tests.conftest import start_celery_worker
from tests.notifications.test_feed_sync_drain import _move
from tests.perf.test_query_counts import Table

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]
K = int(os.environ.get("DRAIN_K", "40"))
ROUNDS = int(os.environ.get("DRAIN_ROUNDS", "3"))
MOVE = os.environ.get("DRAIN_MODE") == "move"
ONE_BY_ONE = os.environ.get("DRAIN_ONE_BY_ONE") == "1"


def _cpu_s(pid: int) -> float:
    """CPU seconds (user + system) of the worker's process tree (benchmarks/wrk_bench.py's)."""
    return sum(cpu_ticks(tree(pid, proc_children())).values()) / CLK_TCK


def _succeeded(worker) -> int:
    return len(re.findall(r"succeeded in", worker.log_text()))


def test_measure_the_worker_cpu_of_one_drain_against_per_game_syncs(settings, monkeypatch):
    url = current_app.conf.broker_url
    if not (isinstance(url, str) and url.startswith("redis://")):
        pytest.skip("the drain needs a Redis broker (CELERY_BROKER_URL)")
    monkeypatch.setattr(broker, "_lean_url", lambda: url)
    settings.NOTIFICATIONS_FEED_SYNC = "task"
    default = f"{settings.CELERY_TASK_DEFAULT_QUEUE}-cpu-{uuid.uuid4().hex[:8]}"
    settings.HEARTS_FEED_SYNC_QUEUE = feeds = f"{default}-feeds"
    client = redis.Redis.from_url(url)
    worker = start_celery_worker(env={"CELERY_BROKER_URL": url}, queue=default,
                                 pool="prefork", concurrency=1)  # fmt: skip
    process = worker.process.pid
    try:
        for n in range(ROUNDS):
            for kind in ("drain", "per-game") if n % 2 == 0 else ("per-game", "drain"):
                with monkeypatch.context() as quiet:  # nothing sent while the games are made
                    quiet.setattr(feed_queue, "enqueue_feed_sync", lambda game_id: None)
                    tables = [Table() for _ in range(K)]
                    if MOVE:
                        for table in tables:
                            feed_services.feed_sync_game(game_id=table.game_id)
                            _move(table)
                time.sleep(1.0)
                done, cpu, start = _succeeded(worker), _cpu_s(process), time.monotonic()
                for group in [[t] for t in tables] if ONE_BY_ONE else [tables]:
                    with broker.batch():
                        for table in group:
                            if kind == "drain":
                                feed_queue.enqueue_feed_sync(str(table.game_id))
                            else:
                                broker.send_task(feed_queue.FEED_SYNC_GAME, [str(table.game_id)],
                                                 queue=feeds)  # fmt: skip
                    done += 1 if kind == "drain" else len(group)
                    while _succeeded(worker) < done:
                        time.sleep(0.01 if ONE_BY_ONE else 0.05)
                        assert time.monotonic() - start < 120, worker.log_text()[-2000:]
                wall, used = time.monotonic() - start, _cpu_s(process) - cpu
                print(f"{kind}: K={K} worker {1000 * used / K:.2f} CPU-ms per game, "
                      f"{wall:.2f} s in all")  # fmt: skip
        assert client.hlen(feed_queue.feed_sync_dirty_key()) == 0
        cpu = _cpu_s(process)
        time.sleep(3)
        print(f"idle worker: {1000 * (_cpu_s(process) - cpu) / 3:.1f} CPU-ms per s")
    finally:
        worker.stop()
        client.delete(default, feeds, feed_queue.feed_sync_dirty_key(),
                      feed_queue.feed_sync_drain_pending_key())  # fmt: skip
