"""Webhook deliveries in the admin: the list, a delivery with its attempts, redelivery; the
endpoint's secret is never shown."""

from __future__ import annotations

import pytest
from django.utils import timezone

from notifications.models import (
    NotificationEvent,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def delivery(django_user_model):
    owner = django_user_model.objects.create_user(username="owner", password="x" * 12)
    endpoint = WebhookEndpoint.objects.create(
        owner=owner, url="https://hooks.example/in", event_types=["your_turn"],
        secret="whsec_c2VjcmV0LXRoYXQtbXVzdC1ub3Qtc2hvdw==",
    )  # fmt: skip
    event = NotificationEvent.objects.create(
        id="msg_admin", player=owner, type="your_turn", created_at=timezone.now()
    )
    d = WebhookDelivery.objects.create(
        endpoint=endpoint, event=event, created_at=timezone.now(), status="failed", attempts=1,
        attempt_limit=1,
    )  # fmt: skip
    WebhookAttempt.objects.create(
        delivery=d, number=1, started_at=timezone.now(), status_code=503, latency_ms=87,
        error_code="http_status", error="HTTP 503: down for maintenance",
    )  # fmt: skip
    return d


def test_a_delivery_shows_its_attempts(admin_client, delivery):
    listing = admin_client.get("/admin/notifications/webhookdelivery/")
    assert listing.status_code == 200
    assert b"msg_admin" in listing.content
    page = admin_client.get(f"/admin/notifications/webhookdelivery/{delivery.pk}/change/")
    assert page.status_code == 200
    assert b"HTTP 503: down for maintenance" in page.content
    assert b"87" in page.content
    endpoint = admin_client.get(
        f"/admin/notifications/webhookendpoint/{delivery.endpoint_id}/change/"
    )
    assert endpoint.status_code == 200
    assert b"c2VjcmV0LXRoYXQtbXVzdC1ub3Qtc2hvdw" not in endpoint.content


def test_the_redeliver_action_queues_one_more_attempt(
    admin_client, delivery, enqueued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            "/admin/notifications/webhookdelivery/",
            {"action": "redeliver", "_selected_action": [str(delivery.pk)]},
        )
    assert response.status_code == 302
    delivery.refresh_from_db()
    assert delivery.status == "pending"
    assert delivery.attempt_limit == 2
    assert enqueued == [(str(delivery.pk), None)]


def test_mobile_devices_are_listed_without_their_tokens(admin_client, django_user_model):
    from notifications.models import MobileDevice

    owner = django_user_model.objects.create_user(username="phone-owner", password="x" * 12)
    device = MobileDevice.objects.create(
        owner=owner, platform="apns", token="f00d" * 16, name="iPhone", last_status_code=200
    )
    listing = admin_client.get("/admin/notifications/mobiledevice/")
    assert listing.status_code == 200
    assert b"phone-owner" in listing.content
    page = admin_client.get(f"/admin/notifications/mobiledevice/{device.pk}/change/")
    assert page.status_code == 200
    assert b"iPhone" in page.content
    for response in (listing, page):
        assert b"f00d" * 16 not in response.content


def test_push_deliveries_are_listed_with_the_providers_answer(admin_client, django_user_model):
    from notifications.models import MobileDevice, PushDelivery

    owner = django_user_model.objects.create_user(username="push-owner", password="x" * 12)
    device = MobileDevice.objects.create(owner=owner, platform="fcm", token="beef" * 16)
    event = NotificationEvent.objects.create(
        id="msg_pushed", player=owner, type="invite", created_at=timezone.now()
    )
    delivery = PushDelivery.objects.create(
        event=event, device=device, status="pending", attempts=2, last_status_code=503,
        last_error="UNAVAILABLE", created_at=timezone.now(),
    )  # fmt: skip
    listing = admin_client.get("/admin/notifications/pushdelivery/")
    assert listing.status_code == 200
    assert b"msg_pushed" in listing.content
    page = admin_client.get(f"/admin/notifications/pushdelivery/{delivery.pk}/change/")
    assert page.status_code == 200
    assert b"UNAVAILABLE" in page.content
    for response in (listing, page):
        assert b"beef" * 16 not in response.content
