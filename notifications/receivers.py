"""The games signals this app listens to (connected in ``NotificationsConfig.ready``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.dispatch import receiver

from games.signals import events_appended
from notifications import queue, services


@receiver(events_appended, dispatch_uid="notifications.feed_sync")
def on_events_appended(sender: Any, *, game_id: str, **kwargs: Any) -> None:
    """After a commit that appended events: project them into the players' feeds, by default in
    a worker (``NOTIFICATIONS_FEED_SYNC=task``: the move's request or AI task pays one broker
    send instead of the projection's dozen statements); ``inline`` projects in the committing
    process. A failure is logged by ``send_robust`` and beat's sweep catches up."""
    if getattr(settings, "NOTIFICATIONS_FEED_SYNC", "task") == "inline":
        services.feed_sync_game(game_id=game_id)
    else:
        queue.enqueue_feed_sync(game_id)
