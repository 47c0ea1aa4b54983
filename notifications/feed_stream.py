"""The feed as server-sent events (``GET me/feed/stream/``): the page and the long-poll of
``MeFeedApi`` in one open response.

``event: awaiting`` (the games waiting for your move; sent first and whenever it changes), then
one ``event: feed_item`` per item with ``id: <position>`` (so ``Last-Event-ID`` resumes after the
last item applied: no gap, no duplicate), and ``: keep-alive`` comments. Under ASGI the body is
an async generator that waits on the games' live bus (``notifications.live.wait_for_feed``)
and reads through the shared pool (no thread or connection held while it waits); under WSGI
it sends what is stored and ends with a ``retry:`` hint (the client reconnects with
``Last-Event-ID``), as the games' stream does.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

from games.serializers import render
from games.streams import backends
from games.streams.credentials import StreamGuard
from games.streams.sse import KEEPALIVE, RETRY, sse
from notifications import live, selectors
from notifications.serializers import AwaitingGameOutputSerializer, FeedItemOutputSerializer

PAGE = 200

_page = backends.shared_pool_read(selectors.feed_page)
_open_games = backends.shared_pool_read(selectors.open_game_ids)


def _messages(page: dict[str, Any], last_awaiting: str | None) -> tuple[list[str], str]:
    out = []
    awaiting = render(AwaitingGameOutputSerializer, page["awaiting"], many=True)
    text = json.dumps(awaiting, sort_keys=True, default=str)
    if text != last_awaiting:
        out.append(sse(event="awaiting", data=awaiting))
    for item in render(FeedItemOutputSerializer, page["items"], many=True):
        out.append(sse(event="feed_item", data=item, id=item["position"]))
    return out, text


async def follow_feed(
    *, user: Any, after: int, keepalive: float, guard: StreamGuard | None = None
) -> AsyncIterator[str]:
    """The feed stream under ASGI. ``guard``: the credential that opened it, looked up again
    every recheck period (``games.streams.credentials``); once it fails the stream ends, sending
    nothing more."""
    guard = guard or StreamGuard(None, 0.0)
    yield RETRY
    last_awaiting: str | None = None
    last_write = time.monotonic()
    while True:
        if not await guard.still_valid():
            return
        page = await _page(user=user, after=after, limit=PAGE)
        messages, last_awaiting = _messages(page, last_awaiting)
        for message in messages:
            yield message
        if messages:
            last_write = time.monotonic()
        after = page["next_after"]
        if page["has_more"]:
            continue
        cursor = after

        def has_items(cursor: int = cursor) -> bool:
            return bool(selectors.feed_items(user=user, after=cursor, limit=1)[0])

        game_ids = await _open_games(user=user)
        while True:  # until an item, the keep-alive, or a failed credential lookup
            remaining = keepalive - (time.monotonic() - last_write)
            if remaining <= 0:
                # Nothing new: a keep-alive, and the awaiting list again if a game changed
                # hands without an item of ours (rare: the next page read sends it).
                yield KEEPALIVE
                last_write = time.monotonic()
                break
            if guard.due_in() <= 0:
                if not await guard.still_valid():
                    return
                continue
            if await live.wait_for_feed(game_ids, has_items, min(remaining, guard.due_in())):
                break


def catch_up(*, user: Any, after: int) -> Iterator[str]:
    """WSGI: what is stored now, then a reconnection hint."""
    page = selectors.feed_page(user=user, after=after, limit=PAGE)
    messages, _ = _messages(page, None)
    yield from messages
    yield RETRY
