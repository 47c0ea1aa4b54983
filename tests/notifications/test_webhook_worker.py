"""Webhooks through a real ``celery worker`` process: the task sent after the commit makes the
attempt, a failed attempt schedules the next one with its backoff as a countdown, and the
receiver on loopback (allow-listed for the worker too) gets the delivery after two failures."""

from __future__ import annotations

import itertools
import time

import pytest
from django.conf import settings

from common import broker
from games.models import Game
from notifications.models import WebhookAttempt, WebhookDelivery
from tests.api.conftest import seated_table
from tests.conftest import start_celery_worker
from tests.notifications.receiver import Receiver

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_worker_delivers_and_retries_with_backoff(player):
    queue = f"{settings.CELERY_TASK_DEFAULT_QUEUE}-webhooks"
    receiver = Receiver(fail_next=2).start()
    worker_env = {
        "HEARTS_WEBHOOK_ALLOWED_NETWORKS": "127.0.0.1/32",
        "HEARTS_WEBHOOK_QUEUE": queue,
        "HEARTS_WEBHOOK_BACKOFF_BASE_S": "0.5",
    }
    worker = start_celery_worker(env=worker_env, queue=queue)
    try:
        from django.test import override_settings

        with override_settings(
            HEARTS_WEBHOOK_ALLOWED_NETWORKS="127.0.0.1/32",
            HEARTS_WEBHOOK_QUEUE=queue,
            NOTIFICATIONS_FEED_SYNC="inline",  # this worker takes the webhooks' queue only
        ):
            alice = player()
            response = alice.client.post(
                "/api/v1/me/webhooks/",
                {"url": receiver.url, "event_types": ["game_started"]},
                format="json",
            )
            assert response.status_code == 201, response.content
            receiver.secret = response.json()["secret"]
            seated_table(lambda: alice, humans=1)  # start: game_started, sent after commit
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if WebhookDelivery.objects.filter(status="succeeded").exists():
                break
            time.sleep(0.2)
        delivery = WebhookDelivery.objects.get()
        assert delivery.status == "succeeded", worker.log_text()[-3000:]
        tries = list(WebhookAttempt.objects.filter(delivery=delivery).order_by("number"))
        assert [a.status_code for a in tries] == [500, 500, 204]
        gaps = [(b.started_at - a.started_at).total_seconds() for a, b in itertools.pairwise(tries)]
        assert gaps[0] >= 0.45  # 0.5 s, then 1 s: the countdowns of the backoff
        assert gaps[1] >= 0.95
        assert [r.answered for r in receiver.received] == [500, 500, 204]
        assert all(r.verified for r in receiver.received)
        assert {r.id for r in receiver.received} == {delivery.event_id}
        assert "notifications.deliver_webhook" in worker.log_text()
    finally:
        worker.stop()
        receiver.stop()


def test_a_worker_projects_the_feeds_after_each_commit(player, celery_worker_process, settings):
    """Production's setting: the commit sends the projection to a worker (one broker send per
    move, not a dozen statements; drained on a Redis broker, one per commit on the embedded
    filesystem one) on the feed queue; the worker writes every player's feed items."""
    from notifications.models import FeedItem

    settings.NOTIFICATIONS_FEED_SYNC = "task"  # production's default (the suite's is inline)
    alice = player()
    game_id, _ = seated_table(lambda: alice, humans=1)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        projected = FeedItem.objects.filter(player=alice.user, game_id=game_id).count()
        last_seq = Game.objects.get(pk=game_id).last_seq
        if projected and projected == last_seq:
            break
        time.sleep(0.2)
    assert projected == Game.objects.get(pk=game_id).last_seq, celery_worker_process.log_text()[
        -3000:
    ]
    # from the feed syncs' own queue, which the worker (started without --queues) consumes
    log = celery_worker_process.log_text()
    assert f".> {settings.HEARTS_FEED_SYNC_QUEUE} " in log
    drained = broker._lean_url() is not None  # a Redis broker: one drain for many games
    assert ("notifications.feed_sync_drain" if drained else "notifications.feed_sync_game") in log
