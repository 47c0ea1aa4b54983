"""Sending AI turns to the broker: what the services enqueue (after commit).

The task that plays them is ``games.tasks.ai_take_turn``, and it calls back into the services.
So the services send it by its registered *name* (the message contract: a task takes primitives
only), with ``send_task``, not by importing its module: no import cycle between
``games.services`` and ``games.tasks``. ``send_task`` needs no task object in the sending process
(a web process never imports ``games/tasks.py``: Celery autodiscovers tasks in workers only);
the task's options (``acks_late``, retries, time limits) are the worker's.
"""

from __future__ import annotations

from typing import Any

from common import broker

AI_TAKE_TURN = "games.ai_take_turn"


def enqueue_ai_turn(*, game_id: Any, seat: int, expected_seq: int, delay_ms: int = 0) -> None:
    """Send one AI turn to the broker (with the game's think delay as a countdown)."""
    countdown = delay_ms / 1000 if delay_ms and delay_ms > 0 else None
    # common.broker: Celery's message, pushed in one round trip (batched after a move's commit)
    broker.send_task(
        AI_TAKE_TURN, [str(game_id), int(seat), int(expected_seq)], countdown=countdown
    )
