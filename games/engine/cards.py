"""Cards, suits, card bitmasks and the decks of every preset.

A card's ``index`` is ``suit * 13 + rank - 2`` (0..51). A set of cards is often held as an int
bitmask where bit ``i`` stands for ``Card.from_index(i)``; iterating a mask from the low bit up
gives cards by suit (clubs, diamonds, hearts, spades), then rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]


SUIT_LETTERS = ("C", "D", "H", "S")
RANK_CODES = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
JACK, QUEEN, KING, ACE = 11, 12, 13, 14


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card. Ordered by suit, then rank (ace high)."""

    suit: Suit
    rank: int
    #: ``suit * 13 + rank - 2`` (0..51), precomputed.
    index: int = field(init=False, compare=False, repr=False)
    #: ``1 << index``, the card's bit in a card mask.
    bit: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if type(self.rank) is not int or not 2 <= self.rank <= 14:
            raise ValueError(f"rank must be an int 2..14, not {self.rank!r}")
        suit = Suit(self.suit)
        index = int(suit) * 13 + self.rank - 2
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", 1 << index)

    @property
    def code(self) -> str:
        return RANK_CODES[self.rank] + SUIT_LETTERS[self.suit]

    @classmethod
    def from_index(cls, index: int) -> Card:
        return ALL_CARDS[index]

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


ALL_CARDS: tuple[Card, ...] = tuple(Card(Suit(i // 13), i % 13 + 2) for i in range(52))
SUIT_OF: tuple[int, ...] = tuple(i // 13 for i in range(52))

CLUBS_MASK = 0x1FFF
SUIT_MASKS: tuple[int, int, int, int] = (
    CLUBS_MASK,
    CLUBS_MASK << 13,
    CLUBS_MASK << 26,
    CLUBS_MASK << 39,
)
HEARTS_MASK = SUIT_MASKS[Suit.HEARTS]
FULL_MASK = (1 << 52) - 1
QUEEN_OF_SPADES = Card(Suit.SPADES, QUEEN)
JACK_OF_DIAMONDS = Card(Suit.DIAMONDS, JACK)
QS_BIT = 1 << QUEEN_OF_SPADES.index
JD_BIT = 1 << JACK_OF_DIAMONDS.index
PENALTY_MASK = HEARTS_MASK | QS_BIT


def mask_of(cards: Iterable[Card]) -> int:
    """Bitmask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def iter_mask(mask: int) -> Iterator[Card]:
    """The cards of a mask in canonical order (suit, then rank)."""
    while mask:
        low = mask & -mask
        yield ALL_CARDS[low.bit_length() - 1]
        mask ^= low


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask as a tuple in canonical order (suit, then rank)."""
    return tuple(iter_mask(mask))


def indices_of(mask: int) -> tuple[int, ...]:
    """The card indices of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _deck_mask(removed: Iterable[str] = (), ranks: Iterable[int] | None = None) -> int:
    keep = set(range(2, 15) if ranks is None else ranks)
    mask = 0
    for card in ALL_CARDS:
        if card.rank in keep and card.code not in removed:
            mask |= card.bit
    return mask


#: Deck keys (``RuleSet.deck``) to card masks.
DECK_MASKS: dict[str, int] = {
    "standard_52": FULL_MASK,
    "no_2d": _deck_mask(("2D",)),
    "no_2d_2c": _deck_mask(("2D", "2C")),
    "no_2d_3d_2c_3c": _deck_mask(("2D", "3D", "2C", "3C")),
    "short_28": _deck_mask(ranks=(2, 4, 6, 8, 10, QUEEN, ACE)),
}
