"""The signals this app listens to (connected in ``NotificationsConfig.ready``): the games
app's ``events_appended`` (the feed) and matchmaking's ``player_matched``, ``table_started``
and ``rematch_offered`` (the ``matched`` and ``invite`` notifications). Matchmaking never
imports this app (an import-linter contract): it only sends signals."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.dispatch import receiver

from games.signals import events_appended
from matchmaking.signals import player_matched, rematch_offered, table_started
from notifications import queue, services
from notifications.models import EventType

logger = logging.getLogger(__name__)


@receiver(events_appended, dispatch_uid="notifications.feed_sync")
def on_events_appended(
    sender: Any, *, game_id: str, has_humans: bool | None = None, **kwargs: Any
) -> None:
    """After a commit that appended events: project them into the players' feeds, by default in
    a worker (``NOTIFICATIONS_FEED_SYNC=task``: the move's request or AI task pays one broker
    send instead of the projection's ten statements); ``inline`` projects in the committing
    process. A failure is logged by ``send_robust`` and beat's sweep catches up.

    Nothing is sent for a game the committer knows has no human seat and no player's event
    (``has_humans=False``: an all-AI game, whose moves would each cost a broker send and a
    worker's projection writing nothing); the sweeper skips such games too."""
    if has_humans is False:
        return
    if getattr(settings, "NOTIFICATIONS_FEED_SYNC", "task") == "inline":
        services.feed_sync_game(game_id=game_id)
    else:
        queue.enqueue_feed_sync(game_id)


def _emit(**kwargs: Any) -> None:
    # player_matched is sent with ``send`` (not robust): never let a failure here stop the
    # other players' announcements; the notification is lost, logged (the game is in the feed).
    try:
        services.notification_emit(**kwargs)
    except Exception:
        logger.exception("notification %s for player %s not stored", kwargs.get("type"),
                         kwargs.get("player_id"))  # fmt: skip


@receiver(player_matched, dispatch_uid="notifications.matched")
def on_player_matched(
    sender: Any, *, player_id: int, ticket_id: str, game_id: Any, seat: int, **kwargs: Any
) -> None:
    """Quick play seated the player: ``matched`` (once per ticket)."""
    _emit(
        player_id=player_id,
        type=EventType.MATCHED,
        key=f"ticket:{ticket_id}",
        game_id=str(game_id),
        data={
            "game_id": str(game_id),
            "seat": seat,
            "ticket_id": str(ticket_id),
            "via": "quick_play",
        },
    )


@receiver(table_started, dispatch_uid="notifications.table_started")
def on_table_started(
    sender: Any, *, table_id: str, game_id: Any, player_ids: list[int], **kwargs: Any
) -> None:
    """A private table or a rematch became a game: ``matched`` for each of its players."""
    for player_id in player_ids:
        _emit(
            player_id=player_id,
            type=EventType.MATCHED,
            key=f"table:{table_id}",
            game_id=str(game_id),
            data={"game_id": str(game_id), "table_id": str(table_id), "via": "table"},
        )


@receiver(rematch_offered, dispatch_uid="notifications.rematch_offered")
def on_rematch_offered(
    sender: Any,
    *,
    table_id: str,
    game_id: Any,
    offered_by: int,
    player_ids: list[int],
    **kwargs: Any,
) -> None:
    """A rematch offer: ``invite`` for each other player of the finished game."""
    for player_id in player_ids:
        _emit(
            player_id=player_id,
            type=EventType.INVITE,
            key=f"rematch:{table_id}",
            data={
                "table_id": str(table_id),
                "previous_game_id": str(game_id),
                "offered_by": offered_by,
                "kind": "rematch",
            },
        )
