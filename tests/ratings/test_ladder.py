"""The ladder's arithmetic (pure): placings with ties and forfeits, one game's update, the AI
identity that sits in several seats, and the display scale."""

from __future__ import annotations

import math

import pytest

from ratings import ladder


def test_lower_total_places_higher_and_equal_totals_share_a_place():
    assert ladder.placings([40, 12, 12, 101]) == [3, 1, 1, 4]
    assert ladder.placings([7, 7]) == [1, 1]
    assert ladder.placings([0, 26, 26, 26]) == [1, 2, 2, 2]


def test_forfeited_seats_are_last_whatever_their_total():
    # seat 1 had the lowest total but resigned; seats 1 and 3 forfeited: tied last (3rd)
    assert ladder.placings([50, 3, 20, 99], [False, True, False, True]) == [2, 3, 1, 3]
    assert ladder.placings([50, 3, 20], frozenset({0})) == [3, 1, 2]


def test_the_winner_gains_the_last_loses_and_a_tie_moves_together():
    a, b, c, d = "a", "b", "c", "d"
    after = ladder.rate_game({}, [(a, 1), (b, 2), (c, 2), (d, 4)])
    assert after[a].mu > ladder.MU > after[d].mu
    assert after[b] == after[c]  # same prior, same place: same result
    assert all(s.sigma < ladder.SIGMA for s in after.values())


def test_an_upset_moves_more_than_an_expected_result():
    strong, weak = ladder.Skill(35.0, 3.0), ladder.Skill(15.0, 3.0)
    expected = ladder.rate_game({"s": strong, "w": weak}, [("s", 1), ("w", 2)])
    upset = ladder.rate_game({"s": strong, "w": weak}, [("s", 2), ("w", 1)])
    assert upset["w"].mu - weak.mu > expected["s"].mu - strong.mu > 0


def test_an_identity_in_several_seats_sums_its_seats_changes():
    bot, human = "heuristic", "ann"
    seats = [(bot, 1), (human, 2), (bot, 3), (bot, 4)]
    after = ladder.rate_game({}, seats)
    m = ladder.model()
    teams = [[m.rating()] for _ in seats]
    each = m.rate(teams, ranks=[1.0, 2.0, 3.0, 4.0])
    mus = [t[0].mu for t in each]
    assert after[bot].mu == pytest.approx(ladder.MU + sum(mus[i] - ladder.MU for i in (0, 2, 3)))
    assert after[human].mu == each[1][0].mu
    ratio = math.prod((each[i][0].sigma / ladder.SIGMA) ** 2 for i in (0, 2, 3))
    assert after[bot].sigma == pytest.approx(ladder.SIGMA * math.sqrt(ratio))


def test_rate_game_is_deterministic_to_the_bit():
    priors = {"x": ladder.Skill(27.1234567, 4.2), "y": ladder.Skill(22.5, 6.1)}
    seats = [("x", 2), ("y", 1), ("z", 3)]
    assert ladder.rate_game(priors, seats) == ladder.rate_game(dict(priors), list(seats))


def test_one_identity_alone_is_not_rated():
    with pytest.raises(ValueError, match="two identities"):
        ladder.rate_game({}, [("random", 1), ("random", 2)])


def test_display_scale():
    assert ladder.display(ladder.MU) == 1500
    assert ladder.display(ladder.MU + 10) == 1800
    assert ladder.display_deviation(ladder.SIGMA) == 250
    assert ladder.INITIAL.ordinal == pytest.approx(0.0)
