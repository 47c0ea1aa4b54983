"""The Celery tasks are thin doors into the services: options, conflict handling, sweeper."""

from __future__ import annotations

import pytest
from celery import current_app
from django.conf import settings
from django.db import OperationalError

from games import ai_queue, errors, services, tasks


def test_ai_take_turn_task_options():
    task = tasks.ai_take_turn
    assert task.name == "games.ai_take_turn"
    assert task.ignore_result is True
    assert task.acks_late is True
    assert task.reject_on_worker_lost is True
    assert (task.soft_time_limit, task.time_limit) == (20, 30)
    assert OperationalError in task.autoretry_for
    assert errors.ConcurrencyConflict not in task.autoretry_for


def test_a_conflict_stops_the_task_quietly(monkeypatch):
    def conflict(**kwargs):
        raise errors.ConcurrencyConflict(current_seq=12)

    monkeypatch.setattr(services, "ai_take_turn", conflict)
    assert tasks.ai_take_turn("g", 1, 11) is None


def test_a_transient_database_error_is_retried_with_backoff(monkeypatch):
    from celery.exceptions import Retry

    retries = []

    def flaky(**kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    def fake_retry(*args, **kwargs):
        retries.append(kwargs)
        raise Retry("retrying")

    monkeypatch.setattr(services, "ai_take_turn", flaky)
    monkeypatch.setattr(tasks.ai_take_turn, "retry", fake_retry)
    with pytest.raises(Retry):
        tasks.ai_take_turn("g", 1, 11)
    assert len(retries) == 1
    assert isinstance(retries[0]["exc"], OperationalError)
    assert retries[0]["countdown"] >= 0


def test_a_bug_is_not_retried(monkeypatch):
    retries = []

    def broken(**kwargs):
        raise KeyError("bug")

    monkeypatch.setattr(services, "ai_take_turn", broken)
    monkeypatch.setattr(tasks.ai_take_turn, "retry", lambda *a, **k: retries.append(k))
    with pytest.raises(KeyError):
        tasks.ai_take_turn("g", 1, 11)
    assert retries == []


def test_the_sweeper_is_scheduled_by_beat():
    entry = settings.CELERY_BEAT_SCHEDULE["games-sweep-stalled-ai-turns"]
    assert entry["task"] == tasks.sweep_stalled_ai_turns.name == "games.sweep_stalled_ai_turns"


def test_enqueue_uses_the_think_delay_as_countdown(monkeypatch):
    sent = []
    monkeypatch.setattr(current_app, "send_task", lambda name, **kw: sent.append((name, kw)))
    # the services send the task by its registered name: the task the worker runs
    assert ai_queue.AI_TAKE_TURN == tasks.ai_take_turn.name == "games.ai_take_turn"
    ai_queue.enqueue_ai_turn(game_id="g", seat=2, expected_seq=5, delay_ms=750)
    ai_queue.enqueue_ai_turn(game_id="g", seat=3, expected_seq=5)
    assert sent == [
        ("games.ai_take_turn", {"args": ["g", 2, 5], "countdown": 0.75, "ignore_result": True}),
        ("games.ai_take_turn", {"args": ["g", 3, 5], "countdown": None, "ignore_result": True}),
    ]
