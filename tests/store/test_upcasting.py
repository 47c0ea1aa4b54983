"""Old events stay readable: payloads are upcast on read by pure functions chained up to the
current schema version. The fixture is a log written before game_created v2 and seat_taken v2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games import errors, store
from games.models import GameEvent

FIXTURE = Path(__file__).parent / "fixtures" / "classic_v1_log.json"


@pytest.fixture
def v1_log() -> dict:
    return json.loads(FIXTURE.read_text())


def test_upcast_game_created_v1_v2():
    v1 = {"ruleset": {"preset": "classic"}, "creator": 7}
    assert store.upcast_game_created_v1_v2(v1) == {
        "ruleset": {"preset": "classic"},
        "creator_id": 7,
        "options": {"think_delay_ms": 0, "turn_limit_s": None},
    }
    assert v1 == {"ruleset": {"preset": "classic"}, "creator": 7}  # pure: input untouched


def test_upcast_seat_taken_v1_v2():
    assert store.upcast_seat_taken_v1_v2({"seat": 2, "player": 9, "name": "zoe"}) == {
        "seat": 2,
        "player_id": 9,
        "display_name": "zoe",
    }


def test_upcast_seat_taken_v2_v3():
    v2 = {"seat": 2, "player_id": 9, "display_name": "zoe"}
    assert store.upcast_seat_taken_v2_v3(v2) == {**v2, "bot_owner": None}
    assert v2 == {"seat": 2, "player_id": 9, "display_name": "zoe"}  # pure: input untouched
    assert store.upcast("seat_taken", 1, {"seat": 1, "player": 3, "name": "x"})["bot_owner"] is None


def test_upcast_chains_to_the_current_version_and_refuses_the_unknown():
    assert (
        store.upcast("seat_taken", 2, {"seat": 1, "player_id": 3, "display_name": "x"})["player_id"]
        == 3
    )
    assert (
        store.upcast("seat_taken", 1, {"seat": 1, "player": 3, "name": "x"})["display_name"] == "x"
    )
    with pytest.raises(errors.UnknownEventType):
        store.upcast("seat_taken", 4, {})
    with pytest.raises(errors.UnknownEventType):
        store.upcast("card_played", 0, {})
    with pytest.raises(errors.UnknownEventType):
        store.upcast("no_such_event", 1, {})


def test_the_fixture_really_is_an_old_log(v1_log):
    versions = {(e["type"], e["schema_version"]) for e in v1_log["events"]}
    assert ("game_created", 1) in versions
    assert ("seat_taken", 1) in versions
    assert store.current_version("game_created") == 2
    assert store.current_version("seat_taken") == 3
    assert "creator" in v1_log["events"][0]["payload"]


def test_the_old_log_verifies_and_replays_as_written(v1_log):
    _, rows, _ = store._rows_from_export(v1_log)
    result = store.verify_log(v1_log["game"]["id"], rows)
    assert result.mismatches == []
    agg = result.aggregate
    assert agg.creator_id == 1
    assert dict(agg.options) == {"think_delay_ms": 0, "turn_limit_s": None}
    assert [(s.player_id, s.display_name) for s in agg.seats] == [
        (1, "p0"),
        (2, "p1"),
        (3, "p2"),
        (4, "p3"),
    ]
    assert agg.status == "active"
    assert agg.phase == "playing"
    assert len(agg.state.hand.trick) == 3


@pytest.mark.django_db
def test_an_imported_old_log_is_stored_as_written_and_read_upcast(v1_log):
    game = store.import_game(v1_log)
    stored = dict(
        GameEvent.objects.filter(game=game, seq__lte=2).values_list("type", "schema_version")
    )
    assert stored == {"game_created": 1, "seat_taken": 1}  # never rewritten in place
    agg = store.load(game.pk, use_snapshots=False).aggregate
    assert agg.seats[3].display_name == "p3"
    assert store.verify_game(game.pk) == []
