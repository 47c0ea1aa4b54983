"""Matchmaking reads: a player's ticket, a table as one of its players sees it, an invite, and
the seating of a finished game (for a rematch). Plain dicts; serializers render them.

Reads of games' read models (``Game``, ``Seat``) are allowed here (never writes: those go through
``games.services``). Nothing here reveals another player's account id: players are shown by
their display names, and ``is_you`` marks the caller.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from games.engine import PRESETS
from games.errors import GameNotFound
from games.models import Game, Seat
from matchmaking.errors import InviteNotFound, TableNotFound, TicketNotFound
from matchmaking.models import Table, TableMember, Ticket

PLAY_PATH = "/play/"


def parse_id(value: Any) -> uuid.UUID | None:
    try:
        return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))
    except (ValueError, TypeError, AttributeError):
        return None


def game_links(game_id: Any) -> dict[str, str | None]:
    if not game_id:
        return {"game_id": None, "game_url": None, "play_url": None}
    return {
        "game_id": str(game_id),
        "game_url": f"/api/v1/games/{game_id}/",
        "play_url": f"{PLAY_PATH}#/game/{game_id}",
    }


# ---------------------------------------------------------------------- quick play
def ticket_status(*, user: Any, now: datetime | None = None) -> dict[str, Any]:
    """The caller's latest ticket with where to go once matched. ``TicketNotFound`` if none."""
    now = now or timezone.now()
    ticket = Ticket.objects.filter(player=user).order_by("-created_at").first()
    if ticket is None:
        raise TicketNotFound()
    return ticket_body(ticket, now=now)


def ticket_body(ticket: Ticket, *, now: datetime | None = None) -> dict[str, Any]:
    now = now or timezone.now()
    waiting = ticket.status == Ticket.Status.WAITING
    end = now if waiting else ticket.updated_at
    ai_fill_at = (
        ticket.created_at + timedelta(seconds=ticket.ai_fill_after_s)
        if ticket.ai_fill and waiting
        else None
    )
    history = [
        {"type": e.type, "at": e.at, "data": e.data} for e in ticket.history.all().order_by("id")
    ]
    return {
        "id": str(ticket.pk),
        "status": ticket.status,
        "preset": ticket.preset,
        "options": ticket.options,
        "seats": ticket.seats,
        "ai_fill": ticket.ai_fill,
        "ai_level": ticket.ai_level,
        "ai_fill_after_s": ticket.ai_fill_after_s,
        "ai_fill_at": ai_fill_at,
        "max_rating_gap": ticket.max_rating_gap,
        "allow_bots": ticket.allow_bots,
        "is_bot": ticket.is_bot,
        "rating": ticket.rating,
        "queued_at": ticket.created_at,
        "updated_at": ticket.updated_at,
        "waited_s": round(max(0.0, (end - ticket.created_at).total_seconds()), 3),
        "waiting_in_pool": (
            Ticket.objects.filter(status=Ticket.Status.WAITING, pool=ticket.pool).count()
            if waiting
            else 0
        ),
        "seat": ticket.seat,
        **game_links(ticket.game_id),
        "history": history,
    }


# ---------------------------------------------------------------------- tables
def invite_url(code: str) -> str:
    return f"{PLAY_PATH}#/join/{code}"


def table_body(table: Table, *, user: Any, now: datetime | None = None) -> dict[str, Any]:
    now = now or timezone.now()
    members = list(table.members.all().order_by("id"))
    member_ids = {m.player_id for m in members}
    show_invite = table.kind == Table.Kind.PRIVATE and (
        user.pk in member_ids or user.pk == table.creator_id
    )
    invite = None
    if show_invite and table.invite_code:
        invite = {
            "code": table.invite_code,
            "url": invite_url(table.invite_code),
            "expires_at": table.invite_expires_at,
            "expired": bool(table.invite_expires_at and table.invite_expires_at <= now),
            "revoked": table.invite_revoked_at is not None,
        }
    joined = [m for m in members if m.status == TableMember.Status.JOINED]
    waiting_for = [m.display_name for m in members if m.status == TableMember.Status.INVITED]
    creator_name = next(
        (m.display_name for m in members if m.player_id == table.creator_id),
        table.creator.get_username() if table.creator_id else "",
    )
    return {
        "id": str(table.pk),
        "kind": table.kind,
        "status": table.status,
        "preset": table.preset,
        "options": table.options,
        "seats": table.seats,
        "ai_level": table.ai_level,
        "ai_seats": {int(k): v for k, v in (table.ai_seats or {}).items()},
        "creator": creator_name,
        "you_created": table.creator_id == user.pk,
        "invite": invite,
        "members": [
            {
                "display_name": m.display_name,
                "status": m.status,
                "seat": m.seat,
                "joined_at": m.joined_at,
                "is_you": m.player_id == user.pk,
            }
            for m in members
        ],
        "free_seats": max(0, table.seats - len(joined) - len(table.ai_seats or {})),
        "waiting_for": waiting_for,
        "previous_game_id": str(table.previous_game_id) if table.previous_game_id else None,
        **game_links(table.game_id),
        "created_at": table.created_at,
        "updated_at": table.updated_at,
    }


def table_for(*, table_id: Any, user: Any) -> dict[str, Any]:
    """A table as its creator or one of its players sees it; anyone else: ``TableNotFound``
    (the id of a private table reveals nothing)."""
    table = Table.objects.select_related("creator").filter(pk=parse_id(table_id)).first()
    if table is None or (
        table.creator_id != user.pk and not table.members.filter(player=user).exists()
    ):
        raise TableNotFound(table_id=str(table_id))
    return table_body(table, user=user)


def invite_preview(*, code: str, user: Any, now: datetime | None = None) -> dict[str, Any]:
    """What an invite link shows before joining: the table, who is there, whether it is valid."""
    now = now or timezone.now()
    table = Table.objects.select_related("creator").filter(invite_code=str(code)).first()
    if table is None:
        raise InviteNotFound()
    body = table_body(table, user=user, now=now)
    body["invite"] = {
        "code": table.invite_code,
        "url": invite_url(table.invite_code),
        "expires_at": table.invite_expires_at,
        "expired": bool(table.invite_expires_at and table.invite_expires_at <= now),
        "revoked": table.invite_revoked_at is not None,
    }
    return body


def rematch_for_game(*, game_id: Any, user: Any) -> dict[str, Any]:
    """The newest rematch offer of a game that the caller is part of."""
    table = (
        Table.objects.select_related("creator")
        .filter(kind=Table.Kind.REMATCH, previous_game_id=parse_id(game_id), members__player=user)
        .order_by("-created_at")
        .first()
    )
    if table is None:
        raise TableNotFound(table_id=None)
    return table_body(table, user=user)


def game_seating(*, game_id: Any) -> dict[str, Any]:
    """Who sat where in a game (read models), and its rules as overrides of its preset."""
    game = Game.objects.filter(pk=parse_id(game_id)).first()
    if game is None:
        raise GameNotFound(game_id=str(game_id))
    seats = list(Seat.objects.filter(game=game).order_by("index"))
    preset = PRESETS[game.preset].to_dict()
    overrides = {
        k: v for k, v in (game.ruleset or {}).items() if k != "preset" and preset.get(k) != v
    }
    return {
        "game_id": game.pk,
        "status": game.status,
        "preset": game.preset,
        "overrides": overrides,
        "options": {
            "think_delay_ms": (game.options or {}).get("think_delay_ms") or 0,
            "turn_limit_s": (game.options or {}).get("turn_limit_s"),
        },
        "seats": [
            {
                "seat": s.index,
                "player_id": s.player_id if s.kind == Seat.Kind.HUMAN else None,
                "display_name": s.display_name,
                "ai_level": s.ai_level or None,
            }
            for s in seats
        ],
    }


def queue_settings() -> dict[str, Any]:
    return {
        "ai_fill_after_s": settings.MATCHMAKING_AI_FILL_AFTER_S,
        "rating_window_base": settings.MATCHMAKING_RATING_WINDOW_BASE,
        "rating_window_per_s": settings.MATCHMAKING_RATING_WINDOW_PER_S,
    }
