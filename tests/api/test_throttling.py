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


# --------------------------------------------------------------------------- client identity
def _spoofed(n: int) -> dict[str, str]:
    return {"HTTP_X_FORWARDED_FOR": f"203.0.113.{n % 250}, 198.51.100.{n % 250}"}


def test_a_new_x_forwarded_for_per_request_bypasses_no_anonymous_read_limit(anon, rates):
    """No trusted proxy (the default): the client's own X-Forwarded-For is ignored."""
    rates(anon="3/min")
    for n in range(3):
        assert anon.get("/api/v1/games/", **_spoofed(n)).status_code == 200
    assert_problem(anon.get("/api/v1/games/", **_spoofed(99)), 429, "throttled")


def test_a_new_x_forwarded_for_per_request_bypasses_no_signup_or_token_limit(anon, player, rates):
    rates(signup="2/hour", token="2/hour")
    for n, name in enumerate(("ann", "ben")):
        body = {"username": name, "password": "correct-horse-42"}
        response = anon.post("/api/v1/players/", body, format="json", **_spoofed(n))
        assert response.status_code == 201
    body = {"username": "cat", "password": "correct-horse-42"}
    response = anon.post("/api/v1/players/", body, format="json", **_spoofed(7))
    assert_problem(response, 429, "throttled")

    player("alice")
    guess = {"username": "alice", "password": "wrong-guess"}
    for n in range(2):
        response = anon.post("/api/v1/auth/token/", guess, format="json", **_spoofed(n))
        assert response.status_code == 400  # invalid_credentials, but counted
    response = anon.post("/api/v1/auth/token/", guess, format="json", **_spoofed(5))
    assert_problem(response, 429, "throttled")


def test_a_new_x_forwarded_for_per_request_bypasses_no_move_limit(player, rates):
    game_id, players = seated_table(player, "classic")
    rates(moves="2/min")
    mover = players[0]
    hand = view(mover, game_id)["view"]["hand"]
    for n in range(2):
        response = mover.client.post(
            url(game_id, "passes"), {"cards": hand[:2]}, format="json", **_spoofed(n)
        )
        assert response.status_code == 422
    response = mover.client.post(
        url(game_id, "passes"), {"cards": hand[:3]}, format="json", **_spoofed(3)
    )
    assert_problem(response, 429, "throttled")


def test_behind_one_trusted_proxy_the_address_it_saw_is_the_client(anon, rates, settings):
    """TRUSTED_PROXY_COUNT=1 (NUM_PROXIES): the last X-Forwarded-For entry, the one the proxy
    appended, names the client; whatever the client put before it changes nothing."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    rates(anon="2/min")
    for n in range(2):
        xff = {"HTTP_X_FORWARDED_FOR": f"10.9.9.{n}, 192.0.2.10"}
        assert anon.get("/api/v1/rules/presets/", **xff).status_code == 200
    spoofed = {"HTTP_X_FORWARDED_FOR": "10.9.9.77, 192.0.2.10"}
    assert_problem(anon.get("/api/v1/rules/presets/", **spoofed), 429, "throttled")
    # Another client behind the same proxy has its own budget.
    other = {"HTTP_X_FORWARDED_FOR": "192.0.2.11"}
    assert anon.get("/api/v1/rules/presets/", **other).status_code == 200


# --------------------------------------------------------------------------- Retry-After
def test_retry_after_is_the_end_of_the_window_and_the_window_reopens(
    anon, rates, monkeypatch, settings
):
    """On the local-memory cache, whose clock the test can move (Redis keeps its own time: the
    Redis tests in test_throttle_atomic.py check that every wait is within the window)."""
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "rt"}
    }
    clock = [1_000_000.0]
    monkeypatch.setattr("time.time", lambda: clock[0])
    rates(anon="2/min")
    for _ in range(2):
        assert anon.get("/api/v1/rules/presets/").status_code == 200
    clock[0] += 20
    response = anon.get("/api/v1/rules/presets/")
    problem = assert_problem(response, 429, "throttled")
    assert response["Retry-After"] == "40"
    assert problem["extra"]["retry_after_s"] == 40
    clock[0] += 40.5
    assert anon.get("/api/v1/rules/presets/").status_code == 200


def test_a_request_refused_by_one_limit_is_counted_by_none(player, rates):
    """Every limit of a request is checked before any is counted: a move refused by `moves`
    does not use up the caller's `user` budget."""
    game_id, players = seated_table(player, "classic")
    rates(moves="1/min", user="4/min")
    mover = players[0]
    hand = view(mover, game_id)["view"]["hand"]  # user: 1
    post = mover.client.post
    assert post(url(game_id, "passes"), {"cards": hand[:2]}, format="json").status_code == 422
    for _ in range(3):  # refused by moves: not counted by user
        assert post(url(game_id, "passes"), {"cards": hand[:2]}).status_code == 429
    assert mover.client.get(url(game_id)).status_code == 200  # user: 3
    assert mover.client.get(url(game_id)).status_code == 200  # user: 4
    assert_problem(mover.client.get(url(game_id)), 429, "throttled")
