"""The pure parts of benchmarks/wrk_bench.py: which connection sends which planned play, the
interleaving of the blocks, the pooling of a kind's blocks and the targets (no server, no wrk,
no timings)."""

from __future__ import annotations

import json

import pytest

from benchmarks.api_bench import PlayGame
from benchmarks.wrk_bench import CLK_TCK, cpu_ticks, play_lines, pool, round_orders, targets


def game(name: str, plays: int) -> PlayGame:
    return PlayGame(
        game_id=name,
        tokens=[f"{name}-tok{s}" for s in range(4)],
        plan=[(k % 4, f"{k}C") for k in range(plays)],
    )


def parse(lines: list[str]) -> list[tuple[int, str, str, str, dict]]:
    out = []
    for line in lines:
        thread, method, path, token, body = line.split("\t")
        out.append((int(thread), method, path, token, json.loads(body)))
    return out


def test_each_connection_owns_its_games_and_round_robins_over_them_in_plan_order():
    games = [game("a", 3), game("b", 2), game("c", 3)]
    rows = parse(play_lines(games, 2, {}))
    by_thread = {
        t: [(p.split("/")[4], b["card"], tok) for t2, _, p, tok, b in rows if t2 == t]
        for t in (0, 1)
    }
    # connection 0: games a and c (every other game), interleaved; connection 1: game b
    assert by_thread[0] == [
        ("a", "0C", "a-tok0"),
        ("c", "0C", "c-tok0"),
        ("a", "1C", "a-tok1"),
        ("c", "1C", "c-tok1"),
        ("a", "2C", "a-tok2"),
        ("c", "2C", "c-tok2"),
    ]
    assert by_thread[1] == [("b", "0C", "b-tok0"), ("b", "1C", "b-tok1")]
    assert {m for _, m, *_ in rows} == {"POST"}
    assert all(p == f"/api/v1/games/{p.split('/')[4]}/plays/" for _, _, p, _, _ in rows)


def test_a_block_carries_on_where_the_log_says_each_game_is_and_skips_finished_games():
    games = [game("a", 4), game("b", 2), game("c", 3)]
    rows = parse(play_lines(games, 2, {"a": 3, "b": 2, "c": 1}))
    # b is done and no longer dealt: a and c remain, one per connection
    assert [(t, p.split("/")[4], b["card"]) for t, _, p, _, b in rows] == [
        (0, "a", "3C"),
        (1, "c", "1C"),
        (1, "c", "2C"),
    ]


def test_the_order_of_the_kinds_turns_around_every_other_round():
    assert round_orders(("floor", "play", "view"), 4) == [
        ("floor", "play", "view"),
        ("view", "play", "floor"),
        ("floor", "play", "view"),
        ("view", "play", "floor"),
    ]


def block(requests: int, seconds: float, ticks: dict[str, int], p50_us: int, status_errors=0):
    return {
        "requests": requests,
        "duration_us": int(seconds * 1e6),
        "p50_us": p50_us,
        "p99_us": p50_us * 3,
        "errors": {"connect": 0, "read": 0, "write": 0, "status": status_errors, "timeout": 0},
        "cpu_ticks": ticks,
        "charged": ["nginx", "wsgi"],
        "exhausted": 0,
    }


def test_pooling_charges_the_servers_a_kind_passes_through_and_weighs_latency_by_requests():
    pooled = pool(
        [
            block(100, 1.0, {"nginx": 10, "wsgi": 40, "asgi": 99, "db": 20}, 10_000),
            block(300, 3.0, {"nginx": 10, "wsgi": 90, "asgi": 99, "db": 20}, 20_000, 2),
        ]
    )
    assert pooled["requests"] == 400
    assert pooled["rps"] == 100.0
    # nginx + wsgi ticks (not asgi's: its requests did not pass there) per request
    assert pooled["cpu_ms"] == round((10 + 40 + 10 + 90) * 1000 / CLK_TCK / 400, 3)
    assert pooled["db_cpu_ms"] == round(40 * 1000 / CLK_TCK / 400, 3)
    assert pooled["p50_ms"] == (100 * 10 + 300 * 20) / 400
    assert pooled["non_2xx"] == 2


def test_cpu_ticks_reads_this_process_and_skips_a_process_that_is_gone():
    import os

    ticks = cpu_ticks([os.getpid(), 2**22 + 12345])
    assert list(ticks) == [os.getpid()]
    assert ticks[os.getpid()] >= 0


def test_targets_are_ratios_to_the_floor_of_the_same_level():
    def v(rps, cpu):
        return {"rps": rps, "cpu_ms": cpu}

    results = {
        "plays": {8: {"floor": v(200, 2.0), "play_prod": v(160, 2.5), "play_wsgi": v(140, 2.7)}},
        "views": {
            8: {
                "floor": v(200, 2.0),
                "view_new_prod": v(250, 1.9),
                "view_long_prod": v(240, 2.0),
                "view_new_wsgi": v(260, 1.8),
                "view_long_wsgi": v(250, 2.1),
            }
        },
        "celery": {"p50_ms": 4.0},
        "ai_turnaround": {"p50_ms": 13.0},
    }
    got = {(t["target"], t["c"]): (t["value"], t["met"]) for t in targets(results)}
    assert got[("play_prod CPU/req <= 1.3x floor", 8)] == (1.25, True)
    assert got[("play_prod req/s >= 0.75x floor", 8)] == (0.8, True)
    assert got[("play_wsgi CPU/req <= 1.3x floor", 8)] == (1.35, False)
    assert got[("play_wsgi req/s >= 0.75x floor", 8)] == (0.7, False)
    assert got[("view_new_prod CPU/req <= 1.0x floor", 8)] == (0.95, True)
    assert got[("view_long_wsgi CPU/req <= 1.0x floor", 8)] == (1.05, False)
    assert got[("view long/new CPU (wsgi) within 10 %", 8)] == (1.17, False)
    assert got[("view long/new CPU (prod) within 10 %", 8)] == (1.05, True)
    assert got[("AI turnaround (3 AI moves) <= 3x Celery round trip", "-")] == (3.25, False)


def test_a_play_block_with_refused_plays_is_reported_invalid_not_measured():
    """Plays whose planned games ran out are refused (409/422), cheap and fast: their ratios
    would flatter the play, so the targets report them invalid."""
    results = {
        "plays": {
            32: {
                "floor": {"rps": 500, "cpu_ms": 2.0},
                "play_prod": {
                    "rps": 400,
                    "cpu_ms": 2.2,
                    "requests": 8000,
                    "non_2xx": 5820,
                    "errors": 0,
                },
                "play_wsgi": {
                    "rps": 200,
                    "cpu_ms": 4.0,
                    "requests": 2000,
                    "non_2xx": 10,
                    "errors": 0,
                },
            }
        },
        "views": {},
    }
    got = {(t["target"], t["c"]): (t["value"], t["met"]) for t in targets(results)}
    assert got[("play_prod CPU/req <= 1.3x floor", 32)] == ("invalid: 5820 of 8000 not 2xx", False)
    assert got[("play_prod req/s >= 0.75x floor", 32)][1] is False
    assert got[("play_wsgi CPU/req <= 1.3x floor", 32)] == (2.0, False)  # 0.5 % refused: kept


def test_a_missing_nginx_is_installed_with_apt_get_as_root_like_wrk(monkeypatch):
    """A fresh machine has no nginx: the one-command run installs Debian's nginx-light (the
    package manager is outside the system: its calls are recorded, not run)."""
    from benchmarks import wrk_bench

    installed: list[list[str]] = []
    found = iter([None, "/usr/sbin/nginx"])
    monkeypatch.setattr(wrk_bench.local_proxy, "find_nginx", lambda: next(found))
    monkeypatch.setattr(wrk_bench.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(wrk_bench.os, "geteuid", lambda: 0)
    monkeypatch.setattr(wrk_bench.subprocess, "call", lambda cmd, env: installed.append(cmd) or 0)
    assert wrk_bench.find_nginx() == "/usr/sbin/nginx"
    assert installed == [["/usr/bin/apt-get", "install", "-y", "-q", "nginx-light"]]


def test_a_missing_nginx_without_root_stops_the_run_saying_how_to_install_it(monkeypatch):
    from benchmarks import wrk_bench

    monkeypatch.setattr(wrk_bench.local_proxy, "find_nginx", lambda: None)
    monkeypatch.setattr(wrk_bench.os, "geteuid", lambda: 1000)
    with pytest.raises(SystemExit, match="apt-get install nginx-light"):
        wrk_bench.find_nginx()
