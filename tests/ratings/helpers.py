"""Finished games for the ratings tests, played through the games services (AI seats as the
Celery task plays them: ``services.ai_take_turn``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games import services
from tests.services.helpers import aggregate, first_legal, human_move, make_user

__all__ = ["make_user", "play_game", "play_to_end"]


def play_to_end(
    game_id: Any,
    users_by_seat: Mapping[int, Any],
    *,
    before_move: Callable[[Any, Any], None] | None = None,
    max_moves: int = 50_000,
) -> Any:
    """Drive a started game to game over: AI-controlled seats through ``ai_take_turn``, human
    seats with their first legal move. ``before_move(game_id, agg)`` may act first (resign,
    hand over)."""
    for _ in range(max_moves):
        agg = aggregate(game_id)
        if agg.status == "finished":
            return agg
        if before_move is not None:
            before_move(game_id, agg)
            agg = aggregate(game_id)
            if agg.status == "finished":
                return agg
        ai = agg.ai_seats_to_act()
        if ai:
            services.ai_take_turn(game_id=game_id, seat=ai[0], expected_seq=agg.seq)
            continue
        seat = agg.to_act[0]
        human_move(game_id, users_by_seat[seat], first_legal(agg, seat))
    raise AssertionError("game did not finish")


def play_game(
    preset: str,
    seats: Sequence[Any],
    *,
    creator: Any = None,
    target: int = 8,
    before_move: Callable[[Any, Any], None] | None = None,
    turn_limit_s: int | None = None,
) -> str:
    """A game of ``preset`` whose seats are users or AI level names, played to the end with a
    small target (one or two hands). Returns the game id."""
    humans = [s for s in seats if not isinstance(s, str)]
    creator = creator or humans[0]
    game = services.game_create(
        user=creator,
        preset=preset,
        overrides={"target": target},
        take_seat=False,
        turn_limit_s=turn_limit_s,
    )
    by_seat = {}
    for index, who in enumerate(seats):
        if isinstance(who, str):
            services.seat_fill_with_ai(game_id=game.game_id, user=creator, level=who, seats=[index])
        else:
            services.seat_take(game_id=game.game_id, user=who, seat=index)
            by_seat[index] = who
    services.game_start(game_id=game.game_id, user=creator)
    play_to_end(game.game_id, by_seat, before_move=before_move)
    return game.game_id
