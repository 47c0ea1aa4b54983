"""Sampled deals agree with everything the seat observed (and the real deal does too)."""

from __future__ import annotations

import random

import pytest

from games.bots import choose_move
from games.bots.match import shuffled_deck
from games.bots.observation import observe
from games.bots.sampling import consistent, sample_hands
from games.engine import DealHand, apply, new_game, view_for_seat
from tests.bots.positions import rules_of


def _positions(preset, overrides, hands=6):
    """Views of the seat to play at every play of a few heuristic hands."""
    rules = rules_of(preset, **overrides)
    for number in range(hands):
        state, _ = apply(new_game(rules), DealHand(shuffled_deck(rules, f"s:{number}"), "salt"))
        while state.phase in ("passing", "playing") and state.hand_number == 1:
            seat = state.to_act[0]
            view = view_for_seat(state, seat)
            if state.phase == "playing":
                yield state, view
            state, _ = apply(state, choose_move(view, "heuristic", random.Random(number)))


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        ("classic", {}),
        ("two_player", {"passing": True}),
        ("two_player_full_deck", {}),
        ("five_player", {}),
    ],
)
def test_samples_are_consistent_with_the_observation(preset, overrides):
    rng = random.Random(3)
    checked = 0
    for state, view in _positions(preset, overrides):
        obs = observe(view)
        # The real deal satisfies every inferred constraint (voids and passed cards are facts).
        assert consistent(obs, list(state.hand.hands))
        for _ in range(5):
            hands = sample_hands(obs, rng)
            assert consistent(obs, hands)
            assert sum(h.bit_count() for h in hands) == sum(view.cards_left)
        checked += 1
    assert checked > 50


def test_passed_cards_stay_with_the_receiver():
    rules = rules_of("classic")
    state, _ = apply(new_game(rules), DealHand(shuffled_deck(rules, "pass"), "salt"))
    for seat in range(4):
        state, _ = apply(
            state, choose_move(view_for_seat(state, seat), "heuristic", random.Random(seat))
        )
    view = view_for_seat(state, state.to_act[0])
    obs = observe(view)
    assert obs.passed.bit_count() == 3
    assert obs.passed_to == (view.seat + 1) % 4  # hand 1 passes left
    for _ in range(20):
        hands = sample_hands(obs, random.Random(_))
        assert hands[obs.passed_to] & obs.passed == obs.passed
