"""Players are known by their public identity only (their seats' display names): no response a
player, another player, a spectator or an anonymous caller gets carries an internal account id,
from the lobby to the finished game's log. Staff alone get the log as stored."""

from __future__ import annotations

import hashlib
import json
import re
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


PSEUDONYM = re.compile(r"^p_[0-9a-f]{24}$")


def recompute_chain(log: dict[str, Any], forms=lambda e: (e["payload"], e["actor"])) -> list[int]:
    """The seqs whose hash recomputes with the documented formula (hashlib + canonical JSON)."""
    ok, prev = [], "0" * 64
    for e in log["events"]:
        payload, actor = forms(e)
        body = json.dumps(
            [log["game_id"], e["seq"], e["type"], e["schema_version"], payload, actor],
            sort_keys=True, separators=(",", ":"), ensure_ascii=False,
        )  # fmt: skip
        if (
            e["prev_hash"] == prev
            and e["hash"] == hashlib.sha256((prev + body).encode()).hexdigest()
        ):
            ok.append(e["seq"])
        prev = e["hash"]
    return ok


def test_the_public_log_names_players_by_pseudonyms_and_every_hash_recomputes(table):
    """Chain v2: the public log is the hashed form itself, pseudonyms for account ids."""
    game_id, alice, bob, _carol, _ = table
    driver = GameDriver(game_id=game_id, players=[alice, bob])
    while driver.step():
        pass
    log = APIClient().get(url(game_id, "log")).json()
    assert log["chain_version"] == 2
    assert leaks(log) == []
    assert all(e["redacted"] == [] for e in log["events"])
    assert recompute_chain(log) == [e["seq"] for e in log["events"]]
    taken = [e for e in log["events"] if e["type"] == "seat_taken"]
    names = [e["payload"].pop("player_pseudonym") for e in taken]
    assert [e["payload"] for e in taken] == [
        {"seat": 0, "display_name": "alice", "bot_owner": None},
        {"seat": 1, "display_name": "bob", "bot_owner": None},
    ]
    assert all(PSEUDONYM.match(n) for n in names)
    assert names[0] != names[1]
    assert [e["actor"]["player_pseudonym"] for e in taken] == names
    created = log["events"][0]
    assert created["type"] == "game_created"
    assert created["payload"]["creator_pseudonym"] == names[0]  # alice, the same within a game
    played = [e for e in log["events"] if e["type"] == "card_played" and e["actor"]["seat"] == 1]
    assert {e["actor"]["player_pseudonym"] for e in played} == {names[1]}
    dealt = next(e for e in log["events"] if e["type"] == "hand_dealt")
    assert dealt["actor"] == {"kind": "system", "player_pseudonym": None, "seat": None}
    # Tampering with the public log is seen: a seat given to someone else, or a hidden name.
    taken[1]["payload"]["player_pseudonym"] = names[0]
    assert taken[1]["seq"] not in recompute_chain(log)


def test_pseudonyms_are_per_game(table, django_user_model):
    game_id, alice, bob, _carol, _ = table
    other = create_game(alice, "two_player", options={"target": 20})["game_id"]
    bob.client.post(url(other, "seats"), {}, format="json")
    alice.client.post(url(other, "start"), {}, format="json")
    for gid in (game_id, other):
        driver = GameDriver(game_id=gid, players=[alice, bob])
        while driver.step():
            pass
    first, second = (APIClient().get(url(g, "log")).json()["events"][0] for g in (game_id, other))
    assert first["payload"]["creator_pseudonym"] != second["payload"]["creator_pseudonym"]


def test_a_chain_v1_log_leaves_the_ids_out_and_marks_them(django_user_model, monkeypatch):
    """Games created before chain v2 keep the v1 public log: ids left out, listed in
    ``redacted``, those events checked by their links only."""
    monkeypatch.setattr(store, "new_id_salt", lambda: "")
    alice = make_player(django_user_model, "alice", id=IDS[0])
    bob = make_player(django_user_model, "bob", id=IDS[1])
    game_id = create_game(alice, "two_player", options={"target": 20})["game_id"]
    assert bob.client.post(url(game_id, "seats"), {}, format="json").status_code == 200
    assert alice.client.post(url(game_id, "start"), {}, format="json").status_code == 200
    driver = GameDriver(game_id=game_id, players=[alice, bob])
    while driver.step():
        pass
    log = APIClient().get(url(game_id, "log")).json()
    assert log["chain_version"] == 1
    assert leaks(log) == []
    taken = [e for e in log["events"] if e["type"] == "seat_taken"]
    assert [e["payload"] for e in taken] == [
        {"seat": 0, "display_name": "alice", "bot_owner": None},
        {"seat": 1, "display_name": "bob", "bot_owner": None},
    ]
    assert all(e["redacted"] == ["actor.player", "payload.player_id"] for e in taken)
    created = log["events"][0]
    assert created["type"] == "game_created"
    assert "payload.creator_id" in created["redacted"]
    dealt = next(e for e in log["events"] if e["type"] == "hand_dealt")
    assert dealt["redacted"] == []  # a system event: its hash can be recomputed as it is
    assert dealt["actor"] == {"kind": "system", "seat": None}
    v1_actor = lambda e: (e["payload"], {"player": None, **e["actor"]})  # noqa: E731
    assert recompute_chain(log, v1_actor) == [e["seq"] for e in log["events"] if not e["redacted"]]
    assert store.verify_game(game_id) == []


def test_staff_get_the_log_as_stored_and_the_hashed_form(table, django_user_model):
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
    public = APIClient().get(url(game_id, "log")).json()
    assert [e["public_form"] for e in log["events"]] == [
        {"payload": e["payload"], "actor": e["actor"]} for e in public["events"]
    ]
    hashed = lambda e: (e["public_form"]["payload"], e["public_form"]["actor"])  # noqa: E731
    assert recompute_chain(log, hashed) == [e["seq"] for e in log["events"]]
