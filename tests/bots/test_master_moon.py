"""The `master` level's shoot plan (`master.SHOOT_PLAN`): while this seat may still shoot the
moon, each candidate is also scored with this seat playing for it in the same sampled deals,
and the better plan's mean is its score. A strong hand holding every point taken plays for the
moon; a hand that cannot shoot leaves the choice to the plain plan."""

from __future__ import annotations

import random

import pytest

from games.bots import expert, master
from games.bots.observation import observe
from games.engine import Card, view_for_seat
from tests.bots.positions import deal, play, rules_of

# Classic deal 25 of the strength benchmark (seed `bench`, the hands after the pass): seat 0
# won trick 1 with AC and trick 2 with 10D (QH dumped on it), then led 9C and took QS. It holds
# every point taken (14), eight hearts with AH KH, and one loser in each side suit.
STRONG = [
    "3C 9C AC 10D JD 2H 7H 8H 9H 10H KH AH 5S",
    "2D 3D 4D 6D QD KD AD 2S 3S 10S QS KS AS",
    "6C 10C KC 5D 7D 8D 9D 3H 5H 4S 6S 7S JS",
    "2C 4C 5C 7C 8C JC QC 4H 6H JH QH 8S 9S",
]
STRONG_PLAYS = "2C AC QD KC 10D 2D 9D QH 9C QS 6C 8C"

# Seat 0 took QS on trick 2 (every point so far, so the plan is scored) with nothing to shoot
# with: low hearts, seat 3 holds AH down to 5H.
WEAK = [
    "AC KC 2D 3D 4D AD 2H 3H 4H 2S 3S 4S 5S",
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC 5D 6D",
    "QS KS AS 6S 7S 8S 9S 10S JS 7D 8D 9D 10D",
    "JD QD KD 5H 6H 7H 8H 9H 10H JH QH KH AH",
]
WEAK_PLAYS = "2C 7D JD AC KC 3C QS QD"


@pytest.fixture
def shoot_plan(monkeypatch):
    monkeypatch.setattr(master, "SHOOT_PLAN", True)


def _view(hands, plays):
    state = play(deal(rules_of("classic", passing=False), hands), plays)
    assert state.to_act == (0,)
    return view_for_seat(state, 0)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_moon_hand_holding_every_point_plays_for_the_moon(shoot_plan, seed):
    view = _view(STRONG, STRONG_PLAYS)
    obs = observe(view)
    assert master.shoot_eligible(obs)
    card = master.choose_play(view, obs, random.Random(seed))
    assert str(Card.from_index(card)) in ("AH", "KH")


def test_without_the_plan_the_moon_hand_ducks(monkeypatch):
    # The default search (own points, no shoot plan) sheds JD here instead: the plan is what
    # makes the difference.
    view = _view(STRONG, STRONG_PLAYS)
    obs = observe(view)
    monkeypatch.setattr(master, "SHOOT_PLAN", False)
    card = master.choose_play(view, obs, random.Random(1))
    assert str(Card.from_index(card)) not in ("AH", "KH")


def test_the_shoot_plan_scores_the_moon_hand_better_than_ducking(shoot_plan):
    view = _view(STRONG, STRONG_PLAYS)
    obs = observe(view)
    candidates = expert.candidate_cards(obs)
    plain, moon, _ = master.evaluate_plans(
        view, obs, candidates, random.Random(3), 20_000, master.Sampler(obs), shoot=True
    )
    assert moon is not None
    top = candidates.index(max(c for c in candidates if c // 13 == 2))  # AH
    assert moon[top] < min(plain)


def test_a_hand_that_cannot_shoot_keeps_the_plain_choice(shoot_plan, monkeypatch):
    view = _view(WEAK, WEAK_PLAYS)
    obs = observe(view)
    assert obs.taken[0]
    assert master.shoot_eligible(obs)
    candidates = expert.candidate_cards(obs)
    plain, moon, _ = master.evaluate_plans(
        view, obs, candidates, random.Random(3), 20_000, master.Sampler(obs), shoot=True
    )
    assert moon is not None
    # Never better by the margin: no moon to be had, only a different way of playing low.
    assert all(m + master.SHOOT_MARGIN > p for m, p in zip(moon, plain, strict=True))
    for seed in (1, 2):
        with_plan = master.choose_play(view, obs, random.Random(seed))
        monkeypatch.setattr(master, "SHOOT_PLAN", False)
        without = master.choose_play(view, obs, random.Random(seed))
        monkeypatch.setattr(master, "SHOOT_PLAN", True)
        assert with_plan == without


def test_no_plan_once_another_seat_has_taken_a_point(shoot_plan):
    # Trick 3 of the weak deal: seat 0 leads 2S, seat 2 wins it with AS and seat 3 dumps AH.
    state = play(deal(rules_of("classic", passing=False), WEAK), WEAK_PLAYS + " 2S 5D AS AH")
    obs = observe(view_for_seat(state, 0))
    assert obs.taken[0]
    assert obs.taken[2]
    assert not master.shoot_eligible(obs)
