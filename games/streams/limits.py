"""A cap on the live streams one user holds open (``HEARTS_STREAM_MAX_PER_USER``, default 20;
0: no cap): the game streams, the feed stream and the bot stream count together, so one client
opening thousands of them cannot exhaust the ASGI server. One more answers 429
``too_many_streams``.

Each open stream holds a *lease*: a slot with an expiry (``HEARTS_STREAM_LEASE_S``, default 60 s
or four keep-alives, whichever is longer) that the stream renews as it sends (every stream sends
at least a keep-alive per ``HEARTS_STREAM_KEEPALIVE_S``) and gives back when it ends, when the
client disconnects (Django closes the response) or when the response is closed unsent. Leases
are counted

* in this process always (a dict under a lock), and
* across processes when ``REDIS_URL`` is set: a sorted set per user (``hearts:streams:<id>``,
  member: the lease, score: its expiry), checked and added in one Lua script. A process that
  crashed leaves leases that simply expire. Redis unreachable: only this process's count holds
  (logged), a stream is never refused for it.

Anonymous streams (public game views) are not counted here: they are the throttles' and the
proxy's to bound.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import AsyncIterator, Iterable, Iterator
from typing import Any

from django.conf import settings
from django.http import StreamingHttpResponse

from games.errors import TooManyStreams

logger = logging.getLogger(__name__)

DEFAULT_MAX_PER_USER = 20
KEY_PREFIX = "hearts:streams:"
PROBLEM_CODES = (TooManyStreams.code,)  # for the streams' OpenAPI responses
OPENAPI_NOTE = (
    "Open streams per user: at most `HEARTS_STREAM_MAX_PER_USER` (default 20) game, feed and "
    "bot streams together, across the servers; one more answers 429 `too_many_streams` "
    "(`extra.limit`, `Retry-After`). A stream's slot is freed when it ends or its client "
    "disconnects."
)

# KEYS[1] the user's set; ARGV: now, expiry, limit, member, key ttl (s). 1: added, 0: full.
_ACQUIRE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""


def max_per_user() -> int:
    return int(getattr(settings, "HEARTS_STREAM_MAX_PER_USER", DEFAULT_MAX_PER_USER))


def lease_s() -> float:
    configured = getattr(settings, "HEARTS_STREAM_LEASE_S", None)
    if configured:
        return float(configured)
    keepalive = float(getattr(settings, "HEARTS_STREAM_KEEPALIVE_S", 15))
    return max(60.0, 4 * keepalive)


# ---------------------------------------------------------------------- this process
_local: dict[Any, dict[str, float]] = {}
_local_lock = threading.Lock()


def _local_acquire(user_id: Any, member: str, now: float, expires: float, limit: int) -> bool:
    with _local_lock:
        leases = _local.setdefault(user_id, {})
        for other, until in list(leases.items()):
            if until <= now:
                del leases[other]
        if len(leases) >= limit:
            return False
        leases[member] = expires
        return True


def _local_renew(user_id: Any, member: str, expires: float) -> None:
    with _local_lock:
        leases = _local.get(user_id)
        if leases is not None and member in leases:
            leases[member] = expires


def _local_release(user_id: Any, member: str) -> None:
    with _local_lock:
        leases = _local.get(user_id)
        if leases is not None:
            leases.pop(member, None)
            if not leases:
                del _local[user_id]


def local_count(user_id: Any) -> int:
    """This process's live leases of a user (tests, diagnostics)."""
    now = time.time()
    with _local_lock:
        return sum(1 for until in (_local.get(user_id) or {}).values() if until > now)


# ---------------------------------------------------------------------- across processes
def _redis() -> Any:
    from games.streams import backends

    url = backends.redis_url()
    return backends._sync_redis(url) if url else None


class StreamLease:
    """One open stream's slot; ``renew`` while it runs, ``release`` (idempotent) when done."""

    def __init__(self, user_id: Any, member: str, *, shared: bool) -> None:
        self.user_id = user_id
        self.member = member
        self.shared = shared  # also held in Redis
        self.renewed_at = time.monotonic()
        self.released = False

    @property
    def key(self) -> str:
        return f"{KEY_PREFIX}{self.user_id}"

    def renew_due(self) -> bool:
        return not self.released and time.monotonic() - self.renewed_at >= lease_s() / 3

    def renew(self) -> None:
        if self.released:
            return
        self.renewed_at = time.monotonic()
        expires = time.time() + lease_s()
        _local_renew(self.user_id, self.member, expires)
        client = _redis() if self.shared else None
        if client is not None:
            try:  # one round trip
                pipe = client.pipeline(transaction=False)
                pipe.zadd(self.key, {self.member: expires})
                pipe.expire(self.key, int(lease_s()) + 1)
                pipe.execute()
            except Exception as exc:  # Redis down: the lease expires there, the stream goes on
                logger.warning("stream lease of user %s not renewed: %s", self.user_id, exc)

    def release(self) -> None:
        if self.released:
            return
        self.released = True
        _local_release(self.user_id, self.member)
        client = _redis() if self.shared else None
        if client is not None:
            try:
                client.zrem(self.key, self.member)
            except Exception as exc:  # it expires by itself
                logger.warning("stream lease of user %s not released: %s", self.user_id, exc)


def acquire(user: Any) -> StreamLease | None:
    """A slot for one more stream of ``user`` (None: anonymous, or no cap), or
    ``TooManyStreams`` (429) when they hold ``HEARTS_STREAM_MAX_PER_USER`` already."""
    limit = max_per_user()
    if limit <= 0 or user is None or not getattr(user, "is_authenticated", False):
        return None
    member = uuid.uuid4().hex
    now = time.time()
    expires = now + lease_s()
    if not _local_acquire(user.pk, member, now, expires, limit):
        raise TooManyStreams(limit=limit, retry_after_s=_retry_after_s())
    shared = False
    client = _redis()
    if client is not None:
        try:
            added = client.eval(
                _ACQUIRE, 1, f"{KEY_PREFIX}{user.pk}", now, expires, limit, member,
                int(lease_s()) + 1,
            )  # fmt: skip
        except Exception as exc:  # Redis down: this process's count still holds
            logger.warning("stream count of user %s not checked in Redis: %s", user.pk, exc)
        else:
            if not added:
                _local_release(user.pk, member)
                raise TooManyStreams(limit=limit, retry_after_s=_retry_after_s())
            shared = True
    return StreamLease(user.pk, member, shared=shared)


def _retry_after_s() -> int:
    # A slot frees when a stream ends; a leaked one (a lost process) after its lease.
    return max(1, int(lease_s() // 4))


# ---------------------------------------------------------------------- the body
async def held_async(body: AsyncIterator[str], lease: StreamLease) -> AsyncIterator[str]:
    """``body`` renewing ``lease`` as it sends, released when it ends (or is cancelled)."""
    import asyncio

    try:
        async for chunk in body:
            if lease.renew_due():
                await asyncio.to_thread(lease.renew)
            yield chunk
    finally:
        lease.release()


def held_sync(body: Iterable[str], lease: StreamLease) -> Iterator[str]:
    try:
        for chunk in body:
            if lease.renew_due():
                lease.renew()
            yield chunk
    finally:
        lease.release()


class LeasedStreamingResponse(StreamingHttpResponse):
    """A ``text/event-stream`` response (never cached, never buffered by nginx) that holds a
    stream's lease: renewed by its body, released when the body ends or when the server closes
    the response (a client that disconnects, a body never started: both servers call
    ``close()``)."""

    def __init__(self, body: Any, lease: StreamLease | None) -> None:
        super().__init__(body, content_type="text/event-stream; charset=utf-8")
        self["Cache-Control"] = "no-cache"
        self["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
        self.lease = lease
        if lease is not None:
            held = held_async if self.is_async else held_sync
            self.streaming_content = held(self.streaming_content, lease)

    def close(self) -> None:
        if self.lease is not None:
            self.lease.release()
        super().close()


def stream_response(body: Any, lease: StreamLease | None) -> StreamingHttpResponse:
    """The response of a stream's ``body`` holding ``lease`` (``LeasedStreamingResponse``)."""
    return LeasedStreamingResponse(body, lease)
