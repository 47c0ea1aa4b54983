"""The Redis cache backend (``hearts_api.cache``): Django's, with one client per pool."""

from __future__ import annotations

import pytest

from hearts_api.cache import RedisCache


@pytest.mark.redis
def test_the_cache_reuses_one_client_and_works(redis_url):
    cache = RedisCache(redis_url, {"KEY_PREFIX": "hearts-test-cache"})
    client = cache._cache.get_client(write=True)
    assert cache._cache.get_client(write=False) is client  # one server: one pool, one client
    cache.set("k", {"hits": 1}, 30)
    assert cache.get("k") == {"hits": 1}
    assert cache.add("n", 1, 30)
    assert cache.incr("n") == 2
    cache.delete_many(["k", "n"])
    assert cache.get("k") is None


def _closed_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]  # nothing listens there once the socket is closed


@pytest.fixture
def fresh_outage(monkeypatch):
    """A clean outage state (process-wide) for the test, and no breaker delay."""
    from hearts_api import cache as cache_module

    monkeypatch.setattr(cache_module, "outage", cache_module._Outage())
    return cache_module


def test_redis_down_every_operation_degrades_and_is_logged_once(fresh_outage, caplog):
    cache = RedisCache(f"redis://127.0.0.1:{_closed_port()}/0", {"KEY_PREFIX": "down"})
    with caplog.at_level("WARNING", logger="hearts_api.cache"):
        assert cache.get("k") is None
        assert cache.get("k", "fallback") == "fallback"
        assert cache.get_many(["a", "b"]) == {}
        assert cache.add("k", 1, 30) is True  # a one-off action guarded by add goes ahead
        assert cache.set("k", 1, 30) is None
        assert cache.delete("k") is False
        assert cache.has_key("k") is False
        with pytest.raises(ValueError, match="not found"):
            cache.incr("n")  # as for a missing key
    warnings = [r for r in caplog.records if r.name == "hearts_api.cache"]
    assert len(warnings) == 1, [r.getMessage() for r in warnings]  # once per outage
    assert "Redis unavailable" in warnings[0].getMessage()
    assert fresh_outage.outage.skip()  # the breaker: the next calls do not even try


@pytest.mark.redis
def test_redis_back_is_logged_and_the_cache_works_again(fresh_outage, redis_url, caplog):
    import redis

    cache = RedisCache(redis_url, {"KEY_PREFIX": "hearts-test-back"})
    fresh_outage.outage.failed(redis.exceptions.ConnectionError("down"))
    fresh_outage.outage.retry_at = 0  # breaker closed again: the next call probes
    with caplog.at_level("INFO", logger="hearts_api.cache"):
        cache.set("k", 5, 30)
        assert cache.get("k") == 5
    assert any("Redis is back" in r.getMessage() for r in caplog.records)
    assert fresh_outage.outage.down_since is None


def test_cache_degrades_helper_for_direct_redis_calls(fresh_outage):
    import redis

    from hearts_api.cache import cache_degrades

    def down():
        raise redis.exceptions.ConnectionError("Error 111 connecting")

    assert cache_degrades("allowed", down) == "allowed"
    assert cache_degrades("allowed", lambda: "counted") == "allowed"  # breaker open: no call
    fresh_outage.outage.retry_at = 0
    assert cache_degrades("allowed", lambda: "counted") == "counted"


@pytest.mark.django_db
def test_api_reads_and_moves_work_while_the_throttle_cache_is_down(
    client, settings, fresh_outage, caplog
):
    """The throttles read the cache on every request: with Redis down they allow (no 500), and
    the outage is logged once, not per request."""
    from django.core.cache import caches

    from tests.sync.helpers import _sign_up

    settings.CACHES = {
        "default": {
            "BACKEND": "hearts_api.cache.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{_closed_port()}/0",
        }
    }
    assert isinstance(caches["default"], RedisCache)  # Django rebuilt the caches
    _user, token = _sign_up("offline")
    auth = {"HTTP_AUTHORIZATION": f"Token {token}"}
    with caplog.at_level("WARNING", logger="hearts_api.cache"):
        for _ in range(3):
            assert client.get("/api/v1/games/").status_code == 200  # anonymous read
            assert client.get("/api/v1/me/", **auth).status_code == 200
        r = client.post("/api/v1/games/", {"preset": "classic"}, content_type="application/json",
                        **auth)  # fmt: skip
        assert r.status_code == 201, r.content
        body = {"username": "offline-2", "password": "correct-horse-battery-9"}
        r = client.post("/api/v1/players/", body, content_type="application/json")
        assert r.status_code == 201, r.content  # sign-up: its own throttle scope
    logged = [r for r in caplog.records if r.name == "hearts_api.cache"]
    assert len(logged) == 1
