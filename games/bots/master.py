"""The `master` level: determinized search with more worlds and an exact endgame solver.

For each play (passing and the moon choice reuse the heuristic):

* **Middle game**: the expert's flat Monte-Carlo (`games.bots.expert.evaluate`: candidates by
  class of equivalent cards, sampled deals consistent with the view, moon-aware playouts through
  the engine's fast path) with a larger budget (`MASTER_PLAYS` simulated card plays) and a
  second round (`REFINE_SHARE` of the budget) spent on the two best candidates only, on fresh
  deals: the decision between close candidates is the one that needs the samples.
* **Endgame** (at most `ENDGAME_CARDS[seats]` cards left in all hands): every candidate is scored
  exactly in each of `ENDGAME_WORLDS` sampled deals (identical deals merged, with their weight)
  by a max-n search of the rest of the hand with every card known: each seat plays the card
  that minimises its own hand points (moons, JD and every rule option scored by the engine's
  `FastHand`), ties broken against this seat. Equivalent cards (adjacent among the cards still
  held, on the same side of the card winning the trick, same points) are searched once.
* **Inference** (`inferences`): the deals are drawn by `sample_inferred`, which also keeps
  away from each seat the cards its plays say it probably does not hold, under the policy
  every sound player (and every level here) follows: a seat void in the suit led that
  discarded something else while QS was live does not hold QS (it would have shed it); a seat
  that ducked under the winning card holds no card of the suit between its card and the
  winner (it ducks with its highest loser); a seat that overtook before the last seat holds no
  card under the card it beat (it would have ducked). The first trick, and a seat that holds
  every point taken (it may be shooting), teach nothing. A share `TRUST` of the deals uses
  them, the rest are drawn from the hard constraints only, so a wrong inference costs little.
* **Own playouts** (`playout`, `playout_card`; off by default, `PLAYOUT`): the expert's
  rule-of-thumb policy for every seat with two more of the heuristic's rules: a lead avoids a
  suit in which another seat has shown a void while points are out (the voids of the view, the
  candidate's and those shown in the playout so far), and a seat forced to win a trick before
  the last seat wins it with its highest card (not QS) when no point can fall on it (no
  penalty card out, or every later seat may still follow and enough of the suit is out). As a
  player it beats the expert's policy (`benchmarks/playout_duel.py`), inside the search it made
  the master weaker (docs/bots.md), so the expert's playouts are the default.
* The heuristic's choice gets the same credit as in `expert` (a tie-break, or `DEFENCE_BONUS`
  when it is a moon defence), so every defence the heuristic claims stays.
* Off by default, measured and not shown to help (docs/bots.md): a shoot plan (`SHOOT_PLAN`:
  each candidate also scored with this seat playing for the moon, the better plan's mean
  kept), an objective relative to the other seats (`OBJECTIVE_W`) and a credit for the
  heuristic's card while it is shooting (`SHOOT_BONUS`).

Deterministic given the rng: the budget is a number of simulated card plays and of endgame
worlds (no clock is read), so a rerun with an rng seeded the same way makes the same choice.
"""

from __future__ import annotations

import random
from typing import Any

from games.bots import expert, heuristic
from games.bots.cards import AS_KS_BITS, HEARTS, HEARTS_MASK, QS, QS_BIT, SPADES, SUIT_MASK, indices
from games.bots.observation import Observation
from games.bots.sampling import DEAD, sample_hands

MASTER_PLAYS = 48_000
"""Simulated card plays per middle-game decision, first round and refinement together."""

REFINE_SHARE = 0.35
"""Share of the middle-game budget spent on the two best candidates of the first round."""

ENDGAME_CARDS = {2: 10, 3: 12, 4: 13, 5: 12, 6: 14}
"""Cards left in all hands (the current trick's cards not counted) at which the exact endgame
solver takes over, per number of seats (in classic: the last three tricks, and the fourth to last
when this seat plays last to it)."""

ENDGAME_WORLDS = 24
"""Sampled deals per endgame decision (identical ones are merged)."""

TRUST = 0.8
"""Share of the sampled deals that respect the inferences (the others only the hard facts)."""

DEFENCE_BONUS = 3.0
"""The heuristic's card's credit when it is a moon defence (the expert's value). With the
master's own playouts (`PLAYOUT`) it must be 4: the search then rated the block in the
five-player KH position of tests/bots/test_moon_defence.py 3.3 points worse than a duck (3.0
with the expert's playouts)."""

PLAYOUT = False
"""Whether the middle game plays out with this module's `playout` (else the expert's). Off:
measured against `expert` over the 500 classic duplicate deals it gave -0.30 +/- 0.37 points
(48,000 plays, DEFENCE_BONUS 4; -0.65 +/- 0.98 over a first 56 deals at 40,000 plays), against
+0.10 +/- 0.34 for the expert's playouts over the same deals, so it is worse, although the
policy alone beats the expert's in a playout duel (benchmarks/playout_duel.py)."""

SHOOT_PLAN = False
"""Whether the middle game also scores each candidate under a plan to shoot the moon (this seat
the playouts' shooter, the other seats defending) while this seat may still shoot
(`shoot_eligible`), in the same sampled deals as the plain plan; a candidate's score is the
better of its two plans' means (a plan is a strategy: the minimum of the two means, never a
per-deal minimum). The shoot playouts come on top of the plain ones (twice the plays while
eligible)."""

SHOOT_GATE = "capable"
"""When the shoot plan is scored: ``"capable"``, while no other seat has taken a penalty card
and this seat holds every point taken so far (some), or holds about a third of the live
hearts with the highest one, or a `heuristic.moon_hand`; ``"open"``, whenever no other seat
has taken a penalty card."""

SHOOT_BONUS = 0.0
"""The heuristic's card's credit when the heuristic is shooting (`heuristic.shooting`: it holds
every point taken and keeps control, or a moon hand early); 0: the usual `PRIOR_BONUS`."""

SHOOT_MARGIN = 1.0
"""Points by which the shoot plan's mean must beat the plain plan's to be chosen (a candidate's
score is ``min(plain, shoot + SHOOT_MARGIN)``): the minimum of two noisy means is biased low,
and the playouts' defenders are simpler than real ones."""

SHOOT_DEFENCE = "wary"
"""How the other seats meet this seat's shoot plan in the playouts: ``"wary"``
(`expert.playout` with ``wary``: the plain policy until the moon shows, then defence) or
``"at_once"`` (the expert's playout, defending from the first card)."""

OBJECTIVE_W = 0.0
"""The search's objective per sampled deal: this seat's hand points minus ``OBJECTIVE_W`` times
the mean of the other seats', scaled (`objective`) so that a hand without a moon counts as the
seat's own points less a constant (0: own points only, as the expert; 1: own points relative
to the others, so in classic a moon shot by this seat counts as 13 points fewer than taking
none, and one conceded as 13 points, not 26).
Applied to the middle game's playouts and to the endgame's root (the other seats still
minimise their own points in the endgame search)."""

NODE_CAP = 60_000
"""Search nodes per endgame decision; past it the remaining worlds are not searched (a count,
not a clock, so the choice stays deterministic)."""


def choose_play(
    view: Any,
    obs: Observation,
    rng: random.Random,
    budget_plays: int | None = None,
) -> int:
    legal = obs.legal
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    candidates = expert.candidate_cards(obs)
    if len(candidates) == 1:
        return candidates[0]
    prior = heuristic.choose_play(obs)
    prior_rep = expert._representative(obs, candidates, prior)
    left = sum(obs.cards_left)
    if left <= ENDGAME_CARDS.get(obs.seats, 16):
        scores = endgame_scores(view, obs, candidates, rng)
    else:
        scores = middle_scores(view, obs, candidates, rng, budget_plays)
    if expert._defending(obs, prior):
        bonus = DEFENCE_BONUS
    elif SHOOT_BONUS and heuristic.shooting(obs):
        bonus = SHOOT_BONUS
    else:
        bonus = expert.PRIOR_BONUS
    best = min(
        range(len(candidates)),
        key=lambda i: (scores[i] - (bonus if candidates[i] == prior_rep else 0.0), i),
    )
    chosen = candidates[best]
    return prior if chosen == prior_rep else chosen


def middle_scores(
    view: Any,
    obs: Observation,
    candidates: list[int],
    rng: random.Random,
    budget_plays: int | None = None,
) -> list[float]:
    """Mean hand points per candidate: a first round over all candidates, then a second round on
    fresh deals for the two best, the two rounds' means pooled by deal count."""
    budget = MASTER_PLAYS if budget_plays is None else budget_plays
    first = int(budget * (1.0 - REFINE_SHARE))
    sampler = Sampler(obs)
    policy = playout if PLAYOUT else None
    shoot = SHOOT_PLAN and shoot_eligible(obs)
    if shoot or OBJECTIVE_W:
        return _plan_scores(view, obs, candidates, rng, budget, first, sampler, policy, shoot)
    scores = expert.evaluate(
        view, obs, candidates, rng, budget_plays=first, sampler=sampler, policy=policy
    )
    if len(candidates) <= 2:
        extra = expert.evaluate(
            view, obs, candidates, rng, budget_plays=budget - first, sampler=sampler, policy=policy
        )
        return [(a + b) / 2.0 for a, b in zip(scores, extra, strict=True)]
    order = sorted(range(len(candidates)), key=lambda i: (scores[i], i))[:2]
    pair = [candidates[i] for i in order]
    remaining = max(1, sum(obs.cards_left))
    n1 = max(expert.MIN_DEALS, min(expert.MAX_DEALS, first // (len(candidates) * remaining)))
    n2 = max(expert.MIN_DEALS, min(expert.MAX_DEALS, (budget - first) // (2 * remaining)))
    extra = expert.evaluate(
        view, obs, pair, rng, budget_plays=budget - first, sampler=sampler, policy=policy
    )
    out = list(scores)
    for k, i in enumerate(order):
        out[i] = (scores[i] * n1 + extra[k] * n2) / (n1 + n2)
    return out


def shoot_eligible(obs: Observation) -> bool:
    """Whether this seat may still shoot the moon and the shoot plan is worth scoring: no other
    seat has taken a penalty card and (with `SHOOT_GATE` ``"capable"``) this seat holds every
    point taken so far, or holds about a third of the live hearts with the highest of them, or a
    `heuristic.moon_hand`."""
    seat = obs.seat
    for s in range(obs.seats):
        if s != seat and obs.taken[s]:
            return False
    if SHOOT_GATE == "open" or obs.taken[seat]:
        return True
    live_hearts = (obs.unseen | obs.hand | obs.trick_mask()) & HEARTS_MASK
    hearts = obs.hand & HEARTS_MASK
    need = expert.moon_hearts_needed(live_hearts)
    top = live_hearts.bit_length() - 1
    if top >= 0 and hearts >> top & 1 and hearts.bit_count() >= need:
        return True
    return heuristic.moon_hand(obs)


def objective(points: Any, seat: int, w: float) -> float:
    """This seat's hand points minus ``w`` times the mean of the other seats' points, divided by
    ``1 + w / (seats - 1)``: when every point of the hand is taken by someone and nobody shot,
    that is the seat's own points less a constant, so the priors' bonuses keep their meaning."""
    own = points[seat]
    if not w:
        return own
    n = len(points) - 1
    return (own - w * (sum(points) - own) / n) / (1.0 + w / n)


def evaluate_plans(
    view: Any,
    obs: Observation,
    candidates: list[int],
    rng: random.Random,
    budget_plays: int,
    sampler: Any,
    policy: Any = None,
    shoot: bool = False,
    w: float = 0.0,
) -> tuple[list[float], list[float] | None, int]:
    """`expert.evaluate` (the same deals and draws from ``rng``) scoring `objective` with ``w``,
    and, with ``shoot``, each candidate also played out in the same deals with this seat as the
    playouts' shooter. Returns the plain plan's means, the shoot plan's (or None) and the number
    of deals."""

    deals = expert.deal_count(obs, candidates, budget_plays)
    plain = [0.0] * len(candidates)
    moon = [0.0] * len(candidates)
    seat = obs.seat
    suspect = expert.moon_suspect(obs)
    live0 = obs.unseen | obs.hand
    for _ in range(deals):
        base, shooter = expert.sample_deal(view, obs, rng, sampler, suspect)
        for i, card in enumerate(candidates):
            live = live0 & ~(1 << card)
            fast = base.copy()
            fast.play(card)
            if policy is None:
                expert.playout(fast, live, shooter)
            else:
                policy(fast, live, shooter, obs)
            plain[i] += objective(fast.standing_points(), seat, w)
            if shoot:
                fast = base.copy()
                fast.play(card)
                if SHOOT_DEFENCE == "wary":
                    expert.playout(fast, live, seat, wary=True)
                elif policy is None:
                    expert.playout(fast, live, seat)
                else:
                    policy(fast, live, seat, obs)
                moon[i] += objective(fast.standing_points(), seat, w)
    return (
        [t / deals for t in plain],
        [t / deals for t in moon] if shoot else None,
        deals,
    )


def _plan_scores(
    view: Any,
    obs: Observation,
    candidates: list[int],
    rng: random.Random,
    budget: int,
    first: int,
    sampler: Any,
    policy: Any,
    shoot: bool,
) -> list[float]:
    """`middle_scores` with `evaluate_plans`: per candidate, the better of its plans' means, each
    plan's two rounds pooled by deal count."""
    w = OBJECTIVE_W
    plain, moon, n1 = evaluate_plans(view, obs, candidates, rng, first, sampler, policy, shoot, w)

    def best(p: list[float], m: list[float] | None) -> list[float]:
        if m is None:
            return list(p)
        return [min(a, b + SHOOT_MARGIN) for a, b in zip(p, m, strict=True)]

    scores = best(plain, moon)
    order = (
        list(range(len(candidates)))
        if len(candidates) <= 2
        else sorted(range(len(candidates)), key=lambda i: (scores[i], i))[:2]
    )
    pair = [candidates[i] for i in order]
    plain2, moon2, n2 = evaluate_plans(
        view, obs, pair, rng, budget - first, sampler, policy, shoot, w
    )
    for k, i in enumerate(order):
        p = (plain[i] * n1 + plain2[k] * n2) / (n1 + n2)
        if moon is None or moon2 is None:
            scores[i] = p
        else:
            scores[i] = min(p, (moon[i] * n1 + moon2[k] * n2) / (n1 + n2) + SHOOT_MARGIN)
    return scores


def endgame_scores(
    view: Any,
    obs: Observation,
    candidates: list[int],
    rng: random.Random,
    worlds: int | None = None,
) -> list[float]:
    """Weighted mean over sampled deals of this seat's exact hand points after each candidate,
    every seat playing perfectly for itself in the deal (max-n)."""
    from games.engine.fast import FastHand

    seat = obs.seat
    sampler = Sampler(obs)
    counts: dict[tuple[int, ...], int] = {}
    order: list[tuple[int, ...]] = []
    for _ in range(ENDGAME_WORLDS if worlds is None else worlds):
        hands = tuple(sampler(obs, rng))
        if hands not in counts:
            counts[hands] = 0
            order.append(hands)
        counts[hands] += 1
    totals = [0.0] * len(candidates)
    weight = 0
    solver = _Solver(seat)
    for hands in order:
        base = FastHand.from_view(view, list(hands))
        values = []
        for card in candidates:
            child = base.copy()
            child.play(card)
            values.append(objective(solver.solve(child), seat, OBJECTIVE_W))
        w = counts[hands]
        for i, v in enumerate(values):
            totals[i] += w * v
        weight += w
        if solver.nodes > NODE_CAP:
            break
    return [t / weight for t in totals]


class _Solver:
    """Max-n over a known deal: each seat minimises its own hand points; ties go against the
    root seat (the highest points for it), then to the lowest card."""

    __slots__ = ("nodes", "root")

    def __init__(self, root: int) -> None:
        self.root = root
        self.nodes = 0

    def solve(self, fast: Any) -> tuple[int, ...]:
        # ``fast`` is the caller's own copy: forced cards are played on it in place.
        while True:
            if fast.is_over:
                return fast.standing_points()
            legal = fast.legal_mask()
            if legal & (legal - 1):
                break
            fast.play(legal.bit_length() - 1)
        self.nodes += 1
        me = fast.seat_to_play
        root = self.root
        best: tuple[int, ...] | None = None
        for card in classes(fast, legal):
            child = fast.copy()
            child.play(card)
            value = self.solve(child)
            if (
                best is None
                or value[me] < best[me]
                or (value[me] == best[me] and me != root and value[root] > best[root])
            ):
                best = value
        assert best is not None
        return best


def classes(fast: Any, legal: int) -> list[int]:
    """One card (the lowest) per class of equivalent legal cards of the seat to play: adjacent
    among the cards still held by anyone, not split by the card winning the trick, same points."""
    held = 0
    for mask in fast.hands:
        held |= mask
    pts = fast.pts
    split = fast.best if fast.trick else -1
    out: list[int] = []
    prev = -2
    prev_pts = None
    mask = legal
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        between = held & ((1 << card) - 1) & ~((2 << prev) - 1) if prev >= 0 else 1
        same = (
            prev >= 0
            and card // 13 == prev // 13
            and not between
            and pts[card] == prev_pts
            and not (prev < split < card)
        )
        if not same:
            out.append(card)
        prev = card
        prev_pts = pts[card]
    return out


def inferences(obs: Observation) -> list[int]:
    """Per seat, the unseen cards its plays say it probably does not hold (see the module
    docstring); empty for this seat."""
    seats = obs.seats
    avoid = [0] * seats
    takers = [s for s in range(seats) if obs.taken[s]]
    suspect = takers[0] if len(takers) == 1 else -1
    gone = 0
    tricks = [*obs.history, obs.trick] if obs.trick else list(obs.history)
    for number, plays in enumerate(tricks):
        if not plays:
            continue
        first = number == 0 and not obs.free_first_trick
        led_card = plays[0][1]
        led = led_card // 13
        best = led_card
        gone |= 1 << led_card
        for k in range(1, len(plays)):
            s, card = plays[k]
            if not first and s != suspect and s != obs.seat:
                if card // 13 != led:
                    if card != QS and obs.deck & QS_BIT and not gone & QS_BIT:
                        avoid[s] |= QS_BIT
                elif card < best:
                    between = SUIT_MASK[led] & ((1 << best) - 1) & ~((2 << card) - 1)
                    avoid[s] |= between
                elif k < seats - 1:
                    avoid[s] |= SUIT_MASK[led] & ((1 << best) - 1)
            if card // 13 == led and card > best:
                best = card
            gone |= 1 << card
    unseen = obs.unseen
    return [a & unseen if s != obs.seat else 0 for s, a in enumerate(avoid)]


class Sampler:
    """Deals of the unseen cards: `sample_hands` (the hard facts) in a share ``1 - TRUST`` of
    the draws, else `sample_inferred` with this observation's inferences."""

    __slots__ = ("avoid", "useful")

    def __init__(self, obs: Observation) -> None:
        self.avoid = inferences(obs)
        self.useful = any(self.avoid)

    def __call__(self, obs: Observation, rng: random.Random) -> list[int]:
        if not self.useful or rng.random() >= TRUST:
            return sample_hands(obs, rng)
        return sample_inferred(obs, rng, self.avoid)


def sample_inferred(
    obs: Observation, rng: random.Random, avoid: list[int], tries: int = 8
) -> list[int]:
    """A deal like `sample_hands` (counts, voids, passed cards) in which no seat gets a card of
    ``avoid[seat]`` while another holder can take it; `sample_hands` when no such deal is found
    in ``tries`` draws."""
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
    options_of = {}
    for card in cards:
        suit_ok = [h for h in holders if h == DEAD or not obs.voids[h] & (1 << (card // 13))]
        liked = [h for h in suit_ok if h == DEAD or not avoid[h] >> card & 1]
        options_of[card] = liked or suit_ok
    for _ in range(tries):
        hands = list(base)
        left = {h: (dead_room if h == DEAD else room[h]) for h in holders}
        keyed = sorted((len(options_of[c]), rng.random(), c) for c in cards)
        ok = True
        for _, _, card in keyed:
            options = options_of[card]
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
    return sample_hands(obs, rng)


_PENALTY = HEARTS_MASK | QS_BIT
_SPADES_BELOW_Q = SUIT_MASK[SPADES] & ((1 << QS) - 1)
_NOT_QS = ~QS_BIT

VOID_LEAD_COST = 6.0
"""Playout lead key added to a suit in which another seat has shown a void (points live)."""

WIN_HIGH = True
"""Playouts: a seat forced to win a trick before the last seat wins it with its highest card
(not QS) when nobody after it can dump points on it (the heuristic's rule)."""


def playout(fast: Any, live: int, shooter: int, obs: Observation) -> None:
    """The expert's playout policy (`games.bots.expert.playout`) with two rules of the
    heuristic added for every seat: leads avoid a suit in which another seat has shown a void
    while points are live (the voids shown in the view and in the playout so far), and a seat
    forced to win a trick before the last seat wins it with its highest card when no seat
    after it may be void in the suit (it sheds a high card instead of keeping it to win a
    later trick with points in it)."""
    seats = fast.seats
    voids = list(obs.voids)
    trick = fast.trick
    if len(trick) > 1 and trick[-1] // 13 != fast.led:
        # The candidate just played (not in the view's voids yet).
        voids[(fast.seat_to_play - 1) % seats] |= 1 << fast.led
    if shooter >= 0:
        if not fast.moon_mask:
            shooter = -1
        else:
            for s in range(seats):
                if s != shooter and fast.taken[s] & _PENALTY:
                    shooter = -1
                    break
    while not fast.is_over:
        legal = fast.legal_mask()
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        else:
            card = playout_card(fast, legal, live, shooter, voids)
        if fast.trick and card // 13 != fast.led:
            voids[fast.seat_to_play] |= 1 << fast.led
        live &= ~(1 << card)
        fast.play(card)
        if shooter >= 0 and not fast.trick:
            for s in range(seats):
                if s != shooter and fast.taken[s] & _PENALTY:
                    shooter = -1
                    break


def playout_card(fast: Any, legal: int, live: int, shooter: int, voids: list[int]) -> int:
    """The playout policy's card for the seat to play (``legal`` holds two cards or more;
    ``live``: the cards not played yet; ``voids``: per seat, the suits it has shown void in)."""
    me = fast.seat_to_play
    seats = fast.seats
    n = len(fast.trick)
    if shooter == me:
        return expert._shoot(fast, legal, live)
    if n == 0:
        return _lead(legal, fast.hands[me], live, voids, me, seats)
    led = fast.led
    follow = legal & SUIT_MASK[led]
    defend = shooter >= 0 and fast.win == shooter
    if follow:
        ducks = follow & ((1 << fast.best) - 1)
        if defend and follow & ~ducks:
            return (follow & ~ducks).bit_length() - 1
        if n == seats - 1 and fast.tpts <= 0:
            return ((follow & _NOT_QS) or follow).bit_length() - 1
        if ducks:
            return ducks.bit_length() - 1
        if n == seats - 1:
            return ((follow & _NOT_QS) or follow).bit_length() - 1
        if follow & _NOT_QS and (
            (led == SPADES and live & QS_BIT)
            or (WIN_HIGH and _safe_to_win(fast, live, voids, me, led, seats - 1 - n))
        ):
            return (follow & _NOT_QS).bit_length() - 1
        return (follow & -follow).bit_length() - 1
    if defend and legal & ~_PENALTY:
        return expert._highest_rank(legal & ~_PENALTY)
    if legal & QS_BIT:
        return QS
    if live & QS_BIT and legal & AS_KS_BITS:
        return (legal & AS_KS_BITS).bit_length() - 1
    if legal & HEARTS_MASK:
        return (legal & HEARTS_MASK).bit_length() - 1
    return expert._highest_rank(legal)


def _safe_to_win(fast: Any, live: int, voids: list[int], me: int, led: int, after: int) -> bool:
    """No points can fall on this trick from the seats after ``me``: no penalty card left in
    other hands, or every later seat may hold the suit and enough of it is out."""
    others = live & ~fast.hands[me]
    if not others & _PENALTY:
        return True
    suit_left = others & SUIT_MASK[led]
    if suit_left.bit_count() < after + 1:
        return False
    s = me
    bit = 1 << led
    for _ in range(after):
        s = fast._next[s]
        if voids[s] & bit:
            return False
    return True


def _lead(legal: int, hand: int, live: int, voids: list[int], me: int, seats: int) -> int:
    if live & QS_BIT and not hand & (QS_BIT | AS_KS_BITS):
        low = legal & _SPADES_BELOW_Q
        if low:
            return low.bit_length() - 1
    others = live & ~hand
    shown = 0
    if others & _PENALTY:
        for t in range(seats):
            if t != me:
                shown |= voids[t]
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
        if shown >> s & 1:
            key += VOID_LEAD_COST
        if key < best_key:
            best, best_key = c, key
    return best
