"""``store.recent``: the aggregates a process committed or loaded, by (game, seq), in front of the
snapshots. A hit must be exactly what a replay of the log gives; a rolled-back command must leave
nothing behind."""

from __future__ import annotations

import dataclasses

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games import store
from games.models import Game
from games.store import Loaded, RecentAggregates
from tests.services.helpers import first_legal, human_move
from tests.store.conftest import new_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty():
    store.recent.clear()
    yield
    store.recent.clear()


def _replayed(game_id):
    return store.load(game_id, use_snapshots=False).aggregate


def _move(game_id, users):
    agg = _replayed(game_id)
    seat = agg.to_act[0]
    return human_move(game_id, users[seat], first_legal(agg, seat))


def test_a_committed_command_is_the_next_load_without_reading_the_log(
    enqueued, django_capture_on_commit_callbacks, django_assert_num_queries
):
    game_id, users = new_game(hands=0)
    with django_capture_on_commit_callbacks(execute=True):
        result = _move(game_id, users)
    game = Game.objects.get(pk=game_id)
    with django_assert_num_queries(0):
        loaded = store.load(game)
    assert loaded.aggregate is result.aggregate
    assert loaded.aggregate == _replayed(game_id)


def test_a_rolled_back_command_leaves_nothing(enqueued, django_capture_on_commit_callbacks):
    game_id, users = new_game(hands=0)
    before = Game.objects.get(pk=game_id).last_seq
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        _move(game_id, users)
        transaction.set_rollback(True)
    assert callbacks == []  # nothing ran: the commit never happened
    assert store.recent.get(game_id, before + 1) is None
    game = Game.objects.get(pk=game_id)
    assert game.last_seq == before
    assert store.load(game).aggregate == _replayed(game_id)


@pytest.mark.django_db(transaction=True)
def test_a_load_outside_a_transaction_is_kept_and_a_stale_row_misses(
    enqueued, django_assert_num_queries
):
    game_id, _ = new_game(hands=0)
    game = Game.objects.get(pk=game_id)
    store.recent.clear()  # what the commands of new_game kept
    first = store.load(game)
    with django_assert_num_queries(0):
        assert store.load(game) is first
    game.last_seq -= 1  # a row that says another seq: not a hit, the log is read to its end
    with CaptureQueriesContext(connection) as queries:
        assert store.load(game).aggregate == _replayed(game_id)
    assert len(queries) > 0


def test_the_games_served_longest_ago_go_first_and_each_keeps_only_its_newest_state():
    recent = RecentAggregates(2)
    game_id, _ = new_game(hands=0)
    agg = _replayed(game_id)

    def at(seq):
        return Loaded(aggregate=dataclasses.replace(agg, seq=seq), snapshot_seq=0)

    for seq in (1, 2, 3):  # one game's moves take one place, the newest state
        recent.put(game_id, at(seq))
    assert recent.get(game_id, 2) is None
    assert recent.get(game_id, 3).aggregate.seq == 3
    recent.put(game_id, at(2))  # an older state read late does not replace a newer one
    assert recent.get(game_id, 3).aggregate.seq == 3
    assert recent.newest_before(game_id, 5).aggregate.seq == 3
    recent.put("other-a", at(7))
    recent.put("other-b", at(8))  # a third game: the one served longest ago goes
    assert recent.get(game_id, 3) is None
    assert (recent.get("other-a", 7).aggregate.seq, recent.get("other-b", 8).aggregate.seq) == (
        7,
        8,
    )
    off = RecentAggregates(0)
    off.put(game_id, at(3))
    assert off.get(game_id, 3) is None  # size 0: the cache is off
