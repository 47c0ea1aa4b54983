"""A token client's POST to a game path with a malformed id is the API's 404 problem, not
Django's CSRF page: the fallback route of non-UUID ids (``games.apis.game_path_without_uuid``)
is CSRF-exempt like every DRF view (found by the schemathesis fuzz: a 403 text/html)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.api.conftest import assert_problem

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["not-a-uuid/plays/", "%F2%A4%BF%BA/ai-seats/"])
def test_a_malformed_game_id_is_game_not_found_with_csrf_checks_on(player, path):
    strict = APIClient(enforce_csrf_checks=True)
    strict.credentials(HTTP_AUTHORIZATION=f"Token {player().token}")
    response = strict.post(f"/api/v1/games/{path}", {"card": "2C"}, format="json")
    assert_problem(response, 404, "game_not_found")
