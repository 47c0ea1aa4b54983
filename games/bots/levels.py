"""`choose_move`: one entry point for every bot level."""

from __future__ import annotations

import random
from typing import Any

from games.bots import heuristic
from games.bots.cards import indices
from games.bots.observation import Observation, observe

LEVELS: tuple[str, ...] = ("random", "heuristic", "expert", "master")

MOON_CHOICES = ("add_to_others", "subtract_from_self")


def choose_move(view: Any, level: str, rng: random.Random) -> Any:
    """The move of ``view.seat`` at ``level``, chosen from the seat's view alone.

    Raises ValueError for an unknown level, or when the view's seat has nothing to do.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}")
    from games.engine import Card, ChooseMoon, PassCards, Phase, PlayCard

    obs = observe(view)
    seat = obs.seat
    if obs.phase == Phase.PASSING:
        if obs.pass_count <= 0 or obs.already_passed:
            raise ValueError(f"seat {seat} has no cards to pass now")
        if level == "random":
            chosen = rng.sample(sorted(indices(obs.hand)), obs.pass_count)
        else:
            chosen = heuristic.choose_pass(obs)
        return PassCards(seat, frozenset(Card.from_index(i) for i in chosen))
    if obs.phase == Phase.MOON_CHOICE:
        choice = rng.choice(MOON_CHOICES) if level == "random" else heuristic.choose_moon(obs)
        return ChooseMoon(seat, choice)
    if obs.phase != Phase.PLAYING or not obs.legal:
        raise ValueError(f"seat {seat} has no move in phase {obs.phase!r}")
    return PlayCard(seat, Card.from_index(_choose_card(view, obs, level, rng)))


def _choose_card(view: Any, obs: Observation, level: str, rng: random.Random) -> int:
    if level == "random":
        return rng.choice(list(indices(obs.legal)))
    if level == "heuristic":
        return heuristic.choose_play(obs)
    if level == "master":
        from games.bots import master

        return master.choose_play(view, obs, rng)
    from games.bots import expert

    return expert.choose_play(view, obs, rng)
