"""Exactly-once seating under real concurrency, on PostgreSQL (marker ``postgres``).

* Threads: players queue and cancel at random (several threads per player too, racing the
  partial unique index) while two matcher threads run in a loop.
* Processes: two ``manage.py matchmaking_match`` processes match at the same time while this
  process's threads queue and cancel.
* A matcher process killed (SIGKILL) in the middle of seating a table: its transaction dies
  with it; nobody is matched to the half-made game, which does not exist; the next matcher
  seats everyone.

After each: every ticket is waiting, cancelled or in exactly one game at its seat
(``assert_exactly_once``), and no table that could form is left waiting."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.db import connection, connections

from games.models import Game
from matchmaking import services
from matchmaking.errors import AlreadyQueued, NotQueued, TicketAlreadyMatched
from matchmaking.models import Ticket
from tests.conftest import REPO_ROOT, _worker_env
from tests.matchmaking.conftest import assert_exactly_once
from tests.services.helpers import make_user

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
PRESETS = ["classic", "two_player", "three_player"]


def _churn(
    users,
    *,
    seconds: float,
    seed: int,
    errors: list,
    stop: threading.Event,
    queue_share: float = 0.6,
    waits=(0, 1, 30),
    pause_s: float = 0.0,
):
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline and not stop.is_set():
            user = rng.choice(users)
            try:
                if rng.random() < queue_share:
                    services.ticket_create(
                        user=user,
                        preset=rng.choice(PRESETS),
                        ai_fill=rng.random() < 0.7,
                        ai_fill_after_s=rng.choice(waits),
                        wake=False,
                    )
                else:
                    services.ticket_cancel(user=user)
            except (AlreadyQueued, NotQueued, TicketAlreadyMatched):
                pass
            if pause_s:
                time.sleep(rng.uniform(0, pause_s))
    except Exception as exc:  # reported by the test
        errors.append(exc)
    finally:
        connection.close()


def _matcher_loop(*, stop: threading.Event, errors: list, formed: list):
    try:
        while not stop.is_set():
            formed += services.matchmaking_match()
    except Exception as exc:
        errors.append(exc)
    finally:
        connection.close()


def _settle():
    for _ in range(5):
        services.matchmaking_match()
    time.sleep(1.1)  # AI fill of 1 s waits is now due
    services.matchmaking_match()
    leftover = [services._waiting(t) for t in Ticket.objects.filter(status="waiting")]
    assert services.plan_tables(leftover, now=time.time()) == []


def test_threads_queueing_cancelling_and_two_matchers():
    assert connection.vendor == "postgresql"
    users = [make_user(f"t{i}") for i in range(16)]
    stop, errors, formed = threading.Event(), [], []
    # Overlapping player sets: two threads often act for the same player at once.
    churners = [
        threading.Thread(
            target=_churn,
            args=(users[(i * 3) % 16 :] + users[: (i * 3) % 16][:4],),
            kwargs={"seconds": 6, "seed": i, "errors": errors, "stop": stop},
        )
        for i in range(6)
    ]
    matchers = [
        threading.Thread(
            target=_matcher_loop, kwargs={"stop": stop, "errors": errors, "formed": formed}
        )
        for _ in range(2)
    ]
    for thread in churners + matchers:
        thread.start()
    for thread in churners:
        thread.join()
    stop.set()
    for thread in matchers:
        thread.join()
    assert not errors, errors
    _settle()
    counts = assert_exactly_once()
    assert len(formed) == len(set(formed))
    assert counts.get("matched", 0) >= 20, counts  # the run really seated tables
    assert counts.get("cancelled", 0) >= 20, counts
    print("threads:", counts, "games:", Game.objects.count())


def _spawn(args, **extra_env):
    env = {**_worker_env(), **extra_env}
    return subprocess.Popen(
        [sys.executable, *args], cwd=REPO_ROOT, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip


def test_two_matcher_processes_while_players_queue_and_cancel():
    users = [make_user(f"p{i}") for i in range(16)]
    procs = [_spawn(["manage.py", "matchmaking_match", "--loop-s", "11"]) for _ in range(2)]
    time.sleep(3)  # both processes have started (Django set up) before the players come
    stop, errors = threading.Event(), []
    churners = [
        threading.Thread(
            target=_churn,
            args=(users[i * 4 : i * 4 + 6] or users[:6],),
            kwargs={
                "seconds": 6,
                "seed": 100 + i,
                "errors": errors,
                "stop": stop,
                "queue_share": 0.8,
                "waits": (0, 0, 1),
                "pause_s": 0.05,
            },
        )
        for i in range(4)
    ]
    for thread in churners:
        thread.start()
    for thread in churners:
        thread.join()
    outputs = [proc.communicate(timeout=60)[0] for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0], outputs
    assert not errors, errors
    formed = [int(out.strip().rsplit(" ", 1)[-1]) for out in outputs]
    assert all(n > 0 for n in formed), outputs  # both processes really matched
    connections.close_all()
    _settle()
    counts = assert_exactly_once()
    assert counts.get("matched", 0) >= 20, counts
    print("processes:", formed, counts)


KILLED_MATCHER = """
import os, sys, time, django
django.setup()
from matchmaking import services
real = services._start_game
def start_then_hang(**kwargs):
    game_id = real(**kwargs)
    open(sys.argv[1], "w").write(game_id)
    time.sleep(600)
services._start_game = start_then_hang
services.matchmaking_match()
"""


def test_a_matcher_killed_mid_table_leaves_everyone_waiting(tmp_path: Path):
    users = [make_user(f"k{i}") for i in range(4)]
    for user in users:
        services.ticket_create(user=user, preset="classic", wake=False)
    marker = tmp_path / "game-id"
    proc = _spawn(["-c", KILLED_MATCHER, str(marker)])
    deadline = time.monotonic() + 60
    while not marker.exists() or not marker.read_text():
        assert proc.poll() is None, proc.communicate()[0]
        assert time.monotonic() < deadline, "the matcher never seated its table"
        time.sleep(0.05)
    half_made = marker.read_text()
    # While it hangs inside its transaction, the tickets are locked: another matcher skips
    # them (SKIP LOCKED) instead of seating them twice, and a cancel would wait.
    assert services.matchmaking_match() == []
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    deadline = time.monotonic() + 30
    while True:  # the server notices the dead connection and rolls its transaction back
        formed = services.matchmaking_match()
        if formed or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert len(formed) == 1
    assert formed[0] != half_made
    assert not Game.objects.filter(pk=half_made).exists()
    assert assert_exactly_once() == {"matched": 4}
