"""Quick play through the API and the matcher service: queue, status, cancel, tables of the
preset's size, AI fill after the wait, opt-out, typed errors that change nothing."""

from __future__ import annotations

import pytest
from django.db import transaction

from games.models import Game, Seat
from matchmaking import services
from matchmaking.models import Ticket, TicketEvent
from tests.api.conftest import assert_problem
from tests.matchmaking.conftest import assert_exactly_once, at, queue

pytestmark = pytest.mark.django_db
QUEUE = "/api/v1/matchmaking/queue/"


def test_queue_status_and_cancel(player, no_wake):
    alice = player("alice")
    response = queue(alice, "classic", options={"target": 50})
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "waiting"
    assert (body["preset"], body["seats"], body["options"]) == ("classic", 4, {"target": 50})
    assert body["ai_fill"] is True
    assert body["ai_fill_after_s"] == 20
    assert body["ai_fill_at"] is not None
    assert body["waiting_in_pool"] == 1
    assert body["game_id"] is None
    assert [h["type"] for h in body["history"]] == ["queued"]
    assert alice.client.get(QUEUE).json()["id"] == body["id"]

    cancelled = alice.client.delete(QUEUE)
    assert cancelled.status_code == 200
    assert cancelled.json()["status"] == "cancelled"
    assert [h["type"] for h in cancelled.json()["history"]] == ["queued", "cancelled"]
    assert alice.client.get(QUEUE).json()["status"] == "cancelled"


def test_an_enqueue_wakes_the_matcher_now_and_when_ai_fill_is_due(
    player, no_wake, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert queue(player(), "classic", ai_fill_after_s=7).status_code == 201
    assert no_wake == [None, 7.2]
    with django_capture_on_commit_callbacks(execute=True):
        assert queue(player(), "classic", ai_fill=False).status_code == 201
    assert no_wake[2:] == [None]


def test_bad_requests_are_typed_and_change_nothing(player, anon):
    alice = player()
    assert_problem(anon.post(QUEUE, {"preset": "classic"}, format="json"), 401, "not_authenticated")
    assert_problem(alice.client.get(QUEUE), 404, "ticket_not_found")
    assert_problem(alice.client.delete(QUEUE), 409, "not_queued")
    body = assert_problem(queue(alice, "nope"), 400, "validation_error")
    assert "preset" in body["extra"]["errors"]
    body = assert_problem(queue(alice, "classic", options={"target": -5}), 400, "invalid_ruleset")
    assert body["extra"]["field"] == "target"
    assert_problem(queue(alice, "classic", ai_level="genius"), 400, "validation_error")
    assert Ticket.objects.count() == 0
    first = queue(alice, "classic").json()
    body = assert_problem(queue(alice, "two_player"), 409, "already_queued")
    assert body["extra"] == {"ticket_id": first["id"]}
    assert Ticket.objects.count() == 1
    assert TicketEvent.objects.count() == 1


def test_four_players_form_a_classic_table_at_once(player):
    players = [player(f"p{i}") for i in range(5)]
    for p in players:
        assert queue(p, "classic").status_code == 201
    games = services.matchmaking_match()
    assert len(games) == 1
    seats = list(Seat.objects.filter(game_id=games[0]).order_by("index"))
    assert [s.player_id for s in seats] == [p.id for p in players[:4]]  # queue order
    game = Game.objects.get(pk=games[0])
    assert game.status == "active"
    assert game.options["turn_limit_s"] == 60
    status = players[1].client.get(QUEUE).json()
    assert (status["status"], status["game_id"], status["seat"]) == ("matched", games[0], 1)
    assert status["play_url"] == f"/play/#/game/{games[0]}"
    assert [h["type"] for h in status["history"]] == ["queued", "matched"]
    # the game tells the player the same: it is their seat, with the others' names
    view = players[1].client.get(status["game_url"]).json()
    assert view["your_seat"] == 1
    assert view["status"] == "active"
    assert [s["display_name"] for s in view["seats"]] == ["p0", "p1", "p2", "p3"]
    assert players[4].client.get(QUEUE).json()["status"] == "waiting"
    assert_problem(players[0].client.delete(QUEUE), 409, "ticket_matched")
    assert assert_exactly_once() == {"matched": 4, "waiting": 1}
    assert services.matchmaking_match() == []  # a rerun changes nothing


def test_different_rules_never_share_a_table(player):
    for i in range(4):
        options = {"target": 50} if i % 2 else {}
        assert queue(player(), "classic", options=options).status_code == 201
    assert services.matchmaking_match() == []
    assert queue(player(), "classic", options={"target": 100}).status_code == 201  # = default
    assert queue(player(), "classic", options={"target": 50}).status_code == 201
    assert services.matchmaking_match() == []
    assert queue(player(), "classic", options={"target": 50}).status_code == 201
    assert len(services.matchmaking_match()) == 1


def test_ai_fill_after_the_wait_with_the_chosen_level(player, settings):
    a, b, c = player(), player(), player()
    services.ticket_create(user=a.user, preset="classic", ai_level="expert", now=at(0))
    services.ticket_create(user=b.user, preset="classic", now=at(5), wake=False)
    services.ticket_create(user=c.user, preset="classic", ai_fill=False, now=at(6), wake=False)
    assert services.matchmaking_match(now=at(19)) == []
    (game_id,) = services.matchmaking_match(now=at(20))
    seats = list(Seat.objects.filter(game_id=game_id).order_by("index"))
    assert [(s.kind, s.player_id, s.ai_level) for s in seats] == [
        ("human", a.id, ""),
        ("human", b.id, ""),
        ("ai", None, "expert"),
        ("ai", None, "expert"),
    ]
    assert Ticket.objects.get(player=c.user).status == "waiting"  # opted out: waits on
    assert services.matchmaking_match(now=at(600)) == []
    assert assert_exactly_once() == {"matched": 2, "waiting": 1}


def test_a_two_player_preset_fills_one_seat(player):
    a = player()
    services.ticket_create(user=a.user, preset="two_player", ai_fill_after_s=0, now=at(0))
    (game_id,) = services.matchmaking_match(now=at(0))
    assert Seat.objects.filter(game_id=game_id, kind="ai").count() == 1


def test_a_cancelled_ticket_is_never_seated(player):
    players = [player() for _ in range(4)]
    for p in players:
        queue(p, "classic")
    assert players[2].client.delete(QUEUE).status_code == 200
    assert services.matchmaking_match() == []
    assert assert_exactly_once() == {"waiting": 3, "cancelled": 1}
    queue(players[2], "classic")  # queue again after cancelling: a new ticket, at the back
    assert len(services.matchmaking_match()) == 1
    assert assert_exactly_once() == {"matched": 4, "cancelled": 1}


def test_a_table_whose_ticket_left_rolls_back_with_its_game(player, monkeypatch):
    """The guard: if a planned ticket is not waiting any more when its table is seated (a
    cancel that won), the table and its game roll back and the others wait on."""
    players = [player() for _ in range(4)]
    for p in players:
        queue(p, "classic")
    real = services.plan_tables

    def cancel_after_planning(*args, **kwargs):
        plans = real(*args, **kwargs)
        Ticket.objects.filter(player=players[3].user).update(status="cancelled")
        return plans

    monkeypatch.setattr(services, "plan_tables", cancel_after_planning)
    games_before = Game.objects.count()
    with transaction.atomic():
        assert services.matchmaking_match() == []
    assert Game.objects.count() == games_before
    assert Ticket.objects.filter(status="waiting").count() == 3


def test_the_matcher_reads_in_a_bounded_number_of_queries(player, django_assert_num_queries):
    for _ in range(3):
        queue(player(), "classic", ai_fill=False)
    with django_assert_num_queries(3):  # savepoint, one read of the queue, release
        assert services.matchmaking_match() == []


RATINGS = {}


def fake_ratings(*, player_id, preset):
    """A stand-in ratings selector (MATCHMAKING_RATING_SELECTOR) for the window tests."""
    return RATINGS.get(player_id)


def test_the_rating_window_widens_until_two_players_fit(player, settings):
    settings.MATCHMAKING_RATING_SELECTOR = "tests.matchmaking.test_queue.fake_ratings"
    a, b, c = player(), player(), player()
    RATINGS.update({a.id: 1500.0, b.id: 1800.0})  # c has no rating: fits anyone
    try:
        for p in (a, b):
            services.ticket_create(
                user=p.user, preset="two_player", ai_fill=False, now=at(0), wake=False
            )
        assert Ticket.objects.get(player=b.user).rating == 1800.0
        assert services.matchmaking_match(now=at(19)) == []  # gap 300 > 100 + 10 * 19
        (game_id,) = services.matchmaking_match(now=at(20))
        assert {s.player_id for s in Seat.objects.filter(game_id=game_id)} == {a.id, b.id}
        # a player with a max_rating_gap never sits with someone further away...
        services.ticket_create(
            user=a.user, preset="two_player", ai_fill=False, max_rating_gap=50, now=at(30)
        )
        services.ticket_create(user=b.user, preset="two_player", ai_fill=False, now=at(31))
        assert services.matchmaking_match(now=at(3000)) == []
        # ... but anyone fits a player without a rating
        services.ticket_create(user=c.user, preset="two_player", ai_fill=False, now=at(3000))
        (game_id,) = services.matchmaking_match(now=at(3000))
        assert Ticket.objects.get(player=c.user).rating is None
        assert {s.player_id for s in Seat.objects.filter(game_id=game_id)} == {a.id, c.id}
    finally:
        RATINGS.clear()


def test_the_window_reads_the_ratings_app_when_no_other_selector_is_set(player, settings):
    """The real selector (ratings.selectors.rating_of): a rated player's ticket carries the
    ladder's display rating; an unrated one (no rated game on the preset) carries none."""
    from ratings.models import Rating

    settings.MATCHMAKING_RATING_SELECTOR = ""
    a, b, c = player(), player(), player()
    Rating.objects.create(preset="two_player", player=a.user, mu=25.0, sigma=3.0, games_played=5)
    Rating.objects.create(preset="two_player", player=b.user, mu=35.0, sigma=3.0, games_played=5)
    Rating.objects.create(preset="classic", player=c.user, mu=40.0, sigma=3.0, games_played=5)
    for second, p in enumerate((a, b, c)):
        services.ticket_create(
            user=p.user, preset="two_player", ai_fill=False, now=at(second), wake=False
        )
    ratings = {t.player_id: t.rating for t in Ticket.objects.filter(status="waiting")}
    assert ratings == {a.id: 1500.0, b.id: 1800.0, c.id: None}  # c: rated on classic only
    (game_id,) = services.matchmaking_match(now=at(2))  # the oldest (a) sits with c, not b
    assert {s.player_id for s in Seat.objects.filter(game_id=game_id)} == {a.id, c.id}
