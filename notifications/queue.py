"""Sending the notifications' tasks to the broker (after commit): webhook delivery attempts,
pushes and the players' feed syncs.

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


FEED_SYNC_PENDING = "feed-sync-pending:{}"


def feed_sync_pending_key(game_id: str) -> str:
    """The broker's key marking a feed sync of the game as sent and not started yet."""
    return FEED_SYNC_PENDING.format(game_id)


def enqueue_feed_sync(game_id: str) -> None:
    """Project a game's new events into its players' feeds in a worker, so that a move's
    request or AI task pays one broker send, not the projection's statements. The task goes to
    ``HEARTS_FEED_SYNC_QUEUE`` (a queue of its own, so AI turns never wait behind a backlog of
    feed syncs; ``CELERY_TASK_ROUTES`` sends its retries there too), else the default queue.

    Coalesced on a Redis broker: at most one feed sync of a game waits in the queue. In the
    commit's pipeline (no round trip of its own), after its AI turn (lazy), one script sets
    ``feed-sync-pending:<game>`` (``SET NX EX HEARTS_FEED_SYNC_PENDING_TTL_S``) and LPUSHes the
    message only if that mark was not set; the task deletes the mark (``feed_sync_started``)
    BEFORE it reads the game. Why no move is left out:

    * a move whose script found the mark set committed before that script ran, and the mark
      was set by a send whose task had not deleted it yet (a delete removes it, and the send that
      set it again has a task of its own that deletes it later). That task's delete comes after
      this script, its read of the game after its delete: the read sees the move's events (each
      statement sees what was committed before it began, and the projection starts after the
      game's synced position under its lock);
    * a move committed while a sync runs (after its delete) finds no mark: its script sends a
      new task, which syncs again (or finds nothing new if the running one saw the move: the
      projection is idempotent, under redelivery too: acks_late tasks may run twice);
    * a lost task (Redis lost the message, the worker died past its redelivery, retries given
      up) leaves the mark until its TTL: moves meanwhile send nothing; beat's
      ``notifications.sweep`` (``feed_sync_behind``) projects the feed behind within its period,
      and the first move after the TTL sends again. A queue waiting longer than the TTL only
      costs a second task, which projects what is new.

    Any other broker (the embedded filesystem one, a Redis URL the lean sender does not
    handle), or ``NOTIFICATIONS_FEED_SYNC=inline``: a task per move, as before coalescing."""
    broker.send_task(
        FEED_SYNC_GAME,
        [str(game_id)],
        queue=getattr(settings, "HEARTS_FEED_SYNC_QUEUE", "") or None,
        lazy=True,
        unless_pending=feed_sync_pending_key(str(game_id)),
        pending_ttl=int(getattr(settings, "HEARTS_FEED_SYNC_PENDING_TTL_S", 30)),
    )


def feed_sync_started(game_id: str) -> None:
    """A feed sync task starts: the game's next move sends one again (before the task reads
    the game, see ``enqueue_feed_sync``)."""
    broker.clear_pending(feed_sync_pending_key(str(game_id)))


def _send_outbound(name: str, arg: str, countdown: float | None) -> None:
    """A task that talks to the outside (webhook receivers, push services): on
    ``HEARTS_WEBHOOK_QUEUE`` when it is set (a queue of its own keeps slow receivers from
    delaying the AI seats' tasks), else the default queue."""
    current_app.send_task(
        name,
        args=[arg],
        countdown=countdown or None,
        queue=getattr(settings, "HEARTS_WEBHOOK_QUEUE", "") or None,
        ignore_result=True,
    )


def enqueue_delivery(delivery_id: str, *, countdown: float | None = None) -> None:
    """One delivery attempt of a webhook."""
    _send_outbound(DELIVER_WEBHOOK, str(delivery_id), countdown)


def enqueue_push(notification_id: str, *, countdown: float | None = None) -> None:
    """Push a notification to its player's browsers and phones; ``countdown``: a retry of the
    targets still due then."""
    _send_outbound(SEND_PUSH, str(notification_id), countdown)
