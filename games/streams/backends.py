"""Cross-process wake-ups for live game streams (the backends of ``games.streams``).

A move is accepted by one web process; the SSE streams watching that game may be held open by
other processes on other machines. After the move's transaction commits, the service calls
``publish_game_event(game_id, seq)`` (through ``on_commit_publish``); every process holding a
stream for that game wakes the stream, which then reads the new events through the selectors.

The notification carries only ``(game id, seq)``: never a payload. Streams always read what they
send from the event store, redacted for their caller, so a lost or duplicated notification costs
at most a little latency (streams also re-read on every keep-alive tick), never a wrong or
missing event.

Backends (chosen once per process, see ``live_backend()``):

``redis``
    ``settings.REDIS_URL`` is set. ``publish_game_event`` sends ``PUBLISH hearts:game:<id> <seq>``.
    Each process (each event loop) holds ONE Redis connection with ``PSUBSCRIBE hearts:game:*``
    and fans messages out to its waiting streams in memory, so a few hundred open streams cost
    one Redis connection, not a few hundred. Every process receives every game's notifications
    (a few bytes each); that is the price of never subscribing/unsubscribing per stream.

``postgres``
    No Redis but PostgreSQL: ``publish_game_event`` runs ``SELECT pg_notify('hearts_game',
    '<id>:<seq>')``; each process holds ONE extra database connection that ``LISTEN``s on
    ``hearts_game`` and fans notifications out like the Redis backend.

``polling``
    No Redis (embedded defaults, SQLite): the single-machine development fallback. One task per
    process reads the last seq of every game that has a waiting stream, in one query, every
    ``HEARTS_LIVE_POLL_INTERVAL_S`` (0.5 s), and wakes the streams whose game moved. Publishing
    is a no-op. It also works across processes that share one database, only with up to one
    polling interval of latency and one small query per interval per process.

Usage from an async stream::

    async with backends.subscribe(game_id) as sub:   # register interest BEFORE reading
        events = await read_events(after)       # anything committed later wakes `sub`
        ...
        await sub.wait(after_seq=last_sent, timeout=15)

Registering before reading closes the race between "read the store" and "start waiting".
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import threading
import time
import weakref
from collections.abc import AsyncIterator, Callable, Iterable
from functools import partial
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connections, transaction

from common import broker

logger = logging.getLogger(__name__)

CHANNEL_PREFIX = "hearts:game:"
CHANNEL_PATTERN = CHANNEL_PREFIX + "*"
PG_CHANNEL = "hearts_game"

DEFAULT_POLL_INTERVAL_S = 0.5
# Back-off between Redis reconnection attempts of the shared subscriber.
_RECONNECT_DELAYS_S = (0.1, 0.5, 1.0, 2.0, 5.0)


def channel_for(game_id: Any) -> str:
    """The Redis pub/sub channel of one game."""
    return f"{CHANNEL_PREFIX}{game_id}"


def _key(game_id: Any) -> str:
    return str(game_id)


def redis_url() -> str | None:
    return getattr(settings, "REDIS_URL", None) or None


BACKENDS = ("redis", "postgres", "polling")


def live_backend() -> str:
    """``"redis"``, ``"postgres"`` or ``"polling"``.

    ``settings.HEARTS_LIVE_BACKEND`` forces one; otherwise Redis when ``REDIS_URL`` is set, else
    PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL, else polling the database.
    """
    forced = getattr(settings, "HEARTS_LIVE_BACKEND", None)
    if forced:
        if forced not in BACKENDS:
            raise ValueError(f"HEARTS_LIVE_BACKEND must be one of {BACKENDS}, not {forced!r}")
        return forced
    if redis_url():
        return "redis"
    if connections["default"].vendor == "postgresql":
        return "postgres"
    return "polling"


def poll_interval_s() -> float:
    return float(getattr(settings, "HEARTS_LIVE_POLL_INTERVAL_S", DEFAULT_POLL_INTERVAL_S))


# --------------------------------------------------------------------------------------------
# Publishing (sync: called from services, after commit)
# --------------------------------------------------------------------------------------------

_sync_clients: dict[str, Any] = {}
_sync_clients_lock = threading.Lock()


def _sync_redis(url: str):
    import redis  # imported lazily: the polling backend does not need it

    with _sync_clients_lock:
        client = _sync_clients.get(url)
        if client is None:
            # The client is thread-safe (a connection pool); one per process and URL.
            client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
            _sync_clients[url] = client
        return client


def _pg_conninfo() -> str:
    """Connection string of the default database, for the LISTEN connection."""
    from psycopg.conninfo import make_conninfo

    db = connections["default"].settings_dict
    params = {
        "dbname": db.get("NAME"),
        "user": db.get("USER"),
        "password": db.get("PASSWORD"),
        "host": db.get("HOST"),
        "port": str(db.get("PORT") or ""),
        "application_name": f"hearts-live-{os.getpid()}",
        "connect_timeout": "5",
    }
    for key in ("sslmode", "sslrootcert", "sslcert", "sslkey", "options"):
        if db.get("OPTIONS", {}).get(key):
            params[key] = db["OPTIONS"][key]
    return make_conninfo(**{k: v for k, v in params.items() if v})


def publish_game_event(game_id: Any, seq: int) -> None:
    """Tell every process that ``game_id`` now has events up to ``seq``.

    Call it only after the transaction that appended the events has committed (see
    ``on_commit_publish``). Never raises: the move is already accepted, and streams re-read the
    store on every keep-alive tick, so a failed publish only delays them.
    """
    backend = live_backend()
    try:
        if backend == "redis":
            url, channel, message = redis_url(), channel_for(game_id), str(int(seq))
            # joined to the commit's broker pipeline when the broker is the same Redis server
            if not broker.publish(url, channel, message):
                _sync_redis(url).publish(channel, message)
        elif backend == "postgres":
            with connections["default"].cursor() as cursor:
                cursor.execute("SELECT pg_notify(%s, %s)", [PG_CHANNEL, f"{game_id}:{int(seq)}"])
        # polling: the pollers read the store; nothing to send
    except Exception as exc:
        # Logged once per outage, not per move (Redis down: every move would log a traceback).
        global _publish_failing
        if not _publish_failing:
            _publish_failing = True
            logger.warning(
                "live: could not publish game %s seq %s (%r); streams re-read the store until "
                "publishing works again",
                game_id,
                seq,
                exc,
            )
        return
    if _publish_failing:
        _publish_failing = False
        logger.info("live: publishing works again")


_publish_failing = False


def on_commit_publish(game_id: Any, seq: int) -> None:
    """Publish ``(game_id, seq)`` when the current transaction commits (at once if none)."""
    transaction.on_commit(partial(publish_game_event, game_id, seq))


# --------------------------------------------------------------------------------------------
# Reading the store's last seq (used by the polling backend and wait_for_game_event)
# --------------------------------------------------------------------------------------------


def last_seqs(game_ids: Iterable[Any]) -> dict[str, int]:
    """The last stored seq of each existing game of ``game_ids``.

    Reads ``Game.last_seq``, the head of the log that the services update in the transaction
    that appends the events: one indexed query for any number of games.
    """
    from games.models import Game

    ids = list(game_ids)
    if not ids:
        return {}
    rows = Game.objects.filter(id__in=ids).values_list("id", "last_seq")
    return {_key(game_id): int(last) for game_id, last in rows}


def shared_pool_read(func: Callable[..., Any]) -> Callable[..., Any]:
    """``func`` as a coroutine function run in the event loop's shared thread pool
    (``thread_sensitive=False``): the short store reads of open streams must not pin a thread
    and a database connection per stream. With a database connection pool (``DB_POOL_MAX``) the
    thread gives its connection back to the pool after each read, so the executor's threads do
    not hold pool connections between reads; without one each thread keeps its own connection
    (opening one per read would cost more than the read)."""

    @functools.wraps(func)
    def read(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        finally:
            db = connections["default"]
            if db.settings_dict.get("OPTIONS", {}).get("pool") and not db.in_atomic_block:
                db.close()

    return sync_to_async(read, thread_sensitive=False)


_last_seqs_in_pool = shared_pool_read(last_seqs)


async def last_seq_async(game_id: Any) -> int:
    seqs = await _last_seqs_in_pool([game_id])
    return seqs.get(_key(game_id), 0)


# --------------------------------------------------------------------------------------------
# Waiting (async: one hub per event loop, fanning out to subscriptions)
# --------------------------------------------------------------------------------------------


class Subscription:
    """One stream's registered interest in one game."""

    __slots__ = ("_event", "_resync", "game_key", "latest_seq")

    def __init__(self, game_key: str) -> None:
        self.game_key = game_key
        self.latest_seq = 0  # highest seq notified since subscribing
        self._resync = False  # notifications may have been lost: re-read the store
        self._event = asyncio.Event()

    def _notify(self, seq: int | None) -> None:
        if seq is None:
            self._resync = True
            self._event.set()
        elif seq > self.latest_seq:
            self.latest_seq = seq
            self._event.set()

    async def wait(self, *, after_seq: int, timeout: float) -> bool:
        """Wait until the game has (or may have) an event after ``after_seq``.

        True when woken (read the store now), False when ``timeout`` seconds passed first.
        """
        deadline = time.monotonic() + max(0.0, timeout)
        while True:
            if self._resync or self.latest_seq > after_seq:
                self._resync = False
                self._event.clear()
                return True
            self._event.clear()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            try:
                await asyncio.wait_for(self._event.wait(), remaining)
            except TimeoutError:
                return self._resync or self.latest_seq > after_seq


class _Hub:
    """Per event loop: the subscriptions by game and the one task that feeds them."""

    def __init__(self, backend: str) -> None:
        self.backend = backend
        self.subs: dict[str, set[Subscription]] = {}
        self._task: asyncio.Task | None = None
        self._ready = asyncio.Event()  # the Redis subscription is confirmed
        self._wake_poller = asyncio.Event()
        # The bus connection was lost and is not back: the feeder polls the store meanwhile,
        # so a new subscription does not wait for a confirmation that cannot come.
        self._bus_down = False
        self._ready_or_down = asyncio.Event()  # the first connection attempt has an outcome

    # -- fan-out ------------------------------------------------------------------------------

    def dispatch(self, game_key: str, seq: int | None) -> None:
        for sub in tuple(self.subs.get(game_key, ())):
            sub._notify(seq)

    def dispatch_all_resync(self) -> None:
        for key in tuple(self.subs):
            self.dispatch(key, None)

    # -- registration -------------------------------------------------------------------------

    async def add(self, sub: Subscription) -> None:
        self.subs.setdefault(sub.game_key, set()).add(sub)
        self._ensure_task()
        if self.backend in ("redis", "postgres"):
            # Events committed before the subscription is live would be missed; the caller
            # reads the store after this returns, so wait (briefly) for the confirmation. While
            # the bus is down the feeder polls the store instead: no confirmation to wait for.
            try:
                await asyncio.wait_for(self._ready_or_down.wait(), 5)
                if not self._bus_down:
                    await asyncio.wait_for(self._ready.wait(), 5)
            except TimeoutError:
                logger.warning("live: %s subscription not ready; relying on re-reads", self.backend)
        else:
            self._wake_poller.set()

    def remove(self, sub: Subscription) -> None:
        subs = self.subs.get(sub.game_key)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self.subs[sub.game_key]

    def _ensure_task(self) -> None:
        if self._task is None or self._task.done():
            runner = {
                "redis": self._run_redis,
                "postgres": self._run_postgres,
                "polling": self._run_polling,
            }[self.backend]
            self._task = asyncio.get_running_loop().create_task(
                runner(), name=f"hearts-live-{self.backend}"
            )

    # -- feeders ------------------------------------------------------------------------------

    async def _run_redis(self) -> None:
        import redis.asyncio as aioredis

        attempt = 0
        while True:
            client = aioredis.Redis.from_url(
                redis_url(),
                socket_connect_timeout=2,
                health_check_interval=30,
                client_name=f"hearts-live-{os.getpid()}",
            )
            pubsub = client.pubsub(ignore_subscribe_messages=False)
            try:
                await pubsub.psubscribe(CHANNEL_PATTERN)
                while True:
                    message = await pubsub.get_message(timeout=30)
                    if message is None:
                        continue
                    kind = message.get("type")
                    if kind == "psubscribe":
                        attempt = 0
                        self._bus_down = False
                        self._ready.set()
                        self._ready_or_down.set()
                        # Anything published while we were (re)connecting is unknown.
                        self.dispatch_all_resync()
                    elif kind == "pmessage":
                        self._on_redis_message(message)
            except asyncio.CancelledError:
                raise
            except Exception:
                attempt = await self._reconnect_after_loss(attempt, "Redis subscriber")
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                with contextlib.suppress(Exception):
                    await client.aclose()

    async def _reconnect_after_loss(self, attempt: int, what: str) -> int:
        """The bus connection is gone: wake every stream to re-read (anything published meanwhile
        is unknown), back off, and return the next attempt number."""
        self._ready.clear()
        self._bus_down = True
        self._ready_or_down.set()
        delay = _RECONNECT_DELAYS_S[min(attempt, len(_RECONNECT_DELAYS_S) - 1)]
        # Once per outage (attempt 0), not at every retry.
        (logger.warning if attempt == 0 else logger.debug)(
            "live: %s lost; polling the event store until it is back", what
        )
        self.dispatch_all_resync()
        await self._poll_for(delay)
        return attempt + 1

    async def _poll_for(self, seconds: float) -> None:
        """While the bus is down: the polling backend's work for ``seconds`` (read the last seq
        of every watched game each ``HEARTS_LIVE_POLL_INTERVAL_S`` and wake the streams whose
        game moved), so streams keep their latency of a poll interval instead of waiting for a
        keep-alive tick."""
        deadline = time.monotonic() + seconds
        while True:
            if self.subs:
                try:
                    seqs = await _last_seqs_in_pool(list(self.subs))
                except asyncio.CancelledError:
                    raise
                except Exception:
                    seqs = {}
                for key, seq in seqs.items():
                    self.dispatch(key, seq)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            await asyncio.sleep(min(poll_interval_s(), remaining))

    def _on_redis_message(self, message: dict) -> None:
        channel = message.get("channel")
        data = message.get("data")
        if isinstance(channel, bytes):
            channel = channel.decode()
        if isinstance(data, bytes):
            data = data.decode()
        if not isinstance(channel, str) or not channel.startswith(CHANNEL_PREFIX):
            return
        try:
            seq = int(data)
        except (TypeError, ValueError):
            seq = None  # unknown payload: wake the streams and let them re-read
        self.dispatch(channel[len(CHANNEL_PREFIX) :], seq)

    async def _run_postgres(self) -> None:
        import psycopg

        attempt = 0
        while True:
            conn = None
            try:
                conn = await psycopg.AsyncConnection.connect(_pg_conninfo(), autocommit=True)
                await conn.execute(f"LISTEN {PG_CHANNEL}")
                attempt = 0
                self._bus_down = False
                self._ready.set()
                self._ready_or_down.set()
                # Anything notified while we were (re)connecting is unknown.
                self.dispatch_all_resync()
                while True:
                    async for notify in conn.notifies(timeout=30):
                        self._on_pg_notify(notify.payload)
                    await conn.execute("SELECT 1")  # health check between quiet periods
            except asyncio.CancelledError:
                raise
            except Exception:
                attempt = await self._reconnect_after_loss(attempt, "PostgreSQL listener")
            finally:
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()

    def _on_pg_notify(self, payload: str) -> None:
        game_key, _, raw_seq = payload.rpartition(":")
        try:
            seq = int(raw_seq)
        except ValueError:
            seq = None
        if game_key:
            self.dispatch(game_key, seq)

    async def _run_polling(self) -> None:
        while True:
            if not self.subs:
                self._wake_poller.clear()
                await self._wake_poller.wait()
                continue
            try:
                seqs = await _last_seqs_in_pool(list(self.subs))
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.exception("live: polling the event store failed")
                seqs = {}
            for key, seq in seqs.items():
                self.dispatch(key, seq)
            await asyncio.sleep(poll_interval_s())


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Hub] = weakref.WeakKeyDictionary()


def _hub() -> _Hub:
    loop = asyncio.get_running_loop()
    hub = _hubs.get(loop)
    if hub is None:
        hub = _Hub(live_backend())
        _hubs[loop] = hub
    return hub


@contextlib.asynccontextmanager
async def subscribe(game_id: Any) -> AsyncIterator[Subscription]:
    """Register interest in ``game_id`` for the duration of the block (see module docstring)."""
    hub = _hub()
    sub = Subscription(_key(game_id))
    await hub.add(sub)
    try:
        yield sub
    finally:
        hub.remove(sub)


async def wait_for_game_event(game_id: Any, after_seq: int, timeout: float) -> int | None:
    """Wait up to ``timeout`` seconds for ``game_id`` to have an event after ``after_seq``.

    Returns the game's last known seq (> ``after_seq``), or None on timeout.
    """
    deadline = time.monotonic() + max(0.0, timeout)
    async with subscribe(game_id) as sub:
        while True:
            current = await last_seq_async(game_id)
            if current > after_seq:
                return current
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            if not await sub.wait(after_seq=after_seq, timeout=remaining):
                return None
