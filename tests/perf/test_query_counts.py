"""Queries per request of the hot endpoints stay constant as a game's log grows (no N+1, no
replay from the start): a play and a game-view GET early in a game and hands later cost the same
number of queries. Counts only, never timings (docs/benchmarks.md has the timings)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import engine, services
from games.models import GameEvent
from games.streams import backends
from tests.api.conftest import OPEN_RATES
from tests.services.conftest import enqueued  # noqa: F401 - shared fixture
from tests.services.helpers import aggregate, first_legal, make_user, play_humans

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("enqueued")]

# Inside the test's transaction (its savepoints counted). A play on SQLite: token auth, lock the
# game, snapshot + tail, SAVEPOINT, insert the events, RELEASE, update the game row, plus the
# service's savepoint pair (the ORM path of the store). On PostgreSQL (games/store/fast.py): auth,
# the service's SAVEPOINT, the lock that also reads the newest snapshot and the events after it
# (nothing in the process cache inside a test transaction), ONE statement that inserts the events
# and updates the game row, RELEASE. A view:
# auth, game, snapshot, tail (on PostgreSQL the game, its snapshot and its tail in one
# statement), and one for every seat's rating (a 304 skips it; a play's answer never has it:
# tests/ratings/test_seat_ratings.py). The answer is rendered from the aggregate the command left
# in memory (it used to read the game back and replay it: 18 queries).
PLAY_QUERIES = {"sqlite": 10, "postgresql": 5}
VIEW_QUERIES = {"sqlite": 5, "postgresql": 3}


@pytest.fixture(autouse=True)
def _open_throttles(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": OPEN_RATES}


def _client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


class Table:
    """Four human seats, each with its own token client; moves through the services until the
    point of measure, then one request over HTTP."""

    def __init__(self) -> None:
        self.users = [make_user() for _ in range(4)]
        self.clients = [_client(u) for u in self.users]
        created = services.game_create(
            user=self.users[0], preset="classic", overrides={"target": 1000}
        )
        self.game_id = created.game_id
        for user in self.users[1:]:
            services.seat_take(game_id=self.game_id, user=user)
        services.game_start(game_id=self.game_id, user=self.users[0])

    def advance_to_play(self, *, hand: int) -> None:
        """Legal moves until ``hand`` is being played (passes done), mid-trick."""
        play_humans(
            self.game_id,
            dict(enumerate(self.users)),
            stop=lambda a: (
                a.state.hand_number >= hand
                and a.phase == "playing"
                and a.state.hand.trick_number >= 2
                and len(a.state.hand.trick) == 1
            ),
        )

    def play_over_http(self) -> tuple[int, int]:
        agg = aggregate(self.game_id)
        seat = agg.to_act[0]
        move = first_legal(agg, seat)
        assert isinstance(move, engine.PlayCard)
        with CaptureQueriesContext(connection) as ctx:
            response = self.clients[seat].post(
                f"/api/v1/games/{self.game_id}/plays/", {"card": move.card.code}, format="json"
            )
        assert response.status_code == 200, response.content
        assert response.data["game"]["seq"] == response.data["seq"]
        return len(ctx.captured_queries), seat

    def view_over_http(self, seat: int) -> int:
        with CaptureQueriesContext(connection) as ctx:
            response = self.clients[seat].get(f"/api/v1/games/{self.game_id}/")
        assert response.status_code == 200
        assert response.data["your_seat"] == seat
        return len(ctx.captured_queries)

    def events(self) -> int:
        return GameEvent.objects.filter(game_id=self.game_id).count()


def test_a_play_and_a_view_cost_the_same_queries_early_and_late_in_a_long_game():
    table = Table()
    table.advance_to_play(hand=1)
    early_events = table.events()
    early_play, seat = table.play_over_http()
    early_view = table.view_over_http(seat)

    table.advance_to_play(hand=5)
    late_events = table.events()
    assert late_events > early_events + 250  # four hands later
    late_play, seat = table.play_over_http()
    late_view = table.view_over_http(seat)

    assert (early_play, early_view) == (
        PLAY_QUERIES[connection.vendor],
        VIEW_QUERIES[connection.vendor],
    )
    assert (late_play, late_view) == (early_play, early_view)


def test_the_answer_of_a_play_is_the_view_a_get_returns():
    """Rendering from memory shows the same game as reading it back."""
    table = Table()
    table.advance_to_play(hand=2)
    agg = aggregate(table.game_id)
    seat = agg.to_act[0]
    move = first_legal(agg, seat)
    client = table.clients[seat]
    played = client.post(f"/api/v1/games/{table.game_id}/plays/", {"card": move.card.code})
    assert played.status_code == 200
    fetched = client.get(f"/api/v1/games/{table.game_id}/")
    # The GET adds each seat's rating (a read of the ratings); the play's answer leaves it out.
    assert all("rating" not in seat for seat in played.data["game"]["seats"])
    assert all(seat.pop("rating")["games_played"] == 0 for seat in fetched.data["seats"])
    assert played.data["game"] == fetched.data
    assert played["ETag"] == fetched["ETag"]
    first = played.data["events"][0]["seq"]
    feed = client.get(f"/api/v1/games/{table.game_id}/events/?after={first - 1}")
    assert feed.status_code == 200
    assert played.data["events"] == feed.data["events"][: len(played.data["events"])]
    assert len(played.data["events"]) >= 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_play_on_postgresql_is_the_round_trips_of_the_floor(
    django_assert_num_queries, settings, monkeypatch
):
    """Outside a test transaction, as a server runs it, with the aggregate in the process cache
    (the previous move of the game committed here): auth, BEGIN, lock the game row, insert the
    event(s) and update the game row in one statement, COMMIT. The floor (benchmarks/floor.py:
    auth, lock a row, insert a row) is the same five. After the commit, the live-sync wake-up:
    here (no Redis in the tests) a pg_notify; with Redis (production) a PUBLISH instead."""
    from games import store
    from notifications import queue as feed_queue

    settings.NOTIFICATIONS_FEED_SYNC = "task"  # production's: the feeds are a worker's job
    feed_syncs = []  # sent to the broker (no SQL), recorded here: no worker writes meanwhile
    monkeypatch.setattr(feed_queue, "enqueue_feed_sync", feed_syncs.append)
    table = Table()
    table.advance_to_play(hand=1)
    agg = aggregate(table.game_id)
    seat = agg.to_act[0]
    move = first_legal(agg, seat)
    # the previous move through the same service path, so the process holds its result
    services.game_play_card(game_id=table.game_id, user=table.users[seat], card=move.card.code)
    agg = aggregate(table.game_id)
    assert store.recent.get(table.game_id, agg.seq) is not None
    seat = agg.to_act[0]
    move = first_legal(agg, seat)
    notify = backends.live_backend() == "postgres"  # else a Redis PUBLISH or nothing: no SQL
    with django_assert_num_queries(6 if notify else 5) as ctx:
        response = table.clients[seat].post(
            f"/api/v1/games/{table.game_id}/plays/", {"card": move.card.code}, format="json"
        )
    assert response.status_code == 200, response.content
    assert feed_syncs[-1] == str(table.game_id)  # the feeds: one broker send after the commit
    kinds = [q["sql"].split()[0] for q in ctx.captured_queries]
    assert kinds == ["SELECT", "BEGIN", "SELECT", "WITH", "COMMIT"] + ["SELECT"] * notify
    if notify:
        assert ctx.captured_queries[5]["sql"].startswith("SELECT pg_notify(")
    assert "FOR UPDATE" in ctx.captured_queries[2]["sql"]
    assert 'INSERT INTO "games_gameevent"' in ctx.captured_queries[3]["sql"]
    assert 'UPDATE "games_game"' in ctx.captured_queries[3]["sql"]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("holds", ["a move behind", "nothing"])
def test_a_play_whose_process_holds_the_game_behind_or_not_at_all_is_the_same_round_trips(
    django_assert_num_queries, settings, monkeypatch, holds
):
    """gunicorn's workers take a game's moves in turn, so a worker mostly holds the game a move
    or two behind; and it holds the newest state of its last games only
    (``HEARTS_AGGREGATE_CACHE_SIZE``), so with more tables than that, or many workers, a move
    finds nothing of its game in the process. The events after what it holds, or the game's
    newest snapshot and the events after it, come back with the game row's lock in the same
    statement (store.fast.lock_game_with_tail): still the floor's five, not six or seven."""
    from games import store
    from notifications import queue as feed_queue

    settings.NOTIFICATIONS_FEED_SYNC = "task"
    monkeypatch.setattr(feed_queue, "enqueue_feed_sync", lambda game_id: None)
    settings.HEARTS_LIVE_BACKEND = "polling"  # no pg_notify to count
    table = Table()
    table.advance_to_play(hand=2)
    agg = aggregate(table.game_id)
    before = agg.seq
    seat = agg.to_act[0]
    # the previous move made by "the other worker": this process keeps the state before it
    services.game_play_card(
        game_id=table.game_id, user=table.users[seat], card=first_legal(agg, seat).card.code
    )
    store.recent.clear()
    if holds == "a move behind":
        store.recent.put(table.game_id, store.load(table.game_id, upto_seq=before))
    agg = aggregate(table.game_id)
    assert agg.seq > before
    seat = agg.to_act[0]
    move = first_legal(agg, seat)
    with django_assert_num_queries(5) as ctx:
        response = table.clients[seat].post(
            f"/api/v1/games/{table.game_id}/plays/", {"card": move.card.code}, format="json"
        )
    assert response.status_code == 200, response.content
    kinds = [q["sql"].split()[0] for q in ctx.captured_queries]
    assert kinds == ["SELECT", "BEGIN", "SELECT", "WITH", "COMMIT"]
    lock = ctx.captured_queries[2]["sql"]
    assert "FOR UPDATE" in lock
    assert '"games_gameevent"' in lock
    assert ('"games_gamesnapshot"' in lock) == (holds == "nothing")
    assert response.data["seq"] > agg.seq
    assert response.data["game"]["seq"] == response.data["seq"]
