"""The `master` level's world sampling: what it infers from the other seats' plays, and that its
deals stay consistent with every hard fact of the view (counts, voids, passed cards)."""

from __future__ import annotations

import random

import pytest

from games.bots import choose_move, master
from games.bots.cards import QS_BIT, SUIT_MASK
from games.bots.observation import observe
from games.bots.sampling import consistent
from games.engine import parse_cards, view_for_seat
from tests.bots.positions import deal, play, rules_of
from tests.bots.test_sampling import _positions

HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
    "9C 10C JC QC KC 8D 9D 10D JD QD 2S 3S QS",
    "AC KD AD 4S 5S 6S 7S 8S 9S 10S JS KS AS",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
]


def _mask(codes):
    mask = 0
    for card in parse_cards(codes.split()):
        mask |= 1 << card.index
    return mask


def _state(plays):
    return play(deal(rules_of("classic", passing=False), HANDS), plays)


def test_a_void_seat_that_did_not_shed_the_queen_is_taken_not_to_hold_it():
    # Trick 1: clubs (no inference on the first trick). Trick 2: seat 2 leads KD; seat 3, void
    # in diamonds, discards 3H instead of QS: it does not hold QS.
    state = _state("2C 9C AC 2H  KD 3H 2D 8D")
    obs = observe(view_for_seat(state, state.to_act[0]))
    assert state.to_act[0] == 2
    avoid = master.inferences(obs)
    assert avoid[3] & QS_BIT
    assert not avoid[1] & QS_BIT


DUCKS = "2C 9C AC 2H  KD 3H 7D QD"
"""Trick 2: seat 2 leads KD, seat 3 (void) discards 3H, seat 0 ducks with 7D, seat 1 with QD."""


def test_a_duck_says_no_card_between_it_and_the_winner():
    # Seat 0 ducked with 7D under KD: it holds none of 8D 9D 10D JD (it would have ducked with
    # the highest); seat 1's QD is right under KD: nothing to infer.
    obs = observe(view_for_seat(_state(DUCKS), 2))
    avoid = master.inferences(obs)
    assert avoid[0] & SUIT_MASK[1] == _mask("8D 9D 10D JD")
    assert avoid[1] & SUIT_MASK[1] == 0


def test_nothing_is_inferred_on_the_first_trick():
    state = _state("2C 9C AC 2H")
    obs = observe(view_for_seat(state, 2))
    assert master.inferences(obs) == [0, 0, 0, 0]


def test_inferred_deals_respect_the_inferences_when_they_can():
    obs = observe(view_for_seat(_state(DUCKS), 2))
    avoid = master.inferences(obs)
    assert avoid[3] & QS_BIT
    assert avoid[0] & SUIT_MASK[1]
    rng = random.Random(4)
    for _ in range(200):
        hands = master.sample_inferred(obs, rng, avoid)
        assert consistent(obs, hands)
        assert not hands[3] & QS_BIT
        assert not hands[0] & avoid[0]
    # The hard facts alone would deal them: seat 0 gets one of 8D..JD in most plain deals.
    plain = [master.sample_hands(obs, rng) for _ in range(50)]
    assert sum(1 for h in plain if h[0] & avoid[0]) > 25


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [("classic", {}), ("two_player", {"passing": True}), ("five_player", {})],
)
def test_the_master_sampler_keeps_every_hard_fact(preset, overrides):
    rng = random.Random(5)
    checked = 0
    for _, view in _positions(preset, overrides, hands=4):
        obs = observe(view)
        sampler = master.Sampler(obs)
        for _ in range(4):
            hands = sampler(obs, rng)
            assert consistent(obs, hands)
            assert sum(h.bit_count() for h in hands) == sum(view.cards_left)
        checked += 1
    assert checked > 30


def test_master_is_deterministic_given_the_rng_in_every_phase_of_the_hand():
    rules = rules_of("classic")
    from games.bots.match import shuffled_deck
    from games.engine import DealHand, apply, new_game

    state, _ = apply(new_game(rules), DealHand(shuffled_deck(rules, "det"), "salt"))
    decisions = 0
    while state.phase in ("passing", "playing") and state.hand_number == 1:
        seat = state.to_act[0]
        view = view_for_seat(state, seat)
        move = choose_move(view, "master", random.Random(decisions))
        if decisions % 7 == 0 or sum(view.cards_left) <= master.ENDGAME_CARDS[4]:
            assert choose_move(view, "master", random.Random(decisions)) == move
        state, _ = apply(state, move)
        decisions += 1
    assert state.hand_results


# --- The master's playout policy ---------------------------------------------------------------

PLAYOUT_HANDS = [
    "2C 3C 4C 6D 2S 3S 4S 2H 3H 4H",
    "5C 6C 7C KD AD 5S 6S 5H 6H 7H",
    "8C 9C 10C 7D 8D 7S 8S 8H 9H 10H",
    "JC QC KC 9D 10D 9S 10S JH QH KH",
]
"""Ten cards each, seat 0 to lead trick 4 of a classic hand (the cards not listed are gone)."""


def _card(code):
    return _mask(code).bit_length() - 1


def _fast(hands, trick=""):
    from games.engine.fast import FastHand

    masks = [_mask(h) for h in hands]
    played = [c.index for c in parse_cards(trick.split())] if trick else []
    live = 0
    for m in masks:
        live |= m
    for c in played:
        live |= 1 << c
    rules = rules_of("classic")
    return FastHand(rules, masks, 0, played, 4, False, [0] * 4, [0] * 4, live), live


def test_the_playout_wins_high_when_forced_and_no_point_can_fall_on_it():
    # Seat 0 led 6D; seat 1 holds only KD AD in diamonds: it must win the trick. Seats 2 and 3
    # hold diamonds and have shown no void, so it wins with AD (it keeps no high diamond to win
    # a later trick with points in it).
    hands = ["2C 3C 4C 2S 3S 4S 2H 3H 4H", *PLAYOUT_HANDS[1:]]
    fast, live = _fast(hands, "6D")
    assert fast.seat_to_play == 1
    legal = fast.legal_mask()
    assert master.playout_card(fast, legal, live, -1, [0] * 4) == _card("AD")
    # The expert's rule (WIN_HIGH off) wins with the lowest card, KD...
    saved = master.WIN_HIGH
    try:
        master.WIN_HIGH = False
        assert master.playout_card(fast, legal, live, -1, [0] * 4) == _card("KD")
    finally:
        master.WIN_HIGH = saved
    # ...and so does the master when a later seat has shown a void in diamonds (points may
    # fall on the trick: the ace may still win a later one cheaply).
    assert master.playout_card(fast, legal, live, -1, [0, 0, 0, 1 << 1]) == _card("KD")


def test_the_playout_does_not_lead_into_a_shown_void_while_points_are_live():
    fast, live = _fast(PLAYOUT_HANDS)
    legal = fast.legal_mask()
    assert master.playout_card(fast, legal, live, -1, [0] * 4) == _card("2C")
    # Seat 2 has shown a void in clubs (a heart would be dumped on the club): the low spade.
    assert master.playout_card(fast, legal, live, -1, [0, 0, 1 << 0, 0]) == _card("2S")
