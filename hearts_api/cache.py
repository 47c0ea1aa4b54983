"""Django's Redis cache backend, with one Redis client per connection pool, that degrades instead
of failing while Redis is down.

One client per pool: Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` on
every cache call (the client is cheap to share: it is thread-safe and takes a connection from its
pool per command, but building one fills its response-callback table, ~170 entries). The
throttles make two cache calls per throttle per request, so a move built four clients. This
backend builds one per pool.

Degrading: the cache holds only what the API can do without (throttle counters, the AI rescue
marks), so a Redis outage must not turn requests into 500s. Every cache operation that fails
with a Redis connection or timeout error answers as a cache *miss* instead (``get`` the default,
``add`` True, ``set``/``delete`` nothing, ``incr`` ``ValueError`` as for a missing key): the
throttles then find no history and allow the request. The outage is logged once (WARNING) when
it starts and once (INFO) when Redis answers again, never per request. For ``BREAKER_S`` seconds
after a failure the cache does not even try (a request must not wait a connection timeout per
cache call), then one call probes again.

``cache_degrades(default, fn, *args)`` is the same rule for code that talks to Redis through
the cache's client directly (e.g. an atomic throttle counter): it returns ``default`` instead of
raising while Redis is down.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient

logger = logging.getLogger(__name__)

BREAKER_S = 1.0


def _redis_errors() -> tuple[type[BaseException], ...]:
    import redis

    return (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


class _Outage:
    """Process-wide: is Redis down, since when, and was it logged."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.down_since: float | None = None
        self.retry_at = 0.0

    def skip(self) -> bool:
        """True while the breaker is open (Redis failed less than ``BREAKER_S`` ago)."""
        return self.down_since is not None and time.monotonic() < self.retry_at

    def failed(self, exc: BaseException) -> None:
        with self._lock:
            self.retry_at = time.monotonic() + BREAKER_S
            if self.down_since is None:
                self.down_since = time.monotonic()
                logger.warning(
                    "cache: Redis unavailable (%s); throttling is off until it is back", exc
                )

    def succeeded(self) -> None:
        if self.down_since is None:
            return
        with self._lock:
            if self.down_since is not None:
                logger.info("cache: Redis is back after %.1f s", time.monotonic() - self.down_since)
                self.down_since = None


outage = _Outage()


def cache_degrades(default: Any, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)``, or ``default`` when Redis is down (logged once per outage)."""
    if outage.skip():
        return default
    try:
        result = fn(*args, **kwargs)
    except _redis_errors() as exc:
        outage.failed(exc)
        return default
    outage.succeeded()
    return result


class SharedClientRedisCacheClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients.setdefault(id(pool), self._client(connection_pool=pool))
        return client


_MISSING = object()


class RedisCache(DjangoRedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        options = params.setdefault("OPTIONS", {})
        # Fail fast when Redis is down or unreachable (redis-py's default waits forever).
        options.setdefault("socket_connect_timeout", 1)
        options.setdefault("socket_timeout", 1)
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient

    def degrades(self, default: Any, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)`` (a direct call to Redis through this cache's client), or
        ``default`` while Redis is down: ``cache_degrades``, for code that must not import the
        project package (the throttles of ``common.http``)."""
        return cache_degrades(default, fn, *args, **kwargs)

    def _degrade(self, default: Any, name: str, *args: Any, **kwargs: Any) -> Any:
        result = cache_degrades(_MISSING, getattr(super(), name), *args, **kwargs)
        return default if result is _MISSING else result

    # Reads answer a miss; writes do nothing (``add`` says it added: a caller guarding a one-off
    # action with it goes ahead, which is what the AI rescue wants).
    def get(self, key, default=None, version=None):
        return self._degrade(default, "get", key, default, version)

    def get_many(self, keys, version=None):
        return self._degrade({}, "get_many", keys, version)

    def has_key(self, key, version=None):
        return self._degrade(False, "has_key", key, version)

    def add(self, *args, **kwargs):
        return self._degrade(True, "add", *args, **kwargs)

    def set(self, *args, **kwargs):
        return self._degrade(None, "set", *args, **kwargs)

    def touch(self, *args, **kwargs):
        return self._degrade(False, "touch", *args, **kwargs)

    def delete(self, *args, **kwargs):
        return self._degrade(False, "delete", *args, **kwargs)

    def set_many(self, *args, **kwargs):
        return self._degrade([], "set_many", *args, **kwargs)

    def delete_many(self, *args, **kwargs):
        return self._degrade(None, "delete_many", *args, **kwargs)

    def clear(self):
        return self._degrade(None, "clear")

    def incr(self, key, delta=1, version=None):
        result = self._degrade(_MISSING, "incr", key, delta, version)
        if result is _MISSING:  # as for a missing key (decr is incr(-delta) in BaseCache)
            raise ValueError(f"Key '{key}' not found (the cache is unavailable)")
        return result
