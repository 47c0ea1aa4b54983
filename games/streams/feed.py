"""What a client is sent: a page of the gap-free events feed, and the bodies of a stream.

Everything sent is read from the event store through the selectors, redacted for the caller by
the engine; the wake-ups of ``backends`` carry only ``(game id, seq)``. A stream's first message
is the caller's view; then one message per stored event. Under WSGI the body is finite
(``catch_up``: what is stored, after a ``retry:`` hint); under ASGI it follows the game
(``follow_game``), parked on the event loop between events.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import AsyncIterator, Iterator
from typing import Any

from django.conf import settings

from games.aggregate import Status
from games.selectors import game_events_since, game_view_for_user
from games.serializers import GameEventOutputSerializer, GameViewOutputSerializer, render
from games.streams import backends
from games.streams.credentials import StreamGuard
from games.streams.sse import KEEPALIVE, RETRY, sse

FINISHED = Status.FINISHED
GAME_ENDED = "game_ended"
# Store reads of a stream are paged; a resuming client far behind gets several pages at once.
STREAM_PAGE = 200


def keepalive_s() -> float:
    return float(getattr(settings, "HEARTS_STREAM_KEEPALIVE_S", 15))


# --------------------------------------------------------------------------- events feed
def last_seq(game_id: Any) -> int:
    return backends.last_seqs([game_id]).get(str(game_id), 0)


def events_page(*, game_id: Any, user: Any, after: int, limit: int) -> dict[str, Any]:
    """The events after ``after`` (at most ``limit``), with ``next_after``, ``has_more`` and
    ``last_seq``."""
    events = game_events_since(game_id=game_id, user=user, after_seq=after, limit=limit)
    next_after = events[-1]["seq"] if events else after
    # Read after the events: anything stored meanwhile shows as has_more, never as a gap.
    last = max(last_seq(game_id), next_after)
    return {
        "events": events,
        "next_after": next_after,
        "has_more": next_after < last,
        "last_seq": last,
    }


# --------------------------------------------------------------------------- stream bodies
def view_message(view: dict[str, Any], *, resuming: bool) -> str:
    data = render(GameViewOutputSerializer, view)
    # A fresh stream starts at the view: its seq becomes the client's Last-Event-ID. A resumed
    # stream leaves Last-Event-ID where the client was; the events after it follow.
    return sse(event="view", data=data, id=None if resuming else view["seq"])


def read_events(game_id: Any, user: Any, after: int) -> list[tuple[int, str, str]]:
    """(seq, type, SSE message) of the events after ``after`` (one page), redacted for ``user``."""
    events = game_events_since(game_id=game_id, user=user, after_seq=after, limit=STREAM_PAGE)
    return [
        (
            e["seq"],
            e["type"],
            sse(event=e["type"], data=render(GameEventOutputSerializer, e), id=e["seq"]),
        )
        for e in events
    ]


# Short store reads of streams run in the event loop's shared thread pool (not one thread and
# one database connection per open stream).
_read_events_async = backends.shared_pool_read(read_events)
_view_async = backends.shared_pool_read(game_view_for_user)

# Lobby events after which a stream without a seat asks again whether its caller now has one.
SEATING_EVENTS = frozenset({"seat_taken", "seat_reclaimed"})

_inflight_reads: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict] = (
    weakref.WeakKeyDictionary()
)


async def shared_read(game_id: Any, user: Any, seat: int | None, after: int):
    """``read_events`` shared by the streams of this process that want the same page.

    One event wakes every stream of its game at once; without sharing, N spectators would make
    N identical reads. Streams without a seat all see the public form (``user=None``), so they
    share one read per page; a seated stream reads as its own user (the selector decides what
    that user may see). Results are immutable and the log is append-only, so sharing is safe.
    """
    inflight = _inflight_reads.setdefault(asyncio.get_running_loop(), {})
    public = seat is None
    key = (str(game_id), None if public else ("user", user.pk), after)
    future = inflight.get(key)
    if future is None:
        future = asyncio.ensure_future(_read_events_async(game_id, None if public else user, after))
        inflight[key] = future

        def forget(done: asyncio.Future, key=key) -> None:
            if inflight.get(key) is done:
                del inflight[key]

        future.add_done_callback(forget)
    # shield: a client that disconnects must not cancel the read the others wait for.
    return await asyncio.shield(future)


async def follow_game(
    *,
    game_id: Any,
    user: Any,
    seat: int | None,
    first: str,
    after: int,
    finished: bool,
    keepalive: float,
    guard: StreamGuard | None = None,
) -> AsyncIterator[str]:
    """The live part of a stream (ASGI): the events after ``after`` as they are stored.

    ``seat`` is the caller's seat when the stream opened (None: public view). ``guard``: the
    credential that opened it, looked up again every recheck period (``credentials``); once it
    fails the stream ends, sending nothing more.
    """
    guard = guard or StreamGuard(None, 0.0)
    yield first
    last = after
    async with backends.subscribe(game_id) as sub:
        last_write = time.monotonic()
        while True:
            if not await guard.still_valid():
                return
            batch = await shared_read(game_id, user, seat, last)
            reread = len(batch) == STREAM_PAGE
            for seq, type_, message in batch:
                yield message
                last = seq
                finished = finished or type_ == GAME_ENDED
                if type_ in SEATING_EVENTS and seat is None and user.is_authenticated:
                    seat = (await _view_async(game_id=game_id, user=user))["your_seat"]
                    if seat is not None:
                        reread = True  # the caller was seated: read the rest as their seat
                        break
            if batch:
                last_write = time.monotonic()
            if reread:
                continue
            if finished:
                return  # the final events have been sent
            # Wait for a wake-up, the keep-alive or the next credential lookup. A keep-alive
            # tick re-reads the store too, so a lost wake-up costs at most one keep-alive
            # period; a lookup alone (a recheck period shorter than the keep-alive) reads no
            # events.
            while True:
                remaining = keepalive - (time.monotonic() - last_write)
                if remaining <= 0:
                    yield KEEPALIVE
                    last_write = time.monotonic()
                    break
                timeout = min(remaining, guard.due_in())
                if await sub.wait(after_seq=last, timeout=timeout):
                    break
                if not await guard.still_valid():
                    return


def catch_up(*, game_id: Any, user: Any, first: str, after: int) -> Iterator[str]:
    """A finite stream (WSGI): what is stored now, then a reconnection hint."""
    yield RETRY
    yield first
    last = after
    while True:
        batch = read_events(game_id, user, last)
        for seq, _type, message in batch:
            yield message
            last = seq
        if len(batch) < STREAM_PAGE:
            return
