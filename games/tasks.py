"""Celery glue for AI seats: thin doors into ``games.services``.

Tasks take primitives only and are idempotent by guard: ``services.ai_take_turn`` does nothing
unless the game is still at ``expected_seq`` and the seat is an AI seat that must act, and the
bot is seeded from (game, seq, seat), so a redelivered task chooses the same move. That is what
makes ``acks_late`` + ``reject_on_worker_lost`` safe. Only transient database errors are retried;
a ``ConcurrencyConflict`` means someone else moved: stop.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerUnavailable

from games import ai_queue, idempotency, services
from games.errors import ConcurrencyConflict

logger = logging.getLogger(__name__)


@shared_task(
    name=ai_queue.AI_TAKE_TURN,  # the services send it by this name (games/ai_queue.py)
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=20,
    time_limit=30,
    bind=True,
    # A database that is down or restarting (a dead connection: OperationalError or
    # InterfaceError): retried with backoff (a random delay up to 1, 2, 3, 3... s) for up to two
    # minutes, not lost. The hooks in hearts_api/celery.py replace the dead connection first.
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=0.5,
    retry_backoff_max=3,
    retry_jitter=True,
    max_retries=40,
)
def ai_take_turn(self, game_id: str, seat: int, expected_seq: int) -> None:
    """Play this AI turn and the AI turns that follow it directly (``services.ai_take_turns``)."""
    try:
        moves = services.ai_take_turns(
            game_id=game_id,
            seat=seat,
            expected_seq=expected_seq,
            max_moves=getattr(settings, "HEARTS_AI_CHAIN_MAX", 16),
        )
    except ConcurrencyConflict as exc:
        logger.info(
            "AI seat %s of game %s: someone moved first (seq %s)", seat, game_id, exc.current_seq
        )
        return
    if moves:
        logger.debug(
            "AI seats of game %s played %s move(s) from seq %s", game_id, moves, expected_seq
        )


@shared_task(
    name="games.rescue_ai_chains",
    ignore_result=True,
    acks_late=False,
    soft_time_limit=20,
    time_limit=30,
)
def rescue_ai_chains() -> None:
    """Beat, every second: AI chains that went quiet for longer than their backup delay (a
    worker lost mid chain) are re-enqueued (``services.games_rescue_ai_chains``). A database or
    broker error is not retried: the next beat tick comes within a second (a rescue that could
    not be sent is not marked as done)."""
    try:
        count = services.games_rescue_ai_chains()
    except (OperationalError, InterfaceError) as exc:
        logger.info("rescue_ai_chains: database unavailable (%s)", exc)
        return
    except BrokerUnavailable as exc:  # that rescue is tried again at the next tick
        logger.warning("rescue_ai_chains: broker unavailable (%s)", exc)
        return
    if count:
        logger.warning("rescued %s AI chain(s) that went quiet", count)


@shared_task(
    name="games.sweep_stalled_ai_turns", ignore_result=True, soft_time_limit=50, time_limit=60
)
def sweep_stalled_ai_turns() -> None:
    """Beat: enforce turn limits (seat to the AI, automatic moon choice), then re-enqueue AI
    turns that waited too long (a lost task or a dead worker)."""
    limited = services.games_enforce_turn_limits()
    if limited:
        logger.info("turn limit reached in %s game(s)", limited)
    older_than = getattr(settings, "HEARTS_AI_STALL_AFTER_S", 30)
    count = services.games_enqueue_stalled_ai_turns(older_than_s=older_than)
    if count:
        logger.warning("re-enqueued %s stalled AI turns", count)


@shared_task(
    name="games.expire_idempotency_keys", ignore_result=True, soft_time_limit=50, time_limit=60
)
def expire_idempotency_keys() -> int:
    """Beat, hourly: delete the Idempotency-Keys (and their stored responses) older than
    ``HEARTS_IDEMPOTENCY_KEY_TTL_S``; a retry after that is a new request."""
    ttl_s = int(getattr(settings, "HEARTS_IDEMPOTENCY_KEY_TTL_S", 86_400))
    deleted = idempotency.idempotency_keys_expire(older_than=timedelta(seconds=ttl_s))
    if deleted:
        logger.info("expired %s idempotency key(s) older than %s s", deleted, ttl_s)
    return deleted
