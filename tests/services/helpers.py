"""Helpers shared by the service and store tests: users and a legal-move driver."""

from __future__ import annotations

import itertools
from typing import Any

from django.contrib.auth import get_user_model

from games import engine, services, store

_counter = itertools.count(1)


def make_user(name: str | None = None) -> Any:
    name = name or f"player{next(_counter)}"
    return get_user_model().objects.create_user(username=name, password="pw-for-tests")


def aggregate(game_id: Any):
    return store.load(game_id).aggregate


def first_legal(agg: Any, seat: int) -> Any:
    """A legal move for ``seat``: the first cards of its hand when passing, else the first
    legal move."""
    state = agg.state
    if agg.phase == "passing":
        return engine.PassCards(
            seat=seat, cards=frozenset(engine.legal_cards(state, seat)[: state.pass_count])
        )
    return engine.legal_moves(state, seat)[0]


def human_move(game_id: Any, user: Any, move: Any) -> services.CommandResult:
    if isinstance(move, engine.PassCards):
        return services.game_pass_cards(game_id=game_id, user=user, cards=sorted(move.cards))
    if isinstance(move, engine.PlayCard):
        return services.game_play_card(game_id=game_id, user=user, card=move.card.code)
    return services.game_choose_moon(game_id=game_id, user=user, choice=move.choice)


def play_humans(
    game_id: Any, users_by_seat: dict[int, Any], *, max_moves: int = 100_000, stop=None
) -> Any:
    """Drive the human seats with legal moves until the game is over (or ``stop(agg)``)."""
    for _ in range(max_moves):
        agg = aggregate(game_id)
        if agg.status == "finished" or (stop is not None and stop(agg)):
            return agg
        seat = agg.to_act[0]
        human_move(game_id, users_by_seat[seat], first_legal(agg, seat))
    raise AssertionError("game did not finish")
