"""Scoring a hand (penalty cards, moon, jack of diamonds), game end and the automatic moon choice.

Points of a trick: 1 per heart, ``queen_points`` for QS, and -10 for JD when that option is on.
Moon: one seat took every heart of the deck and QS. If any heart or QS is dead (undealt), nobody
can shoot the moon that hand. The moon total is the penalty points in play (hearts + QS). JD is
scored on top of the moon result. ``no_trick_bonus``: when nobody shot the moon, a seat that won
no trick in the hand scores that many points off (0 = off); a moon hand has no such bonus (as in
OpenSpiel's ``avoid_all_tricks_bonus``, where the option comes from).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import HEARTS_MASK, JD_BIT, QS_BIT
from .rules import RuleSet
from .state import GameOutcome, GameState

JACK_OF_DIAMONDS_POINTS = -10


def card_points_table(rules: RuleSet) -> tuple[int, ...]:
    """Points of each card index (0..51) under ``rules``."""
    table = [0] * 52
    for i in range(52):
        bit = 1 << i
        if bit & HEARTS_MASK:
            table[i] = 1
        elif bit == QS_BIT:
            table[i] = rules.queen_points
        elif bit == JD_BIT and rules.jack_of_diamonds:
            table[i] = JACK_OF_DIAMONDS_POINTS
    return tuple(table)


def mask_points(rules: RuleSet, mask: int) -> int:
    """Points of a set of cards (penalties plus the JD bonus when on)."""
    points = (mask & HEARTS_MASK).bit_count()
    if mask & QS_BIT:
        points += rules.queen_points
    if rules.jack_of_diamonds and mask & JD_BIT:
        points += JACK_OF_DIAMONDS_POINTS
    return points


def moon_cards(rules: RuleSet) -> int:
    """Mask of the cards a shooter must take: every heart of the deck and QS."""
    return (rules.deck_mask & HEARTS_MASK) | QS_BIT


def moon_total(rules: RuleSet) -> int:
    """Penalty points in play when every heart and QS is dealt."""
    return (rules.deck_mask & HEARTS_MASK).bit_count() + rules.queen_points


def find_moon_shooter(rules: RuleSet, taken: Sequence[int], dead: int) -> int | None:
    need = moon_cards(rules)
    if dead & need:
        return None
    for seat, mask in enumerate(taken):
        if mask & need == need:
            return seat
    return None


def hand_points(
    rules: RuleSet, taken: Sequence[int], shooter: int | None, choice: str | None
) -> tuple[int, ...]:
    """Hand points per seat. With a shooter, ``choice`` is the moon scoring applied. Without
    one, ``no_trick_bonus`` is taken off the points of every seat that won no trick."""
    if shooter is None:
        off = rules.no_trick_bonus
        return tuple(mask_points(rules, mask) - (off if not mask else 0) for mask in taken)
    total = moon_total(rules)
    out = []
    for seat, mask in enumerate(taken):
        bonus = JACK_OF_DIAMONDS_POINTS if rules.jack_of_diamonds and mask & JD_BIT else 0
        if choice == "subtract_from_self":
            out.append(bonus - total if seat == shooter else bonus)
        else:
            out.append(bonus if seat == shooter else bonus + total)
    return tuple(out)


def game_outcome(rules: RuleSet, totals: tuple[int, ...], hand_number: int) -> GameOutcome | None:
    """The outcome after a hand, or None when the game goes on.

    The game ends when any total reaches or passes the target; the lowest total wins. A tie for
    lowest plays on (``tie="play_on"``) or shares the win (``tie="shared"``).
    """
    if max(totals) < rules.target:
        return None
    low = min(totals)
    winners = tuple(seat for seat, total in enumerate(totals) if total == low)
    if len(winners) > 1 and rules.tie == "play_on":
        return None
    return GameOutcome(winners, totals, hand_number)


def auto_moon_choice(state: GameState) -> str:
    """The automatic choice for a moon shooter (phase ``moon_choice``).

    Prefers the choice that does not make the shooter lose the game: a choice that ends the game
    with the shooter among the winners beats one that lets the game go on, which beats one that
    ends it with the shooter losing. On equal footing, ``add_to_others``.
    """
    hand = state.hand
    if hand is None or hand.moon_shooter is None:
        return "add_to_others"
    shooter = hand.moon_shooter
    rules = state.rules

    def rank(choice: str) -> int:
        points = hand_points(rules, hand.taken, shooter, choice)
        totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
        outcome = game_outcome(rules, totals, hand.number)
        if outcome is None:
            return 1
        return 0 if shooter in outcome.winners else 2

    if rank("subtract_from_self") < rank("add_to_others"):
        return "subtract_from_self"
    return "add_to_others"
