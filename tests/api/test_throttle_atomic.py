"""Throttle counts under real concurrency, on the local-memory cache and on Redis; one Redis
round trip per request; a cache outage allows requests (logged once), never a 500."""

from __future__ import annotations

import logging
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from rest_framework.test import APIClient

from common.http import throttles
from hearts_api.cache import RedisCache
from tests.api.conftest import OPEN_RATES

RATE = 100
THREADS = 16
ATTEMPTS_PER_THREAD = 20  # 320 attempts for 100 allowed


def _hammer(fn, *, threads=THREADS, attempts=ATTEMPTS_PER_THREAD) -> list:
    start = threading.Barrier(threads)

    def worker(_):
        start.wait()
        return [fn() for _ in range(attempts)]

    with ThreadPoolExecutor(threads) as pool:
        return [result for batch in pool.map(worker, range(threads)) for result in batch]


def _redis_cache(url: str) -> RedisCache:
    return RedisCache(url, {"KEY_PREFIX": f"throttle-test-{uuid.uuid4().hex[:8]}"})


@pytest.fixture
def rates(settings):
    def set_rates(**overrides):
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {**OPEN_RATES, **overrides},
        }

    return set_rates


def test_concurrent_hits_on_the_local_memory_cache_accept_exactly_the_rate():
    cache = LocMemCache(f"throttle-{uuid.uuid4()}", {})
    limits = [throttles.Limit("throttle:anon:ip:192.0.2.1", RATE, 3600)]
    results = _hammer(lambda: throttles.hit(limits, cache=cache))
    accepted = results.count(0.0)
    assert accepted == RATE  # exactly: well within the 5 % the issue allows
    assert all(0 < wait <= 3600 for wait in results if wait)


@pytest.mark.redis
def test_concurrent_hits_on_redis_accept_exactly_the_rate(redis_url):
    cache = _redis_cache(redis_url)
    limits = [
        throttles.Limit("throttle:user:user:1", RATE, 3600),
        throttles.Limit("throttle:moves:user:1", RATE * 10, 60),
    ]
    results = _hammer(lambda: throttles.hit(limits, cache=cache))
    accepted = results.count(0.0)
    assert accepted == RATE  # exactly: well within the 5 % the issue allows
    assert cache.get("throttle:user:user:1") == RATE  # refused hits are not counted
    assert cache.get("throttle:moves:user:1") == RATE
    assert all(0 < wait <= 3600 for wait in results if wait)


@pytest.mark.redis
def test_every_limit_of_a_check_is_one_redis_round_trip(redis_url, monkeypatch):
    cache = _redis_cache(redis_url)
    client = cache._cache.get_client(write=True)
    limits = [throttles.Limit("a", 5, 60), throttles.Limit("b", 5, 60)]
    throttles.hit(limits, cache=cache)  # loads the script
    calls = []
    original = client.execute_command
    monkeypatch.setattr(
        client, "execute_command", lambda *a, **k: calls.append(a[0]) or original(*a, **k)
    )
    for _ in range(7):
        throttles.hit(limits, cache=cache)
    assert calls == ["EVALSHA"] * 7
    assert cache.get("a") == 5
    assert cache.get("b") == 5


@pytest.mark.django_db
def test_concurrent_anonymous_requests_get_exactly_the_rate(rates):
    rates(anon=f"{RATE}/hour")

    def request():
        return APIClient().get("/api/v1/rules/presets/").status_code

    statuses = _hammer(request, threads=8, attempts=25)
    assert statuses.count(200) == RATE
    assert statuses.count(429) == 8 * 25 - RATE


@pytest.mark.redis
@pytest.mark.django_db
def test_concurrent_anonymous_requests_on_redis_get_exactly_the_rate(rates, settings, redis_url):
    settings.CACHES = {
        "default": {
            "BACKEND": "hearts_api.cache.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": f"throttle-test-{uuid.uuid4().hex[:8]}",
            # Generous timeouts: a loaded machine must not make the cache degrade (answer as
            # down, which lets requests through) in a test of exact counting.
            "OPTIONS": {"socket_timeout": 10, "socket_connect_timeout": 10},
        }
    }
    rates(anon=f"{RATE}/hour")

    def request():
        return APIClient().get("/api/v1/rules/presets/").status_code

    statuses = _hammer(request, threads=8, attempts=25)
    assert statuses.count(200) == RATE
    assert statuses.count(429) == 8 * 25 - RATE
    assert caches["default"].get("throttle:anon:ip:127.0.0.1") == RATE


@pytest.mark.django_db
def test_redis_down_allows_requests_and_logs_once_per_outage(rates, settings, caplog, monkeypatch):
    from hearts_api import cache as cache_module

    monkeypatch.setattr(cache_module, "outage", cache_module._Outage())  # no outage in progress
    with socket_closed_port() as port:
        settings.CACHES = {
            "default": {
                "BACKEND": "hearts_api.cache.RedisCache",
                "LOCATION": f"redis://127.0.0.1:{port}/0",
                "OPTIONS": {"socket_connect_timeout": 0.5},
            }
        }
        rates(anon="2/min")
        caplog.set_level(logging.WARNING, logger="hearts_api.cache")
        statuses = [APIClient().get("/api/v1/rules/presets/").status_code for _ in range(5)]
    assert statuses == [200] * 5  # over the 2/min rate: not throttled while Redis is down
    outages = [r for r in caplog.records if r.name == "hearts_api.cache"]
    assert len(outages) == 1, [r.getMessage() for r in outages]
    assert "Redis unavailable" in outages[0].getMessage()


class socket_closed_port:
    """A local port with nothing listening on it."""

    def __enter__(self) -> int:
        import socket

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            return sock.getsockname()[1]

    def __exit__(self, *exc) -> None:
        return None
