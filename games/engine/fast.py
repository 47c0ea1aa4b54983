"""Private mutable bitmask fast path for random playouts (Monte-Carlo bots).

`FastHand` is one hand in phase ``playing`` held as mutable int bitmasks (bit i =
``Card.from_index(i)``). ``play`` trusts its input: call it only with a card from
``legal_mask()``. A property test shows that it agrees with decide/evolve (same legal cards at
every step, same hand points). With ``moon = shooter_chooses``, ``hand_points`` scores a moon as
``add_to_others``. Every rule option is honoured, the five of this wave included
(``hearts_broken_by``, ``lead_hearts_any_time``, ``opening_lead``, ``no_club_leader``,
``no_trick_bonus``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .cards import (
    CLUBS_MASK,
    HEARTS_MASK,
    JD_BIT,
    PENALTY_MASK,
    QS_BIT,
    SUIT_MASKS,
    SUIT_OF,
    Card,
    cards_of,
    mask_of,
)
from .rules import RuleSet
from .scoring import JACK_OF_DIAMONDS_POINTS, card_points_table, moon_cards, moon_total
from .state import GameState
from .views import SeatView

_NON_PENALTY = ~PENALTY_MASK
_NON_HEARTS = ~HEARTS_MASK


def mask_to_cards(mask: int) -> tuple[Card, ...]:
    """Cards of a mask, by suit then rank."""
    return cards_of(mask)


def cards_to_mask(cards: Iterable[Card]) -> int:
    """Mask of some cards."""
    return mask_of(cards)


class FastHand:
    """A mutable hand for playouts. Build with `from_state` or `from_view`."""

    __slots__ = (
        "_next",
        "any_club",
        "best",
        "breakers",
        "discard",
        "free_lead",
        "hands",
        "hearts_broken",
        "hq_option",
        "is_over",
        "jd",
        "lead_any",
        "leader",
        "led",
        "moon_mask",
        "moon_subtract",
        "moon_value",
        "no_trick",
        "opening",
        "points",
        "pts",
        "restrict",
        "rules",
        "seat_to_play",
        "seats",
        "taken",
        "tmask",
        "tpts",
        "trick",
        "trick_number",
        "win",
    )

    def __init__(
        self,
        rules: RuleSet,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        trick_number: int,
        hearts_broken: bool,
        taken: Sequence[int],
        points: Sequence[int],
        in_play: int,
    ) -> None:
        seats = rules.seats
        self.rules = rules
        self.seats = seats
        self.hands = list(hands)
        self.leader = leader
        self.trick: list[int] = []
        self.led = 0
        self.best = -1
        self.win = leader
        self.tmask = 0
        self.tpts = 0
        self.trick_number = trick_number
        self.hearts_broken = hearts_broken
        self.taken = list(taken)
        self.points = list(points)
        self.restrict = not rules.free_first_trick
        self.hq_option = rules.hearts_or_queen_when_only_penalties
        self.breakers = HEARTS_MASK | (QS_BIT if rules.queen_breaks_hearts else 0)
        self.discard = rules.hearts_broken_by == "discard"
        self.lead_any = rules.lead_hearts_any_time
        self.any_club = rules.opening_lead == "any_club"
        self.free_lead = rules.no_club_leader == "any_card"
        self.no_trick = rules.no_trick_bonus
        self.pts = card_points_table(rules)
        need = moon_cards(rules)
        self.moon_mask = need if in_play & need == need else 0
        self.moon_value = moon_total(rules)
        self.moon_subtract = rules.moon == "subtract_from_self"
        self.jd = rules.jack_of_diamonds
        self._next = tuple((s + 1) % seats for s in range(seats))
        clubs = 0
        for mask in hands:
            clubs |= mask
        for ci in trick:
            clubs |= 1 << ci
        clubs &= CLUBS_MASK
        self.opening = (clubs & -clubs).bit_length() - 1 if clubs else -1
        self.seat_to_play = leader
        self.is_over = not any(hands) and not trick
        for ci in trick:
            self._add_to_trick(ci)

    def _add_to_trick(self, ci: int) -> None:
        s = self.seat_to_play
        self.trick.append(ci)
        bit = 1 << ci
        if len(self.trick) == 1:
            self.led = SUIT_OF[ci]
            self.best = ci
            self.win = s
            self.tmask = bit
            self.tpts = self.pts[ci]
        else:
            if SUIT_OF[ci] == self.led and ci > self.best:
                self.best = ci
                self.win = s
            self.tmask |= bit
            self.tpts += self.pts[ci]
        self.seat_to_play = self._next[s]

    @classmethod
    def from_state(cls, state: GameState) -> FastHand:
        """The current hand of a game in phase ``playing``."""
        hand = state.hand
        if state.phase != "playing" or hand is None:
            raise ValueError("FastHand needs a state in phase playing")
        in_play = 0
        for mask in hand.dealt:
            in_play |= mask
        return cls(
            state.rules,
            hand.hands,
            hand.leader,
            [c.index for c in hand.trick],
            hand.trick_number,
            hand.hearts_broken,
            hand.taken,
            hand.points_taken,
            in_play,
        )

    @classmethod
    def from_view(cls, view: SeatView, hands: Sequence[int]) -> FastHand:
        """A hand from a seat's view plus a card mask per seat for the cards still held (for
        example a sampled deal of the unseen cards). Cards in no hand, trick or taken pile are
        treated as dead."""
        if view.phase != "playing" or view.leader is None:
            raise ValueError("FastHand needs a view in phase playing")
        rules = view.rules
        seats = rules.seats
        taken = [0] * seats
        in_play = 0
        for trick in view.tricks:
            mask = mask_of(trick.cards)
            taken[trick.winner] |= mask
            in_play |= mask
        for mask in hands:
            in_play |= mask
        trick_cards = [card.index for _, card in view.trick]
        for ci in trick_cards:
            in_play |= 1 << ci
        return cls(
            rules,
            hands,
            view.leader,
            trick_cards,
            view.trick_number,
            view.hearts_broken,
            taken,
            view.points_taken,
            in_play,
        )

    def copy(self) -> FastHand:
        new = object.__new__(FastHand)
        for name in FastHand.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = self.hands[:]
        new.trick = self.trick[:]
        new.taken = self.taken[:]
        new.points = self.points[:]
        return new

    def legal_mask(self) -> int:
        """Cards the seat to play may play, as a mask."""
        held = self.hands[self.seat_to_play]
        if self.trick:
            allowed = held & SUIT_MASKS[self.led] or held
        else:
            if self.trick_number == 1:
                if self.opening >= 0:
                    return held & CLUBS_MASK if self.any_club else 1 << self.opening
                if self.free_lead:
                    return held
            if self.hearts_broken or (self.lead_any and self.trick_number > 1):
                allowed = held
            else:
                allowed = held & _NON_HEARTS
                if not allowed or (allowed == QS_BIT and self.hq_option):
                    allowed = held
        if self.trick_number == 1 and self.restrict:
            return allowed & _NON_PENALTY or allowed
        return allowed

    def play(self, card_index: int) -> None:
        """Play a card for the seat to play (trusted: no validation)."""
        s = self.seat_to_play
        bit = 1 << card_index
        self.hands[s] ^= bit
        trick = self.trick
        trick.append(card_index)
        if len(trick) == 1:
            self.led = SUIT_OF[card_index]
            self.best = card_index
            self.win = s
            self.tmask = bit
            self.tpts = self.pts[card_index]
        else:
            if card_index > self.best and SUIT_OF[card_index] == self.led:
                self.best = card_index
                self.win = s
            self.tmask |= bit
            self.tpts += self.pts[card_index]
        if bit & self.breakers and (
            not self.discard or (len(trick) > 1 and SUIT_OF[card_index] != self.led)
        ):
            self.hearts_broken = True
        if len(trick) < self.seats:
            self.seat_to_play = self._next[s]
            return
        w = self.win
        self.taken[w] |= self.tmask
        self.points[w] += self.tpts
        self.trick = []
        self.leader = w
        self.seat_to_play = w
        if self.hands[w]:
            self.trick_number += 1
        else:
            self.is_over = True

    def points_taken(self) -> tuple[int, ...]:
        """Penalty points (and JD bonus) taken so far in completed tricks, per seat."""
        return tuple(self.points)

    def hand_points(self) -> tuple[int, ...]:
        """Hand points per seat once over: moon (``shooter_chooses`` as ``add_to_others``),
        JD and (without a moon) ``no_trick_bonus`` applied."""
        return _score(self, self.taken, self.points)

    def standing_points(self) -> tuple[int, ...]:
        """``hand_points`` as they move the standings, for a search that weighs its own points:
        a moon counted as ``add_to_others`` whatever the rule. Under ``subtract_from_self``
        every seat's total is its ``add_to_others`` total less the moon's value, so the order
        of the seats is the same; but in own points a moon conceded there costs nothing (0
        against 0), and a search would let any shooter through rather than take one point."""
        return _score(self, self.taken, self.points, standings=True)


def _score(
    fast: FastHand, taken: list[int], points: list[int], *, standings: bool = False
) -> tuple[int, ...]:
    need = fast.moon_mask
    off = fast.no_trick
    if need:
        for shooter, mask in enumerate(taken):
            if mask & need == need:
                out = []
                total = fast.moon_value
                for seat, won in enumerate(taken):
                    bonus = JACK_OF_DIAMONDS_POINTS if fast.jd and won & JD_BIT else 0
                    if fast.moon_subtract and not standings:
                        out.append(bonus - total if seat == shooter else bonus)
                    else:
                        out.append(bonus if seat == shooter else bonus + total)
                return tuple(out)
    if off:
        return tuple(p - off if not won else p for p, won in zip(points, taken, strict=True))
    return tuple(points)


def random_playout(fast: FastHand, rng: random.Random) -> tuple[int, ...]:
    """Play ``fast`` to the end with uniformly random legal cards and return the hand points
    per seat; ``fast`` itself is unchanged. The loop inlines `FastHand.legal_mask` and
    `FastHand.play` for speed (the property tests check it against both)."""
    if fast.is_over:
        return fast.hand_points()
    hands = fast.hands[:]
    taken = fast.taken[:]
    points = fast.points[:]
    seats = fast.seats
    nxt = fast._next
    pts = fast.pts
    suit_of = SUIT_OF
    suit_masks = SUIT_MASKS
    seat = fast.seat_to_play
    trick_len = len(fast.trick)
    led, best, win, tmask, tpts = fast.led, fast.best, fast.win, fast.tmask, fast.tpts
    trick_number = fast.trick_number
    broken = fast.hearts_broken
    breakers = fast.breakers
    restrict = fast.restrict
    hq = fast.hq_option
    opening = fast.opening
    discard = fast.discard
    lead_any = fast.lead_any
    any_club = fast.any_club
    free_lead = fast.free_lead
    rand = rng.random
    while True:
        held = hands[seat]
        if trick_len:
            allowed = held & suit_masks[led] or held
            if trick_number == 1 and restrict:
                allowed = allowed & _NON_PENALTY or allowed
        elif trick_number == 1 and opening >= 0:
            allowed = held & CLUBS_MASK if any_club else 1 << opening
        elif trick_number == 1 and free_lead:
            allowed = held
        else:
            if broken or (lead_any and trick_number > 1):
                allowed = held
            else:
                allowed = held & _NON_HEARTS
                if not allowed or (allowed == QS_BIT and hq):
                    allowed = held
            if trick_number == 1 and restrict:
                allowed = allowed & _NON_PENALTY or allowed
        k = int(rand() * allowed.bit_count())
        while k:
            allowed &= allowed - 1
            k -= 1
        bit = allowed & -allowed
        ci = bit.bit_length() - 1
        hands[seat] ^= bit
        if trick_len:
            if ci > best and suit_of[ci] == led:
                best = ci
                win = seat
            tmask |= bit
            tpts += pts[ci]
        else:
            led = suit_of[ci]
            best = ci
            win = seat
            tmask = bit
            tpts = pts[ci]
        if bit & breakers and (not discard or (trick_len and suit_of[ci] != led)):
            broken = True
        trick_len += 1
        if trick_len < seats:
            seat = nxt[seat]
            continue
        taken[win] |= tmask
        points[win] += tpts
        trick_len = 0
        seat = win
        if not hands[win]:
            return _score(fast, taken, points)
        trick_number += 1
