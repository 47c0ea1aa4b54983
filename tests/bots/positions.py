"""Build bot positions through the engine: deal a chosen deck, apply moves, take a seat's view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine import (
    DealHand,
    GameState,
    PassCards,
    PlayCard,
    RuleSet,
    apply,
    deck_for,
    new_game,
    parse_card,
    parse_cards,
)


def rules_of(preset: str, **overrides: Any) -> RuleSet:
    return RuleSet.from_preset(preset, overrides or None)


def deck_dealing(rules: RuleSet, hands: Sequence[str], dead: str = "") -> tuple[Any, ...]:
    """The deck order that deals ``hands[seat]`` (space-separated codes) in hand 1 (dealer 0,
    cards one at a time from seat 1; with undealt cards the first and the last ones are dead)."""
    per_seat = [list(parse_cards(h.split())) for h in hands]
    assert len(per_seat) == rules.seats
    assert all(len(h) == rules.hand_size for h in per_seat), [len(h) for h in per_seat]
    used = {c for h in per_seat for c in h}
    assert len(used) == rules.seats * rules.hand_size, "a card appears twice"
    dead_cards = list(parse_cards(dead.split())) if dead else []
    dead_cards += [c for c in deck_for(rules) if c not in used and c not in dead_cards]
    assert len(dead_cards) == rules.undealt
    dealt = [
        per_seat[(1 + k) % rules.seats][k // rules.seats]
        for k in range(rules.seats * rules.hand_size)
    ]
    if dead_cards:
        return (dead_cards[0], *dealt, *dead_cards[1:])
    return tuple(dealt)


def deal(rules: RuleSet, hands: Sequence[str], dead: str = "") -> GameState:
    state, _ = apply(new_game(rules), DealHand(deck_dealing(rules, hands, dead), "test-salt"))
    return state


def play(state: GameState, codes: str) -> GameState:
    """Play space-separated cards in turn order (each by the seat to play)."""
    for code in codes.split():
        seat = state.to_act[0]
        state, _ = apply(state, PlayCard(seat, parse_card(code)))
    return state


def pass_cards(state: GameState, seat: int, codes: str) -> GameState:
    cards = frozenset(parse_cards(codes.split()))
    state, _ = apply(state, PassCards(seat, cards))
    return state
