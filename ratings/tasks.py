"""Celery glue of the ratings projection: thin doors into ``ratings.services``.

* ``ratings.apply_finished_game``: sent when a game finishes (the ``games.signals.game_finished``
  receiver, after commit). Idempotent: the service applies a game once, however often and
  however concurrently it runs, so ``acks_late`` + ``reject_on_worker_lost`` are safe.
* ``ratings.sweep_unrated_games``: beat, every ``RATINGS_SWEEP_EVERY_S``: finished games that
  have waited ``RATINGS_SWEEP_AFTER_S`` without being applied (their task was lost).
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from ratings import services

logger = logging.getLogger(__name__)


def enqueue_apply(*, game_id: str) -> None:
    apply_finished_game.delay(str(game_id))


@shared_task(
    name="ratings.apply_finished_game",
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=60,
    time_limit=90,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=0.5,
    retry_backoff_max=5,
    retry_jitter=True,
    max_retries=40,
)
def apply_finished_game(game_id: str) -> str:
    outcome = services.ratings_apply_game(game_id=game_id)
    logger.info("ratings: game %s %s", game_id, outcome)
    return outcome


@shared_task(
    name="ratings.sweep_unrated_games", ignore_result=True, soft_time_limit=240, time_limit=300
)
def sweep_unrated_games() -> int:
    try:
        count = services.ratings_apply_pending(
            older_than_s=getattr(settings, "RATINGS_SWEEP_AFTER_S", 30)
        )
    except (OperationalError, InterfaceError) as exc:
        logger.info("ratings sweep: database unavailable (%s)", exc)
        return 0
    if count:
        logger.warning("ratings sweep applied %s game(s) whose task was lost", count)
    return count
