import random

import pytest

from games.engine import (
    PRESETS,
    ChooseMoon,
    HandScored,
    InvalidMoonChoice,
    NotMoonShooter,
    PlayCard,
    WrongPhase,
    apply,
    auto_moon_choice,
    decide,
    legal_moves,
    parse_card,
    parse_cards,
)
from games.engine.cards import HEARTS_MASK, QS_BIT, mask_of
from games.engine.scoring import find_moon_shooter, hand_points
from tests.engine.helpers import choose, deal_around, dealt, play_random, rules_of

SHOOTER = "AC KC QC JC AD KD QD JD AS KS QS JS 10S"
TWO_SHOOTER = [
    "AC QC 10C 8C 6C AD QD 10D 8D AS QS 10S 8S",
    "2H 4H 6H 8H 10H QH AH 4C 2C 6D 4D 6S 4S",
]


def _moon_hand(seed=0, **overrides):
    rules = rules_of("classic", passing=False, **overrides)
    rng = random.Random(seed)
    return play_random(deal_around(rules, {0: SHOOTER}, rng), rng)


@pytest.mark.parametrize("seed", range(5))
def test_classic_moon_add_to_others(seed):
    state = _moon_hand(seed)
    result = state.hand_results[-1]
    assert result.moon_shooter == 0
    assert result.points == (0, 26, 26, 26)
    assert result.moon_choice == "add_to_others"


def test_classic_moon_subtract_from_self():
    state = _moon_hand(moon="subtract_from_self")
    assert state.hand_results[-1].points == (-26, 0, 0, 0)


def test_jack_of_diamonds_is_scored_on_top_of_the_moon():
    assert _moon_hand(jack_of_diamonds=True).hand_results[-1].points == (-10, 26, 26, 26)
    state = _moon_hand(jack_of_diamonds=True, moon="subtract_from_self")
    assert state.hand_results[-1].points == (-36, 0, 0, 0)


def test_shooter_chooses_is_a_real_decision():
    state = _moon_hand(moon="shooter_chooses")
    assert state.phase == "moon_choice"
    assert state.to_act == (0,)
    assert state.hand_results == ()
    assert legal_moves(state, 0) == (
        ChooseMoon(0, "add_to_others"),
        ChooseMoon(0, "subtract_from_self"),
    )
    assert legal_moves(state, 1) == ()
    with pytest.raises(NotMoonShooter):
        decide(state, ChooseMoon(1, "add_to_others"))
    with pytest.raises(InvalidMoonChoice):
        decide(state, ChooseMoon(0, "shooter_chooses"))
    with pytest.raises(WrongPhase):
        decide(state, PlayCard(0, parse_card("2C")))
    new, events = apply(state, ChooseMoon(0, "subtract_from_self"))
    assert events[0].choice == "subtract_from_self"
    assert isinstance(events[1], HandScored)
    assert events[1].points == (-26, 0, 0, 0)
    assert events[1].moon_choice == "subtract_from_self"
    assert new.phase == "awaiting_deal"
    assert choose(state, "add_to_others").totals == (0, 26, 26, 26)


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ((0, 0, 0, 0), "add_to_others"),  # the game goes on either way
        ((60, 10, 20, 80), "subtract_from_self"),  # adding would end the game with the shooter lost
        ((60, 10, 10, 80), "add_to_others"),  # adding ties 1 and 2 for lowest: play on
        ((90, 95, 95, 95), "add_to_others"),  # adding ends the game with the shooter winning
        ((30, 80, 80, 80), "add_to_others"),  # adding wins now; subtracting only goes on
    ],
)
def test_auto_moon_choice(totals, expected):
    import dataclasses

    state = _moon_hand(moon="shooter_chooses")
    state = dataclasses.replace(state, totals=totals)
    assert auto_moon_choice(state) == expected


def test_twelve_hearts_and_queen_is_not_a_moon():
    rules = PRESETS["classic"]
    twelve = mask_of(parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH QS"))
    taken = [twelve, mask_of([parse_card("AH")]), 0, 0]
    assert find_moon_shooter(rules, taken, 0) is None
    assert hand_points(rules, taken, None, None) == (25, 1, 0, 0)


def test_thirteen_hearts_without_queen_is_not_a_moon():
    rules = PRESETS["classic"]
    taken = [HEARTS_MASK, 0, QS_BIT, 0]
    assert find_moon_shooter(rules, taken, 0) is None
    assert hand_points(rules, taken, None, None) == (13, 0, 13, 0)


def _search(shooter_cards, predicate):
    rules = rules_of("classic", passing=False)
    for seed in range(2000):
        rng = random.Random(seed)
        state = play_random(deal_around(rules, {0: shooter_cards}, rng), rng)
        if predicate(state.hand.taken[0]):
            return state
    raise AssertionError("no such hand found")


def test_twelve_hearts_and_queen_is_not_a_moon_in_a_played_hand():
    # Seat 0 loses only when it leads 9S and 10S covers it.
    state = _search(
        "AC KC QC JC AD KD QD JD AS KS QS JS 9S",
        lambda m: (m & HEARTS_MASK).bit_count() == 12 and m & QS_BIT,
    )
    result = state.hand_results[-1]
    assert result.moon_shooter is None
    assert result.points[0] == 25
    assert sorted(result.points) == [0, 0, 1, 25]


def test_thirteen_hearts_without_queen_is_not_a_moon_in_a_played_hand():
    state = _search(
        "AC KC QC JC AD KD QD JD AS KS JS 10S 9S",
        lambda m: (m & HEARTS_MASK).bit_count() == 13 and not m & QS_BIT,
    )
    result = state.hand_results[-1]
    assert result.moon_shooter is None
    assert result.points[0] == 13
    assert sorted(result.points) == [0, 0, 13, 13]


def test_two_player_moon_is_fourteen():
    rules = PRESETS["two_player"]
    rng = random.Random(1)
    state = play_random(dealt(rules, TWO_SHOOTER, ["2D", "2S"]), rng)
    result = state.hand_results[-1]
    assert result.moon_shooter == 0
    assert result.points == (0, 14)


def test_no_moon_when_a_heart_is_dead():
    rules = PRESETS["two_player"]
    hands = [TWO_SHOOTER[0], "4H 6H 8H 10H QH AH 2D 4C 2C 6D 4D 6S 4S"]
    state = play_random(dealt(rules, hands, ["2H", "2S"]), random.Random(1))
    result = state.hand_results[-1]
    assert state.hand.taken[0] & HEARTS_MASK == rules.deck_mask & HEARTS_MASK & ~mask_of(
        [parse_card("2H")]
    )
    assert result.moon_shooter is None
    assert result.points == (6 + 7, 0)
