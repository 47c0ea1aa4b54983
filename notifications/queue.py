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
FEED_SYNC_DRAIN = "notifications.feed_sync_drain"


FEED_SYNC_PENDING = "feed-sync-pending:{}"
FEED_SYNC_DIRTY = "feed-sync-dirty:{}"
FEED_SYNC_DRAIN_PENDING = "feed-sync-drain-pending:{}"


def feed_sync_pending_key(game_id: str) -> str:
    """The broker's key marking a per-game feed sync of the game as sent and not started yet
    (the task before the drain: its messages may still wait in a queue during a deploy)."""
    return FEED_SYNC_PENDING.format(game_id)


def _feed_queue() -> str | None:
    return getattr(settings, "HEARTS_FEED_SYNC_QUEUE", "") or None


def feed_sync_dirty_key() -> str:
    """The broker's hash of the games whose feed sync is due: {game id: the stamp of its last
    mark (random, new at every move)}. Named after the feed queue its drains go to (one hash
    per queue: a deployment, or a test, with a queue of its own drains only its own games)."""
    return FEED_SYNC_DIRTY.format(_feed_queue() or settings.CELERY_TASK_DEFAULT_QUEUE)


def feed_sync_drain_pending_key() -> str:
    """The broker's key marking a drain as sent and not started yet."""
    return FEED_SYNC_DRAIN_PENDING.format(_feed_queue() or settings.CELERY_TASK_DEFAULT_QUEUE)


def _pending_ttl() -> int:
    return int(getattr(settings, "HEARTS_FEED_SYNC_PENDING_TTL_S", 30))


def enqueue_feed_sync(game_id: str) -> None:
    """Project a game's new events into its players' feeds in a worker, so that a move's
    request or AI task pays one broker send, not the projection's statements. The task goes to
    ``HEARTS_FEED_SYNC_QUEUE`` (a queue of its own, so AI turns never wait behind a backlog of
    feed syncs; ``CELERY_TASK_ROUTES`` sends its retries there too), else the default queue.

    Drained on a Redis broker: ONE task (``notifications.feed_sync_drain``) projects every game
    whose sync is due, so a worker pays a message's cost (its pop, hand-off and ack) per drain,
    not per game. In the commit's pipeline (no round trip of its own), after its AI turn (lazy),
    one script (``common.broker.DRAIN_SCRIPT``) marks the game due in the hash
    ``feed-sync-dirty:<feed queue>`` with a new stamp (``HSET game <random>``), sets
    ``feed-sync-drain-pending:<feed queue>`` (``SET NX EX HEARTS_FEED_SYNC_PENDING_TTL_S``) and
    LPUSHes a drain only if that mark was not set. A drain deletes the mark first, then takes
    games with their stamps (``feed_sync_dirty``: both in one script), projects each (its own
    transaction, reading the game after the stamp was read) and removes a game only if its
    stamp is still the one it read (with the next take, or ``feed_sync_clean``); it stops after
    a round that took fewer games than a batch (all those due: the ones marked since have a
    drain of their own, below), or after ``HEARTS_FEED_DRAIN_BUDGET_S`` with games left, and
    then sends itself again (``feed_sync_drain_again``). Why no move is left out:

    * a move's script runs after its commit and gives its game a new stamp. A game leaves the
      hash only through a removal of the stamp it holds, read by a drain before that drain
      read the game; stamps never repeat, so that stamp is the last move's (or a later one's)
      and the read came after its script: the projection sees the move's events (each
      statement sees what was committed before it began, and the projection starts after the
      game's synced position under its lock). A move committed while its game is projected
      stamps it again: the removal leaves the game, which is projected again (by this drain's
      next round or the next drain). (A counter would not do: once removed, a game's count
      starts again at 1, and a second drain that had read its former 1 would remove it);
    * while the hash holds a game, a drain is on its way: the move's script pushed one unless
      the mark was set, i.e. unless one was pushed since the last drain started (a drain
      deletes the mark before it reads the hash): a drain may stop with games left that were
      marked after its start (a drain of theirs was pushed); a drain that stops on its budget
      pushes another unless one is pushed already (the same script: the hash's length and the
      mark are read and set atomically). A move committed while a drain runs finds the mark
      deleted and pushes the next one: with several workers, drains run side by side (each
      takes games at random, a game projected twice at once finds nothing new the second
      time: the projection is idempotent, under redelivery too: acks_late tasks may run
      twice);
    * a drain that fails leaves the games it did not remove in the hash: a database outage
      retries it (Celery's retry); a worker lost mid-drain leaves them for the next drain
      (the next move of any game sends one: the lost drain had deleted the mark) or the
      redelivered message. A projection that raises anything else is logged and its game
      removed (as a failed per-game task was gone): the sweep below, or its next move, takes it;
    * a lost drain message (Redis lost it, retries given up) leaves the mark until its TTL:
      moves meanwhile only mark their games; the first move after the TTL sends a drain that
      projects them all, and beat's ``notifications.sweep`` (``feed_sync_behind``) projects the
      feeds behind within its period (also if Redis lost the hash).

    Any other broker (the embedded filesystem one, a Redis URL the lean sender does not
    handle), or ``NOTIFICATIONS_FEED_SYNC=inline``: a task per move, ``feed_sync_game``."""
    sent = broker.send_drain(
        FEED_SYNC_DRAIN,
        dirty=feed_sync_dirty_key(),
        item=str(game_id),
        pending=feed_sync_drain_pending_key(),
        pending_ttl=_pending_ttl(),
        queue=_feed_queue(),
        lazy=True,
    )
    if not sent:
        broker.send_task(FEED_SYNC_GAME, [str(game_id)], queue=_feed_queue(), lazy=True)


def feed_sync_started(game_id: str) -> None:
    """A per-game feed sync task starts: it clears its game's mark of the former coalescing
    (a message sent before the drain: the mark would otherwise only expire)."""
    broker.clear_pending(feed_sync_pending_key(str(game_id)))


def feed_sync_dirty(
    count: int, *, done: dict[str, str] | None = None, first: bool = False
) -> dict[str, str]:
    """Up to ``count`` games whose feed sync is due, with their stamps (at random; all of them
    when fewer are due), after the games of ``done`` left the due ones (unless stamped again
    since); ``first``: the drain's first read, which deletes the drain's pending mark before it
    reads (a move committed from then on sends the next drain, see ``enqueue_feed_sync``). One
    round trip."""
    return broker.drain_take(
        feed_sync_dirty_key(), feed_sync_drain_pending_key(), count, done=done, first=first
    )


def feed_sync_clean(done: dict[str, str]) -> int:
    """The games of ``done`` are projected: each leaves the hash unless a move stamped it again
    since it was read (then it is projected again)."""
    return broker.drain_done(feed_sync_dirty_key(), feed_sync_drain_pending_key(), done)


def feed_sync_drain_again() -> bool:
    """A drain stops with games left: another one, unless one is pending already."""
    return broker.send_drain(
        FEED_SYNC_DRAIN,
        dirty=feed_sync_dirty_key(),
        item=None,
        pending=feed_sync_drain_pending_key(),
        pending_ttl=_pending_ttl(),
        queue=_feed_queue(),
    )


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
