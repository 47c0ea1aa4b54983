"""Four AI seats play a game to the end through a real Celery worker process: the services
enqueue each turn on commit, the worker runs games.ai_take_turn, and the log verifies."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model

from games import services, store
from games.models import Game, GameEvent

pytestmark = pytest.mark.integration

TIMEOUT_S = 240


@pytest.mark.usefixtures("transactional_db")
def test_four_ai_seats_play_to_game_over_through_a_real_worker(celery_worker_process):
    creator = get_user_model().objects.create_user(username="host", password="x" * 12)
    game = services.game_create(
        user=creator, preset="classic", overrides={"target": 20}, take_seat=False
    )
    services.seat_fill_with_ai(game_id=game.game_id, user=creator, level="random", seats=[0, 2])
    services.seat_fill_with_ai(game_id=game.game_id, user=creator, level="heuristic", seats=[1, 3])
    services.game_start(game_id=game.game_id, user=creator)  # enqueues the first AI turns

    deadline = time.monotonic() + TIMEOUT_S
    status, last_seq = "active", 0
    while time.monotonic() < deadline:
        status, last_seq = (
            Game.objects.filter(pk=game.game_id).values_list("status", "last_seq").get()
        )
        if status == "finished":
            break
        assert celery_worker_process.is_alive()
        time.sleep(0.2)
    assert status == "finished", f"game stuck at seq {last_seq}"

    ai_moves = GameEvent.objects.filter(game_id=game.game_id, actor_kind="ai").count()
    assert ai_moves > 52  # every card of at least one hand was played by the worker
    assert (
        not GameEvent.objects.filter(game_id=game.game_id, actor_kind="player")
        .exclude(type__in=["game_created", "ai_seat_added", "game_started"])
        .exists()
    )
    assert store.verify_game(game.game_id) == []
    assert "games.ai_take_turn" in celery_worker_process.log_text()
