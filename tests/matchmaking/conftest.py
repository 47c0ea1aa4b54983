"""Fixtures of the matchmaking tests: players with API clients, a fixed clock, and invariants
that every test of exactly-once seating checks (``assert_exactly_once``)."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from games.models import Game, Seat
from matchmaking.models import Ticket, TicketEvent
from tests.api.conftest import OPEN_RATES, Player, anon, make_player, player  # noqa: F401

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


@pytest.fixture(autouse=True)
def _open_throttles(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": OPEN_RATES}


@pytest.fixture
def no_wake(monkeypatch):
    """Record the matcher wake-ups an enqueue sends after commit (instead of sending them)."""
    from celery import current_app

    from matchmaking import services, tasks

    sent: list[float | None] = []

    def fake_send_task(name, args=None, kwargs=None, countdown=None, **options):
        assert name == services.MATCH_TASK == tasks.match.name
        sent.append(countdown)

    monkeypatch.setattr(current_app, "send_task", fake_send_task)
    return sent


def assert_exactly_once(*, queued: int | None = None) -> dict[str, int]:
    """Every ticket is waiting, cancelled, or matched into exactly one game, in which its player
    holds exactly the seat the ticket names; no player sits twice in a game; every human seat
    of a quick-play game is a matched ticket; nobody waits twice. Returns status counts."""
    tickets = list(Ticket.objects.all())
    if queued is not None:
        assert len(tickets) == queued, (len(tickets), queued)
    waiting = Counter(t.player_id for t in tickets if t.status == Ticket.Status.WAITING)
    assert all(n == 1 for n in waiting.values()), waiting
    matched = [t for t in tickets if t.status == Ticket.Status.MATCHED]
    game_ids = {t.game_id for t in matched}
    seats = {
        (s.game_id, s.index): s
        for s in Seat.objects.filter(game_id__in=game_ids).only(
            "game_id", "index", "kind", "player_id"
        )
    }
    for t in matched:
        seat = seats[(t.game_id, t.seat)]
        assert (seat.kind, seat.player_id) == ("human", t.player_id), (t, seat)
    by_game = Counter((t.game_id, t.seat) for t in matched)
    assert all(n == 1 for n in by_game.values()), "two tickets share a seat"
    humans = {k for k, s in seats.items() if s.kind == "human"}
    assert humans == set(by_game), "a human seat of a matched game has no ticket"
    for game_id in game_ids:
        players = [s.player_id for k, s in seats.items() if k[0] == game_id and s.player_id]
        assert len(players) == len(set(players)), f"a player sits twice in {game_id}"
    assert Game.objects.filter(pk__in=game_ids).exclude(status="active").count() == 0
    for t in tickets:  # the history agrees with the status
        rows = TicketEvent.objects.filter(ticket=t).order_by("id").values_list("type", "at")
        types = [type_ for type_, _ in rows]
        assert [at for _, at in rows] == sorted(at for _, at in rows), (t, rows)
        expected = ["queued"] + ([] if t.status == "waiting" else [t.status])
        assert types == expected, (t, types)
    return dict(Counter(t.status for t in tickets))


def queue(p: Player, preset: str = "classic", **body: Any):
    return p.client.post("/api/v1/matchmaking/queue/", {"preset": preset, **body}, format="json")
