"""Hypothesis strategies for the Hearts engine: rulesets, deck orders and random legal games."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import strategies as st

from games.engine import (
    PRESETS,
    DealHand,
    Event,
    GameState,
    Move,
    PassCards,
    RuleSet,
    apply,
    deck_for,
    legal_cards,
    legal_moves,
    new_game,
)
from games.engine.cards import ALL_CARDS, JD_BIT, Card
from games.engine.rules import MOON_RULES, PRESET_KEYS, TIE_RULES

BOOLEAN_OPTIONS = ("passing", "queen_breaks_hearts", "free_first_trick",
                   "hearts_or_queen_when_only_penalties")


@st.composite
def rulesets(draw: st.DrawFn, presets: tuple[str, ...] = PRESET_KEYS,
             targets: st.SearchStrategy[int] | None = None) -> RuleSet:
    """Any preset with any combination of options (targets from 1: some games end at once)."""
    key = draw(st.sampled_from(presets))
    base = PRESETS[key]
    overrides: dict[str, object] = {name: draw(st.booleans()) for name in BOOLEAN_OPTIONS}
    overrides["moon"] = draw(st.sampled_from(MOON_RULES))
    overrides["tie"] = draw(st.sampled_from(TIE_RULES))
    overrides["target"] = draw(targets if targets is not None else st.integers(1, 300))
    if base.deck_mask & JD_BIT:
        overrides["jack_of_diamonds"] = draw(st.booleans())
    return RuleSet.from_preset(key, overrides)


def deck_orders(rules: RuleSet) -> st.SearchStrategy[list[Card]]:
    """Shuffles of the ruleset's deck."""
    return st.permutations(deck_for(rules))


def cards() -> st.SearchStrategy[Card]:
    return st.sampled_from(ALL_CARDS)


@dataclass
class Step:
    before: GameState
    move: Move
    events: tuple[Event, ...]
    after: GameState


@dataclass
class PlayedGame:
    rules: RuleSet
    steps: list[Step] = field(default_factory=list)

    @property
    def events(self) -> list[Event]:
        return [e for step in self.steps for e in step.events]

    @property
    def final(self) -> GameState:
        return self.steps[-1].after


def random_move(state: GameState, rng: random.Random, salt: str = "salt") -> Move:
    """A uniformly random legal move for whoever acts (the system deals a shuffled deck)."""
    if state.phase == "awaiting_deal":
        deck = list(deck_for(state.rules))
        rng.shuffle(deck)
        return DealHand(tuple(deck), f"{salt}-{state.hand_number + 1}")
    if state.phase == "passing":
        seat = rng.choice(state.to_act)
        return PassCards(seat, frozenset(rng.sample(legal_cards(state, seat), state.pass_count)))
    if state.phase == "moon_choice":
        (seat,) = state.to_act
        return rng.choice(legal_moves(state, seat))
    (seat,) = state.to_act
    return rng.choice(legal_moves(state, seat))


def play_game(rules: RuleSet, rng: random.Random, max_hands: int = 2) -> PlayedGame:
    """Play random legal moves until the game ends or ``max_hands`` hands are scored."""
    game = PlayedGame(rules)
    state = new_game(rules)
    while state.phase != "game_over":
        if state.phase == "awaiting_deal" and state.hand_number >= max_hands:
            break
        move = random_move(state, rng)
        after, events = apply(state, move)
        game.steps.append(Step(state, move, events, after))
        state = after
    return game


@st.composite
def random_games(draw: st.DrawFn, rules: st.SearchStrategy[RuleSet] | None = None,
                 max_hands: int = 2) -> PlayedGame:
    """A random legal game (or its first ``max_hands`` hands) under a random ruleset."""
    ruleset = draw(rules if rules is not None else rulesets())
    seed = draw(st.integers(0, 2**32 - 1))
    return play_game(ruleset, random.Random(seed), max_hands)


__all__ = ["PlayedGame", "Step", "cards", "deck_orders", "play_game", "random_games",
           "random_move", "rulesets"]
