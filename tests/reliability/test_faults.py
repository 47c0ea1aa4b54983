"""Faults: the database unreachable, the broker unreachable, a worker killed mid-task.

Nothing shared is restarted: the server (or worker) under test talks to PostgreSQL / Redis through
a TCP proxy owned by the test (``live.TcpProxy``), which the test cuts and restores.
"""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings
from django.db import DatabaseError, connection, transaction

from games.models import Game, GameEvent
from tests.conftest import start_celery_worker
from tests.reliability.conftest import assert_log_verifies
from tests.reliability.live import Client, TcpProxy, four_human_table, game_against_ai, sign_up
from tests.sync.conftest import spawn_asgi_server, wait_until_ready

pytestmark = pytest.mark.integration


def _through(url: str, proxy: TcpProxy) -> str:
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)
    host = f"127.0.0.1:{proxy.port}"
    return urlunsplit(parts._replace(netloc=f"{netloc[0]}@{host}" if len(netloc) == 2 else host))


def _proxy_for(url: str) -> TcpProxy:
    parts = urlsplit(url)
    return TcpProxy(parts.hostname or "127.0.0.1", parts.port or 5432)


def _wait_for(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"timed out after {timeout}s waiting for {what}")


@pytest.mark.postgres
def test_database_unreachable_is_503_and_the_server_recovers_by_itself(base_urls):
    db_url = os.environ["DATABASE_URL"]
    proxy = _proxy_for(db_url)
    server = spawn_asgi_server("db-proxied", DATABASE_URL=_through(db_url, proxy))
    try:
        wait_until_ready(server)
        game_id, players = four_human_table(server.base_url, options={"passing": False})
        seat = players[0].game(game_id)["to_act"][0]
        mover = Client(server.base_url, players[seat].token)
        card = mover.game(game_id)["view"]["legal_cards"][0]
        seq = mover.game(game_id)["seq"]

        proxy.cut()
        for response in (
            mover.get(f"/games/{game_id}/"),
            mover.post(f"/games/{game_id}/plays/", {"card": card}),
            mover.get("/games/"),
            Client(server.base_url).post(
                "/players/", {"username": "x-down", "password": "correct-horse-battery-9"}
            ),
        ):
            assert response.status_code == 503, response.text
            assert response.headers["content-type"].startswith("application/problem+json")
            assert response.json()["code"] == "service_unavailable"
            assert "Retry-After" in response.headers
        assert GameEvent.objects.filter(game_id=game_id).count() == seq  # nothing appended

        proxy.restore()
        # The same process serves again: no restart, at most one request per dropped connection.
        _wait_for(lambda: mover.get(f"/games/{game_id}/").status_code == 200, 20, "recovery")
        r = mover.post(f"/games/{game_id}/plays/", {"card": card, "expected_seq": seq})
        assert r.status_code == 200, r.text
        assert server.process.poll() is None
        mover.close()
        assert_log_verifies(game_id)
    finally:
        server.stop()
        proxy.close()


@pytest.mark.redis
def test_broker_down_human_moves_are_accepted_and_ai_seats_catch_up(base_urls, redis_url):
    """A Redis broker (the configured one, else the suite's embedded Redis) that the web server
    and the worker reach through the proxy. While it is cut the human's move is accepted (the AI
    turn's enqueue fails after the commit); once it is back the worker's beat (rescue and sweep)
    re-enqueues the stalled AI turn and the game plays on. The server and the worker have a
    queue of their own: no other worker of the run (which reaches the broker directly, and has
    the default stall delay of 30 s) takes their tasks."""
    broker = (
        settings.CELERY_BROKER_URL if settings.CELERY_BROKER_URL.startswith("redis") else redis_url
    )
    proxy = _proxy_for(broker)
    proxied = _through(broker, proxy)
    worker_env = {
        "CELERY_BROKER_URL": proxied,
        "CELERY_RESULT_BACKEND": broker,  # results direct: only the broker is down
        "HEARTS_AI_STALL_AFTER_S": "2",
        "HEARTS_AI_SWEEP_EVERY_S": "1",
    }
    queue = f"{settings.CELERY_TASK_DEFAULT_QUEUE}-broker-proxied"
    server = spawn_asgi_server(
        "broker-proxied",
        CELERY_BROKER_URL=proxied,
        CELERY_RESULT_BACKEND=broker,
        HEARTS_TEST_QUEUE=queue,
    )
    try:
        worker = start_celery_worker(beat=True, env=worker_env, queue=queue)
        try:
            wait_until_ready(server)
            human = sign_up(server.base_url, "human")
            game_id = game_against_ai(
                server.base_url, human, options={"passing": False, "target": 1}
            )

            def my_turn():
                g = human.game(game_id)
                return g if g["your_seat"] in g["to_act"] else None

            game = _wait_for(my_turn, 60, "the human's first turn")
            proxy.cut()
            for _ in range(13):  # a hand has 13 tricks
                r = human.post(f"/games/{game_id}/plays/", {"card": game["view"]["legal_cards"][0]})
                assert r.status_code == 200, r.text  # accepted while the broker is down
                seq_after = r.json()["seq"]
                if Game.objects.get(pk=game_id).awaiting_ai:
                    break
                # The human's card closed a trick that the human took: it leads the next one.
                game = human.game(game_id)
            assert Game.objects.get(pk=game_id).awaiting_ai, "no AI seat had to act"
            time.sleep(3)
            assert Game.objects.get(pk=game_id).last_seq == seq_after  # no AI moved meanwhile

            proxy.restore()
            _wait_for(
                lambda: Game.objects.get(pk=game_id).last_seq > seq_after,
                60,
                "AI seats to catch up",
            )
            assert worker.is_alive()
            assert_log_verifies(game_id)
        finally:
            worker.stop()
    finally:
        server.stop()
        proxy.close()


def _turns_held(worker) -> set[str]:
    """The AI turns that ``worker`` has taken from the broker and not finished (its log)."""
    log = worker.log_text()
    received = set(re.findall(r"ai_take_turn\[([0-9a-f-]+)\] received", log))
    done = set(re.findall(r"ai_take_turn\[([0-9a-f-]+)\] (?:succeeded|raised)", log))
    return received - done


def _queued(queue: str) -> int:
    """Messages waiting in the broker on ``queue`` (not those a worker has taken)."""
    from kombu.exceptions import ChannelError

    from hearts_api.celery import app

    with app.connection_for_write() as conn:
        try:
            return conn.default_channel.queue_declare(queue=queue, passive=True).message_count
        except ChannelError:  # Redis: an empty queue is no key at all
            return 0


def test_a_worker_killed_mid_task_loses_nothing(transactional_db, monkeypatch):
    """Four AI seats with a think delay (each turn a countdown message the worker holds until
    due): SIGKILL the worker while it holds the game's next turn, start another one with beat;
    its rescue or sweep sends the lost turn again and the game reaches game over and verifies.
    The suite's session worker is kept off the queue (else it plays on and the kill is met by
    nothing)."""
    from games import services
    from tests.sync.helpers import _sign_up

    monkeypatch.setenv("HEARTS_AI_STALL_AFTER_S", "2")
    monkeypatch.setenv("HEARTS_AI_SWEEP_EVERY_S", "1")
    creator, _ = _sign_up("creator")
    created = services.game_create(
        user=creator, preset="classic", overrides={"passing": False, "target": 1},
        think_delay_ms=150, take_seat=False,
    )  # fmt: skip
    game_id = str(created.game_id)
    services.seat_fill_with_ai(game_id=game_id, user=creator, level="random")
    with _other_workers_off_the_queue():
        first = start_celery_worker()
        services.game_start(game_id=game_id, user=creator)
        _wait_for(lambda: Game.objects.get(pk=game_id).last_seq >= 12, 60, "a few AI moves")
        # Freeze the worker; kill it only while it holds a turn and none waits in the broker:
        # the game's next move then dies with it (not between a turn's send and its log line).
        deadline, tries = time.monotonic() + 20, 0
        while True:
            tries += 1
            os.kill(first.process.pid, signal.SIGSTOP)
            time.sleep(0.05)
            if _turns_held(first) and not _queued(first.queue):
                first.kill()
                break
            os.kill(first.process.pid, signal.SIGCONT)
            game = Game.objects.get(pk=game_id)
            if game.status != "active" or time.monotonic() > deadline:
                pytest.fail(f"never caught the worker holding a turn (game {game.status})")
            time.sleep(random.uniform(0, 0.05))
        killed_at = Game.objects.get(pk=game_id).last_seq
        second = start_celery_worker(beat=True)
        try:
            _wait_for(lambda: Game.objects.get(pk=game_id).status == "finished", 120, "game over")
        finally:
            second.stop()
    after = Game.objects.get(pk=game_id).last_seq - killed_at
    print(f"killed the worker holding a turn at seq {killed_at} (try {tries}); {after} events"
          " after the kill")  # fmt: skip
    assert after > 0
    # The lost turn came back through the new worker's beat, not from the broker.
    assert re.search(r"rescued \d+ AI chain|re-enqueued \d+ stalled", second.log_text())
    assert GameEvent.objects.filter(game_id=game_id, type="game_ended").count() == 1
    assert_log_verifies(game_id)


def _pool_children(pid: int) -> list[int]:
    """The pids whose parent is ``pid`` (the prefork pool's children of a worker's main process)."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[1]) == pid:  # fields after "(comm)": state, ppid, ...
            children.append(int(stat.parent.name))
    return children


def _game_write_locked(game_id: str) -> bool:
    """True while another connection holds the game's write lock, i.e. an AI chain is inside the
    transaction of its next move: then its previous commit's backup task was already sent."""
    if connection.vendor == "sqlite":  # IMMEDIATE transactions: one writer holds the database
        probe = sqlite3.connect(connection.settings_dict["NAME"], timeout=0, isolation_level=None)
        try:
            probe.execute("BEGIN IMMEDIATE")
            probe.execute("ROLLBACK")
            return False
        except sqlite3.OperationalError:  # database is locked
            return True
        finally:
            probe.close()
    try:
        with transaction.atomic():
            list(Game.objects.select_for_update(nowait=True).filter(pk=game_id).values("pk"))
        return False
    except DatabaseError:  # could not obtain lock on row
        return True


@contextmanager
def _other_workers_off_the_queue():
    """Workers already consuming this run's queue (the suite's session worker) stop consuming it
    for the block, so that a worker started inside gets every task; they resume afterwards."""
    from hearts_api.celery import app

    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    replies = app.control.inspect(timeout=1).active_queues() or {}
    others = [name for name, queues in replies.items() if any(q["name"] == queue for q in queues)]
    if others:
        answers = app.control.cancel_consumer(queue, destination=others, reply=True, timeout=5)
        assert len(answers) == len(others), answers
    try:
        yield
    finally:
        if others:
            app.control.add_consumer(queue, destination=others, reply=True, timeout=5)


def test_a_pool_child_killed_mid_chain_is_rescued_by_the_chain_backup(
    transactional_db, monkeypatch
):
    """An AI chain that commits after every move (``HEARTS_AI_COMMIT_EVERY_MS=0``; expert bots;
    the whole game one chain) runs in a prefork worker with one pool child and no beat. SIGKILL
    that child while the chain is inside a move's transaction: the worker's main process lives
    on, the chain's own task comes back stale (``reject_on_worker_lost``), the sweeper is not
    running (and waits 300 s), so only the backup task sent by the chain's last commit can play
    on. The game reaches game over and its log verifies.

    When: on Redis ``HEARTS_AI_CHAIN_BACKUP_MS`` (2 s) after that commit. On the filesystem
    broker about 10 s after the kill: the lost task holds the worker's only prefetch slot (so
    the backups are still in the broker) until Celery gives the child up, which its synchronous
    consumer loop does after ``worker_lost_wait`` (10 s)."""
    from games import services
    from tests.sync.helpers import _sign_up

    monkeypatch.setenv("HEARTS_AI_COMMIT_EVERY_MS", "0")
    monkeypatch.setenv("HEARTS_AI_CHAIN_MAX", "1000")  # one chain: no fresh chain task to redeliver
    monkeypatch.setenv("HEARTS_AI_CHAIN_BACKUP_MS", str(settings.HEARTS_AI_CHAIN_BACKUP_MS))
    monkeypatch.setenv("HEARTS_AI_STALL_AFTER_S", "300")
    creator, _ = _sign_up("creator")
    created = services.game_create(
        user=creator, preset="classic", overrides={"passing": False, "target": 1},
        take_seat=False,
    )  # fmt: skip
    game_id = str(created.game_id)
    services.seat_fill_with_ai(game_id=game_id, user=creator, level="expert")
    with ExitStack() as stack:
        stack.enter_context(_other_workers_off_the_queue())
        worker = start_celery_worker(pool="prefork", concurrency=1)
        stack.callback(lambda: print(f"celery worker log:\n{worker.log_text()[-20000:]}"))
        stack.callback(worker.stop)
        (child,) = _wait_for(lambda: _pool_children(worker.process.pid), 10, "the pool child")
        started_at = services.game_start(game_id=game_id, user=creator).seq
        _wait_for(
            lambda: Game.objects.get(pk=game_id).last_seq >= started_at + 6, 30, "a few AI moves"
        )
        assert "Task games.ai_take_turn[" in worker.log_text()  # the chain runs in this worker
        # Freeze the child; kill it only while it holds the game's lock (so not between a commit
        # and the send of its backup: a window of about a millisecond in which a lost worker
        # leaves the game to the sweeper). The pause lets a COMMIT already on its way land.
        deadline, tries = time.monotonic() + 20, 0
        while True:
            tries += 1
            os.kill(child, signal.SIGSTOP)
            time.sleep(0.05)
            if _game_write_locked(game_id):
                os.kill(child, signal.SIGKILL)
                break
            os.kill(child, signal.SIGCONT)
            game = Game.objects.get(pk=game_id)
            if game.status != "active" or time.monotonic() > deadline:
                pytest.fail(f"never caught the chain inside a transaction (game {game.status})")
            time.sleep(random.uniform(0, 0.03))
        _wait_for(lambda: not _game_write_locked(game_id), 10, "the lost transaction's rollback")
        killed_at = Game.objects.get(pk=game_id).last_seq
        print(f"{time.strftime('%H:%M:%S')} killed pool child {child} at seq {killed_at} "
              f"(try {tries})")  # fmt: skip
        assert killed_at > started_at

        _wait_for(lambda: Game.objects.get(pk=game_id).last_seq > killed_at, 25, "the backup")
        assert worker.is_alive()  # only the pool child was lost, while it ran a task
        lost = re.compile(r"WorkerLostError\('Worker exited prematurely: signal 9 \(SIGKILL\)")
        _wait_for(lambda: lost.search(worker.log_text()), 15, "the worker to report the lost task")
        assert f"pid:{child} exited with 'signal 9 (SIGKILL)'" in worker.log_text()
        last, resumed = (
            GameEvent.objects.filter(game_id=game_id, seq__in=(killed_at, killed_at + 1))
            .order_by("seq")
            .values_list("created_at", flat=True)
        )
        print(f"resumed {(resumed - last).total_seconds():.3f} s after the last commit")
        # Played by a delayed task (the backup), not by the chain's task redelivered at once.
        assert (resumed - last).total_seconds() >= settings.HEARTS_AI_CHAIN_BACKUP_MS / 1000
        _wait_for(lambda: Game.objects.get(pk=game_id).status == "finished", 30, "game over")
        # The chain's own task came back too, and found the game moved on.
        stale = re.compile(rf"game {game_id} at seq \d+, not {started_at}\n")
        _wait_for(lambda: stale.search(worker.log_text()), 10, "the chain's task to come back")
    assert GameEvent.objects.filter(game_id=game_id, type="game_ended").count() == 1
    assert_log_verifies(game_id)


@pytest.mark.django_db
@pytest.mark.parametrize("error", ["OperationalError", "InterfaceError"])
def test_database_errors_are_503_problems_in_process(client, monkeypatch, error):
    """Regression (was a 500): any database connection error under the API is a 503."""
    import django.db
    from rest_framework.authentication import TokenAuthentication

    def down(self, request):
        raise getattr(django.db, error)("connection to server was lost")

    monkeypatch.setattr(TokenAuthentication, "authenticate", down)
    r = client.get("/api/v1/me/", HTTP_AUTHORIZATION="Token x")
    assert r.status_code == 503
    assert r["Content-Type"] == "application/problem+json"
    assert r["Retry-After"] == "5"
    assert r.json()["code"] == "service_unavailable"


def test_the_500_handler_answers_503_for_a_database_error_outside_a_view(rf):
    from django.db import OperationalError

    from hearts_api.error_views import server_error

    try:
        raise OperationalError("the database system is shutting down")
    except OperationalError:
        api = server_error(rf.get("/api/v1/games/"))
        page = server_error(rf.get("/admin/"))
    assert (api.status_code, api["Content-Type"]) == (503, "application/problem+json")
    assert api["Retry-After"] == "5"
    assert page.status_code == 503
