"""The games signals this app listens to (connected in ``NotificationsConfig.ready``)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from games.signals import events_appended
from notifications import services


@receiver(events_appended, dispatch_uid="notifications.feed_sync")
def on_events_appended(sender: Any, *, game_id: str, **kwargs: Any) -> None:
    """After a commit that appended events: project them into the players' feeds now (the
    commit's own process; a failure is logged by ``send_robust`` and the sweeper catches up)."""
    services.feed_sync_game(game_id=game_id)
