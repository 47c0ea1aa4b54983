"""Lobby events are frozen, versioned dataclasses (``games.lobby_events``), registered next to the
engine's; the payloads and hashes they produce are those of the ``(type, dict)`` tuples they
replaced (pinned below from a run of the code before the change), and an old log still
verifies and replays."""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
import uuid
from pathlib import Path

import pytest

from games import aggregate as agg_mod
from games import engine, lobby_events, store
from games.models import Game
from games.store import Actor

FIXTURE = Path(__file__).parent / "fixtures" / "classic_v1_log.json"

#: (type, hash) of each row of the table below, as the tuple-building code wrote them; re-pinned
#: once since, deliberately, for ``seat_taken`` v3 (its ``bot_owner``, bot accounts): every hash
#: from the first ``seat_taken`` on changed with it (a chain), ``game_created``'s did not.
PINNED = [
    ("game_created", "74ed56482bb44bbd2da58b7e7bfbe2ff1c9f50c27264b255166afc7d186e2c31"),
    ("seat_taken", "6aebf29731bbe9f981c0e00b9f84624b03f8f1695ea30be561e60ef4c2b0be02"),
    ("seat_taken", "9759fea3bce8cfd96d6b2ff4e7b0fcc1e63c0934864638adbb2d3284721f7ce3"),
    ("seat_left", "9ef2f25f6e8dbfa8dfa83e6ea6aad087599b932dbb26c169d01bd11a96f38e20"),
    ("ai_seat_added", "42272618b6b5044b4a405ff0e9660469ce0672dafbf1f18b94b4188ab7443590"),
    ("ai_seat_added", "f14c151e85909e1825b047b9876743a9fbfacf5d5ae5f45db15aa7e966beab33"),
    ("seat_taken", "bcffb54033c6185342e5c679aaf30486d66e75045c74f785dc765f8ea7c2331a"),
    ("game_started", "fbe2537420ae109e7c7d5eb994d62d7344fa4dadb2edbd0d942225fcb877376f"),
    ("seat_handed_to_ai", "02d90ecc8d170e2d2800dc86d43e139f2d2c2bb21d7aab7da8d724b3c3b6b910"),
    ("seat_reclaimed", "1d63deae78fc1f9a117833d316fa4f5f515a2a09253cef362f3e61c4176d7116"),
    ("seat_handed_to_ai", "a9658dbfbb5ed4bcfe021fc4ffa0e5cb2f55fbe487e3d38747a6857688b2520e"),
    ("seat_handed_to_ai", "a5f0db25136bff5d3cb86c74c8ab7b411f893ba09f8d2b367d528ec16988319b"),
]
#: sha256 of the canonical JSON of the aggregate after that table (the code before the change;
#: re-pinned when seats gained ``bot_owner``).
PINNED_AGGREGATE = "1a480e2d8a4a95f64941f61ee659faac3949fcf9d902c84a98722204ff62146a"
#: ... and after a replay of the stored v1 fixture log.
PINNED_V1_REPLAY = "904c47f1d8822430c468c83204958464e62abad5eb61bab20e362ee153274d50"


def digest(agg: agg_mod.GameAggregate) -> str:
    return hashlib.sha256(store.canonical_json(agg_mod.aggregate_to_dict(agg)).encode()).hexdigest()


def a_table() -> tuple[list[store.NewEvent], agg_mod.GameAggregate]:
    """Every lobby event type, decided by the aggregate as the services do."""
    events: list[store.NewEvent] = []
    agg = None

    def add(decided, actor):
        nonlocal agg
        for event in decided:
            new = store.lobby_event(event, actor)
            agg = agg_mod.evolve(agg, new.type, new.payload)
            events.append(new)

    rules = engine.RuleSet.from_preset("classic")
    options = {"think_delay_ms": 0, "turn_limit_s": 30}
    add(agg_mod.decide_create(rules=rules, creator_id=7, options=options), Actor.player(7))
    add(agg_mod.decide_seat_take(agg, player_id=7, display_name="alice"), Actor.player(7, 0))
    add(agg_mod.decide_seat_take(agg, player_id=8, display_name="bob", seat=1), Actor.player(8, 1))
    add(agg_mod.decide_seat_leave(agg, player_id=8), Actor.player(8, 1))
    add(
        agg_mod.decide_fill_with_ai(agg, player_id=7, level="heuristic", seats=[2, 1]),
        Actor.player(7, 0),
    )
    add(agg_mod.decide_seat_take(agg, player_id=9, display_name="carol"), Actor.player(9, 3))
    add(agg_mod.decide_start(agg, player_id=7), Actor.player(7, 0))
    add(
        agg_mod.decide_hand_to_ai(agg, player_id=7, level="expert", reason="requested"),
        Actor.player(7, 0),
    )
    add(agg_mod.decide_reclaim(agg, player_id=7), Actor.player(7, 0))
    add(
        agg_mod.decide_hand_to_ai(agg, player_id=9, level="heuristic", reason="resigned"),
        Actor.player(9, 3),
    )
    # what services.games_enforce_turn_limits builds
    add(
        [lobby_events.SeatHandedToAi(seat=0, level="heuristic", reason="turn_limit")],
        Actor.system(),
    )
    return events, agg


def test_lobby_payloads_and_hashes_are_those_of_the_tuples_they_replaced():
    events, agg = a_table()
    game = Game(id=uuid.UUID("00000000-0000-4000-8000-000000000019"), id_salt="ab" * 32)
    now = datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC)
    rows = store.build_rows(game, after_seq=0, prev_hash=store.GENESIS_HASH, events=events, now=now)
    assert [(r.type, r.hash) for r in rows] == PINNED
    assert [r.payload for r in rows][1:5] == [
        {"seat": 0, "player_id": 7, "display_name": "alice", "bot_owner": None},
        {"seat": 1, "player_id": 8, "display_name": "bob", "bot_owner": None},
        {"seat": 1, "player_id": 8},
        {"seat": 1, "level": "heuristic"},
    ]
    assert rows[-1].payload == {"seat": 0, "level": "heuristic", "reason": "turn_limit"}
    assert list(rows[0].payload) == ["ruleset", "creator_id", "options"]  # the order written
    assert digest(agg) == PINNED_AGGREGATE


def test_an_old_log_still_verifies_and_replays_to_the_same_state():
    data = json.loads(FIXTURE.read_text())
    assert store.verify_export(data) == []
    _, rows, _ = store.rows_from_export(data)
    assert {r["schema_version"] for r in rows if r["type"] == "seat_taken"} == {1}
    agg = agg_mod.replay(store.upcast_rows(rows))
    assert digest(agg) == PINNED_V1_REPLAY
    assert [s.display_name for s in agg.seats] == ["p0", "p1", "p2", "p3"]


@pytest.mark.parametrize("cls", list(lobby_events.EVENT_TYPES.values()))
def test_each_lobby_event_is_frozen_versioned_and_registered(cls):
    spec = store.EVENT_TYPES[cls.TYPE]
    assert (spec.kind, spec.schema_version) == ("lobby", cls.SCHEMA_VERSION)
    assert dataclasses.is_dataclass(cls)
    assert cls.__dataclass_params__.frozen
    assert cls.TYPE in agg_mod.LOBBY_TYPES


def test_the_registry_is_built_from_the_lobby_and_the_engine_classes():
    assert set(store.EVENT_TYPES) == set(lobby_events.EVENT_TYPES) | set(engine.EVENT_TYPES)
    assert {t for t, e in store.EVENT_TYPES.items() if e.kind == "lobby"} == set(
        lobby_events.EVENT_TYPES
    )
    for type_, spec in store.EVENT_TYPES.items():
        assert sorted(spec.upcasters) == list(range(1, spec.schema_version)), type_


def test_payload_round_trip_and_a_malformed_payload():
    events, _ = a_table()
    for new in events:
        decoded = lobby_events.event_from_payload(new.type, new.payload)
        assert lobby_events.event_to_payload(decoded) == (
            new.type,
            new.schema_version,
            new.payload,
        )
    with pytest.raises(KeyError):
        lobby_events.event_from_payload("seat_taken", {"seat": 1, "display_name": "x"})
    with pytest.raises(ValueError, match="unknown lobby event type"):
        lobby_events.event_from_payload("card_played", {})
    with pytest.raises(dataclasses.FrozenInstanceError):
        lobby_events.SeatReclaimed(seat=1).seat = 2


def test_lobby_events_are_pure_python():
    import subprocess
    import sys

    code = "import sys, games.lobby_events; assert 'django' not in sys.modules, 'django'"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])
