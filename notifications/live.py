"""Long-poll waiting for the feed, on the games' live bus (``games.streams.backends``).

A feed long-poll subscribes to every open game of the player (one in-memory subscription each,
no extra connection), then wakes when any of them publishes a seq beyond what the feed has
projected. The projection runs after the commit and before the game's publish in the
committing process (``store.append`` registers it first), so with the Redis and PostgreSQL
buses the feed items are stored when the wake-up arrives; the polling bus (SQLite development
setups) reads ``Game.last_seq``, which can run a moment ahead of the projection, hence the
short re-reads after a wake-up.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from django.conf import settings

from games.api_selectors import game_view_and_seats, with_seat_ratings
from games.serializers import GameViewOutputSerializer, render
from games.streams import backends as live
from games.streams.credentials import StreamGuard
from games.streams.sse import KEEPALIVE, RETRY, sse
from notifications import selectors
from notifications.models import GameFeedState

RECHECKS = 3


def _synced_seqs(game_ids: list[str]) -> dict[str, int]:
    rows = GameFeedState.objects.filter(game_id__in=game_ids).values_list("game_id", "synced_seq")
    found = {str(g): s for g, s in rows}
    return {g: found.get(g, 0) for g in game_ids}


_synced_seqs_async = live.shared_pool_read(_synced_seqs)


async def wait_for_feed(game_ids: list[str], has_items: Callable[[], Any], timeout: float) -> bool:
    """Wait up to ``timeout`` s until ``has_items()`` (a sync read, run in the shared pool) is
    true, waking on the live bus of ``game_ids``. True when it is."""
    check = live.shared_pool_read(has_items)
    deadline = time.monotonic() + max(0.0, timeout)
    async with contextlib.AsyncExitStack() as stack:
        subs = [await stack.enter_async_context(live.subscribe(g)) for g in game_ids]
        after = await _synced_seqs_async(game_ids)  # read after subscribing: no lost wake-up
        if await check():
            return True
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not subs:
                if subs:
                    return False
                await asyncio.sleep(remaining)
                return bool(await check())
            waits = {
                asyncio.ensure_future(sub.wait(after_seq=after[sub.game_key], timeout=remaining))
                for sub in subs
            }
            done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            if not any(task.result() for task in done if not task.cancelled()):
                return bool(await check())
            for sub in subs:
                after[sub.game_key] = max(after[sub.game_key], sub.latest_seq)
            for attempt in range(RECHECKS):
                if await check():
                    return True
                if attempt < RECHECKS - 1 and deadline - time.monotonic() > 0:
                    await asyncio.sleep(min(live.poll_interval_s(), deadline - time.monotonic()))


# ---------------------------------------------------------------------- the bot stream
# One SSE stream per bot account across all its games (docs/bots-api.md). Its ``id`` is the
# bot's feed position (``FeedItem.pos``): history (``game_started``, ``game_over``) is replayed
# from the feed after the client's Last-Event-ID; ``your_turn`` is state: every turn pending
# now is sent on each (re)connection, once per (game, seq) within a connection, with the seat's
# view as the game view endpoint renders it (the engine's ``view_for_seat``: the bot's own
# hand only).
BOT_STREAM_PAGE = 200


def bot_rescan_s() -> float:
    """How often an idle bot stream looks again for games it was newly seated in (the live bus
    wakes it for the games it already knows)."""
    return float(getattr(settings, "HEARTS_BOT_STREAM_RESCAN_S", 2.0))


def _turn_message(user: Any, turn: dict[str, Any], cursor: int, sent: set) -> str | None:
    view, table = game_view_and_seats(game_id=turn["game_id"], user=user)
    seat = view["your_seat"]
    key = (turn["game_id"], view["seq"])
    if seat is None or seat not in view["to_act"] or key in sent:
        return None
    sent.add(key)
    with_seat_ratings([view], [table])  # as the game view endpoint shows it
    data = {
        "game_id": turn["game_id"],
        "seat": seat,
        "seq": view["seq"],
        "view": render(GameViewOutputSerializer, view),
    }
    return sse(event="your_turn", data=data, id=cursor)


def bot_news(user: Any, cursor: int, sent: set) -> tuple[list[str], int, bool]:
    """(SSE messages, new cursor, more history follows): the history after ``cursor``, then
    (once the history is read) the turns pending now that this connection has not sent.
    ``sent`` is updated (and pruned to the games awaiting now)."""
    news, cursor, more = selectors.bot_stream_news(user=user, after=cursor, limit=BOT_STREAM_PAGE)
    messages = [sse(event=n["event"], data=n["data"], id=n["position"]) for n in news]
    if not more:
        turns = selectors.bot_turns(user=user)
        awaiting = {t["game_id"] for t in turns}
        sent.intersection_update({k for k in sent if k[0] in awaiting})
        for turn in turns:
            if (turn["game_id"], turn["seq"]) in sent:
                continue
            message = _turn_message(user, turn, cursor, sent)
            if message is not None:
                messages.append(message)
    return messages, cursor, more


def _has_news(user: Any, cursor: int, sent: set) -> bool:
    if selectors.feed_items(user=user, after=cursor, limit=1)[0]:
        return True
    return any((t["game_id"], t["seq"]) not in sent for t in selectors.bot_turns(user=user))


_bot_news_async = live.shared_pool_read(bot_news)
_open_games_async = live.shared_pool_read(selectors.open_game_ids)


async def follow_bot(
    *, user: Any, after: int, keepalive: float, rescan: float, guard: StreamGuard | None = None
) -> AsyncIterator[str]:
    """The bot stream under ASGI: never ends by itself (the bot's next game may come), except
    when ``guard``'s credential, the token that opened it, is rotated or revoked: a round (a
    wake-up, a keep-alive or ``rescan`` at the latest) looks it up first when its period is
    due (``games.streams.credentials``) and the stream ends without sending more; the
    reconnection with the old token is a 401."""
    guard = guard or StreamGuard(None, 0.0)
    yield RETRY
    cursor = after
    sent: set = set()
    last_write = time.monotonic()
    while True:
        if not await guard.still_valid():
            return
        messages, cursor, more = await _bot_news_async(user, cursor, sent)
        for message in messages:
            yield message
        if messages:
            last_write = time.monotonic()
        if more:
            continue
        quiet = keepalive - (time.monotonic() - last_write)
        if quiet <= 0:
            yield KEEPALIVE
            last_write = time.monotonic()
            continue
        game_ids = await _open_games_async(user=user)
        at = cursor

        def news(at: int = at) -> bool:
            return _has_news(user, at, sent)

        await wait_for_feed(game_ids, news, min(rescan, quiet, guard.due_in()))


def catch_up_bot(*, user: Any, after: int) -> Iterator[str]:
    """The bot stream under WSGI: what is there now, then a reconnection hint."""
    yield RETRY
    cursor, sent, more = after, set(), True
    while more:
        messages, cursor, more = bot_news(user, cursor, sent)
        yield from messages
