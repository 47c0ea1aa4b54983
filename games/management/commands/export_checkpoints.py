"""Write the signed chain heads as JSON lines: checkpoints an auditor keeps outside the database.

``verify_games --checkpoints FILE`` later fails for any game whose log no longer holds a
checkpointed head (rewritten, truncated or deleted). Each line:
``{"game_id", "seq", "head_hash", "key_id", "signature"}``.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand

from games import store


class Command(BaseCommand):
    help = "Export signed chain heads as JSON lines (checkpoints for verify_games --checkpoints)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("game_ids", nargs="*", help="game ids (default: every game)")
        parser.add_argument("--output", "-o", help="file to write (default: stdout)")
        parser.add_argument(
            "--latest", action="store_true", help="only the newest signed head of each game"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        checkpoints = store.iter_checkpoints(
            options["game_ids"] or None, latest_only=options["latest"]
        )
        lines = (json.dumps(cp.to_dict(), sort_keys=True) + "\n" for cp in checkpoints)
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8") as fh:
                count = sum(fh.write(line) > 0 for line in lines)
        else:
            count = 0
            for line in lines:
                self.stdout.write(line, ending="")
                count += 1
        self.stderr.write(f"exported {count} checkpoint(s)")
