"""The committed OpenAPI document describes every REST endpoint fully; the docs UIs are served."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from django.conf import settings
from django.contrib.staticfiles import finders

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
SCHEMA = yaml.safe_load((REPO_ROOT / "openapi.yaml").read_text())
OPERATIONS = [
    (path, method, op)
    for path, item in SCHEMA["paths"].items()
    for method, op in item.items()
    if method in {"get", "post", "put", "patch", "delete"}
]
MINE = [o for o in OPERATIONS if not o[0].endswith(("/events/", "/stream/"))]


def test_every_endpoint_of_the_issue_is_in_the_schema():
    paths = {(path, method) for path, method, _ in OPERATIONS}
    for expected in [
        ("/api/v1/players/", "post"),
        ("/api/v1/auth/token/", "post"),
        ("/api/v1/auth/token/", "delete"),
        ("/api/v1/me/", "get"),
        ("/api/v1/me/games/", "get"),
        ("/api/v1/rules/presets/", "get"),
        ("/api/v1/games/", "get"),
        ("/api/v1/games/", "post"),
        ("/api/v1/games/{game_id}/", "get"),
        ("/api/v1/games/{game_id}/seats/", "post"),
        ("/api/v1/games/{game_id}/seats/mine/", "delete"),
        ("/api/v1/games/{game_id}/ai-seats/", "post"),
        ("/api/v1/games/{game_id}/start/", "post"),
        ("/api/v1/games/{game_id}/passes/", "post"),
        ("/api/v1/games/{game_id}/plays/", "post"),
        ("/api/v1/games/{game_id}/moon/", "post"),
        ("/api/v1/games/{game_id}/handover/", "post"),
        ("/api/v1/games/{game_id}/reclaim/", "post"),
        ("/api/v1/games/{game_id}/resign/", "post"),
        ("/api/v1/games/{game_id}/log/", "get"),
    ]:
        assert expected in paths, expected


@pytest.mark.parametrize(("path", "method", "op"), MINE, ids=[f"{m} {p}" for p, m, _ in MINE])
def test_operation_is_documented_with_problem_responses(path, method, op):
    assert op["operationId"]
    assert op["tags"]
    assert op.get("summary")
    assert len(op.get("description", "")) > 20
    problems = {
        status: response
        for status, response in op["responses"].items()
        if status.startswith(("4", "5"))
    }
    assert problems, "no error responses documented"
    for response in problems.values():
        content = response["content"]["application/problem+json"]
        assert content["schema"]["$ref"] == "#/components/schemas/ProblemDetails"
    if method != "get" and path not in ("/api/v1/players/", "/api/v1/auth/token/"):
        headers = {p["name"] for p in op.get("parameters", []) if p["in"] == "header"}
        assert "Idempotency-Key" in headers


def test_problem_details_schema():
    problem = SCHEMA["components"]["schemas"]["ProblemDetails"]
    assert set(problem["required"]) == {"type", "title", "status", "detail", "code", "extra"}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/schema/", "/api/docs/", "/api/redoc/"])
def test_docs_are_served(client, path):
    assert client.get(path).status_code == 200


class _Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.refs += [v for k, v in attrs if k in ("src", "href") and v]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_docs_pages_reference_nothing_outside_this_server(client, path):
    response = client.get(path)
    html = response.content.decode()
    assert "http://" not in html
    assert "https://" not in html  # no Google Fonts, no CDN
    refs = _Refs()
    refs.feed(html)
    assert refs.refs, "the page loads its bundle"
    for ref in refs.refs:
        assert ref.startswith("/"), ref
        assert not ref.startswith("//"), ref
        if ref.startswith(settings.STATIC_URL):  # a file this server has
            assert finders.find(ref.removeprefix(settings.STATIC_URL)), ref
    assert any("drf_spectacular_sidecar" in ref for ref in refs.refs)
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "img-src 'self' data:" in policy  # ReDoc's footer logo from cdn.redoc.ly is blocked
    assert "http" not in policy  # no other host allowed


@pytest.mark.django_db
def test_redoc_uses_system_fonts(client):
    html = client.get("/api/redoc/").content.decode()
    assert "fonts.googleapis" not in html
    assert "Redoc.init(" in html
    assert "system-ui" in html
