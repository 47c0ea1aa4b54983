"""Master variants against the expert, deal-paired with the default master (no Django).

Plays `bot_strength`'s duplicate deals (``master`` as side A, ``expert`` as B, classic, seed
``bench``) with switches of ``games.bots.master`` set by ``--set NAME=VALUE`` (a JSON value:
``--set SHOOT_PLAN=true --set OBJECTIVE_W=0.5``) and appends one JSON line per deal, in
`bot_strength`'s format (so ``bot_strength.py --summarize`` reads it), to ``--jsonl``.

With ``--trace``, wherever the variant may decide differently from the default master (the
shoot plan is scored, the heuristic is shooting with ``SHOOT_BONUS``, or ``OBJECTIVE_W`` is set
while a moon is possible), the default master's choice is computed as well from a copy of the
decision's rng, and each deal records how many choices differed (``deviations``). A deal without
a deviation plays exactly the default master's moves (every decision is seeded), so its result
is the default's; only the deviating deals need a run of the default master (``--list`` them).
Traced runs spend CPU on the default's choices too: take decision times from untraced runs or
``bot_times.py``.

``--oracle`` gives the master the true deal wherever it samples one (its middle game and its
endgame): every sampled deal is the real one, so it knows every hidden card, as perfect
inference would. It is not a player (it cheats); it bounds what better inference from the view
could gain with the same playouts. ``--oracle qs`` moves only QS to its real holder in each
sampled deal (swapped with a card that the sampled holder may hold): what knowing where the
queen is would be worth.

``--pair VARIANT.jsonl BASE.jsonl...`` prints the variant's margin, the default's on the same
deals and the paired gain (variant margin minus default margin per deal, with a 95% interval),
counting a traced deal without deviation as a gain of 0; ``--full`` pairs every deal with the
base run instead (untraced runs).

Examples::

    nice -n 10 .venv/bin/python benchmarks/master_variants.py --set SHOOT_PLAN=true --trace \\
        --deals 0:120 --jsonl var/bench/shoot.jsonl
    nice -n 10 .venv/bin/python benchmarks/bot_strength.py --a master --b expert --deals 120 \\
        --jsonl var/bench/base.jsonl
    .venv/bin/python benchmarks/master_variants.py --pair var/bench/shoot.jsonl var/bench/base.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bot_strength

from games.bots import heuristic, master
from games.bots.cards import QS_BIT, indices


def _say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _could_differ(obs: Any, sets: dict[str, Any]) -> bool:
    if sets.get("SHOOT_PLAN") and master.shoot_eligible(obs):
        return True
    if sets.get("SHOOT_BONUS") and heuristic.shooting(obs):
        return True
    if sets.get("OBJECTIVE_W"):
        return sum(1 for s in range(obs.seats) if obs.taken[s]) <= 1
    return False


def _oracle(what: str = "all") -> None:
    """Every deal the master samples is the real one (``"all"``), or a sampled deal with QS
    moved to its real holder (``"qs"``; see the module's docstring)."""
    import games.engine as engine

    seen: dict[str, Any] = {}
    view_for_seat = engine.view_for_seat
    sample = master.Sampler.__call__

    def remembering(state: Any, seat: int) -> Any:
        # The state `bot_strength.play_hand` asks a seat to move in: it imports view_for_seat
        # from games.engine when it runs, so it calls this one (and the sampler, which sees only
        # the observation, reads the deal here).
        seen["state"] = state
        return view_for_seat(state, seat)

    def true_deal(self: Any, obs: Any, rng: random.Random) -> list[int]:
        return list(seen["state"].hand.hands)

    def true_queen(self: Any, obs: Any, rng: random.Random) -> list[int]:
        hands = sample(self, obs, rng)
        real = seen["state"].hand.hands
        holder = next((s for s, h in enumerate(real) if h & QS_BIT), None)
        drawn = next((s for s, h in enumerate(hands) if h & QS_BIT), None)
        if holder is None or drawn is None or holder == drawn:
            return hands
        # Swap QS with a card drawn at random from the real holder's sampled hand that the drawn
        # holder may hold (a suit it has not shown void in, not a card this seat passed to the
        # real holder). At random: always its lowest card would leave the queen's holder short
        # of low cards in every deal (a first run did that, and lost 0.4 points).
        known = obs.passed & ~obs.played
        movable = [
            c for c in indices(hands[holder] & ~known) if not obs.voids[drawn] >> (c // 13) & 1
        ]
        if movable:
            c = rng.choice(movable)
            hands[holder] ^= (1 << c) | QS_BIT
            hands[drawn] ^= (1 << c) | QS_BIT
        return hands

    engine.view_for_seat = remembering
    master.Sampler.__call__ = true_deal if what == "all" else true_queen


def run(
    sets: dict[str, Any], deals: Sequence[int], jsonl: str, trace: bool, oracle: str = ""
) -> None:
    if oracle:
        _oracle(oracle)
    defaults = {k: getattr(master, k) for k in sets}
    for k, v in sets.items():
        setattr(master, k, v)
    original = master.choose_play
    counts = [0, 0]  # choices that differed, choices compared

    def traced(view: Any, obs: Any, rng: random.Random, budget_plays: int | None = None) -> int:
        legal = obs.legal
        if not trace or legal & (legal - 1) == 0 or not _could_differ(obs, sets):
            return original(view, obs, rng, budget_plays)
        clone = random.Random()
        clone.setstate(rng.getstate())
        card = original(view, obs, rng, budget_plays)
        for k, v in defaults.items():
            setattr(master, k, v)
        try:
            base = original(view, obs, clone, budget_plays)
        finally:
            for k, v in sets.items():
                setattr(master, k, v)
        counts[1] += 1
        if base != card:
            counts[0] += 1
        return card

    master.choose_play = traced
    bot_strength._init(
        {
            "a": "master",
            "b": "expert",
            "table": "alternate",
            "preset": "classic",
            "overrides": None,
            "seed": "bench",
            "budget_plays": 0,
        }
    )
    with open(jsonl, "a") as sink:
        for deal in deals:
            counts[0] = counts[1] = 0
            result = bot_strength._run_deal(deal)
            result["variant"] = {**sets, "oracle": oracle} if oracle else sets
            if trace:
                result["deviations"] = counts[0]
                result["traced"] = counts[1]
            sink.write(json.dumps(result) + "\n")
            sink.flush()
            _say(f"{deal} {result['means']} deviations {counts[0]} of {counts[1]}")


def _by_deal(paths: Sequence[str]) -> dict[int, dict[str, Any]]:
    """The deals' results in `bot_strength`'s JSONL files, by deal number (a later line wins)."""
    results = {}
    for path in paths:
        with open(path) as fh:
            for line in fh:
                if line.strip():
                    r = json.loads(line)
                    results[r["deal"]] = r
    return results


def pair(variant_path: str, base_paths: Sequence[str], full: bool) -> None:
    variant = _by_deal([variant_path])
    base = _by_deal(base_paths)
    mv: list[float] = []
    mb: list[float] = []
    missing = []
    for deal, r in sorted(variant.items()):
        m = r["means"]["B"] - r["means"]["A"]
        if not full and r.get("deviations", 1) == 0:
            mv.append(m)
            mb.append(m)
        elif deal in base:
            mv.append(m)
            mb.append(base[deal]["means"]["B"] - base[deal]["means"]["A"])
        else:
            missing.append(deal)
    gains = [a - b for a, b in zip(mv, mb, strict=True)]
    deviating = sum(1 for r in variant.values() if r.get("deviations", 1))
    _say(f"deals {len(mv)} ({deviating} with deviations or untraced; no base run: {missing})")
    for label, values in (("variant margin B - A", mv), ("default margin B - A", mb)):
        mean, half = bot_strength._ci(values)
        _say(f"{label} {mean:+.3f} +/- {half:.3f}")
    mean, half = bot_strength._ci(gains)
    _say(f"paired gain          {mean:+.3f} +/- {half:.3f}")
    shot = sum(variant[d]["moons"]["A"] for d in variant)
    conceded = sum(variant[d]["moons"]["B"] for d in variant)
    _say(f"variant moons shot {shot}, conceded {conceded}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--deals", default="0:120", help="LO:HI, deal numbers LO..HI-1")
    parser.add_argument("--list", default="", help="comma-separated deal numbers instead")
    parser.add_argument("--jsonl", default="")
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--pair", nargs="+", metavar="JSONL")
    parser.add_argument("--full", action="store_true")
    parser.add_argument(
        "--oracle",
        nargs="?",
        const="all",
        default="",
        choices=["all", "qs"],
        help="the master sees the true deal (all), or only where QS is (qs)",
    )
    args = parser.parse_args(argv)
    if args.pair:
        pair(args.pair[0], args.pair[1:], args.full)
        return 0
    sets: dict[str, Any] = {}
    for item in args.set:
        name, _, value = item.partition("=")
        if not hasattr(master, name):
            raise SystemExit(f"games.bots.master has no {name}")
        sets[name] = json.loads(value) if value[:1] in '0123456789-tfn["{' else value
        current = getattr(master, name)
        if isinstance(current, dict) and isinstance(sets[name], dict):
            # ENDGAME_CARDS='{"4": 15}': seat counts as JSON keys, merged into the default
            sets[name] = {**current, **{int(k): v for k, v in sets[name].items()}}
    if args.list:
        deals: Sequence[int] = [int(x) for x in args.list.split(",")]
    else:
        lo, _, hi = args.deals.partition(":")
        deals = range(int(lo), int(hi))
    if not args.jsonl:
        raise SystemExit("--jsonl is required")
    _say(f"variant {sets}, load {os.getloadavg()}")
    run(sets, deals, args.jsonl, args.trace, args.oracle)
    _say(f"load {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
