import pytest

from games.engine import (
    HeartsNotBroken,
    PlayCard,
    decide,
    format_cards,
    is_legal,
    legal_cards,
    parse_card,
)
from tests.engine.helpers import dealt, play, rules_of

# Trick 1: 2C AC(seat 1) ... seat 1 wins and leads trick 2.
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC 2D 3D 4D",
    "AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    "QC 5D 6D 7D 8D 9D 10D JD QD KD AD AH QS",
    "KC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
]


def _after_first_trick(**overrides):
    state = dealt(rules_of("classic", passing=False, **overrides), HANDS)
    return play(state, "2C AC QC KC")


def test_cannot_lead_a_heart_before_hearts_are_broken_unless_only_hearts():
    state = _after_first_trick()
    # Seat 1 won with AC and now holds only hearts: it may lead one.
    assert state.to_act == (1,)
    assert not state.hand.hearts_broken
    assert len(legal_cards(state, 1)) == 12
    state = play(state, "2H")
    assert state.hand.hearts_broken


def test_hearts_not_broken_error():
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC 2D 3D 4D",
        "AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 5D",
        "QC KH 6D 7D 8D 9D 10D JD QD KD AD AH QS",
        "KC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
    ]
    state = play(dealt(rules_of("classic", passing=False), hands), "2C AC QC KC")
    assert format_cards(legal_cards(state, 1)) == ["5D"]
    with pytest.raises(HeartsNotBroken) as info:
        decide(state, PlayCard(1, parse_card("2H")))
    assert info.value.details == {"card": "2H"}
    state = play(state, "5D 6D 2S 2D")
    assert state.hand.tricks[-1].winner == 2
    assert not state.hand.hearts_broken
    # Seat 1 is now void in diamonds: a heart discarded on a diamond trick breaks hearts.
    state = play(state, "7D 3S 3D")
    assert not state.hand.hearts_broken
    state = play(state, "2H")
    assert state.hand.hearts_broken
    assert state.hand.tricks[-1].points == 1


def _hearts_and_queen():
    # After trick 1 (won by seat 2 with AC), seat 2 holds only hearts and QS.
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC 2D 3D 4D",
        "KC 5D 6D 7D 8D 9D 10D JD QD KD AD AH KH",
        "AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH QS",
        "QC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
    ]
    return hands


def test_hearts_and_queen_only_must_lead_the_queen():
    state = play(dealt(rules_of("classic", passing=False), _hearts_and_queen()), "2C KC AC QC")
    assert state.to_act == (2,)
    assert format_cards(legal_cards(state, 2)) == ["QS"]
    with pytest.raises(HeartsNotBroken):
        decide(state, PlayCard(2, parse_card("2H")))


def test_option_lets_hearts_and_queen_lead_either():
    rules = rules_of("classic", passing=False, hearts_or_queen_when_only_penalties=True)
    state = play(dealt(rules, _hearts_and_queen()), "2C KC AC QC")
    assert len(legal_cards(state, 2)) == 12
    assert is_legal(state, PlayCard(2, parse_card("2H")))


def test_queen_may_be_led_after_the_first_trick():
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC 2D 3D 4D",
        "AC QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH 5D",
        "QC KH QH 6D 7D 8D 9D 10D JD QD KD AD AH",
        "KC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
    ]
    state = play(dealt(rules_of("classic", passing=False), hands), "2C AC QC KC")
    assert format_cards(legal_cards(state, 1)) == ["5D", "QS"]
    state = play(state, "QS")
    assert not state.hand.hearts_broken


@pytest.mark.parametrize("option", [False, True])
def test_queen_breaks_hearts_option(option):
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC 2D 3D 4D",
        "AC QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH 5D",
        "QC KH QH 6D 7D 8D 9D 10D JD QD KD AD AH",
        "KC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
    ]
    rules = rules_of("classic", passing=False, queen_breaks_hearts=option)
    state = play(dealt(rules, hands), "2C AC QC KC QS 6D 2S")
    assert state.hand.hearts_broken is option
    state = play(state, "2D")
    assert state.hand.tricks[-1].winner == 1
    assert ("2H" in format_cards(legal_cards(state, 1))) is option
