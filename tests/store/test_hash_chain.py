"""Every stored event is chained to the previous one by sha256."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from games import store
from games.aggregate import LOBBY_TYPES
from games.models import Game, GameEvent
from tests.store.conftest import new_game

pytestmark = pytest.mark.django_db


def pseudonym(salt: str, account_id):
    """The documented pseudonym, written out with hmac alone."""
    if account_id is None:
        return None
    return "p_" + hmac.new(salt.encode(), str(account_id).encode(), hashlib.sha256).hexdigest()[:24]


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def test_each_hash_covers_the_previous_hash_and_the_public_form_of_the_event(played):
    """Chain v2 (every new game): the hash covers the event with each account id replaced by
    its per-game pseudonym, keyed by the game's secret id_salt."""
    salt = Game.objects.get(pk=played).id_salt
    assert len(bytes.fromhex(salt)) == 32
    rows = list(GameEvent.objects.filter(game_id=played).order_by("seq").values())
    assert [r["seq"] for r in rows] == list(range(1, len(rows) + 1))
    ids_seen = 0
    prev = "0" * 64
    for row in rows:
        assert row["prev_hash"] == prev
        payload = dict(row["payload"])
        for key in ("player_id", "creator_id"):
            if row["type"] in LOBBY_TYPES and key in payload:
                payload[key.removesuffix("_id") + "_pseudonym"] = pseudonym(salt, payload.pop(key))
                ids_seen += 1
        actor = {
            "kind": row["actor_kind"],
            "player_pseudonym": pseudonym(salt, row["actor_player_id"]),
            "seat": row["actor_seat"],
        }
        body = canonical(
            [str(played), row["seq"], row["type"], row["schema_version"], payload, actor]
        )
        assert row["hash"] == hashlib.sha256((prev + body).encode()).hexdigest()
        prev = row["hash"]
    assert ids_seen >= 5  # the creator and the four seats
    assert Game.objects.get(pk=played).last_hash == prev


def test_a_chain_v1_game_hashes_the_stored_form(db, enqueued, monkeypatch):
    """Games created before chain v2 (blank id_salt) keep the stored-form hash."""
    monkeypatch.setattr(store, "new_id_salt", lambda: "")
    game_id, _ = new_game(hands=0)
    assert Game.objects.get(pk=game_id).chain_version == 1
    prev = "0" * 64
    for row in store.event_rows(game_id):
        actor = {
            "kind": row["actor_kind"],
            "player": row["actor_player_id"],
            "seat": row["actor_seat"],
        }
        body = canonical(
            [str(game_id), row["seq"], row["type"], row["schema_version"], row["payload"], actor]
        )
        assert row["hash"] == hashlib.sha256((prev + body).encode()).hexdigest()
        prev = row["hash"]
    assert store.verify_game(game_id) == []


def test_the_v2_hash_differs_from_v1_for_an_event_with_an_actor():
    event = {
        "prev_hash": "0" * 64,
        "game_id": "g",
        "seq": 2,
        "type_": "seat_taken",
        "schema_version": 2,
        "payload": {"seat": 1, "player_id": 7, "display_name": "bob"},
        "actor": {"kind": "player", "player": 7, "seat": 1},
    }
    v1 = store.event_hash(**event)
    v2 = store.event_hash(**event, id_salt="ab" * 32)
    other_game = store.event_hash(**event, id_salt="cd" * 32)
    assert len({v1, v2, other_game}) == 3
    hashed_payload, hashed_actor = store.public_form(
        "seat_taken", event["payload"], event["actor"], "ab" * 32
    )
    assert hashed_payload == {"seat": 1, "player_pseudonym": pseudonym("ab" * 32, 7),
                              "display_name": "bob"}  # fmt: skip
    assert hashed_actor == {"kind": "player", "player_pseudonym": pseudonym("ab" * 32, 7),
                            "seat": 1}  # fmt: skip
    assert v2 == store.public_hash(**{**event, "payload": hashed_payload, "actor": hashed_actor})
    # A system event has no id: its public form only renames the actor's key.
    dealt = {**event, "type_": "game_started", "payload": {},
             "actor": {"kind": "system", "player": None, "seat": None}}  # fmt: skip
    assert store.public_form("game_started", {}, dealt["actor"], "ab" * 32)[1] == {
        "kind": "system", "player_pseudonym": None, "seat": None,
    }  # fmt: skip


def test_the_hash_depends_on_every_part_of_the_event():
    base = {
        "prev_hash": "0" * 64,
        "game_id": "g",
        "seq": 1,
        "type_": "card_played",
        "schema_version": 1,
        "payload": {"seat": 0, "card": "2C"},
        "actor": {"kind": "player", "player": 1, "seat": 0},
    }
    digest = store.event_hash(**base)
    variants = [
        {"prev_hash": "1" * 64},
        {"game_id": "h"},
        {"seq": 2},
        {"type_": "cards_passed"},
        {"schema_version": 2},
        {"payload": {"seat": 0, "card": "3C"}},
        {"actor": {"kind": "ai", "player": None, "seat": 0}},
    ]
    assert (
        len({store.event_hash(**{**base, **v}) for v in variants} | {digest}) == len(variants) + 1
    )
    # key order does not matter (canonical JSON)
    assert store.event_hash(**{**base, "payload": {"card": "2C", "seat": 0}}) == digest


def test_verify_log_reports_a_broken_link(played):
    rows = store.event_rows(played)
    rows[4] = {**rows[4], "prev_hash": "f" * 64}
    found = store.verify_log(str(played), rows).mismatches
    assert any(m.seq == 5 and "does not chain" in m.what for m in found)


def test_schema_v1_id_keys_are_pseudonymised_too():
    """``seat_taken`` / ``game_created`` v1 named the ids ``player`` / ``creator`` (an imported
    v1 log keeps them): the public form hides them as well, and v1 redaction leaves them out."""
    from games import selectors

    salt = "ab" * 32
    taken, _ = store.public_form("seat_taken", {"seat": 0, "player": 5, "name": "p0"},
                                 {"kind": "player", "player": 5, "seat": 0}, salt)  # fmt: skip
    assert taken == {"seat": 0, "player_pseudonym": pseudonym(salt, 5), "name": "p0"}
    created, _ = store.public_form("game_created", {"creator": 5, "ruleset": {}},
                                   {"kind": "player", "player": 5, "seat": None}, salt)  # fmt: skip
    assert created == {"creator_pseudonym": pseudonym(salt, 5), "ruleset": {}}
    assert selectors.public_payload("seat_taken", {"seat": 0, "player": 5, "name": "p0"}) == (
        {"seat": 0, "name": "p0"},
        ["player"],
    )
    # Engine payloads are not lobby payloads: their keys are never taken for account ids.
    assert store.public_form("card_played", {"seat": 1, "card": "2C"}, {"kind": "ai", "seat": 1},
                             salt)[0] == {"seat": 1, "card": "2C"}  # fmt: skip
