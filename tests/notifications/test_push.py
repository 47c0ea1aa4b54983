"""Web Push against a stand-in push service on loopback: VAPID-signed, aes128gcm-encrypted
notifications that the "browser" decrypts, expired subscriptions removed on a 410, and the SSRF
guard on push endpoints."""

from __future__ import annotations

import pytest

from notifications import services
from notifications.models import NotificationEvent, PushSubscription
from tests.api.conftest import assert_problem, run_ai, seated_table
from tests.notifications.push_service import PushService, browser_subscription, vapid_private_key

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def push_service():
    service = PushService().start()
    yield service
    service.stop()


@pytest.fixture
def vapid(settings):
    settings.HEARTS_VAPID_PRIVATE_KEY = vapid_private_key()
    settings.HEARTS_VAPID_SUBJECT = "mailto:ops@hearts.example"
    settings.HEARTS_WEBHOOK_ALLOWED_NETWORKS = "127.0.0.1/32"


class Pushes(list):
    """The notification ids sent to the push task; ``retries``: (id, countdown) of the retry
    tasks (sent with a countdown)."""

    def __init__(self) -> None:
        super().__init__()
        self.retries: list[tuple[str, float]] = []

    def record(self, notification_id: str, countdown: float | None = None) -> None:
        if countdown is None:
            self.append(notification_id)
        else:
            self.retries.append((notification_id, countdown))


@pytest.fixture
def pushes(monkeypatch):
    """Notification ids sent to the push task (instead of the broker)."""
    from notifications import queue

    sent = Pushes()
    monkeypatch.setattr(queue, "enqueue_push", sent.record)
    return sent


def subscribe(p, service, token):
    browser = browser_subscription()
    service.browsers[token] = browser
    body = {"endpoint": service.endpoint(token), "keys": browser.keys, "expirationTime": None}
    response = p.client.post("/api/v1/me/push-subscriptions/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_a_players_browser_gets_encrypted_signed_notifications(
    player, anon, push_service, vapid, pushes
):
    key = anon.get("/api/v1/push/vapid-public-key/").json()
    assert key["enabled"] is True
    alice = player()
    subscribe(alice, push_service, "phone")
    game_id, _ = seated_table(lambda: alice, humans=1)
    run_ai(game_id)
    assert sorted(NotificationEvent.objects.get(pk=i).type for i in pushes) == [
        "game_started",
        "your_turn",
    ]
    for notification_id in pushes:
        assert services.push_send(notification_id=notification_id)["sent"] == 1
    assert len(push_service.received) == 2
    for pushed in push_service.received:
        assert pushed.vapid_ok
        assert push_service.claims_ok(pushed)
        assert pushed.claims["sub"] == "mailto:ops@hearts.example"
        assert pushed.vapid_key == key["public_key"]
        assert pushed.headers["Content-Encoding"] == "aes128gcm"
        assert pushed.message is not None  # the browser's key decrypts it
    turn = next(p.message for p in push_service.received if p.message["type"] == "your_turn")
    assert turn["title"] == "Your turn"
    assert turn["data"]["game_id"] == game_id
    assert turn["data"]["seat"] == 0
    listed = alice.client.get("/api/v1/me/push-subscriptions/").json()
    assert listed[0]["last_status_code"] == 201


def test_a_subscription_the_push_service_says_is_gone_is_removed(
    player, push_service, vapid, pushes
):
    alice = player()
    subscribe(alice, push_service, "old-laptop")
    subscribe(alice, push_service, "phone")
    push_service.gone.add("old-laptop")
    seated_table(lambda: alice, humans=1)
    counts = services.push_send(notification_id=pushes[0])
    assert counts == {"sent": 1, "failed": 0, "removed": 1, "retrying": 0}
    endpoints = list(PushSubscription.objects.values_list("endpoint", flat=True))
    assert endpoints == [push_service.endpoint("phone")]


def test_muted_types_are_not_pushed(player, push_service, vapid, pushes):
    alice = player()
    subscribe(alice, push_service, "phone")
    alice.client.put(
        "/api/v1/me/notification-preferences/", {"muted_types": ["game_started"]}, format="json"
    )
    seated_table(lambda: alice, humans=1)
    assert [NotificationEvent.objects.get(pk=i).type for i in pushes] == ["your_turn"]


def test_push_registration_is_checked(player, anon, push_service, settings):
    alice = player()
    browser = browser_subscription()
    body = {"endpoint": push_service.endpoint("x"), "keys": browser.keys}
    settings.HEARTS_VAPID_PRIVATE_KEY = ""
    assert anon.get("/api/v1/push/vapid-public-key/").json() == {
        "enabled": False,
        "public_key": None,
    }
    assert_problem(
        alice.client.post("/api/v1/me/push-subscriptions/", body, format="json"),
        409,
        "push_not_configured",
    )
    settings.HEARTS_VAPID_PRIVATE_KEY = vapid_private_key()
    for keys in (
        {"p256dh": "not-a-key", "auth": "x"},
        {"p256dh": "", "auth": ""},
        {"p256dh": "BA", "auth": browser.keys["auth"]},  # a point cut short
        {"p256dh": browser.keys["p256dh"], "auth": "é"},
        {"p256dh": browser.keys["p256dh"][:-2] + "AA", "auth": browser.keys["auth"]},
    ):
        assert_problem(
            alice.client.post(
                "/api/v1/me/push-subscriptions/", {**body, "keys": keys}, format="json"
            ),
            400,
            "validation_error",
        )
    response = alice.client.post("/api/v1/me/push-subscriptions/", body, format="json")
    assert_problem(response, 422, "webhook_address_forbidden")  # loopback, not allow-listed
    assert_problem(
        alice.client.delete("/api/v1/me/push-subscriptions/00000000-0000-4000-8000-000000000000/"),
        404,
        "push_subscription_not_found",
    )
