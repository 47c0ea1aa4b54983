"""Sending webhook delivery attempts to the broker (after commit).

The task (``notifications.tasks.deliver_webhook``) calls back into the services, so the services
send it by its registered *name* (the message contract: primitives only), not by importing its
module: no import cycle. ``send_task`` needs no task object, so it works in processes that never
imported the task modules (web servers: Celery autodiscovers them only in workers).
"""

from __future__ import annotations

from celery import current_app
from django.conf import settings

from common import broker

DELIVER_WEBHOOK = "notifications.deliver_webhook"
SEND_PUSH = "notifications.send_push"
FEED_SYNC_GAME = "notifications.feed_sync_game"


def enqueue_feed_sync(game_id: str) -> None:
    """Project a game's new events into its players' feeds in a worker (the default queue), so
    that a move's request or AI task pays one broker send, not the projection's statements."""
    # lean on Redis, in the commit's pipeline, after its AI turn (lazy): the AI seat moves first
    broker.send_task(FEED_SYNC_GAME, [str(game_id)], lazy=True)


def enqueue_delivery(delivery_id: str, *, countdown: float | None = None) -> None:
    """One delivery attempt, on ``HEARTS_WEBHOOK_QUEUE`` when it is set (a queue of its own
    keeps slow receivers from delaying the AI seats' tasks), else the default queue."""
    queue = getattr(settings, "HEARTS_WEBHOOK_QUEUE", "") or None
    current_app.send_task(
        DELIVER_WEBHOOK,
        args=[str(delivery_id)],
        countdown=countdown or None,
        queue=queue,
        ignore_result=True,
    )


def enqueue_push(notification_id: str, *, countdown: float | None = None) -> None:
    """Push a notification to its player's browsers and phones (same queue as webhooks);
    ``countdown``: a retry of the targets still due then."""
    queue = getattr(settings, "HEARTS_WEBHOOK_QUEUE", "") or None
    current_app.send_task(
        SEND_PUSH,
        args=[str(notification_id)],
        countdown=countdown or None,
        queue=queue,
        ignore_result=True,
    )
