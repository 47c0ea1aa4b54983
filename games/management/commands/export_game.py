"""Write one game's full event log as JSON (stdout, or --output FILE)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import store
from games.errors import GameNotFound


class Command(BaseCommand):
    help = "Export a game's event log as JSON."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("game_id")
        parser.add_argument("--output", "-o", help="file to write (default: stdout)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            data = store.export_game(options["game_id"])
        except GameNotFound as exc:
            raise CommandError(f"game {options['game_id']} not found") from exc
        text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False)
        if options.get("output"):
            with open(options["output"], "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
            self.stderr.write(f"exported {len(data['events'])} events to {options['output']}")
        else:
            self.stdout.write(text)
