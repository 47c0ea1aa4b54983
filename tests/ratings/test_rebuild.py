"""rebuild == incremental: the ladder rebuilt from the event logs in game-finish order holds
exactly the values (floats bit for bit) that the incremental path stored, whatever order the
tasks ran in. Runs on SQLite and, with DATABASE_URL, on PostgreSQL (same test)."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from games import services as game_services
from ratings import selectors, services
from ratings.models import RatedGame, Rating, RatingPoint
from tests.ratings.helpers import play_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(users, sent):
    """A dozen finished games on three presets: humans and AI levels, a resignation, a handover,
    one level in several seats, an all-AI game of one level (not rated)."""
    ann, ben, cat, dan, eve, fay = users

    def resign(user):
        def act(game_id, agg):
            seat = agg.seat_of(user.pk)
            if agg.phase == "playing" and not agg.seats[seat].resigned:
                game_services.game_resign(game_id=game_id, user=user)

        return act

    def hand_over(user):
        def act(game_id, agg):
            seat = agg.seat_of(user.pk)
            if agg.phase == "playing" and not agg.seats[seat].handed_to_ai:
                game_services.seat_hand_to_ai(game_id=game_id, user=user, level="random")

        return act

    games = [
        play_game("classic", [ann, ben, "heuristic", "random"]),
        play_game("classic", [cat, "heuristic", ann, dan]),
        play_game("two_player", [ann, ben]),
        play_game("classic", ["heuristic", ben, "heuristic", "heuristic"]),
        play_game("three_player", [eve, fay, "random"], before_move=resign(fay)),
        play_game("classic", [dan, eve, fay, ann], before_move=hand_over(eve)),
        play_game("two_player", [cat, "random"]),
        play_game("two_player", ["random", "random"], creator=ann),
        play_game("three_player", ["random", eve, ann]),
        play_game("classic", [ben, cat, "random", "heuristic"]),
        play_game("two_player", [ben, "heuristic"]),
        play_game("three_player", [fay, "heuristic", eve]),
    ]
    return games


def snapshot():
    return selectors.projection_snapshot()


def test_rebuild_equals_incremental(season):
    rebuild_equals_incremental(season)


@pytest.mark.postgres
def test_rebuild_equals_incremental_on_postgresql(season):
    """The same on PostgreSQL (deselected on SQLite; .ci/run runs it on a real server): floats
    stored as double precision come back bit for bit, the ladder lock is SELECT ... FOR UPDATE."""
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT data_type FROM information_schema.columns "
            "WHERE table_name = %s AND column_name IN ('mu', 'sigma')",
            [Rating._meta.db_table],
        )
        assert {row[0] for row in cursor.fetchall()} == {"double precision"}
    rebuild_equals_incremental(season)


def rebuild_equals_incremental(season):
    for game_id in season:  # the task of each game, in finish order
        services.ratings_apply_game(game_id=game_id)
    incremental = snapshot()
    assert len(incremental["games"]) == 12
    assert sum(1 for g in incremental["games"].values() if not g[2]) == 1  # random vs random
    assert len(incremental["ratings"]) > 10
    counts = services.ratings_rebuild()
    assert counts == {"classic": 5, "three_player": 3, "two_player": 4}
    rebuilt = snapshot()
    assert selectors.snapshot_differences(incremental, rebuilt) == []
    assert rebuilt == incremental
    # and the history is one point per identity per rated game
    assert RatingPoint.objects.count() == sum(
        len({(s["kind"], s.get("player_id"), s.get("ai_level")) for s in g.seats})
        for g in RatedGame.objects.filter(rated=True)
    )
    for r in Rating.objects.all():
        assert r.games_played == r.points.count()


@pytest.mark.slow
def test_tasks_out_of_order_end_where_the_rebuild_ends(season):
    """Tasks ran in reverse order, some twice, some lost and swept: the late games rewind the
    ladder, and the end state is exactly the rebuild's."""
    for game_id in reversed(season[3:]):
        services.ratings_apply_game(game_id=game_id)
    services.ratings_apply_game(game_id=season[5])  # twice
    assert services.ratings_apply_pending() == 3  # the first three were lost
    incremental = snapshot()
    services.ratings_rebuild()
    assert selectors.snapshot_differences(incremental, snapshot()) == []


@pytest.mark.slow
def test_rebuild_of_one_preset_leaves_the_others_alone(season):
    for game_id in season:
        services.ratings_apply_game(game_id=game_id)
    before = snapshot()
    Rating.objects.filter(preset="classic").update(mu=99.0)  # corrupt one ladder
    assert services.ratings_rebuild(presets=["classic"]) == {"classic": 5}
    assert snapshot() == before


@pytest.mark.slow
def test_the_check_command_reports_differences_and_changes_nothing(season, capsys):
    for game_id in season:
        services.ratings_apply_game(game_id=game_id)
    call_command("ratings_rebuild", "--check")
    assert "ratings match a rebuild from the logs (12 game(s))" in capsys.readouterr().out
    Rating.objects.filter(preset="two_player", ai_level="random").update(mu=30.0)
    tampered = snapshot()
    with pytest.raises(CommandError, match="difference"):
        call_command("ratings_rebuild", "--check")
    out = capsys.readouterr().out
    assert "two_player/ai:random" in out
    assert snapshot() == tampered  # --check rolled back
    call_command("ratings_rebuild")
    call_command("ratings_rebuild", "--check")


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_workers_applying_different_games_at_once_end_where_the_rebuild_ends(users, sent):
    """Four games of one preset applied by four threads at once (the ladder lock serialises
    them, late ones rewind): the same values as the rebuild's."""
    import threading

    from django.db import connection

    ann, ben, cat, dan = users[:4]
    games = [
        play_game("two_player", [ann, ben]),
        play_game("two_player", [ben, "heuristic"]),
        play_game("two_player", [cat, ann]),
        play_game("two_player", ["random", dan]),
    ]
    barrier = threading.Barrier(len(games))
    outcomes: list[object] = [None] * len(games)

    def worker(index: int) -> None:
        try:
            barrier.wait(timeout=10)
            outcomes[index] = services.ratings_apply_game(game_id=games[index])
        except Exception as exc:  # pragma: no cover - reported by the assertion below
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(games))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert outcomes == [services.APPLIED] * len(games)
    incremental = snapshot()
    assert services.ratings_rebuild() == {"two_player": 4}
    assert selectors.snapshot_differences(incremental, snapshot()) == []
