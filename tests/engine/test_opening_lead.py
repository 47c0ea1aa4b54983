"""Option ``opening_lead``: ``lowest_club`` (default: the holder of the preset's first-lead
card must lead it) or ``any_club`` (OpenSpiel ``can_lead_any_club``: that holder leads, and may
lead any club)."""

import pytest

from games.engine import (
    PRESETS,
    InvalidRuleSet,
    MustLeadOpeningCard,
    PlayCard,
    RuleSet,
    decide,
    format_cards,
    legal_cards,
    parse_card,
)
from games.engine.fast import FastHand, mask_to_cards
from tests.engine.helpers import dealt, pass_all, play, rules_of

CLASSIC = [
    "5C 9C 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD",
    "2C 7C KC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS",
    "3C 8C AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
    "4C 6C 10C JC QC KD AD QH KH AH QS KS AS",
]


def _fast_agrees(state):
    (seat,) = state.to_act
    assert mask_to_cards(FastHand.from_state(state).legal_mask()) == legal_cards(state, seat)


def test_default_is_lowest_club_for_every_preset_and_old_rulesets():
    assert {rules.opening_lead for rules in PRESETS.values()} == {"lowest_club"}
    assert RuleSet.from_dict({"preset": "five_player"}).opening_lead == "lowest_club"


def test_lowest_club_the_holder_must_lead_it():
    state = dealt(rules_of("classic", passing=False), CLASSIC)
    assert state.to_act == (1,)
    assert format_cards(legal_cards(state, 1)) == ["2C"]
    _fast_agrees(state)


def test_any_club_the_holder_of_2c_leads_any_of_their_clubs():
    state = dealt(rules_of("classic", passing=False, opening_lead="any_club"), CLASSIC)
    assert state.to_act == (1,)  # still the holder of 2C
    assert format_cards(legal_cards(state, 1)) == ["2C", "7C", "KC"]
    _fast_agrees(state)
    with pytest.raises(MustLeadOpeningCard) as info:
        decide(state, PlayCard(1, parse_card("2S")))
    assert info.value.code == "must_lead_opening_card"
    assert info.value.details == {"card": "2S", "opening": "2C"}
    assert "a club" in str(info.value)
    state = play(state, "KC")
    # The rest of the trick follows the usual rules: follow clubs.
    assert format_cards(legal_cards(state, 2)) == ["3C", "8C", "AC"]
    state = play(state, "AC 4C 5C")
    assert state.hand.tricks[0].winner == 2
    # 2C is now an ordinary card of seat 1's hand.
    assert state.hand.hands[1] & parse_card("2C").bit


def test_any_club_after_the_pass_the_new_holder_of_2c_leads():
    rules = rules_of("classic", opening_lead="any_club")
    state = dealt(rules, CLASSIC)
    assert state.hand.pass_direction == "left"
    # Seat 1 passes 2C to seat 2, which then holds 2C, 3C, 8C, AC.
    state = pass_all(state, {0: "2D 3D 4D", 1: "2C 2S 3S", 2: "2H 3H 4H", 3: "QS KS AS"})
    assert state.phase == "playing"
    assert state.to_act == (2,)
    assert format_cards(legal_cards(state, 2)) == ["2C", "3C", "8C", "AC"]
    _fast_agrees(state)


def test_any_club_five_player_3c_holder_leads_any_club():
    rules = rules_of("five_player", passing=False, opening_lead="any_club")
    hands = [
        "3C 4C 5C 3D 4D 5D 6D 7D 8D 9D",
        "6C 7C 10D JD QD KD AD 2S 3S 4S",
        "8C 9C 5S 6S 7S 8S 9S 10S JS QS",
        "10C JC KS AS 2H 3H 4H 5H 6H 7H",
        "QC KC AC 8H 9H 10H JH QH KH AH",
    ]
    state = dealt(rules, hands)
    assert state.hand.opening == parse_card("3C")
    assert state.to_act == (0,)
    assert format_cards(legal_cards(state, 0)) == ["3C", "4C", "5C"]
    _fast_agrees(state)


def test_any_club_two_player_lowest_club_held_leads_any_club():
    # 000: 2C and 4C are dead, so the holder of 6C leads; with any_club, any of their clubs.
    rules = rules_of("two_player", opening_lead="any_club")
    state = dealt(
        rules,
        ["6C 8C 10C QC AC 2D 4D 6D 8D 10D QD AD 2H", "4H 6H 8H 10H QH AH 2S 4S 6S 8S 10S QS AS"],
        ["2C", "4C"],
    )
    assert state.to_act == (0,)
    assert format_cards(legal_cards(state, 0)) == ["6C", "8C", "10C", "QC", "AC"]
    _fast_agrees(state)
    state = play(state, "AC")
    # Seat 1 holds no club: the first-trick rule still bars hearts and QS.
    assert format_cards(legal_cards(state, 1)) == ["2S", "4S", "6S", "8S", "10S", "AS"]


def test_any_club_changes_nothing_after_the_first_trick():
    rules = rules_of("classic", passing=False, opening_lead="any_club")
    state = play(dealt(rules, CLASSIC), "2C 3C 4C 5C")
    assert state.to_act == (0,)  # 5C won
    assert format_cards(legal_cards(state, 0)) == [
        "9C",
        "2D",
        "3D",
        "4D",
        "5D",
        "6D",
        "7D",
        "8D",
        "9D",
        "10D",
        "JD",
        "QD",
    ]


@pytest.mark.parametrize("value", ["any", "highest_club", None, False, 2])
def test_invalid_values_are_rejected(value):
    with pytest.raises(InvalidRuleSet) as info:
        rules_of("classic", opening_lead=value)
    assert info.value.field == "opening_lead"
