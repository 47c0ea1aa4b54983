"""A command's lock and the events after the state its process holds, in one statement
(``store.fast.lock_game_with_tail``, PostgreSQL): gunicorn's workers take a game's moves in
turn, so a worker mostly holds the game a move or two behind. The state it gives is exactly a
full replay's, and whenever the events read do not reach the locked row (a move committed while
the statement waited for the lock) it gives nothing and the command loads as before. Other
databases always load as before."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games import aggregate as agg_mod
from games import errors, store
from games.models import Game, GameSnapshot
from tests.services.helpers import first_legal, human_move, play_humans
from tests.store.conftest import full_replay, is_postgres, new_game

pytestmark = pytest.mark.usefixtures("enqueued", "empty_recent")


def lock_with_tail(game_id):
    with CaptureQueriesContext(connection) as ctx, transaction.atomic():
        game, current = store.fast.lock_game_with_tail(game_id)
    sql = [q["sql"] for q in ctx.captured_queries]
    return game, current, [q for q in sql if not q.startswith(("SAVEPOINT", "RELEASE"))]


@pytest.mark.django_db
def test_a_state_held_moves_behind_is_brought_up_to_date_by_the_lock_itself():
    game_id, _users = new_game(hands=1)
    head = Game.objects.get(pk=game_id).last_seq
    behind = store.load(game_id, upto_seq=head - 5)
    store.recent.put(game_id, behind)
    game, current, sql = lock_with_tail(game_id)
    assert game.last_seq == head
    assert len(sql) == 1
    if is_postgres():
        assert "FOR UPDATE" in sql[0]
        assert '"games_gameevent"' in sql[0]
        assert current.aggregate.seq == head
        assert agg_mod.aggregate_to_dict(current.aggregate) == full_replay(game_id)
        assert current.snapshot_seq == behind.snapshot_seq
    else:  # the ORM path: the command loads after the lock
        assert current is None


@pytest.mark.django_db
def test_a_state_held_at_the_head_is_the_state():
    game_id, _users = new_game(hands=1)
    head = store.load(game_id)
    store.recent.put(game_id, head)
    assert store.recent.held(game_id) is head
    _game, current, sql = lock_with_tail(game_id)
    assert len(sql) == 1
    if is_postgres():
        assert current.aggregate is head.aggregate
    else:
        assert current is None


def mid_hand_game():
    """A game some moves past its newest snapshot (written at every deal)."""
    game_id, users = new_game(hands=1)
    dealt = Game.objects.get(pk=game_id).last_seq
    play_humans(game_id, dict(enumerate(users)), stop=lambda a: a.seq >= dealt + 8)
    return game_id


@pytest.mark.django_db
def test_nothing_held_reads_the_newest_snapshot_and_its_tail_with_the_lock():
    """A process that holds nothing of the game (pushed out of ``recent`` by other games): the
    lock statement also reads the newest snapshot and the events after it, so the command needs
    no second or third statement (``load``'s snapshot and tail)."""
    game_id = mid_hand_game()
    head = Game.objects.get(pk=game_id).last_seq
    newest = GameSnapshot.objects.filter(game_id=game_id).order_by("-seq").first()
    assert 0 < newest.seq < head  # a snapshot and a tail after it
    game, current, sql = lock_with_tail(game_id)
    assert game.last_seq == head
    assert len(sql) == 1
    if is_postgres():
        assert "FOR UPDATE" in sql[0]
        assert '"games_gamesnapshot"' in sql[0]
        assert current.aggregate.seq == head
        assert current.snapshot_seq == newest.seq
        assert agg_mod.aggregate_to_dict(current.aggregate) == full_replay(game_id)
    else:  # the ORM path: the command loads after the lock
        assert current is None
    with pytest.raises(errors.GameNotFound), transaction.atomic():
        store.fast.lock_game_with_tail("not-a-game-id")
    with pytest.raises(errors.GameNotFound), transaction.atomic():
        store.fast.lock_game_with_tail("6f1c1a52-0000-4000-8000-000000000000")


@pytest.mark.django_db
def test_a_state_the_caller_has_at_hand_counts_as_held():
    """An AI chain commits, then plays on from the state its commit left (``preloaded``): the
    lock reads the events after that state, whatever the process cache holds."""
    game_id = mid_hand_game()
    head = Game.objects.get(pk=game_id).last_seq
    behind = store.load(game_id, upto_seq=head - 2)
    at_head = store.load(game_id)
    store.recent.clear()
    with CaptureQueriesContext(connection) as ctx, transaction.atomic():
        _game, current = store.fast.lock_game_with_tail(game_id, held=behind)
        _game, same = store.fast.lock_game_with_tail(game_id, held=at_head)
    sql = [q["sql"] for q in ctx.captured_queries if q["sql"].startswith("SELECT")]
    assert len(sql) == 2
    if is_postgres():
        assert not any('"games_gamesnapshot"' in q for q in sql)
        assert agg_mod.aggregate_to_dict(current.aggregate) == full_replay(game_id)
        assert same is at_head
    else:
        assert current is None
        assert same is None


@pytest.mark.django_db
def test_nothing_held_and_no_snapshot_replays_the_log_from_its_start():
    game_id, _users = new_game(hands=1)
    GameSnapshot.objects.filter(game_id=game_id).delete()
    _game, current, sql = lock_with_tail(game_id)
    assert len(sql) == 1
    if is_postgres():
        assert current.snapshot_seq == 0
        assert agg_mod.aggregate_to_dict(current.aggregate) == full_replay(game_id)
    else:
        assert current is None


@pytest.mark.django_db
def test_a_snapshot_of_another_version_is_never_read():
    """Snapshots are a cache keyed by the engine and aggregate versions: a newer one of another
    version (here one that would not even decode) is passed over for the current version's."""
    game_id = mid_hand_game()
    head = Game.objects.get(pk=game_id).last_seq
    current_version = GameSnapshot.objects.filter(game_id=game_id).order_by("-seq").first()
    assert current_version.seq < head - 1
    GameSnapshot.objects.create(
        game_id=game_id, seq=head - 1, version="engine-0.aggregate-0", state={}
    )
    _game, current, _sql = lock_with_tail(game_id)
    if is_postgres():
        assert current.snapshot_seq == current_version.seq
        assert agg_mod.aggregate_to_dict(current.aggregate) == full_replay(game_id)
    else:
        assert current is None


@pytest.mark.django_db
def test_events_that_do_not_reach_the_row_give_nothing():
    """``load_after`` takes a tail only when it runs exactly from the held state to the row's
    ``last_seq``."""
    game_id, _users = new_game(hands=1)
    game = Game.objects.get(pk=game_id)
    head = game.last_seq
    behind = store.load(game_id, upto_seq=head - 3)
    rows = store.event_rows(game_id, after_seq=head - 3)
    assert [r["seq"] for r in rows] == [head - 2, head - 1, head]
    assert store.load_after(game, behind, rows).aggregate.seq == head
    assert store.load_after(game, behind, rows[:-1]) is None  # short of the row
    assert store.load_after(game, behind, rows[1:]) is None  # a gap after the held state
    ahead = store.load(game_id)
    game.last_seq = head - 1  # an older row than the state held: never used
    assert store.load_after(game, ahead, []) is None


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("holds", ["the head", "nothing"])
def test_a_move_committed_while_the_lock_waits_is_not_missed(holds):
    """Another transaction holds the row and commits a move while the lock statement waits for
    it: PostgreSQL hands back the row as committed (last_seq moved on), the events read under
    the statement's older snapshot stop short of it, and the command loads instead; whether
    the process held a state of the game (the events after it) or nothing (the snapshot and
    the events after it)."""
    game_id, users = new_game(hands=1)
    held = store.load(game_id)  # the head, held below (as after this process's last move)
    head = held.aggregate.seq
    seat = held.aggregate.to_act[0]
    move = first_legal(held.aggregate, seat)
    moved = threading.Event()
    failures: list[BaseException] = []

    def reader_waits() -> bool:
        if not is_postgres():
            return True  # SQLite: the reader's BEGIN IMMEDIATE waits for this commit anyway
        with connection.cursor() as cursor:
            # a transaction sees one snapshot of the statistics views unless it clears it: this
            # poll runs inside the writer's transaction
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock' AND query LIKE %s",
                ['%"games_gameevent"%FOR UPDATE%'],
            )
            return cursor.fetchone()[0] > 0

    def other_writer() -> None:
        try:
            with transaction.atomic():  # the row stays locked until this block commits
                human_move(game_id, users[seat], move)
                moved.set()
                deadline = time.monotonic() + 10
                while not reader_waits() and time.monotonic() < deadline:
                    time.sleep(0.02)
        except BaseException as exc:
            failures.append(exc)
            moved.set()
        finally:
            connection.close()

    writer = threading.Thread(target=other_writer)
    writer.start()
    assert moved.wait(timeout=20)
    store.recent.clear()  # (the writer's commit has not put its state yet)
    if holds == "the head":
        store.recent.put(game_id, held)
    with transaction.atomic():
        game, current = store.fast.lock_game_with_tail(game_id)
        assert game.last_seq > head  # the row as the writer committed it
        assert current is None  # its events were not under the statement's snapshot: load
        assert store.load(game).aggregate.seq == game.last_seq
    writer.join(timeout=10)
    assert not failures
    assert agg_mod.aggregate_to_dict(store.load(game_id).aggregate) == full_replay(game_id)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("holds", ["nothing", "a state some moves behind"])
def test_a_view_reads_the_game_and_its_state_in_one_statement_and_keeps_the_state(holds):
    """A view (``store.fast.get_game_with_state``) reads as the command's lock does, without
    the lock: on PostgreSQL the game row and its state in one statement (the row and the events
    then come from one snapshot); elsewhere the game row, then ``load``. Read outside a
    transaction, the state is kept in ``recent`` for the next request."""
    game_id = mid_hand_game()
    head = Game.objects.get(pk=game_id).last_seq
    store.recent.clear()
    if holds != "nothing":
        store.recent.put(game_id, store.load(game_id, upto_seq=head - 4))
    with CaptureQueriesContext(connection) as ctx:
        game, loaded = store.fast.get_game_with_state(game_id)
    sql = [q["sql"] for q in ctx.captured_queries]
    assert game.last_seq == loaded.aggregate.seq == head
    assert agg_mod.aggregate_to_dict(loaded.aggregate) == full_replay(game_id)
    assert not any("FOR UPDATE" in q for q in sql)
    assert len(sql) == (1 if is_postgres() else 2 if holds != "nothing" else 3)
    assert store.recent.get(game_id, head) is loaded
    with CaptureQueriesContext(connection) as ctx:
        _game, again = store.fast.get_game_with_state(game_id)
    assert again is loaded
    assert len(ctx.captured_queries) == 1
