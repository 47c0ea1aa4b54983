"""Signals the games app sends for other apps (which depend on games; games imports none).

``events_appended``: sent after the transaction that appended events to a game's log commits
(``store.append``, the one place every command, AI chain and import appends through), with
``game_id`` (str), ``first_seq`` and ``last_seq`` (the seqs of the appended events) and
``has_humans``: False when the committer knew that no seat of the game (before or after the
events) is a human and no event was caused by a player (an all-AI game: nobody has a feed to
write), True or None (not known: the lobby's and imports' appends) otherwise. The
notifications app projects them into the players' feeds.

``game_finished``: sent once per game, after the transaction that committed its ``game_ended``
event (``services._commit``: human moves and AI chains alike), with ``game_id`` (str) and
``preset`` (str). The ratings app rates the game.

Receivers run in the committing process, after commit; an exception in one is logged and does
not reach the player (``send_robust``). Nothing guarantees delivery (the process may die right
after the commit): a receiver that must see every event or game also sweeps what it has not
seen (the notifications and ratings apps do).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.dispatch import Signal

events_appended = Signal()
game_finished = Signal()


def send_events_appended_on_commit(
    *, game_id: Any, first_seq: int, last_seq: int, has_humans: bool | None = None
) -> None:
    def send() -> None:
        events_appended.send_robust(
            sender="games",
            game_id=str(game_id),
            first_seq=first_seq,
            last_seq=last_seq,
            has_humans=has_humans,
        )

    transaction.on_commit(send, robust=True)


def send_game_finished_on_commit(*, game_id: Any, preset: str) -> None:
    def send() -> None:
        game_finished.send_robust(sender="games", game_id=str(game_id), preset=preset)

    transaction.on_commit(send, robust=True)
