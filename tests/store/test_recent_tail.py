"""The process's recent aggregates: a process that holds a game a few moves behind (another
process made the moves since) reads only the events after what it holds, one query, and gets
exactly the state a full replay gives."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import aggregate as agg_mod
from games import store
from games.models import Game
from tests.store.conftest import full_replay, new_game

pytestmark = pytest.mark.usefixtures("enqueued", "empty_recent")


def test_a_state_some_moves_behind_is_caught_up_from_the_log_tail(db):
    game_id, _users = new_game(hands=1)
    game = Game.objects.get(pk=game_id)
    behind = store.load(game_id, upto_seq=game.last_seq - 5)
    store.recent.put(game_id, behind)
    with CaptureQueriesContext(connection) as ctx:
        loaded = store.load(game)
    assert len(ctx.captured_queries) == 1  # the five events after it; no snapshot read
    assert "games_gameevent" in ctx.captured_queries[0]["sql"]
    assert loaded.aggregate.seq == game.last_seq
    assert agg_mod.aggregate_to_dict(loaded.aggregate) == full_replay(game_id)
    assert loaded.snapshot_seq == behind.snapshot_seq


def test_the_newest_state_held_is_the_base_and_never_one_ahead(db):
    game_id, _users = new_game(hands=1)
    game = Game.objects.get(pk=game_id)
    head = game.last_seq
    for back in (9, 3, 6):  # put out of order: the newest (3 behind) is the base
        store.recent.put(game_id, store.load(game_id, upto_seq=head - back))
    assert store.recent.newest_before(game_id, head).aggregate.seq == head - 3
    assert store.recent.newest_before(game_id, head - 3) is None  # none below it is newer
    # a reader of an older row (its last_seq behind what is held) does not use a later state
    game.last_seq = head - 4
    loaded = store.load(game)
    assert loaded.aggregate.seq == head  # (it replays what is stored: the rows are the truth)


def test_an_evicted_newest_state_is_forgotten(db):
    game_id, _users = new_game(hands=1)
    head = Game.objects.get(pk=game_id).last_seq
    small = store.RecentAggregates(2)
    small.put(game_id, store.load(game_id, upto_seq=head - 2))
    small.put("other-a", store.load(game_id, upto_seq=head - 3))
    small.put("other-b", store.load(game_id, upto_seq=head - 4))  # evicts the first
    assert small.newest_before(game_id, head) is None
