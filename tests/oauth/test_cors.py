"""CORS for third-party browser apps: only the origins of CORS_ALLOWED_ORIGINS, none by default."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

APP = "https://tabletalk.example"


def _preflight(path: str = "/api/v1/games/", origin: str = APP):
    return Client().options(
        path,
        HTTP_ORIGIN=origin,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization, content-type, idempotency-key",
    )


def test_cors_is_off_by_default():
    from django.conf import settings

    assert settings.CORS_ALLOWED_ORIGINS == []  # the environment of the tests sets none
    answer = _preflight()
    assert "Access-Control-Allow-Origin" not in answer
    read = Client().get("/api/v1/games/", HTTP_ORIGIN=APP)
    assert read.status_code == 200
    assert "Access-Control-Allow-Origin" not in read


def test_an_allowed_origin_passes_the_preflight(settings):
    settings.CORS_ALLOWED_ORIGINS = [APP]
    answer = _preflight()
    assert answer.status_code == 200
    assert answer["Access-Control-Allow-Origin"] == APP
    assert "POST" in answer["Access-Control-Allow-Methods"]
    allowed = {h.strip() for h in answer["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key"} <= allowed
    assert "Access-Control-Allow-Credentials" not in answer  # tokens, never the cookie
    read = Client().get("/api/v1/games/", HTTP_ORIGIN=APP)
    assert read["Access-Control-Allow-Origin"] == APP
    assert "ETag" in read["Access-Control-Expose-Headers"]
    # the token endpoint too: a browser app exchanges its code there
    assert _preflight("/o/token/")["Access-Control-Allow-Origin"] == APP


def test_another_origin_is_denied(settings):
    settings.CORS_ALLOWED_ORIGINS = [APP]
    answer = _preflight(origin="https://evil.example")
    assert "Access-Control-Allow-Origin" not in answer
    # pages that are not the API never answer CORS (the consent page is for the browser itself)
    assert "Access-Control-Allow-Origin" not in _preflight("/o/authorize/")
    assert "Access-Control-Allow-Origin" not in _preflight("/admin/login/")


def test_the_allow_list_comes_from_the_environment(monkeypatch):
    from hearts_api.settings import env_list

    monkeypatch.setenv("CORS_ALLOWED_ORIGINS", f"{APP}, https://other.example ,")
    assert env_list("CORS_ALLOWED_ORIGINS", []) == [APP, "https://other.example"]
