from __future__ import annotations

import pytest
from celery import current_app

from games import services, tasks
from tests.services.helpers import make_user


@pytest.fixture
def enqueued(monkeypatch):
    """Records every AI task sent to the broker (instead of sending it)."""
    calls: list[dict] = []

    def fake_send_task(name, args=None, kwargs=None, countdown=None, **options):
        assert name == tasks.ai_take_turn.name
        calls.append({"args": tuple(args or ()), "countdown": countdown})

    monkeypatch.setattr(current_app, "send_task", fake_send_task)
    return calls


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def players(db, alice):
    return [alice, make_user("bob"), make_user("carol"), make_user("dave")]


@pytest.fixture
def lobby(players):
    """A classic lobby: alice created it and sits at seat 0."""
    return services.game_create(user=players[0], preset="classic")


@pytest.fixture
def started(players, lobby, enqueued):
    """A classic game of four humans, started (first hand dealt)."""
    for user in players[1:]:
        services.seat_take(game_id=lobby.game_id, user=user)
    services.game_start(game_id=lobby.game_id, user=players[0])
    return lobby.game_id
