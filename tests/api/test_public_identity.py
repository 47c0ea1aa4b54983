"""Players are known by their public identity only (their seats' display names): no response a
player, another player, a spectator or an anonymous caller gets carries an internal account id,
from the lobby to the finished game's log. Staff alone get the log as stored."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from games import store
from tests.api.conftest import GameDriver, create_game, make_player, url

pytestmark = pytest.mark.django_db

# Distinctive account ids, so that any of them in a response is found (seats, seqs and points
# are small numbers).
IDS = (9_100_001, 9_100_002, 9_100_003)
ID_KEYS = {"player_id", "creator_id", "player", "user_id", "actor_player_id"}


def leaks(value: Any, path: str = "$") -> list[str]:
    """Every place in a JSON document that holds an internal account id."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ID_KEYS:
                found.append(f"{path}.{key}")
            found += leaks(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += leaks(item, f"{path}[{index}]")
    elif isinstance(value, bool):
        pass
    elif isinstance(value, int) and value in IDS:
        found.append(f"{path} = {value}")
    elif isinstance(value, str) and any(str(i) in value for i in IDS):
        found.append(f"{path} = {value!r}")
    return found


@pytest.fixture
def table(django_user_model):
    alice, bob, carol = (
        make_player(django_user_model, name, id=pk)
        for name, pk in zip(("alice", "bob", "carol"), IDS, strict=True)
    )
    body = create_game(alice, "two_player", options={"target": 20})
    game_id = body["game_id"]
    joined = bob.client.post(url(game_id, "seats"), {}, format="json")
    assert joined.status_code == 200, joined.content
    lobby_bodies = [body, joined.json()]
    lobby_bodies.append(APIClient().get("/api/v1/games/").json())
    started = alice.client.post(url(game_id, "start"), {}, format="json")
    assert started.status_code == 200, started.content
    lobby_bodies.append(started.json())
    return game_id, alice, bob, carol, lobby_bodies


def test_no_public_response_holds_an_internal_account_id(table):
    game_id, alice, bob, carol, bodies = table
    anon = APIClient()
    driver = GameDriver(
        game_id=game_id, players=[alice, bob], spectator=carol.client, anonymous=anon,
        record=True, observe_every=5,
    )  # fmt: skip
    while driver.step():
        pass
    assert store.get_game(game_id).status == "finished"
    bodies += [r.body for r in driver.recorded]
    for client in (anon, carol.client, bob.client, alice.client):
        last = store.get_game(game_id).last_seq
        feed = [url(game_id, "events") + f"?after={a}&limit=500" for a in range(0, last, 500)]
        for path in ("/api/v1/games/", url(game_id), *feed, url(game_id, "log")):
            response = client.get(path)
            assert response.status_code == 200, (path, response.content)
            bodies.append(response.json())
    bodies.append(alice.client.get("/api/v1/me/games/").json())
    assert len(bodies) > 20
    found = [leak for i, body in enumerate(bodies) for leak in leaks(body, f"body{i}")]
    assert found == [], sorted(set(found))[:20]


def test_the_public_log_names_players_by_display_name_and_marks_what_it_left_out(table):
    game_id, alice, bob, _carol, _ = table
    driver = GameDriver(game_id=game_id, players=[alice, bob])
    while driver.step():
        pass
    log = APIClient().get(url(game_id, "log")).json()
    taken = [e for e in log["events"] if e["type"] == "seat_taken"]
    assert [e["payload"] for e in taken] == [
        {"seat": 0, "display_name": "alice"},
        {"seat": 1, "display_name": "bob"},
    ]
    assert all(e["redacted"] == ["actor.player", "payload.player_id"] for e in taken)
    created = log["events"][0]
    assert created["type"] == "game_created"
    assert "payload.creator_id" in created["redacted"]
    dealt = next(e for e in log["events"] if e["type"] == "hand_dealt")
    assert dealt["redacted"] == []  # a system event: its hash can be recomputed as it is
    assert dealt["actor"] == {"kind": "system", "seat": None}


def test_staff_get_the_log_as_stored(table, django_user_model):
    game_id, alice, bob, _carol, _ = table
    driver = GameDriver(game_id=game_id, players=[alice, bob])
    while driver.step():
        pass
    staff = make_player(django_user_model, "auditor", is_staff=True)
    log = staff.client.get(url(game_id, "log")).json()
    rows = store.event_rows(game_id)
    assert [e["payload"] for e in log["events"]] == [r["payload"] for r in rows]
    assert [e["actor"]["player"] for e in log["events"]] == [r["actor_player_id"] for r in rows]
    assert all(e["redacted"] == [] for e in log["events"])
    prev = "0" * 64
    for e in log["events"]:
        assert e["hash"] == store.event_hash(
            prev_hash=prev, game_id=game_id, seq=e["seq"], type_=e["type"],
            schema_version=e["schema_version"], payload=e["payload"], actor=e["actor"],
        )  # fmt: skip
        prev = e["hash"]
