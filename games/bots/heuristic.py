"""The `heuristic` level: sound rule-based Hearts from one seat's observation.

Passing: give away the cards that win tricks you do not want (QS and its guards AS/KS when
spades are short, high hearts, high cards of short suits, to build voids); keep low spades.

Play, in order of precedence:

* moon attempt: when this seat holds every point taken so far and controls what is left,
  it takes tricks on purpose;
* moon block: when one opponent holds every point taken so far and a good share of the points
  in play, take a trick with a point in it (or dump points on anyone else);
* follow suit by ducking under the winning card with the highest card that still loses; last to
  a pointless trick, win it with the highest card instead (shedding a high card for free);
* when void, shed QS first, then AS/KS while the queen is live, then high hearts, then the card
  most likely to win a trick later (high in a short suit);
* lead the card least likely to win: low spades to smoke out the queen when the seat does not
  hold it nor AS/KS, otherwise the lowest card relative to the unseen cards of its suit, avoiding
  suits in which an opponent is void; never lead into a suit where this seat would be forced to
  win a trick with points.

Cards are counted: "unseen" is every card of the deck not in this hand and not played (the
other hands and any dead cards), which in the two-player game is close to the opponent's hand.
"""

from __future__ import annotations

from games.bots.cards import (
    AS,
    AS_KS_BITS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    HEARTS_MASK,
    JD,
    JD_BIT,
    KS,
    QS,
    QS_BIT,
    SPADES,
    SPADES_MASK,
    SUIT_MASK,
    above,
    below,
    count,
    highest,
    indices,
    lowest,
    penalty_points,
    rank_of,
    suit_of,
)
from games.bots.observation import Observation

# ---------------------------------------------------------------------------------------------
# Passing


def choose_pass(obs: Observation) -> list[int]:
    """The ``obs.pass_count`` cards to pass, as card indices."""
    n = obs.pass_count
    hand = obs.hand
    if n <= 0:
        return []
    if n >= count(hand):
        return list(indices(hand))[:n]
    if moon_hand(obs):
        # Keep the controls; give away the lowest cards of the short side suits.
        ranked = sorted(
            indices(hand), key=lambda c: (rank_of(c), count(hand & SUIT_MASK[suit_of(c)]))
        )
        return ranked[:n]
    chosen: list[int] = []
    remaining = hand
    for _ in range(n):
        best = max(indices(remaining), key=lambda c: _pass_danger(obs, remaining, c, chosen))
        chosen.append(best)
        remaining &= ~(1 << best)
    return chosen


def _pass_danger(obs: Observation, remaining: int, card: int, chosen: list[int]) -> float:
    suit = suit_of(card)
    rank = rank_of(card)
    deck_suit = obs.deck & SUIT_MASK[suit]
    # Rank among the cards of this deck's suit: 0 for the lowest, 1 for the highest.
    lower_in_deck = count(deck_suit & below(card))
    strength = lower_in_deck / max(1, count(deck_suit) - 1)
    suit_len = count(remaining & SUIT_MASK[suit])
    spades = count(remaining & SPADES_MASK)
    holds_qs = bool(remaining & QS_BIT) or QS in chosen
    danger = strength * 10.0
    if card == QS:
        danger = 40.0 if spades <= 4 else 2.0
    elif card in (AS, KS):
        if QS in chosen or (not holds_qs and spades <= 4):
            danger = 30.0
        elif holds_qs and spades >= 5:
            danger = 4.0
        else:
            danger = 22.0 if spades <= 3 else 8.0
    elif suit == SPADES:
        # Low spades protect against the queen: keep them.
        danger = strength * 4.0 - 4.0
    elif suit == HEARTS:
        danger = strength * 13.0 + 1.0
        # A few low hearts are useful to duck heart leads.
        if rank <= 5:
            danger -= 3.0
    else:
        if obs.jack_of_diamonds and card == JD:
            return -10.0
        # Void building: a short side suit is worth emptying.
        if suit_len <= 2:
            danger += 6.0 - 2.0 * suit_len + strength * 4.0
        elif suit_len == 3:
            danger += 1.0
    return danger


def moon_hand(obs: Observation) -> bool:
    """A hand strong enough to try to take every point, judged before any trick."""
    hand = obs.hand
    hearts = hand & HEARTS_MASK
    deck_hearts = obs.deck & HEARTS_MASK
    if count(hearts) < max(5, count(deck_hearts) * 5 // 13):
        return False
    # Need the top hearts: no unseen heart above our third-highest heart.
    tops = sorted(indices(hearts), reverse=True)
    third = tops[min(2, len(tops) - 1)]
    if count(deck_hearts & above(third) & ~hearts):
        return False
    # Every side suit must be led from the top or be short.
    losers = 0
    for suit in (CLUBS, DIAMONDS, SPADES):
        mine = hand & SUIT_MASK[suit]
        if not mine:
            continue
        top_missing = count(obs.deck & SUIT_MASK[suit] & above(highest(mine)) & ~hand)
        if top_missing:
            losers += min(count(mine), 2)
    return losers <= 1


# ---------------------------------------------------------------------------------------------
# Moons


def moon_threat(obs: Observation) -> int | None:
    """The opponent who may be shooting the moon: every penalty card taken so far is theirs, and
    either they have won every trick (three or more) or they hold a third of the points with two
    hearts, two thirds of the tricks, or from the middle of the hand on ("late" scales with the
    hand size: trick 7 of 13, 5 of 8). None when there is no such threat."""
    takers = [s for s in range(obs.seats) if obs.taken[s]]
    if len(takers) != 1 or takers[0] == obs.seat:
        return None
    shooter = takers[0]
    seen = moon_in_sight(
        points=penalty_points(obs.taken[shooter], obs.queen_points),
        moon_total=obs.moon_total,
        hearts_taken=count(obs.taken[shooter] & HEARTS_MASK),
        tricks_won=obs.tricks_won[shooter],
        done=sum(obs.tricks_won),
        trick_number=obs.trick_number,
        hand_size=obs.hand_size,
    )
    return shooter if seen else None


def moon_in_sight(
    *,
    points: int,
    moon_total: int,
    hearts_taken: int,
    tricks_won: int,
    done: int,
    trick_number: int,
    hand_size: int,
) -> bool:
    """The rule of `moon_threat` for a seat holding every penalty card taken so far (``points``
    of them, ``hearts_taken`` hearts, ``tricks_won`` of the ``done`` tricks): it has won every
    trick (three or more), or holds a third of the points with two hearts, two thirds of the
    tricks, or it is the middle of the hand or later. The expert's playouts use it too
    (`expert.moon_shows`)."""
    if done >= 3 and tricks_won == done:
        return True
    if points < max(4, moon_total // 3):
        return False
    late = trick_number >= max(3, (hand_size * 7 + 12) // 13)
    return late or hearts_taken >= 2 or 3 * tricks_won >= 2 * done


def moon_suspect(obs: Observation) -> int | None:
    """The one opponent holding every penalty card taken so far (a threat or not), else None."""
    takers = [s for s in range(obs.seats) if obs.taken[s]]
    if len(takers) == 1 and takers[0] != obs.seat:
        return takers[0]
    return None


def moon_open(obs: Observation) -> bool:
    """Whether an opponent can still shoot: no penalty card taken by two seats or by this one."""
    takers = [s for s in range(obs.seats) if obs.taken[s]]
    return len(takers) == 0 or (len(takers) == 1 and takers[0] != obs.seat)


def stopper(obs: Observation) -> int | None:
    """This seat's heart that can still stop a moon: its highest heart, when no unseen heart
    beats it (cards already in the trick are gone after it). None otherwise."""
    hearts = obs.hand & HEARTS_MASK
    if not hearts:
        return None
    top = highest(hearts)
    if obs.unseen & HEARTS_MASK & above(top):
        return None
    return top


def shooting(obs: Observation) -> bool:
    """Whether this seat goes on taking every point (it has all points so far and control)."""
    if any(p > 0 for s, p in enumerate(obs.points_taken) if s != obs.seat):
        return False
    mine = obs.points_taken[obs.seat]
    unseen_pen = obs.unseen & (HEARTS_MASK | QS_BIT)
    if mine == 0:
        return obs.trick_number <= 2 and moon_hand(obs)
    if mine < obs.moon_total // 3 and obs.trick_number < 5:
        return moon_hand(obs)
    # Control: our remaining hearts include every heart above the unseen ones, or none unseen.
    if not unseen_pen:
        return True
    unseen_hearts = unseen_pen & HEARTS_MASK
    my_hearts = obs.hand & HEARTS_MASK
    if unseen_hearts and (not my_hearts or highest(unseen_hearts) > highest(my_hearts)):
        return False
    if count(unseen_hearts) > 2 * count(my_hearts) + 2:
        return False
    return not (unseen_pen & QS_BIT and not obs.hand & (AS_KS_BITS | QS_BIT))


# ---------------------------------------------------------------------------------------------
# Playing


def choose_play(obs: Observation) -> int:
    legal = obs.legal
    if legal & (legal - 1) == 0:
        return highest(legal)
    if shooting(obs):
        return _play_to_shoot(obs)
    threat = moon_threat(obs)
    if not obs.trick:
        return _lead(obs, threat)
    led = suit_of(obs.trick[0][1])
    follow = legal & SUIT_MASK[led]
    if follow:
        return _follow(obs, follow, led, threat)
    return _discard(obs, threat)


def _trick_points(obs: Observation) -> int:
    return penalty_points(obs.trick_mask(), obs.queen_points)


def _follow(obs: Observation, follow: int, led: int, threat: int | None) -> int:
    win_seat, win_card = obs.trick_winner()
    trick_points = _trick_points(obs)
    last = obs.seats_after_me() == 0
    ducks = follow & below(win_card)
    beats = follow & ~ducks
    if threat is not None and beats and (win_seat == threat or trick_points > 0):
        # Break the moon: take this trick (a point or two now saves the whole moon).
        return highest(beats)
    jd_trick = obs.jack_of_diamonds and led == DIAMONDS and obs.deck & JD_BIT
    if jd_trick:
        jd_play = _jack_of_diamonds_follow(obs, follow, win_card, trick_points, last)
        if jd_play is not None:
            return jd_play
    if obs.first_trick and not obs.free_first_trick:
        # Nobody may throw points on the first trick: shed the highest card of the suit.
        safe = follow & ~QS_BIT
        return highest(safe or follow)
    if last and trick_points == 0:
        # A free trick: win it with the highest card, but not with QS; unless winning it hands
        # us the lead with nothing but cards that win whatever is left (then every point still
        # out is thrown on our tricks: duck and keep the high card to discard).
        safe = follow & ~QS_BIT
        if safe and (beats & safe or not ducks):
            card = highest(safe)
            if not (ducks and _lead_trap(obs, card)):
                return card
    if ducks:
        if led == SPADES and ducks & QS_BIT:
            return QS
        stop = stopper(obs) if led == HEARTS else None
        if stop is not None and ducks & ~(1 << stop) and ducks >> stop & 1 and moon_open(obs):
            # Keep the heart that can still stop a moon (do not shed it under an early ace).
            return highest(ducks & ~(1 << stop))
        return highest(ducks)
    # Every card wins for now.
    if last:
        safe = follow & ~QS_BIT
        return highest(safe or follow)
    if led == SPADES and obs.queen_live() and not obs.hand & QS_BIT:
        # The queen may still fall on us: win with the highest spade, hoping to shed AS/KS.
        safe = follow & ~QS_BIT
        return highest(safe or follow)
    # Others may still overtake us: play the lowest, unless the suit is safe to win cheaply.
    danger = _dump_risk(obs, led)
    if danger == 0:
        return highest(follow & ~QS_BIT or follow)
    return lowest(follow)


def _lead_trap(obs: Observation, card: int) -> bool:
    """Whether winning this trick with ``card`` leaves us to lead a hand in which every card
    wins its trick (no unseen card of its suit ranks above it) while points are still out:
    then every trick left is ours, and so is every point the others still hold (the endgame of
    AD 2D against seats with no diamond left: AD now, and 2D must be led into their discards)."""
    rest = obs.hand & ~(1 << card)
    if not rest or not obs.unseen & (HEARTS_MASK | QS_BIT):
        return False
    return all(not obs.unseen & above(c) for c in indices(rest))  # above(c): c's suit only


def _dump_risk(obs: Observation, led: int) -> int:
    """How many seats still to play may be void in the led suit and holding points."""
    risk = 0
    n = obs.seats_after_me()
    unseen_in_suit = obs.unseen & SUIT_MASK[led]
    if not obs.unseen & (HEARTS_MASK | QS_BIT):
        return 0
    for k in range(1, n + 1):
        seat = (obs.seat + k) % obs.seats
        if not obs.may_hold(seat, led) or not unseen_in_suit:
            risk += 1
    if count(unseen_in_suit) < n + 1:
        risk += 1
    return risk


def _jack_of_diamonds_follow(
    obs: Observation, follow: int, win_card: int, trick_points: int, last: bool
) -> int | None:
    """With the JD option: win a diamond trick holding JD when it is cheap, or play JD itself
    when it would win."""
    trick_has_jd = bool(obs.trick_mask() & JD_BIT)
    if trick_has_jd and trick_points < 8:
        beats = follow & ~below(win_card)
        if beats and (last or count(obs.unseen & SUIT_MASK[DIAMONDS] & above(win_card)) == 0):
            return highest(beats)
    if obs.hand & JD_BIT and follow & JD_BIT and win_card < JD and trick_points < 8:
        higher_live = obs.unseen & SUIT_MASK[DIAMONDS] & above(JD)
        if last or not higher_live:
            return JD
    return None


def _discard(obs: Observation, threat: int | None) -> int:
    legal = obs.legal
    win_seat, _ = obs.trick_winner()
    penalties = legal & (HEARTS_MASK | QS_BIT)
    if threat is not None and win_seat == threat:
        # Do not feed the shooter: shed something harmless instead.
        clean = legal & ~(HEARTS_MASK | QS_BIT)
        if clean:
            return _most_dangerous(obs, clean)
    suspect = moon_suspect(obs)
    if (
        suspect is not None
        and suspect != win_seat
        and penalties
        and any(s == suspect for s, _ in obs.trick)
    ):
        # The shooter has played and someone else wins this trick: a point dumped here breaks
        # the moon for free.
        return QS if penalties & QS_BIT else highest(penalties)
    if threat is None and moon_open(obs):
        stop = stopper(obs)
        if stop is not None and legal & ~(1 << stop):
            # Keep the one heart that can still stop a moon; shed something else.
            legal &= ~(1 << stop)
            penalties &= legal
    if legal & QS_BIT:
        return QS
    if obs.queen_live() and legal & AS_KS_BITS:
        return highest(legal & AS_KS_BITS)
    if obs.jack_of_diamonds and legal & JD_BIT and legal & ~JD_BIT:
        legal &= ~JD_BIT
        penalties &= legal
    hearts = legal & HEARTS_MASK
    if hearts:
        top = highest(hearts)
        # A heart that can still win a heart trick is worth shedding first.
        if count(obs.unseen & HEARTS_MASK & below(top)) >= 1 or count(hearts) >= 3:
            other = _most_dangerous(obs, legal & ~HEARTS_MASK) if legal & ~HEARTS_MASK else None
            if other is None or _danger(obs, other) < _danger(obs, top) + 3:
                return top
    return _most_dangerous(obs, legal)


def _danger(obs: Observation, card: int) -> float:
    """How likely a card is to win a trick later (higher is worse to keep)."""
    suit = suit_of(card)
    unseen_suit = obs.unseen & SUIT_MASK[suit]
    lower = count(unseen_suit & below(card))
    higher = count(unseen_suit & above(card))
    mine = count(obs.hand & SUIT_MASK[suit])
    score = lower * 2.0 - higher * 1.0 + (4 - min(mine, 4)) * 1.5
    if not unseen_suit:
        score -= 6.0  # nobody can follow this suit: leading it later is a free trick or a dump
    if suit == HEARTS:
        score += 2.0
    if suit == SPADES and obs.queen_live() and card > QS:
        score += 8.0
    if obs.jack_of_diamonds and card == JD:
        score -= 20.0
    return score


def _most_dangerous(obs: Observation, mask: int) -> int:
    return max(indices(mask), key=lambda c: (_danger(obs, c), rank_of(c)))


def _lead(obs: Observation, threat: int | None) -> int:
    legal = obs.legal
    hand = obs.hand
    unseen = obs.unseen
    if threat is not None:
        hearts = legal & HEARTS_MASK
        if hearts and highest(hearts) > highest(unseen & HEARTS_MASK | 1):
            return highest(hearts)
    # Smoke out the queen with low spades when it is live and not ours.
    if obs.queen_live() and not hand & (QS_BIT | AS_KS_BITS):
        low_spades = legal & SPADES_MASK & below(QS)
        if low_spades and unseen & SPADES_MASK & ~QS_BIT:
            return highest(low_spades)
    best: int | None = None
    best_score = -1e9
    for card in _lead_candidates(legal):
        score = _lead_score(obs, card)
        if score > best_score:
            best, best_score = card, score
    assert best is not None
    return best


def _lead_candidates(legal: int) -> list[int]:
    """The lowest and highest legal card of each suit."""
    out = []
    for s in range(4):
        mine = legal & SUIT_MASK[s]
        if mine:
            out.append(lowest(mine))
            if mine & (mine - 1):
                out.append(highest(mine))
    return out


def _lead_score(obs: Observation, card: int) -> float:
    """Higher is a better lead: likely to lose the trick and costing nothing if it wins."""
    suit = suit_of(card)
    unseen_suit = obs.unseen & SUIT_MASK[suit]
    lower = count(unseen_suit & below(card))
    higher = count(unseen_suit & above(card))
    mine = count(obs.hand & SUIT_MASK[suit])
    others = [(obs.seat + k) % obs.seats for k in range(1, obs.seats)]
    void_seats = sum(1 for s in others if not obs.may_hold(s, suit))
    points_live = bool(obs.unseen & (HEARTS_MASK | QS_BIT))
    if higher == 0:
        # We win this trick for sure: only fine when nobody can dump points on it.
        score = -20.0 if points_live else 5.0
        if suit == HEARTS:
            score -= 5.0
        if suit == SPADES and obs.hand & QS_BIT and card != QS:
            score -= 5.0
        return score - (10.0 if card == QS else 0.0)
    score = 10.0 - lower * 3.0 + higher * 0.5
    if lower == 0:
        score += 6.0
    score -= void_seats * 4.0 * (1 if points_live else 0)
    if suit == SPADES:
        if card == QS:
            score -= 40.0
        elif obs.queen_live() and card > QS:
            score -= 30.0
        elif obs.hand & QS_BIT:
            score -= 8.0  # keep guards for the queen
    if suit == HEARTS:
        score -= 2.0 if lower == 0 else 6.0
    # Short suits: leading them builds a void, a long suit keeps the lead-back safe.
    score += (4 - min(mine, 4)) * 1.0
    if obs.jack_of_diamonds and card == JD:
        score -= 15.0
    return score


def _play_to_shoot(obs: Observation) -> int:
    legal = obs.legal
    unseen = obs.unseen
    if not obs.trick:
        # Lead a sure winner (highest of a suit nobody can beat), hearts first once broken.
        sure = [
            c
            for c in (highest(legal & SUIT_MASK[s]) for s in range(4) if legal & SUIT_MASK[s])
            if not unseen & SUIT_MASK[suit_of(c)] & above(c)
        ]
        if sure:
            return max(
                sure, key=lambda c: (suit_of(c) == HEARTS, count(unseen & SUIT_MASK[suit_of(c)]))
            )
        return highest(legal & ~HEARTS_MASK) if legal & ~HEARTS_MASK else highest(legal)
    led = suit_of(obs.trick[0][1])
    follow = legal & SUIT_MASK[led]
    if follow:
        _, win_card = obs.trick_winner()
        beats = follow & above(win_card)
        if beats:
            return highest(beats)
        return lowest(follow)
    # Void: keep the points for ourselves, throw the lowest non-penalty card.
    clean = legal & ~(HEARTS_MASK | QS_BIT)
    if clean:
        return min(indices(clean), key=rank_of)
    return lowest(legal)


# ---------------------------------------------------------------------------------------------
# The moon choice


def choose_moon(obs: Observation) -> str:
    """With ``shooter_chooses``: add to the others when that wins the game or keeps us in the
    lead; subtract from ourselves when adding would end the game with us not the lowest."""
    seat = obs.seat
    totals = list(obs.totals)
    moon = obs.moon_total
    add = [t + (0 if s == seat else moon) for s, t in enumerate(totals)]
    sub = [t - (moon if s == seat else 0) for s, t in enumerate(totals)]

    def outcome(scores: list[int]) -> tuple[int, int]:
        ends = max(scores) >= obs.target
        mine = scores[seat]
        best_other = min(t for s, t in enumerate(scores) if s != seat)
        if ends:
            return (2 if mine < best_other else 0, best_other - mine)
        return (1, best_other - mine)

    return "add_to_others" if outcome(add) >= outcome(sub) else "subtract_from_self"
