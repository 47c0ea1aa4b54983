"""The pure helpers behind the interleaved rounds of benchmarks/api_bench.py (views, and floor
against plays): the order of the blocks, the pooling of a kind's rounds and the per-round ratios
(no server, no timings)."""

from __future__ import annotations

import math

from benchmarks.api_bench import (
    LoadResult,
    pool_results,
    ratio_spread,
    round_order,
    round_ratios,
)


def result(latencies: list[float], *, seconds: float = 1.0, peak: int = 2) -> LoadResult:
    return LoadResult(
        "view_new", 8, len(latencies), 0, seconds, latencies, {200: len(latencies)}, peak
    )


def test_rounds_alternate_which_game_goes_first():
    order = round_order("view_new", "view_long", 4)
    assert order == [
        ("view_new", "view_long"),
        ("view_long", "view_new"),
        ("view_new", "view_long"),
        ("view_long", "view_new"),
    ]
    flat = [label for pair in order for label in pair]
    # over an even number of rounds each kind sits as often early as late: same mean position
    positions = {k: [i for i, label in enumerate(flat) if label == k] for k in set(flat)}
    assert sum(positions["view_new"]) == sum(positions["view_long"])


def test_one_round_is_one_block_of_each():
    assert round_order("view_new", "view_long", 1) == [("view_new", "view_long")]


def test_pooling_adds_counts_and_keeps_every_latency():
    a = result([10.0, 20.0], seconds=1.5, peak=3)
    b = LoadResult("view_new", 8, 3, 1, 2.0, [30.0, 40.0, 50.0, 60.0], {200: 3, 503: 1}, 5)
    pooled = pool_results("view_new", [a, b])
    assert (pooled.label, pooled.concurrency) == ("view_new", 8)
    assert (pooled.requests, pooled.errors) == (5, 1)
    assert pooled.seconds == 3.5
    assert sorted(pooled.latencies_ms) == [10.0, 20.0, 30.0, 40.0, 50.0, 60.0]
    assert pooled.statuses == {200: 5, 503: 1}
    assert pooled.peak_db_connections == 5
    assert pooled.summary()["p50_ms"] == 30.0


def test_round_ratios_pair_the_blocks_of_each_round():
    new = [result([10.0, 10.0, 10.0]), result([20.0, 20.0, 20.0])]
    long = [result([11.0, 11.0, 11.0]), result([18.0, 18.0, 18.0])]
    assert round_ratios(new, long) == [1.1, 0.9]
    assert ratio_spread([1.1, 0.9, 1.05]) == (0.9, 1.1)


def test_round_ratios_of_another_measure():
    floor = [result([10.0], seconds=1.0), result([10.0, 10.0], seconds=1.0)]
    play = [result([20.0], seconds=2.0), result([20.0, 20.0, 20.0], seconds=2.0)]
    assert round_ratios(floor, play, lambda r: r.rps) == [0.5, 0.75]


def test_spread_ignores_rounds_without_a_ratio():
    ratios = round_ratios([result([])], [result([12.0])])
    assert math.isnan(ratios[0])
    assert ratio_spread(ratios) is None
    assert ratio_spread([float("nan"), 1.2]) == (1.2, 1.2)
