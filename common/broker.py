"""Sending the hot path's tasks to a Redis broker in one round trip, and the live wake-up with it.

A move's commit sends up to two messages to Redis: the players' feed sync (a Celery task, the
``notifications`` app) and the live streams' wake-up (a PUBLISH, ``games.streams.backends``),
plus the AI turn when an AI seat is next. Through Celery, one ``send_task`` costs ~0.8-1.7 CPU-ms
in the sending process (docs/benchmarks.md): the task message is built, then kombu serializes
it, builds a new Redis client for every message and pushes it (one round trip), and without
``ignore_result`` the sender also subscribes to the task's result channel (another round trip,
and a subscription no result ever ends).

``send_task`` here makes the same message for the same queue, on the Redis transport: Celery
builds the task message (``app.amqp.create_task_message``: protocol 2, the headers and body a
worker reads), the envelope is kombu's Redis envelope (``kombu.transport.virtual``: body base64,
``delivery_info`` of the anonymous exchange Celery uses for direct queues, a delivery tag), and
it is LPUSHed to the queue's list by one Redis client per process. ``tests/test_broker_lean.py``
checks the message against kombu's own for the same task, and a real worker runs one.

``batch()`` (``on_commit_batch`` in a transaction) collects the sends and the live wake-ups of
one commit and sends them in ONE pipeline after it; a PUBLISH joins the pipeline when the live
bus is the broker's Redis server (pub/sub channels ignore the database number), else it goes
to its own server as before. A failed send is logged, never raised: the move is committed, and
the beat sweeps re-send lost AI turns and feed syncs (docs/architecture.md).

A send may be coalesced (``unless_pending``): a tiny Lua script, in the same pipeline, sets the
work's pending mark (``SET key 1 NX EX ttl``) and LPUSHes the message only if the mark was not
set yet, so at most one message of that work waits in the queue; the task clears the mark
(``clear_pending``) before it reads what it works on. Work of many items may be drained
(``send_drain``): the script also marks the item dirty in a hash
(``HSET hash item <stamp>``, a stamp new at every mark), and ONE task does every dirty item: it
clears the mark, reads items with their stamps and removes each only if its stamp is unchanged
(``drain_take``: one script removes the items done, deletes the mark on the first step, and
reads the next items), so an item marked again while it was worked on stays dirty. The
scripts go by EVALSHA, by EVAL when the server answers NOSCRIPT (a restarted or flushed server:
once, then it is cached). The feed sync of ``notifications.queue`` is the drain's user; its
docstring has the race.

Any other broker (the filesystem one of the embedded default, a Redis URL with options this
module does not reproduce) goes through Celery's ``send_task`` (with ``ignore_result``), and a
coalesced send is sent as any other (every time).
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import threading
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any
from urllib.parse import urlsplit

from celery import current_app
from django.db import transaction

logger = logging.getLogger(__name__)

_local = threading.local()
_clients: dict[str, Any] = {}
_clients_lock = threading.Lock()
_failing = False


# ----------------------------------------------------------------------------- the broker
def _server(url: str) -> tuple[str, int] | None:
    parts = urlsplit(url)
    if parts.scheme not in ("redis", "rediss"):
        return None
    return (parts.hostname or "localhost", parts.port or 6379)


def _lean_url() -> str | None:
    """The broker URL when messages can be pushed without kombu: a plain Redis URL, default
    key prefixes and priorities; else None (Celery's ``send_task``)."""
    url = current_app.conf.broker_url
    return url if isinstance(url, str) and _lean_ok(url) else None


@cache
def _lean_ok(url: str) -> bool:
    conf = current_app.conf
    if _server(url) is None or ";" in url:
        return False
    options = conf.broker_transport_options or {}
    if options.get("global_keyprefix") or options.get("priority_steps") or options.get("sep"):
        return False
    return conf.task_protocol in (None, 2) and conf.task_serializer == "json" and not (
        conf.task_compression
    )  # fmt: skip


def client(url: str) -> Any:
    """One Redis client per process and URL (thread-safe: a connection pool)."""
    found = _clients.get(url)
    if found is not None:
        return found
    import redis

    with _clients_lock:
        found = _clients.get(url)
        if found is None:
            found = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
            _clients[url] = found
        return found


@cache
def _route(name: str, queue: str | None) -> tuple[str, str]:
    """(exchange, routing key) as Celery's ``send_task_message`` sends a task of ``name``: the
    queue of the router (or ``queue``), through the anonymous exchange for a direct queue."""
    app = current_app
    options = app.amqp.router.route({"queue": queue} if queue else {}, name, (), {}, None)
    q = options.get("queue")
    if q is None:
        q = app.amqp.default_queue
    if isinstance(q, str):
        q = app.amqp.queues[q]
    exchange = getattr(q, "exchange", None)
    if exchange is not None and exchange.type != "direct":
        raise LookupError(f"queue {q.name!r} is not on a direct exchange")
    return "", q.name


@cache
def _constants() -> tuple[str, str, int]:
    """(origin, reply_to, delivery mode) of this process's messages, as Celery sets them."""
    from celery.utils.nodenames import anon_nodename

    app = current_app
    mode = app.conf.task_default_delivery_mode
    return anon_nodename(), app.thread_oid, 1 if mode in ("transient", 1) else 2


def _time_limits(name: str) -> list[Any]:
    """A task registered in this process (a worker) sends its time limits, as Celery's
    ``send_task`` does; other execution options than those: ``LookupError`` (Celery sends)."""
    task = current_app._tasks.get(name)  # as send_task: the registry without finalizing
    if task is None:
        return [None, None]
    options = {k: v for k, v in task._get_exec_options().items() if v is not None}
    limits = [options.pop("time_limit", None), options.pop("soft_time_limit", None)]
    if options.get("serializer") == "json":  # what this module sends
        del options["serializer"]
    if options:
        raise LookupError(f"task {name} has execution options {sorted(options)}")
    return limits


def _envelope(
    name: str, args: Sequence[Any], countdown: float | None, queue: str | None
) -> tuple[str, bytes]:
    """(Redis list, message) of task ``name``: Celery's protocol-2 task message (the headers,
    properties and body ``app.amqp.create_task_message`` makes for a ``send_task`` with
    ``ignore_result``, no parent, no time limit, no expiry) in kombu's Redis envelope."""
    exchange, routing_key = _route(name, queue)
    origin, reply_to, delivery_mode = _constants()
    timelimit = _time_limits(name)
    task_id = str(uuid.uuid4())
    eta = None
    if countdown:
        eta = (datetime.now(UTC) + timedelta(seconds=countdown)).astimezone(
            current_app.timezone
        ).isoformat()  # fmt: skip
    args = list(args)
    headers = {
        "lang": "py",
        "task": name,
        "id": task_id,
        "shadow": None,
        "eta": eta,
        "expires": None,
        "group": None,
        "group_index": None,
        "retries": 0,
        "timelimit": timelimit,
        "root_id": task_id,
        "parent_id": None,
        "argsrepr": repr(args or ()),  # as Celery's (``args or ()``): a drain has none
        "kwargsrepr": "{}",
        "origin": origin,
        "ignore_result": True,
        "replaced_task_nesting": 0,
        "stamped_headers": None,
        "stamps": {},
    }
    body = [args, {}, {"callbacks": None, "errbacks": None, "chain": None, "chord": None}]
    message = {
        "body": base64.b64encode(json.dumps(body).encode()).decode(),
        "content-encoding": "utf-8",
        "content-type": "application/json",
        "headers": headers,
        "properties": {
            "correlation_id": task_id,
            "reply_to": reply_to,
            "delivery_mode": delivery_mode,
            "delivery_info": {"exchange": exchange, "routing_key": routing_key},
            "priority": 0,
            "body_encoding": "base64",
            "delivery_tag": str(uuid.uuid4()),
        },
    }
    return routing_key, json.dumps(message).encode()


# ----------------------------------------------------------------------------- coalescing
_Command = tuple[str, tuple[Any, ...], tuple[Any, ...]]  # (what, keys, arguments)

# KEYS[1]: the pending mark, KEYS[2]: the queue's list; ARGV[1]: the message, ARGV[2]: the TTL (s).
# Atomic: the mark is never set without the message pushed, nor the message pushed twice.
COALESCE_SCRIPT = (
    "if redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[2]) then "
    "return redis.call('LPUSH', KEYS[2], ARGV[1]) end return 0"
)
COALESCE_SHA = hashlib.sha1(COALESCE_SCRIPT.encode()).hexdigest()

# KEYS[1]: the dirty hash, KEYS[2]: the drain's pending mark, KEYS[3]: the queue's list; ARGV[1]:
# the drain's message, ARGV[2]: the TTL (s), ARGV[3]: the item made dirty and ARGV[4] its new
# stamp, or '' for a drain's own re-send: then the message is pushed only if the hash is not
# empty. Atomic as the coalescing script, and atomic with the drain's reads and removals.
DRAIN_SCRIPT = (
    "if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], ARGV[3], ARGV[4]) "
    "elseif redis.call('HLEN', KEYS[1]) == 0 then return 0 end "
    "if redis.call('SET', KEYS[2], '1', 'NX', 'EX', ARGV[2]) then "
    "return redis.call('LPUSH', KEYS[3], ARGV[1]) end return 0"
)
DRAIN_SHA = hashlib.sha1(DRAIN_SCRIPT.encode()).hexdigest()

# A drain's step, one round trip: KEYS[1]: the dirty hash, KEYS[2]: the drain's pending mark;
# ARGV[1]: how many items to take (0: none), ARGV[2]: '1' to delete the mark first (the drain's
# first step), ARGV[3...]: item, stamp, item, stamp... of the items done: each removed only if
# its stamp is still the one read (a mark made since keeps it dirty). Then up to ARGV[1] items
# with their stamps, at random. Returns {removed, {item, stamp, item, stamp...}}.
TAKE_SCRIPT = (
    "local n = 0 for i = 3, #ARGV, 2 do "
    "if redis.call('HGET', KEYS[1], ARGV[i]) == ARGV[i + 1] then "
    "n = n + redis.call('HDEL', KEYS[1], ARGV[i]) end end "
    "if ARGV[2] == '1' then redis.call('DEL', KEYS[2]) end "
    "if tonumber(ARGV[1]) < 1 then return {n, {}} end "
    "return {n, redis.call('HRANDFIELD', KEYS[1], ARGV[1], 'WITHVALUES')}"
)
TAKE_SHA = hashlib.sha1(TAKE_SCRIPT.encode()).hexdigest()


def _script(what: str) -> tuple[str, str]:
    """(source, sha) of a script (read when called: a test may replace a sha)."""
    return {
        "coalesce": (COALESCE_SCRIPT, COALESCE_SHA),
        "drain": (DRAIN_SCRIPT, DRAIN_SHA),
        "take": (TAKE_SCRIPT, TAKE_SHA),
    }[what]


def _evalsha(target: Any, what: str, keys: tuple[Any, ...], args: tuple[Any, ...]) -> Any:
    return target.evalsha(_script(what)[1], len(keys), *keys, *args)


def _eval(target: Any, what: str, keys: tuple[Any, ...], args: tuple[Any, ...]) -> Any:
    return target.eval(_script(what)[0], len(keys), *keys, *args)


def _call_script(url: str, what: str, keys: tuple[Any, ...], args: tuple[Any, ...]) -> Any:
    """One script call now (by EVAL when the server does not know it)."""
    from redis.exceptions import NoScriptError

    try:
        return _evalsha(client(url), what, keys, args)
    except NoScriptError:
        return _eval(client(url), what, keys, args)


def clear_pending(key: str) -> None:
    """Remove the pending mark ``key`` of a coalesced send (``send_task(unless_pending=...)``):
    the next send of that work pushes its message again. Nothing when the broker is not the
    lean Redis one (its sends were not coalesced); a failure is logged (the mark then expires)."""
    url = _lean_url()
    if url is None:
        return
    try:
        client(url).delete(key)
    except Exception as exc:
        _report(exc, f"the removal of {key}")


# ----------------------------------------------------------------------------- draining
# Work of many items (the games whose feeds are behind) done by ONE task that takes them all:
# a send marks its item dirty in a hash (its value a stamp, new at every mark) and pushes the
# drain's message unless a drain is pending (its mark, as ``unless_pending``); the drain clears
# that mark first, reads items with their stamps, does them, and removes each only if its stamp
# is unchanged (``drain_take``, ``drain_done``), so an item marked again meanwhile stays dirty.
# A stamp is random, never a count: a count starts again at 1 once its item is removed, and a
# second drain that had read the item's 1 before that removal would remove the new mark (ABA).
def send_drain(name: str, *, dirty: str, item: str | None, pending: str, pending_ttl: int = 30,
               queue: str | None = None, lazy: bool = False) -> bool:  # fmt: skip
    """Mark ``item`` dirty in the hash ``dirty`` and send task ``name`` (no arguments) unless
    its pending mark ``pending`` is set (then set for ``pending_ttl`` s): one script, in the open
    batch, else now. ``item=None``: a drain sends itself again, only if items are left.

    Returns False and sends nothing when the broker is not the lean Redis one (or its
    ``send_task`` is replaced, or the task cannot be sent lean): the caller does the work
    another way. A failed send is logged as any other (the beat sweeps catch up)."""
    url = _lean_url()
    if url is None or _replaced_send_task():
        return False
    try:
        key, message = _envelope(name, (), None, queue)
    except LookupError:
        return False
    marked = ("", "") if item is None else (str(item), uuid.uuid4().hex)
    command: _Command = (
        "drain",
        (dirty, pending, key),
        (message, max(1, int(pending_ttl)), *marked),
    )
    batch_open = getattr(_local, "batch", None)
    if batch_open is not None:
        batch_open.append((lazy, url, command))
        return True
    try:
        _send(url, [command])
    except Exception as exc:
        _report(exc, f"the drain {name}")
    return True


def _take(url: str, dirty: str, pending: str, count: int, done: dict[str, str], first: bool):
    args = (max(0, int(count)), "1" if first else "0", *(x for kv in done.items() for x in kv))
    removed, flat = _call_script(url, "take", (dirty, pending), args)
    return int(removed), {flat[i].decode(): flat[i + 1].decode() for i in range(0, len(flat), 2)}


def drain_take(dirty: str, pending: str, count: int, *, done: dict[str, str] | None = None,
               first: bool = False) -> dict[str, str]:  # fmt: skip
    """A drain's step in one round trip: the items of ``done`` leave the hash ``dirty`` unless
    marked again since (their stamps are not the ones read), the drain's pending mark
    ``pending`` is deleted if ``first``, then up to ``count`` items with their stamps (at random:
    HRANDFIELD; all of them when fewer are dirty). {} when the broker is not the lean Redis one.
    Raises the server's errors (the drain fails: its items stay dirty for the next one)."""
    url = _lean_url()
    if url is None:
        return {}
    return _take(url, dirty, pending, count, done or {}, first)[1]


def drain_done(dirty: str, pending: str, done: dict[str, str]) -> int:
    """The drain's last step: the items of ``done`` leave the hash ``dirty`` unless marked again
    since; returns how many went. A failure is logged: they stay dirty, and the next drain does
    them again (the work must be idempotent)."""
    url = _lean_url()
    if url is None or not done:
        return 0
    try:
        return _take(url, dirty, pending, 0, done, False)[0]
    except Exception as exc:
        _report(exc, f"the removal of {len(done)} item(s) from {dirty}")
        return 0


# ----------------------------------------------------------------------------- sending
def _report(exc: BaseException | None, what: str) -> None:
    global _failing
    if exc is None:
        if _failing:
            _failing = False
            logger.info("broker: sending works again")
        return
    if not _failing:
        _failing = True
        logger.warning("broker: could not send %s (%r); the beat sweeps catch up", what, exc)


def _celery_send(
    name: str, args: Sequence[Any], countdown: float | None, queue: str | None
) -> None:
    # ignore_result: else the sender subscribes to the result channel of a task that keeps none
    options = {"queue": queue} if queue else {}
    current_app.send_task(name, args=list(args), countdown=countdown, ignore_result=True, **options)


def _replaced_send_task() -> bool:
    """True when the app's ``send_task`` is not Celery's (a test's fake): then it sends."""
    app = current_app._get_current_object()
    return getattr(app.send_task, "__func__", None) is not type(app).send_task


def send_task(name: str, args: Sequence[Any] = (), *, countdown: float | None = None,
              queue: str | None = None, lazy: bool = False, unless_pending: str | None = None,
              pending_ttl: int = 30) -> None:  # fmt: skip
    """Send task ``name`` with ``args`` (no result kept): in the open batch, else now.
    ``lazy``: in a batch, pushed after the others (a worker takes a queue's messages in push
    order: an AI turn of the same commit goes first, a feed sync may wait).
    ``unless_pending``: the key of this work's pending mark: on the lean Redis path the message
    is pushed only if the mark was not set, and the mark is set for ``pending_ttl`` seconds,
    both by one script in the same round trip (the task calls ``clear_pending`` first); on any
    other path the message is sent (no mark)."""
    url = _lean_url()
    if url is None or _replaced_send_task():
        # not a plain Redis broker, or a process whose send_task was replaced (the tests' fakes)
        _celery_send(name, args, countdown, queue)
        return
    try:
        key, message = _envelope(name, args, countdown, queue)
    except LookupError:
        _celery_send(name, args, countdown, queue)
        return
    command: _Command = ("lpush", (key,), (message,))
    if unless_pending:
        command = ("coalesce", (unless_pending, key), (message, max(1, int(pending_ttl))))
    pending = getattr(_local, "batch", None)
    if pending is not None:
        pending.append((lazy, url, command))
        return
    _send(url, [command])


def publish(url: str, channel: str, message: str) -> bool:
    """Join a PUBLISH on ``url``'s server to the open batch when the batch goes to that server
    (the broker's); returns False when the caller must publish itself."""
    pending = getattr(_local, "batch", None)
    broker = _lean_url()
    if pending is None or broker is None or _server(url) != _server(broker):
        return False
    pending.append((False, broker, ("publish", (channel,), (message,))))
    return True


def _open() -> None:
    stale = getattr(_local, "batch", None)
    _local.batch = []
    if stale:
        _flush(stale)


def _close() -> None:
    pending = getattr(_local, "batch", None)
    _local.batch = None
    if pending:
        _flush(pending)


def _run(target: Any, command: _Command) -> Any:
    what, keys, args = command
    if what in ("coalesce", "drain"):
        return _evalsha(target, what, keys, args)
    return getattr(target, what)(*keys, *args)


def _send(url: str, commands: list[_Command]) -> None:
    """The commands on ``url``'s server in one round trip (one command, or a pipeline); the
    coalescing scripts the server did not know (NOSCRIPT) again by EVAL, in a second one."""
    from redis.exceptions import NoScriptError

    redis_client = client(url)
    if len(commands) == 1:
        try:
            _run(redis_client, commands[0])
        except NoScriptError:
            _eval(redis_client, *commands[0])
        return
    pipe = redis_client.pipeline(transaction=False)
    for command in commands:
        _run(pipe, command)
    results = pipe.execute(raise_on_error=False)
    unknown = [c for c, r in zip(commands, results, strict=True) if isinstance(r, NoScriptError)]
    failed = [r for r in results if isinstance(r, Exception) and not isinstance(r, NoScriptError)]
    if unknown:
        retry = redis_client.pipeline(transaction=False)
        for command in unknown:
            _eval(retry, *command)
        retry.execute()
    if failed:
        raise failed[0]


def _flush(pending: list[tuple[bool, str, _Command]]) -> None:
    try:
        by_url: dict[str, list[_Command]] = {}
        for lazy in (False, True):  # the lazy ones last
            for is_lazy, url, command in pending:
                if is_lazy == lazy:
                    by_url.setdefault(url, []).append(command)
        for url, commands in by_url.items():
            _send(url, commands)
    except Exception as exc:  # the move is committed: logged once per outage, swept later
        _report(exc, f"{len(pending)} message(s)")
        return
    _report(None, "")


@contextmanager
def batch() -> Iterator[None]:
    """The sends and joined PUBLISHes inside, in one pipeline at the end."""
    _open()
    try:
        yield
    finally:
        _close()


def on_commit_batch() -> None:
    """In a transaction: the sends of the on-commit callbacks registered between this call and
    ``end_on_commit_batch()`` go in one pipeline (register this first and that one last)."""
    transaction.on_commit(_open, robust=True)


def end_on_commit_batch() -> None:
    transaction.on_commit(_close, robust=True)
