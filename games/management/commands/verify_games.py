"""Replay every game (or the given ones) from scratch and check it.

Checks: numbering and the sha256 hash chain; each input event re-decided by the engine on the
state before it, with the derived events stored after it compared to the ones replay derives;
the Ed25519 signed heads (every hand end and game end) with the server's public keys; with
``--checkpoints FILE``, the auditor's checkpoints (from ``export_checkpoints``): the log must
still hold each checkpointed head (a rewritten or truncated log fails, and so does a game that
is gone); snapshots against the full replay; the Game/Seat read models. Prints one line per
mismatch (``game <id> seq <n>: <what differs>``) and exits with status 1 when any game fails.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import store
from games.errors import GameNotFound
from games.models import Game


class Command(BaseCommand):
    help = (
        "Verify games by replay: hash chain, signed heads, checkpoints, derived events, "
        "snapshots and read models."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("game_ids", nargs="*", help="game ids (default: every game)")
        parser.add_argument(
            "--quiet-ok", action="store_true", help="print nothing for games that verify"
        )
        parser.add_argument(
            "--checkpoints",
            metavar="FILE",
            help="JSON lines of signed heads kept outside the database (export_checkpoints); "
            "every game in it is checked against them",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        checkpoints: dict[str, list[store.Checkpoint]] = {}
        if options["checkpoints"]:
            try:
                with open(options["checkpoints"], encoding="utf-8") as fh:
                    checkpoints = store.read_checkpoints(fh)
            except (OSError, ValueError) as exc:
                raise CommandError(f"cannot read {options['checkpoints']}: {exc}") from exc
        ids = [str(i) for i in options["game_ids"]] or [
            str(pk)
            for pk in Game.objects.order_by("created_at").values_list("pk", flat=True).iterator()
        ]
        if not options["game_ids"]:
            # A checkpointed game that is no longer in the database is a failure, not a skip.
            ids += [gid for gid in checkpoints if gid not in set(ids)]
        failed = 0
        for game_id in ids:
            try:
                report = store.verify_game_report(game_id, checkpoints=checkpoints.get(game_id, ()))
            except GameNotFound:
                failed += 1
                if game_id in checkpoints:
                    self.stdout.write(
                        f"MISMATCH game {game_id} game: {store.CHECKPOINT_ERROR}: the game is "
                        "checkpointed but not in the database (deleted)"
                    )
                else:
                    self.stderr.write(f"game {game_id}: not found")
                continue
            if not report.ok:
                failed += 1
                for mismatch in report.mismatches:
                    self.stdout.write(f"MISMATCH {mismatch}")
            elif not options["quiet_ok"]:
                self.stdout.write(f"ok game {game_id}")
        summary = f"{len(ids)} game(s) checked, {failed} failed"
        if checkpoints:
            summary += f" ({sum(map(len, checkpoints.values()))} checkpoint(s) read)"
        if failed:
            raise CommandError(summary, returncode=1)
        self.stdout.write(self.style.SUCCESS(summary))
