"""The ratings API: leaderboards, an identity's ratings and history, a game's seat ratings;
every error as problem details; pinned query counts; no internal account id in any body."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games import engine
from games import services as game_services
from ratings import ladder, services
from ratings.models import Rating
from tests.api.test_public_identity import leaks
from tests.ratings.helpers import play_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def anon():
    return APIClient()


@pytest.fixture
def rated(users, sent):
    """Three rated classic games and one two-player game."""
    ann, ben, cat, dan = users[:4]
    games = [
        play_game("classic", [ann, ben, "heuristic", "random"]),
        play_game("classic", [ann, cat, dan, "random"]),
        play_game("classic", [ben, ann, "heuristic", "heuristic"]),
        play_game("two_player", [cat, "random"]),
    ]
    for game_id in games:
        assert services.ratings_apply_game(game_id=game_id) == services.APPLIED
    return games


def problem(response, status, code):
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    body = response.json()
    assert body["code"] == code
    return body


def test_the_leaderboard_ranks_by_conservative_rating_with_games_and_provisional_flag(
    rated, anon, django_assert_num_queries
):
    with django_assert_num_queries(2):  # the count and one page (ratings joined with players)
        response = anon.get("/api/v1/leaderboards/classic/")
    assert response.status_code == 200, response.content
    body = response.json()
    stored = Rating.objects.filter(preset="classic")
    assert body["count"] == stored.count() == 6  # ann ben cat dan, heuristic, random
    entries = body["results"]
    assert [e["rank"] for e in entries] == list(range(1, 7))
    conservative = [e["conservative"] for e in entries]
    assert conservative == sorted(conservative, reverse=True)
    by_name = {e["username"] or e["ai_level"]: e for e in entries}
    assert by_name["ann"]["games_played"] == 3
    assert by_name["heuristic"]["kind"] == "ai"
    assert by_name["heuristic"]["games_played"] == 2
    assert all(e["provisional"] for e in entries)  # fewer than 10 games each
    ann = Rating.objects.get(preset="classic", player__username="ann")
    assert by_name["ann"]["mu"] == ann.mu
    assert by_name["ann"]["rating"] == ladder.display(ann.mu)
    assert leaks(body) == []
    assert "player_id" not in response.content.decode()


def test_the_leaderboard_pages_and_rejects_bad_pages_and_presets(rated, anon, settings):
    full = anon.get("/api/v1/leaderboards/classic/").json()["results"]
    page = anon.get("/api/v1/leaderboards/classic/?limit=2&offset=2").json()
    assert [e["rank"] for e in page["results"]] == [3, 4]
    assert page["results"] == full[2:4]
    assert page["next"]
    assert page["previous"]
    problem(anon.get("/api/v1/leaderboards/classic/?limit=0"), 400, "invalid_filter")
    body = problem(anon.get("/api/v1/leaderboards/hearts/"), 404, "preset_not_found")
    assert body["extra"] == {"preset": "hearts", "presets": sorted(engine.PRESETS)}
    assert anon.get("/api/v1/leaderboards/six_player/").json()["count"] == 0
    settings.RATINGS_PROVISIONAL_GAMES = 3
    ann = next(e for e in anon.get("/api/v1/leaderboards/classic/").json()["results"]
               if e["username"] == "ann")  # fmt: skip
    assert ann["provisional"] is False


def test_the_ladders_list_counts_rated_games(rated, anon):
    body = anon.get("/api/v1/leaderboards/").json()
    counts = {row["preset"]: row["games_rated"] for row in body}
    assert list(counts) == list(engine.PRESETS)
    assert counts["classic"] == 3
    assert counts["two_player"] == 1
    assert counts["five_player"] == 0


def test_a_players_ratings_on_every_preset(rated, anon, django_assert_num_queries):
    with django_assert_num_queries(2):  # the user, the ratings
        response = anon.get("/api/v1/players/cat/ratings/")
    body = response.json()
    assert (body["kind"], body["username"], body["ai_level"]) == ("human", "cat", None)
    by_preset = {r["preset"]: r for r in body["ratings"]}
    assert list(by_preset) == list(engine.PRESETS)
    assert by_preset["classic"]["games_played"] == 1
    assert by_preset["two_player"]["games_played"] == 1
    prior = by_preset["five_player"]
    assert (prior["rating"], prior["games_played"], prior["provisional"]) == (1500, 0, True)
    problem(anon.get("/api/v1/players/nobody/ratings/"), 404, "player_not_found")


def test_a_players_history_is_one_point_per_game_oldest_first(
    rated, anon, django_assert_num_queries
):
    with django_assert_num_queries(4):  # user, rating, count, page
        response = anon.get("/api/v1/players/ann/ratings/classic/")
    body = response.json()
    ann = Rating.objects.get(preset="classic", player__username="ann")
    assert body["games_played"] == body["count"] == 3
    points = body["results"]
    assert [p["game_id"] for p in points] == rated[:3]
    assert points[-1]["mu"] == ann.mu
    assert points[-1]["rating"] == body["rating"] == ladder.display(ann.mu)
    assert sum(p["rating_change"] for p in points) == body["rating"] - 1500
    assert [p["seats"] for p in points] == [[0], [0], [1]]
    second = anon.get("/api/v1/players/ann/ratings/classic/?limit=1&offset=1").json()
    assert second["results"] == points[1:2]
    assert second["count"] == 3
    empty = anon.get("/api/v1/players/ann/ratings/six_player/").json()
    assert (empty["count"], empty["results"], empty["rating"]) == (0, [], 1500)
    problem(anon.get("/api/v1/players/ann/ratings/hearts/"), 404, "preset_not_found")
    problem(anon.get("/api/v1/players/nobody/ratings/classic/"), 404, "player_not_found")
    problem(anon.get("/api/v1/players/ann/ratings/classic/?offset=-1"), 400, "invalid_filter")


def test_an_ai_levels_ratings_and_history(rated, anon):
    body = anon.get("/api/v1/ai-levels/heuristic/ratings/").json()
    assert (body["kind"], body["username"], body["ai_level"]) == ("ai", None, "heuristic")
    classic = next(r for r in body["ratings"] if r["preset"] == "classic")
    assert classic["games_played"] == 2
    history = anon.get("/api/v1/ai-levels/heuristic/ratings/classic/").json()
    assert [p["seats"] for p in history["results"]] == [[2], [2, 3]]
    random_ = anon.get("/api/v1/ai-levels/random/ratings/two_player/").json()
    assert random_["count"] == 1
    body = problem(anon.get("/api/v1/ai-levels/genius/ratings/"), 404, "ai_level_not_found")
    assert body["extra"] == {
        "level": "genius",
        "levels": ["random", "heuristic", "expert", "master"],
    }
    problem(anon.get("/api/v1/ai-levels/genius/ratings/classic/"), 404, "ai_level_not_found")


def test_a_games_seats_with_their_ratings_and_the_change_it_made(
    rated, anon, users, django_assert_num_queries
):
    game_id = rated[2]  # ben, ann, heuristic, heuristic
    with django_assert_num_queries(4):  # game, seats, ratings, this game's points
        response = anon.get(f"/api/v1/games/{game_id}/ratings/")
    body = response.json()
    assert (body["game_id"], body["preset"], body["rated"]) == (game_id, "classic", True)
    seats = body["seats"]
    assert [s["display_name"] for s in seats] == ["ben", "ann", "AI (heuristic)", "AI (heuristic)"]
    ann = Rating.objects.get(preset="classic", player__username="ann")
    assert seats[1]["rating"]["mu"] == ann.mu
    assert seats[1]["change"]["rating_after"] == ladder.display(ann.mu)  # her latest game
    assert seats[2]["rating"] == seats[3]["rating"]  # one identity
    assert seats[2]["change"] == seats[3]["change"]
    assert leaks(body) == []


def test_a_lobby_games_seats_show_current_ratings_and_no_change(
    rated, anon, users, django_assert_num_queries
):
    ann = users[0]
    game = game_services.game_create(user=ann, preset="classic")
    game_services.seat_fill_with_ai(game_id=game.game_id, user=ann, level="heuristic", seats=[1])
    with django_assert_num_queries(3):  # game, seats, ratings (not finished: no points)
        body = anon.get(f"/api/v1/games/{game.game_id}/ratings/").json()
    assert body["rated"] is False
    seats = body["seats"]
    assert seats[0]["rating"]["games_played"] == 3
    assert seats[0]["change"] is None
    assert seats[1]["rating"]["games_played"] == 2
    assert seats[2] == {
        "seat": 2, "kind": "empty", "display_name": "", "is_bot": False, "bot_owner": None,
        "rating": None, "change": None,
    }  # fmt: skip
    problem(anon.get("/api/v1/games/00000000-0000-4000-8000-000000000000/ratings/"), 404,
            "game_not_found")  # fmt: skip
    problem(anon.get("/api/v1/games/not-a-game/ratings/"), 404, "game_not_found")


def test_every_ratings_view_declares_the_read_scope():
    from ratings import urls

    views = [pattern.callback.view_class for pattern in urls.urlpatterns]
    assert len(views) == 7
    assert all(view.required_scopes == ("games:read",) for view in views)
