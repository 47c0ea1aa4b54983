"""Signals the games app sends for other apps (which depend on games; games imports none).

``game_finished``: sent once per game, after the transaction that committed its ``game_ended``
event (``services._commit``: human moves and AI chains alike), with ``game_id`` (str) and
``preset`` (str). Receivers run in the committing process, after commit; an exception in one is
logged and does not reach the player (``send_robust``). Nothing guarantees delivery (the process
may die right after the commit): a receiver that must see every game also sweeps the finished
games it has not seen (the ratings app does).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.dispatch import Signal

game_finished = Signal()


def send_game_finished_on_commit(*, game_id: Any, preset: str) -> None:
    def send() -> None:
        game_finished.send_robust(sender="games", game_id=str(game_id), preset=preset)

    transaction.on_commit(send, robust=True)
