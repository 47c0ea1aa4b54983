"""The pure helpers behind the interleaved floor / play rounds of benchmarks/api_bench.py: the
plays' workers over the shared planned games, the rounds record and the targets' spreads (no
server, no timings)."""

from __future__ import annotations

from dataclasses import dataclass

from benchmarks.api_bench import (
    LoadResult,
    PlayGame,
    PlayWorker,
    parse_args,
    play_round_record,
    play_workers,
    plays_left,
    round_order,
    targets,
)


@dataclass
class Response:
    status_code: int


class FakeClient:
    """Records the plays it is asked for; answers ``fail_on`` with 409, everything else 200."""

    def __init__(self, fail_on: set[str] = frozenset()):
        self.posts: list[tuple[str, str, str]] = []
        self.fail_on = fail_on

    def post(self, url: str, *, json: dict, headers: dict) -> Response:
        self.posts.append((url.split("/")[-3], json["card"], headers["Authorization"]))
        return Response(409 if json["card"] in self.fail_on else 200)


def game(name: str, plays: int) -> PlayGame:
    return PlayGame(
        name, [f"{name}-t{s}" for s in range(4)], [(k % 4, f"{name}{k}") for k in range(plays)]
    )


def games_played(client: FakeClient) -> list[str]:
    return [game_id for game_id, _, _ in client.posts]


def test_a_worker_round_robins_over_its_games_in_plan_order():
    a, b = game("a", 3), game("b", 2)
    worker, client = PlayWorker([a, b]), FakeClient()
    codes = [worker(client) for _ in range(6)]
    assert codes == [200, 200, 200, 200, 200, None]
    assert [card for _, card, _ in client.posts] == ["a0", "b0", "a1", "b1", "a2"]
    assert client.posts[1][2] == "Token b-t0"  # each play as its seat's player
    assert client.posts[2][2] == "Token a-t1"
    assert plays_left([a, b]) == 0


def test_a_worker_carries_on_where_the_last_block_stopped():
    a, b = game("a", 4), game("b", 4)
    worker = PlayWorker([a, b])
    first, second = FakeClient(), FakeClient()  # two blocks: nothing replayed, nothing skipped
    for _ in range(3):
        worker(first)
    for _ in range(3):
        worker(second)
    assert [c for _, c, _ in first.posts] + [c for _, c, _ in second.posts] == [
        "a0",
        "b0",
        "a1",
        "b1",
        "a2",
        "b2",
    ]


def test_a_failed_play_drops_its_game():
    a, b = game("a", 3), game("b", 3)
    worker, client = PlayWorker([a, b]), FakeClient(fail_on={"a0"})
    assert [worker(client) for _ in range(4)] == [409, 200, 200, 200]
    assert games_played(client) == ["a", "b", "b", "b"]
    assert plays_left([a]) == 0


def test_each_level_deals_the_games_with_plays_left_among_its_clients():
    pool = [game(f"g{i}", 2) for i in range(5)]
    pool[1].next = 2  # played out at an earlier level
    pool[3].next = 1
    workers = play_workers(pool, 2)
    assert [[g.game_id for g in w.games] for w in workers] == [["g0", "g3"], ["g2", "g4"]]
    assert plays_left(pool) == 7
    # the workers play the pool's own games: their progress is the pool's
    workers[0](FakeClient())
    assert pool[0].next == 1


def test_floor_and_play_alternate_which_goes_first():
    assert round_order("floor", "play", 3) == [
        ("floor", "play"),
        ("play", "floor"),
        ("floor", "play"),
    ]


def block(label: str, latencies: list[float], seconds: float) -> LoadResult:
    return LoadResult(label, 8, len(latencies), 0, seconds, latencies, {200: len(latencies)}, 3)


class Args:
    rounds, duration, warmup = 2, 3.0, 0.5


def test_the_play_rounds_record_has_both_ratios_per_round_and_their_spread():
    blocks = {
        "floor": [block("floor", [10.0] * 10, 1.0), block("floor", [20.0] * 8, 1.0)],
        "play": [block("play", [15.0] * 5, 1.0), block("play", [30.0] * 6, 1.0)],
    }
    record = play_round_record(8, round_order("floor", "play", 2), blocks, Args)
    assert record["order"] == ["floor", "play", "play", "floor"]
    assert (record["rounds"], record["round_seconds"], record["round_warmup_s"]) == (2, 1.5, 0.25)
    assert record["floor_rps"] == [10.0, 8.0]
    assert record["play_p50_ms"] == [15.0, 30.0]
    assert record["rps_ratios"] == [0.5, 0.75]
    assert (record["rps_ratio_min"], record["rps_ratio_max"]) == (0.5, 0.75)
    assert record["p50_ratios"] == [1.5, 1.5]
    assert (record["p50_ratio_min"], record["p50_ratio_max"]) == (1.5, 1.5)


def row(c: int, rps: float, p50: float) -> dict:
    return {"concurrency": c, "rps": rps, "p50_ms": p50}


def test_play_targets_are_the_pooled_ratios_with_the_rounds_spread():
    results = {
        "floor": [row(8, 100.0, 50.0)],
        "play": [row(8, 45.0, 110.0)],
        "play_rounds": [
            {
                "concurrency": 8,
                "rounds": 4,
                "rps_ratio_min": 0.41,
                "rps_ratio_max": 0.52,
                "p50_ratio_min": 1.9,
                "p50_ratio_max": 2.4,
            }
        ],
        "view_new": [row(8, 90.0, 40.0)],
        "view_long": [row(8, 80.0, 44.0)],
        "view_rounds": [{"concurrency": 8, "rounds": 4, "ratio_min": None, "ratio_max": None}],
        "ai_turnaround": {"p50_ms": None},
        "celery": {"p50_ms": 5.0},
        "profile": {"queries_per_play": {"early": {"queries": 10}, "long": {"queries": 10}}},
    }
    out = {t["what"]: t for t in targets(results)}
    rps = out["play c=8 throughput >= 0.5 floor"]
    assert (rps["value"], rps["met"]) == (0.45, False)
    assert rps["spread"] == {"rounds": 4, "min": 0.41, "max": 0.52}
    lat = out["play c=8 p50 <= 2x floor"]
    assert (lat["value"], lat["met"]) == (2.2, False)
    assert lat["spread"] == {"rounds": 4, "min": 1.9, "max": 2.4}
    view = out["long-game view c=8 p50 <= 1.2x new game"]
    assert (view["value"], view["met"]) == (1.1, True)
    assert "spread" not in view  # no finite per-round ratio: no spread


def test_one_option_drives_both_comparisons_and_the_old_name_still_works():
    assert parse_args([]).rounds == 4
    assert parse_args(["--rounds", "6"]).rounds == 6
    assert parse_args(["--view-rounds", "2"]).rounds == 2
    assert parse_args(["--quick"]).rounds == 4
