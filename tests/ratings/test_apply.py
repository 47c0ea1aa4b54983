"""Applying finished games to the ladder: the trigger, placings as the rules define them,
forfeits, handovers, AI identities, idempotency (twice, concurrently) and the beat sweep."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import services as game_services
from ratings import ladder, selectors, services, tasks
from ratings.models import Ladder, RatedGame, Rating, RatingPoint
from ratings.results import finished_game_result
from tests.ratings.helpers import play_game

pytestmark = pytest.mark.django_db


def rating(user_or_level, preset="classic"):
    if isinstance(user_or_level, str):
        return Rating.objects.get(preset=preset, ai_level=user_or_level)
    return Rating.objects.get(preset=preset, player=user_or_level)


def test_finishing_a_game_sends_its_rating_task_once_after_commit(
    users, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game_id = play_game("classic", [users[0], "random", "heuristic", users[1]])
    assert sent == [game_id]


def test_the_task_applies_the_game_and_a_rerun_changes_nothing(users, sent):
    game_id = play_game("classic", [users[0], "random", "heuristic", users[1]])
    assert tasks.apply_finished_game.run(game_id) == services.APPLIED
    first = selectors.projection_snapshot()
    assert tasks.apply_finished_game.run(game_id) == services.ALREADY_APPLIED
    assert services.ratings_apply_game(game_id=game_id) == services.ALREADY_APPLIED
    assert selectors.projection_snapshot() == first
    assert RatedGame.objects.count() == 1
    assert RatingPoint.objects.count() == 4
    assert Ladder.objects.get(pk="classic").games_rated == 1


def test_placings_follow_the_final_totals_and_move_the_ratings(users, sent):
    game_id = play_game("classic", [users[0], "random", "heuristic", users[1]])
    services.ratings_apply_game(game_id=game_id)
    result = finished_game_result(game_id)
    totals = [s.total for s in result.seats]
    assert [s.place for s in result.seats] == ladder.placings(totals)
    best = min(totals)
    for seat in result.seats:
        r = Rating.objects.get(
            pk=RatingPoint.objects.get(game_id=game_id, seats=[seat.seat]).rating_id
        )
        assert r.games_played == 1
        assert r.wins == (seat.total == best)
        assert r.sigma < ladder.SIGMA
    winner = next(s for s in result.seats if s.place == 1)
    loser = max(result.seats, key=lambda s: s.place)
    assert RatingPoint.objects.get(game_id=game_id, seats=[winner.seat]).mu > ladder.MU
    assert RatingPoint.objects.get(game_id=game_id, seats=[loser.seat]).mu < ladder.MU


def test_a_resigned_player_is_last_whatever_the_seats_total(users, sent):
    ann = users[0]

    def resign_at_once(game_id, agg):
        if not agg.seats[0].resigned:
            game_services.game_resign(game_id=game_id, user=ann)

    game_id = play_game("three_player", [ann, "random", users[1]], before_move=resign_at_once)
    result = finished_game_result(game_id)
    seat0 = result.seats[0]
    assert seat0.forfeit == "resigned"
    assert seat0.place == 3  # last, whatever the heuristic bot scored for the seat
    assert [s.place for s in result.seats[1:]] == ladder.placings(
        [s.total for s in result.seats[1:]]
    )
    services.ratings_apply_game(game_id=game_id)
    assert rating(ann, "three_player").mu < ladder.MU
    assert rating(ann, "three_player").wins == 0
    # the bot that played the resigned seat is not rated for it
    assert not Rating.objects.filter(preset="three_player", ai_level="heuristic").exists()


def test_a_seat_handed_to_the_ai_still_counts_for_its_player(users, sent):
    ann = users[0]
    handed: list[str] = []

    def hand_over(game_id, agg):
        if not handed and agg.phase == "playing":
            game_services.seat_hand_to_ai(game_id=game_id, user=ann, level="random")
            handed.append(game_id)

    game_id = play_game("two_player", [ann, users[1]], before_move=hand_over, target=20)
    result = finished_game_result(game_id)
    assert result.seats[0].handed_to_ai
    assert result.seats[0].forfeit is None
    assert result.seats[0].identity == ("player", ann.pk)
    assert [s.place for s in result.seats] == ladder.placings([s.total for s in result.seats])
    services.ratings_apply_game(game_id=game_id)
    assert rating(ann, "two_player").games_played == 1
    assert not Rating.objects.filter(preset="two_player", ai_level="random").exists()


def test_a_seat_abandoned_to_the_turn_limit_is_last(users, sent):
    ben = users[1]
    done: list[bool] = []

    def time_out_ben(game_id, agg):
        if not done and agg.phase == "playing" and agg.to_act == (1,):
            later = timezone.now() + timedelta(hours=1)
            assert game_services.games_enforce_turn_limits(now=later) == 1
            done.append(True)

    game_id = play_game(
        "three_player", [users[0], ben, users[2]], before_move=time_out_ben, turn_limit_s=60
    )
    result = finished_game_result(game_id)
    assert result.seats[1].forfeit == "abandoned"
    assert result.seats[1].place == 3


def test_ai_levels_are_rated_identities_and_one_level_in_several_seats_is_one_rating(users, sent):
    game_id = play_game(
        "classic", ["heuristic", "heuristic", "random", "heuristic"], creator=users[0]
    )
    assert services.ratings_apply_game(game_id=game_id) == services.APPLIED
    heuristic = rating("heuristic")
    assert heuristic.games_played == 1
    assert RatingPoint.objects.get(rating=heuristic).seats == [0, 1, 3]
    assert rating("random").games_played == 1
    assert not Rating.objects.filter(player__isnull=False).exists()


def test_a_game_of_one_identity_is_taken_in_but_not_rated(users, sent):
    game_id = play_game("two_player", ["random", "random"], creator=users[0])
    assert services.ratings_apply_game(game_id=game_id) == services.TAKEN_IN
    assert RatedGame.objects.get(pk=game_id).rated is False
    assert not Rating.objects.exists()
    assert services.ratings_apply_game(game_id=game_id) == services.ALREADY_APPLIED


def test_an_unfinished_game_is_not_applied(users, sent):
    game = game_services.game_create(user=users[0], preset="two_player")
    assert services.ratings_apply_game(game_id=game.game_id) == services.NOT_FINISHED
    assert services.ratings_apply_game(game_id="not-a-uuid") == services.NOT_FINISHED
    assert not RatedGame.objects.exists()


def test_the_sweep_applies_the_games_whose_task_was_lost(users, sent):
    first = play_game("two_player", [users[0], users[1]])
    second = play_game("two_player", [users[1], "random"])
    assert services.ratings_apply_game(game_id=second) == services.APPLIED  # first's task lost
    assert services.ratings_apply_pending(older_than_s=3600) == 0  # too recent for the sweep
    assert tasks.sweep_unrated_games.run() == 0
    assert services.ratings_apply_pending() == 1
    assert {str(g) for g in RatedGame.objects.values_list("game_id", flat=True)} == {
        first,
        second,
    }
    assert services.ratings_apply_pending() == 0


@pytest.mark.django_db(transaction=True)
def test_two_workers_applying_the_same_game_at_once_apply_it_once(users, sent):
    game_id = play_game("classic", [users[0], "random", "heuristic", users[1]])
    barrier = threading.Barrier(3)
    outcomes: list[object] = [None, None, None]

    def worker(index: int) -> None:
        try:
            barrier.wait(timeout=10)
            outcomes[index] = services.ratings_apply_game(game_id=game_id)
        except Exception as exc:  # pragma: no cover - reported by the assertion below
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(map(str, outcomes)) == sorted(
        [services.APPLIED, services.ALREADY_APPLIED, services.ALREADY_APPLIED]
    )
    assert RatedGame.objects.count() == 1
    assert RatingPoint.objects.count() == 4
    assert Rating.objects.get(player=users[0], preset="classic").games_played == 1


def test_an_ai_only_game_finished_by_the_ai_task_path_sends_the_task_once(
    users, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game_id = play_game("two_player", ["random", "heuristic"], creator=users[0])
    assert sent == [game_id]


def test_a_broker_error_when_enqueueing_is_logged_not_raised(users, monkeypatch, caplog):
    def broker_down(*args, **kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.apply_finished_game, "delay", broker_down)
    from ratings import receivers

    receivers.on_game_finished("games", game_id="g-1", preset="classic")
    assert "task for finished game g-1 not sent" in caplog.text


def test_the_selectors_for_other_apps(users, sent, django_assert_num_queries):
    ann, ben = users[:2]
    game_id = play_game("two_player", [ann, "random"])
    services.ratings_apply_game(game_id=game_id)
    with django_assert_num_queries(1):
        value = selectors.rating_of(ann, "two_player")
    stored = rating(ann, "two_player")
    assert (value.mu, value.sigma, value.games_played) == (stored.mu, stored.sigma, 1)
    assert value.rating == ladder.display(stored.mu)
    assert value.provisional is True
    assert selectors.rating_of(ann.pk, "two_player") == value
    with django_assert_num_queries(1):
        bot = selectors.ai_rating_of("random", "two_player")
    assert bot.games_played == 1
    with django_assert_num_queries(1):
        both = selectors.ratings_of([ann, ben], "two_player")
    assert both[ann.pk] == value
    unrated = both[ben.pk]
    assert (unrated.mu, unrated.sigma, unrated.rating, unrated.games_played) == (
        ladder.MU,
        ladder.SIGMA,
        1500,
        0,
    )
    assert selectors.rating_of(ann, "classic").games_played == 0


def test_beat_runs_the_sweep_and_the_worker_knows_both_tasks(settings):
    from hearts_api.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["ratings-sweep-unrated-games"]
    assert entry["task"] == "ratings.sweep_unrated_games"
    assert entry["schedule"] == 60.0
    app.loader.import_default_modules()
    assert {"ratings.apply_finished_game", "ratings.sweep_unrated_games"} <= set(app.tasks)
