"""Complete games of every preset through HTTP alone, with the leak test over every response.

Human seats are driven by HTTP (each player with its own token client); AI seats are moved by
``services.ai_take_turn`` directly (there is no worker in unit tests). Every body the API sends to
each seat, to a non-seated player and to an anonymous client is recorded and searched for any
card that caller may not see at that moment (computed from the server-side state)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.engine import PRESETS
from tests.api.conftest import GameDriver, Recorded, seated_table
from tests.api.leaks import card_codes, forbidden_by_seq, leaks_in

# Presets that play to 100 play to 30 here: still several hands (passing directions, dealer
# rotation, scores carried over) and a real game end, at a third of the suite's time.
# `two_player` keeps its own target (50).
SHORT_TARGET = 30


@pytest.mark.django_db
# The fast tier plays the two-player preset through HTTP; the whole suite plays every preset.
@pytest.mark.parametrize(
    "preset",
    [p if p == "two_player" else pytest.param(p, marks=pytest.mark.slow) for p in sorted(PRESETS)],
)
def test_complete_game_of_every_preset_through_http_leaks_no_card(player, preset):
    target = min(PRESETS[preset].target, SHORT_TARGET)
    rules = PRESETS[preset].from_preset(preset, {"target": target})
    humans = 2 if rules.seats > 2 else 1
    game_id, players = seated_table(player, preset, humans=humans, options={"target": target})
    driver = GameDriver(
        game_id=game_id,
        players=players,
        spectator=player().client,
        anonymous=APIClient(),
        record=True,
    )
    final = driver.play_to_end()

    assert final["status"] == "finished"
    view = final["view"]
    assert view["phase"] == "game_over"
    assert view["rules"]["target"] == rules.target
    assert len(view["hand_results"]) >= 2
    assert max(view["outcome"]["totals"]) >= rules.target
    assert view["totals"] == view["outcome"]["totals"]
    for result in view["hand_results"]:
        assert len(result["deck"]) == rules.deck_size  # revealed after the hand
    assert [sum(r["points"][s] for r in view["hand_results"]) for s in range(rules.seats)] == (
        view["totals"]
    )

    leaks, checked = leaks_in(driver.recorded, game_id)
    assert leaks == []
    assert checked > 1000  # the search really looked at cards
    seen_by = {r.seat for r in driver.recorded}
    assert None in seen_by  # spectator and anonymous bodies were checked too
    assert len(seen_by) == humans + 1


@pytest.mark.django_db
def test_the_leak_search_finds_a_card_it_must_not_see(player):
    """The checker itself: another seat's card planted in a body is reported."""
    game_id, players = seated_table(player, "classic")
    driver = GameDriver(game_id=game_id, players=players, record=True)
    driver.observe()
    mine = driver.recorded[0]
    seat, seq = mine.seat, mine.seq
    forbidden = forbidden_by_seq(game_id, {seq})[seq]
    assert len(forbidden[seat]) == 39  # the three other hands
    assert len(forbidden[None]) == 52
    assert set(card_codes(mine.body["view"])) & forbidden[seat] == set()
    planted = dict(
        mine.body, view={**mine.body["view"], "trick": [[1, sorted(forbidden[seat])[0]]]}
    )
    leaks, _ = leaks_in([Recorded(seat=seat, seq=seq, body=planted)], game_id)
    assert len(leaks) == 1
