"""Optimistic concurrency: two clients racing for the same turn; exactly one wins, the other gets
ConcurrencyConflict, and the log stays linear. Runs on real transactions on both databases
(SQLite serialises writers with IMMEDIATE transactions; PostgreSQL locks the game row)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction

from games import errors, services, store
from games.models import Game, GameEvent
from games.store import Actor, NewEvent
from tests.services.helpers import aggregate, first_legal, human_move
from tests.store.conftest import new_game


def test_a_stale_writer_hits_the_unique_constraint_and_gets_a_conflict(played):
    """The unique (game, seq) constraint is the guarantee even without the row lock: a writer
    that read the head before another appended collides on the sequence number."""
    stale = Game.objects.get(pk=played)  # read, not locked
    head = stale.last_seq
    agg = aggregate(played)
    seat = agg.to_act[0]
    user = GameEvent.objects.filter(game_id=played, type="seat_taken", payload__seat=seat).first()
    human_move(played, user.actor_player, first_legal(agg, seat))  # someone else moves first
    event = NewEvent("seat_reclaimed", {"seat": seat}, Actor.system())
    with pytest.raises(errors.ConcurrencyConflict) as info, transaction.atomic():
        store.append(stale, expected_seq=head, events=[event])
    assert info.value.current_seq == head + 1
    seqs = list(GameEvent.objects.filter(game_id=played).values_list("seq", flat=True))
    assert seqs == list(range(1, head + 2))


@pytest.mark.django_db(transaction=True)
def test_two_clients_racing_for_the_same_turn(enqueued):
    game_id, users = new_game(hands=0)  # passing phase of hand 1 reached
    agg = aggregate(game_id)
    seat = agg.to_act[0]
    user = users[seat]
    head = agg.seq
    cards = sorted(c.code for c in first_legal(agg, seat).cards)
    barrier = threading.Barrier(2)
    outcomes: list[object] = [None, None]

    def client(index: int) -> None:
        try:
            barrier.wait(timeout=10)
            outcomes[index] = services.game_pass_cards(
                game_id=game_id, user=user, cards=cards, expected_seq=head
            )
        except Exception as exc:
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    wins = [o for o in outcomes if isinstance(o, services.CommandResult)]
    conflicts = [o for o in outcomes if isinstance(o, errors.ConcurrencyConflict)]
    assert (len(wins), len(conflicts)) == (1, 1), outcomes
    assert conflicts[0].current_seq == head + 1
    seqs = list(
        GameEvent.objects.filter(game_id=game_id).order_by("seq").values_list("seq", flat=True)
    )
    assert seqs == list(range(1, head + 2))
    assert GameEvent.objects.filter(game_id=game_id, type="cards_passed").count() == 1
    assert store.verify_game(game_id) == []
