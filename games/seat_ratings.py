"""The rating of each seat shown in the game view and the lobby: a port another app fills.

Games knows nothing of how players are rated (the ratings app depends on games, one way). It
asks this port, once per response, for the seats' ratings on their games' presets; the ratings
app installs the provider in ``RatingsConfig.ready`` (``ratings.selectors.seat_ratings``). With
no provider installed every seat's rating is ``None``.

A provider takes a list of tables, each ``(preset, seats)`` with ``seats`` a list of
``SeatKey`` (index, kind, player id, AI level), and returns, per table in the same order, a
dict from seat index to the seat's rating (a dict of plain values, the shape of
``games.serializers.SeatCurrentRatingOutputSerializer``). It must answer every table in a
constant number of queries (one), whatever their number: the lobby asks for a whole page.

Only the reads ask (``GET games/{id}/`` after its ETag check, ``GET games/``); the answer of a
move does not, so a play costs no query more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple


class SeatKey(NamedTuple):
    index: int
    kind: str  # "empty" | "human" | "ai"
    player_id: int | None
    ai_level: str | None


Table = tuple[str, Sequence[SeatKey]]
Provider = Callable[[Sequence[Table]], list[dict[int, dict[str, Any]]]]

_provider: Provider | None = None


def install(provider: Provider | None) -> None:
    """Set (or with None remove) the provider of seat ratings."""
    global _provider
    _provider = provider


def lookup(tables: Sequence[Table]) -> list[dict[int, dict[str, Any]]]:
    """Per table, {seat index: rating}; empty dicts when no provider is installed."""
    if _provider is None or not tables:
        return [{} for _ in tables]
    return _provider(tables)


def attach(seat_dicts: list[dict[str, Any]], ratings: dict[int, dict[str, Any]]) -> None:
    """Put each seat's rating (or None) into the seat dicts of one view, under ``rating``."""
    for seat in seat_dicts:
        seat["rating"] = ratings.get(seat["seat"])
