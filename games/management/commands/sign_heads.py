"""Sign the hand-end and game-end heads of logs written before signing (idempotent).

The documented migration step after upgrading to signed heads (docs/event-store.md): run
``verify_games`` first (this signs each log as it stands), then ``sign_heads``; later runs find
nothing to sign. New events are signed as they are appended.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import store
from games.errors import GameNotFound
from games.models import Game


class Command(BaseCommand):
    help = "Sign every unsigned hand-end / game-end chain head (all games, or the given ones)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("game_ids", nargs="*", help="game ids (default: every game)")

    def handle(self, *args: Any, **options: Any) -> None:
        ids = options["game_ids"] or list(
            Game.objects.order_by("created_at").values_list("pk", flat=True).iterator()
        )
        signed = games = 0
        for game_id in ids:
            try:
                count = store.sign_missing_heads(game_id)
            except GameNotFound as exc:
                raise CommandError(f"game {game_id} not found") from exc
            signed += count
            games += bool(count)
        self.stdout.write(f"signed {signed} head(s) in {games} game(s); {len(ids)} checked")
