"""Duplicate duel of the playout policies alone (no search, no Django): `master`'s against the
expert's.

Each deal is played (no passing) by the bare rule-of-thumb policies the searches use for their
simulated seats: `games.bots.master.playout_card` for side "master", the same function with the
master's two extra rules switched off (`WIN_HIGH`, `VOID_LEAD_COST`), which is the expert's
`games.bots.expert.playout` policy, for side "expert". Seats alternate (master, expert, ...) in
every rotation and with the sides swapped, like `bot_strength.py`; the unit is the deal, the
margin is expert - master in points per player per hand with a 95 % interval. A stronger
playout policy is a better model of sound opponents in the search's simulated deals; this duel
measures that cheaply (thousands of deals in seconds), where the searches themselves need hours.

    nice -n 10 .venv/bin/python benchmarks/playout_duel.py --preset classic --deals 3000
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
from collections.abc import Sequence

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.bots import master
from games.bots.match import rotations, shuffled_deck
from games.engine import DealHand, RuleSet, apply, new_game
from games.engine.fast import FastHand

SIDES = {
    "master": {"WIN_HIGH": True, "VOID_LEAD_COST": master.VOID_LEAD_COST},
    "expert": {"WIN_HIGH": False, "VOID_LEAD_COST": 0.0},
}


def play_out(fast: FastHand, lineup: Sequence[str]) -> tuple[int, ...]:
    live = 0
    for mask in fast.hands:
        live |= mask
    voids = [0] * fast.seats
    saved = {name: getattr(master, name) for name in SIDES["master"]}
    try:
        while not fast.is_over:
            legal = fast.legal_mask()
            me = fast.seat_to_play
            if legal & (legal - 1) == 0:
                card = legal.bit_length() - 1
            else:
                for name, value in SIDES[lineup[me]].items():
                    setattr(master, name, value)
                card = master.playout_card(fast, legal, live, -1, voids)
            if fast.trick and card // 13 != fast.led:
                voids[me] |= 1 << fast.led
            live &= ~(1 << card)
            fast.play(card)
    finally:
        for name, value in saved.items():
            setattr(master, name, value)
    return fast.hand_points()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", default="duel")
    args = parser.parse_args(argv)
    rules = RuleSet.from_preset(args.preset, {"passing": False})
    seats = rules.seats
    base = ["master" if s % 2 == 0 else "expert" for s in range(seats)]
    swapped = ["expert" if x == "master" else "master" for x in base]
    lineups: list[tuple[str, ...]] = []
    for lineup in (*rotations(base), *rotations(swapped)):
        if lineup not in lineups:
            lineups.append(lineup)
    margins = []
    for deal in range(args.deals):
        deck = shuffled_deck(rules, f"{args.seed}:{deal}")
        state, _ = apply(new_game(rules), DealHand(tuple(deck), f"duel:{deal}"))
        start = FastHand.from_state(state)
        points: dict[str, list[int]] = {"master": [], "expert": []}
        for lineup in lineups:
            result = play_out(start.copy(), lineup)
            for seat, side in enumerate(lineup):
                points[side].append(result[seat])
        margins.append(statistics.fmean(points["expert"]) - statistics.fmean(points["master"]))
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
    sys.stdout.write(
        f"{args.preset}: {len(margins)} deals, {len(lineups)} hands each; expert - master "
        f"playout policy {mean:+.3f} +/- {half:.3f} points per player per hand "
        f"(positive: the master's policy is stronger); load {os.getloadavg()[0]:.1f}\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
