"""Moves: commands that `decide` validates."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True, slots=True)
class DealHand:
    """The system deals: ``deck`` is a permutation of ``deck_for(rules)`` (the caller shuffles)."""

    deck: tuple[Card, ...]
    salt: str


@dataclass(frozen=True, slots=True)
class PassCards:
    seat: int
    cards: frozenset[Card]


@dataclass(frozen=True, slots=True)
class PlayCard:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ChooseMoon:
    seat: int
    choice: str


Move = DealHand | PassCards | PlayCard | ChooseMoon
