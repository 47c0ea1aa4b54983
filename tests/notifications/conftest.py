"""Fixtures of the notifications tests: the API test players and tables, and a recorder of the
webhook deliveries sent to the broker (the Celery door; the worker test uses a real worker)."""

from __future__ import annotations

import pytest

from tests.api.conftest import _open_throttles, anon, player  # noqa: F401  (fixtures)


@pytest.fixture(autouse=True)
def _ai_turns_played_here(ai_turns_kept_from_the_broker):
    """The in-process tests play the AI turns themselves; they project feeds inline, which is
    the suite's setting (hearts_api/settings_test.py); integration tests choose their own."""


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
