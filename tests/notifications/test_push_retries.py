"""Push retries against the providers' stand-ins on loopback (FCM, APNs over HTTP/2, a Web Push
service), told to answer 503 or 429 with ``Retry-After`` first: each target is retried on its
own until it is delivered once, a target that got it is never sent it again, a permanent answer
is not retried, attempts are bounded, a stale notification is not retried, and a redelivered
task (acks_late) or a lost process's lease sends nothing twice."""

from __future__ import annotations

import socket
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest

from games.models import Game
from notifications import outbound, services
from notifications.models import PushDelivery
from tests.api.conftest import GameDriver, run_ai, seated_table
from tests.notifications.test_mobile_push import APNS_TOKEN, apns, fcm, register  # noqa: F401
from tests.notifications.test_push import (  # noqa: F401
    push_service,
    pushes,
    subscribe,
    vapid,
)

pytestmark = pytest.mark.django_db(transaction=True)
T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
NOTHING = {"sent": 0, "failed": 0, "removed": 0, "retrying": 0}


@pytest.fixture(autouse=True)
def _retry_settings(settings):
    settings.HEARTS_PUSH_MAX_ATTEMPTS = 4
    settings.HEARTS_PUSH_BACKOFF_BASE_S = 4
    settings.HEARTS_PUSH_BACKOFF_MAX_S = 300
    settings.HEARTS_PUSH_RETRY_AFTER_MAX_S = 600
    settings.HEARTS_PUSH_MAX_AGE_S = 3600


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def invite(player_id: int, key: str = "t1") -> str:
    return services.notification_emit(
        player_id=player_id, type="invite", key=key, data={"table_id": key}, now=T0
    )


def deliveries(notification_id: str) -> dict[str, PushDelivery]:
    out = {}
    for d in PushDelivery.objects.filter(event_id=notification_id).select_related(
        "subscription", "device"
    ):
        out[d.device.token if d.device else d.subscription.endpoint.rsplit("/", 1)[-1]] = d
    return out


def test_transient_failures_are_retried_per_target_and_delivered_once(
    player,
    fcm,  # noqa: F811
    apns,  # noqa: F811
    push_service,  # noqa: F811
    vapid,  # noqa: F811
    pushes,  # noqa: F811
):
    alice = player()
    subscribe(alice, push_service, "laptop")
    register(alice, "fcm", "fcm-flaky")
    register(alice, "fcm", "fcm-fine")
    register(alice, "apns", APNS_TOKEN)
    fcm.fail("fcm-flaky", 503)
    apns.fail(APNS_TOKEN, 429, retry_after="7")
    push_service.fail("laptop", 503)
    notification_id = invite(alice.id)
    assert pushes == [notification_id]

    assert services.push_send(notification_id=notification_id, now=T0) == {
        **NOTHING,
        "sent": 1,
        "retrying": 3,
    }
    rows = deliveries(notification_id)
    assert rows["fcm-fine"].status == "sent"
    for token in ("laptop", "fcm-flaky", APNS_TOKEN):
        assert rows[token].status == "pending"
        assert rows[token].attempts == 1
    assert rows["laptop"].last_status_code == rows["fcm-flaky"].last_status_code == 503
    # APNs' Retry-After is honoured to the second; the others back off 4 s with jitter (2-4 s).
    assert rows[APNS_TOKEN].next_attempt_at == at(7)
    for token in ("laptop", "fcm-flaky"):
        assert at(2) <= rows[token].next_attempt_at <= at(4)
    # One retry task, for the earliest of them.
    ((retried_id, countdown),) = pushes.retries
    assert retried_id == notification_id
    assert countdown == min(
        (r.next_attempt_at - T0).total_seconds() for r in rows.values() if r.status == "pending"
    )

    # Early (a duplicate task): nothing is due, nothing is sent.
    assert services.push_send(notification_id=notification_id, now=at(1)) == NOTHING
    # After the backoff, before the Retry-After: only the two backed-off targets.
    assert services.push_send(notification_id=notification_id, now=at(5)) == {
        **NOTHING,
        "sent": 2,
    }
    assert deliveries(notification_id)[APNS_TOKEN].status == "pending"
    assert apns.attempts == [APNS_TOKEN]
    assert services.push_send(notification_id=notification_id, now=at(8)) == {
        **NOTHING,
        "sent": 1,
    }
    # Redelivered (acks_late) or swept once more: every target has it, nothing goes out again.
    assert services.push_send(notification_id=notification_id, now=at(60)) == NOTHING

    assert sorted(fcm.attempts) == ["fcm-fine", "fcm-flaky", "fcm-flaky"]
    assert sorted(m["token"] for m in fcm.sent) == ["fcm-fine", "fcm-flaky"]  # once each
    assert apns.attempts == [APNS_TOKEN, APNS_TOKEN]
    assert [r.claims is not None for r in apns.received] == [True, True]
    assert push_service.delivered == ["laptop"]
    assert len(push_service.received) == 2
    rows = deliveries(notification_id)
    assert {t: (r.status, r.attempts) for t, r in rows.items()} == {
        "laptop": ("sent", 2),
        "fcm-flaky": ("sent", 2),
        "fcm-fine": ("sent", 1),
        APNS_TOKEN: ("sent", 2),
    }
    listed = alice.client.get("/api/v1/me/devices/").json()
    assert {d["last_status_code"] for d in listed} == {200}


def test_permanent_failures_are_not_retried_and_dead_targets_removed(
    player,
    fcm,  # noqa: F811
    push_service,  # noqa: F811
    vapid,  # noqa: F811
    pushes,  # noqa: F811
):
    alice = player()
    subscribe(alice, push_service, "too-big")
    subscribe(alice, push_service, "expired")
    register(alice, "fcm", "fcm-bad-request")
    register(alice, "fcm", "fcm-uninstalled")
    push_service.fail("too-big", 413)
    push_service.gone.add("expired")
    fcm.fail("fcm-bad-request", 400)
    fcm.dead.add("fcm-uninstalled")
    notification_id = invite(alice.id)
    assert services.push_send(notification_id=notification_id, now=T0) == {
        **NOTHING,
        "failed": 2,
        "removed": 2,
    }
    rows = deliveries(notification_id)
    assert sorted(rows) == ["fcm-bad-request", "too-big"]  # the dead ones went with their rows
    assert {(r.status, r.attempts, r.last_status_code) for r in rows.values()} == {
        ("failed", 1, 413),
        ("failed", 1, 400),
    }
    assert pushes.retries == []
    assert services.push_send(notification_id=notification_id, now=at(600)) == NOTHING
    assert fcm.attempts == ["fcm-bad-request", "fcm-uninstalled"]
    assert len(push_service.received) == 2


def test_attempts_are_bounded(player, fcm, push_service, vapid, pushes, settings):  # noqa: F811
    settings.HEARTS_PUSH_MAX_ATTEMPTS = 3
    alice = player()
    register(alice, "fcm", "fcm-down")
    # A Web Push endpoint where nothing listens: refused connections count as transient too.
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        closed_port = sock.getsockname()[1]
    browser = subscribe(alice, push_service, "nowhere")
    from notifications.models import PushSubscription

    PushSubscription.objects.filter(pk=browser["id"]).update(
        endpoint=f"http://127.0.0.1:{closed_port}/push/nowhere"
    )
    for _ in range(10):
        fcm.fail("fcm-down", 503)
    notification_id = invite(alice.id)
    runs = [services.push_send(notification_id=notification_id, now=at(100 * i)) for i in range(5)]
    assert runs == [
        {**NOTHING, "retrying": 2},
        {**NOTHING, "retrying": 2},
        {**NOTHING, "failed": 2},
        NOTHING,
        NOTHING,
    ]
    assert fcm.attempts == ["fcm-down"] * 3
    rows = deliveries(notification_id)
    assert {(r.status, r.attempts) for r in rows.values()} == {("failed", 3)}
    assert rows["nowhere"].last_status_code is None
    assert rows["nowhere"].last_error  # the connection error
    assert len(pushes.retries) == 2  # after the first and second attempts, none after the last
    assert services.push_deliveries_due(now=at(10_000)) == []


def test_retry_after_is_capped_and_a_notification_past_its_age_is_not_retried(
    player,
    fcm,  # noqa: F811
    pushes,  # noqa: F811
    settings,
):
    settings.HEARTS_PUSH_RETRY_AFTER_MAX_S = 60
    alice = player()
    register(alice, "fcm", "fcm-busy")
    fcm.fail("fcm-busy", 429, retry_after="86400")
    fcm.fail("fcm-busy", 429, retry_after=format_datetime(datetime.now(UTC) + timedelta(hours=2)))
    notification_id = invite(alice.id)
    assert services.push_send(notification_id=notification_id, now=T0)["retrying"] == 1
    assert deliveries(notification_id)["fcm-busy"].next_attempt_at == at(60)  # a day, capped
    settings.HEARTS_PUSH_MAX_AGE_S = 100
    # The second 429 would wait another 60 s, past the notification's age: it fails instead.
    assert services.push_send(notification_id=notification_id, now=at(60))["failed"] == 1
    row = deliveries(notification_id)["fcm-busy"]
    assert (row.status, row.attempts, row.last_status_code) == ("failed", 2, 429)
    assert row.last_error.startswith("stale: older than HEARTS_PUSH_MAX_AGE_S; ")
    # And one already older than that is not tried again at all.
    fcm.fail("fcm-busy", 503)
    other = invite(alice.id, key="t2")
    assert services.push_send(notification_id=other, now=T0)["retrying"] == 1
    assert services.push_send(notification_id=other, now=at(200))["failed"] == 1
    row = deliveries(other)["fcm-busy"]
    assert (row.attempts, row.last_error) == (1, "stale: older than HEARTS_PUSH_MAX_AGE_S")
    assert fcm.attempts == ["fcm-busy"] * 3


def test_a_your_turn_is_not_retried_once_the_turn_was_played(player, fcm, pushes):  # noqa: F811
    alice = player()
    register(alice, "fcm", "alices-phone")
    game_id, players = seated_table(lambda: alice, humans=1)
    run_ai(game_id)
    turn_id = next(i for i in pushes if services.push_message(_event(i))["type"] == "your_turn")
    created = _event(turn_id).created_at
    fcm.fail("alices-phone", 503)
    assert services.push_send(notification_id=turn_id, now=created)["retrying"] == 1
    assert services.push_stale(_event(turn_id), now=created) == ""
    # She plays from another device meanwhile (and again if her pass made her the leader: a
    # turn still hers is worth the push).
    driver, seat = GameDriver(game_id, players), _event(turn_id).data["seat"]
    assert driver.step()
    while seat in Game.objects.get(pk=game_id).to_act:
        assert driver.step()
    later = created + timedelta(seconds=30)
    assert services.push_stale(_event(turn_id), now=later).startswith("stale:")
    assert services.push_send(notification_id=turn_id, now=later) == {**NOTHING, "failed": 1}
    row = PushDelivery.objects.get(event_id=turn_id)
    assert (row.status, row.attempts) == ("failed", 1)
    assert row.last_error.startswith("stale:")
    assert fcm.attempts == ["alices-phone"]


def test_a_lost_process_lease_expires_and_its_target_is_sent_once(
    player,
    fcm,  # noqa: F811
    pushes,  # noqa: F811
):
    alice = player()
    register(alice, "fcm", "fcm-1")
    notification_id = invite(alice.id)
    event = _event(notification_id)
    # A worker claims the target and dies before sending (the task is redelivered: acks_late).
    services._push_targets_create(event, T0)
    assert len(services._push_claim(event, T0)[0]) == 1
    assert services.push_send(notification_id=notification_id, now=at(1)) == NOTHING
    assert fcm.attempts == []
    assert services.push_deliveries_due(now=at(1)) == []
    from notifications import tasks

    tasks.sweep()  # the beat sweeper, at the real time (past T0's lease): the task again
    assert pushes == [notification_id, notification_id]
    # The lease runs out: the sweeper finds it, and it is sent once.
    late = at(services._lease_s() + 1)
    assert services.push_deliveries_due(now=late) == [notification_id]
    assert services.push_send(notification_id=notification_id, now=late)["sent"] == 1
    assert services.push_send(notification_id=notification_id, now=late) == NOTHING
    assert fcm.attempts == ["fcm-1"]
    assert PushDelivery.objects.get().attempts == 2


def test_backoff_and_retry_after():
    for n in range(1, 12):
        delay = min(300.0, 4 * 2 ** (n - 1))
        for _ in range(20):
            assert delay / 2 <= services.push_backoff_s(n) <= delay
    assert services.push_backoff_s(3, retry_after_s=12.0) == 12.0
    assert services.push_backoff_s(3, retry_after_s=10_000.0) == 600.0
    now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    assert outbound.retry_after_s("120") == 120.0
    assert outbound.retry_after_s(
        format_datetime(now + timedelta(seconds=90), usegmt=True), now=now.timestamp()
    ) == pytest.approx(90.0)
    assert outbound.retry_after_s(format_datetime(now, usegmt=True), now=now.timestamp() + 5) == 0
    for bad in (None, "", "soon", "-5", "1.5"):
        assert outbound.retry_after_s(bad) is None


def _event(notification_id):
    from notifications.models import NotificationEvent

    return NotificationEvent.objects.get(pk=notification_id)
