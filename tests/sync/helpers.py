"""Tables for the live-sync tests: four players with API tokens at a started classic game.

Everything goes through the services (the same doors the API uses).
"""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass, field
from typing import Any

from django.db import connection

from games import services
from games.selectors import game_view_for_user
from players.services import player_sign_up


@dataclass
class Table:
    game_id: str
    players: list[Any]  # players[s] sits at seat s
    tokens: list[str]
    spectator: Any
    spectator_token: str
    extra: dict = field(default_factory=dict)

    def view(self, seat: int) -> dict[str, Any]:
        return game_view_for_user(game_id=self.game_id, user=self.players[seat])["view"]

    def hand(self, seat: int) -> list[str]:
        return list(self.view(seat)["hand"])

    def pass_cards(self, seat: int):
        """Pass the first cards of ``seat``'s hand (a legal pass)."""
        view = self.view(seat)
        return services.game_pass_cards(
            game_id=self.game_id,
            user=self.players[seat],
            cards=view["hand"][: view["pass_count"]],
        )

    def play_first_legal(self, seat: int):
        view = self.view(seat)
        return services.game_play_card(
            game_id=self.game_id, user=self.players[seat], card=view["legal_cards"][0]
        )

    def to_act(self) -> list[int]:
        return list(game_view_for_user(game_id=self.game_id, user=None)["to_act"])


def _sign_up(prefix: str):
    user, token = player_sign_up(
        username=f"{prefix}-{uuid.uuid4().hex[:10]}", password="correct-horse-battery-9"
    )
    return user, token.key


def make_table(*, start: bool = True, preset: str = "classic", overrides=None) -> Table:
    seated = [_sign_up(f"seat{i}") for i in range(4)]
    spectator, spectator_token = _sign_up("rail")
    players = [u for u, _ in seated]
    created = services.game_create(user=players[0], preset=preset, overrides=overrides)
    for user in players[1:]:
        services.seat_take(game_id=created.game_id, user=user)
    if start:
        services.game_start(game_id=created.game_id, user=players[0])
    table = Table(
        game_id=str(created.game_id),
        players=players,
        tokens=[t for _, t in seated],
        spectator=spectator,
        spectator_token=spectator_token,
    )
    # Seat order follows sign-up order (each takes the first free seat); check, do not assume.
    for seat, user in enumerate(players):
        assert game_view_for_user(game_id=table.game_id, user=user)["your_seat"] == seat
    return table


async def in_thread(func, *args, **kwargs):
    """``func`` in a thread of its own (ORM calls from a test's event loop), closing that
    thread's database connection after it (the test database is dropped at the end)."""

    def run():
        try:
            return func(*args, **kwargs)
        finally:
            connection.close()

    return await asyncio.to_thread(run)
