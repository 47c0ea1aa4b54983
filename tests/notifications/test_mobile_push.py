"""FCM and APNs for native apps against stand-ins of the providers on loopback
(tests/notifications/mobile_providers.py): device registration, a notification pushed to each
platform (FCM v1 with a service account's OAuth token; APNs over HTTP/2 and TLS with an ES256
provider token), and dead tokens removed on the provider's answer."""

from __future__ import annotations

import json

import pytest

from notifications import mobile, services
from notifications.models import MobileDevice
from tests.api.conftest import assert_problem, run_ai, seated_table
from tests.notifications.certs import self_signed
from tests.notifications.mobile_providers import ApnsService, FcmService
from tests.notifications.test_push import pushes  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)
APNS_TOKEN = "a1" * 32
DEVICES = "/api/v1/me/devices/"


@pytest.fixture
def fcm(settings, tmp_path):
    service = FcmService().start()
    path = tmp_path / "service-account.json"
    path.write_text(json.dumps(service.service_account()))
    settings.HEARTS_FCM_CREDENTIALS_FILE = str(path)
    settings.HEARTS_FCM_API_URL = service.base_url
    mobile._fcm_credentials.cache_clear()
    yield service
    service.stop()


@pytest.fixture
def apns(settings, tmp_path):
    cert, key = self_signed(tmp_path, names=("localhost",), ips=("127.0.0.1",))
    service = ApnsService(cert_file=cert, key_file=key).start()
    settings.HEARTS_APNS_KEY = service.auth_key_pem()
    settings.HEARTS_APNS_KEY_ID = service.key_id
    settings.HEARTS_APNS_TEAM_ID = service.team_id
    settings.HEARTS_APNS_TOPIC = service.topic
    settings.HEARTS_APNS_API_URL = service.base_url
    settings.HEARTS_APNS_CA_FILE = cert
    mobile._apns_client.cache_clear()
    mobile._apns_cache.clear()
    yield service
    mobile._apns_client.cache_clear()
    service.stop()


def register(p, platform, token, name="phone"):
    response = p.client.post(
        DEVICES, {"platform": platform, "token": token, "name": name}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()


def test_registration_needs_a_configured_platform_and_a_valid_token(player, settings):
    settings.HEARTS_FCM_CREDENTIALS_FILE = settings.HEARTS_FCM_CREDENTIALS_JSON = ""
    settings.HEARTS_APNS_KEY = settings.HEARTS_APNS_KEY_FILE = ""
    alice = player()
    response = alice.client.post(DEVICES, {"platform": "apns", "token": APNS_TOKEN}, format="json")
    body = assert_problem(response, 409, "mobile_push_not_configured")
    assert body["extra"] == {"platform": "apns"}
    for bad in (
        {"platform": "sms", "token": "x"},
        {"platform": "apns", "token": "not-hex"},
        {"platform": "fcm", "token": "a b"},
    ):
        assert_problem(alice.client.post(DEVICES, bad, format="json"), 400, "validation_error")
    assert_problem(alice.client.delete(f"{DEVICES}nope/"), 404, "device_not_found")


def test_a_players_phones_get_their_turn_from_fcm_and_apns(player, fcm, apns, pushes):  # noqa: F811
    alice = player()
    android = register(alice, "fcm", "fcm-token-1", "Pixel")
    register(alice, "apns", APNS_TOKEN.upper(), "iPhone")  # stored lower-case
    listed = alice.client.get(DEVICES).json()
    assert [(d["platform"], d["name"]) for d in listed] == [("fcm", "Pixel"), ("apns", "iPhone")]
    game_id, _ = seated_table(lambda: alice, humans=1)
    run_ai(game_id)
    types = [services.push_message(e)["type"] for e in _events(pushes)]
    assert types == ["game_started", "your_turn"]
    for notification_id in pushes:
        assert services.push_send(notification_id=notification_id) == {
            "sent": 2,
            "failed": 0,
            "removed": 0,
            "retrying": 0,
        }
    # FCM: a v1 message with the notification and the data (strings), one OAuth token reused.
    assert [m["token"] for m in fcm.sent] == ["fcm-token-1"] * 2
    turn = fcm.sent[1]
    assert turn["notification"]["title"] == "Your turn"
    assert json.loads(turn["data"]["data"])["game_id"] == game_id
    assert turn["data"]["id"] == pushes[1]
    assert fcm.token_requests == 1
    # APNs: HTTP/2 over TLS, a verified provider token, the topic, the device's path.
    assert [r.path for r in apns.received] == [f"/3/device/{APNS_TOKEN}"] * 2
    assert all(r.http_version == "2" and r.claims is not None for r in apns.received)
    aps = apns.received[1].json
    assert aps["aps"]["alert"]["title"] == "Your turn"
    assert aps["hearts"]["data"]["game_id"] == game_id
    assert apns.received[1].headers["apns-priority"] == "10"
    assert apns.connections == 1  # one connection kept open for both pushes
    # Sign-out removes a device.
    assert alice.client.delete(f"{DEVICES}{android['id']}/").status_code == 204
    assert list(MobileDevice.objects.values_list("platform", flat=True)) == ["apns"]


def _events(ids):
    from notifications.models import NotificationEvent

    return [NotificationEvent.objects.get(pk=i) for i in ids]


def test_dead_tokens_are_removed_on_the_providers_answer(player, fcm, apns, pushes):  # noqa: F811
    alice = player()
    register(alice, "fcm", "fcm-alive")
    register(alice, "fcm", "fcm-uninstalled")
    register(alice, "apns", APNS_TOKEN)
    register(alice, "apns", "b2" * 32)
    fcm.dead.add("fcm-uninstalled")
    apns.dead.add(APNS_TOKEN)
    apns.bad.add("b2" * 32)
    notification_id = services.notification_emit(
        player_id=alice.id, type="invite", key="t", data={"table_id": "x"}
    )
    assert pushes == [notification_id]
    assert services.push_send(notification_id=notification_id) == {
        "sent": 1,
        "failed": 0,
        "removed": 3,
        "retrying": 0,
    }
    assert list(MobileDevice.objects.values_list("token", flat=True)) == ["fcm-alive"]
    assert MobileDevice.objects.get().last_status_code == 200


def test_a_token_moves_to_whoever_registers_it_last(player, fcm):
    alice, bob = player(), player()
    register(alice, "fcm", "shared-phone")
    register(bob, "fcm", "shared-phone")
    assert MobileDevice.objects.get().owner_id == bob.id
    assert alice.client.get(DEVICES).json() == []


def test_a_phone_leaves_is_pushed_its_turn_comes_back_through_the_feed_and_plays(
    player,
    fcm,
    pushes,  # noqa: F811
):
    """The issue's "done when", in process: a phone-like client registers its FCM token,
    moves, leaves; the AI seats move; the phone is pushed "your turn"; it resumes the feed
    from the last position it applied, finds the game awaiting it, and plays at the pushed seq."""
    from tests.api.conftest import GameDriver, view

    alice = player()
    register(alice, "fcm", "alices-phone")
    game_id, players = seated_table(lambda: alice, humans=1)
    driver = GameDriver(game_id, players)
    # Her moves until one leaves the AI seats to act: after her pass she may hold the 2C and
    # lead at once (her turn then comes with her own move, not after she left).
    for _ in range(14):
        assert driver.step()  # her pass, then her cards (the AI seats move between)
        state = view(alice, game_id)
        if state["your_seat"] not in state["to_act"]:
            break
    else:
        raise AssertionError("the AI seats never had to move")
    head = alice.client.get("/api/v1/me/feed/", {"limit": 500}).json()["next_after"]
    fcm.sent.clear()
    pushes.clear()
    run_ai(game_id)  # she is away; the AI seats pass and play until it is her turn again
    for notification_id in pushes:
        services.push_send(notification_id=notification_id)
    turns = [json.loads(m["data"]["data"]) for m in fcm.sent if m["data"]["type"] == "your_turn"]
    assert [t["game_id"] for t in turns] == [game_id]
    pushed_seq = turns[0]["seq"]
    # Back: everything since the last position she applied, and the game waiting for her.
    page = alice.client.get("/api/v1/me/feed/", {"after": head, "limit": 500}).json()
    assert page["items"]
    assert page["items"][0]["position"] == head + 1
    assert page["items"][-1]["event"]["seq"] == pushed_seq
    (waiting,) = page["awaiting"]
    assert (waiting["game_id"], waiting["seq"]) == (game_id, pushed_seq)
    v = view(alice, game_id)
    assert v["seq"] == pushed_seq
    card = v["view"]["legal_cards"][0]
    response = alice.client.post(
        f"/api/v1/games/{game_id}/plays/", {"card": card, "expected_seq": pushed_seq}, format="json"
    )
    assert response.status_code == 200, response.content
