"""Read queries of the players app: profile, game history and simple statistics.

Everything here reads the results read model of the games app (``Seat.total``, ``Seat.won``,
``Game.hands_scored``, kept by ``games.store.sync_read_model`` in the transaction of each move
and checked by ``verify_games``), never a game's log: the profile costs the same few queries
for 2 games or 2,000, and a page of the history is cut in the database before any row is
turned into an entry. Nothing here reads a card.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet, Sum

from games.models import BotAccount, Game, Seat

RECENT_GAMES = 10


def player_seats(*, user: Any) -> QuerySet[Seat]:
    """The seats the player holds (or held), newest game first, lazily (to paginate)."""
    if not getattr(user, "is_authenticated", False) or user.pk is None:
        return Seat.objects.none()
    return (
        Seat.objects.filter(player_id=user.pk)
        .select_related("game")
        .prefetch_related(
            Prefetch("game__seats", queryset=Seat.objects.order_by("index").only("game", "total"))
        )
        .order_by("-game__created_at", "game_id")
    )


def player_game_entries(seats: Iterable[Seat]) -> list[dict[str, Any]]:
    """One history entry per seat row of ``player_seats``: the game, the seat, the totals of
    every seat (None in the lobby) and the result once finished."""
    entries = []
    for seat in seats:
        game = seat.game
        entries.append(
            {
                "id": str(game.pk),
                "preset": game.preset,
                "status": game.status,
                "seat": seat.index,
                "created_at": game.created_at,
                "finished_at": game.finished_at,
                "totals": (
                    None
                    if game.status == Game.Status.LOBBY
                    else [s.total for s in game.seats.all()]
                ),
                "hands_scored": game.hands_scored,
                "won": seat.won if game.status == Game.Status.FINISHED else None,
            }
        )
    return entries


def player_games(*, user: Any, limit: int | None = None) -> list[dict[str, Any]]:
    """The games the player sits in (newest first, at most ``limit``), as history entries."""
    seats = player_seats(user=user)
    return player_game_entries(seats if limit is None else seats[:limit])


def player_stats(*, user: Any) -> dict[str, Any]:
    """Over every finished game in which the player held a seat: games, wins (shared wins
    count), hands scored and the mean hand score (lower is better). One query."""
    if not getattr(user, "is_authenticated", False) or user.pk is None:
        return {"games": 0, "wins": 0, "hands": 0, "average_points_per_hand": None}
    totals = Seat.objects.filter(player_id=user.pk, game__status=Game.Status.FINISHED).aggregate(
        games=Count("pk"),
        wins=Count("pk", filter=Q(won=True)),
        hands=Sum("game__hands_scored"),
        points=Sum("total"),
    )
    hands = totals["hands"] or 0
    return {
        "games": totals["games"],
        "wins": totals["wins"],
        "hands": hands,
        # A seat's total is the sum of its hand scores (engine scoring), so this is the mean of
        # the player's hand scores over those games.
        "average_points_per_hand": round(totals["points"] / hands, 2) if hands else None,
    }


def bot_owner_name(*, user: Any) -> str | None:
    """The owner's public name when ``user`` is a bot account (one query), else None."""
    return (
        BotAccount.objects.filter(user_id=user.pk).values_list("owner__username", flat=True).first()
    )


def bots_of(*, owner: Any) -> list[dict[str, Any]]:
    """The bot accounts the player registered, oldest first (revoked ones included). One query."""
    rows = (
        BotAccount.objects.filter(owner_id=owner.pk)
        .order_by("created_at", "user_id")
        .values("user__username", "description", "open_to_all", "created_at", "revoked_at")
    )
    return [
        {
            "name": row["user__username"],
            "description": row["description"],
            "open_to_all": row["open_to_all"],
            "created_at": row["created_at"],
            "revoked_at": row["revoked_at"],
            "is_bot": True,
            "owner": owner.get_username(),
        }
        for row in rows
    ]


def player_profile(*, user: Any) -> dict[str, Any]:
    bot_owner = bot_owner_name(user=user)
    return {
        "id": user.pk,
        "username": user.get_username(),
        "is_bot": bot_owner is not None,
        "bot_owner": bot_owner,
        "email": user.email,
        "date_joined": user.date_joined,
        "stats": player_stats(user=user),
        "recent_games": player_games(user=user, limit=RECENT_GAMES),
    }
