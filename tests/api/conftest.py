"""Fixtures and helpers of the REST API tests.

* Throttles read their rates from settings on every request (``games.throttles``): every API test
  runs with generous rates unless it overrides them (``tests/api/test_throttling.py``).
* ``player`` makes a user with a token-authenticated ``APIClient``.
* `GameDriver` plays a game through HTTP only for the human seats (each with its own client) and
  moves AI seats by calling ``services.ai_take_turn`` directly (there is no worker in unit tests).
  Every response body each seat receives is recorded, so the leak test can check it afterwards.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import services, store

OPEN_RATES = {
    "anon": None,
    "user": None,
    "signup": None,
    "token": None,
    "moves": None,
}

_counter = itertools.count(1)


@pytest.fixture(autouse=True)
def _open_throttles(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": OPEN_RATES}


@dataclass
class Player:
    user: Any
    client: APIClient
    token: str

    @property
    def id(self) -> int:
        return self.user.pk


def make_player(django_user_model, name: str | None = None, **extra) -> Player:
    name = name or f"player{next(_counter)}"
    user = django_user_model.objects.create_user(username=name, password="pw-" + name * 2, **extra)
    token = Token.objects.create(user=user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return Player(user=user, client=client, token=token.key)


@pytest.fixture
def player(db, django_user_model):
    """A factory: ``player()`` / ``player("alice")``."""

    def factory(name: str | None = None, **extra) -> Player:
        return make_player(django_user_model, name, **extra)

    return factory


@pytest.fixture
def anon():
    return APIClient()


def url(game_id: Any, action: str = "") -> str:
    base = f"/api/v1/games/{game_id}/"
    return base + (action.strip("/") + "/" if action else "")


def create_game(p: Player, preset: str = "classic", **body) -> dict[str, Any]:
    response = p.client.post("/api/v1/games/", {"preset": preset, **body}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def view(p: Player | APIClient, game_id: Any) -> dict[str, Any]:
    client = p.client if isinstance(p, Player) else p
    response = client.get(url(game_id))
    assert response.status_code == 200, response.content
    return response.json()


def assert_problem(response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, (response.status_code, response.content)
    assert response["Content-Type"].startswith("application/problem+json"), response["Content-Type"]
    body = response.json()
    assert set(body) == {"type", "title", "status", "detail", "code", "extra"}, body
    assert body["status"] == status
    assert body["code"] == code, body
    return body


def run_ai(game_id: Any, *, limit: int = 10_000) -> int:
    """Let AI seats move (as the Celery task would) until a human must act. Returns moves made."""
    for moves in range(limit):
        agg = store.load(store.get_game(game_id)).aggregate
        seats = agg.ai_seats_to_act()
        if not seats:
            return moves
        result = services.ai_take_turn(game_id=game_id, seat=seats[0], expected_seq=agg.seq)
        assert result is not None
    raise AssertionError("AI seats never stopped")


def seated_table(
    player,
    preset: str = "classic",
    *,
    humans: int | None = None,
    level="random",
    options: dict | None = None,
    start: bool = True,
):
    """A game of ``preset``: ``humans`` HTTP players (default: every seat), AI in the rest."""
    creator = player()
    body = create_game(creator, preset, **({"options": options} if options else {}))
    game_id = body["game_id"]
    seats = body["game"]["view"]["rules"]["seats"]
    humans = seats if humans is None else humans
    players = [creator]
    for _ in range(humans - 1):
        p = player()
        response = p.client.post(url(game_id, "seats"), {}, format="json")
        assert response.status_code == 200, response.content
        players.append(p)
    if humans < seats:
        response = creator.client.post(url(game_id, "ai-seats"), {"level": level}, format="json")
        assert response.status_code == 200, response.content
    if start:
        response = creator.client.post(url(game_id, "start"), {}, format="json")
        assert response.status_code == 200, response.content
    return game_id, players


@dataclass
class Recorded:
    seat: int | None  # None: a spectator
    seq: int  # the game's seq the body reflects
    body: dict[str, Any]


@dataclass
class GameDriver:
    """Plays a started game to its end through HTTP for human seats; AI seats via the service."""

    game_id: str
    players: list[Player]  # human players (seat order not assumed)
    spectator: APIClient | None = None
    record: bool = False
    recorded: list[Recorded] = field(default_factory=list)
    requests: int = 0

    def _keep(self, seat, body, seq):
        if self.record:
            self.recorded.append(Recorded(seat=seat, seq=seq, body=body))

    def step(self) -> bool:
        """One move (AI moves first). Returns False once the game is over."""
        run_ai(self.game_id)
        views = {}
        for p in self.players:
            v = view(p, self.game_id)
            self.requests += 1
            self._keep(v["your_seat"], v, v["seq"])
            views[v["your_seat"]] = (p, v)
        if self.spectator is not None:
            v = view(self.spectator, self.game_id)
            self._keep(None, v, v["seq"])
        any_view = next(iter(views.values()))[1]
        if any_view["status"] == "finished":
            return False
        for seat in any_view["to_act"]:
            if seat not in views:
                continue
            p, v = views[seat]
            if v["seats"][seat]["handed_to_ai"]:
                continue
            response = self.move(p, v)
            assert response.status_code == 200, response.content
            body = response.json()
            self._keep(seat, body, body["seq"])
            return True
        return True

    def move(self, p: Player, v: dict[str, Any]):
        game = v["view"]
        phase = game["phase"]
        self.requests += 1
        if phase == "passing":
            cards = game["legal_cards"][: game["pass_count"]]
            return p.client.post(
                url(self.game_id, "passes"),
                {"cards": cards, "expected_seq": v["seq"]},
                format="json",
            )
        if phase == "playing":
            return p.client.post(
                url(self.game_id, "plays"),
                {"card": game["legal_cards"][0], "expected_seq": v["seq"]},
                format="json",
            )
        if phase == "moon_choice":
            return p.client.post(
                url(self.game_id, "moon"), {"choice": "add_to_others"}, format="json"
            )
        raise AssertionError(f"unexpected phase {phase} with to_act {v['to_act']}")

    def play_to_end(self, max_steps: int = 20_000) -> dict[str, Any]:
        for _ in range(max_steps):
            if not self.step():
                return view(self.players[0], self.game_id)
        raise AssertionError("game did not finish")
