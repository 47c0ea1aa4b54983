"""Celery glue of matchmaking: the matcher, a thin door into ``services.matchmaking_match``.

Sent after commit by every enqueue (at once, and again when the new ticket's AI fill is due) and
by beat every ``MATCHMAKING_SWEEP_EVERY_S``. Any number may run at once: each run locks the
tickets it reads (``SKIP LOCKED``) and forms a table in the transaction that marks its tickets
matched, so a rerun (``acks_late``, a worker killed mid match) finds them matched or still
waiting, never half seated.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import InterfaceError, OperationalError

from matchmaking import services

logger = logging.getLogger(__name__)


@shared_task(
    name="matchmaking.match",
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=20,
    time_limit=30,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=0.5,
    retry_backoff_max=3,
    retry_jitter=True,
    max_retries=10,
)
def match() -> None:
    games = services.matchmaking_match()
    if games:
        logger.info("matchmaking: %s table(s) formed: %s", len(games), ", ".join(games))
