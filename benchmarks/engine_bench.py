"""Rules engine benchmark (no Django).

Run: .venv/bin/python benchmarks/engine_bench.py [--seconds 1.0] [--presets classic,two_player]

Reports, per preset:
- fast path: complete random-playout hands/s (`games.engine.fast.random_playout`, legal-move
  generation at every step, from freshly dealt positions);
- immutable path: complete random hands/s through `legal_moves` + `apply` (decide + evolve);
- µs per `legal_moves` call and per `apply` call (immutable path, decide + evolve);
- µs per `evolve` of a stored CardPlayed (replaying a recorded hand).
The machine may be shared: compare ratios within one run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import (
    PRESETS,
    DealHand,
    GameState,
    RuleSet,
    apply,
    deck_for,
    legal_moves,
    new_game,
)
from games.engine.apply import evolve
from games.engine.fast import FastHand, random_playout


def dealt_positions(rules: RuleSet, count: int, rng: random.Random) -> list[GameState]:
    out = []
    for i in range(count):
        deck = list(deck_for(rules))
        rng.shuffle(deck)
        state, _ = apply(new_game(rules), DealHand(tuple(deck), f"bench-{i}"))
        out.append(state)
    return out


def bench_fast(positions: list[GameState], seconds: float, rng: random.Random) -> float:
    fasts = [FastHand.from_state(s) for s in positions]
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for fast in fasts:
            random_playout(fast, rng)
        hands += len(fasts)
    return hands / (time.perf_counter() - start)


def bench_immutable(
    positions: list[GameState], seconds: float, rng: random.Random
) -> tuple[float, float, float]:
    hands = 0
    legal_time = apply_time = 0.0
    legal_calls = apply_calls = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for state in positions:
            while state.phase == "playing":
                (seat,) = state.to_act
                t0 = clock()
                moves = legal_moves(state, seat)
                t1 = clock()
                move = rng.choice(moves)
                t2 = clock()
                state, _ = apply(state, move)
                t3 = clock()
                legal_time += t1 - t0
                apply_time += t3 - t2
                legal_calls += 1
                apply_calls += 1
            hands += 1
    elapsed = clock() - start
    return hands / elapsed, 1e6 * legal_time / legal_calls, 1e6 * apply_time / apply_calls


def bench_replay(positions: list[GameState], rng: random.Random) -> float:
    """µs per `evolve` of a stored CardPlayed (replay of a recorded hand)."""
    logs = []
    for state in positions:
        start, log = state, []
        while state.phase == "playing":
            (seat,) = state.to_act
            state, events = apply(state, rng.choice(legal_moves(state, seat)))
            log.extend(e for e in events if not e.DERIVED)
        logs.append((start, log))
    count = 0
    t0 = time.perf_counter()
    for start, log in logs:
        state = start
        for event in log:
            state = evolve(state, event)
        count += len(log)
    return 1e6 * (time.perf_counter() - t0) / count


def out(line: str) -> None:
    sys.stdout.write(line + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--presets", default=",".join(PRESETS), help="comma-separated keys")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out(
        f"python {sys.version.split()[0]}; {args.seconds:.1f} s per measurement; "
        "passing off (hands start at trick 1)"
    )
    header = (
        f"{'preset':22} {'fast hands/s':>13} {'immutable hands/s':>18} "
        f"{'µs/legal_moves':>15} {'µs/apply':>9} {'µs/evolve':>10}"
    )
    out(header)
    out("-" * len(header))
    for key in args.presets.split(","):
        rules = RuleSet.from_preset(key, {"passing": False})
        positions = dealt_positions(rules, 50, rng)
        fast = bench_fast(positions, args.seconds, rng)
        slow, legal_us, apply_us = bench_immutable(positions, args.seconds, rng)
        replay_us = bench_replay(positions, rng)
        out(
            f"{key:22} {fast:13,.0f} {slow:18,.0f} {legal_us:15.2f} {apply_us:9.2f} "
            f"{replay_us:10.2f}"
        )


if __name__ == "__main__":
    main()
