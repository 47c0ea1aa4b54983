"""Every bot level plays only legal moves, in every preset and option, across thousands of
positions reached by real play."""

from __future__ import annotations

import random

import pytest

from games.bots import LEVELS, choose_move, expert, master
from games.bots.match import shuffled_deck
from games.engine import (
    ChooseMoon,
    DealHand,
    PassCards,
    PlayCard,
    apply,
    is_legal,
    legal_cards,
    new_game,
    view_for_seat,
)
from tests.bots.positions import rules_of

CONFIGS = [
    ("classic", {}),
    ("classic", {"jack_of_diamonds": True, "moon": "shooter_chooses"}),
    (
        "classic",
        {
            "free_first_trick": True,
            "queen_breaks_hearts": True,
            "hearts_or_queen_when_only_penalties": True,
            "moon": "subtract_from_self",
        },
    ),
    ("three_player", {}),
    ("five_player", {}),
    ("six_player", {"jack_of_diamonds": True}),
    ("two_player", {}),
    ("two_player", {"passing": True, "moon": "shooter_chooses"}),
    ("two_player_full_deck", {}),
]


@pytest.fixture
def cheap_expert(monkeypatch):
    """A tiny search budget: legality does not depend on it, and it keeps the test fast."""
    monkeypatch.setattr(expert, "DEFAULT_PLAYS", 1)
    monkeypatch.setattr(expert, "MIN_DEALS", 2)
    monkeypatch.setattr(master, "MASTER_PLAYS", 1)
    monkeypatch.setattr(master, "ENDGAME_WORLDS", 2)


def _play_games(preset, overrides, hands, rng, levels_pool=LEVELS):
    """Play ``hands`` hands (several games if needed) with a random level per seat; check every
    decision against the engine before applying it. Returns the number of decisions."""
    rules = rules_of(preset, **overrides)
    decisions = 0
    state = new_game(rules)
    for number in range(hands):
        if state.phase == "game_over":
            state = new_game(rules)
        levels = [rng.choice(levels_pool) for _ in range(rules.seats)]
        state, _ = apply(state, DealHand(shuffled_deck(rules, f"legal:{number}"), "salt"))
        start = state.hand_number
        while state.hand_number == start and state.phase in ("passing", "playing", "moon_choice"):
            seat = state.to_act[0]
            view = view_for_seat(state, seat)
            move = choose_move(view, levels[seat], random.Random(rng.random()))
            assert move.seat == seat
            if isinstance(move, PlayCard):
                assert move.card in legal_cards(state, seat)
            elif isinstance(move, PassCards):
                assert len(move.cards) == state.pass_count
                assert move.cards <= set(view.hand)
            else:
                assert isinstance(move, ChooseMoon)
            assert is_legal(state, move), (preset, overrides, move)
            state, _ = apply(state, move)
            decisions += 1
    return decisions


@pytest.mark.parametrize(("preset", "overrides"), CONFIGS)
def test_every_level_plays_only_legal_moves(preset, overrides, cheap_expert):
    rng = random.Random(f"{preset}:{sorted(overrides.items())}")
    decisions = _play_games(preset, overrides, 24, rng)
    assert decisions >= 24 * 8


def test_thousands_of_heuristic_and_random_positions():
    rng = random.Random(7)
    total = 0
    for preset, overrides in CONFIGS:
        total += _play_games(preset, overrides, 40, rng, ("random", "heuristic"))
    assert total > 5000
