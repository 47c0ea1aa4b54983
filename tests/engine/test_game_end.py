import dataclasses
import random

import pytest

from games.engine import (
    PRESETS,
    DealHand,
    GameEnded,
    GameOutcome,
    GameOver,
    HandScored,
    PassCards,
    PlayCard,
    apply,
    decide,
    deck_for,
    legal_cards,
    legal_moves,
    parse_card,
)
from tests.engine.helpers import deal_around, dealt, rules_of

SHOOTER = "AC KC QC JC AD KD QD JD AS KS QS JS 10S"
TWO_SHOOTER = [
    "AC QC 10C 8C 6C AD QD 10D 8D AS QS 10S 8S",
    "2H 4H 6H 8H 10H QH AH 4C 2C 6D 4D 6S 4S",
]


def _finish(state, rng):
    events = []
    while state.phase == "playing":
        (seat,) = state.to_act
        state, new = apply(state, rng.choice(legal_moves(state, seat)))
        events.extend(new)
    return state, events


def _moon_from(totals, state=None, **overrides):
    """Play a classic hand in which seat 0 shoots the moon (0, +26, +26, +26) from ``totals``."""
    rules = rules_of("classic", passing=False, **overrides)
    rng = random.Random(0)
    state = deal_around(rules, {0: SHOOTER}, rng, state=state)
    if totals is not None:
        state = dataclasses.replace(state, totals=totals)
    return _finish(state, rng)


def test_classic_game_ends_when_a_total_reaches_100():
    state, events = _moon_from((10, 74, 80, 50))
    assert state.totals == (10, 100, 106, 76)
    assert state.phase == "game_over"
    assert state.outcome == GameOutcome((0,), (10, 100, 106, 76), 1)
    assert isinstance(events[-2], HandScored)
    assert events[-1] == GameEnded((0,), (10, 100, 106, 76))
    assert state.to_act == ()


def test_classic_game_goes_on_below_100():
    state, events = _moon_from((10, 73, 0, 0))
    assert state.totals == (10, 99, 26, 26)
    assert state.phase == "awaiting_deal"
    assert state.outcome is None
    assert not any(isinstance(e, GameEnded) for e in events)


def test_no_move_after_the_game_is_over():
    state, _ = _moon_from((10, 74, 80, 50))
    with pytest.raises(GameOver) as info:
        decide(state, DealHand(deck_for(state.rules), "s"))
    assert info.value.code == "game_over"
    with pytest.raises(GameOver):
        decide(state, PlayCard(0, parse_card("2C")))
    assert legal_moves(state, 0) == ()


def test_tie_for_lowest_plays_on_by_default():
    state, _ = _moon_from((26, 80, 0, 26))
    assert state.totals == (26, 106, 26, 52)
    assert state.phase == "awaiting_deal"
    # The next hand settles it.
    state, events = _moon_from(None, state=state)
    assert state.totals == (26, 132, 52, 78)
    assert state.outcome.winners == (0,)
    assert events[-1] == GameEnded((0,), (26, 132, 52, 78))


def test_tie_shared():
    state, events = _moon_from((26, 80, 0, 26), tie="shared")
    assert state.phase == "game_over"
    assert state.outcome.winners == (0, 2)
    assert events[-1] == GameEnded((0, 2), (26, 106, 26, 52))


def test_target_override():
    state, _ = _moon_from((0, 24, 0, 0), target=50)
    assert state.phase == "game_over"
    state, _ = _moon_from((0, 23, 0, 0), target=50)
    assert state.phase == "awaiting_deal"


@pytest.mark.parametrize(("before", "phase"), [((0, 36), "game_over"), ((0, 35), "awaiting_deal")])
def test_two_player_game_ends_at_50(before, phase):
    rules = PRESETS["two_player"]
    state = dataclasses.replace(dealt(rules, TWO_SHOOTER, ["2D", "2S"]), totals=before)
    state, _ = _finish(state, random.Random(0))
    assert state.totals == (before[0], before[1] + 14)
    assert state.phase == phase


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_random_games_end_at_the_first_hand_reaching_the_target(key):
    rules = rules_of(key, target=40)
    rng = random.Random(key)
    state = None
    for _ in range(60):
        state = deal_around(rules, {}, rng, state=state)
        while state.phase == "passing":
            seat = state.to_act[0]
            cards = rng.sample(legal_cards(state, seat), state.pass_count)
            state, _ = apply(state, PassCards(seat, frozenset(cards)))
        state, _ = _finish(state, rng)
        low = min(state.totals)
        unique = state.totals.count(low) == 1
        if max(state.totals) >= 40 and unique:
            assert state.phase == "game_over"
            assert state.outcome.winners == (state.totals.index(low),)
            break
        assert state.phase == "awaiting_deal"
    assert state.phase == "game_over"
