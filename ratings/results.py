"""What a finished game says for the ladder, read from its event log through the games app.

The one place where ratings read games: the game row (``store.get_game``), the aggregate replayed
from the log (``store.load``) and, from the log itself, the ``game_ended`` event's time (the
game-finish order) and the reasons of seat handovers. Nothing here writes.

How a seat counts (docs/ratings.md):

* A seat taken by a player is that player's, however the game went: a seat handed to the AI part
  of the way still counts for the human (lichess-style), at its final placing; the AI level that
  stood in is not rated for it (bots are rated as themselves, in their own seats).
* Forfeits count as last place: a seat whose player **resigned**, or that was **abandoned** (the
  turn limit handed it to the AI and the player had not reclaimed it when the game ended).
* An AI seat (added in the lobby) is its level's seat: one identity per level per preset.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games import aggregate as agg_mod
from games import store
from games.errors import GameNotFound
from ratings import ladder

PLAYER = "player"
AI = "ai"

Identity = tuple[str, Any]  # (PLAYER, user id) or (AI, level)

RESIGNED = "resigned"
ABANDONED = "abandoned"


@dataclass(frozen=True)
class SeatResult:
    seat: int
    identity: Identity
    total: int
    place: int
    forfeit: str | None  # RESIGNED, ABANDONED or None
    handed_to_ai: bool  # the AI played this (human) seat at the end

    def to_dict(self) -> dict[str, Any]:
        kind, key = self.identity
        return {
            "seat": self.seat,
            "kind": kind,
            "player_id" if kind == PLAYER else "ai_level": key,
            "total": self.total,
            "place": self.place,
            "forfeit": self.forfeit,
        }


@dataclass(frozen=True)
class GameResult:
    game_id: str
    preset: str
    finished_at: datetime
    seats: tuple[SeatResult, ...]

    @property
    def identities(self) -> list[Identity]:
        """Distinct identities in seat order."""
        return list(dict.fromkeys(s.identity for s in self.seats))

    @property
    def rateable(self) -> bool:
        return len(self.identities) >= 2


def finished_game_result(game_id: Any, *, use_snapshots: bool = True) -> GameResult | None:
    """The result of a finished game, or None while it is not finished (or does not exist).
    ``use_snapshots=False``: replayed from the first event (the rebuild reads the logs only)."""
    try:
        game = store.get_game(game_id)
    except GameNotFound:
        return None
    if game.status != agg_mod.Status.FINISHED:
        return None
    agg = store.load(game, use_snapshots=use_snapshots).aggregate
    outcome = agg.state.outcome
    if agg.status != agg_mod.Status.FINISHED or outcome is None:
        return None
    finished_at = None
    last_reason: dict[int, str | None] = {}
    rows = store.event_rows_queryset(game.pk).filter(
        type__in=("seat_handed_to_ai", "seat_reclaimed", "game_ended")
    )
    for row in rows:
        if row["type"] == "game_ended":
            finished_at = row["created_at"]
            continue
        payload = store.upcast(row["type"], row["schema_version"], row["payload"])
        reason = payload.get("reason") if row["type"] == "seat_handed_to_ai" else None
        last_reason[payload["seat"]] = reason
    if finished_at is None:  # pragma: no cover - a finished aggregate has its game_ended event
        return None
    forfeits: list[str | None] = []
    for index, seat in enumerate(agg.seats):
        if seat.kind == agg_mod.HUMAN and seat.resigned:
            forfeits.append(RESIGNED)
        elif (
            seat.kind == agg_mod.HUMAN
            and seat.handed_to_ai
            and last_reason.get(index) == ("turn_limit")
        ):
            forfeits.append(ABANDONED)
        else:
            forfeits.append(None)
    totals = list(outcome.totals)
    places = ladder.placings(totals, [f is not None for f in forfeits])
    seats = []
    for index, seat in enumerate(agg.seats):
        identity: Identity = (
            (PLAYER, seat.player_id) if seat.kind == agg_mod.HUMAN else (AI, seat.ai_level)
        )
        seats.append(
            SeatResult(
                seat=index,
                identity=identity,
                total=totals[index],
                place=places[index],
                forfeit=forfeits[index],
                handed_to_ai=seat.kind == agg_mod.HUMAN and seat.handed_to_ai,
            )
        )
    return GameResult(
        game_id=str(game.pk), preset=agg.rules.preset, finished_at=finished_at, seats=tuple(seats)
    )
