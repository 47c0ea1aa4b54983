"""Option ``lead_hearts_any_time`` (OpenSpiel ``must_break_hearts=false``): from the second
trick on a heart may be led whether or not hearts are broken. Default off."""

import pytest

from games.engine import (
    PRESETS,
    HeartsNotBroken,
    InvalidRuleSet,
    PlayCard,
    RuleSet,
    decide,
    format_cards,
    legal_cards,
    parse_card,
)
from games.engine.fast import FastHand, mask_to_cards
from tests.engine.helpers import dealt, play, rules_of

# Seat 1 wins trick 1 with AC and holds eleven hearts and 5D; hearts are not broken.
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC 2D 3D 4D",
    "AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 5D",
    "QC KH 6D 7D 8D 9D 10D JD QD KD AD AH QS",
    "KC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
]


def _after_first_trick(**overrides):
    state = dealt(rules_of("classic", passing=False, **overrides), HANDS)
    state = play(state, "2C AC QC KC")
    assert state.to_act == (1,)
    assert not state.hand.hearts_broken
    return state


def test_default_off_for_every_preset_and_old_rulesets():
    assert not any(rules.lead_hearts_any_time for rules in PRESETS.values())
    assert RuleSet.from_dict({"preset": "two_player"}).lead_hearts_any_time is False


def test_off_a_heart_may_not_be_led_before_hearts_are_broken():
    state = _after_first_trick()
    assert format_cards(legal_cards(state, 1)) == ["5D"]
    with pytest.raises(HeartsNotBroken):
        decide(state, PlayCard(1, parse_card("2H")))


def test_on_a_heart_may_be_led_from_the_second_trick_unbroken():
    state = _after_first_trick(lead_hearts_any_time=True)
    assert format_cards(legal_cards(state, 1)) == [
        "5D",
        "2H",
        "3H",
        "4H",
        "5H",
        "6H",
        "7H",
        "8H",
        "9H",
        "10H",
        "JH",
        "QH",
    ]
    fast = FastHand.from_state(state)
    assert mask_to_cards(fast.legal_mask()) == legal_cards(state, 1)
    state = play(state, "2H")
    assert state.hand.hearts_broken  # the default hearts_broken_by: any heart played


def test_on_with_discard_hearts_stay_unbroken_but_may_still_be_led():
    state = _after_first_trick(lead_hearts_any_time=True, hearts_broken_by="discard")
    state = play(state, "2H AH 2S 2D")  # seat 2 wins with AH; no heart was discarded
    assert not state.hand.hearts_broken
    assert state.to_act == (2,)
    assert "KH" in format_cards(legal_cards(state, 2))
    fast = FastHand.from_state(state)
    assert mask_to_cards(fast.legal_mask()) == legal_cards(state, 2)


# two_player_full_deck, nobody holds a club: seat 1 (left of the dealer) leads trick 1.
NO_CLUBS = [
    "2D 3D 4D 5D 6D 7D 8D 9D 10D 2H 3H 2S 7S",
    "JD QD KD AD 4H 5H 6H KS AS 3S 4S 5S 6S",
]


def test_the_first_trick_keeps_its_limits():
    rules = rules_of("two_player_full_deck", lead_hearts_any_time=True)
    state = dealt(rules, NO_CLUBS)
    assert state.hand.opening is None
    assert state.to_act == (1,)
    assert format_cards(legal_cards(state, 1)) == [
        "JD",
        "QD",
        "KD",
        "AD",
        "3S",
        "4S",
        "5S",
        "6S",
        "KS",
        "AS",
    ]
    fast = FastHand.from_state(state)
    assert mask_to_cards(fast.legal_mask()) == legal_cards(state, 1)


@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_invalid_values_are_rejected(value):
    with pytest.raises(InvalidRuleSet) as info:
        rules_of("classic", lead_hearts_any_time=value)
    assert info.value.field == "lead_hearts_any_time"
