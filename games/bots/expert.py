"""The `expert` level: flat Monte-Carlo over sampled deals with heuristic playouts.

For each decision (a play; passing and the moon choice reuse the heuristic):

1. the legal cards are grouped into equivalence classes (cards of one suit with nothing between
   them that anyone else could still play, and the same points) and one card of each class is
   a candidate;
2. the unseen cards are dealt to the other seats consistently with what this seat observed
   (`games.bots.sampling`): counts per seat, voids shown, the cards it passed;
3. each candidate is played in every sampled deal (the same deals for every candidate, which
   cancels most of the luck between them) and the hand is played out by the engine's fast path
   (`games.engine.fast.FastHand`) with a cheap rule-of-thumb policy for every seat;
4. the candidate with the lowest mean points for this seat wins (moons included: a moon
   against us costs the full moon), with a small preference for the heuristic's own choice
   to break near-ties.

The budget is a number of simulated card plays (deterministic, so a rerun with the same rng
makes the same choice); `budget_ms` optionally caps CPU time as well.
"""

from __future__ import annotations

import random
import time
from typing import Any

from games.bots import heuristic
from games.bots.cards import (
    AS_KS_BITS,
    HEARTS,
    HEARTS_MASK,
    JD,
    QS,
    QS_BIT,
    SPADES,
    SUIT_MASK,
    penalty_points,
)
from games.bots.observation import Observation
from games.bots.sampling import sample_hands

DEFAULT_PLAYS = 24_000
"""Default budget in simulated card plays per decision (about 60-80 ms of CPU on our dev
machines)."""

MIN_DEALS = 8
MAX_DEALS = 400
PRIOR_BONUS = 0.15
"""Points per deal credited to the heuristic's own choice: breaks near-ties toward sound play."""

DEFENCE_BONUS = 3.0
"""The prior's credit instead when the heuristic's card is a moon defence (a threat is on, or
it keeps the heart that can still stop a moon): the simulated shooters play a simple policy and
shoot less well than real ones, so the search alone undervalues defence."""

_NOT_QS = ~QS_BIT
_SPADES_BELOW_Q = SUIT_MASK[SPADES] & ((1 << QS) - 1)


def choose_play(
    view: Any,
    obs: Observation,
    rng: random.Random,
    budget_plays: int | None = None,
    budget_ms: float | None = None,
) -> int:
    legal = obs.legal
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    candidates = candidate_cards(obs)
    if len(candidates) == 1:
        return candidates[0]
    prior = heuristic.choose_play(obs)
    prior_rep = _representative(obs, candidates, prior)
    scores = evaluate(view, obs, candidates, rng, budget_plays, budget_ms)
    bonus = DEFENCE_BONUS if _defending(obs, prior) else PRIOR_BONUS
    best = min(
        range(len(candidates)),
        key=lambda i: (scores[i] - (bonus if candidates[i] == prior_rep else 0.0), i),
    )
    chosen = candidates[best]
    return prior if chosen == prior_rep else chosen


def _defending(obs: Observation, prior: int) -> bool:
    if not heuristic.moon_open(obs):
        return False
    if heuristic.moon_threat(obs) is not None:
        return True
    stop = heuristic.stopper(obs)
    return stop is not None and prior != stop and bool(obs.legal >> stop & 1)


def evaluate(
    view: Any,
    obs: Observation,
    candidates: list[int],
    rng: random.Random,
    budget_plays: int | None = None,
    budget_ms: float | None = None,
    sampler: Any = None,
    policy: Any = None,
) -> list[float]:
    """Mean hand points of this seat after playing each candidate, over sampled deals
    (``sampler(obs, rng)`` deals them; default `sample_hands`), each played out by
    ``policy(fast, live, shooter, obs)`` (default: `playout`)."""
    if budget_plays is None:
        budget_plays = DEFAULT_PLAYS

    deals = deal_count(obs, candidates, budget_plays)
    deadline = None if budget_ms is None else time.process_time() + budget_ms / 1000.0
    totals = [0.0] * len(candidates)
    seat = obs.seat
    done = 0
    suspect = moon_suspect(obs)
    live0 = obs.unseen | obs.hand
    deal_hands = sample_hands if sampler is None else sampler
    for _ in range(deals):
        base, shooter = sample_deal(view, obs, rng, deal_hands, suspect)
        for i, card in enumerate(candidates):
            fast = base.copy()
            fast.play(card)
            if policy is None:
                playout(fast, live0 & ~(1 << card), shooter)
            else:
                policy(fast, live0 & ~(1 << card), shooter, obs)
            totals[i] += fast.standing_points()[seat]
        done += 1
        if deadline is not None and done >= MIN_DEALS and time.process_time() > deadline:
            break
    return [t / done for t in totals]


def deal_count(obs: Observation, candidates: list[int], budget_plays: int) -> int:
    """Sampled deals for a budget of simulated card plays: every candidate is played out to the
    end of the hand in each, clamped to ``MIN_DEALS``..``MAX_DEALS``."""
    remaining = max(1, sum(obs.cards_left))
    deals = budget_plays // (len(candidates) * remaining)
    return max(MIN_DEALS, min(MAX_DEALS, deals))


def sample_deal(
    view: Any,
    obs: Observation,
    rng: random.Random,
    deal_hands: Any,
    suspect: tuple[int, float],
) -> tuple[Any, int]:
    """One sampled deal (``deal_hands(obs, rng)``) as a `FastHand` at the view's point, and the
    opponent who plays for the moon in it (-1: none), drawn from ``suspect`` (`moon_suspect`'s
    answer)."""
    from games.engine.fast import FastHand

    hands = deal_hands(obs, rng)
    base = FastHand.from_view(view, hands)
    seat, odds = suspect
    draw = rng.random()
    if seat >= 0:
        return base, seat if draw < odds else -1
    if seat == EARLY and draw < EARLY_ODDS:
        return base, _capable_shooter(obs, hands)
    return base, -1


EARLY = -2
EARLY_ODDS = 0.5
"""Share of the sampled deals, while nobody has taken a point, in which an opponent whose
sampled cards make a moon hand plays for the moon."""


def moon_suspect(obs: Observation) -> tuple[int, float]:
    """Who may be shooting the moon, from this seat's view, and how plausible it is.

    ``(seat, odds)`` when one opponent holds every penalty card taken so far: the odds grow
    with its share of the points and of the tricks played; ``(EARLY, 0)`` when nobody has
    taken a point yet (the sampled hands then say who could shoot); ``(-1, 0)`` when no
    opponent can shoot any more (points taken by two seats, or by this one).
    """
    takers = [s for s in range(obs.seats) if obs.taken[s]]
    if not takers:
        return EARLY, 0.0
    if len(takers) > 1 or takers[0] == obs.seat:
        return -1, 0.0
    suspect = takers[0]
    total = max(1, obs.moon_total)
    share = penalty_points(obs.taken[suspect], obs.queen_points) / total
    done = max(1, sum(obs.tricks_won))
    tricks = obs.tricks_won[suspect] / done
    return suspect, min(0.9, 0.1 + 0.5 * share + 0.4 * tricks)


def _capable_shooter(obs: Observation, hands: list[int]) -> int:
    """An opponent whose sampled cards (with its card in the trick) hold enough hearts (about a
    third of them) and the highest heart this seat does not hold, to try for the moon, or -1."""
    in_trick = dict(obs.trick)
    live_hearts = (obs.unseen | obs.hand | obs.trick_mask()) & HEARTS_MASK
    need = moon_hearts_needed(live_hearts)
    top = (live_hearts & ~obs.hand).bit_length() - 1
    for s in range(obs.seats):
        if s == obs.seat:
            continue
        mine = hands[s] | (1 << in_trick[s] if s in in_trick else 0)
        hearts = mine & HEARTS_MASK
        if hearts.bit_count() >= need and hearts >> top & 1:
            return s
    return -1


def moon_hearts_needed(live_hearts: int) -> int:
    """How many of the hearts still in play (``live_hearts``, a mask) a seat must hold to try
    for the moon: about a third of them, at least four."""
    return max(4, (live_hearts.bit_count() * 7 + 19) // 20)


def candidate_cards(obs: Observation) -> list[int]:
    """One legal card per class of equivalent cards (lowest of each class)."""
    legal = obs.legal
    hand = obs.hand
    in_trick = obs.trick_mask()
    jd = obs.jack_of_diamonds
    out: list[int] = []
    for suit in range(4):
        mine = legal & SUIT_MASK[suit]
        if not mine:
            continue
        group_open = False
        group_kind = None
        base = suit * 13
        for i in range(base, base + 13):
            b = 1 << i
            if not obs.deck & b:
                continue
            if mine & b:
                kind = 13 if i == QS else (1 if suit == HEARTS else (2 if jd and i == JD else 0))
                if not group_open or kind != group_kind or kind in (13, 2):
                    out.append(i)
                    group_open = True
                    group_kind = kind
                continue
            if obs.played & b and not in_trick & b:
                continue  # gone in an earlier trick: does not separate our cards
            if hand & b:
                group_open = False  # ours but not legal now
                continue
            group_open = False  # someone else may still play it (or it is dead)
    return out


def _representative(obs: Observation, candidates: list[int], card: int) -> int:
    """The candidate standing for ``card``'s class (the highest candidate of its suit at or
    below it)."""
    best = -1
    for c in candidates:
        if c // 13 == card // 13 and c <= card and c > best:
            best = c
    return best if best >= 0 else card


PENALTY_BITS = HEARTS_MASK | QS_BIT


def playout(fast: Any, live: int, shooter: int = -1, wary: bool = False) -> None:
    """Play ``fast`` to the end with a rule-of-thumb policy for every seat.

    ``live`` is the mask of cards not played yet (in any hand, or dead). The policy: lead the
    card least likely to win (low spades first while the queen is out and not held); follow by
    ducking with the highest card that still loses, or win a pointless last trick with the
    highest card; when void shed QS, then AS/KS while the queen is out, then the highest heart,
    then the highest card.

    ``shooter`` (a seat, or -1) plays for the moon: it leads its sure winners (else its highest
    card), follows with its highest card when that wins, and when void keeps its points and
    sheds its lowest clean card. The other seats then defend: they take a trick the shooter is
    winning when they can, and never shed points on it. The shooter gives up (and everyone
    plays the plain policy) as soon as another seat takes a point, or when no moon is possible.

    ``wary``: the other seats defend only once the moon shows (`moon_shows`), and play the plain
    policy until then (which may feed the shooter); the master's shoot plan plays this seat as
    the shooter that way.
    """
    suit_masks = SUIT_MASK
    seats = fast.seats
    if shooter >= 0:
        if not fast.moon_mask:
            shooter = -1
        else:
            for s in range(seats):
                if s != shooter and fast.taken[s] & PENALTY_BITS:
                    shooter = -1
                    break
    alarm = not wary or shooter < 0 or moon_shows(fast, shooter)
    while not fast.is_over:
        legal = fast.legal_mask()
        me = fast.seat_to_play
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        elif shooter == me:
            card = _shoot(fast, legal, live)
        else:
            trick = fast.trick
            n = len(trick)
            if n == 0:
                card = _lead(legal, fast.hands[me], live)
            else:
                follow = legal & suit_masks[fast.led]
                defend = shooter >= 0 and fast.win == shooter and alarm
                if follow:
                    best = fast.best
                    ducks = follow & ((1 << best) - 1)
                    if defend and follow & ~ducks:
                        card = (follow & ~ducks).bit_length() - 1
                    elif n == seats - 1 and fast.tpts <= 0:
                        safe = follow & _NOT_QS
                        card = (safe or follow).bit_length() - 1
                    elif ducks:
                        card = ducks.bit_length() - 1
                    elif n == seats - 1:
                        safe = follow & _NOT_QS
                        card = (safe or follow).bit_length() - 1
                    elif fast.led == SPADES and live & QS_BIT and follow & _NOT_QS:
                        card = (follow & _NOT_QS).bit_length() - 1
                    else:
                        card = (follow & -follow).bit_length() - 1
                elif defend and legal & ~PENALTY_BITS:
                    card = _highest_rank(legal & ~PENALTY_BITS)
                elif legal & QS_BIT:
                    card = QS
                elif live & QS_BIT and legal & AS_KS_BITS:
                    card = (legal & AS_KS_BITS).bit_length() - 1
                elif legal & HEARTS_MASK:
                    card = (legal & HEARTS_MASK).bit_length() - 1
                else:
                    card = _highest_rank(legal)
        live &= ~(1 << card)
        fast.play(card)
        if shooter >= 0 and not fast.trick:
            for s in range(seats):
                if s != shooter and fast.taken[s] & PENALTY_BITS:
                    shooter = -1
                    break
            else:
                if not alarm:
                    alarm = moon_shows(fast, shooter)


def moon_shows(fast: Any, shooter: int) -> bool:
    """Whether the other seats see ``shooter``'s moon (it holds every point taken so far), by
    the heuristic's threat rule (`heuristic.moon_in_sight`) on the playout's hand."""
    done = fast.trick_number - 1 if fast.hands[shooter] else fast.trick_number
    return heuristic.moon_in_sight(
        points=fast.points[shooter],
        moon_total=fast.moon_value,
        hearts_taken=(fast.taken[shooter] & HEARTS_MASK).bit_count(),
        tricks_won=fast.taken[shooter].bit_count() // fast.seats,
        done=done,
        trick_number=fast.trick_number,
        hand_size=done + fast.hands[shooter].bit_count(),
    )


def _shoot(fast: Any, legal: int, live: int) -> int:
    """The would-be shooter's card: win every trick it can, keep its points."""
    others = live & ~fast.hands[fast.seat_to_play]
    if not fast.trick:
        best = -1
        best_key = -1
        fallback = -1
        fallback_rank = -1
        for s in range(4):
            m = legal & SUIT_MASK[s]
            if not m:
                continue
            c = m.bit_length() - 1
            left = others & SUIT_MASK[s]
            if not left & ~((2 << c) - 1):
                # A sure winner: side suits first (hearts last, once the others are safe).
                key = (0 if s == HEARTS else 100) + left.bit_count()
                if key > best_key:
                    best, best_key = c, key
            r = c - 13 * s
            if r > fallback_rank:
                fallback, fallback_rank = c, r
        return best if best >= 0 else fallback
    follow = legal & SUIT_MASK[fast.led]
    if follow:
        if follow.bit_length() - 1 > fast.best:
            return follow.bit_length() - 1
        return (follow & -follow).bit_length() - 1
    clean = legal & ~PENALTY_BITS
    if clean:
        best = -1
        best_rank = 99
        for s in range(4):
            m = clean & SUIT_MASK[s]
            if m:
                c = (m & -m).bit_length() - 1
                if c - 13 * s < best_rank:
                    best, best_rank = c, c - 13 * s
        return best
    return (legal & -legal).bit_length() - 1


def _highest_rank(mask: int) -> int:
    best = -1
    best_rank = -1
    for s in range(4):
        m = mask & SUIT_MASK[s]
        if m:
            c = m.bit_length() - 1
            r = c - 13 * s
            if r > best_rank:
                best, best_rank = c, r
    return best


def _lead(legal: int, hand: int, live: int) -> int:
    if live & QS_BIT and not hand & (QS_BIT | AS_KS_BITS):
        low = legal & _SPADES_BELOW_Q
        if low:
            return low.bit_length() - 1
    others = live & ~hand
    best = -1
    best_key = 99.0
    for s in range(4):
        m = legal & SUIT_MASK[s]
        if not m:
            continue
        c = (m & -m).bit_length() - 1
        lower = (others & SUIT_MASK[s] & ((1 << c) - 1)).bit_count()
        higher = (others & SUIT_MASK[s] & ~((2 << c) - 1)).bit_count()
        key = lower * 2.0 + (c - 13 * s) * 0.1
        if higher == 0:
            key += 20.0
        if s == HEARTS:
            key += 1.0
        elif s == SPADES and c >= QS and live & QS_BIT:
            key += 30.0
        if key < best_key:
            best, best_key = c, key
    return best
