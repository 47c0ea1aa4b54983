"""Every stored event type: its current ``schema_version``, its kind and its upcasters (pure).

``EVENT_TYPES`` is the one registry. Engine types take their version from the engine's event
classes; lobby types are declared here. Old payloads are lifted on read by pure functions
``upcast_<type>_v<n>_v<n+1>(payload) -> payload``, chained until current.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games import aggregate as agg_mod
from games import engine
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


def _engine_event_classes() -> Mapping[str, type]:
    registry = getattr(engine, "EVENT_TYPES", None)
    if registry is None:  # pragma: no cover - older engine without the public name
        from games.engine import events as engine_events

        registry = engine_events.EVENT_TYPES
    return registry


def _build_registry() -> dict[str, EventType]:
    lobby = {
        "game_created": EventType("game_created", 2, "lobby", {1: upcast_game_created_v1_v2}),
        "seat_taken": EventType("seat_taken", 2, "lobby", {1: upcast_seat_taken_v1_v2}),
        "seat_left": EventType("seat_left", 1, "lobby", {}),
        "ai_seat_added": EventType("ai_seat_added", 1, "lobby", {}),
        "seat_handed_to_ai": EventType("seat_handed_to_ai", 1, "lobby", {}),
        "seat_reclaimed": EventType("seat_reclaimed", 1, "lobby", {}),
        "game_started": EventType("game_started", 1, "lobby", {}),
    }
    assert set(lobby) == agg_mod.LOBBY_TYPES
    # Upcasters of engine types are declared here too when the engine bumps a schema version.
    engine_upcasters: dict[str, dict[int, Upcaster]] = {}
    registry = dict(lobby)
    for type_, cls in _engine_event_classes().items():
        kind = "derived" if getattr(cls, "DERIVED", False) else "input"
        registry[type_] = EventType(
            type_, cls.SCHEMA_VERSION, kind, engine_upcasters.get(type_, {})
        )
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
