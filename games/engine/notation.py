"""Card notation: rank then suit letter, e.g. ``2C``, ``10H``, ``QS``, ``AS``.

Canonical form is upper case with ``10`` for ten. ``parse_card`` also accepts ``T`` for ten and
lower case. Anything else raises `NotationError`; parsing is syntax, not legality.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import ALL_CARDS, Card
from .errors import NotationError

_PARSE: dict[str, Card] = {}
for _card in ALL_CARDS:
    _PARSE[_card.code] = _card
    if _card.rank == 10:
        _PARSE["T" + _card.code[2]] = _card


def parse_card(text: str) -> Card:
    """Parse one card code (``QS``, ``10h``, ``TH``)."""
    if type(text) is str:  # a canonical code (what the engine writes) in one lookup
        card = _PARSE.get(text)
        if card is not None:
            return card
    if not isinstance(text, str) or not text.isascii():
        raise NotationError(text)
    card = _PARSE.get(text.upper())
    if card is None:
        raise NotationError(text)
    return card


def format_card(card: Card) -> str:
    """Canonical code of a card."""
    return card.code


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Parse card codes, keeping their order. A single string is split on whitespace/commas."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return tuple(parse_card(text) for text in texts)


def format_cards(cards: Iterable[Card]) -> list[str]:
    """Canonical codes of cards, keeping their order."""
    return [card.code for card in cards]
