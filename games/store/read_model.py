"""The read model: the ``Game`` and ``Seat`` rows that lists, lobbies and profiles query.

Brought in line with the aggregate in the same transaction as the append (``sync_read_model``);
``verify_games`` compares them with a full replay. Besides who holds each seat, the rows carry
the results (``Game.hands_scored``, ``Seat.total`` and ``Seat.won``) that the players'
statistics and histories read (``players.selectors``), so no request replays a game for them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from games import aggregate as agg_mod
from games.aggregate import GameAggregate
from games.models import Game, Seat


def seat_row_fields(seat: agg_mod.SeatState) -> dict[str, Any]:
    """The ``Seat`` read-model columns for a seat of the aggregate."""
    return {
        "kind": seat.kind,
        "player_id": seat.player_id,
        "display_name": seat.display_name,
        "ai_level": seat.ai_level or "",
        "handed_to_ai": seat.handed_to_ai,
        "resigned": seat.resigned,
        "bot_owner": seat.bot_owner or "",
    }


def seat_result_fields(agg: GameAggregate, index: int) -> dict[str, Any]:
    """The result columns of seat ``index``: its running total and, once the game is
    finished, whether it won (None before)."""
    outcome = agg.state.outcome
    return {
        "total": agg.state.totals[index],
        "won": (index in outcome.winners) if outcome is not None else None,
    }


def seat_fields(agg: GameAggregate, index: int) -> dict[str, Any]:
    """Every read-model column of seat ``index``: who holds it and its result."""
    return {**seat_row_fields(agg.seats[index]), **seat_result_fields(agg, index)}


def hands_scored(agg: GameAggregate) -> int:
    return len(agg.state.hand_results)


# The game row's columns a move writes: its head (``append``) and its read model.
GAME_ROW_FIELDS = (
    "status",
    "started_at",
    "finished_at",
    "last_seq",
    "last_hash",
    "last_event_at",
    "to_act",
    "awaiting_ai",
    "hands_scored",
)


def apply_to_game(game: Game, agg: GameAggregate, *, now: datetime) -> None:
    """The read-model columns of the game row for ``agg``, set in memory (not saved)."""
    if agg.status != agg_mod.LOBBY and game.started_at is None:
        game.started_at = now
    if agg.status == agg_mod.FINISHED and game.finished_at is None:
        game.finished_at = now
    game.status = agg.status
    game.to_act = list(agg.to_act)
    game.awaiting_ai = bool(agg.ai_seats_to_act())
    game.hands_scored = hands_scored(agg)


def sync_seats(game: Game, before: GameAggregate | None, agg: GameAggregate) -> None:
    """Only the seats whose columns changed: a seat change, or a hand end (totals, results)."""
    for index in range(len(agg.seats)):
        fields = seat_fields(agg, index)
        if before is not None and seat_fields(before, index) == fields:
            continue
        Seat.objects.filter(game_id=game.pk, index=index).update(**fields)


def sync_read_model(
    game: Game, before: GameAggregate | None, agg: GameAggregate, *, now: datetime
) -> None:
    """Bring the ``Game`` and ``Seat`` rows in line with the aggregate (caller's transaction).
    On PostgreSQL a move does it in the statement of its append (``store.fast``)."""
    apply_to_game(game, agg, now=now)
    game.save(update_fields=list(GAME_ROW_FIELDS))
    sync_seats(game, before, agg)
