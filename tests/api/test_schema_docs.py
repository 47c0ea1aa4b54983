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


@pytest.mark.parametrize(
    ("path", "method", "op"), OPERATIONS, ids=[f"{m} {p}" for p, m, _ in OPERATIONS]
)
def test_every_operation_documents_429_and_503_with_their_problem_bodies(path, method, op):
    for status, code in (("429", "throttled"), ("503", "service_unavailable")):
        content = op["responses"][status]["content"]["application/problem+json"]
        assert content["schema"]["$ref"] == "#/components/schemas/ProblemDetails"
        (example,) = content["examples"].values()
        assert example["value"]["code"] == code
        assert example["value"]["status"] == int(status)
        assert "retry_after_s" in example["value"]["extra"]


def _texts(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("description", "summary") and isinstance(value, str):
                yield value
            elif key not in ("example", "examples"):
                yield from _texts(value)
    elif isinstance(node, list):
        for item in node:
            yield from _texts(item)


def test_descriptions_have_no_angle_brackets_outside_code():
    """Swagger UI and ReDoc render descriptions as Markdown with HTML: `(or "<seq>")` showed as
    `(or "")`. Angle brackets are allowed in code spans only."""
    import re

    offenders = []
    for text in _texts(SCHEMA):
        prose = re.sub(r"`[^`]*`", "", text)
        if "<" in prose or ">" in prose:
            offenders.append(text[:120])
    assert not offenders, offenders


def test_the_if_match_description_names_the_bare_seq_form():
    for path, method, op in OPERATIONS:
        for parameter in op.get("parameters", []):
            if parameter["name"] == "If-Match":
                assert '`"42"`' in parameter["description"], (path, method)


def test_every_problem_code_is_documented_with_its_status_title_and_extra_keys():
    from common.http.problems import PROBLEM_TYPES

    documented = SCHEMA["components"]["schemas"]["ProblemTypes"]["properties"]
    assert set(documented) == set(PROBLEM_TYPES)
    must_follow_suit = documented["must_follow_suit"]
    assert must_follow_suit["properties"]["status"]["enum"] == [422]
    assert set(must_follow_suit["properties"]["extra"]["required"]) == {"suit", "card"}
    assert set(must_follow_suit["example"]["extra"]) == {"suit", "card"}
    for code in ("unsupported_media_type", "parse_error"):
        assert code in documented
    assert documented["unsupported_media_type"]["properties"]["title"]["enum"] == [
        "Unsupported media type."
    ]


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
