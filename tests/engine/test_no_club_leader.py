"""Option ``no_club_leader`` (decks with cards set aside, where nobody may hold a club): the seat
left of the dealer leads trick 1 under ``normal_limits`` (default: no heart unless only hearts,
no heart or QS on the first trick unless nothing else) or ``any_card`` (no limit on that lead;
the rest of the trick keeps the usual rules)."""

import pytest

from games.engine import (
    PRESETS,
    HeartsNotBroken,
    InvalidRuleSet,
    NoPointsOnFirstTrick,
    PlayCard,
    RuleSet,
    decide,
    format_cards,
    legal_cards,
    parse_card,
)
from games.engine.fast import FastHand, mask_to_cards
from tests.engine.helpers import dealt, play, play_first_legal, rules_of

# two_player_full_deck: every club is among the 26 cards set aside.
NO_CLUBS = [
    "2D 3D 4D 5D 6D 7D 8D 9D 10D 2H 3H 2S 7S",
    "JD QD KD AD 4H 5H 6H QS KS AS 3S 4S 5S",
]


def _deal(value, hand_number=1):
    rules = rules_of("two_player_full_deck", no_club_leader=value)
    state = dealt(rules, NO_CLUBS)
    if hand_number == 2:
        state = play_first_legal(state)
        assert state.phase == "awaiting_deal"
        state = dealt(rules, NO_CLUBS, state=state)
    assert state.hand.opening is None
    return state


def _fast_agrees(state):
    (seat,) = state.to_act
    assert mask_to_cards(FastHand.from_state(state).legal_mask()) == legal_cards(state, seat)


def test_default_is_normal_limits_for_every_preset_and_old_rulesets():
    assert {rules.no_club_leader for rules in PRESETS.values()} == {"normal_limits"}
    assert RuleSet.from_dict({"preset": "two_player_full_deck"}).no_club_leader == "normal_limits"


def test_normal_limits_no_heart_and_no_queen_on_that_lead():
    state = _deal("normal_limits")
    assert state.to_act == (1,)  # left of dealer 0
    assert format_cards(legal_cards(state, 1)) == [
        "JD",
        "QD",
        "KD",
        "AD",
        "3S",
        "4S",
        "5S",
        "KS",
        "AS",
    ]
    _fast_agrees(state)
    with pytest.raises(HeartsNotBroken):
        decide(state, PlayCard(1, parse_card("4H")))
    with pytest.raises(NoPointsOnFirstTrick):
        decide(state, PlayCard(1, parse_card("QS")))


def test_any_card_the_leader_may_lead_anything():
    state = _deal("any_card")
    assert state.to_act == (1,)
    assert format_cards(legal_cards(state, 1)) == [
        "JD",
        "QD",
        "KD",
        "AD",
        "4H",
        "5H",
        "6H",
        "3S",
        "4S",
        "5S",
        "QS",
        "KS",
        "AS",
    ]
    _fast_agrees(state)


def test_any_card_a_heart_lead_breaks_hearts_and_must_be_followed():
    state = play(_deal("any_card"), "4H")
    assert state.hand.hearts_broken
    assert format_cards(legal_cards(state, 0)) == ["2H", "3H"]
    _fast_agrees(state)


def test_any_card_followers_keep_the_first_trick_rule():
    state = play(_deal("any_card"), "QS")
    # Seat 0 must follow spades; 2S and 7S are both clean.
    assert format_cards(legal_cards(state, 0)) == ["2S", "7S"]
    state = play(state, "7S")
    assert state.hand.tricks[0].winner == 1
    assert state.hand.tricks[0].points == 13


def test_any_card_in_hand_two_the_new_seat_left_of_the_dealer_leads():
    state = _deal("any_card", hand_number=2)
    assert state.dealer == 1
    assert state.to_act == (0,)
    assert "2H" in format_cards(legal_cards(state, 0))
    _fast_agrees(state)


def test_without_cards_set_aside_the_option_changes_nothing():
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
    ]
    state = dealt(rules_of("classic", passing=False, no_club_leader="any_card"), hands)
    assert format_cards(legal_cards(state, 0)) == ["2C"]


@pytest.mark.parametrize("value", ["any", "normal", None, True])
def test_invalid_values_are_rejected(value):
    with pytest.raises(InvalidRuleSet) as info:
        rules_of("two_player_full_deck", no_club_leader=value)
    assert info.value.field == "no_club_leader"
