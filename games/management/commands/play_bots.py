"""Bot-vs-bot matches from the command line (a thin wrapper of `games.bots.match`).

    python manage.py play_bots --levels expert,heuristic,heuristic,heuristic --games 8
    python manage.py play_bots --preset two_player --levels heuristic,random --games 20 --seed 3

Each game is played to its end through the engine, every decision from the seat's view only.
By default the lineup is rotated one seat per game so every level sits everywhere. Prints one
line per game and, per level, points per hand, games won and moons shot. Nothing is stored.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.bots import LEVELS
from games.bots.match import MatchResult, run_games


class Command(BaseCommand):
    help = "Play bot-vs-bot Hearts games (nothing is stored) and print results per level."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--preset", default="classic")
        parser.add_argument(
            "--overrides", default="", help='rule options as JSON, e.g. {"jack_of_diamonds": true}'
        )
        parser.add_argument(
            "--levels",
            default="",
            help=f"comma-separated, one per seat ({', '.join(LEVELS)}); default all heuristic",
        )
        parser.add_argument("--games", type=int, default=4)
        parser.add_argument("--seed", default="play_bots")
        parser.add_argument("--no-rotate", action="store_true", help="keep each level in its seat")

    def handle(self, *args: Any, **options: Any) -> None:
        from games.engine import InvalidRuleSet, RuleSet

        try:
            overrides = json.loads(options["overrides"]) if options["overrides"] else None
            rules = RuleSet.from_preset(options["preset"], overrides)
        except (ValueError, InvalidRuleSet) as exc:
            raise CommandError(f"invalid rules: {exc}") from exc
        levels = [x.strip() for x in options["levels"].split(",") if x.strip()] or (
            ["heuristic"] * rules.seats
        )
        if len(levels) != rules.seats or any(level not in LEVELS for level in levels):
            raise CommandError(
                f"--levels needs {rules.seats} of {', '.join(LEVELS)}, got {','.join(levels)}"
            )
        if options["games"] < 1:
            raise CommandError("--games must be at least 1")

        def on_game(number: int, result: MatchResult) -> None:
            pairs = zip(result.levels, result.totals, strict=True)
            seats = " ".join(f"{lv}={t}" for lv, t in pairs)
            winners = ",".join(str(s) for s in result.winners) or "-"
            self.stdout.write(
                f"game {number + 1}: {len(result.hands)} hands; totals {seats}; "
                f"winner seat {winners}"
            )

        stats = run_games(
            rules,
            levels,
            options["games"],
            options["seed"],
            rotate=not options["no_rotate"],
            on_game=on_game,
        )
        self.stdout.write(f"{rules.preset}, {options['games']} games, seed {options['seed']}:")
        for level, entry in stats.items():
            self.stdout.write(
                f"  {level:10s} {entry.points_per_hand:6.2f} points/hand over {entry.hands} "
                f"seat-hands; wins {entry.wins:g} of {entry.seats} seat-games; "
                f"moons {entry.moons}"
            )
