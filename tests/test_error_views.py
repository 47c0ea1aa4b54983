"""Unknown URLs under /api/ answer problem details, not Django's HTML page."""

import json

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_an_unknown_api_url_is_a_problem_details_404():
    response = Client().get("/api/v1/no-such-endpoint/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert body["code"] == "not_found"
    assert body["status"] == 404
    assert set(body) == {"type", "title", "status", "detail", "code", "extra"}


def test_an_unknown_page_outside_the_api_stays_html():
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_a_server_error_under_the_api_is_a_problem_details_500(rf):
    from hearts_api.error_views import server_error

    response = server_error(rf.get("/api/v1/games/"))
    assert response.status_code == 500
    assert response["Content-Type"] == "application/problem+json"
    assert json.loads(response.content)["code"] == "server_error"
