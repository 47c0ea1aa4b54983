"""Strength benchmark of the bots: duplicate matches on a fixed set of deals (no Django).

Each deal (a deck order drawn from ``--seed`` and the deal number) is replayed with the lineup
rotated through the seats, so every level holds every seat's cards and the luck of the deal
cancels. Each hand is the first hand of a game (so the preset's first pass direction applies).
Figures are mean points per hand per seat with a 95% confidence interval (normal approximation,
the deal as the unit), and per-decision CPU time (``time.process_time``) per level.

Modes:

* ``vs-random``: LEVEL against random opponents in every other seat, rotated through all
  seats (``--deals 250`` on classic = 1,000 hands).
* ``h2h``: two levels head to head, alternating seats (A B A B in classic), and the same deal
  again with the sides swapped; reports both means and the paired difference B - A.

Examples::

    .venv/bin/python benchmarks/bot_strength.py --mode vs-random --level heuristic --deals 250
    .venv/bin/python benchmarks/bot_strength.py --mode h2h --a expert --b heuristic --deals 500
    .venv/bin/python benchmarks/bot_strength.py --mode h2h --a heuristic --b random \\
        --preset two_player --deals 500 --workers 2
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import games.engine.fast  # noqa: F401  (load the engine before forking workers)
from games.bots import expert
from games.bots.match import duplicate_deal

_CONFIG: dict[str, Any] = {}


def _init(config: dict[str, Any]) -> None:
    _CONFIG.update(config)
    if config.get("budget_plays"):
        expert.DEFAULT_PLAYS = int(config["budget_plays"])


def _lineup(mode: str, seats: int, a: str, b: str) -> list[str]:
    if mode == "vs-random":
        return [a] + ["random"] * (seats - 1)
    return [a if s % 2 == 0 else b for s in range(seats)]


def _run_deal(deal: int) -> dict[str, Any]:
    from games.engine import RuleSet

    cfg = _CONFIG
    rules = RuleSet.from_preset(cfg["preset"], cfg.get("overrides") or None)
    times: dict[str, list[float]] = {}
    trivial: dict[str, int] = {}

    def hook(level: str, phase: str, choices: int, seconds: float) -> None:
        if phase == "playing" and choices <= 1:
            trivial[level] = trivial.get(level, 0) + 1
        times.setdefault(level, []).append(seconds)

    lineup = _lineup(cfg["mode"], rules.seats, cfg["a"], cfg["b"])
    scores = duplicate_deal(rules, f"{cfg['seed']}:{deal}", lineup, hook)
    if cfg["mode"] == "h2h" and rules.seats % 2 == 1:
        # An odd table cannot alternate evenly: play the deal again with the levels swapped.
        swapped = [cfg["b"] if x == cfg["a"] else cfg["a"] for x in lineup]
        more = duplicate_deal(rules, f"{cfg['seed']}:{deal}", swapped, hook)
        for level, pts in more.items():
            scores.setdefault(level, []).extend(pts)
    return {
        "deal": deal,
        "means": {level: statistics.fmean(pts) for level, pts in scores.items()},
        "times": times,
        "trivial": trivial,
    }


def _ci(values: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan")
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mode", choices=("vs-random", "h2h"), default="h2h")
    parser.add_argument("--level", "--a", dest="a", default="heuristic",
                        help="the level measured (vs-random) or side A (h2h)")
    parser.add_argument("--b", default="random", help="side B (h2h)")
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--overrides", default="", help="JSON rule overrides")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--budget-plays", type=int, default=0,
                        help="expert budget in simulated card plays per decision")
    parser.add_argument("--json", default="", help="also write the summary to this file")
    parser.add_argument("--jsonl", default="",
                        help="append each deal's result to this file as it completes")
    parser.add_argument("--summarize", nargs="*", default=None, metavar="JSONL",
                        help="only print the summary of deals saved earlier with --jsonl")
    args = parser.parse_args(argv)

    config = {
        "mode": args.mode, "a": args.a, "b": args.b, "preset": args.preset,
        "overrides": json.loads(args.overrides) if args.overrides else None,
        "seed": args.seed, "budget_plays": args.budget_plays,
    }
    deals = range(args.first_deal, args.first_deal + args.deals)
    started = time.time()
    results: list[dict[str, Any]] = []
    if args.summarize is not None:
        for path in args.summarize:
            with open(path) as fh:
                results.extend(json.loads(line) for line in fh if line.strip())
        args.deals = len(results)
    else:
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

    levels = sorted({level for r in results for level in r["means"]})
    summary: dict[str, Any] = {
        "command": " ".join([os.path.basename(sys.executable), *sys.argv]),
        "mode": args.mode, "preset": args.preset, "overrides": config["overrides"],
        "deals": args.deals, "seed": args.seed, "wall_seconds": round(wall, 1),
        "budget_plays": args.budget_plays or expert.DEFAULT_PLAYS, "levels": {},
    }
    out = sys.stdout
    out.write(f"{args.mode} {args.preset} {args.deals} deals seed={args.seed} "
              f"({wall:.0f} s wall, {args.workers} workers)\n")
    for level in levels:
        mean, half = _ci([r["means"][level] for r in results if level in r["means"]])
        times = [t for r in results for t in r["times"].get(level, [])]
        trivial = sum(r["trivial"].get(level, 0) for r in results)
        entry = {"points_per_hand": round(mean, 3), "ci95": round(half, 3)}
        if times:
            entry.update(
                decisions=len(times), forced=trivial,
                median_ms=round(1000 * statistics.median(times), 2),
                p95_ms=round(1000 * _pct(times, 0.95), 2),
            )
        summary["levels"][level] = entry
        out.write(f"  {level:10s} {mean:6.3f} +/- {half:.3f} points/hand")
        if times:
            out.write(f"   CPU per decision: median {entry['median_ms']} ms, "
                      f"p95 {entry['p95_ms']} ms ({len(times)} decisions, {trivial} forced)")
        out.write("\n")
    if args.mode == "h2h" and args.a != args.b:
        diffs = [r["means"][args.b] - r["means"][args.a] for r in results]
        mean, half = _ci(diffs)
        summary["margin_b_minus_a"] = {"mean": round(mean, 3), "ci95": round(half, 3)}
        out.write(f"  margin {args.b} - {args.a}: {mean:+.3f} +/- {half:.3f} points per player "
                  f"per hand\n")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(summary, fh, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
