"""Lobby events: facts about a table (creation, seats, start), in the style of the engine's.

Each is a frozen dataclass with a stable ``TYPE`` string and an integer ``SCHEMA_VERSION``, the
current one; older stored payloads are lifted to it by the store's upcasters before they reach
``from_payload``. The fields are the payload's keys, in the order they are written. Pure Python
(no Django): the aggregate decides and evolves them, the store registers them next to the
engine's events (``games.store.registry``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class GameCreated:
    TYPE: ClassVar[str] = "game_created"
    SCHEMA_VERSION: ClassVar[int] = 2  # v1: ``creator`` and no options
    ruleset: Mapping[str, Any]  # RuleSet.to_dict()
    creator_id: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)  # think_delay_ms, turn_limit_s


@dataclass(frozen=True, slots=True)
class SeatTaken:
    TYPE: ClassVar[str] = "seat_taken"
    SCHEMA_VERSION: ClassVar[int] = 3  # v1: ``player`` and ``name``; v2: no ``bot_owner``
    seat: int
    player_id: int
    display_name: str
    # A bot account's seat: its owner's public name (None: a human player).
    bot_owner: str | None = None


@dataclass(frozen=True, slots=True)
class SeatLeft:
    TYPE: ClassVar[str] = "seat_left"
    SCHEMA_VERSION: ClassVar[int] = 1
    seat: int
    player_id: int


@dataclass(frozen=True, slots=True)
class AiSeatAdded:
    TYPE: ClassVar[str] = "ai_seat_added"
    SCHEMA_VERSION: ClassVar[int] = 1
    seat: int
    level: str


@dataclass(frozen=True, slots=True)
class SeatHandedToAi:
    TYPE: ClassVar[str] = "seat_handed_to_ai"
    SCHEMA_VERSION: ClassVar[int] = 1
    seat: int
    level: str
    reason: str | None = None  # "requested" | "resigned" | "turn_limit"; always written


@dataclass(frozen=True, slots=True)
class SeatReclaimed:
    TYPE: ClassVar[str] = "seat_reclaimed"
    SCHEMA_VERSION: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True, slots=True)
class GameStarted:
    TYPE: ClassVar[str] = "game_started"
    SCHEMA_VERSION: ClassVar[int] = 1


LobbyEvent = (
    GameCreated | SeatTaken | SeatLeft | AiSeatAdded | SeatHandedToAi | SeatReclaimed | GameStarted
)

#: The registry of lobby event types: stable type string -> class.
EVENT_TYPES: Mapping[str, type] = {
    cls.TYPE: cls
    for cls in (
        GameCreated,
        SeatTaken,
        SeatLeft,
        AiSeatAdded,
        SeatHandedToAi,
        SeatReclaimed,
        GameStarted,
    )
}


def event_to_payload(event: LobbyEvent) -> tuple[str, int, dict[str, Any]]:
    """``(type, schema_version, payload)``; the payload is JSON-safe, its keys the fields."""
    payload = {}
    for f in fields(event):
        value = getattr(event, f.name)
        payload[f.name] = dict(value) if isinstance(value, Mapping) else value
    return event.TYPE, event.SCHEMA_VERSION, payload


def event_from_payload(type_: str, payload: Mapping[str, Any]) -> LobbyEvent:
    """Inverse of ``event_to_payload`` for the current schema version. ``KeyError`` names a
    missing key without a default; unknown keys are ignored."""
    cls = EVENT_TYPES.get(type_)
    if cls is None:
        raise ValueError(f"unknown lobby event type {type_!r}")
    return cls(
        **{f.name: payload[f.name] for f in fields(cls) if f.name in payload or _required(f)}
    )


def _required(f: Any) -> bool:
    return f.default is MISSING and f.default_factory is MISSING
