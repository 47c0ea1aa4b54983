"""The deal, the deal commitment and the opening lead.

Deal order (every preset): the dealer of hand ``n`` is seat ``(n - 1) % seats``. Cards are dealt
one at a time, clockwise, starting with the seat to the dealer's left. When the deck holds more
cards than are dealt, the first card of the deck is dead (face down, unseen), then the hands are
dealt, then every remaining card is dead. For ``two_player`` (28 cards, 2 undealt) this is exactly
the printed deal: first card dead, 13 each one at a time, last card dead. For
``two_player_full_deck`` it is: first card set aside, 13 each, the last 25 set aside (26 unseen).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from .cards import CLUBS_MASK, Card, cards_of
from .rules import RuleSet


def deck_for(rules: RuleSet) -> tuple[Card, ...]:
    """The cards of the ruleset's deck in canonical order (suit, then rank)."""
    return cards_of(rules.deck_mask)


def deal(rules: RuleSet, deck: Sequence[Card], dealer: int) -> tuple[tuple[int, ...], int]:
    """(card mask per seat, dead-card mask) for a deck order; trusts that it is a permutation."""
    seats = rules.seats
    dealt = seats * rules.hand_size
    start = 1 if len(deck) > dealt else 0
    hands = [0] * seats
    for k in range(dealt):
        hands[(dealer + 1 + k) % seats] |= 1 << deck[start + k].index
    dead = 0
    for card in deck[:start]:
        dead |= 1 << card.index
    for card in deck[start + dealt :]:
        dead |= 1 << card.index
    return tuple(hands), dead


def opening_lead(hands: Sequence[int], dealer: int) -> tuple[int, Card | None]:
    """(leader, opening card) of the first trick: the holder of the lowest club held must lead it.

    If no seat holds a club (possible only with cards set aside), the seat to the dealer's left
    leads, with the usual leading and first-trick rules (``opening`` is None).
    """
    clubs = 0
    for mask in hands:
        clubs |= mask
    clubs &= CLUBS_MASK
    if not clubs:
        return (dealer + 1) % len(hands), None
    low = clubs & -clubs
    card = Card.from_index(low.bit_length() - 1)
    for seat, mask in enumerate(hands):
        if mask & low:
            return seat, card
    raise AssertionError("unreachable")


def deal_commitment(deck: Sequence[Card], salt: str) -> str:
    """sha256 hex of ``salt + ":" + " ".join(canonical codes of the deck in order)``."""
    text = salt + ":" + " ".join(card.code for card in deck)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
