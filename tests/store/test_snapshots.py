"""Snapshots are a cache: deleting them changes nothing but speed; a long game loads with the
same number of queries as a new one."""

from __future__ import annotations

import pytest
from django.db import connection

from games import aggregate as agg_mod
from games import selectors, store
from games.models import GameEvent, GameSnapshot
from tests.store.conftest import new_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def long_game(enqueued):
    return new_game(hands=3)[0]


def test_a_snapshot_is_written_at_every_deal(long_game):
    deals = list(
        GameEvent.objects.filter(game_id=long_game, type="hand_dealt").values_list("seq", flat=True)
    )
    snaps = set(GameSnapshot.objects.filter(game_id=long_game).values_list("seq", flat=True))
    assert len(deals) == 4
    assert set(deals) <= snaps
    assert set(GameSnapshot.objects.values_list("version", flat=True)) == {store.snapshot_version()}


def test_deleting_every_snapshot_changes_nothing_but_speed(long_game):
    with_cache = store.load(long_game)
    assert with_cache.snapshot_seq > 0
    GameSnapshot.objects.filter(game_id=long_game).delete()
    scratch = store.load(long_game)
    assert scratch.snapshot_seq == 0
    assert agg_mod.aggregate_to_dict(scratch.aggregate) == agg_mod.aggregate_to_dict(
        with_cache.aggregate
    )
    assert store.load(long_game, use_snapshots=False).aggregate == scratch.aggregate


def test_a_stale_engine_version_snapshot_is_ignored(long_game):
    snap = GameSnapshot.objects.filter(game_id=long_game).order_by("-seq").first()
    GameSnapshot.objects.filter(pk=snap.pk).update(
        version="engine-0.aggregate-0", state={"garbage": 1}
    )
    loaded = store.load(long_game)
    assert loaded.snapshot_seq < snap.seq
    assert loaded.aggregate == store.load(long_game, use_snapshots=False).aggregate
    assert store.verify_game(long_game) == []  # ignored, not reported


def test_a_long_game_loads_with_as_many_queries_and_a_short_tail(
    long_game, enqueued, django_assert_num_queries
):
    short_game = new_game(hands=0)[0]
    for game_id in (short_game, long_game):
        with django_assert_num_queries(2):  # newest snapshot + the events after it
            loaded = store.load(game_id)
        assert loaded.aggregate.seq - loaded.snapshot_seq < store.snapshot_every()
    long_agg = store.load(long_game).aggregate
    assert long_agg.seq > 3 * 60  # three hands of play really are in the log
    user = type("Anon", (), {"is_authenticated": False, "pk": None})()
    # game row + snapshot + tail; on PostgreSQL in one statement (store.fast.get_game_with_state)
    with django_assert_num_queries(1 if connection.vendor == "postgresql" else 3):
        view = selectors.game_view_for_user(game_id=long_game, user=user)
    assert view["seq"] == long_agg.seq


def test_load_up_to_a_sequence_number_matches_a_replay_prefix(long_game):
    rows = store.event_rows(long_game)
    for seq in (1, 7, 60, len(rows) // 2, len(rows)):
        expected = agg_mod.replay(store.upcast_rows(rows[:seq]))
        assert store.load(long_game, upto_seq=seq).aggregate == expected
