"""GET /health/: database and broker reachability, 200 when both are up, 503 when either is down."""

import pytest
from django.db import OperationalError, connections
from django.test import override_settings

from hearts_api import health

pytestmark = pytest.mark.django_db


def test_health_ok_when_database_and_broker_are_reachable(client):
    response = client.get("/health/")
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["broker"]["ok"] is True
    assert "no-cache" in response["Cache-Control"]


def test_health_503_when_database_is_down(client, monkeypatch):
    def refuse(*args, **kwargs):
        raise OperationalError("connection refused (simulated)")

    monkeypatch.setattr(connections["default"], "cursor", refuse)
    response = client.get("/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["checks"]["database"] == {
        "ok": False,
        "error": "OperationalError: connection refused (simulated)",
        "latency_ms": body["checks"]["database"]["latency_ms"],
    }
    assert body["checks"]["broker"]["ok"] is True


@override_settings(
    CELERY_BROKER_URL="redis://127.0.0.1:1/0",  # nothing listens on port 1: a real refusal
    CELERY_BROKER_TRANSPORT_OPTIONS={},
    HEARTS_HEALTH_TIMEOUT_S=2,
)
def test_health_503_when_redis_broker_is_unreachable(client):
    response = client.get("/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["broker"]["ok"] is False
    assert body["checks"]["broker"]["error"]


def test_health_503_when_filesystem_broker_folder_is_missing(client, settings, tmp_path):
    settings.CELERY_BROKER_URL = "filesystem://"
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(tmp_path / "missing"),
        "data_folder_out": str(tmp_path / "missing"),
        "processed_folder": str(tmp_path / "missing"),
    }
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["checks"]["broker"]["ok"] is False


def test_health_checks_the_configured_broker():
    """In CI's Redis run this talks to the real Redis server; on defaults, to the folders."""
    healthy, checks = health.run_checks()
    assert healthy, checks


def test_health_rejects_post(client):
    assert client.post("/health/").status_code == 405
