"""Round trips: notation, rulesets, snapshots, event payloads."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    NotationError,
    RuleSet,
    event_from_payload,
    event_to_payload,
    format_card,
    parse_card,
    state_from_dict,
    state_to_dict,
)
from games.engine.cards import ALL_CARDS
from games.engine.state import ENGINE_VERSION
from tests.strategies import cards, random_games, rulesets
from tests.tiers import examples


@given(cards())
def test_card_notation_round_trip(card):
    assert parse_card(format_card(card)) is card
    assert parse_card(format_card(card).lower()) is card
    assert parse_card(format_card(card).replace("10", "T")) is card


@settings(max_examples=examples(500), derandomize=True)
@given(st.text(max_size=5))
def test_parse_card_accepts_only_card_codes(text):
    canonical = {format_card(c): c for c in ALL_CARDS}
    expected = canonical.get(text.upper().replace("T", "10")) if text.isascii() else None
    if expected is None:
        with pytest.raises(NotationError):
            parse_card(text)
    else:
        assert parse_card(text) is expected


@settings(max_examples=examples(200), derandomize=True)
@given(rulesets())
def test_ruleset_round_trip(rules):
    assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


@settings(
    max_examples=examples(60),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(random_games(max_hands=2))
def test_snapshots_and_payloads_round_trip(game):
    for i, step in enumerate(game.steps):
        if i % 4 == 0 or step.after.phase != "playing":
            data = json.loads(json.dumps(state_to_dict(step.after)))
            assert data["engine_version"] == ENGINE_VERSION
            assert state_from_dict(data) == step.after
        for event in step.events:
            type_, _, payload = event_to_payload(event)
            assert event_from_payload(type_, json.loads(json.dumps(payload))) == event


def test_snapshot_of_another_engine_version_is_refused():
    from games.engine import PRESETS, new_game

    data = state_to_dict(new_game(PRESETS["classic"]))
    data["engine_version"] = ENGINE_VERSION + 1
    with pytest.raises(ValueError, match="engine_version"):
        state_from_dict(data)
