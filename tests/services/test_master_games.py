"""AI seats at the `master` level play whole games through the services (what the Celery task
does: services.ai_take_turn per decision), in a four-seat and a two-seat preset, and the log
verifies from scratch."""

from __future__ import annotations

import pytest

from games import engine, services, store
from games.models import Game, GameEvent
from tests.services.test_full_games import run_ai_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("preset", ["classic", "two_player"])
def test_master_seats_play_a_game_to_its_end(preset, alice, enqueued):
    target = 8
    game = services.game_create(
        user=alice, preset=preset, overrides={"target": target}, take_seat=False
    )
    seats = engine.RuleSet.from_preset(preset).seats
    levels = ["master" if seat % 2 == 0 else "random" for seat in range(seats)]
    for seat, level in enumerate(levels):
        services.seat_fill_with_ai(game_id=game.game_id, user=alice, level=level, seats=[seat])
    services.game_start(game_id=game.game_id, user=alice)
    agg = run_ai_game(game.game_id)
    assert [agg.ai_level_of(seat) for seat in range(seats)] == levels
    outcome = agg.state.outcome
    assert outcome is not None
    assert max(outcome.totals) >= target
    row = Game.objects.get(pk=game.game_id)
    assert (row.status, row.last_seq) == ("finished", agg.seq)
    types = list(GameEvent.objects.filter(game_id=game.game_id).values_list("type", flat=True))
    assert types.count("hand_dealt") == types.count("hand_scored") == len(agg.state.hand_results)
    assert types[-1] == "game_ended"
    assert store.verify_game(game.game_id) == []
