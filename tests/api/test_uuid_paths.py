"""Game routes take ``<uuid:game_id>``: a malformed id is a 404 game_not_found before any service
or store code runs (no query at all); another spelling of a UUID is the same game, as before."""

from __future__ import annotations

import uuid

import pytest
from django.urls import resolve
from rest_framework.test import APIClient

from games import apis
from games.urls import GAME_ROUTES, STREAM_SUFFIXES
from tests.api.conftest import assert_problem, create_game, url

pytestmark = pytest.mark.django_db

SUFFIXES = [suffix for suffix, _view, _name in GAME_ROUTES] + STREAM_SUFFIXES


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_every_game_route_converts_the_id_to_a_uuid(suffix):
    game_id = uuid.uuid4()
    match = resolve(f"/api/v1/games/{game_id}/{suffix}")
    assert match.kwargs == {"game_id": game_id}
    assert match.func is not apis.game_path_without_uuid


@pytest.mark.parametrize("suffix", SUFFIXES)
@pytest.mark.parametrize("method", ["get", "post", "delete"])
def test_a_malformed_id_is_game_not_found_without_a_query(
    anon, suffix, method, django_assert_num_queries
):
    with django_assert_num_queries(0):
        response = getattr(anon, method)(
            f"/api/v1/games/not-a-uuid/{suffix}", HTTP_ACCEPT="text/event-stream"
        )
    body = assert_problem(response, 404, "game_not_found")
    assert body["extra"] == {"game_id": "not-a-uuid"}


def test_a_malformed_id_under_an_unknown_path_is_not_found(anon):
    assert_problem(anon.get("/api/v1/games/not-a-uuid/no-such-thing/"), 404, "not_found")


def test_another_spelling_of_the_uuid_is_the_same_game(player):
    alice = player()
    game_id = create_game(alice)["game_id"]
    for spelling in (game_id.upper(), uuid.UUID(game_id).hex, "{" + game_id + "}"):
        response = alice.client.get(url(spelling))
        assert response.status_code == 200, (spelling, response.content)
        assert response.json()["id"] == game_id
    response = alice.client.post(url(game_id.upper(), "start"), {}, format="json")
    assert_problem(response, 409, "seats_not_filled")  # the command ran on that game


@pytest.mark.parametrize("suffix", ["plays/", "ai-seats/", "seats/mine/"])
def test_a_malformed_id_is_a_problem_even_when_csrf_is_enforced(suffix):
    """Like every DRF view, the malformed-id route is exempt from Django's CSRF middleware
    (its HTML 403 is not a problem): a browser-like client gets the 404 problem."""
    client = APIClient(enforce_csrf_checks=True)
    for method in ("post", "delete"):
        response = getattr(client, method)(f"/api/v1/games/not-a-uuid/{suffix}", {}, format="json")
        assert_problem(response, 404, "game_not_found")


def test_another_spelling_with_session_auth_still_checks_csrf(player):
    """Handing over to the real view keeps its CSRF check for session-authenticated users."""
    alice = player()
    game_id = create_game(alice)["game_id"]
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice.user)
    response = client.post(url(game_id.upper(), "start"), {}, format="json")
    assert_problem(response, 403, "permission_denied")  # CSRF failed: DRF's 403 problem
    assert "CSRF" in response.json()["detail"]
