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
