"""The players' statistics and histories read the results read model (``Game.hands_scored``,
``Seat.total``, ``Seat.won``), not each game's log: constant queries as the games grow, the
page cut in the database, and the read model kept and checked like the rest of it."""

from __future__ import annotations

import importlib
import itertools
import uuid

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import store
from games.models import Game, Seat
from tests.api.conftest import OPEN_RATES
from tests.services.conftest import enqueued  # noqa: F401 - shared fixture
from tests.services.helpers import make_user, play_humans

pytestmark = pytest.mark.django_db

# Token auth, the statistics (one aggregate query), the recent games (their seats, with their
# game), the totals of those games' seats (one prefetch) and whether the account is a bot (its
# owner's name).
PROFILE_QUERIES = 5
# Token auth, the count, the page of seats, their games' seats.
HISTORY_QUERIES = 4

_times = itertools.count()


@pytest.fixture(autouse=True)
def _open_throttles(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": OPEN_RATES}


def client_of(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def finished_rows(user, other, *, games: int) -> None:
    """``games`` finished two-seat games of ``user`` (seat 0) against ``other``, as the read
    model holds them: ``user`` wins every other game, 3 hands each."""
    for n in range(games):
        game = Game.objects.create(
            preset="two_player",
            ruleset={},
            created_at=timezone.now() + timezone.timedelta(seconds=next(_times)),
            status=Game.Status.FINISHED,
            finished_at=timezone.now(),
            hands_scored=3,
        )
        won = n % 2 == 0
        Seat.objects.bulk_create(
            [
                Seat(
                    game=game, index=0, kind="human", player=user, total=10 if won else 60, won=won
                ),
                Seat(
                    game=game,
                    index=1,
                    kind="human",
                    player=other,
                    total=60 if won else 10,
                    won=not won,
                ),
            ]
        )


def measure(client: APIClient, path: str) -> tuple[int, dict]:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path)
    assert response.status_code == 200, response.content
    return len(ctx.captured_queries), response.json()


def test_the_profile_costs_the_same_queries_for_2_and_20_games():
    alice, bob = make_user(), make_user()
    client = client_of(alice)
    finished_rows(alice, bob, games=2)
    few, body = measure(client, "/api/v1/me/")
    assert body["stats"] == {"games": 2, "wins": 1, "hands": 6, "average_points_per_hand": 11.67}
    finished_rows(alice, bob, games=18)
    many, body = measure(client, "/api/v1/me/")
    assert body["stats"] == {"games": 20, "wins": 10, "hands": 60, "average_points_per_hand": 11.67}
    assert len(body["recent_games"]) == 10
    assert body["recent_games"][0]["totals"] in ([10, 60], [60, 10])
    assert (few, many) == (PROFILE_QUERIES, PROFILE_QUERIES)


def test_a_history_page_is_cut_in_the_database_and_costs_the_same_for_any_count():
    alice, bob = make_user(), make_user()
    client = client_of(alice)
    finished_rows(alice, bob, games=3)
    few, body = measure(client, "/api/v1/me/games/?limit=2")
    assert body["count"] == 3
    assert len(body["results"]) == 2
    finished_rows(alice, bob, games=30)
    many, body = measure(client, "/api/v1/me/games/?limit=2&offset=4")
    assert body["count"] == 33
    assert [r["hands_scored"] for r in body["results"]] == [3, 3]
    created = [g.created_at for g in Game.objects.order_by("-created_at")[4:6]]
    assert [r["id"] for r in body["results"]] == [
        str(g.pk) for g in Game.objects.filter(created_at__in=created).order_by("-created_at")
    ]
    assert (few, many) == (HISTORY_QUERIES, HISTORY_QUERIES)


@pytest.fixture
def finished_game(enqueued):  # noqa: F811
    """A two-player game of humans played to its end (target 1: one hand)."""
    users = [make_user(), make_user()]
    from games import services

    game = services.game_create(user=users[0], preset="two_player", overrides={"target": 1})
    services.seat_take(game_id=game.game_id, user=users[1])
    services.game_start(game_id=game.game_id, user=users[0])
    agg = play_humans(game.game_id, dict(enumerate(users)))
    assert agg.status == "finished"
    return game.game_id, users, agg


def test_the_read_model_holds_the_results_of_a_played_game(finished_game):
    game_id, users, agg = finished_game
    game = Game.objects.get(pk=game_id)
    assert game.hands_scored == len(agg.state.hand_results) >= 1
    seats = list(game.seats.order_by("index"))
    assert [s.total for s in seats] == list(agg.state.totals)
    assert [s.won for s in seats] == [i in agg.state.outcome.winners for i in range(2)]
    body = client_of(users[1]).get("/api/v1/me/").json()
    points = [r.points[1] for r in agg.state.hand_results]
    assert body["stats"]["hands"] == len(points)
    assert body["stats"]["average_points_per_hand"] == round(sum(points) / len(points), 2)
    assert body["recent_games"][0]["totals"] == list(agg.state.totals)


def test_verify_games_reports_a_drifted_result(finished_game):
    game_id, _, _ = finished_game
    assert store.verify_game(game_id) == []
    Seat.objects.filter(game_id=game_id, index=0).update(total=999)
    Game.objects.filter(pk=game_id).update(hands_scored=0)
    problems = [m.what for m in store.verify_game(game_id)]
    assert any("seat 0 read model: total 999" in p for p in problems), problems
    assert any("hands_scored 0" in p for p in problems), problems


def test_the_migration_backfills_the_results_from_the_log(finished_game, enqueued):  # noqa: F811
    game_id, _, agg = finished_game
    Game.objects.filter(pk=game_id).update(hands_scored=0)
    Seat.objects.filter(game_id=game_id).update(total=0, won=None)
    migration = importlib.import_module("games.migrations.0005_seat_results")
    assert migration.backfill(apps) >= 1
    assert store.verify_game(game_id) == []
    assert list(
        Seat.objects.filter(game_id=game_id).order_by("index").values_list("total", flat=True)
    ) == list(agg.state.totals)


def test_a_new_game_in_the_lobby_has_no_totals_and_no_result():
    alice = make_user()
    from games import services

    created = services.game_create(user=alice, preset="classic")
    entry = client_of(alice).get("/api/v1/me/games/").json()["results"][0]
    assert entry["id"] == str(uuid.UUID(created.game_id))
    assert (entry["totals"], entry["won"], entry["hands_scored"]) == (None, None, 0)
