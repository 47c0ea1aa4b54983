"""Bot-vs-bot matches through the engine (pure: no Django).

Each seat gets a level; every decision goes through `choose_move(view_for_seat(state, seat))`,
so the bots see exactly what a seated player would. Randomness is explicit: the deck order comes
from a seed, and each decision's rng is seeded from (seed, hand, seat, decision number), so a
match is reproducible.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.bots.levels import LEVELS, choose_move

DecisionHook = Callable[[str, str, int, float], None]
"""Called after each bot decision with (level, phase, number of legal cards (0 while passing or
choosing a moon), CPU seconds spent in `choose_move`)."""


@dataclass(slots=True)
class HandOutcome:
    points: tuple[int, ...]
    moon_shooter: int | None


@dataclass(slots=True)
class MatchResult:
    levels: tuple[str, ...]
    hands: list[HandOutcome] = field(default_factory=list)
    totals: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()


def shuffled_deck(rules: Any, seed: int | str) -> tuple[Any, ...]:
    """A deck order for ``rules`` drawn from ``seed`` (the engine never shuffles)."""
    from games.engine import deck_for

    cards = list(deck_for(rules))
    random.Random(f"deck:{seed}").shuffle(cards)
    return tuple(cards)


def _check_levels(rules: Any, levels: Sequence[str]) -> None:
    if len(levels) != rules.seats:
        raise ValueError(f"{rules.seats} seats need {rules.seats} levels, got {len(levels)}")
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}")


def _decide(
    state: Any, seat: int, level: str, rng: random.Random, hook: DecisionHook | None
) -> Any:
    from games.engine import Phase, view_for_seat

    view = view_for_seat(state, seat)
    started = time.process_time()
    move = choose_move(view, level, rng)
    if hook is not None:
        choices = len(view.legal_cards or ()) if state.phase == Phase.PLAYING else 0
        hook(level, state.phase, choices, time.process_time() - started)
    return move


def play_out_hand(
    state: Any, levels: Sequence[str], seed: int | str, hook: DecisionHook | None = None
) -> Any:
    """Play the current hand of ``state`` (already dealt) to its end; return the new state."""
    from games.engine import Phase, apply

    hand_number = state.hand_number
    decisions = 0
    in_hand = (Phase.PASSING, Phase.PLAYING, Phase.MOON_CHOICE)
    while state.phase in in_hand and state.hand_number == hand_number:
        for seat in state.to_act:
            rng = random.Random(f"{seed}:{hand_number}:{seat}:{decisions}")
            decisions += 1
            state, _ = apply(state, _decide(state, seat, levels[seat], rng, hook))
            if state.phase == Phase.PASSING:
                continue
            break
    return state


def play_hand(
    rules: Any,
    deck: Sequence[Any],
    levels: Sequence[str],
    seed: int | str,
    hook: DecisionHook | None = None,
) -> HandOutcome:
    """One hand from a fixed deck order (the first hand of a new game, so its pass rule)."""
    from games.engine import DealHand, apply, new_game

    _check_levels(rules, levels)
    state, _ = apply(new_game(rules), DealHand(tuple(deck), f"bots:{seed}"))
    state = play_out_hand(state, levels, seed, hook)
    result = state.hand_results[-1]
    return HandOutcome(tuple(result.points), result.moon_shooter)


def play_game(
    rules: Any,
    levels: Sequence[str],
    seed: int | str,
    hook: DecisionHook | None = None,
    max_hands: int = 200,
) -> MatchResult:
    """A whole game to its end (or ``max_hands``), dealing from decks drawn from ``seed``."""
    from games.engine import DealHand, Phase, apply, new_game

    _check_levels(rules, levels)
    match = MatchResult(tuple(levels))
    state = new_game(rules)
    while state.phase != Phase.GAME_OVER and len(match.hands) < max_hands:
        number = state.hand_number + 1
        deck = shuffled_deck(rules, f"{seed}:{number}")
        state, _ = apply(state, DealHand(deck, f"bots:{seed}:{number}"))
        state = play_out_hand(state, levels, f"{seed}:{number}", hook)
        result = state.hand_results[-1]
        match.hands.append(HandOutcome(tuple(result.points), result.moon_shooter))
    match.totals = tuple(state.totals)
    if state.outcome is not None:
        match.winners = tuple(state.outcome.winners)
    return match


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """The lineup rotated through every seat (duplicate play: each level sits everywhere)."""
    n = len(lineup)
    out: list[tuple[str, ...]] = []
    for r in range(n):
        rotated = tuple(lineup[(s - r) % n] for s in range(n))
        if rotated not in out:
            out.append(rotated)
    return out


def duplicate_deal(
    rules: Any, deal_seed: int | str, lineup: Sequence[str], hook: DecisionHook | None = None
) -> dict[str, list[float]]:
    """Replay one deal with ``lineup`` rotated through the seats; mean points per hand of each
    level over the rotations, as {level: [points of each seat it held, ...]}."""
    deck = shuffled_deck(rules, deal_seed)
    scores: dict[str, list[float]] = {}
    for r, levels in enumerate(rotations(lineup)):
        outcome = play_hand(rules, deck, levels, f"{deal_seed}:{r}", hook)
        for seat, level in enumerate(levels):
            scores.setdefault(level, []).append(outcome.points[seat])
    return scores


@dataclass(slots=True)
class LevelStats:
    seats: int = 0
    hands: int = 0
    points: int = 0
    wins: float = 0.0
    moons: int = 0

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0


def run_games(
    rules: Any,
    levels: Sequence[str],
    games: int,
    seed: int | str,
    rotate: bool = True,
    hook: DecisionHook | None = None,
    on_game: Callable[[int, MatchResult], None] | None = None,
) -> dict[str, LevelStats]:
    """Play ``games`` whole games; with ``rotate`` game ``g`` seats the lineup rotated by ``g``
    so every level sits everywhere. Returns statistics per level (a shared win counts as a
    fraction)."""
    _check_levels(rules, levels)
    lineups = rotations(levels) if rotate else [tuple(levels)]
    stats: dict[str, LevelStats] = {level: LevelStats() for level in levels}
    for g in range(games):
        lineup = lineups[g % len(lineups)]
        result = play_game(rules, lineup, f"{seed}:{g}", hook)
        for seat, level in enumerate(lineup):
            entry = stats[level]
            entry.seats += 1
            entry.hands += len(result.hands)
            entry.points += sum(h.points[seat] for h in result.hands)
            entry.moons += sum(1 for h in result.hands if h.moon_shooter == seat)
            if seat in result.winners:
                entry.wins += 1 / len(result.winners)
        if on_game is not None:
            on_game(g, result)
    return stats
