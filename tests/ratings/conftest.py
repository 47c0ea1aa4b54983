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
def ai_tasks_recorded(request, monkeypatch):
    """AI turns are played by the tests themselves (``ai_take_turn``): nothing goes to a broker,
    also in transactional tests whose commits run the on_commit callbacks. Not for tests marked
    ``integration`` (a real worker plays them)."""
    from games import ai_queue

    calls: list[tuple] = []
    if request.node.get_closest_marker("integration") is not None:
        return calls

    def record(*, game_id, seat, expected_seq, delay_ms=0):
        calls.append((str(game_id), int(seat), int(expected_seq)))

    monkeypatch.setattr(ai_queue, "enqueue_ai_turn", record)
    return calls
