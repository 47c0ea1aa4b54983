"""Complete games of every preset through HTTP alone (AI seats moved by the service directly)."""

from __future__ import annotations

import pytest

from games.engine import PRESETS
from tests.api.conftest import GameDriver, seated_table


@pytest.mark.django_db
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_complete_game_of_every_preset_through_http(player, preset):
    seats = PRESETS[preset].seats
    humans = 2 if seats > 2 else 1
    game_id, players = seated_table(player, preset, humans=humans)
    driver = GameDriver(game_id=game_id, players=players)
    final = driver.play_to_end()
    assert final["status"] == "finished"
    outcome = final["view"]["outcome"]
    assert outcome is not None
    assert max(outcome["totals"]) >= PRESETS[preset].target
    assert final["view"]["phase"] == "game_over"
    # Every finished hand reveals its deck, and the totals add up.
    for result in final["view"]["hand_results"]:
        assert len(result["deck"]) == PRESETS[preset].deck_size
    assert driver.requests > 10
