import pytest

from games.engine import (
    PRESETS,
    MustLeadOpeningCard,
    NoPointsOnFirstTrick,
    PlayCard,
    decide,
    format_cards,
    is_legal,
    legal_cards,
    parse_card,
)
from tests.engine.helpers import dealt, play, rules_of

# Seat 1 is void in clubs and holds diamonds, JD and hearts; seat 2 is void in clubs and holds
# only hearts and QS; seat 3 holds clubs.
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD 2H 3H 4H",
    "5H 6H 7H 8H 9H 10H JH QH KH AH QS QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
]


def test_must_lead_the_opening_card():
    state = dealt(rules_of("classic", passing=False), HANDS)
    assert format_cards(legal_cards(state, 0)) == ["2C"]
    with pytest.raises(MustLeadOpeningCard) as info:
        decide(state, PlayCard(0, parse_card("AC")))
    assert info.value.details == {"card": "AC", "opening": "2C"}


def test_no_hearts_on_the_first_trick_when_void_with_other_cards():
    state = play(dealt(rules_of("classic", passing=False), HANDS), "2C")
    legal = format_cards(legal_cards(state, 1))
    assert legal == ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD"]
    with pytest.raises(NoPointsOnFirstTrick) as info:
        decide(state, PlayCard(1, parse_card("2H")))
    assert info.value.code == "no_points_on_first_trick"
    assert info.value.details["card"] == "2H"


def test_jack_of_diamonds_may_be_played_on_the_first_trick():
    rules = rules_of("classic", passing=False, jack_of_diamonds=True)
    state = play(dealt(rules, HANDS), "2C")
    assert is_legal(state, PlayCard(1, parse_card("JD")))
    state = play(state, "JD")
    assert state.hand.trick[-1] == parse_card("JD")


def test_no_queen_on_the_first_trick_when_other_cards_remain():
    hands = [HANDS[0], HANDS[1], "5H 6H 7H 8H 9H 10H JH QH KH AH QS QD KD", HANDS[3]]
    state = play(dealt(rules_of("classic", passing=False), hands), "2C 2D")
    assert format_cards(legal_cards(state, 2)) == ["QD", "KD"]
    with pytest.raises(NoPointsOnFirstTrick):
        decide(state, PlayCard(2, parse_card("QS")))


def test_penalty_cards_allowed_when_nothing_else_is_legal():
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH KH AH QS",
        "QH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
    ]
    state = play(dealt(rules_of("classic", passing=False), hands), "2C 2D")
    # Seat 2 holds only hearts and QS: every card is legal.
    assert len(legal_cards(state, 2)) == 13
    state = play(state, "QS")
    assert state.hand.trick[-1] == parse_card("QS")


def test_free_first_trick_lifts_the_rule():
    rules = rules_of("classic", passing=False, free_first_trick=True)
    state = play(dealt(rules, HANDS), "2C")
    assert "2H" in format_cards(legal_cards(state, 1))
    state = play(state, "2H")
    assert state.hand.hearts_broken


def test_two_player_first_trick_rule():
    rules = PRESETS["two_player"]
    state = dealt(
        rules,
        ["2C 4C 6C 8C 10C QC AC 2D 4D 6D 8D 10D QD", "2H 4H 6H 8H 10H QH AH 2S 4S 6S 8S 10S QS"],
        ["AD", "AS"],
    )
    state = play(state, "2C")
    assert "QS" not in format_cards(legal_cards(state, 1))
    assert "2H" not in format_cards(legal_cards(state, 1))
