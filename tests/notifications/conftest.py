"""Fixtures of the notifications tests: the API test players and tables, and a recorder of the
webhook deliveries sent to the broker (the Celery door; the worker test uses a real worker)."""

from __future__ import annotations

import pytest

from tests.api.conftest import _open_throttles, anon, player  # noqa: F401  (fixtures)


@pytest.fixture(autouse=True)
def in_process(request, settings, monkeypatch):
    """The in-process tests project feeds in the committing process, and play the AI turns
    themselves: nothing goes to a broker, where a worker of the run would play those turns too
    (racing the test). Tests marked ``integration`` keep production's way (a real worker)."""
    if request.node.get_closest_marker("integration") is not None:
        return
    from games import ai_queue

    settings.NOTIFICATIONS_FEED_SYNC = "inline"
    monkeypatch.setattr(ai_queue, "enqueue_ai_turn", lambda **kw: None)


@pytest.fixture
def enqueued(monkeypatch):
    """[(delivery_id, countdown)] of every delivery task sent, instead of sending it."""
    from notifications import queue

    sent: list[tuple[str, float | None]] = []
    monkeypatch.setattr(
        queue,
        "enqueue_delivery",
        lambda delivery_id, countdown=None: sent.append((str(delivery_id), countdown)),
    )
    return sent
