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

#: (type, hash) of each row of the table below, as the tuple-building code wrote them.
PINNED = [
    ("game_created", "74ed56482bb44bbd2da58b7e7bfbe2ff1c9f50c27264b255166afc7d186e2c31"),
    ("seat_taken", "4c75c07821b110802659933a64f9ccec20a22642230b251deac0db00aae33205"),
    ("seat_taken", "bb1eaa6e90fd781067037f3d79521e43b0e7c551ed109f50bc67659be10d2bc7"),
    ("seat_left", "c199a01d4146f4f33ca8eed139eaffde52023b8d917340c36697ebaf212b5a8b"),
    ("ai_seat_added", "c0694d061e358fc0247ff4c49d945f51a7a81e71aae14d9a6866145915e9c4a4"),
    ("ai_seat_added", "e12f33e62d8d5e88e96790d4aaee71c4433d929988e19331dfe97700048aa7cc"),
    ("seat_taken", "fb15018eaaa8be5cdd83f162cdeade6828ffc56d7344223e4b4b1c3e38e55eba"),
    ("game_started", "f12c37b5b00b72baebb5bc8f92d35f59a6961a127a55b8667197e185a0178e76"),
    ("seat_handed_to_ai", "3ea65f025d40840512b96a0139075ea4256023bb89adf88ee347112415baefad"),
    ("seat_reclaimed", "04474b30e2d1d78e0c7434edc127900b83a8b34ec2ed7e103a8d870c65047eb2"),
    ("seat_handed_to_ai", "c247d07831614288a2228f4b6cc0f7d3c941e014fbb1519820e72cc1c950d6f4"),
    ("seat_handed_to_ai", "9b2f0db56f3eda530ed4a6399f09a905d4e833b6f20e221241ee6d346377a1f5"),
]
#: sha256 of the canonical JSON of the aggregate after that table (the code before the change).
PINNED_AGGREGATE = "b79d02a8ee755b2b490695ce6e41eb21e39a463e5fe4ae8e9b522f5d2f99445c"
#: ... and after a replay of the stored v1 fixture log.
PINNED_V1_REPLAY = "451c288b6a9deaf80b34cd8d1392ee8fff9190e4c667c3d16ee5d0942e61ec9c"


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
        {"seat": 0, "player_id": 7, "display_name": "alice"},
        {"seat": 1, "player_id": 8, "display_name": "bob"},
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
