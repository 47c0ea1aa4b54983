"""Every stored event type: its current ``schema_version``, its kind and its upcasters (pure).

``EVENT_TYPES`` is the one registry, built from the event classes of the lobby
(``games.lobby_events``) and of the engine (``games.engine.events``): each class carries its
type string and current schema version. Old payloads are lifted on read by pure functions
``upcast_<type>_v<n>_v<n+1>(payload) -> payload``, chained until current.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games import aggregate as agg_mod
from games import engine, lobby_events
from games.errors import UnknownEventType

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


# ---------------------------------------------------------------------- upcasters (pure)
def upcast_game_created_v1_v2(payload: dict[str, Any]) -> dict[str, Any]:
    """v1 stored the creator as ``creator`` and had no options (no think delay, no turn limit)."""
    out = {k: v for k, v in payload.items() if k != "creator"}
    out["creator_id"] = payload.get("creator")
    out["options"] = {"think_delay_ms": 0, "turn_limit_s": None}
    return out


def upcast_seat_taken_v1_v2(payload: dict[str, Any]) -> dict[str, Any]:
    """v1 stored ``player`` (the id) and ``name``; v2 says ``player_id`` and ``display_name``."""
    return {
        "seat": payload["seat"],
        "player_id": payload["player"],
        "display_name": payload.get("name") or f"player {payload['player']}",
    }


# ---------------------------------------------------------------------- registry
@dataclass(frozen=True)
class EventType:
    type: str
    schema_version: int
    kind: str  # "lobby" | "input" | "derived"
    upcasters: Mapping[int, Upcaster]  # from version v to v + 1


def upcast_seat_taken_v2_v3(payload: dict[str, Any]) -> dict[str, Any]:
    """v3 says whether a bot account took the seat (``bot_owner``); before bots, nobody did."""
    return {**payload, "bot_owner": None}


#: The upcasters of each type, by the version they lift (from v to v + 1). Engine types get
#: theirs here too when the engine bumps a schema version.
UPCASTERS: Mapping[str, Mapping[int, Upcaster]] = {
    "game_created": {1: upcast_game_created_v1_v2},
    "seat_taken": {1: upcast_seat_taken_v1_v2, 2: upcast_seat_taken_v2_v3},
}


def _build_registry() -> dict[str, EventType]:
    """One entry per event class of the lobby (``games.lobby_events``) and of the engine, with
    the class's ``SCHEMA_VERSION``; engine classes are ``derived`` or ``input``."""
    registry: dict[str, EventType] = {}
    for type_, cls in lobby_events.EVENT_TYPES.items():
        registry[type_] = EventType(type_, cls.SCHEMA_VERSION, "lobby", UPCASTERS.get(type_, {}))
    for type_, cls in engine.EVENT_TYPES.items():
        kind = "derived" if cls.DERIVED else "input"
        assert type_ not in registry, f"{type_} is both a lobby and an engine type"
        registry[type_] = EventType(type_, cls.SCHEMA_VERSION, kind, UPCASTERS.get(type_, {}))
    assert set(registry) >= agg_mod.LOBBY_TYPES
    for type_, steps in UPCASTERS.items():
        assert set(steps) == set(range(1, registry[type_].schema_version)), type_
    return registry


EVENT_TYPES: dict[str, EventType] = _build_registry()
DERIVED_TYPES = frozenset(t for t, e in EVENT_TYPES.items() if e.kind == "derived")
INPUT_TYPES = frozenset(t for t, e in EVENT_TYPES.items() if e.kind == "input")


def current_version(type_: str) -> int:
    try:
        return EVENT_TYPES[type_].schema_version
    except KeyError:
        raise UnknownEventType(type=type_) from None


def upcast(type_: str, schema_version: int, payload: Mapping[str, Any]) -> dict[str, Any]:
    """Lift a stored payload to the current schema version of its type (pure, chained)."""
    try:
        spec = EVENT_TYPES[type_]
    except KeyError:
        raise UnknownEventType(type=type_) from None
    out = dict(payload)
    version = schema_version
    while version < spec.schema_version:
        step = spec.upcasters.get(version)
        if step is None:
            raise UnknownEventType(
                f"no upcaster for {type_} v{version}", type=type_, version=version
            )
        out = step(out)
        version += 1
    if version != spec.schema_version:
        raise UnknownEventType(f"{type_} v{schema_version} is newer than this code", type=type_)
    return out


def upcast_rows(rows: Iterable[Mapping[str, Any]]) -> Iterable[tuple[str, dict[str, Any]]]:
    """``(type, current payload)`` of each stored row, in order."""
    for row in rows:
        yield row["type"], upcast(row["type"], row["schema_version"], row["payload"])
