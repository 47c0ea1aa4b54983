"""Strength benchmark of the bots: duplicate head-to-head on fixed deals (no Django).

Each deal (a deck order drawn from ``--seed`` and the deal number) is played as the first hand
of a game (so the preset's first pass applies) with side A and side B alternating round the
table (A B A B in classic; A B A and B A B at an odd table), every rotation of that lineup
through the seats, and the same with the sides swapped: each side holds every seat's cards
equally often and the luck of the deal cancels. The unit is the deal: its figure is the mean
points per seat per hand of each side over all those hands.

Reported: each side's mean points per player per hand with a 95% interval (1.96 standard
errors over deals), the paired margin B - A (positive: A scores fewer points, A is stronger),
the moons shot by each side (a moon shot by one side is conceded by the other), and the CPU
time per decision (``time.thread_time`` around the bot call; the wall time of the real choices
too): median and p95 over every decision of the side and over its real choices (plays with two
or more legal cards).
The load average of the machine is printed at the start and end: CPU times are only
comparable on a quiet machine.

With ``--table one-b`` the table is one B seat against A in every other seat instead (rotated
through the seats): for instance the moons a random player shoots against a table of one level.

A side is ``PLAY`` or ``PLAY+PASS``: ``PLAY`` plays the cards (and makes the moon choice),
``PASS`` chooses the passed cards (default: the same). Each is a product level
(``games.bots.LEVELS``) or ``reference``, the fixed rule-of-thumb bot of
``benchmarks/reference_bot.py``. Measuring the pass strategy alone: the same play policy with
two pass policies, e.g. ``--a heuristic --b heuristic+random``.

Examples::

    nice -n 10 .venv/bin/python benchmarks/bot_strength.py --a expert --b heuristic --deals 200
    nice -n 10 .venv/bin/python benchmarks/bot_strength.py --a heuristic --b reference \\
        --preset six_player --deals 500
    nice -n 10 .venv/bin/python benchmarks/bot_strength.py --a heuristic --b heuristic+random
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import reference_bot

import games.engine.fast  # noqa: F401  (load the engine before forking workers)
from games.bots import LEVELS, choose_move, expert
from games.bots.match import rotations, shuffled_deck

_CONFIG: dict[str, Any] = {}
POLICIES = (*LEVELS, "reference")


def _init(config: dict[str, Any]) -> None:
    _CONFIG.update(config)
    if config.get("budget_plays"):
        expert.DEFAULT_PLAYS = int(config["budget_plays"])


def parse_side(spec: str) -> tuple[str, str]:
    """``PLAY`` or ``PLAY+PASS`` -> (play policy, pass policy)."""
    play, _, pass_ = spec.partition("+")
    pass_ = pass_ or play
    for policy in (play, pass_):
        if policy not in POLICIES:
            raise SystemExit(f"unknown policy {policy!r}: one of {', '.join(POLICIES)}")
    return play, pass_


def _decide(view: Any, side: tuple[str, str], rng: random.Random) -> Any:
    policy = side[1] if view.phase == "passing" else side[0]
    if policy == "reference":
        return reference_bot.choose(view)
    return choose_move(view, policy, rng)


def play_hand(
    rules: Any,
    deck: Sequence[Any],
    sides: Sequence[tuple[str, str]],
    seed: str,
    times: list[list[float]],
    choice_times: list[list[float]],
    choice_walls: list[list[float]] | None = None,
) -> Any:
    """One hand with ``sides[seat]`` at each seat; decision times appended per seat (CPU time
    of this thread, and the wall time of the real choices in ``choice_walls``)."""
    from games.engine import DealHand, apply, new_game, view_for_seat

    state, _ = apply(new_game(rules), DealHand(tuple(deck), f"bench:{seed}"))
    decisions = 0
    while state.phase in ("passing", "playing", "moon_choice") and state.hand_number == 1:
        seat = state.to_act[0]
        view = view_for_seat(state, seat)
        rng = random.Random(f"{seed}:1:{seat}:{decisions}")
        decisions += 1
        wall = time.perf_counter()
        started = time.thread_time()
        move = _decide(view, sides[seat], rng)
        spent = time.thread_time() - started
        wall = time.perf_counter() - wall
        times[seat].append(spent)
        if state.phase == "playing" and len(view.legal_cards) > 1:
            choice_times[seat].append(spent)
            if choice_walls is not None:
                choice_walls[seat].append(wall)
        state, _ = apply(state, move)
    return state.hand_results[-1]


def _lineups(seats: int, table: str = "alternate") -> list[tuple[str, ...]]:
    if table == "one-b":
        return rotations(["B"] + ["A"] * (seats - 1))
    base = ["A" if s % 2 == 0 else "B" for s in range(seats)]
    swapped = ["B" if x == "A" else "A" for x in base]
    out: list[tuple[str, ...]] = []
    for lineup in (*rotations(base), *rotations(swapped)):
        if lineup not in out:
            out.append(lineup)
    return out


def _run_deal(deal: int) -> dict[str, Any]:
    from games.engine import RuleSet

    cfg = _CONFIG
    rules = RuleSet.from_preset(cfg["preset"], cfg.get("overrides") or None)
    sides = {"A": parse_side(cfg["a"]), "B": parse_side(cfg["b"])}
    deck = shuffled_deck(rules, f"{cfg['seed']}:{deal}")
    points: dict[str, list[int]] = {"A": [], "B": []}
    moons = {"A": 0, "B": 0}
    times: dict[str, list[float]] = {"A": [], "B": []}
    choices: dict[str, list[float]] = {"A": [], "B": []}
    walls: dict[str, list[float]] = {"A": [], "B": []}
    lineups = _lineups(rules.seats, cfg.get("table", "alternate"))
    for r, lineup in enumerate(lineups):
        seat_times: list[list[float]] = [[] for _ in lineup]
        seat_choices: list[list[float]] = [[] for _ in lineup]
        seat_walls: list[list[float]] = [[] for _ in lineup]
        result = play_hand(
            rules,
            deck,
            [sides[x] for x in lineup],
            f"{cfg['seed']}:{deal}:{r}",
            seat_times,
            seat_choices,
            seat_walls,
        )
        for seat, x in enumerate(lineup):
            points[x].append(result.points[seat])
            times[x].extend(seat_times[seat])
            choices[x].extend(seat_choices[seat])
            walls[x].extend(seat_walls[seat])
        if result.moon_shooter is not None:
            moons[lineup[result.moon_shooter]] += 1
    return {
        "deal": deal,
        "sides": {"A": cfg["a"], "B": cfg["b"]},
        "preset": cfg["preset"],
        "overrides": cfg.get("overrides"),
        "table": cfg.get("table", "alternate"),
        "means": {x: statistics.fmean(p) for x, p in points.items()},
        "hands": len(lineups),
        "moons": moons,
        "times": times,
        "choice_times": choices,
        "choice_walls": walls,
        "load": round(os.getloadavg()[0], 2),
    }


def _ci(values: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan")
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarize(results: list[dict[str, Any]], config: dict[str, Any]) -> dict[str, Any]:
    names = {"A": config["a"], "B": config["b"]}
    summary: dict[str, Any] = {
        "preset": config["preset"],
        "overrides": config["overrides"],
        "seed": config["seed"],
        "deals": len(results),
        "hands": sum(r["hands"] for r in results),
        "sides": {},
    }
    for x in ("A", "B"):
        mean, half = _ci([r["means"][x] for r in results])
        t = [v for r in results for v in r["times"][x]]
        c = [v for r in results for v in r["choice_times"][x]]
        w = [v for r in results for v in r.get("choice_walls", {}).get(x, [])]
        other = "B" if x == "A" else "A"
        summary["sides"][x] = {
            "name": names[x],
            "points_per_hand": round(mean, 3),
            "ci95": round(half, 3),
            "moons_shot": sum(r["moons"][x] for r in results),
            "moons_conceded": sum(r["moons"][other] for r in results),
            "decisions": len(t),
            "median_ms": round(1000 * statistics.median(t), 2) if t else None,
            "p95_ms": round(1000 * _pct(t, 0.95), 2) if t else None,
            "choices": len(c),
            "choice_median_ms": round(1000 * statistics.median(c), 2) if c else None,
            "choice_p95_ms": round(1000 * _pct(c, 0.95), 2) if c else None,
            "choice_wall_median_ms": round(1000 * statistics.median(w), 2) if w else None,
            "choice_wall_p95_ms": round(1000 * _pct(w, 0.95), 2) if w else None,
        }
    loads = [r["load"] for r in results if "load" in r]
    if loads:
        summary["load_during"] = {
            "min": min(loads),
            "median": statistics.median(loads),
            "max": max(loads),
        }
    mean, half = _ci([r["means"]["B"] - r["means"]["A"] for r in results])
    summary["margin_b_minus_a"] = {"mean": round(mean, 3), "ci95": round(half, 3)}
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--a", default="expert", help="side A: PLAY or PLAY+PASS")
    parser.add_argument("--b", default="heuristic", help="side B: PLAY or PLAY+PASS")
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--overrides", default="", help="JSON rule overrides")
    parser.add_argument(
        "--table",
        choices=("alternate", "one-b"),
        default="alternate",
        help="alternate: A B A B..., rotated and swapped; one-b: one B seat against A in every "
        "other seat, rotated (e.g. a random player's moons against a table of one level)",
    )
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", default="bench")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="processes (1: this one; more only on an idle machine, load average under 2)",
    )
    parser.add_argument(
        "--budget-plays",
        type=int,
        default=0,
        help="expert budget in simulated card plays per decision",
    )
    parser.add_argument("--json", default="", help="also write the summary to this file")
    parser.add_argument(
        "--jsonl", default="", help="append each deal's result to this file as it completes"
    )
    parser.add_argument(
        "--summarize",
        nargs="*",
        default=None,
        metavar="JSONL",
        help="only print the summary of deals saved earlier with --jsonl (of one match: the "
        "sides, preset, overrides and table are read from the lines)",
    )
    args = parser.parse_args(argv)
    parse_side(args.a)
    parse_side(args.b)

    config = {
        "a": args.a,
        "b": args.b,
        "table": args.table,
        "preset": args.preset,
        "overrides": json.loads(args.overrides) if args.overrides else None,
        "seed": args.seed,
        "budget_plays": args.budget_plays,
    }
    load_before = os.getloadavg()
    started = time.time()
    results: list[dict[str, Any]] = []
    if args.summarize is not None:
        for path in args.summarize:
            with open(path) as fh:
                results.extend(json.loads(line) for line in fh if line.strip())
        # The match the files hold (lines written before it was stored: the options')
        keys = ("a", "b", "preset", "overrides", "table")
        stored = {
            json.dumps([r["sides"]["A"], r["sides"]["B"], r["preset"], r["overrides"], r["table"]])
            for r in results
            if "table" in r
        }
        if len(stored) > 1:
            raise SystemExit(f"the files hold different matches: {sorted(stored)}")
        if stored:
            config.update(zip(keys, json.loads(stored.pop()), strict=True))
    else:
        deals = range(args.first_deal, args.first_deal + args.deals)
        sink = open(args.jsonl, "a") if args.jsonl else None  # noqa: SIM115
        if args.workers > 1:
            with multiprocessing.get_context("fork").Pool(
                args.workers, initializer=_init, initargs=(config,)
            ) as pool:
                for result in pool.imap_unordered(_run_deal, deals, chunksize=1):
                    results.append(result)
                    if sink is not None:
                        sink.write(json.dumps(result) + "\n")
                        sink.flush()
        else:
            _init(config)
            for deal in deals:
                results.append(_run_deal(deal))
                if sink is not None:
                    sink.write(json.dumps(results[-1]) + "\n")
                    sink.flush()
        if sink is not None:
            sink.close()
    wall = time.time() - started
    summary = summarize(results, config)
    summary.update(
        wall_seconds=round(wall, 1),
        workers=args.workers,
        load_before=[round(x, 2) for x in load_before],
        load_after=[round(x, 2) for x in os.getloadavg()],
        budget_plays=args.budget_plays or expert.DEFAULT_PLAYS,
    )
    out = sys.stdout
    out.write(
        f"{config['a']} vs {config['b']}, {config['preset']}: {summary['deals']} deals, "
        f"{summary['hands']} hands, seed={args.seed}, {wall:.0f} s wall, load "
        f"{summary['load_before']} -> {summary['load_after']}\n"
    )
    for x in ("A", "B"):
        e = summary["sides"][x]
        out.write(
            f"  {x} {e['name']:18s} {e['points_per_hand']:6.3f} +/- {e['ci95']:.3f} "
            f"points/hand, moons shot {e['moons_shot']} conceded {e['moons_conceded']}; "
            f"CPU ms all {e['median_ms']}/{e['p95_ms']} (median/p95), "
            f"choices {e['choice_median_ms']}/{e['choice_p95_ms']}, "
            f"choices wall ms {e['choice_wall_median_ms']}/{e['choice_wall_p95_ms']}\n"
        )
    m = summary["margin_b_minus_a"]
    out.write(
        f"  margin B - A: {m['mean']:+.3f} +/- {m['ci95']:.3f} points per player per hand "
        f"(positive: A stronger)\n"
    )
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(summary, fh, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
