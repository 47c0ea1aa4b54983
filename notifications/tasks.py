"""Celery doors into ``notifications.services``: primitives in, idempotent by guard.

``deliver_webhook`` makes one attempt of a delivery if it is still due (``webhook_attempt``
checks and claims it), so a duplicate or late task does nothing; ``send_push`` likewise claims
only the due, unsent push targets. ``sweep`` (beat) re-sends due webhook deliveries and push
retries whose task was lost and projects games whose feed fell behind.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.db import InterfaceError, OperationalError
from django.utils import timezone

from notifications import queue, services

logger = logging.getLogger(__name__)

# A task that must run once even if its worker dies (acked after it ran) and rides out a database
# restart (retried with backoff); both are idempotent by their guards.
_ONCE_WITH_DB_RETRIES = {
    "ignore_result": True,
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": (OperationalError, InterfaceError),
    "retry_backoff": 0.5,
    "retry_backoff_max": 5,
    "retry_jitter": True,
    "max_retries": 20,
}


@shared_task(name=queue.DELIVER_WEBHOOK, soft_time_limit=60, time_limit=90, **_ONCE_WITH_DB_RETRIES)
def deliver_webhook(delivery_id: str) -> None:
    attempt = services.webhook_attempt(delivery_id=delivery_id)
    if attempt is not None and not attempt.ok:
        logger.info(
            "webhook delivery %s attempt %s failed: %s",
            delivery_id,
            attempt.number,
            attempt.error_code,
        )


@shared_task(name=queue.FEED_SYNC_GAME, soft_time_limit=30, time_limit=60, **_ONCE_WITH_DB_RETRIES)
def feed_sync_game(game_id: str) -> None:
    """One game's feed sync: what a move sends when the broker is not the lean Redis one (and
    what it sent before the drain: such messages may still wait during a deploy). Idempotent:
    the projection starts after the game's synced position (under its lock), so a duplicate or
    late task writes nothing. The game's pending mark of the former coalescing goes first."""
    queue.feed_sync_started(game_id)
    services.feed_sync_game(game_id=game_id)


@shared_task(name=queue.FEED_SYNC_DRAIN, soft_time_limit=30, time_limit=60, **_ONCE_WITH_DB_RETRIES)
def feed_sync_drain() -> None:
    """The feed syncs of every game whose sync is due, in one task (a move's on a Redis broker).
    The drain's pending mark goes first, before the due games are read (one script): a move
    committed from then on sends the next drain (``queue.enqueue_feed_sync`` has why none is
    left out). Idempotent as ``feed_sync_game``: a redelivered or concurrent drain writes
    nothing twice."""
    services.feed_sync_drain(fatal=(SoftTimeLimitExceeded,))


@shared_task(name="notifications.prune", ignore_result=True, soft_time_limit=50, time_limit=60)
def prune() -> int:
    """Beat, hourly: the notifications past ``HEARTS_NOTIFICATION_RETENTION_DAYS`` go, with their
    deliveries and attempts (``services.notifications_prune``)."""
    deleted = services.notifications_prune()
    if deleted:
        logger.info("pruned %s notification(s) past their retention", deleted)
    return deleted


@shared_task(name="notifications.sweep", ignore_result=True, soft_time_limit=50, time_limit=60)
def sweep() -> None:
    reminded = services.turn_reminders_send()
    if reminded:
        logger.info("sent %s turn reminder(s)", reminded)
    synced = services.feed_sync_behind()
    if synced:
        logger.warning("feed: synced %s game(s) whose projection was behind", synced)
    # Deliveries due for a while (their own task would have run by now).
    late = timezone.now() - timedelta(seconds=30)
    for delivery_id in services.webhook_deliveries_due(now=late):
        queue.enqueue_delivery(delivery_id)
    # Push retries (or leases of a lost process) due for a while: their task was lost.
    for notification_id in services.push_deliveries_due(now=late):
        queue.enqueue_push(notification_id)


@shared_task(
    name=queue.SEND_PUSH,
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=60,
    time_limit=90,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=0.5,
    retry_backoff_max=5,
    max_retries=20,
)
def send_push(notification_id: str) -> None:
    """Idempotent: only the due, unsent targets of the notification are claimed (and leased),
    so a duplicate or redelivered task sends nothing twice; transient failures are scheduled
    again by the service (a new task with a countdown), not by Celery's retry."""
    counts = services.push_send(notification_id=notification_id)
    if counts["failed"] or counts["removed"] or counts["retrying"]:
        logger.info("push of %s: %s", notification_id, counts)
