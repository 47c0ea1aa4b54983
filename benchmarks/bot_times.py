"""Decision times of one bot level in every preset (no Django).

Plays ``--hands`` first hands per preset with the level in one seat (rotated by hand) and
`heuristic` in the others, and prints for the level's real choices (plays with two or more legal
cards) the CPU time of this thread (``time.thread_time``) and the wall time
(``time.perf_counter``) of each decision, median, p95 and max, with the load average (1 minute)
before and after each preset. On a shared machine the wall time is mostly waiting for a core.

    nice -n 10 .venv/bin/python benchmarks/bot_times.py --level master --hands 8
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.bots import LEVELS, choose_move
from games.bots.match import shuffled_deck

PRESETS = (
    "classic",
    "three_player",
    "five_player",
    "six_player",
    "two_player",
    "two_player_full_deck",
)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(level: str, preset: str, hands: int, seed: str = "time") -> dict[str, float]:
    """CPU and wall seconds of ``level``'s real choices over ``hands`` hands of ``preset``."""
    from games.engine import DealHand, RuleSet, apply, new_game, view_for_seat

    rules = RuleSet.from_preset(preset)
    cpu: list[float] = []
    wall: list[float] = []
    for number in range(hands):
        deck = shuffled_deck(rules, f"{seed}:{number}")
        state, _ = apply(new_game(rules), DealHand(deck, "s"))
        mine = number % rules.seats
        decisions = 0
        while state.phase in ("passing", "playing", "moon_choice") and state.hand_number == 1:
            seat = state.to_act[0]
            view = view_for_seat(state, seat)
            chosen = level if seat == mine else "heuristic"
            started_wall = time.perf_counter()
            started = time.thread_time()
            move = choose_move(view, chosen, random.Random(f"{seed}:{number}:{decisions}"))
            spent = time.thread_time() - started
            spent_wall = time.perf_counter() - started_wall
            decisions += 1
            if seat == mine and state.phase == "playing" and len(view.legal_cards) > 1:
                cpu.append(spent)
                wall.append(spent_wall)
            state, _ = apply(state, move)
    return {
        "choices": len(cpu),
        "cpu_median": statistics.median(cpu),
        "cpu_p95": _pct(cpu, 0.95),
        "cpu_max": max(cpu),
        "wall_median": statistics.median(wall),
        "wall_p95": _pct(wall, 0.95),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="master", choices=LEVELS)
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--presets", default=",".join(PRESETS))
    args = parser.parse_args(argv)
    for preset in args.presets.split(","):
        before = os.getloadavg()[0]
        r = measure(args.level, preset, args.hands)
        after = os.getloadavg()[0]
        sys.stdout.write(
            f"{preset}: {r['choices']} choices, CPU ms median {1000 * r['cpu_median']:.0f} "
            f"p95 {1000 * r['cpu_p95']:.0f} max {1000 * r['cpu_max']:.0f}; wall median "
            f"{1000 * r['wall_median']:.0f} p95 {1000 * r['wall_p95']:.0f}; "
            f"load {before:.1f} -> {after:.1f}\n"
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
