"""Bot decisions in set positions, dealt and played through the engine."""

from __future__ import annotations

import random

import pytest

from games.bots import choose_move
from games.bots.cards import HEARTS
from games.engine import PassCards, PlayCard, apply, format_card, legal_cards, view_for_seat
from tests.bots.positions import deal, play, rules_of

SMART = ["heuristic", "expert"]

# Seat 0 holds QS alone in spades and no diamonds; diamonds are led on trick 2.
QUEEN_HANDS = [
    "QS 2H 3H 4H 5H 6H 3C 4C 5C 6C 7C 8C 9C",
    "2C AD KD QD JD 10D 9D 2S 3S 4S 5S 6S 7S",
    "10C JC QC KC AC 8D 7D 6D 5D 4D 3D 2D 8S",
    "7H 8H 9H 10H JH QH KH AH 9S 10S JS KS AS",
]

# Seat 3 wins every trick and takes QS and three hearts in the first four tricks; seat 0 is void
# in clubs and holds AH, the only heart that can beat seat 3's hearts.
MOON_HANDS = [
    "AH 2H 3H 4H 2D 3D 4D 2S 3S 4S 5S 6S 7S",
    "2C 3C 4C 5C 5H 6H 7H 8H 5D 6D 7D 8D 9D",
    "6C 7C 8C 9C 10D JD QD KD AD 8S 9S 10S JS",
    "10C JC QC KC AC QS KS AS 9H 10H JH QH KH",
]
MOON_PLAYS = "2C 9C AC 2D  AS 2S 8H JS  KS 3S 7H 10S  QS 4S 6H 9S  KC"


def _move(state, seat, level, seed=1):
    return choose_move(view_for_seat(state, seat), level, random.Random(seed))


@pytest.mark.parametrize("level", SMART)
def test_sheds_the_queen_when_void_in_the_suit_led(level):
    state = play(deal(rules_of("classic", passing=False), QUEEN_HANDS), "2C AC 9S 3C 2D 10S")
    assert state.to_act == (0,)
    move = _move(state, 0, level)
    assert move == PlayCard(0, move.card)
    assert format_card(move.card) == "QS"


@pytest.mark.parametrize("level", SMART)
def test_does_not_feed_an_obvious_moon(level):
    state = play(deal(rules_of("classic", passing=False), MOON_HANDS), MOON_PLAYS)
    assert state.hand.points_taken == (0, 0, 0, 16)
    assert state.to_act == (0,)
    move = _move(state, 0, level)
    assert move.card.suit != HEARTS, f"{level} fed the shooter {move.card}"


def _shooter_plays_out(state, level):
    """Seat 3 always plays its highest legal card (a would-be shooter); seats 1 and 2 are
    heuristic; seat 0 is the level under test."""
    hand_number = state.hand_number
    while state.hand_number == hand_number and state.phase == "playing":
        seat = state.to_act[0]
        if seat == 3:
            move = PlayCard(3, max(legal_cards(state, 3), key=lambda c: c.rank))
        else:
            mover = level if seat == 0 else "heuristic"
            move = _move(state, seat, mover, seed=len(state.hand.trick))
        state, _ = apply(state, move)
    return state


@pytest.mark.parametrize("level", SMART)
def test_blocks_an_obvious_moon(level):
    state = play(deal(rules_of("classic", passing=False), MOON_HANDS), MOON_PLAYS)
    state = _shooter_plays_out(state, level)
    result = state.hand_results[-1]
    assert result.moon_shooter is None
    assert result.points[0] >= 1  # seat 0 took a heart to stop it
    assert result.points[3] < 26


def test_heuristic_ducks_under_the_winning_card():
    # Trick 2: seat 2 leads 5D, seat 3 plays KD; seat 0 holds diamonds on both sides of KD.
    hands = [
        "2D 6D 9D AD 2S 3S 4S 5S 6S 7S 3C 4C 5C",
        "2C 6C 7C 8C 9C 3D 4D 8D 2H 3H 4H 5H 6H",
        "10C JC QC KC AC 5D 7D 10D 7H 8H 9H 10H 8S",
        "JD QD KD JH QH KH AH 9S 10S JS QS KS AS",
    ]
    state = play(deal(rules_of("classic", passing=False), hands), "2C AC 9S 3C 5D KD")
    assert state.to_act == (0,)
    move = _move(state, 0, "heuristic")
    assert format_card(move.card) == "9D"  # the highest diamond under KD


def test_heuristic_smokes_out_the_queen_with_low_spades():
    hands = [
        "2D 6D 9D AD 2S 3S 4S 5S 6S 7S 3C 4C AC",
        "2C 6C 7C 8C 9C 3D 4D 8D 2H 3H 4H 5H 6H",
        "10C JC QC KC 5C 5D 7D 10D 7H 8H 9H 10H 8S",
        "JD QD KD JH QH KH AH 9S 10S JS QS KS AS",
    ]
    # Seat 0 wins trick 1 with AC and leads: it holds neither QS nor AS/KS.
    state = play(deal(rules_of("classic", passing=False), hands), "2C KC 9S AC")
    assert state.to_act == (0,)
    card = _move(state, 0, "heuristic").card
    assert card.suit == 3
    assert card.rank < 12


@pytest.mark.parametrize("level", SMART)
def test_passes_the_queen_and_its_guards_with_short_spades(level):
    hands = [
        "QS KS 3S 2C 5C 9C 4D 8D JD 3H 4H 7H 9H",
        "AS 2S 4S 5S 6S 3C 4C 6C 2D 3D 5D 2H 5H",
        "7S 8S 9S 10S 7C 8C 10C 6D 7D 9D 10D 6H 8H",
        "JS JC QC KC AC QD KD AD 10H JH QH KH AH",
    ]
    state = deal(rules_of("classic"), hands)
    assert state.phase == "passing"
    move = _move(state, 0, level)
    assert isinstance(move, PassCards)
    assert {format_card(c) for c in move.cards} >= {"QS", "KS"}
    assert len(move.cards) == 3


def test_heuristic_shoots_the_moon_with_the_right_hand_and_chooses_how_to_score_it():
    hands = [
        "AH KH QH JH 10H 9H 8H 7H AS KS QS AC AD",
        "2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2S 3S 4S",
        "7C 8C 9C 10C JC 7D 8D 9D 10D 5S 6S 7S 8S",
        "QC KC JD QD KD 9S 10S JS 2H 3H 4H 5H 6H",
    ]
    rules = rules_of("classic", passing=False, moon="shooter_chooses")
    state = deal(rules, hands)
    state = _play_until_moon_choice(state)
    assert state.phase == "moon_choice"
    move = _move(state, 0, "heuristic")
    assert move.seat == 0
    assert move.choice in ("add_to_others", "subtract_from_self")
    state, _ = apply(state, move)
    assert state.hand_results[-1].moon_shooter == 0


def _play_until_moon_choice(state):
    while state.phase == "playing":
        seat = state.to_act[0]
        state, _ = apply(state, _move(state, seat, "heuristic"))
    return state
