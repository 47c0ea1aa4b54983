"""Bots decide from the seat's view alone: hidden cards never change a decision, and the
package stays pure (no Django)."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.bots import LEVELS, choose_move
from games.engine import view_for_seat
from tests.bots.positions import deal, play, rules_of

# Seats 1 and 2 swap 9D and 8S between the two deals: seat 0 cannot tell them apart.
HANDS_A = [
    "2D 6D 9C AD 2S 3S 4S 5S 6S 7S 3C 4C 5C",
    "2C 6C 7C 8C 9D 3D 4D 8D 2H 3H 4H 5H 6H",
    "10C JC QC KC AC 5D 7D 10D 7H 8H 9H 10H 8S",
    "JD QD KD JH QH KH AH 9S 10S JS QS KS AS",
]
HANDS_B = [
    "2D 6D 9C AD 2S 3S 4S 5S 6S 7S 3C 4C 5C",
    "2C 6C 7C 8C 8S 3D 4D 8D 2H 3H 4H 5H 6H",
    "10C JC QC KC AC 5D 7D 10D 7H 8H 9H 10H 9D",
    "JD QD KD JH QH KH AH 9S 10S JS QS KS AS",
]


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_same_move_whatever_the_hidden_cards(level):
    rules = rules_of("classic", passing=False)
    state_a = play(deal(rules, HANDS_A), "2C AC 9S 3C 5D")
    state_b = play(deal(rules, HANDS_B), "2C AC 9S 3C 5D")
    assert state_a.hand.hands != state_b.hand.hands
    view_a, view_b = view_for_seat(state_a, 3), view_for_seat(state_b, 3)
    assert dataclasses.replace(view_a, commitment=None) == dataclasses.replace(
        view_b, commitment=None
    )
    for seed in range(5):
        move_a = choose_move(view_a, level, random.Random(seed))
        move_b = choose_move(view_b, level, random.Random(seed))
        assert move_a == move_b


@pytest.mark.parametrize("level", LEVELS)
def test_deterministic_given_the_rng(level):
    rules = rules_of("classic", passing=False)
    view = view_for_seat(play(deal(rules, HANDS_A), "2C AC 9S 3C 5D"), 3)
    moves = {choose_move(view, level, random.Random(42)) for _ in range(3)}
    assert len(moves) == 1


def test_unknown_level_is_a_value_error():
    view = view_for_seat(deal(rules_of("classic", passing=False), HANDS_A), 1)
    with pytest.raises(ValueError, match="unknown bot level"):
        choose_move(view, "grandmaster", random.Random(1))


def test_a_spectator_view_or_a_seat_with_nothing_to_do_is_refused():
    state = deal(rules_of("classic", passing=False), HANDS_A)
    with pytest.raises(ValueError, match="seated view"):
        choose_move(view_for_seat(state, None), "heuristic", random.Random(1))
    with pytest.raises(ValueError, match="has no move"):
        choose_move(view_for_seat(state, 0), "heuristic", random.Random(1))  # seat 1 leads


def test_bots_import_no_django():
    code = (
        "import sys, games.bots, games.bots.expert, games.bots.master, games.bots.match;"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('django', 'rest_framework', 'celery', 'players') or m == 'games.models'];"
        "assert not bad, bad"
    )
    root = Path(__file__).resolve().parents[2]
    env = {"PYTHONPATH": str(root)}
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root, env=env)
