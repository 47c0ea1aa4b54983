"""Deal the cards a seat has not seen to the other seats, consistently with what it observed.

Constraints used: how many cards each seat still holds; the suits each seat has shown void in;
the cards this seat passed (the receiver holds them until it plays them); the rest of the unseen
cards may also be dead (undealt) when the deck is larger than the hands. Within those
constraints every consistent deal is drawn with roughly equal weight (most constrained cards
first, each to a holder chosen in proportion to the room it has left).
"""

from __future__ import annotations

import random

from games.bots.cards import SUIT_MASK, indices
from games.bots.observation import Observation

DEAD = -1


def sample_hands(obs: Observation, rng: random.Random, tries: int = 30) -> list[int]:
    """Card masks per seat (this seat's own hand included) for one consistent deal."""
    seats = obs.seats
    base = [0] * seats
    base[obs.seat] = obs.hand
    room = list(obs.cards_left)
    room[obs.seat] = 0
    if obs.passed_to is not None:
        known = obs.passed & ~obs.played
        base[obs.passed_to] |= known
        room[obs.passed_to] -= known.bit_count()
    pool = obs.unseen
    for s in range(seats):
        pool &= ~base[s]
    cards = list(indices(pool))
    dead_room = len(cards) - sum(max(0, r) for r in room)
    holders = [s for s in range(seats) if room[s] > 0]
    if dead_room > 0:
        holders.append(DEAD)
    # Eligible holders of each card: a void seat cannot hold the suit; dead cards can be anything.
    eligible_by_suit = []
    for suit in range(4):
        eligible_by_suit.append([h for h in holders if h == DEAD or not obs.voids[h] & (1 << suit)])
    for attempt in range(tries):
        relax = attempt == tries - 1
        hands = list(base)
        left = {h: (dead_room if h == DEAD else room[h]) for h in holders}
        keyed = (
            [(len(eligible_by_suit[c // 13]), rng.random(), c) for c in cards]
            if not relax
            else [(0, rng.random(), c) for c in cards]
        )
        keyed.sort()
        ok = True
        for _, _, card in keyed:
            options = holders if relax else eligible_by_suit[card // 13]
            total = 0
            for h in options:
                total += left[h]
            if total <= 0:
                ok = False
                break
            pick = rng.random() * total
            chosen = options[-1]
            for h in options:
                pick -= left[h]
                if pick < 0 and left[h] > 0:
                    chosen = h
                    break
            left[chosen] -= 1
            if chosen != DEAD:
                hands[chosen] |= 1 << card
        if ok:
            return hands
    raise AssertionError("unreachable: the relaxed draw always succeeds")


def consistent(obs: Observation, hands: list[int]) -> bool:
    """Whether a deal agrees with every constraint (used by tests)."""
    if hands[obs.seat] != obs.hand:
        return False
    for s in range(obs.seats):
        if s == obs.seat:
            continue
        if hands[s].bit_count() != obs.cards_left[s] or hands[s] & ~obs.unseen:
            return False
        for suit in range(4):
            if obs.voids[s] & (1 << suit) and hands[s] & SUIT_MASK[suit]:
                return False
    if obs.passed_to is not None:
        known = obs.passed & ~obs.played
        if hands[obs.passed_to] & known != known:
            return False
    return True
