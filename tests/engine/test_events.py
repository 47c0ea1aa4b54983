import json
import random
import re

import pytest

from games.engine import (
    EVENT_TYPES,
    PRESETS,
    CardPlayed,
    CardsPassed,
    DealHand,
    GameEnded,
    HandDealt,
    HandScored,
    MoonChosen,
    PassCards,
    PassesExchanged,
    PlayCard,
    RuleViolation,
    TrickWon,
    apply,
    decide,
    deck_for,
    event_from_payload,
    event_to_payload,
    evolve,
    legal_cards,
    legal_moves,
    new_game,
    parse_card,
    parse_cards,
    replay,
)
from games.engine import errors as engine_errors
from tests.engine.helpers import rules_of

DOC_CODES = {
    "wrong_phase",
    "not_your_turn",
    "unknown_seat",
    "card_not_in_deck",
    "card_not_in_hand",
    "must_follow_suit",
    "hearts_not_broken",
    "no_points_on_first_trick",
    "must_lead_opening_card",
    "wrong_pass_count",
    "duplicate_cards",
    "already_passed",
    "invalid_deck",
    "not_moon_shooter",
    "invalid_moon_choice",
    "game_over",
}

SAMPLES = [
    HandDealt(3, tuple(deck_for(PRESETS["two_player"]))[::-1], "s"),
    CardsPassed(2, frozenset(parse_cards("QS 10H 2C"))),
    CardPlayed(1, parse_card("10H")),
    MoonChosen(0, "subtract_from_self"),
    PassesExchanged(1, (frozenset(parse_cards("2C 3C")), frozenset(parse_cards("QS AH")))),
    TrickWon(3, 7, tuple(parse_cards("2H QS 4H 10H")), 16),
    HandScored(
        2,
        (0, 26, 26, 26),
        (10, 40, 50, 60),
        0,
        tuple(deck_for(PRESETS["classic"])),
        "x",
        "add_to_others",
    ),
    HandScored(2, (1, 2, 3, 20), (1, 2, 3, 20), None, tuple(deck_for(PRESETS["classic"])), "x"),
    GameEnded((0, 2), (50, 100, 50, 80)),
]


def test_error_codes_match_the_contract():
    codes = {cls.code for cls in engine_errors.RULE_VIOLATIONS}
    assert codes == DOC_CODES
    assert all(issubclass(cls, RuleViolation) for cls in engine_errors.RULE_VIOLATIONS)
    assert not issubclass(engine_errors.NotationError, RuleViolation)
    assert not issubclass(engine_errors.InvalidRuleSet, RuleViolation)


def test_event_registry_types_are_stable_snake_case():
    assert set(EVENT_TYPES) == {
        "hand_dealt",
        "cards_passed",
        "card_played",
        "moon_chosen",
        "passes_exchanged",
        "trick_won",
        "hand_scored",
        "game_ended",
    }
    for type_, cls in EVENT_TYPES.items():
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", type_)
        assert type_ == cls.TYPE
        assert type(cls.SCHEMA_VERSION) is int
        assert cls.SCHEMA_VERSION >= 1


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_payload_round_trips_through_json(event):
    type_, version, payload = event_to_payload(event)
    assert type_ == event.TYPE
    assert version == event.SCHEMA_VERSION
    text = json.dumps(payload)
    assert event_from_payload(type_, json.loads(text)) == event


def test_payload_uses_card_codes():
    _, _, payload = event_to_payload(CardsPassed(2, frozenset(parse_cards("QS 10H 2C"))))
    assert payload == {"seat": 2, "cards": ["2C", "10H", "QS"]}
    _, _, payload = event_to_payload(TrickWon(3, 7, tuple(parse_cards("2H QS 4H 10H")), 16))
    assert payload["cards"] == ["2H", "QS", "4H", "10H"]


def test_unknown_event_type():
    with pytest.raises(ValueError, match="unknown event type"):
        event_from_payload("card_burned", {})


def test_decide_returns_input_fact_then_derived_facts_and_evolve_matches():
    rules = rules_of("classic", passing=True)
    rng = random.Random(5)
    deck = list(deck_for(rules))
    rng.shuffle(deck)
    state = new_game(rules)
    log = []
    for move in [DealHand(tuple(deck), "s")]:
        events = decide(state, move)
        assert events == (HandDealt(1, tuple(deck), "s"),)
        state, _ = apply(state, move)
        log.extend(events)
    for seat in range(4):
        move = PassCards(seat, frozenset(legal_cards(state, seat)[:3]))
        events = decide(state, move)
        assert isinstance(events[0], CardsPassed)
        assert [type(e) for e in events[1:]] == ([PassesExchanged] if seat == 3 else [])
        new = state
        for event in events:
            new = evolve(new, event)
        state2, applied = apply(state, move)
        assert new == state2
        assert applied == events
        state = state2
        log.extend(events)
    while state.phase == "playing":
        (seat,) = state.to_act
        move = rng.choice(legal_moves(state, seat))
        events = decide(state, move)
        assert events[0] == CardPlayed(seat, move.card)
        before = state
        state, _ = apply(state, move)
        for derived in events[1:]:
            assert derived.DERIVED
            assert evolve(before, derived) is before
        log.extend(events)
    assert isinstance(log[-1], (HandScored, GameEnded))
    assert replay(rules, log) == state
    payloads = [event_to_payload(e) for e in log]
    decoded = [event_from_payload(t, json.loads(json.dumps(p))) for t, _, p in payloads]
    assert replay(rules, decoded) == state
    assert replay(rules, [e for e in log if not e.DERIVED]) == state


def test_rule_violation_carries_code_and_details():
    rules = rules_of("classic", passing=False)
    state, _ = apply(new_game(rules), DealHand(tuple(deck_for(rules)), "s"))
    (seat,) = state.to_act
    with pytest.raises(RuleViolation) as info:
        decide(state, legal_moves(state, seat)[0].__class__(seat, parse_card("QS")))
    assert info.value.code in {"card_not_in_hand", "must_lead_opening_card"}
    assert isinstance(info.value.details, dict)
    json.dumps(info.value.details)


def test_evolve_trusts_stored_facts_and_decide_refuses_them():
    """evolve applies a stored fact without validating it; decide is the gate."""
    rules = rules_of("classic", passing=False)
    state, _ = apply(new_game(rules), DealHand(tuple(deck_for(rules)), "s"))
    (seat,) = state.to_act
    legal = set(legal_cards(state, seat))
    off = next(c for c in deck_for(rules) if c.bit & state.hand.hands[seat] and c not in legal)
    with pytest.raises(RuleViolation):
        decide(state, PlayCard(seat, off))
    after = evolve(state, CardPlayed(seat, off))
    assert after.hand.trick == (off,)
    assert not after.hand.hands[seat] & off.bit


def test_moves_must_carry_card_values():
    rules = rules_of("classic", passing=False)
    state, _ = apply(new_game(rules), DealHand(tuple(deck_for(rules)), "s"))
    with pytest.raises(TypeError, match="parse_card"):
        decide(state, PlayCard(state.to_act[0], "2C"))  # type: ignore[arg-type]
