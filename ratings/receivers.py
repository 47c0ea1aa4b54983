"""Receivers of games' signals (connected in ``RatingsConfig.ready``)."""

from __future__ import annotations

import logging
from typing import Any

logger = logging.getLogger(__name__)


def on_game_finished(sender: Any, *, game_id: str, preset: str, **kwargs: Any) -> None:
    """A game's ``game_ended`` event is committed: rate it in a worker. A broker error is logged,
    not raised (the player's move is committed already); the beat sweep applies the game later."""
    from ratings import tasks

    try:
        tasks.enqueue_apply(game_id=game_id)
    except Exception:
        logger.warning("ratings: task for finished game %s not sent", game_id, exc_info=True)
