"""``manage.py ratings_ai_ladder``: rate the AI levels against each other (engine only).

Plays N AI-only games per preset straight through the engine and the bots (no HTTP, no database,
nothing stored), rates them with the ladder's rules and prints a Markdown table of each level's
rating with its uncertainty (docs/ratings.md records a run). Long: the expert thinks ~70 ms per
real choice; run it with ``nice``.
"""

from __future__ import annotations

import os
import time

from django.core.management.base import BaseCommand, CommandError

from ratings import tournament

DEFAULT_LEVELS = ("random", "heuristic", "expert", "master")


class Command(BaseCommand):
    help = "Play AI-only games between the bot levels through the engine and rate the levels."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=50, help="games per preset (50)")
        parser.add_argument(
            "--presets", default="classic", help="comma-separated presets, or 'all' (classic)"
        )
        parser.add_argument(
            "--levels", default=",".join(DEFAULT_LEVELS), help="comma-separated bot levels"
        )
        parser.add_argument("--seed", default="0", help="seed of lineups and deals (0)")
        parser.add_argument(
            "--target", type=int, default=None, help="override each preset's target score"
        )
        parser.add_argument("--progress", action="store_true", help="print each game as it ends")
        parser.add_argument(
            "--out",
            default=None,
            help="rewrite this file with the table so far after every game (a cut run keeps it)",
        )

    def handle(self, *args, **options):
        from games.bots.levels import LEVELS
        from games.engine import PRESETS

        presets = list(PRESETS) if options["presets"] == "all" else options["presets"].split(",")
        levels = [lv for lv in options["levels"].split(",") if lv]
        unknown = [p for p in presets if p not in PRESETS] + [
            lv for lv in levels if lv not in LEVELS
        ]
        if unknown:
            raise CommandError(f"unknown preset or level: {', '.join(unknown)}")
        if len(set(levels)) < 2:
            raise CommandError("at least two distinct levels are needed")
        if options["games"] < 1:
            raise CommandError("--games must be at least 1")

        started = time.monotonic()
        tables: list[tournament.PresetTable] = []

        def progress(preset, number, table):
            if options["progress"]:
                self.stdout.write(f"{preset}: game {number}/{options['games']}")
            if options["out"]:
                _write_out(options["out"], [*tables, table], time.monotonic() - started)

        for preset in presets:
            tables.append(
                tournament.run_preset(
                    preset,
                    games=options["games"],
                    levels=levels,
                    seed=options["seed"],
                    target=options["target"],
                    progress=progress,
                )
            )
        self.stdout.write(tournament.format_tables(tables), ending="")
        total = sum(t.games for t in tables)
        self.stdout.write(
            f"{total} games, {sum(t.hands for t in tables)} hands in "
            f"{time.monotonic() - started:.0f} s (seed {options['seed']}, "
            f"target {options['target'] or 'preset'})"
        )


def _write_out(path: str, tables: list[tournament.PresetTable], seconds: float) -> None:
    games = sum(t.games for t in tables)
    hands = sum(t.hands for t in tables)
    text = tournament.format_tables(tables) + f"{games} games, {hands} hands in {seconds:.0f} s\n"
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, path)
