"""A lighter run of benchmarks/streams_load.py: open streams do not starve moves.

One uvicorn process holds 60 open SSE streams (first on other games, then on the game being
played, so every move wakes all of them) while moves are POSTed to it. The full-size run (300
streams, figures in docs/live-sync.md) is ``.venv/bin/python benchmarks/streams_load.py``.
"""

from __future__ import annotations

import asyncio

import pytest

from benchmarks.streams_load import run_load

pytestmark = pytest.mark.django_db(transaction=True)


def test_moves_are_served_promptly_while_streams_are_open(asgi_servers):
    result = asyncio.run(run_load(asgi_servers[1].base_url, streams=60, moves=5, idle_games=1))
    print(f"\nstreams load: {result}")
    assert result["idle_errors"] == 0
    assert result["watching_errors"] == 0
    # Every move reached every one of the streams watching its game.
    assert result["deliveries_missing"] == 0
    assert result["delivery_after_post"]["n"] == 60 * 5
    # Moves stay prompt (generous bounds: CI machines are small and shared).
    assert result["idle"]["p95_ms"] < 1500
    assert result["watching"]["p95_ms"] < 2500
