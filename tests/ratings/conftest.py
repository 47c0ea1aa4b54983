"""Fixtures of the ratings tests: finished games made through the games services, and the
rating task's door recorded instead of sent to a broker."""

from __future__ import annotations

import pytest

from ratings import tasks
from tests.ratings.helpers import make_user


@pytest.fixture
def sent(monkeypatch):
    """Game ids whose rating task was sent (instead of sending it to the broker)."""
    calls: list[str] = []
    monkeypatch.setattr(tasks, "enqueue_apply", lambda *, game_id: calls.append(str(game_id)))
    return calls


@pytest.fixture
def users(db):
    return [make_user(name) for name in ("ann", "ben", "cat", "dan", "eve", "fay")]


@pytest.fixture(autouse=True)
def _ai_turns_played_here(ai_turns_kept_from_the_broker):
    """The tests play the AI turns themselves (``ai_take_turn``), transactional ones included."""
