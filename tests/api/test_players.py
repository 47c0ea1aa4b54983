"""Players API: sign up, token obtain / revoke, profile and game history."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.api.conftest import GameDriver, assert_problem, seated_table

pytestmark = pytest.mark.django_db


def test_sign_up_returns_a_working_token(anon):
    response = anon.post(
        "/api/v1/players/", {"username": "alice", "password": "correct-horse-42"}, format="json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["username"] == "alice"
    assert Token.objects.get(user_id=body["id"]).key == body["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    me = client.get("/api/v1/me/")
    assert me.status_code == 200
    assert me.json()["username"] == "alice"


def test_sign_up_rejects_a_taken_username_case_insensitively(anon, player):
    player("alice")
    response = anon.post(
        "/api/v1/players/", {"username": "ALICE", "password": "correct-horse-42"}, format="json"
    )
    assert_problem(response, 409, "username_taken")


def test_sign_up_rejects_a_weak_password(anon):
    response = anon.post(
        "/api/v1/players/", {"username": "bob", "password": "12345678"}, format="json"
    )
    body = assert_problem(response, 400, "weak_password")
    assert body["extra"]["messages"]


def test_sign_up_validates_the_shape(anon):
    response = anon.post("/api/v1/players/", {"username": "a b!"}, format="json")
    body = assert_problem(response, 400, "validation_error")
    assert set(body["extra"]["errors"]) == {"username", "password"}


def test_obtain_token_with_credentials_and_revoke_it(anon, player):
    alice = player("alice")
    response = anon.post(
        "/api/v1/auth/token/", {"username": "alice", "password": "pw-alicealice"}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json() == {"token": alice.token, "username": "alice"}

    revoked = alice.client.delete("/api/v1/auth/token/")
    assert revoked.status_code == 204
    assert not Token.objects.filter(user=alice.user).exists()
    assert_problem(alice.client.get("/api/v1/me/"), 401, "authentication_failed")

    again = anon.post(
        "/api/v1/auth/token/", {"username": "alice", "password": "pw-alicealice"}, format="json"
    )
    assert again.status_code == 200
    assert again.json()["token"] != alice.token


def test_obtain_token_with_a_wrong_password_is_rejected(anon, player):
    player("alice")
    response = anon.post(
        "/api/v1/auth/token/", {"username": "alice", "password": "nope"}, format="json"
    )
    assert_problem(response, 400, "invalid_credentials")


def test_revoke_needs_authentication(anon):
    response = anon.delete("/api/v1/auth/token/")
    assert_problem(response, 401, "not_authenticated")
    assert response["WWW-Authenticate"].startswith("Token")


def test_profile_needs_authentication(anon):
    assert_problem(anon.get("/api/v1/me/"), 401, "not_authenticated")
    assert_problem(anon.get("/api/v1/me/games/"), 401, "not_authenticated")


def test_session_auth_works_for_the_browsable_api(player):
    alice = player("alice")
    client = APIClient()
    assert client.login(username="alice", password="pw-alicealice")
    assert client.get("/api/v1/me/").json()["id"] == alice.id


def test_profile_has_history_and_statistics_after_a_finished_game(player):
    game_id, (alice,) = seated_table(player, "two_player", humans=1)
    final = GameDriver(game_id=game_id, players=[alice]).play_to_end()
    seat = final["your_seat"]

    me = alice.client.get("/api/v1/me/").json()
    stats = me["stats"]
    results = final["view"]["hand_results"]
    assert stats["games"] == 1
    assert stats["wins"] == (1 if seat in final["view"]["outcome"]["winners"] else 0)
    assert stats["hands"] == len(results)
    expected = sum(r["points"][seat] for r in results) / len(results)
    assert stats["average_points_per_hand"] == pytest.approx(expected, abs=0.01)
    assert me["recent_games"][0]["id"] == game_id
    assert me["recent_games"][0]["totals"] == final["view"]["totals"]

    games = alice.client.get("/api/v1/me/games/").json()
    assert games["count"] == 1
    entry = games["results"][0]
    assert entry["status"] == "finished"
    assert entry["seat"] == seat
    assert entry["won"] == (seat in final["view"]["outcome"]["winners"])


def test_profile_of_a_new_player_has_empty_statistics(player):
    alice = player("alice")
    me = alice.client.get("/api/v1/me/").json()
    assert me["stats"] == {"games": 0, "wins": 0, "hands": 0, "average_points_per_hand": None}
    assert me["recent_games"] == []
