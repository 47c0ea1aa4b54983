"""Throttling: every limit of a request checked and counted in ONE atomic cache operation.

One DRF throttle class (`RequestThrottle`, the settings default) applies every limit that concerns
a request: ``anon`` (by client address) or ``user`` (by user id), ``bot`` (by user id, for
every request made with a bot token, ``common.bot_tokens``), plus the view's
``throttle_scope`` (``signup``, ``token``, ``moves``). Rates come from DRF's
``DEFAULT_THROTTLE_RATES``, read on every request (``override_settings`` works); a rate of
``None`` disables that limit, and a request with no limit touches no cache at all.

Counting is a fixed window per key, started by the key's first request and kept in the cache
with that window's expiry. A request is accepted only when every one of its keys is below its
limit, and then all of them are incremented; otherwise nothing is counted and the 429 says, in
``Retry-After``, when the fullest key's window ends. Checking and counting are one atomic step,
so concurrent requests cannot overshoot a rate (DRF's ``SimpleRateThrottle`` reads its history,
decides, then writes it back: under concurrency many more got through):

* on Redis (the project's ``RedisCache``): one Lua script, one round trip for all limits;
* on the local-memory cache: the same logic under the cache's own lock;
* any other backend: ``add`` + ``incr`` per key (atomic per key on memcached).

Client identity: the ``REMOTE_ADDR`` of the request, unless ``NUM_PROXIES`` (setting
``TRUSTED_PROXY_COUNT``) says how many proxies in front of the app append to
``X-Forwarded-For``; then the address that many entries from the right (the one the outermost
trusted proxy saw). With 0 (the default) a client's own ``X-Forwarded-For`` is ignored.

The throttle cache unreachable (Redis down or restarting): the request is allowed, unthrottled,
through the cache's own ``degrades`` (``hearts_api.cache``): its one breaker and one warning per
outage (the same as for every other cache call), never a 500.
"""

from __future__ import annotations

import math
import pickle
import time
from dataclasses import dataclass
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle

from common.bot_tokens import is_bot_credential

THROTTLE_CACHE_ALIAS = "default"
_DURATIONS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class Limit:
    """``num`` requests per ``duration`` seconds for one cache ``key``."""

    key: str
    num: int
    duration: int


def parse_rate(rate: str | None) -> tuple[int, int] | None:
    """``"120/min"`` -> ``(120, 60)``; ``None`` -> no limit (DRF's rate syntax)."""
    if rate is None:
        return None
    num, period = rate.split("/")
    return int(num), _DURATIONS[period.strip()[0]]


# --------------------------------------------------------------------------- counting
# KEYS: the counters; ARGV: num1, duration_ms1, num2, duration_ms2, ...
# Returns 0 (accepted, every counter incremented) or the milliseconds until the fullest
# counter's window ends (rejected, nothing counted).
_REDIS_SCRIPT = """
local wait = 0
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then
      ttl = tonumber(ARGV[2 * i])
      redis.call('PEXPIRE', KEYS[i], ttl)
    end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i = 1, #KEYS do
  if redis.call('INCR', KEYS[i]) == 1 then
    redis.call('PEXPIRE', KEYS[i], ARGV[2 * i])
  end
end
return 0
"""
_scripts: dict[int, Any] = {}


def _hit_redis(cache: Any, keys: list[str], limits: list[Limit]) -> float:
    client = cache._cache.get_client(keys[0], write=True)
    script = _scripts.get(id(client))
    if script is None:
        script = _scripts.setdefault(id(client), client.register_script(_REDIS_SCRIPT))
    args: list[int] = []
    for limit in limits:
        args += [limit.num, limit.duration * 1000]
    return int(script(keys=keys, args=args)) / 1000


def _hit_locmem(cache: LocMemCache, keys: list[str], limits: list[Limit]) -> float:
    now = time.time()
    with cache._lock:
        counts = []
        wait = 0.0
        for key, limit in zip(keys, limits, strict=True):
            if cache._has_expired(key):
                counts.append(0)
                continue
            count = pickle.loads(cache._cache[key])
            counts.append(count)
            if count >= limit.num:
                expires = cache._expire_info.get(key)
                wait = max(wait, (expires - now) if expires is not None else limit.duration)
        if wait > 0:
            return wait
        for key, limit, count in zip(keys, limits, counts, strict=True):
            if count == 0:
                cache._set(key, pickle.dumps(1, cache.pickle_protocol), limit.duration)
            else:
                cache._cache[key] = pickle.dumps(count + 1, cache.pickle_protocol)
                cache._cache.move_to_end(key, last=False)
        return 0.0


def _hit_generic(cache: Any, limits: list[Limit]) -> float:
    wait = 0.0
    for limit in limits:
        cache.add(limit.key, 0, limit.duration)
        try:
            count = cache.incr(limit.key)
        except ValueError:  # expired between add and incr
            cache.add(limit.key, 1, limit.duration)
            count = 1
        if count > limit.num:
            wait = max(wait, float(limit.duration))
    return wait


def hit(limits: list[Limit], *, cache: Any = None) -> float:
    """Count one request against every limit, atomically: 0 if accepted, else the seconds to
    wait. The cache unreachable: 0 (accepted), logged once per outage."""
    if not limits:
        return 0.0
    cache = caches[THROTTLE_CACHE_ALIAS] if cache is None else cache
    if isinstance(cache, LocMemCache):
        keys = [cache.make_and_validate_key(limit.key) for limit in limits]
        return _hit_locmem(cache, keys, limits)
    if hasattr(cache, "_cache") and hasattr(cache._cache, "get_client"):
        keys = [cache.make_and_validate_key(limit.key) for limit in limits]
        # Redis down: accepted, through the cache's one breaker and once-per-outage log.
        degrades = getattr(cache, "degrades", None)
        if degrades is None:  # Django's own Redis backend: no breaker
            return _hit_redis(cache, keys, limits)
        return degrades(0.0, _hit_redis, cache, keys, limits)
    return _hit_generic(cache, limits)


# --------------------------------------------------------------------------- DRF throttle
class RequestThrottle(BaseThrottle):
    """Every limit of a request (anon or user, plus the view's ``throttle_scope``) in one
    atomic cache operation; see the module docstring."""

    def __init__(self) -> None:
        self._wait: float | None = None

    def limits(self, request: Any, view: Any) -> list[Limit]:
        rates = api_settings.DEFAULT_THROTTLE_RATES or {}
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            ident, own_scope = f"user:{user.pk}", "user"
        else:
            ident, own_scope = f"ip:{self.get_ident(request)}", "anon"
        scopes = [own_scope]
        if is_bot_credential(getattr(request, "auth", None)):
            scopes.append("bot")  # every request of a bot account, per bot (docs/bots-api.md)
        view_scope = getattr(view, "throttle_scope", None)
        if view_scope:
            scopes.append(view_scope)
        limits = []
        for scope in scopes:
            parsed = parse_rate(rates.get(scope))
            if parsed is not None:
                limits.append(Limit(f"throttle:{scope}:{ident}", *parsed))
        return limits

    def allow_request(self, request: Any, view: Any) -> bool:
        wait = hit(self.limits(request, view))
        if wait > 0:
            self._wait = max(1, math.ceil(wait))
            return False
        return True

    def wait(self) -> float | None:
        return self._wait
