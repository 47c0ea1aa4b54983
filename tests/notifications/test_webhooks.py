"""Webhooks end to end against a real HTTP receiver on loopback (allow-listed in these tests):
Standard Webhooks signatures checked with the library's verifier, retries with exponential
backoff, a receiver that is down for a while, redirects, SSRF refusals, disabling, rotation.

Attempts are driven through ``services.webhook_attempt`` with an explicit clock (what the Celery
task calls), so the backoff schedule is tested without sleeping; ``test_webhook_worker.py`` runs
the same path through a real Celery worker."""

from __future__ import annotations

import socket
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from notifications import services
from notifications.models import (
    FeedItem,
    GameFeedState,
    NotificationEvent,
    WebhookAttempt,
    WebhookDelivery,
)
from tests.api.conftest import GameDriver, assert_problem, run_ai, seated_table
from tests.notifications.receiver import Receiver

pytestmark = pytest.mark.django_db(transaction=True)

ALL_TYPES = ["your_turn", "game_started", "hand_finished", "game_over"]


@pytest.fixture
def receiver():
    r = Receiver().start()
    yield r
    r.stop()


@pytest.fixture
def loopback_allowed(settings):
    settings.HEARTS_WEBHOOK_ALLOWED_NETWORKS = "127.0.0.1/32"
    settings.HEARTS_WEBHOOK_BACKOFF_BASE_S = 10
    settings.HEARTS_WEBHOOK_BACKOFF_MAX_S = 3600
    settings.HEARTS_WEBHOOK_MAX_ATTEMPTS = 8
    settings.HEARTS_WEBHOOK_DISABLE_AFTER = 50
    settings.HEARTS_WEBHOOK_TIMEOUT_S = 2


def register(p, url, types=ALL_TYPES):
    response = p.client.post("/api/v1/me/webhooks/", {"url": url, "event_types": types},
                             format="json")  # fmt: skip
    assert response.status_code == 201, response.content
    return response.json()


def run_due(now) -> int:
    """Every attempt that is due at ``now`` (what the tasks and the sweeper do)."""
    ids = services.webhook_deliveries_due(now=now)
    for delivery_id in ids:
        services.webhook_attempt(delivery_id=delivery_id, now=now)
    return len(ids)


def play_until_turns(players, game_id, steps):
    driver = GameDriver(game_id, players)
    for _ in range(steps):
        driver.step()
    run_ai(game_id)


# ------------------------------------------------------------------ signed delivery, retries
def test_signed_deliveries_are_retried_with_backoff_until_accepted(
    player, receiver, loopback_allowed, enqueued
):
    alice = player()
    endpoint = register(alice, receiver.url)
    receiver.secret = endpoint["secret"]
    assert endpoint["secret"].startswith("whsec_")
    game_id, _ = seated_table(lambda: alice, humans=1)
    run_ai(game_id)
    deliveries = list(WebhookDelivery.objects.order_by("created_at"))
    types = sorted(d.event.type for d in deliveries)
    assert types == ["game_started", "your_turn"]
    assert [c for _, c in enqueued] == [None, None]  # sent at once, after commit
    started = next(d for d in deliveries if d.event.type == "game_started")
    receiver.fail_next = 2
    t0 = timezone.now()
    services.webhook_attempt(delivery_id=started.pk, now=t0)
    started.refresh_from_db()
    assert started.status == "pending"
    assert started.next_attempt_at == t0 + timedelta(seconds=10)
    assert services.webhook_attempt(delivery_id=started.pk, now=t0 + timedelta(seconds=9)) is None
    services.webhook_attempt(delivery_id=started.pk, now=t0 + timedelta(seconds=10))
    started.refresh_from_db()
    assert started.next_attempt_at == t0 + timedelta(seconds=30)  # 10 s, then 20 s
    services.webhook_attempt(delivery_id=started.pk, now=t0 + timedelta(seconds=30))
    started.refresh_from_db()
    assert started.status == "succeeded"
    assert [c for i, c in enqueued if i == str(started.pk)] == [None, 10.0, 20.0]
    got = [r for r in receiver.received if r.json["type"] == "game_started"]
    assert [r.answered for r in got] == [500, 500, 204]
    assert {r.id for r in got} == {started.event_id}  # one stable id: receivers de-duplicate
    assert all(r.verified for r in got)
    body = receiver.verify(got[-1])  # the library's verifier, with the endpoint's secret
    assert body["data"]["game_id"] == game_id
    assert body["data"]["seat"] == 0
    tries = list(WebhookAttempt.objects.filter(delivery=started).order_by("number"))
    assert [(a.number, a.status_code, a.ok) for a in tries] == [
        (1, 500, False), (2, 500, False), (3, 204, True)
    ]  # fmt: skip
    assert all(a.latency_ms >= 0 for a in tries)
    assert tries[0].error_code == "http_status"
    # The API shows the delivery with every attempt.
    listed = alice.client.get(f"/api/v1/me/webhooks/{endpoint['id']}/deliveries/").json()
    shown = next(d for d in listed if d["id"] == str(started.pk))
    assert shown["status"] == "succeeded"
    assert [a["status_code"] for a in shown["tries"]] == [500, 500, 204]
    assert shown["event"]["id"] == started.event_id


@pytest.mark.parametrize(
    ("status", "retry_after", "delay"),
    [
        (503, "120", 120),  # seconds: longer than the schedule's 10 s, so honoured
        (429, "+300", 300),  # an HTTP date 300 s on (written below)
        (503, "2", 10),  # sooner than the schedule: the schedule wins
        (503, "86400", 3600),  # a day: capped at HEARTS_WEBHOOK_BACKOFF_MAX_S
        (500, "120", 10),  # Retry-After means nothing on a 500: the schedule
        (503, "soon", 10),  # unreadable: the schedule
    ],
)
def test_a_receivers_retry_after_on_429_and_503_sets_the_next_attempt(
    player, receiver, loopback_allowed, enqueued, status, retry_after, delay
):
    from email.utils import format_datetime

    alice = player()
    endpoint = register(alice, receiver.url, types=["game_started"])
    receiver.secret = endpoint["secret"]
    game_id, _ = seated_table(lambda: alice, humans=1)
    run_ai(game_id)
    delivery = WebhookDelivery.objects.get(event__type="game_started")
    t0 = timezone.now()
    if retry_after.startswith("+"):  # an HTTP date that far from now
        retry_after = format_datetime(t0 + timedelta(seconds=int(retry_after[1:])), usegmt=True)
    receiver.fail_next, receiver.fail_status, receiver.retry_after = 1, status, retry_after
    services.webhook_attempt(delivery_id=delivery.pk, now=t0)
    delivery.refresh_from_db()
    got = delivery.next_attempt_at - t0
    assert abs(got.total_seconds() - delay) <= 1.5, got  # an HTTP date has whole seconds
    assert [c for i, c in enqueued if i == str(delivery.pk)][-1] == pytest.approx(delay, abs=1.5)
    assert receiver.received[-1].answered == status
    assert services.webhook_attempt(delivery_id=delivery.pk, now=got * 0.5 + t0) is None  # not due
    services.webhook_attempt(delivery_id=delivery.pk, now=t0 + got)
    delivery.refresh_from_db()
    assert delivery.status == "succeeded"


def test_a_receiver_down_for_a_while_gets_everything_once_back(
    player, receiver, loopback_allowed, enqueued
):
    alice = player()
    receiver.secret = register(alice, receiver.url)["secret"]
    receiver.stop()  # down
    game_id, players = seated_table(lambda: alice, humans=1)
    play_until_turns(players, game_id, 6)
    expected = set(NotificationEvent.objects.filter(player=alice.user).values_list("id", flat=True))
    assert len(expected) >= 3
    now = timezone.now()
    for _ in range(4):  # four rounds of failures while it is down
        assert run_due(now) > 0
        now += timedelta(seconds=200)
    failed = WebhookAttempt.objects.filter(ok=False)
    assert set(failed.values_list("error_code", flat=True)) == {"connection_error"}
    assert WebhookDelivery.objects.filter(status="pending").count() == len(expected)
    receiver.start()  # back, on the same port
    now += timedelta(seconds=3600)
    run_due(now)
    assert WebhookDelivery.objects.exclude(status="succeeded").count() == 0
    assert {r.id for r in receiver.delivered} == expected
    assert len(receiver.delivered) == len(expected)


def test_an_endpoint_that_keeps_failing_is_disabled_then_reenabled(
    player, receiver, loopback_allowed, settings, enqueued
):
    settings.HEARTS_WEBHOOK_DISABLE_AFTER = 3
    alice = player()
    endpoint = register(alice, receiver.url, ["your_turn", "game_started"])
    receiver.secret = endpoint["secret"]
    receiver.fail_next = 100
    game_id, _ = seated_table(lambda: alice, humans=1)
    run_ai(game_id)
    now = timezone.now()
    run_due(now)
    run_due(now + timedelta(seconds=10))
    state = alice.client.get("/api/v1/me/webhooks/").json()[0]
    assert state["is_active"] is False
    assert state["consecutive_failures"] == 3
    assert "3 failed attempts" in state["disabled_reason"]
    assert run_due(now + timedelta(days=1)) == 0  # nothing is sent to a disabled endpoint
    pending = WebhookDelivery.objects.get(event__type="your_turn")
    response = alice.client.post(f"/api/v1/me/webhook-deliveries/{pending.pk}/redeliver/")
    assert_problem(response, 409, "webhook_endpoint_disabled")
    receiver.fail_next = 0
    enqueued.clear()
    response = alice.client.patch(
        f"/api/v1/me/webhooks/{endpoint['id']}/", {"is_active": True}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["consecutive_failures"] == 0
    assert len(enqueued) == 2  # its pending deliveries go at once
    run_due(timezone.now())
    assert set(WebhookDelivery.objects.values_list("status", flat=True)) == {"succeeded"}


def test_attempts_are_bounded_then_a_manual_redelivery_sends_it_again(
    player, receiver, loopback_allowed, settings, enqueued
):
    settings.HEARTS_WEBHOOK_MAX_ATTEMPTS = 3
    alice = player()
    receiver.secret = register(alice, receiver.url, ["game_started"])["secret"]
    receiver.fail_next = 3
    game_id, _ = seated_table(lambda: alice, humans=1)
    delivery = WebhookDelivery.objects.get()
    now = timezone.now()
    for step in (0, 10, 30, 70, 1000):
        run_due(now + timedelta(seconds=step))
    delivery.refresh_from_db()
    assert delivery.status == "failed"
    assert delivery.attempts == 3
    assert len(receiver.received) == 3
    response = alice.client.post(f"/api/v1/me/webhook-deliveries/{delivery.pk}/redeliver/")
    assert response.status_code == 202, response.content
    assert response.json()["status"] == "pending"
    run_due(timezone.now())
    delivery.refresh_from_db()
    assert delivery.status == "succeeded"
    assert delivery.attempts == 4
    assert [r.id for r in receiver.received] == [delivery.event_id] * 4
    assert game_id


def test_a_rotated_secret_signs_beside_the_old_one_until_the_grace_ends(
    player, receiver, loopback_allowed, enqueued
):
    alice = player()
    old = register(alice, receiver.url, ["game_started", "your_turn"])
    response = alice.client.post(
        f"/api/v1/me/webhooks/{old['id']}/rotate-secret/", {"grace_s": 3600}, format="json"
    )
    assert response.status_code == 200
    new = response.json()
    assert new["secret"] != old["secret"]
    assert new["previous_secret_expires_at"] is not None
    receiver.secret = old["secret"]  # a receiver that has not switched yet
    game_id, _ = seated_table(lambda: alice, humans=1)
    run_due(timezone.now())
    assert len(receiver.delivered) == 2
    item = receiver.delivered[0]
    assert len(item.headers["webhook-signature"].split(" ")) == 2
    receiver.verify(item, new["secret"])
    receiver.verify(item, old["secret"])
    # Rotated again with no grace: the old secret stops at once.
    response = alice.client.post(
        f"/api/v1/me/webhooks/{old['id']}/rotate-secret/", {"grace_s": 0}, format="json"
    )
    newest = response.json()["secret"]
    receiver.secret = newest
    delivery = WebhookDelivery.objects.first()
    alice.client.post(f"/api/v1/me/webhook-deliveries/{delivery.pk}/redeliver/")
    run_due(timezone.now())
    last = receiver.received[-1]
    assert last.verified
    assert len(last.headers["webhook-signature"].split(" ")) == 1
    assert game_id


def test_notification_ids_are_stable_across_resyncs(player, receiver, loopback_allowed, enqueued):
    alice = player()
    register(alice, receiver.url)
    game_id, _ = seated_table(lambda: alice, humans=1)
    run_ai(game_id)
    before = set(NotificationEvent.objects.values_list("id", flat=True))
    deliveries = WebhookDelivery.objects.count()
    assert services.feed_sync_game(game_id=game_id) == 0  # a second receiver call: nothing new
    # The projection replayed from the start (a rebuild): the game's facts keep their ids.
    GameFeedState.objects.filter(game_id=game_id).update(synced_seq=0)
    FeedItem.objects.all().delete()
    services.feed_sync_game(game_id=game_id)
    assert set(NotificationEvent.objects.values_list("id", flat=True)) == before
    assert WebhookDelivery.objects.count() == deliveries
    assert Game.objects.get(pk=game_id).last_seq == FeedItem.objects.count()


# ------------------------------------------------------------------ SSRF
@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://127.0.0.1/hook", "loopback"),
        ("http://127.8.9.10:8080/hook", "loopback"),
        ("http://localhost:8000/hook", "loopback"),
        ("http://169.254.169.254/latest/meta-data/", "link_local"),
        ("http://10.1.2.3/hook", "private"),
        ("http://172.16.0.1/hook", "private"),
        ("http://192.168.1.10/hook", "private"),
        ("http://[::1]/hook", "loopback"),
        ("http://[fd12:3456::1]/hook", "private"),
        ("http://[fe80::1]/hook", "link_local"),
        ("http://[::ffff:127.0.0.1]/hook", "loopback"),
        ("http://0.0.0.0/hook", "unspecified"),
        ("http://100.64.0.1/hook", "reserved"),
    ],
)
def test_registration_refuses_internal_addresses(player, url, reason):
    response = player().client.post(
        "/api/v1/me/webhooks/", {"url": url, "event_types": ["your_turn"]}, format="json"
    )
    body = assert_problem(response, 422, "webhook_address_forbidden")
    assert body["extra"]["reason"] == reason


def test_registration_refuses_other_schemes_and_unknown_hosts(player):
    p = player()
    response = p.client.post(
        "/api/v1/me/webhooks/", {"url": "ftp://1.1.1.1/x", "event_types": ["your_turn"]},
        format="json",
    )  # fmt: skip
    assert_problem(response, 422, "webhook_url_invalid")
    response = p.client.post(
        "/api/v1/me/webhooks/",
        {"url": "http://nowhere.invalid/x", "event_types": ["your_turn"]},
        format="json",
    )
    assert_problem(response, 422, "webhook_url_unresolvable")
    response = p.client.post(
        "/api/v1/me/webhooks/", {"url": "http://1.1.1.1/", "event_types": ["nope"]}, format="json"
    )
    assert_problem(response, 400, "validation_error")


def test_the_address_is_checked_again_at_delivery_time(
    player, receiver, loopback_allowed, settings, monkeypatch, enqueued
):
    """DNS that answered a public address at registration and loopback at delivery (rebinding):
    the delivery is refused before any connection, and the attempt says why."""
    alice = player()
    real = socket.getaddrinfo
    answers = {"hooks.example": "93.184.216.34"}

    def resolve(host, port, *args, **kwargs):
        if host in answers:
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (answers[host], port))]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    settings.HEARTS_WEBHOOK_ALLOWED_NETWORKS = ""
    register(alice, f"http://hooks.example:{receiver.port}/hooks", ["game_started"])
    answers["hooks.example"] = "127.0.0.1"  # rebound to the receiver on loopback
    seated_table(lambda: alice, humans=1)
    run_due(timezone.now())
    attempt = WebhookAttempt.objects.get()
    assert attempt.error_code == "webhook_address_forbidden"
    assert "loopback" in attempt.error
    assert attempt.status_code is None
    assert receiver.received == []


def test_redirects_are_not_followed(player, receiver, loopback_allowed, enqueued):
    alice = player()
    receiver.secret = register(alice, receiver.url, ["game_started"])["secret"]
    receiver.redirect_to = f"http://127.0.0.1:{receiver.port}/internal-admin"
    seated_table(lambda: alice, humans=1)
    run_due(timezone.now())
    attempt = WebhookAttempt.objects.get()
    assert attempt.status_code == 302
    assert attempt.error_code == "redirect_not_followed"
    assert [r.path for r in receiver.received] == ["/hooks/hearts"]


def test_a_slow_receiver_times_out(player, loopback_allowed, settings, enqueued):
    settings.HEARTS_WEBHOOK_TIMEOUT_S = 0.5
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(5)  # accepts connections, never answers
    try:
        alice = player()
        register(alice, f"http://127.0.0.1:{silent.getsockname()[1]}/", ["game_started"])
        seated_table(lambda: alice, humans=1)
        run_due(timezone.now())
    finally:
        silent.close()
    attempt = WebhookAttempt.objects.get()
    assert attempt.error_code == "timeout"
    assert 400 <= attempt.latency_ms < 5000


# ------------------------------------------------------------------ API
def test_endpoints_belong_to_their_owner(player, receiver, loopback_allowed):
    alice, mallory = player(), player()
    endpoint = register(alice, receiver.url)
    assert mallory.client.get("/api/v1/me/webhooks/").json() == []
    for response in (
        mallory.client.patch(f"/api/v1/me/webhooks/{endpoint['id']}/", {}, format="json"),
        mallory.client.delete(f"/api/v1/me/webhooks/{endpoint['id']}/"),
        mallory.client.get(f"/api/v1/me/webhooks/{endpoint['id']}/deliveries/"),
        mallory.client.post(
            f"/api/v1/me/webhooks/{endpoint['id']}/rotate-secret/", {}, format="json"
        ),
        mallory.client.get("/api/v1/me/webhooks/not-a-uuid/deliveries/"),
    ):
        assert_problem(response, 404, "webhook_endpoint_not_found")
    response = mallory.client.post(
        "/api/v1/me/webhook-deliveries/00000000-0000-4000-8000-000000000000/redeliver/"
    )
    assert_problem(response, 404, "webhook_delivery_not_found")
    assert alice.client.delete(f"/api/v1/me/webhooks/{endpoint['id']}/").status_code == 204
    assert alice.client.get("/api/v1/me/webhooks/").json() == []


def test_registration_with_an_idempotency_key_registers_once(player, receiver, loopback_allowed):
    alice = player()
    body = {"url": receiver.url, "event_types": ["your_turn"]}
    first = alice.client.post(
        "/api/v1/me/webhooks/", body, format="json", HTTP_IDEMPOTENCY_KEY="k1"
    )
    again = alice.client.post(
        "/api/v1/me/webhooks/", body, format="json", HTTP_IDEMPOTENCY_KEY="k1"
    )
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert again.json()["id"] == first.json()["id"]
    assert len(alice.client.get("/api/v1/me/webhooks/").json()) == 1


def test_muted_types_are_stored_but_not_sent(player, receiver, loopback_allowed, enqueued):
    alice = player()
    receiver.secret = register(alice, receiver.url)["secret"]
    defaults = {"time_zone": "UTC", "quiet_start": None, "quiet_end": None,
                "turn_reminder_after_s": None}  # fmt: skip
    assert alice.client.get("/api/v1/me/notification-preferences/").json() == {
        "muted_types": [],
        **defaults,
    }
    response = alice.client.put(
        "/api/v1/me/notification-preferences/", {"muted_types": ["your_turn"]}, format="json"
    )
    assert response.status_code == 200
    assert response.json() == {"muted_types": ["your_turn"], **defaults}
    game_id, _ = seated_table(lambda: alice, humans=1)
    run_ai(game_id)
    types = set(NotificationEvent.objects.filter(player=alice.user).values_list("type", flat=True))
    assert types == {"game_started", "your_turn"}
    assert [d.event.type for d in WebhookDelivery.objects.all()] == ["game_started"]
    response = alice.client.put(
        "/api/v1/me/notification-preferences/", {"muted_types": ["bogus"]}, format="json"
    )
    assert_problem(response, 400, "validation_error")
