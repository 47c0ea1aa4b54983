import pytest

from games.engine import (
    PRESETS,
    MustFollowSuit,
    NotYourTurn,
    PlayCard,
    TrickWon,
    UnknownSeat,
    apply,
    decide,
    format_cards,
    is_legal,
    legal_cards,
    parse_card,
)
from tests.engine.helpers import dealt, play, rules_of

HANDS = [
    "2C 9C 2D 3D 4D 5D 6D 7D 8D 9D 10D 2S 3S",
    "3C JD QD KD AD 2H 3H 4H 5H 6H 7H 4S 8S",
    "4C KC AC 8H 9H 10H JH QH KH AH 5S 6S 7S",
    "5C 6C 7C 8C 10C JC QC 9S 10S JS QS KS AS",
]


def _state():
    return dealt(rules_of("classic", passing=False), HANDS)


def test_must_follow_suit_with_suit_in_details():
    state = play(_state(), "2C")
    assert state.to_act == (1,)
    assert format_cards(legal_cards(state, 1)) == ["3C"]
    with pytest.raises(MustFollowSuit) as info:
        decide(state, PlayCard(1, parse_card("JD")))
    assert info.value.code == "must_follow_suit"
    assert info.value.details["suit"] == "C"
    assert not is_legal(state, PlayCard(1, parse_card("JD")))
    assert is_legal(state, PlayCard(1, parse_card("3C")))


def test_highest_card_of_suit_led_wins_and_leads_next():
    state = play(_state(), "2C 3C AC 5C")
    assert state.to_act == (2,)
    assert state.hand.tricks[0].winner == 2


def test_off_suit_cards_never_win():
    state = play(_state(), "2C 3C AC 5C")
    # Seat 2 leads 5S; seat 3 follows; seat 0 follows with 2S; seat 1 plays 4S.
    state = play(state, "5S 9S 2S 4S")
    assert state.hand.tricks[1].winner == 3
    # Seat 3 leads 6C; seat 0 9C; seat 1 void: any card, including AD which cannot win.
    state = play(state, "6C 9C")
    assert format_cards(legal_cards(state, 1)) == [
        "JD",
        "QD",
        "KD",
        "AD",
        "2H",
        "3H",
        "4H",
        "5H",
        "6H",
        "7H",
        "8S",
    ]
    state, events = apply(state, PlayCard(1, parse_card("AD")))
    state, events = apply(state, PlayCard(2, parse_card("4C")))
    assert events[1] == TrickWon(0, 3, tuple(map(parse_card, ["6C", "9C", "AD", "4C"])), 0)
    assert state.to_act == (0,)


def test_playing_out_of_turn_or_unknown_seat():
    state = _state()
    with pytest.raises(NotYourTurn) as info:
        decide(state, PlayCard(1, parse_card("3C")))
    assert info.value.details == {"to_act": [0]}
    for seat in (4, -1, "0"):
        with pytest.raises(UnknownSeat):
            decide(state, PlayCard(seat, parse_card("2C")))  # type: ignore[arg-type]
    assert legal_cards(state, 1) == ()


def test_two_player_trick_has_two_cards():
    rules = PRESETS["two_player"]
    state = dealt(
        rules,
        ["2C 4C 6C 8C 10C QC AC 2D 4D 6D 8D 10D QD", "2H 4H 6H 8H 10H QH AH 2S 4S 6S 8S 10S QS"],
        ["AD", "AS"],
    )
    state = play(state, "2C")
    # Seat 1 void in clubs on the first trick: no hearts, no QS while it has other cards.
    assert format_cards(legal_cards(state, 1)) == ["2S", "4S", "6S", "8S", "10S"]
    state = play(state, "10S")
    assert state.hand.tricks[0].winner == 0
    assert state.to_act == (0,)
