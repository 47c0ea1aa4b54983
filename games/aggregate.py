"""The game aggregate: lobby (seats, start) + the engine's ``GameState``.

Pure Python: no Django, no clock, no randomness. The event store hands this module the stored
events of a game as ``(type, payload)`` pairs, already upcast to their current schema version,
and ``replay`` folds them into a ``GameAggregate``. Lobby types are applied here; engine types are
decoded with ``engine.event_from_payload`` and applied with ``engine.evolve`` (derived engine
events leave the state unchanged).

Lobby rules are decided here too (``decide_*`` functions): they validate a command against the
aggregate and return the new events as lobby event values (``games.lobby_events``: frozen,
versioned dataclasses like the engine's), or raise a ``games.errors`` error. Engine moves are
decided by ``engine.decide`` in the service layer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from typing import Any

from games import engine
from games import lobby_events as lobby
from games.errors import (
    AlreadySeated,
    GameAlreadyStarted,
    GameFinished,
    GameFull,
    GameNotStarted,
    InvalidAiLevel,
    NotGameCreator,
    NotSeated,
    SeatHandedToAi,
    SeatNotAi,
    SeatOutOfRange,
    SeatResigned,
    SeatsNotFilled,
    SeatTaken,
    UnknownEventType,
)

AI_LEVELS: tuple[str, ...] = ("random", "heuristic", "expert", "master")
HANDOVER_REASONS: tuple[str, ...] = ("requested", "resigned", "turn_limit")


class Status(StrEnum):
    """A game's status: the ``Game.status`` column, the API's ``status``. A ``str`` enum: a member
    equals its string, so rows, snapshots and JSON keep the same values."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    def __repr__(self) -> str:  # as the string it equals (messages such as verify_games')
        return repr(self.value)


LOBBY, ACTIVE, FINISHED = Status.LOBBY, Status.ACTIVE, Status.FINISHED

EMPTY = "empty"
HUMAN = "human"
AI = "ai"

# Bump when the shape of ``aggregate_to_dict`` changes: old snapshots are then ignored.
AGGREGATE_VERSION = 1

DEFAULT_OPTIONS: Mapping[str, Any] = {"think_delay_ms": 0, "turn_limit_s": None}

Stored = tuple[str, dict[str, Any]]
LobbyEvent = lobby.LobbyEvent


@dataclass(frozen=True)
class SeatState:
    kind: str = EMPTY  # "empty" | "human" | "ai"
    player_id: int | None = None
    display_name: str = ""
    ai_level: str | None = None
    handed_to_ai: bool = False  # a human seat currently played by the AI
    resigned: bool = False  # handed to the AI for good
    # A bot account's seat: its owner's public name (None: a human player, an AI seat or
    # empty). Snapshots from before bots lack the key: the default is right for them.
    bot_owner: str | None = None

    @property
    def is_empty(self) -> bool:
        return self.kind == EMPTY

    @property
    def ai_controlled(self) -> bool:
        return self.kind == AI or self.handed_to_ai


@dataclass(frozen=True)
class GameAggregate:
    status: Status
    rules: Any  # engine.RuleSet
    seats: tuple[SeatState, ...]
    state: Any  # engine.GameState
    creator_id: int | None
    options: Mapping[str, Any] = field(default_factory=dict)
    seq: int = 0

    # ------------------------------------------------------------------ queries
    def seat_of(self, player_id: int | None) -> int | None:
        if player_id is None:
            return None
        for index, seat in enumerate(self.seats):
            if seat.kind == HUMAN and seat.player_id == player_id:
                return index
        return None

    @property
    def phase(self) -> str:
        return phase_of(self.state)

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.status != ACTIVE:
            return ()
        return tuple(self.state.to_act)

    def ai_seats_to_act(self) -> tuple[int, ...]:
        return tuple(s for s in self.to_act if self.seats[s].ai_controlled)

    def ai_level_of(self, seat: int) -> str:
        return self.seats[seat].ai_level or "heuristic"

    @property
    def needs_deal(self) -> bool:
        return self.status == ACTIVE and self.phase == engine.Phase.AWAITING_DEAL


def phase_of(state: Any) -> str:
    phase = state.phase
    return str(getattr(phase, "value", phase))


# ---------------------------------------------------------------------- evolve / replay
def evolve(agg: GameAggregate | None, type_: str, payload: Mapping[str, Any]) -> GameAggregate:
    """Apply one stored event (current schema version). Never validates."""
    if type_ == "game_created":
        created = lobby.event_from_payload(type_, payload)
        rules = engine.RuleSet.from_dict(created.ruleset)
        options = {**DEFAULT_OPTIONS, **(created.options or {})}
        return GameAggregate(
            status=LOBBY,
            rules=rules,
            seats=tuple(SeatState() for _ in range(rules.seats)),
            state=engine.new_game(rules),
            creator_id=created.creator_id,
            options=options,
            seq=1,
        )
    if agg is None:
        raise UnknownEventType(f"{type_} before game_created", type=type_)
    nxt = agg.seq + 1
    handler = _LOBBY_EVOLVERS.get(type_)
    if handler is not None:
        return replace(handler(agg, lobby.event_from_payload(type_, payload)), seq=nxt)
    try:
        event = engine.event_from_payload(type_, dict(payload))
    except (KeyError, ValueError) as exc:
        raise UnknownEventType(f"cannot decode {type_}: {exc}", type=type_) from exc
    state = engine.evolve(agg.state, event)
    status = FINISHED if phase_of(state) == engine.Phase.GAME_OVER else agg.status
    return replace(agg, state=state, status=status, seq=nxt)


def _set_seat(agg: GameAggregate, index: int, seat: SeatState) -> GameAggregate:
    seats = list(agg.seats)
    seats[index] = seat
    return replace(agg, seats=tuple(seats))


def _seat_taken(agg: GameAggregate, e: lobby.SeatTaken) -> GameAggregate:
    return _set_seat(
        agg,
        e.seat,
        SeatState(
            kind=HUMAN,
            player_id=e.player_id,
            display_name=e.display_name,
            bot_owner=e.bot_owner,
        ),
    )


def _seat_left(agg: GameAggregate, e: lobby.SeatLeft) -> GameAggregate:
    return _set_seat(agg, e.seat, SeatState())


def _ai_seat_added(agg: GameAggregate, e: lobby.AiSeatAdded) -> GameAggregate:
    return _set_seat(
        agg, e.seat, SeatState(kind=AI, display_name=f"AI ({e.level})", ai_level=e.level)
    )


def _seat_handed_to_ai(agg: GameAggregate, e: lobby.SeatHandedToAi) -> GameAggregate:
    seat = agg.seats[e.seat]
    return _set_seat(
        agg,
        e.seat,
        replace(
            seat,
            handed_to_ai=True,
            ai_level=e.level,
            resigned=seat.resigned or e.reason == "resigned",
        ),
    )


def _seat_reclaimed(agg: GameAggregate, e: lobby.SeatReclaimed) -> GameAggregate:
    seat = agg.seats[e.seat]
    return _set_seat(agg, e.seat, replace(seat, handed_to_ai=False, ai_level=None))


def _game_started(agg: GameAggregate, e: lobby.GameStarted) -> GameAggregate:
    return replace(agg, status=ACTIVE)


_LOBBY_EVOLVERS: Mapping[str, Any] = {
    lobby.SeatTaken.TYPE: _seat_taken,
    lobby.SeatLeft.TYPE: _seat_left,
    lobby.AiSeatAdded.TYPE: _ai_seat_added,
    lobby.SeatHandedToAi.TYPE: _seat_handed_to_ai,
    lobby.SeatReclaimed.TYPE: _seat_reclaimed,
    lobby.GameStarted.TYPE: _game_started,
}
LOBBY_TYPES: frozenset[str] = frozenset(lobby.EVENT_TYPES)
assert {lobby.GameCreated.TYPE, *_LOBBY_EVOLVERS} == LOBBY_TYPES


def replay(events: Iterable[Stored], start: GameAggregate | None = None) -> GameAggregate:
    agg = start
    for type_, payload in events:
        agg = evolve(agg, type_, payload)
    if agg is None:
        raise UnknownEventType("empty event log")
    return agg


# ---------------------------------------------------------------------- snapshots
def aggregate_to_dict(agg: GameAggregate) -> dict[str, Any]:
    return {
        "aggregate_version": AGGREGATE_VERSION,
        "status": agg.status,
        "seats": [asdict(s) for s in agg.seats],
        "state": engine.state_to_dict(agg.state),
        "creator_id": agg.creator_id,
        "options": dict(agg.options),
        "seq": agg.seq,
    }


def aggregate_from_dict(d: Mapping[str, Any]) -> GameAggregate:
    state = engine.state_from_dict(d["state"])
    return GameAggregate(
        status=Status(d["status"]),
        rules=state.rules,
        seats=tuple(SeatState(**s) for s in d["seats"]),
        state=state,
        creator_id=d["creator_id"],
        options=dict(d["options"]),
        seq=d["seq"],
    )


# ---------------------------------------------------------------------- lobby decisions
def decide_create(
    *, rules: Any, creator_id: int | None, options: Mapping[str, Any]
) -> list[LobbyEvent]:
    return [
        lobby.GameCreated(
            ruleset=rules.to_dict(), creator_id=creator_id, options={**DEFAULT_OPTIONS, **options}
        )
    ]


def _require_lobby(agg: GameAggregate) -> None:
    if agg.status == FINISHED:
        raise GameFinished()
    if agg.status != LOBBY:
        raise GameAlreadyStarted()


def _require_active(agg: GameAggregate) -> None:
    if agg.status == LOBBY:
        raise GameNotStarted()
    if agg.status == FINISHED:
        raise GameFinished()


def _check_seat_index(agg: GameAggregate, seat: int) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(agg.seats):
        raise SeatOutOfRange(seat=seat, seats=len(agg.seats))


def _check_level(level: str) -> None:
    if level not in AI_LEVELS:
        raise InvalidAiLevel(level=level, levels=list(AI_LEVELS))


def require_seat(agg: GameAggregate, player_id: int | None) -> int:
    seat = agg.seat_of(player_id)
    if seat is None:
        raise NotSeated()
    return seat


def decide_seat_take(
    agg: GameAggregate,
    *,
    player_id: int,
    display_name: str,
    seat: int | None = None,
    bot_owner: str | None = None,
) -> list[LobbyEvent]:
    _require_lobby(agg)
    if agg.seat_of(player_id) is not None:
        raise AlreadySeated(seat=agg.seat_of(player_id))
    if seat is None:
        free = [i for i, s in enumerate(agg.seats) if s.is_empty]
        if not free:
            raise GameFull()
        seat = free[0]
    else:
        _check_seat_index(agg, seat)
        if not agg.seats[seat].is_empty:
            raise SeatTaken(seat=seat)
    return [
        lobby.SeatTaken(
            seat=seat, player_id=player_id, display_name=display_name, bot_owner=bot_owner
        )
    ]


def decide_seat_bot(
    agg: GameAggregate,
    *,
    player_id: int,
    bot_id: int,
    bot_name: str,
    bot_owner: str,
    seat: int | None = None,
) -> list[LobbyEvent]:
    """The creator (``player_id``) seats a bot account: the bot takes a seat as itself."""
    _require_lobby(agg)
    if agg.creator_id is not None and player_id != agg.creator_id:
        raise NotGameCreator()
    return decide_seat_take(
        agg, player_id=bot_id, display_name=bot_name, seat=seat, bot_owner=bot_owner
    )


def decide_seat_leave(agg: GameAggregate, *, player_id: int) -> list[LobbyEvent]:
    seat = require_seat(agg, player_id)
    _require_lobby(agg)
    return [lobby.SeatLeft(seat=seat, player_id=player_id)]


def decide_fill_with_ai(
    agg: GameAggregate, *, player_id: int, level: str, seats: Iterable[int] | None = None
) -> list[LobbyEvent]:
    _require_lobby(agg)
    if player_id != agg.creator_id and agg.seat_of(player_id) is None:
        raise NotGameCreator()
    _check_level(level)
    if seats is None:
        targets = [i for i, s in enumerate(agg.seats) if s.is_empty]
        if not targets:
            raise GameFull()
    else:
        targets = []
        for index in seats:
            _check_seat_index(agg, index)
            if not agg.seats[index].is_empty:
                raise SeatTaken(seat=index)
            if index not in targets:
                targets.append(index)
    return [lobby.AiSeatAdded(seat=i, level=level) for i in sorted(targets)]


def decide_start(agg: GameAggregate, *, player_id: int) -> list[LobbyEvent]:
    _require_lobby(agg)
    if player_id != agg.creator_id:
        raise NotGameCreator()
    empty = [i for i, s in enumerate(agg.seats) if s.is_empty]
    if empty:
        raise SeatsNotFilled(empty_seats=empty)
    return [lobby.GameStarted()]


def decide_hand_to_ai(
    agg: GameAggregate, *, player_id: int, level: str, reason: str = "requested"
) -> list[LobbyEvent]:
    seat = require_seat(agg, player_id)
    _require_active(agg)
    _check_level(level)
    current = agg.seats[seat]
    if current.resigned:
        raise SeatResigned(seat=seat)
    if current.handed_to_ai and reason == "requested" and current.ai_level == level:
        raise SeatHandedToAi(seat=seat)
    return [lobby.SeatHandedToAi(seat=seat, level=level, reason=reason)]


def decide_reclaim(agg: GameAggregate, *, player_id: int) -> list[LobbyEvent]:
    seat = require_seat(agg, player_id)
    _require_active(agg)
    current = agg.seats[seat]
    if current.resigned:
        raise SeatResigned(seat=seat)
    if not current.handed_to_ai:
        raise SeatNotAi(seat=seat)
    return [lobby.SeatReclaimed(seat=seat)]


def require_human_move(agg: GameAggregate, *, player_id: int) -> int:
    """The seat of a player about to move; the seat must be played by its human."""
    seat = require_seat(agg, player_id)
    if agg.status == LOBBY:
        raise GameNotStarted()
    # A finished game is left to the engine, which answers with its ``game_over`` violation.
    current = agg.seats[seat]
    if current.resigned:
        raise SeatResigned(seat=seat)
    if current.handed_to_ai:
        raise SeatHandedToAi(seat=seat)
    return seat
