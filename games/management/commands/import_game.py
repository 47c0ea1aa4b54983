"""Import an exported event log as a new game, after verifying its hash chain and replay."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import signing, store
from games.errors import InvalidGameLog


class Command(BaseCommand):
    help = "Import a JSON game log (from export_game) as a new game; verifies it first."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="JSON file, or - for stdin")
        parser.add_argument(
            "--public-key",
            action="append",
            default=[],
            help="a base64 public key of the exporting server (its GET /api/v1/signing-keys/) "
            "to check the export's signed heads with; repeatable. This server's keys are known.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            if path == "-":
                import sys

                data = json.load(sys.stdin)
            else:
                with open(path, encoding="utf-8") as fh:
                    data = json.load(fh)
        except (OSError, json.JSONDecodeError) as exc:
            raise CommandError(f"cannot read {path}: {exc}") from exc
        try:
            game = store.import_game(data, trusted_keys=options["public_key"])
        except (InvalidGameLog, signing.SigningKeyError) as exc:
            if isinstance(exc, signing.SigningKeyError):
                raise CommandError(str(exc)) from exc
            lines = [exc.message, *exc.details.get("mismatches", [])]
            raise CommandError("\n".join(lines), returncode=1) from exc
        self.stdout.write(f"imported game {game.pk} ({game.last_seq} events)")
