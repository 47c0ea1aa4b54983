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
from collections.abc import Callable
from typing import Any

from games.streams import backends as live
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
