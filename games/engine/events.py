"""Events: facts, named in the past tense, with a stable type string and schema version.

Input facts (`HandDealt`, `CardsPassed`, `CardPlayed`, `MoonChosen`) drive `evolve`; derived
facts (`PassesExchanged`, `TrickWon`, `HandScored`, `GameEnded`) are emitted by `decide` for
readers, recomputed by replay and ignored by `evolve`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .cards import Card
from .notation import parse_card


@dataclass(frozen=True, slots=True)
class HandDealt:
    TYPE: ClassVar[str] = "hand_dealt"
    SCHEMA_VERSION: ClassVar[int] = 1
    DERIVED: ClassVar[bool] = False
    hand_number: int
    deck: tuple[Card, ...]
    salt: str


@dataclass(frozen=True, slots=True)
class CardsPassed:
    TYPE: ClassVar[str] = "cards_passed"
    SCHEMA_VERSION: ClassVar[int] = 1
    DERIVED: ClassVar[bool] = False
    seat: int
    cards: frozenset[Card]


@dataclass(frozen=True, slots=True)
class CardPlayed:
    TYPE: ClassVar[str] = "card_played"
    SCHEMA_VERSION: ClassVar[int] = 1
    DERIVED: ClassVar[bool] = False
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class MoonChosen:
    TYPE: ClassVar[str] = "moon_chosen"
    SCHEMA_VERSION: ClassVar[int] = 1
    DERIVED: ClassVar[bool] = False
    seat: int
    choice: str


@dataclass(frozen=True, slots=True)
class PassesExchanged:
    """``passes[s]`` are the cards seat ``s`` gave."""

    TYPE: ClassVar[str] = "passes_exchanged"
    SCHEMA_VERSION: ClassVar[int] = 1
    DERIVED: ClassVar[bool] = True
    hand_number: int
    passes: tuple[frozenset[Card], ...]


@dataclass(frozen=True, slots=True)
class TrickWon:
    """``cards`` in play order, starting with the lead."""

    TYPE: ClassVar[str] = "trick_won"
    SCHEMA_VERSION: ClassVar[int] = 1
    DERIVED: ClassVar[bool] = True
    seat: int
    trick_number: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class HandScored:
    """Hand points per seat (moon and jack of diamonds applied) and the totals after the hand.

    The deck and salt are revealed here so that the deal commitment can be checked.
    """

    TYPE: ClassVar[str] = "hand_scored"
    SCHEMA_VERSION: ClassVar[int] = 1
    DERIVED: ClassVar[bool] = True
    hand_number: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    moon_shooter: int | None
    deck: tuple[Card, ...]
    salt: str
    moon_choice: str | None = None


@dataclass(frozen=True, slots=True)
class GameEnded:
    TYPE: ClassVar[str] = "game_ended"
    SCHEMA_VERSION: ClassVar[int] = 1
    DERIVED: ClassVar[bool] = True
    winners: tuple[int, ...]
    totals: tuple[int, ...]


Event = (
    HandDealt
    | CardsPassed
    | CardPlayed
    | MoonChosen
    | PassesExchanged
    | TrickWon
    | HandScored
    | GameEnded
)

#: The one registry of event types: stable type string -> class.
EVENT_TYPES: Mapping[str, type] = {
    cls.TYPE: cls
    for cls in (
        HandDealt,
        CardsPassed,
        CardPlayed,
        MoonChosen,
        PassesExchanged,
        TrickWon,
        HandScored,
        GameEnded,
    )
}

# How each field is written to JSON: "cards" keep their order, "cardset" is sorted, "cardsets"
# is a tuple of sorted sets, "ints" a tuple of ints; other fields are JSON scalars.
_KINDS: dict[type, dict[str, str]] = {
    HandDealt: {"deck": "cards"},
    CardsPassed: {"cards": "cardset"},
    CardPlayed: {"card": "card"},
    MoonChosen: {},
    PassesExchanged: {"passes": "cardsets"},
    TrickWon: {"cards": "cards"},
    HandScored: {"points": "ints", "totals": "ints", "deck": "cards"},
    GameEnded: {"winners": "ints", "totals": "ints"},
}


def _encode(kind: str, value: Any) -> Any:
    if kind == "card":
        return value.code
    if kind == "cards":
        return [card.code for card in value]
    if kind == "cardset":
        return [card.code for card in sorted(value)]
    if kind == "cardsets":
        return [[card.code for card in sorted(cards)] for cards in value]
    if kind == "ints":
        return list(value)
    return value


def _decode(kind: str, value: Any) -> Any:
    if kind == "card":
        return parse_card(value)
    if kind == "cards":
        return tuple(parse_card(code) for code in value)
    if kind == "cardset":
        return frozenset(parse_card(code) for code in value)
    if kind == "cardsets":
        return tuple(frozenset(parse_card(code) for code in cards) for cards in value)
    if kind == "ints":
        return tuple(value)
    return value


def event_to_payload(event: Event) -> tuple[str, int, dict[str, Any]]:
    """``(type, schema_version, payload)``; the payload is JSON-safe (cards as codes)."""
    kinds = _KINDS[type(event)]
    payload = {
        f.name: _encode(kinds.get(f.name, ""), getattr(event, f.name)) for f in fields(event)
    }
    return event.TYPE, event.SCHEMA_VERSION, payload


def event_from_payload(type_: str, payload: Mapping[str, Any]) -> Event:
    """Inverse of `event_to_payload` for the current schema version."""
    cls = EVENT_TYPES.get(type_)
    if cls is None:
        raise ValueError(f"unknown event type {type_!r}")
    kinds = _KINDS[cls]
    kwargs = {}
    for f in fields(cls):
        if f.name in payload:
            kwargs[f.name] = _decode(kinds.get(f.name, ""), payload[f.name])
    return cls(**kwargs)
