"""Sending AI turns to the broker: what the services enqueue (after commit).

The task that plays them is ``games.tasks.ai_take_turn``, and it calls back into the services.
So the services send it by its registered *name* (the message contract: a task takes primitives
only), not by importing its module: no import cycle between ``games.services`` and
``games.tasks``. ``current_app.tasks[name]`` is the task object the worker registers (Celery
autodiscovers ``games/tasks.py``), so the message carries that task's own options. Celery
autodiscovers only when a worker or beat starts: a web process (gunicorn, uvicorn) had no such
task, every enqueue raised ``NotRegistered`` (logged by ``on_commit``), and the AI turns a
human's move asked for waited for beat's sweep. The first enqueue of a process without it runs
Celery's discovery (``loader.import_default_modules``, what the worker does at start)
(``tests/test_ai_queue.py``).
"""

from __future__ import annotations

from typing import Any

from celery import current_app

AI_TAKE_TURN = "games.ai_take_turn"


def enqueue_ai_turn(*, game_id: Any, seat: int, expected_seq: int, delay_ms: int = 0) -> None:
    """Send one AI turn to the broker (with the game's think delay as a countdown)."""
    countdown = delay_ms / 1000 if delay_ms and delay_ms > 0 else None
    if AI_TAKE_TURN not in current_app.tasks:
        current_app.loader.import_default_modules()
    current_app.tasks[AI_TAKE_TURN].apply_async(
        args=[str(game_id), int(seat), int(expected_seq)], countdown=countdown
    )
