"""Replay every game (or the given ones) from scratch and check it.

Checks: numbering and the sha256 hash chain; each input event re-decided by the engine on the
state before it, with the derived events stored after it compared to the ones replay derives;
snapshots against the full replay; the Game/Seat read models. Prints one line per mismatch
(``game <id> seq <n>: <what differs>``) and exits with status 1 when any game fails.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import store
from games.errors import GameNotFound
from games.models import Game


class Command(BaseCommand):
    help = "Verify games by replay: hash chain, derived events, snapshots and read models."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("game_ids", nargs="*", help="game ids (default: every game)")
        parser.add_argument(
            "--quiet-ok", action="store_true", help="print nothing for games that verify"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        ids = options["game_ids"] or list(
            Game.objects.order_by("created_at").values_list("pk", flat=True).iterator()
        )
        failed = 0
        for game_id in ids:
            try:
                mismatches = store.verify_game(game_id)
            except GameNotFound:
                self.stderr.write(f"game {game_id}: not found")
                failed += 1
                continue
            if mismatches:
                failed += 1
                for mismatch in mismatches:
                    self.stdout.write(f"MISMATCH {mismatch}")
            elif not options["quiet_ok"]:
                self.stdout.write(f"ok game {game_id}")
        summary = f"{len(ids)} game(s) checked, {failed} failed"
        if failed:
            raise CommandError(summary, returncode=1)
        self.stdout.write(self.style.SUCCESS(summary))
