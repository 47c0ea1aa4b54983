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


# Trick 12 of 13, seat 0 last to 5D 7D 9D (no point on the trick) with AD 2D; the three cards
# it has not seen (QS, 3H, 5C) hold no diamond. 2D loses the trick: seat 3 leads its last card
# and seat 0 discards AD (0 points). AD wins it, and then 2D must be led into the others'
# discards: QS and 3H, 14 points. Found by playing random legal cards to these last hands.
LEAD_TRAP = [
    (
        {"passing": False},
        [
            "2D AD KH 6D 9S 7S 4C KS 4S 10H KC 3S QD",
            "5D QS JD 9C AS 8D 5S 10S QC JH 3C AH 8S",
            "7D 3H 10D 9H 6C 6H JS AC 4H 2H 3D QH 7H",
            "5C 9D 5H 8H 10C 2S KD 7C 2C JC 8C 6S 4D",
        ],
        "2C 4C QC 6C 3C AC 8C KC 3D 4D QD 8D 9S 8S JS 6S 10D KD 6D JD 2S KS 5S 6H 10H AH 4H "
        "5H 9C 9H 7C 7S JH 7H 8H KH 3S 10S 2H 10C AS QH JC 4S  5D 7D 9D",
    ),
    (
        # The same endgame with the no-trick bonus, seat 0 without a trick so far: 2D also
        # keeps its 5 points off.
        {"passing": False, "no_trick_bonus": 5},
        [
            "2D AD 6S AH 7C 10C 4D 10D 9C JS 4C 4H KD",
            "5D QS 8D 10S 5S AS KC 9S 2H AC 2C JH 2S",
            "7D 3H KS 3D KH 8C 8S 7H 9H 6H 6C QH 4S",
            "5C 9D 7S QD 8H JD JC 10H QC 3S 3C 5H 6D",
        ],
        "2C 6C JC 10C 7S JS 2S KS 8C QC 9C KC AS 4S 3S 6S AC 7H 3C 7C 5S 8S QD AH QH 8H 4H JH "
        "KH 10H 4C 2H 3D 6D 4D 8D 10S 9H JD 10D 9S 6H 5H KD  5D 7D 9D",
    ),
]


@pytest.mark.parametrize("level", [*SMART, "master"])
@pytest.mark.parametrize(
    ("overrides", "hands", "plays"), LEAD_TRAP, ids=["plain", "no_trick_bonus"]
)
def test_ducks_a_free_trick_that_would_leave_it_leading_into_every_discard(
    level, overrides, hands, plays
):
    state = play(deal(rules_of("classic", **overrides), hands), plays)
    assert state.to_act == (0,)
    assert {format_card(c) for c in legal_cards(state, 0)} == {"AD", "2D"}
    for seed in (1, 2):
        assert format_card(_move(state, 0, level, seed).card) == "2D", level


def test_heuristic_still_wins_a_free_trick_high_when_the_lead_is_no_trap():
    """The same last seat with AD 2D on 5D 7D 9D, but 3D still unseen: after AD, 2D led may
    lose to it, so the lead is no trap and the heuristic keeps its rule for a trick without
    points (win it with the highest card, shedding the ace)."""
    hands = [
        "2D AD JH 9C 10S 8D 2S 8C 9H 3S KD AS 7C",
        "3D 5D KS 6C KH 10H 5H 10D 10C QC KC AH JC",
        "7D QS QD 2H 5C 6S AC 8H 8S 4C 9S 6H 4H",
        "9D 3H 7S 6D 2C 5S JS 7H 3C JD QH 4D 4S",
    ]
    plays = (
        "2C 7C 10C 5C 10D QD 6D 8D 4C 3C 8C QC KC AC 5S 9C 6S 7S 2S KS JC 6H 4D KD 6C 8H JD "
        "AS 5H 4H QH 9H JS 3S 10H 9S 4S 10S AH 8S JH KH 2H 7H  5D 7D 9D"
    )
    state = play(deal(rules_of("classic", passing=False), hands), plays)
    assert state.to_act == (0,)
    assert format_card(_move(state, 0, "heuristic").card) == "AD"
