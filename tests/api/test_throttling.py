"""Throttling: scoped rates for signup, token and moves; 429 problems with Retry-After."""

from __future__ import annotations

import pytest

from tests.api.conftest import OPEN_RATES, assert_problem, seated_table, url, view

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(settings):
    def set_rates(**overrides):
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {**OPEN_RATES, **overrides},
        }

    return set_rates


def test_signup_is_throttled_with_retry_after(anon, rates):
    rates(signup="2/hour")
    for name in ("ann", "ben"):
        body = {"username": name, "password": "correct-horse-42"}
        assert anon.post("/api/v1/players/", body, format="json").status_code == 201
    response = anon.post(
        "/api/v1/players/", {"username": "cat", "password": "correct-horse-42"}, format="json"
    )
    problem = assert_problem(response, 429, "throttled")
    retry_after = int(response["Retry-After"])
    assert 0 < retry_after <= 3600
    assert problem["extra"]["retry_after_s"] == retry_after


def test_token_obtain_is_throttled(anon, player, rates):
    player("alice")
    rates(token="1/min")
    body = {"username": "alice", "password": "pw-alicealice"}
    assert anon.post("/api/v1/auth/token/", body, format="json").status_code == 200
    assert_problem(anon.post("/api/v1/auth/token/", body, format="json"), 429, "throttled")


def test_moves_are_throttled_per_user_but_views_are_not(player, rates):
    game_id, players = seated_table(player, "classic")
    rates(moves="2/min")
    mover = players[0]
    hand = view(mover, game_id)["view"]["hand"]
    for _ in range(2):
        response = mover.client.post(url(game_id, "passes"), {"cards": hand[:2]}, format="json")
        assert response.status_code == 422  # wrong_pass_count, but counted
    response = mover.client.post(url(game_id, "passes"), {"cards": hand[:3]}, format="json")
    assert_problem(response, 429, "throttled")
    assert int(response["Retry-After"]) > 0
    assert view(mover, game_id)["view"]["passed"] == [False] * 4  # nothing happened
    # Another player has their own budget; reading is not a move.
    other = players[1]
    other_hand = view(other, game_id)["view"]["hand"]
    ok = other.client.post(url(game_id, "passes"), {"cards": other_hand[:3]}, format="json")
    assert ok.status_code == 200


def test_anonymous_reads_are_throttled_by_the_anon_rate(anon, rates):
    rates(anon="3/min")
    for _ in range(3):
        assert anon.get("/api/v1/games/").status_code == 200
    assert_problem(anon.get("/api/v1/games/"), 429, "throttled")
