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
from games.engine.cards import ALL_CARDS, JD_BIT, Card, Suit
from games.engine.rules import (
    HEARTS_BROKEN_BY,
    MOON_RULES,
    NO_CLUB_LEADERS,
    OPENING_LEADS,
    PRESET_KEYS,
    TIE_RULES,
)

BOOLEAN_OPTIONS = (
    "passing",
    "queen_breaks_hearts",
    "free_first_trick",
    "hearts_or_queen_when_only_penalties",
    "lead_hearts_any_time",
)


@st.composite
def rulesets(
    draw: st.DrawFn,
    presets: tuple[str, ...] = PRESET_KEYS,
    targets: st.SearchStrategy[int] | None = None,
) -> RuleSet:
    """Any preset with any combination of options (targets from 1: some games end at once)."""
    key = draw(st.sampled_from(presets))
    base = PRESETS[key]
    overrides: dict[str, object] = {name: draw(st.booleans()) for name in BOOLEAN_OPTIONS}
    overrides["moon"] = draw(st.sampled_from(MOON_RULES))
    overrides["tie"] = draw(st.sampled_from(TIE_RULES))
    overrides["target"] = draw(targets if targets is not None else st.integers(1, 300))
    overrides["hearts_broken_by"] = draw(st.sampled_from(HEARTS_BROKEN_BY))
    overrides["opening_lead"] = draw(st.sampled_from(OPENING_LEADS))
    overrides["no_club_leader"] = draw(st.sampled_from(NO_CLUB_LEADERS))
    overrides["no_trick_bonus"] = draw(st.sampled_from((0, 0, 5, 1, 26)))
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


def clubless_deck(rules: RuleSet, rng: random.Random) -> list[Card] | None:
    """A deck order (for the engine's deal) in which no seat is dealt a club, or None when the
    ruleset leaves too few cards undealt for that (only decks with cards set aside allow it)."""
    deck = list(deck_for(rules))
    clubs = [c for c in deck if c.suit == Suit.CLUBS]
    others = [c for c in deck if c.suit != Suit.CLUBS]
    dealt = rules.seats * rules.hand_size
    if len(others) < dealt:
        return None
    rng.shuffle(others)
    hands, rest = others[:dealt], others[dealt:] + clubs
    rng.shuffle(rest)
    # The engine's deal: the first card is dead when cards are left over, then the hands.
    return [rest[0], *hands, *rest[1:]] if rest else hands


def play_game(
    rules: RuleSet, rng: random.Random, max_hands: int = 2, clubless_deals: bool = False
) -> PlayedGame:
    """Play random legal moves until the game ends or ``max_hands`` hands are scored. With
    ``clubless_deals`` every hand is dealt so that nobody holds a club, where the deck allows."""
    game = PlayedGame(rules)
    state = new_game(rules)
    while state.phase != "game_over":
        if state.phase == "awaiting_deal" and state.hand_number >= max_hands:
            break
        move = random_move(state, rng)
        if clubless_deals and isinstance(move, DealHand):
            deck = clubless_deck(rules, rng)
            if deck is not None:
                move = DealHand(tuple(deck), move.salt)
        after, events = apply(state, move)
        game.steps.append(Step(state, move, events, after))
        state = after
    return game


@st.composite
def random_games(
    draw: st.DrawFn,
    rules: st.SearchStrategy[RuleSet] | None = None,
    max_hands: int = 2,
    clubless_deals: bool = False,
) -> PlayedGame:
    """A random legal game (or its first ``max_hands`` hands) under a random ruleset (see
    `play_game` for ``clubless_deals``)."""
    ruleset = draw(rules if rules is not None else rulesets())
    seed = draw(st.integers(0, 2**32 - 1))
    return play_game(ruleset, random.Random(seed), max_hands, clubless_deals)


__all__ = [
    "PlayedGame",
    "Step",
    "cards",
    "clubless_deck",
    "deck_orders",
    "play_game",
    "random_games",
    "random_move",
    "rulesets",
]
