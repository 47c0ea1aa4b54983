"""The rating arithmetic of a Hearts ladder: placings and one game's update (pure: no Django).

Model: `openskill`'s Plackett-Luce (Weng & Lin 2011), a Bayesian multiplayer free-for-all rating
with a mean ``mu`` and an uncertainty ``sigma`` per identity, default parameters (mu 25, sigma
25/3, beta 25/6, tau 25/300). Every seat of a game is one "team" of one, ranked by its final
placing (docs/ratings.md says why this library and this model).

Two rules are ours, not the library's:

* **Placings** (`placings`): lower total is better (RULES.md "End of game"); equal totals share a
  place (competition ranking: 1, 2, 2, 4); a forfeited seat (resigned or abandoned) is placed
  after every seat that was not, all forfeited seats tied for that last place.
* **One identity in several seats** (`rate_game`): an AI level may sit in more than one seat of
  a game (three heuristic bots and a human). Each of its seats is rated as its own team from the
  identity's one prior; the identity then takes the sum of its seats' ``mu`` changes and the
  product of their variance ratios (each seat is one more observation of the same skill). An
  identity in a single seat takes the library's result unchanged.

Display scale (`display`): 1500 + 30 * (mu - 25), so that 400 points are about 10:1 odds between
two settled players (the Plackett-Luce win probability of a two-seat game with small sigmas is
``1 / (1 + exp(-(mu_a - mu_b) / (sqrt(2) * beta)))``; ``sqrt(2) * beta * ln 10`` is 13.6 mu, about
400 / 30). The conservative rating ``mu - 3 * sigma`` (openskill's ``ordinal``) orders
leaderboards, as TrueSkill's leaderboards do: a lucky first game does not top the board.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

MU = 25.0
SIGMA = 25.0 / 3.0
DISPLAY_BASE = 1500.0
DISPLAY_PER_MU = 30.0

Identity = Hashable


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma`` (what leaderboards sort by)."""
        return self.mu - 3.0 * self.sigma


INITIAL = Skill()


def display(mu: float) -> int:
    """A skill mean on the familiar 1500 scale (rounded)."""
    return round(DISPLAY_BASE + DISPLAY_PER_MU * (mu - MU))


def display_deviation(sigma: float) -> int:
    return round(DISPLAY_PER_MU * sigma)


@lru_cache(maxsize=1)
def model():
    """The one Plackett-Luce model (default parameters: changing any changes every rating, so
    a change must be followed by ``manage.py ratings_rebuild``)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


def placings(totals: Sequence[int], forfeited: Sequence[bool] | frozenset[int] = ()) -> list[int]:
    """The place of each seat (1 = best): lower totals first, ties share a place, forfeited seats
    last (tied with each other). ``forfeited`` is a per-seat flag sequence or a set of seats."""
    seats = range(len(totals))
    gave_up = (
        set(forfeited)
        if isinstance(forfeited, frozenset | set)
        else {s for s in seats if forfeited and forfeited[s]}
    )
    playing = [s for s in seats if s not in gave_up]
    places = [0] * len(totals)
    for s in playing:
        places[s] = 1 + sum(1 for o in playing if totals[o] < totals[s])
    for s in gave_up:
        places[s] = len(playing) + 1
    return places


def rate_game(
    priors: Mapping[Identity, Skill], seats: Sequence[tuple[Identity, int]]
) -> dict[Identity, Skill]:
    """The skills after one game. ``seats``: (identity, place) per seat, in seat order; ``priors``
    the current skill of each identity (missing: `INITIAL`). Deterministic: the same inputs give
    the same floats, bit for bit (the rebuild depends on it)."""
    if len({identity for identity, _ in seats}) < 2:
        raise ValueError("a rated game needs at least two identities")
    m = model()
    prior_of = {identity: priors.get(identity, INITIAL) for identity, _ in seats}
    teams = [[m.rating(mu=prior_of[i].mu, sigma=prior_of[i].sigma)] for i, _ in seats]
    rated = m.rate(teams, ranks=[float(place) for _, place in seats])
    after: dict[Identity, list[tuple[float, float]]] = {}
    for (identity, _), team in zip(seats, rated, strict=True):
        after.setdefault(identity, []).append((team[0].mu, team[0].sigma))
    out: dict[Identity, Skill] = {}
    for identity, results in after.items():
        if len(results) == 1:
            out[identity] = Skill(*results[0])
            continue
        prior = prior_of[identity]
        mu = prior.mu + sum(mu_i - prior.mu for mu_i, _ in results)
        variance = prior.sigma * prior.sigma
        for _, sigma_i in results:
            variance *= (sigma_i * sigma_i) / (prior.sigma * prior.sigma)
        out[identity] = Skill(mu, math.sqrt(variance))
    return out
