"""Each seat's rating in the game view (``GET games/{id}/``) and the lobby (``GET games/``):
the player's rating on the game's preset (also while the AI plays the seat), the AI level's for
an AI seat, null for an empty seat; one query for a whole lobby page (no N+1), none on a 304,
and never in a move's answer (the play path is unchanged)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games import services as game_services
from ratings import selectors, services
from tests.ratings.helpers import play_game
from tests.services.helpers import aggregate, first_legal

pytestmark = pytest.mark.django_db


def expected(value) -> dict:
    return {
        "rating": value.rating,
        "rating_deviation": value.rating_deviation,
        "conservative": value.conservative,
        "mu": value.mu,
        "sigma": value.sigma,
        "games_played": value.games_played,
        "provisional": value.provisional,
    }


@pytest.fixture
def rated(users, sent):
    """ann and ben rated on classic (two games), the heuristic and random levels too."""
    ann, ben, cat = users[:3]
    for seats in ([ann, ben, "heuristic", "random"], [ben, ann, "random", "heuristic"]):
        services.ratings_apply_game(game_id=play_game("classic", seats))
    return ann, ben, cat


def test_the_game_view_shows_every_seats_rating_on_its_preset(rated, django_assert_num_queries):
    ann, _ben, cat = rated
    game = game_services.game_create(user=ann, preset="classic", take_seat=True)
    game_services.seat_take(game_id=game.game_id, user=cat, seat=1)
    game_services.seat_fill_with_ai(game_id=game.game_id, user=ann, level="heuristic", seats=[2])
    client = APIClient()
    # the game, its snapshot and its tail (one statement on PostgreSQL), the seats' ratings
    reads = 1 if connection.vendor == "postgresql" else 3
    with django_assert_num_queries(reads + 1):
        response = client.get(f"/api/v1/games/{game.game_id}/")
    assert response.status_code == 200
    seats = response.json()["seats"]
    assert seats[0]["rating"] == expected(selectors.rating_of(ann, "classic"))
    assert seats[0]["rating"]["games_played"] == 2
    assert seats[1]["rating"] == expected(selectors.rating_of(cat, "classic"))  # unrated: prior
    assert seats[1]["rating"]["rating"] == 1500
    assert seats[1]["rating"]["provisional"]
    assert seats[2]["rating"] == expected(selectors.ai_rating_of("heuristic", "classic"))
    assert seats[3]["kind"] == "empty"
    assert seats[3]["rating"] is None
    # a 304 reads no rating
    etag = response["ETag"]
    with django_assert_num_queries(reads):
        again = client.get(f"/api/v1/games/{game.game_id}/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304


@pytest.mark.slow
def test_a_seat_played_by_the_ai_shows_its_players_rating(rated):
    ann, ben, cat = rated
    game = play_game("two_player", [cat, "random"])  # one rated two_player game for cat
    services.ratings_apply_game(game_id=game)
    created = game_services.game_create(user=ann, preset="classic", take_seat=True)
    game_services.seat_take(game_id=created.game_id, user=ben, seat=1)
    game_services.seat_fill_with_ai(game_id=created.game_id, user=ann, level="random", seats=[2, 3])
    game_services.game_start(game_id=created.game_id, user=ann)
    game_services.seat_hand_to_ai(game_id=created.game_id, user=ben, level="expert")
    seats = APIClient().get(f"/api/v1/games/{created.game_id}/").json()["seats"]
    assert seats[1]["handed_to_ai"] is True
    assert seats[1]["rating"] == expected(selectors.rating_of(ben, "classic"))
    assert seats[2]["rating"] == seats[3]["rating"]
    assert seats[2]["rating"] == expected(selectors.ai_rating_of("random", "classic"))
    # ratings are per preset: cat's two_player rating is not its classic one
    assert selectors.rating_of(cat, "two_player").games_played == 1


@pytest.mark.slow
def test_a_moves_answer_carries_no_rating_and_costs_no_query_more(rated):
    ann, ben, _cat = rated
    created = game_services.game_create(user=ann, preset="two_player", take_seat=True)
    game_services.seat_take(game_id=created.game_id, user=ben, seat=1)
    game_services.game_start(game_id=created.game_id, user=ann)
    agg = aggregate(created.game_id)
    seat = agg.to_act[0]
    client = APIClient()
    client.force_authenticate([ann, ben][seat])
    move = first_legal(agg, seat)
    if hasattr(move, "card"):
        path, body = "plays/", {"card": move.card.code}
    else:
        path, body = "passes/", {"cards": [c.code for c in move.cards]}
    response = client.post(f"/api/v1/games/{created.game_id}/{path}", body, format="json")
    assert response.status_code == 200, response.content
    assert all("rating" not in s for s in response.json()["game"]["seats"])
    assert b"rating" not in response.content


@pytest.mark.slow
def test_the_lobby_shows_the_seats_ratings_in_one_query_per_page(rated):
    ann, ben, cat = rated
    client = APIClient()

    def lobby_queries() -> tuple[int, dict]:
        with CaptureQueriesContext(connection) as ctx:
            response = client.get("/api/v1/games/?status=lobby")
        assert response.status_code == 200
        return len(ctx.captured_queries), response.json()

    first = game_services.game_create(user=ann, preset="classic", take_seat=True)
    game_services.seat_fill_with_ai(game_id=first.game_id, user=ann, level="random", seats=[1])
    one, body = lobby_queries()
    assert body["count"] == 1
    for user, preset in [(ben, "classic"), (cat, "two_player"), (ann, "three_player")]:
        created = game_services.game_create(user=user, preset=preset, take_seat=True)
        game_services.seat_fill_with_ai(
            game_id=created.game_id, user=user, level="heuristic", seats=[1]
        )
    four, body = lobby_queries()
    assert body["count"] == 4
    assert four == one == 4  # count, page, seats, ratings of every seat of the page
    by_creator = {(g["creator"], g["preset"]): g for g in body["results"]}
    ann_classic = by_creator[("ann", "classic")]["seats"]
    assert ann_classic[0]["rating"] == expected(selectors.rating_of(ann, "classic"))
    assert ann_classic[1]["rating"] == expected(selectors.ai_rating_of("random", "classic"))
    assert ann_classic[2]["rating"] is None
    assert by_creator[("ann", "three_player")]["seats"][0]["rating"]["games_played"] == 0
    assert by_creator[("ben", "classic")]["seats"][0]["rating"]["games_played"] == 2
