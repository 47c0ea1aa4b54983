"""Card bitmasks for the bots.

A set of cards is an int with bit ``card.index`` set (``suit * 13 + rank - 2``, the engine's
index), so a suit is a 13-bit field and, inside a suit, a higher bit is a higher rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_MASK: tuple[int, int, int, int] = tuple(0x1FFF << (13 * s) for s in range(4))  # type: ignore[assignment]
HEARTS_MASK = SUIT_MASK[HEARTS]
SPADES_MASK = SUIT_MASK[SPADES]


def index_of(suit: int, rank: int) -> int:
    return suit * 13 + rank - 2


QS = index_of(SPADES, 12)
KS = index_of(SPADES, 13)
AS = index_of(SPADES, 14)
JD = index_of(DIAMONDS, 11)
QS_BIT = 1 << QS
JD_BIT = 1 << JD
AS_KS_BITS = (1 << AS) | (1 << KS)


def suit_of(index: int) -> int:
    return index // 13


def rank_of(index: int) -> int:
    return index % 13 + 2


def bit(index: int) -> int:
    return 1 << index


def count(mask: int) -> int:
    return mask.bit_count()


def highest(mask: int) -> int:
    """Index of the highest card of a non-empty mask (highest suit, then rank)."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """Index of the lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def below(index: int) -> int:
    """Mask of every card of the same suit ranked below ``index``."""
    return ((1 << index) - 1) & SUIT_MASK[index // 13]


def above(index: int) -> int:
    """Mask of every card of the same suit ranked above ``index``."""
    return SUIT_MASK[index // 13] & ~((1 << (index + 1)) - 1)


def indices(mask: int) -> Iterator[int]:
    """Card indices of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(card_indices: Iterable[int]) -> int:
    mask = 0
    for i in card_indices:
        mask |= 1 << i
    return mask


def suits_present(mask: int) -> list[int]:
    return [s for s in range(4) if mask & SUIT_MASK[s]]


def penalty_points(mask: int, queen_points: int) -> int:
    """Hearts are one point each; QS is worth ``queen_points`` (JD is not a penalty card)."""
    return (mask & HEARTS_MASK).bit_count() + (queen_points if mask & QS_BIT else 0)
