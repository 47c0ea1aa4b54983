"""GET /api/v1/games/{id}/events/: gap-free, paginated by seq, redacted for the caller."""

from __future__ import annotations

import json
import threading
import time
import uuid

import pytest
from rest_framework.test import APIClient

from tests.sync.helpers import make_table

pytestmark = pytest.mark.django_db


def url(game_id) -> str:
    return f"/api/v1/games/{game_id}/events/"


def client_for(token: str | None = None) -> APIClient:
    client = APIClient()
    if token:
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def all_events(client: APIClient, game_id, *, after: int = 0, limit: int = 100) -> list[dict]:
    events: list[dict] = []
    while True:
        response = client.get(url(game_id), {"after": after, "limit": limit})
        assert response.status_code == 200, response.content
        page = response.json()
        events += page["events"]
        after = page["next_after"]
        if not page["has_more"]:
            return events


@pytest.fixture
def table():
    t = make_table()
    t.extra["hands"] = [t.hand(s) for s in range(4)]  # as dealt, before any pass
    t.pass_cards(1)
    t.pass_cards(2)
    return t


def test_pages_are_gap_free_and_carry_the_cursor(table):
    client = client_for(table.tokens[0])
    first = client.get(url(table.game_id), {"after": 0, "limit": 3}).json()
    assert [e["seq"] for e in first["events"]] == [1, 2, 3]
    assert first["next_after"] == 3
    assert first["has_more"] is True
    last_seq = first["last_seq"]
    assert last_seq == 9  # created, 4 seats taken, started, dealt, 2 passes

    seqs = [e["seq"] for e in all_events(client, table.game_id, limit=2)]
    assert seqs == list(range(1, last_seq + 1))

    tail = client.get(url(table.game_id), {"after": last_seq}).json()
    assert tail == {"events": [], "next_after": last_seq, "has_more": False, "last_seq": last_seq}


def test_resuming_from_a_seq_returns_exactly_the_events_after_it(table):
    client = client_for(table.tokens[3])
    page = client.get(url(table.game_id), {"after": 6}).json()
    assert [(e["seq"], e["type"]) for e in page["events"]] == [
        (7, "hand_dealt"),
        (8, "cards_passed"),
        (9, "cards_passed"),
    ]
    assert page["has_more"] is False
    event = page["events"][0]
    assert set(event) == {"seq", "type", "created_at", "actor", "payload"}
    assert event["actor"] == {"kind": "system", "seat": None}


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_seated_player_sees_only_their_own_cards(table, seat):
    events = all_events(client_for(table.tokens[seat]), table.game_id)
    dealt = next(e for e in events if e["type"] == "hand_dealt")
    assert dealt["payload"]["cards"] == table.extra["hands"][seat]
    assert "deck" not in dealt["payload"]
    assert "salt" not in dealt["payload"]
    for e in events:
        if e["type"] == "cards_passed":
            if e["payload"]["seat"] == seat:
                assert len(e["payload"]["cards"]) == 3
            else:
                assert e["payload"] == {"seat": e["payload"]["seat"]}
    # No other seat's hand leaks anywhere in the feed (no card has been played yet).
    text = json.dumps(events)
    for other in range(4):
        if other != seat:
            assert sorted(table.extra["hands"][other]) != sorted(dealt["payload"]["cards"])
            leaked = [c for c in table.extra["hands"][other] if f'"{c}"' in text]
            assert leaked == []


@pytest.mark.parametrize("who", ["anonymous", "spectator"])
def test_anyone_without_a_seat_gets_public_information_only(table, who):
    token = table.spectator_token if who == "spectator" else None
    events = all_events(client_for(token), table.game_id)
    assert [e["seq"] for e in events] == list(range(1, 10))
    dealt = next(e for e in events if e["type"] == "hand_dealt")
    assert set(dealt["payload"]) == {"hand_number", "commitment"}
    passes = [e for e in events if e["type"] == "cards_passed"]
    assert [e["payload"] for e in passes] == [{"seat": 1}, {"seat": 2}]
    text = json.dumps(events)
    for hand in table.extra["hands"]:
        assert [c for c in hand if f'"{c}"' in text] == []


def test_unknown_game_is_a_404_problem():
    for game_id in (uuid.uuid4(), "not-a-game-id"):
        response = client_for().get(url(game_id))
        assert response.status_code == 404
        assert response["Content-Type"] == "application/problem+json"
        assert response.json()["code"] == "game_not_found"


@pytest.mark.parametrize(
    "params", [{"after": -1}, {"after": "x"}, {"limit": 0}, {"limit": 501}, {"wait": 31}]
)
def test_invalid_parameters_are_a_400_problem(table, params):
    response = client_for().get(url(table.game_id), params)
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error"


def test_an_invalid_token_is_a_401_problem(table):
    response = client_for("not-a-token").get(url(table.game_id))
    assert response.status_code == 401
    assert response["Content-Type"] == "application/problem+json"


def test_long_poll_answers_an_empty_page_after_the_wait(table, settings):
    settings.HEARTS_LIVE_BACKEND = "polling"
    settings.HEARTS_LIVE_POLL_INTERVAL_S = 0.1
    started = time.monotonic()
    response = client_for().get(url(table.game_id), {"after": 9, "wait": 1})
    elapsed = time.monotonic() - started
    assert response.status_code == 200
    assert response.json()["events"] == []
    assert 0.9 <= elapsed < 5


def test_long_poll_answers_at_once_when_events_are_there(table):
    started = time.monotonic()
    response = client_for().get(url(table.game_id), {"after": 5, "wait": 20})
    assert time.monotonic() - started < 2
    assert [e["seq"] for e in response.json()["events"]] == [6, 7, 8, 9]


@pytest.mark.django_db(transaction=True)
def test_long_poll_answers_as_soon_as_an_event_is_stored():
    table = make_table()
    last = client_for().get(url(table.game_id)).json()["last_seq"]
    mover = threading.Timer(0.5, table.pass_cards, args=(2,))
    started = time.monotonic()
    mover.start()
    try:
        response = client_for(table.tokens[0]).get(url(table.game_id), {"after": last, "wait": 20})
    finally:
        mover.join()
    elapsed = time.monotonic() - started
    assert response.status_code == 200
    assert [(e["seq"], e["payload"]) for e in response.json()["events"]] == [
        (last + 1, {"seat": 2})
    ]
    assert 0.4 < elapsed < 5  # woken by the move, not by the end of the wait


def test_under_wsgi_the_stream_sends_what_is_stored_and_ends_with_a_retry_hint(table):
    """No event loop to park on (WSGI): a finite stream, then EventSource reconnects."""
    response = client_for(table.tokens[1]).get(
        f"/api/v1/games/{table.game_id}/stream/",
        HTTP_ACCEPT="text/event-stream",
        HTTP_LAST_EVENT_ID="7",
    )
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/event-stream")
    body = b"".join(response.streaming_content).decode()
    blocks = [b for b in body.split("\n\n") if b]
    assert blocks[0] == "retry: 2000"
    assert blocks[1].startswith("event: view\n")  # resuming: the view carries no id
    assert [b.split("\n")[:2] for b in blocks[2:]] == [
        ["id: 8", "event: cards_passed"],
        ["id: 9", "event: cards_passed"],
    ]
    mine = json.loads(blocks[2].split("data: ", 1)[1])
    assert mine["payload"]["seat"] == 1
    assert len(mine["payload"]["cards"]) == 3
    assert json.loads(blocks[3].split("data: ", 1)[1])["payload"] == {"seat": 2}
