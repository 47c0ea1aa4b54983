"""Per-player preferences beyond muted types: quiet hours in the player's time zone (pushes
dropped, webhooks and feed untouched) and a reminder after a time of their choosing on their
turn (once per turn; one due in quiet hours comes when they end)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest

from games.models import Game
from notifications import services
from notifications.models import NotificationEvent, NotificationPreferences, WebhookDelivery
from tests.api.conftest import assert_problem, run_ai, seated_table
from tests.notifications.receiver import Receiver
from tests.notifications.test_push import push_service, pushes, subscribe, vapid  # noqa: F401
from tests.notifications.test_webhooks import register

pytestmark = pytest.mark.django_db(transaction=True)
PREFS = "/api/v1/me/notification-preferences/"


def put(p, **body):
    return p.client.put(PREFS, {"muted_types": [], **body}, format="json")


def test_preferences_round_trip_and_typed_refusals(player):
    alice = player()
    response = put(
        alice,
        time_zone="Europe/Paris",
        quiet_start="22:00",
        quiet_end="07:30",
        turn_reminder_after_s=7200,
    )
    assert response.status_code == 200, response.content
    assert alice.client.get(PREFS).json() == {
        "muted_types": [],
        "time_zone": "Europe/Paris",
        "quiet_start": "22:00",
        "quiet_end": "07:30",
        "turn_reminder_after_s": 7200,
    }
    for bad in (
        {"time_zone": "Mars/Olympus"},
        {"quiet_start": "22:00"},  # without its end
        {"turn_reminder_after_s": 5},
        {"turn_reminder_after_s": 15 * 86400},
        {"quiet_start": "25:00", "quiet_end": "07:00"},
    ):
        body = assert_problem(put(alice, **bad), 400, "validation_error")
        assert body["status"] == 400
    assert NotificationPreferences.objects.get(player=alice.user).time_zone == "Europe/Paris"


@pytest.mark.parametrize(
    ("utc", "quiet"),
    [
        ("2026-12-01T20:59", False),  # 21:59 in Paris (UTC+1 in winter)
        ("2026-12-01T21:00", True),  # 22:00
        ("2026-12-02T03:00", True),  # 04:00, across midnight
        ("2026-12-02T06:29", True),  # 07:29
        ("2026-12-02T06:30", False),  # 07:30: quiet hours are over
        ("2026-07-01T20:30", True),  # 22:30 in summer (UTC+2)
    ],
)
def test_quiet_hours_are_read_in_the_players_time_zone(utc, quiet):
    prefs = NotificationPreferences(
        time_zone="Europe/Paris", quiet_start=time(22, 0), quiet_end=time(7, 30)
    )
    assert prefs.in_quiet_hours(datetime.fromisoformat(utc).replace(tzinfo=UTC)) is quiet


def test_quiet_hours_drop_pushes_but_not_webhooks(
    player,
    push_service,  # noqa: F811
    vapid,  # noqa: F811
    pushes,  # noqa: F811
    enqueued,
):
    alice = player()
    subscribe(alice, push_service, "phone")
    receiver = Receiver().start()
    try:
        register(alice, receiver.url, ["invite"])
    finally:
        receiver.stop()
    assert (
        put(alice, time_zone="Europe/Paris", quiet_start="22:00", quiet_end="07:00").status_code
        == 200
    )
    night = datetime(2026, 12, 1, 22, 30, tzinfo=UTC)  # 23:30 in Paris
    morning = datetime(2026, 12, 2, 7, 0, tzinfo=UTC)  # 08:00 in Paris
    quiet_id = services.notification_emit(
        player_id=alice.id, type="invite", key="night", data={"n": 1}, now=night
    )
    loud_id = services.notification_emit(
        player_id=alice.id, type="invite", key="morning", data={"n": 2}, now=morning
    )
    assert pushes == [loud_id]  # the night's was not pushed (nor held)
    delivered = WebhookDelivery.objects.values_list("event_id", flat=True)
    assert sorted(delivered) == sorted([quiet_id, loud_id])  # webhooks got both
    assert services.push_send(notification_id=loud_id)["sent"] == 1
    assert [p.message["id"] for p in push_service.received] == [loud_id]


def test_a_reminder_after_the_players_own_delay_once_per_turn(player, enqueued):
    alice = player()
    game_id, _ = seated_table(lambda: alice, humans=1)
    run_ai(game_id)
    game = Game.objects.get(pk=game_id)
    since = game.last_event_at
    # Quiet hours (UTC) from 50 to 90 minutes after the turn began.
    start, end = (since + timedelta(minutes=50)).time(), (since + timedelta(minutes=90)).time()
    assert (
        put(
            alice,
            time_zone="UTC",
            quiet_start=start.strftime("%H:%M:%S"),
            quiet_end=end.strftime("%H:%M:%S"),
            turn_reminder_after_s=3600,
        ).status_code
        == 200
    )

    def reminders():
        return list(
            NotificationEvent.objects.filter(player=alice.user, type="turn_reminder").values_list(
                "data", flat=True
            )
        )

    assert services.turn_reminders_send(now=since + timedelta(minutes=59)) == 0
    assert services.turn_reminders_send(now=since + timedelta(minutes=61)) == 0  # quiet
    assert reminders() == []
    assert services.turn_reminders_send(now=since + timedelta(minutes=91)) == 1
    assert services.turn_reminders_send(now=since + timedelta(minutes=120)) == 0  # once
    (data,) = reminders()
    assert (data["reason"], data["seq"], data["game_id"]) == ("waiting", game.last_seq, game_id)
    assert data["waiting_since"] == since.isoformat().replace("+00:00", "Z")
    # Nobody else is reminded: a player without the preference gets nothing.
    bob = player()
    other, _ = seated_table(lambda: bob, humans=1)
    run_ai(other)
    later = Game.objects.get(pk=other).last_event_at + timedelta(days=3)
    services.turn_reminders_send(now=later)
    assert not NotificationEvent.objects.filter(player=bob.user, type="turn_reminder").exists()
