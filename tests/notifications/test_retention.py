"""Retention: beat's ``notifications.prune`` deletes notifications past
``HEARTS_NOTIFICATION_RETENTION_DAYS`` with their webhook deliveries, attempts and push
deliveries, and keeps what a pending delivery still waits on and the notifications of games
still in progress (a waiting-turn reminder would otherwise be made and sent again)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from notifications import services, tasks
from notifications.models import (
    NotificationEvent,
    PushDelivery,
    PushSubscription,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
)

pytestmark = pytest.mark.django_db

NOW = timezone.now()


@pytest.fixture
def owner():
    return get_user_model().objects.create_user(username="keeper", password="x" * 12)


def notification(owner, name: str, age_days: float, *, webhook: str = "", push: str = ""):
    """A notification ``age_days`` old, with a webhook delivery (and one attempt) and a push
    delivery in the given statuses ("" for none)."""
    at = NOW - timedelta(days=age_days)
    event = NotificationEvent.objects.create(
        id=name, player=owner, type="your_turn", data={}, created_at=at
    )
    if webhook:
        endpoint, _ = WebhookEndpoint.objects.get_or_create(
            owner=owner, url="https://hooks.example/h", defaults={"secret": "whsec_x"}
        )
        delivery = WebhookDelivery.objects.create(
            endpoint=endpoint, event=event, status=webhook, attempts=1, created_at=at
        )
        WebhookAttempt.objects.create(delivery=delivery, number=1, started_at=at, status_code=500)
    if push:
        subscription, _ = PushSubscription.objects.get_or_create(
            owner=owner, endpoint="https://push.example/s", defaults={"p256dh": "k", "auth": "a"}
        )
        PushDelivery.objects.create(
            event=event, subscription=subscription, status=push, attempts=1, created_at=at
        )
    return event


def remaining() -> set[str]:
    return set(NotificationEvent.objects.values_list("pk", flat=True))


def test_old_notifications_go_with_their_deliveries_and_pending_ones_stay(owner, settings):
    settings.HEARTS_NOTIFICATION_RETENTION_DAYS = 30
    notification(owner, "old-done", 31, webhook="succeeded", push="sent")
    notification(owner, "old-failed", 45, webhook="failed", push="failed")
    notification(owner, "old-bare", 60)
    notification(owner, "old-webhook-pending", 40, webhook="pending")  # a disabled endpoint's
    notification(owner, "old-push-pending", 40, push="pending")
    notification(owner, "recent", 29, webhook="succeeded", push="sent")

    assert services.notifications_prune(now=NOW, batch=2) == 3  # in batches of two
    assert remaining() == {"old-webhook-pending", "old-push-pending", "recent"}
    assert set(WebhookDelivery.objects.values_list("event_id", flat=True)) == {
        "old-webhook-pending", "recent"
    }  # fmt: skip
    assert WebhookAttempt.objects.count() == 2
    assert set(PushDelivery.objects.values_list("event_id", flat=True)) == {
        "old-push-pending", "recent"
    }  # fmt: skip
    assert WebhookEndpoint.objects.count() == 1  # endpoints and subscriptions stay
    assert PushSubscription.objects.count() == 1
    assert services.notifications_prune(now=NOW) == 0  # nothing more to do


def test_retention_zero_keeps_everything_and_beat_runs_the_prune(owner, settings):
    notification(owner, "ancient", 400, webhook="succeeded")
    settings.HEARTS_NOTIFICATION_RETENTION_DAYS = 0
    assert tasks.prune() == 0
    assert remaining() == {"ancient"}
    settings.HEARTS_NOTIFICATION_RETENTION_DAYS = 365
    assert tasks.prune() == 1
    assert remaining() == set()
    assert settings.CELERY_BEAT_SCHEDULE["notifications-prune"]["task"] == "notifications.prune"


def test_an_old_reminder_of_a_turn_still_waiting_stays_and_is_not_sent_again(player, settings):
    """A player away for longer than the retention, with a reminder after a day: the game
    still waits for them, so its reminder (made on day 1) is kept, and the sweeps that follow
    make no second one. Once the game is over, its notifications go like any others."""
    from games.models import Game
    from notifications.models import EventType, NotificationPreferences
    from tests.api.conftest import run_ai, seated_table

    settings.HEARTS_NOTIFICATION_RETENTION_DAYS = 30
    game_id, (alice,) = seated_table(player, humans=1)
    run_ai(game_id)  # her turn
    NotificationPreferences.objects.create(player=alice.user, turn_reminder_after_s=86_400)
    day = Game.objects.get(pk=game_id).last_event_at + timedelta(days=1, seconds=1)
    assert services.turn_reminders_send(now=day) == 1
    reminders = NotificationEvent.objects.filter(type=EventType.TURN_REMINDER)
    (reminder,) = reminders
    assert reminder.created_at == day

    later = day + timedelta(days=40)
    services.notifications_prune(now=later)
    assert set(reminders.values_list("pk", flat=True)) == {reminder.pk}  # kept
    assert services.turn_reminders_send(now=later) == 0  # no second reminder

    Game.objects.filter(pk=game_id).update(status=Game.Status.FINISHED)
    assert services.notifications_prune(now=later) >= 1
    assert not NotificationEvent.objects.filter(type=EventType.TURN_REMINDER).exists()
