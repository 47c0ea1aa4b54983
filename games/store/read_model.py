"""The read model: the ``Game`` and ``Seat`` rows that lists, lobbies and profiles query.

Brought in line with the aggregate in the same transaction as the append (``sync_read_model``);
``verify_games`` compares them with a full replay.
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
    }


def sync_read_model(
    game: Game, before: GameAggregate | None, agg: GameAggregate, *, now: datetime
) -> None:
    """Bring the ``Game`` and ``Seat`` rows in line with the aggregate (caller's transaction)."""
    if agg.status != agg_mod.LOBBY and game.started_at is None:
        game.started_at = now
    if agg.status == agg_mod.FINISHED and game.finished_at is None:
        game.finished_at = now
    game.status = agg.status
    game.to_act = list(agg.to_act)
    game.awaiting_ai = bool(agg.ai_seats_to_act())
    game.save(
        update_fields=[
            "status",
            "started_at",
            "finished_at",
            "last_seq",
            "last_hash",
            "last_event_at",
            "to_act",
            "awaiting_ai",
        ]
    )
    for index, seat in enumerate(agg.seats):
        if before is not None and before.seats[index] == seat:
            continue
        Seat.objects.filter(game_id=game.pk, index=index).update(**seat_row_fields(seat))
