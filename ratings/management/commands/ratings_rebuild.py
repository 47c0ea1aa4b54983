"""``manage.py ratings_rebuild``: rebuild every rating from the games' event logs.

Deletes the ratings projection (of ``--preset`` or every preset) and applies every finished game
again, replayed from its log, in game-finish order: the result must equal what the incremental
path stored (docs/ratings.md). ``--check`` does it inside a transaction that is rolled back and
reports every value that differs (exit status 1 if any): a verification that changes nothing.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from ratings import selectors, services


class _RolledBack(Exception):
    pass


class Command(BaseCommand):
    help = "Rebuild the ratings from the event logs in game-finish order (--check: verify only)."

    def add_arguments(self, parser):
        parser.add_argument("--preset", action="append", help="only this preset (repeatable)")
        parser.add_argument(
            "--check", action="store_true", help="compare with the stored ratings, change nothing"
        )

    def handle(self, *args, **options):
        presets = options["preset"]
        if not options["check"]:
            counts = services.ratings_rebuild(presets=presets)
            for preset, count in counts.items():
                self.stdout.write(f"{preset}: {count} game(s) applied")
            return
        before = selectors.projection_snapshot(presets=presets)
        try:
            with transaction.atomic():
                counts = services.ratings_rebuild(presets=presets)
                after = selectors.projection_snapshot(presets=presets)
                raise _RolledBack
        except _RolledBack:
            pass
        differences = selectors.snapshot_differences(before, after)
        for line in differences[:50]:
            self.stdout.write(line)
        total = sum(counts.values())
        if differences:
            raise CommandError(
                f"{len(differences)} difference(s) between the stored ratings and a rebuild "
                f"of {total} game(s)"
            )
        self.stdout.write(f"ratings match a rebuild from the logs ({total} game(s))")
