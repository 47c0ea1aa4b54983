"""games/store/fast.py, the hot path of a move in plain SQL: the same rows, hashes, signed heads,
read model and errors as the store's ORM path (on PostgreSQL its one-statement append; on SQLite
the ORM path itself). Run on both databases (.ci/run)."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.db.transaction import TransactionManagementError

from games import errors, services, store
from games.models import Game, GameEvent, HeadSignature, Seat
from games.store import Actor, NewEvent
from games.store import fast as store_fast
from tests.services.helpers import aggregate, first_legal, human_move
from tests.store.conftest import new_game

pytestmark = pytest.mark.usefixtures("enqueued")


def test_a_whole_game_through_the_fast_path_verifies(db):
    """Every move of a finished game (passes, plays, hand ends with their signed heads, the game
    end, the read model at every step) went through store_fast; the auditor's full check
    (hash chain, replay, signatures, snapshots, read model) finds nothing."""
    game_id, _users = new_game(hands=99, target=30)
    game = Game.objects.get(pk=game_id)
    assert game.status == "finished"
    assert game.finished_at is not None
    assert store.verify_game(game_id) == []
    ends = GameEvent.objects.filter(game_id=game_id, type__in=["hand_scored", "game_ended"])
    assert HeadSignature.objects.filter(game_id=game_id).count() == ends.count() >= 2
    agg = aggregate(game_id)
    assert (game.last_seq, game.to_act, game.awaiting_ai) == (agg.seq, list(agg.to_act), False)


def test_fast_and_orm_paths_write_the_same_row_and_read_model(db):
    """The same move appended once by each path (each in a transaction rolled back after):
    the same event row (hash included) and the same game row."""
    game_id, users = new_game(hands=0)
    agg = aggregate(game_id)
    seat = agg.to_act[0]
    move = first_legal(agg, seat)
    from games import aggregate as agg_mod
    from games import engine

    events = [
        store.engine_event(e, Actor.player(users[seat].pk, seat))
        for e in engine.decide(agg.state, move)
    ]
    after = agg
    for ev in events:
        after = agg_mod.evolve(after, ev.type, ev.payload)
    from django.utils import timezone

    now = timezone.now()
    written = {}
    for path in ("fast", "orm"):
        with transaction.atomic():
            game = store_fast.lock_game(game_id) if path == "fast" else store.lock_game(game_id)
            if path == "fast":
                stored = store_fast.append_and_sync(
                    game, before=agg, agg=after, events=events, now=now
                )
            else:
                stored = store.append(game, expected_seq=agg.seq, events=events, now=now)
                store.sync_read_model(game, agg, after, now=now)
            rows = list(
                GameEvent.objects.filter(game_id=game_id, seq__gt=agg.seq)
                .order_by("seq")
                .values("seq", "type", "schema_version", "payload", "actor_kind",
                        "actor_player_id", "actor_seat", "created_at", "prev_hash", "hash")
            )  # fmt: skip
            row = Game.objects.filter(pk=game_id).values().get()
            written[path] = (stored, rows, row)
            transaction.set_rollback(True)
    assert written["fast"] == written["orm"]
    assert len(written["fast"][1]) == len(events) >= 1


def test_a_stale_writer_gets_the_committed_head_and_leaves_nothing(db):
    """Without the row lock (a writer that read the head before another appended), the
    one-statement append inserts nothing of its own, updates nothing and raises
    ConcurrencyConflict with the head that was committed, like store.append."""
    game_id, users = new_game(hands=0)
    stale = Game.objects.get(pk=game_id)  # read, not locked
    head = stale.last_seq
    before = aggregate(game_id)
    seat = before.to_act[0]
    human_move(game_id, users[seat], first_legal(before, seat))  # someone else moves first
    events = [
        NewEvent("seat_reclaimed", {"seat": seat}, Actor.system()),
        NewEvent("seat_reclaimed", {"seat": seat}, Actor.system()),
    ]
    with pytest.raises(errors.ConcurrencyConflict) as info, transaction.atomic():
        store_fast.append_and_sync(
            stale, before=before, agg=before, events=events, now=stale.created_at
        )
    assert info.value.current_seq == head + 1
    seqs = list(GameEvent.objects.filter(game_id=game_id).values_list("seq", flat=True))
    assert seqs == list(range(1, head + 2))
    assert Game.objects.get(pk=game_id).last_seq == head + 1


def test_an_expected_seq_behind_the_locked_row_is_a_conflict_before_any_write(db):
    game_id, _users = new_game(hands=0)
    before = aggregate(game_id)
    event = NewEvent("seat_reclaimed", {"seat": 0}, Actor.system())
    with transaction.atomic():
        game = store_fast.lock_game(game_id)
        game.last_seq += 1  # as if the row had moved on since `before` was loaded
        with pytest.raises(errors.ConcurrencyConflict) as info:
            store_fast.append_and_sync(
                game, before=before, agg=before, events=[event], now=game.created_at
            )
    assert info.value.current_seq == before.seq + 1


def test_get_game_is_the_orm_row_and_rejects_what_the_store_rejects(db):
    game_id, _users = new_game(hands=0)
    ours, orm = store_fast.get_game(game_id), Game.objects.get(pk=game_id)
    for field in Game._meta.concrete_fields:
        assert getattr(ours, field.attname) == getattr(orm, field.attname), field.name
    assert not ours._state.adding
    assert isinstance(ours.ruleset, dict)  # JSON decoded as the ORM does
    assert store_fast.get_game(str(game_id)).pk == orm.pk
    for bad in ("not-a-uuid", "", "00000000-0000-0000-0000-000000000000", 12, None):
        with pytest.raises(errors.GameNotFound):
            store_fast.get_game(bad)


@pytest.mark.django_db(transaction=True)
def test_lock_game_needs_a_transaction():
    game_id, _users = new_game(hands=0)
    with pytest.raises(TransactionManagementError):
        store_fast.lock_game(game_id)  # autocommit: a lock would end with its statement
    with transaction.atomic():
        assert str(store_fast.lock_game(game_id).pk) == str(game_id)


def test_seat_rows_follow_a_hand_over_on_the_fast_path(db):
    game_id, users = new_game(hands=0)
    services.seat_hand_to_ai(game_id=game_id, user=users[2], level="heuristic")
    seat = Seat.objects.get(game_id=game_id, index=2)
    assert seat.handed_to_ai is True
    assert store.verify_game(game_id) == []  # read model (seats included) == the replay
