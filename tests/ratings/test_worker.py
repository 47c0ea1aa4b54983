"""The whole path through a real Celery worker process: AI seats play a game to the end in the
worker, the commit of its game_ended event sends games.signals.game_finished, the receiver
enqueues ratings.apply_finished_game, the worker applies it; and the rebuild agrees."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model

from games import services as game_services
from games.models import Game
from ratings import selectors, services
from ratings.models import RatedGame, Rating

pytestmark = pytest.mark.integration

TIMEOUT_S = 240


@pytest.mark.usefixtures("transactional_db")
def test_a_game_finished_in_the_worker_is_rated_by_the_worker(celery_worker_process):
    creator = get_user_model().objects.create_user(username="host", password="x" * 12)
    game = game_services.game_create(
        user=creator, preset="classic", overrides={"target": 15}, take_seat=False
    )
    game_services.seat_fill_with_ai(
        game_id=game.game_id, user=creator, level="random", seats=[0, 2]
    )
    game_services.seat_fill_with_ai(
        game_id=game.game_id, user=creator, level="heuristic", seats=[1, 3]
    )
    game_services.game_start(game_id=game.game_id, user=creator)

    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        if RatedGame.objects.filter(pk=game.game_id).exists():
            break
        assert celery_worker_process.is_alive()
        time.sleep(0.2)
    assert Game.objects.get(pk=game.game_id).status == "finished"
    assert RatedGame.objects.get(pk=game.game_id).rated is True
    assert {r.ai_level: r.games_played for r in Rating.objects.filter(preset="classic")} == {
        "random": 1,
        "heuristic": 1,
    }
    assert "ratings.apply_finished_game" in celery_worker_process.log_text()
    stored = selectors.projection_snapshot()
    services.ratings_rebuild()
    assert selectors.projection_snapshot() == stored
