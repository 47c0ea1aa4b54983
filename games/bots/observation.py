"""What one seat knows, distilled from its `SeatView` into card bitmasks.

This is the only module of the bots that reads the engine's `SeatView`. Everything here is
derived from the view alone: the seat's own cards, the cards played to tricks, who won them,
the cards this seat passed and received, and the voids the other seats have shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.bots.cards import HEARTS_MASK, QS_BIT, penalty_points, suit_of


def cards_mask(cards: Any) -> int:
    mask = 0
    for card in cards or ():
        mask |= 1 << card.index
    return mask


@dataclass(slots=True)
class Observation:
    seat: int
    seats: int
    phase: str
    deck: int
    hand: int
    legal: int
    played: int
    trick: list[tuple[int, int]]
    trick_number: int
    hearts_broken: bool
    points_taken: list[int]
    taken: list[int]
    tricks_won: list[int]
    cards_left: list[int]
    voids: list[int]
    passed: int
    passed_to: int | None
    received: int
    received_from: int | None
    pass_count: int
    pass_direction: str | None
    already_passed: bool
    queen_points: int
    jack_of_diamonds: bool
    free_first_trick: bool
    moon_rule: str
    totals: list[int]
    target: int
    hand_size: int = 13
    history: list[list[tuple[int, int]]] = field(default_factory=list)
    """The completed tricks, each as its (seat, card index) plays in order from the leader."""

    # --- derived facts -----------------------------------------------------------------

    @property
    def unseen(self) -> int:
        """Cards this seat has not seen: in another seat's hand, or dead."""
        return self.deck & ~self.hand & ~self.played

    @property
    def first_trick(self) -> bool:
        return self.trick_number <= 1 and not any(self.tricks_won)

    @property
    def led_suit(self) -> int | None:
        return suit_of(self.trick[0][1]) if self.trick else None

    def trick_winner(self) -> tuple[int, int]:
        """(seat, card index) currently winning the trick in progress."""
        led = suit_of(self.trick[0][1])
        best_seat, best = self.trick[0]
        for seat, card in self.trick[1:]:
            if suit_of(card) == led and card > best:
                best_seat, best = seat, card
        return best_seat, best

    def trick_mask(self) -> int:
        mask = 0
        for _, card in self.trick:
            mask |= 1 << card
        return mask

    @property
    def moon_total(self) -> int:
        """Penalty points of the deck (dead cards included: they are unknown until the end)."""
        return penalty_points(self.deck, self.queen_points)

    def queen_live(self) -> bool:
        """QS is in the deck and has not been played yet."""
        return bool(self.deck & QS_BIT) and not self.played & QS_BIT

    def seats_after_me(self) -> int:
        """How many seats play to the current trick after this one."""
        return self.seats - 1 - len(self.trick)

    def may_hold(self, seat: int, suit: int) -> bool:
        return not self.voids[seat] & (1 << suit)


def observe(view: Any) -> Observation:
    """Build the bots' `Observation` from an engine `SeatView` (and from nothing else)."""
    rules = view.rules
    if view.seat is None:
        raise ValueError("a bot needs a seated view, not the spectator's")
    seat = int(view.seat)
    seats = int(rules.seats)
    voids = [0] * seats
    taken = [0] * seats
    tricks_won = [0] * seats
    played = 0
    history: list[list[tuple[int, int]]] = []
    for trick in view.tricks:
        plays = trick.plays(seats)
        history.append([(int(s), card.index) for s, card in plays])
        led = plays[0][1].index // 13
        mask = 0
        for s, card in plays:
            mask |= 1 << card.index
            if card.index // 13 != led:
                voids[s] |= 1 << led
        played |= mask
        tricks_won[trick.winner] += 1
        taken[trick.winner] |= mask & (HEARTS_MASK | QS_BIT)
    current = [(int(s), card.index) for s, card in view.trick]
    if current:
        led = current[0][1] // 13
        for s, c in current:
            played |= 1 << c
            if c // 13 != led:
                voids[s] |= 1 << led

    direction = view.pass_direction
    passed = cards_mask(view.passed_cards)
    received = cards_mask(view.received_cards)
    passed_to = received_from = None
    if view.pass_count and direction != "hold":
        passed_to = rules.pass_target(seat, direction)
        received_from = next(s for s in range(seats) if rules.pass_target(s, direction) == seat)
    return Observation(
        seat=seat,
        seats=seats,
        phase=str(view.phase),
        deck=int(rules.deck_mask),
        hand=cards_mask(view.hand),
        legal=cards_mask(view.legal_cards),
        played=played,
        trick=current,
        trick_number=int(view.trick_number),
        hearts_broken=bool(view.hearts_broken),
        points_taken=[int(p) for p in view.points_taken],
        taken=taken,
        tricks_won=tricks_won,
        cards_left=[int(n) for n in view.cards_left],
        voids=voids,
        passed=passed,
        passed_to=passed_to,
        received=received,
        received_from=received_from,
        pass_count=int(view.pass_count),
        pass_direction=direction,
        already_passed=view.passed_cards is not None,
        queen_points=int(rules.queen_points),
        jack_of_diamonds=bool(rules.jack_of_diamonds),
        free_first_trick=bool(rules.free_first_trick),
        moon_rule=str(rules.moon),
        totals=[int(t) for t in view.totals],
        target=int(rules.target),
        hand_size=int(rules.hand_size),
        history=history,
    )
