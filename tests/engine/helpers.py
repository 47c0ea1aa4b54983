"""Helpers to build engine positions from readable hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import (
    ChooseMoon,
    DealHand,
    GameState,
    PassCards,
    PlayCard,
    RuleSet,
    apply,
    deck_for,
    new_game,
    parse_cards,
)
from games.engine.cards import Card


def deck_from_hands(
    rules: RuleSet,
    hands: Sequence[str | Sequence[str]],
    dead: Sequence[str] = (),
    hand_number: int = 1,
) -> tuple[Card, ...]:
    """The deck order that deals ``hands`` (per seat) and ``dead`` under the engine's deal order
    (first card dead when cards are undealt; hands one at a time from the dealer's left)."""
    seats = rules.seats
    dealer = rules.dealer_for_hand(hand_number)
    per_seat = [list(parse_cards(h)) for h in hands]
    dead_cards = list(parse_cards(dead))
    assert len(per_seat) == seats
    assert all(len(h) == rules.hand_size for h in per_seat), [len(h) for h in per_seat]
    used = [c for h in per_seat for c in h] + dead_cards
    assert len(set(used)) == len(used), "a card appears twice"
    rest = [c for c in deck_for(rules) if c not in set(used)]
    dead_cards += rest
    assert len(dead_cards) == rules.undealt, (len(dead_cards), rules.undealt)
    dealt = []
    for k in range(seats * rules.hand_size):
        seat = (dealer + 1 + k) % seats
        dealt.append(per_seat[seat][k // seats])
    if dead_cards:
        return (dead_cards[0], *dealt, *dead_cards[1:])
    return tuple(dealt)


def rules_of(preset: str, **overrides: Any) -> RuleSet:
    return RuleSet.from_preset(preset, overrides)


def dealt(
    rules: RuleSet,
    hands: Sequence[str | Sequence[str]],
    dead: Sequence[str] = (),
    state: GameState | None = None,
    salt: str = "salt",
) -> GameState:
    """A state right after dealing ``hands`` (for the next hand of ``state``, or hand 1)."""
    state = state or new_game(rules)
    deck = deck_from_hands(rules, hands, dead, state.hand_number + 1)
    state, _ = apply(state, DealHand(deck, salt))
    return state


def play(state: GameState, *codes: str) -> GameState:
    """Play cards in order, each by the seat to act."""
    for code in " ".join(codes).split():
        (seat,) = state.to_act
        state, _ = apply(state, PlayCard(seat, parse_cards([code])[0]))
    return state


def pass_all(state: GameState, choices: Mapping[int, str]) -> GameState:
    for seat, codes in choices.items():
        state, _ = apply(state, PassCards(seat, frozenset(parse_cards(codes))))
    return state


def play_first_legal(state: GameState) -> GameState:
    """Play the lowest legal card until the hand (or moon choice) is over."""
    from games.engine import legal_moves

    while state.phase == "playing":
        (seat,) = state.to_act
        state, _ = apply(state, legal_moves(state, seat)[0])
    return state


def choose(state: GameState, choice: str) -> GameState:
    (seat,) = state.to_act
    state, _ = apply(state, ChooseMoon(seat, choice))
    return state


def codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def play_random(state: GameState, rng: Any) -> GameState:
    """Play uniformly random legal cards until the phase is no longer ``playing``."""
    from games.engine import legal_moves

    while state.phase == "playing":
        (seat,) = state.to_act
        state, _ = apply(state, rng.choice(legal_moves(state, seat)))
    return state


def deal_around(
    rules: RuleSet,
    fixed: Mapping[int, str],
    rng: Any,
    dead: Sequence[str] = (),
    state: GameState | None = None,
) -> GameState:
    """Deal ``fixed`` hands to some seats and the rest of the deck at random to the others."""
    taken = {c for codes in fixed.values() for c in parse_cards(codes)} | set(parse_cards(dead))
    rest = [c for c in deck_for(rules) if c not in taken]
    rng.shuffle(rest)
    hands: list[Any] = []
    for seat in range(rules.seats):
        if seat in fixed:
            hands.append(fixed[seat])
        else:
            hands.append([c.code for c in rest[: rules.hand_size]])
            rest = rest[rules.hand_size :]
    return dealt(rules, hands, [*dead, *(c.code for c in rest)], state=state)
