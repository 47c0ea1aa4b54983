"""Phase and Status are str enums: rows, snapshots, JSON and the API keep the same strings."""

from __future__ import annotations

import json

import pytest

from games import engine, services, store
from games.aggregate import Status
from games.models import Game
from tests.services.helpers import make_user


def test_the_values_are_the_strings_of_before():
    assert [p.value for p in engine.Phase] == [
        "awaiting_deal",
        "passing",
        "playing",
        "moon_choice",
        "game_over",
    ]
    assert tuple(p.value for p in engine.Phase) == engine.state.PHASES
    assert [s.value for s in Status] == ["lobby", "active", "finished"]
    assert Game.Status is Status
    assert json.dumps({"status": Status.ACTIVE, "phase": engine.Phase.PLAYING}) == (
        '{"status": "active", "phase": "playing"}'
    )
    assert Game._meta.get_field("status").choices == [
        ("lobby", "Lobby"),
        ("active", "Active"),
        ("finished", "Finished"),
    ]


@pytest.mark.django_db
def test_a_started_game_stores_and_reloads_the_same_strings(settings):
    settings.HEARTS_SNAPSHOT_EVERY = 1
    alice = make_user("enum-alice")
    created = services.game_create(user=alice, preset="classic", take_seat=False)
    services.seat_fill_with_ai(game_id=created.game_id, user=alice, level="random")
    started = services.game_start(game_id=created.game_id, user=alice)
    row = Game.objects.values("status").get(pk=created.game_id)
    assert row == {"status": "active"}
    agg = store.load(created.game_id).aggregate
    assert agg.status is Status.ACTIVE
    assert agg.phase == engine.Phase.PASSING == "passing"
    assert started.aggregate.status == "active"
