"""Which waiting players sit down together: the pure part of the matcher (no Django, no clock).

``plan_tables(waiting, now=..., window=...)`` takes the waiting tickets (oldest first) and
returns the tables to form now. The matcher (``services.matchmaking_match``) then seats each
table in the transaction that holds the tickets' row locks. Keeping the choice pure makes it
testable by itself (tests/matchmaking/test_matching.py) and keeps the exactly-once argument in
one place: this module only proposes, the guarded status update in the service decides.

Rules (docs/matchmaking.md):

* Tickets match only within a pool: the same resolved ruleset (preset + options), so the
  table size is the preset's seat count.
* The oldest waiting ticket of a pool is the anchor. Later tickets join its table, in queue
  order, when their rating is within the window of every player already at the table (a ticket
  without a rating, before ratings exist, is within every window).
* A rating window is ``base + per_s * seconds waited``, capped by the ticket's own
  ``max_rating_gap``; two tickets fit when their gap is within the smaller of their windows.
* A bot account's ticket sits only with humans who allow bots (``allow_bots``), and a human
  who does not allow them never sits with a bot (docs/bots-api.md).
* A full table forms at once. Otherwise, once the anchor has waited ``ai_fill_after_s`` and it
  accepts AI seats, its table forms with the players of it who accept AI seats, and AI players
  of the anchor's level fill the other seats. An anchor that cannot sit yet waits on, and the
  next ticket becomes the anchor of the rest.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Waiting:
    key: Hashable
    pool: str
    seats: int
    queued_at: float  # seconds (any epoch, the same as ``now``)
    ai_fill: bool = True
    ai_fill_after_s: float = 20.0
    ai_level: str = "heuristic"
    rating: float | None = None
    max_rating_gap: float | None = None
    is_bot: bool = False  # a bot account's ticket
    allow_bots: bool = False  # a human who accepts bot accounts at their table


def bots_fit(a: Waiting, b: Waiting) -> bool:
    """A bot sits with a human only when that human allows bots (bots sit with bots)."""
    if a.is_bot and not b.is_bot:
        return b.allow_bots
    if b.is_bot and not a.is_bot:
        return a.allow_bots
    return True


@dataclass(frozen=True)
class RatingWindow:
    base: float = 100.0
    per_s: float = 10.0

    def width(self, ticket: Waiting, now: float) -> float:
        width = self.base + self.per_s * max(0.0, now - ticket.queued_at)
        if ticket.max_rating_gap is not None:
            width = min(width, ticket.max_rating_gap)
        return width

    def fits(self, a: Waiting, b: Waiting, now: float) -> bool:
        if a.rating is None or b.rating is None:
            return True
        return abs(a.rating - b.rating) <= min(self.width(a, now), self.width(b, now))


@dataclass(frozen=True)
class TablePlan:
    tickets: tuple[Waiting, ...]  # in seat order
    ai_seats: int
    ai_level: str

    @property
    def keys(self) -> tuple[Hashable, ...]:
        return tuple(t.key for t in self.tickets)


def plan_tables(
    waiting: Iterable[Waiting], *, now: float, window: RatingWindow | None = None
) -> list[TablePlan]:
    window = window or RatingWindow()
    pools: dict[str, list[Waiting]] = {}
    for ticket in sorted(waiting, key=lambda t: t.queued_at):
        pools.setdefault(ticket.pool, []).append(ticket)
    plans: list[TablePlan] = []
    for tickets in pools.values():
        plans += _plan_pool(tickets, now=now, window=window)
    return plans


def _plan_pool(tickets: list[Waiting], *, now: float, window: RatingWindow) -> list[TablePlan]:
    plans: list[TablePlan] = []
    free = list(tickets)
    while free:
        anchor = free[0]
        size = anchor.seats
        table = [anchor]
        for ticket in free[1:]:
            if len(table) == size:
                break
            if all(
                window.fits(ticket, seated, now) and bots_fit(ticket, seated) for seated in table
            ):
                table.append(ticket)
        if len(table) == size:
            plans.append(TablePlan(tuple(table), 0, anchor.ai_level))
        elif anchor.ai_fill and now - anchor.queued_at >= anchor.ai_fill_after_s:
            table = [t for t in table if t.ai_fill]
            plans.append(TablePlan(tuple(table), size - len(table), anchor.ai_level))
        else:
            table = [anchor]  # the anchor waits on; the others may still sit without it
        chosen = {id(t) for t in table}
        free = [t for t in free if id(t) not in chosen]
    return plans
