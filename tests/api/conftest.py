"""Fixtures and helpers of the REST API tests.

* Throttles read their rates from settings on every request (``common.http.throttles``): every
  API test runs with generous rates unless it overrides them (``tests/api/test_throttling.py``).
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

from games import services
from games.models import Game, Seat

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


def _turn(game_id: Any) -> tuple[str, int, list[int], set[int]]:
    """(status, seq, seats to act, AI-controlled seats) from the read models."""
    game = Game.objects.values("status", "last_seq", "to_act").get(pk=game_id)
    ai = {
        s["index"]
        for s in Seat.objects.filter(game_id=game_id).values("index", "kind", "handed_to_ai")
        if s["kind"] == "ai" or s["handed_to_ai"]
    }
    return game["status"], game["last_seq"], list(game["to_act"] or []), ai


def run_ai(game_id: Any, *, limit: int = 10_000) -> int:
    """Let AI seats move (as the Celery task would) until a human must act. Returns moves made."""
    for moves in range(limit):
        status, seq, to_act, ai = _turn(game_id)
        seats = [s for s in to_act if s in ai] if status == "active" else []
        if not seats:
            return moves
        result = services.ai_take_turn(game_id=game_id, seat=seats[0], expected_seq=seq)
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
    """Plays a started game to its end: human seats through HTTP (a GET of the view, then the
    move the view's legal cards allow), AI seats through ``services.ai_take_turn``.

    With ``record=True`` every response body is kept with the seat it was sent to; every
    ``observe_every`` moves each human, the ``spectator`` and ``anonymous`` clients also GET the
    view, so the leak test sees what every kind of caller is sent."""

    game_id: str
    players: list[Player]
    spectator: APIClient | None = None
    anonymous: APIClient | None = None
    record: bool = False
    observe_every: int = 7
    recorded: list[Recorded] = field(default_factory=list)
    requests: int = 0
    moves: int = 0
    _seats: dict[int, Player] = field(default_factory=dict)

    def _keep(self, seat, body, seq):
        if self.record:
            self.recorded.append(Recorded(seat=seat, seq=seq, body=body))

    def _get(self, client_or_player, seat_hint=None):
        v = view(client_or_player, self.game_id)
        self.requests += 1
        self._keep(v["your_seat"], v, v["seq"])
        return v

    def observe(self) -> None:
        for p in self.players:
            self._get(p)
        for client in (self.spectator, self.anonymous):
            if client is not None:
                self._get(client)

    def step(self) -> bool:
        """One human move (after the AI seats have moved). False once the game is over."""
        if not self._seats:
            self._seats = {view(p, self.game_id)["your_seat"]: p for p in self.players}
        run_ai(self.game_id)
        status, _seq, to_act, ai = _turn(self.game_id)
        if status == "finished":
            return False
        humans = [s for s in to_act if s not in ai and s in self._seats]
        assert humans, f"nobody can move: to_act {to_act}, AI {ai}"
        p = self._seats[humans[0]]
        v = self._get(p)
        response = self.move(p, v)
        assert response.status_code == 200, response.content
        body = response.json()
        self._keep(v["your_seat"], body, body["seq"])
        self.moves += 1
        if self.record and self.moves % self.observe_every == 0:
            self.observe()
        return True

    def move(self, p: Player, v: dict[str, Any]):
        game = v["view"]
        phase = game["phase"]
        self.requests += 1
        if phase == "passing":
            body = {"cards": game["legal_cards"][: game["pass_count"]], "expected_seq": v["seq"]}
            return p.client.post(url(self.game_id, "passes"), body, format="json")
        if phase == "playing":
            body = {"card": game["legal_cards"][0], "expected_seq": v["seq"]}
            return p.client.post(url(self.game_id, "plays"), body, format="json")
        if phase == "moon_choice":
            body = {"choice": "add_to_others", "expected_seq": v["seq"]}
            return p.client.post(url(self.game_id, "moon"), body, format="json")
        raise AssertionError(f"unexpected phase {phase} with to_act {v['to_act']}")

    def play_to_end(self, max_steps: int = 20_000) -> dict[str, Any]:
        for _ in range(max_steps):
            if not self.step():
                if self.record:
                    self.observe()
                return view(self.players[0], self.game_id)
        raise AssertionError("game did not finish")


# ------------------------------------------------------------------------------ rigged deals
def deck_for_hands(
    rules: dict[str, Any], hands: list[list[str]], *, dealer: int = 0, dead: list[str] | None = None
) -> tuple[str, ...]:
    """The deck order that deals ``hands`` (seat by seat) with ``dealer`` dealing.

    Mirrors the engine's deal (one card at a time clockwise from the dealer's left; with undealt
    cards the first card is dead and the rest after the hands)."""
    seats = rules["seats"]
    dead = list(dead or [])
    queues = [list(h) for h in hands]
    dealt = [queues[(dealer + 1 + k) % seats].pop(0) for k in range(seats * rules["hand_size"])]
    return tuple(dead[:1] + dealt + dead[1:])


@pytest.fixture
def rigged_deals(monkeypatch):
    """``rigged_deals.append(deck_codes)``: the next deals use these deck orders, then random."""
    from games import engine

    queue: list[tuple[str, ...]] = []
    real = services.shuffled_deal

    def deal(rules):
        if not queue:
            return real(rules)
        codes = queue.pop(0)
        return engine.DealHand(deck=tuple(engine.parse_card(c) for c in codes), salt="ab" * 16)

    monkeypatch.setattr(services, "shuffled_deal", deal)
    return queue
