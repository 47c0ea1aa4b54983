"""The `master` level's exact endgame solver, on set positions with the best play written out.

Each position is the last tricks of a classic hand with every card known (the solver's input:
one deal of the cards still held): the hands left, the trick in progress, and who took the
other cards. The solver plays max-n (each seat minimises its own hand points) through the
engine's fast path, so the values below are exact hand points, moons included.
"""

from __future__ import annotations

import random

import pytest

from games.bots import choose_move, master
from games.engine import PlayCard, RuleSet, format_card, parse_cards, view_for_seat
from games.engine.fast import FastHand
from tests.bots.positions import deal, play, rules_of

CLASSIC = RuleSet.from_preset("classic")


def _mask(codes: str) -> int:
    mask = 0
    for card in parse_cards(codes.split()):
        mask |= 1 << card.index
    return mask


def _endgame(hands, trick, leader, taken, trick_number):
    """A classic hand with ``hands`` left (codes per seat), ``trick`` in progress (codes, from
    ``leader``) and ``taken[seat]`` the cards each seat won; the cards named nowhere were won by
    seat 3 (none of them is a penalty card in these positions unless said)."""
    held = [_mask(h) for h in hands]
    in_trick = [c.index for c in parse_cards(trick.split())] if trick else []
    won = [_mask(t) for t in taken]
    used = 0
    for m in (*held, *won):
        used |= m
    for c in in_trick:
        used |= 1 << c
    won[3] |= CLASSIC.deck_mask & ~used
    probe = FastHand(CLASSIC, [0] * 4, 0, [], 2, True, [0] * 4, [0] * 4, CLASSIC.deck_mask)
    points = [sum(probe.pts[i] for i in range(52) if m >> i & 1) for m in won]
    return FastHand(
        CLASSIC, held, leader, in_trick, trick_number, True, won, points, CLASSIC.deck_mask
    )


def _values(fast, seat=0):
    """{card code: exact hand points of ``seat`` after playing it}, one card per class."""
    solver = master._Solver(seat)
    out = {}
    for card in master.classes(fast, fast.legal_mask()):
        child = fast.copy()
        child.play(card)
        out[format_card(_card(card))] = solver.solve(child)[seat]
    return out


def _card(index):
    from games.engine import Card

    return Card.from_index(index)


def test_lead_the_low_diamond_and_let_the_queen_fall_elsewhere():
    # Seat 0 leads with 5D KD. Seat 1 holds 6D QS. 5D: seat 1 must win with 6D, then leads QS,
    # which nobody can beat: seat 1 keeps it (0 for seat 0). KD first: seat 0 wins, leads 5D
    # and seat 1, void, drops QS on it (13).
    fast = _endgame(
        ["5D KD", "6D QS", "3D 2C", "2D 3C"],
        "",
        0,
        ["", "2H 3H 4H 5H 6H 7H", "8H 9H 10H JH QH KH AH", ""],
        12,
    )
    assert _values(fast) == {"5D": 0, "KD": 13}


def test_take_a_heart_to_stop_the_moon():
    # Seat 1 holds every point taken (9 hearts and QS), led 3H and keeps AH. Ducking with 2H
    # lets it take the last two tricks and every point: 26 for seat 0. KH wins this trick (2
    # points) and the moon is broken.
    fast = _endgame(
        ["KH 2H", "AH", "5C", "7C"],
        "3H 4C 6C",
        1,
        ["", "4H 5H 6H 7H 8H 9H 10H JH QH QS", "", ""],
        12,
    )
    assert fast.seat_to_play == 0
    assert _values(fast) == {"2H": 26, "KH": 2}


def test_cash_the_high_diamond_before_the_exit():
    # Three tricks left, seat 0 leads with 8C 4D KD; seat 1 holds 8D 9D QS, seat 3 JH KH KS.
    # 4D (or 8C) first: seat 1 wins, leads its other diamond into seat 0's KD, and seat 0 is
    # left to win the last trick with 8C, on which seat 1 drops QS: 16 with the hearts dumped.
    # KD first: seat 0 takes one heart, then 4D loses to seat 1, which must lead QS to seat 3's
    # KS: 1 point.
    fast = _endgame(
        ["8C 4D KD", "8D 9D QS", "5D 5H 5S", "JH KH KS"],
        "",
        0,
        ["2H 3H", "4H 6H", "7H 8H 9H", "10H QH AH"],
        11,
    )
    values = _values(fast)
    assert values == {"8C": 18, "4D": 18, "KD": 3}
    assert min(values, key=values.get) == "KD"


def test_equivalent_cards_are_searched_once():
    # 5D and 6D are adjacent among the cards still held (7D is out): one class. 9D is split from
    # them by seat 1's 8D; 10D and JD are adjacent to it and JD carries no points here (no JD
    # option), so 9D 10D JD are one class; QS alone.
    fast = _endgame(
        ["5D 6D 9D 10D JD QS", "8D 2C 3C 4C 5C 6C", "2S 3S 4S 5S 6S 7S", "7C 8C 9C 10C JC QC"],
        "",
        0,
        ["", "", "", ""],
        4,
    )
    assert [format_card(_card(c)) for c in master.classes(fast, fast.legal_mask())] == [
        "5D",
        "9D",
        "QS",
    ]


def test_the_winning_card_splits_a_class():
    # Seat 1 led 7D; seat 0 holds 5D 6D 8D 9D (7D is in the trick, no card of anyone between):
    # 5D/6D lose, 8D/9D win: two classes.
    fast = _endgame(
        ["5D 6D 8D 9D", "2C 3C 4C", "2S 3S 4S 5S", "7C 8C 9C 10C"],
        "7D",
        1,
        ["", "", "", ""],
        10,
    )
    # Seats 2 and 3 (void in diamonds) discard first.
    fast.play(next(iter(master.classes(fast, fast.legal_mask()))))
    fast.play(next(iter(master.classes(fast, fast.legal_mask()))))
    assert fast.seat_to_play == 0
    assert [format_card(_card(c)) for c in master.classes(fast, fast.legal_mask())] == [
        "5D",
        "8D",
    ]


# A real classic hand played through the engine to its last two tricks (seat 0 to lead with 5D
# KD, 5 points taken; seat 1 holds 6D QS, seats 2 and 3 hold 3D 9C and 2D 10C, unseen by seat 0).
HANDS = [
    "5D KD 6H 2S JH AH 4D 10D 6S 4C 2H JS 9H",
    "6D QS KH QH 5C AC 7S 7C JD 10H 5S 8S 5H",
    "3D 9C 2C 3H 10S AS 8C 4S 3C QD AD KC 3S",
    "10C 2D QC 7D 8D 6C 4H 9S 8H KS 9D 7H JC",
]
PLAYS = (
    "2C QC 4C AC 5S 4S KS JS JC 4D 5C KC 3C 6C 6H 7C QH 3H 7H 2H 8S AS 9S 6S AD 7D 10D JD "
    "3S 9D 2S 7S KH QD 4H AH 9H 10H 10S 8H 5H 8C 8D JH"
)


def test_the_exact_mean_over_every_consistent_deal_picks_5d():
    from games.bots.observation import observe
    from games.bots.sampling import consistent, sample_hands

    state = play(deal(rules_of("classic", passing=False), HANDS), PLAYS)
    view = view_for_seat(state, 0)
    obs = observe(view)
    rng = random.Random(0)
    worlds = {tuple(sample_hands(obs, rng)) for _ in range(2000)}
    # The 6 unseen cards, 2 per seat, with the voids shown (seat 2 in hearts, seat 3 in hearts
    # and spades): 60 deals.
    assert len(worlds) == 60
    assert all(consistent(obs, list(w)) for w in worlds)
    totals = {"5D": 0, "KD": 0}
    for hands in worlds:
        values = _values(FastHand.from_view(view, list(hands)))
        for code in totals:
            totals[code] += values[code]
    # 5D: 10.2 points on average over the 60 deals; KD first: 18.0 (left on lead with 5D, the
    # holder of QS void in diamonds drops it).
    assert (totals["5D"] * 10 // 60, totals["KD"] * 10 // 60) == (102, 180)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_master_plays_5d_in_the_real_endgame(seed):
    state = play(deal(rules_of("classic", passing=False), HANDS), PLAYS)
    view = view_for_seat(state, 0)
    assert sum(view.cards_left) <= master.ENDGAME_CARDS[4]
    assert choose_move(view, "master", random.Random(seed)) == PlayCard(0, parse_cards(["5D"])[0])
