"""An AI-only tournament through the engine (no HTTP, no database), rated like the ladder.

Each game draws a level for every seat from ``levels`` (seeded; a lineup of one level only is
drawn again: it would carry no information), plays it to game over with
`games.bots.match.play_game` (every decision from the seat's own view) and rates it with the
ladder's own rules (`ratings.ladder.placings` and `rate_game`, in game order). So the numbers
are the AI levels' places on the same scale as the players' ratings. Pure Python.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ratings import ladder


@dataclass
class LevelStanding:
    level: str
    skill: ladder.Skill = field(default_factory=ladder.Skill)
    games: int = 0
    seats: int = 0
    firsts: int = 0  # seats that placed first (shared firsts count)
    place_sum: int = 0

    @property
    def mean_place(self) -> float:
        return self.place_sum / self.seats if self.seats else 0.0


@dataclass
class PresetTable:
    preset: str
    games: int = 0
    hands: int = 0
    seconds: float = 0.0
    standings: dict[str, LevelStanding] = field(default_factory=dict)


def lineup(rng: random.Random, seats: int, levels: Sequence[str]) -> tuple[str, ...]:
    while True:
        drawn = tuple(rng.choice(levels) for _ in range(seats))
        if len(set(drawn)) > 1:
            return drawn


def run_preset(
    preset: str,
    *,
    games: int,
    levels: Sequence[str],
    seed: int | str = 0,
    target: int | None = None,
    progress: Callable[[str, int, PresetTable], None] | None = None,
) -> PresetTable:
    from games.bots.match import play_game
    from games.engine import RuleSet

    rules = RuleSet.from_preset(preset, {"target": target} if target else None)
    rng = random.Random(f"ladder:{preset}:{seed}")
    table = PresetTable(preset, standings={lv: LevelStanding(lv) for lv in levels})
    started = time.monotonic()
    for number in range(games):
        seat_levels = lineup(rng, rules.seats, levels)
        match = play_game(rules, seat_levels, seed=f"{preset}:{seed}:{number}")
        places = ladder.placings(match.totals)
        priors = {lv: table.standings[lv].skill for lv in set(seat_levels)}
        after = ladder.rate_game(priors, list(zip(seat_levels, places, strict=True)))
        for lv, skill in after.items():
            table.standings[lv].skill = skill
            table.standings[lv].games += 1
        for lv, place in zip(seat_levels, places, strict=True):
            standing = table.standings[lv]
            standing.seats += 1
            standing.place_sum += place
            standing.firsts += place == 1
        table.games += 1
        table.hands += len(match.hands)
        if progress is not None:
            progress(preset, number + 1, table)
    table.seconds = time.monotonic() - started
    return table


def format_tables(tables: Sequence[PresetTable]) -> str:
    """A Markdown table: one row per (preset, level), best first."""
    lines = [
        "| preset | games (hands) | level | rating ± deviation | mu ± sigma | conservative "
        "| seats | first places | mean place |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for table in tables:
        ranked = sorted(table.standings.values(), key=lambda s: -s.skill.mu)
        for st in ranked:
            sk = st.skill
            lines.append(
                f"| {table.preset} | {table.games} ({table.hands}) | {st.level} "
                f"| {ladder.display(sk.mu)} ± {ladder.display_deviation(sk.sigma)} "
                f"| {sk.mu:.2f} ± {sk.sigma:.2f} | {ladder.display(sk.ordinal)} "
                f"| {st.seats} | {st.firsts} ({100 * st.firsts / max(1, st.seats):.0f}%) "
                f"| {st.mean_place:.2f} |"
            )
    return "\n".join(lines) + "\n"
