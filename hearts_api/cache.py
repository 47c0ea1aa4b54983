"""Django's Redis cache backend, with one Redis client per connection pool.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` on every cache call (the
client is cheap to share: it is thread-safe and takes a connection from its pool per command,
but building one fills its response-callback table, ~170 entries). The throttles make two cache
calls per throttle per request, so a move built four clients. This backend builds one per pool.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


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


class RedisCache(DjangoRedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient
