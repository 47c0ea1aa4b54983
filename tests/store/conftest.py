from __future__ import annotations

import pytest
from django.db import connection

from games import services
from tests.services.conftest import enqueued  # noqa: F401 - shared fixture
from tests.services.helpers import make_user, play_humans


def is_postgres() -> bool:
    return connection.vendor == "postgresql"


def new_game(*, hands: int = 1, target: int = 100, preset: str = "classic"):
    """A game of human seats driven with legal moves until hand ``hands + 1`` is dealt (or the
    game ends). Returns (game_id, users by seat)."""
    from games import engine

    seats = engine.RuleSet.from_preset(preset).seats
    users = [make_user() for _ in range(seats)]
    game = services.game_create(user=users[0], preset=preset, overrides={"target": target})
    for user in users[1:]:
        services.seat_take(game_id=game.game_id, user=user)
    services.game_start(game_id=game.game_id, user=users[0])
    play_humans(game.game_id, dict(enumerate(users)), stop=lambda a: a.state.hand_number > hands)
    return game.game_id, users


@pytest.fixture
def played(db, enqueued):  # noqa: F811
    """A classic game one hand in (hand 2 dealt)."""
    return new_game(hands=1)[0]
