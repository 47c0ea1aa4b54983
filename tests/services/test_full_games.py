"""A complete game of every preset through the services, AI seats driven by calling
services.ai_take_turn directly (what the Celery task does), then verified from scratch."""

from __future__ import annotations

import pytest

from games import engine, services, store
from games.models import Game, GameEvent
from tests.services.helpers import aggregate

pytestmark = pytest.mark.django_db

LEVELS = ("random", "heuristic")


def run_ai_game(game_id, *, max_turns=20_000):
    for _ in range(max_turns):
        agg = aggregate(game_id)
        if agg.status == "finished":
            return agg
        seats = agg.ai_seats_to_act()
        assert seats, f"nobody to act in phase {agg.phase}"
        assert (
            services.ai_take_turn(game_id=game_id, seat=seats[0], expected_seq=agg.seq) is not None
        )
    raise AssertionError("game did not finish")


# The fast tier plays classic and two-player; the whole suite every preset.
@pytest.mark.parametrize(
    "preset",
    [
        p if p in ("classic", "two_player") else pytest.param(p, marks=pytest.mark.slow)
        for p in sorted(engine.PRESETS)
    ],
)
def test_every_preset_plays_to_game_over_with_ai_seats(preset, alice, enqueued):
    target = 20
    game = services.game_create(
        user=alice, preset=preset, overrides={"target": target}, take_seat=False
    )
    seats = engine.RuleSet.from_preset(preset).seats
    for seat in range(seats):
        services.seat_fill_with_ai(
            game_id=game.game_id, user=alice, level=LEVELS[seat % 2], seats=[seat]
        )
    services.game_start(game_id=game.game_id, user=alice)
    agg = run_ai_game(game.game_id)
    outcome = agg.state.outcome
    assert outcome is not None
    assert max(outcome.totals) >= target
    assert min(outcome.totals) in [outcome.totals[w] for w in outcome.winners]
    row = Game.objects.get(pk=game.game_id)
    assert (row.status, row.last_seq) == ("finished", agg.seq)
    types = list(GameEvent.objects.filter(game_id=game.game_id).values_list("type", flat=True))
    assert types.count("hand_dealt") == types.count("hand_scored") == len(agg.state.hand_results)
    assert types[-1] == "game_ended"
    assert store.verify_game(game.game_id) == []
