"""Correspondence clocks: a time per move of up to 14 days, a reminder shortly before it runs
out (once per turn, to the feed's notifications and webhooks), then the existing AI takeover."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games import services as game_services
from games.models import Game, Seat
from notifications import services
from notifications.models import NotificationEvent, WebhookDelivery, WebhookEndpoint
from tests.api.conftest import assert_problem, run_ai, url

pytestmark = pytest.mark.django_db(transaction=True)

DAY = 86_400


def correspondence_game(p, turn_limit_s):
    response = p.client.post(
        "/api/v1/games/", {"preset": "classic", "turn_limit_s": turn_limit_s}, format="json"
    )
    assert response.status_code == 201, response.content
    game_id = response.json()["game_id"]
    p.client.post(url(game_id, "ai-seats"), {"level": "random"}, format="json")
    assert p.client.post(url(game_id, "start"), {}, format="json").status_code == 200
    run_ai(game_id)
    return game_id


def test_a_move_may_take_up_to_fourteen_days(player):
    alice = player()
    game_id = correspondence_game(alice, 14 * DAY)
    assert Game.objects.get(pk=game_id).options["turn_limit_s"] == 14 * DAY
    response = alice.client.post(
        "/api/v1/games/", {"preset": "classic", "turn_limit_s": 14 * DAY + 1}, format="json"
    )
    assert_problem(response, 400, "validation_error")


def test_the_player_is_reminded_once_before_the_clock_runs_out(player, enqueued):
    alice = player()
    WebhookEndpoint.objects.create(
        owner=alice.user, url="https://hooks.example/", event_types=["turn_reminder"], secret="s"
    )
    game_id = correspondence_game(alice, 2 * 3600)  # two hours per move
    game = Game.objects.get(pk=game_id)
    assert 0 in game.to_act  # passing: every seat acts, alice (seat 0) among them
    start = game.last_event_at
    assert services.turn_reminders_send(now=start + timedelta(hours=1)) == 0  # too early
    at = start + timedelta(seconds=2 * 3600 - 1700)  # within the last half hour
    assert services.turn_reminders_send(now=at) == 1
    assert services.turn_reminders_send(now=at + timedelta(seconds=60)) == 0  # once per turn
    reminder = NotificationEvent.objects.get(type="turn_reminder")
    assert reminder.player_id == alice.id
    assert reminder.data["deadline"].startswith((start + timedelta(hours=2)).isoformat()[:19])
    assert WebhookDelivery.objects.filter(event=reminder).count() == 1
    # Past the limit: no more reminders, and the existing takeover hands the seat to the AI.
    late = start + timedelta(hours=2, seconds=5)
    assert services.turn_reminders_send(now=late) == 0
    assert game_services.games_enforce_turn_limits(now=late) == 1
    assert Seat.objects.get(game_id=game_id, index=0).handed_to_ai is True


def test_live_games_get_no_reminders(player):
    alice = player()
    game_id = correspondence_game(alice, 60)
    start = Game.objects.get(pk=game_id).last_event_at
    assert services.turn_reminders_send(now=start + timedelta(seconds=50)) == 0
