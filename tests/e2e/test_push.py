"""Push notifications in the web client, in a real headless Chromium: the lobby's notification
box registers the service worker (scope /play/), asks for permission (granted through
Playwright, as a player clicking "Allow" would), subscribes with the server's VAPID key and
registers the subscription with the API; the service worker shows the server's "Your turn"
message when a push arrives.

The push is delivered to the real service worker by the browser itself (the DevTools
protocol's ``ServiceWorker.deliverPushMessage``: the same ``push`` event a push service's
message raises), with the body the server sends (``services.push_message``) and which the
Web Push tests decrypt at their stand-in push service (tests/notifications/test_push.py).
What cannot run here: the browser's own push service. Headless Chromium refuses
``PushManager.subscribe`` ("Registration failed - permission denied": it has no push service;
a headed Chrome would register with Google's servers, which this machine cannot reach). So the
subscribe call alone is replaced, by an init script, with one that records the options the page
passes (the server's VAPID key) and answers a subscription of keys made here; everything around
it is the browser's own (permission, service worker, its registration and scope, the push event,
``showNotification``). The hop "server -> push service -> browser" is covered by its two halves
(the stand-in push service decrypts what the server sends; the browser shows that message).
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from notifications.models import NotificationEvent
from notifications.services import push_message
from tests.e2e.table import Human
from tests.notifications.push_service import browser_subscription

# What a push service would answer PushManager.subscribe (an address literal: the server checks
# push endpoints like webhook URLs, and a public address needs no DNS on the test machine).
SUBSCRIPTION = {
    "endpoint": "https://93.184.216.34/push/e2e-browser",
    "expirationTime": None,
    "keys": browser_subscription().keys,
}
SUBSCRIBE_STAND_IN = """(subscription) => {
    let current = null;
    PushManager.prototype.subscribe = async function (options) {
        const key = new Uint8Array(options.applicationServerKey);
        window.__subscribedWith = {
            userVisibleOnly: options.userVisibleOnly,
            applicationServerKey: btoa(String.fromCharCode(...key))
                .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, ""),
        };
        current = {
            endpoint: subscription.endpoint,
            toJSON: () => subscription,
            unsubscribe: async () => { current = null; return true; },
        };
        return current;
    };
    PushManager.prototype.getSubscription = async function () { return current; };
}"""

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

NOTIFICATIONS = """async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
}"""


def signed_up(browser, e2e_server, artifacts, *, allow: bool) -> Human:
    context = browser.new_context(base_url=e2e_server.base_url)
    context.add_init_script(f"({SUBSCRIBE_STAND_IN})({json.dumps(SUBSCRIPTION)})")
    if allow:
        context.grant_permissions(["notifications"], origin=e2e_server.base_url)
    human = Human(context.new_page(), e2e_server.base_url, artifacts)
    human.sign_up()
    expect(human.page.locator("#push")).to_have_attribute("data-state", "off")
    return human


def test_the_notification_box_subscribes_and_registers_the_browser(browser, e2e_server, artifacts):
    human = signed_up(browser, e2e_server, artifacts, allow=True)
    page = human.page
    box = page.locator("#push")
    # The click registers the service worker and waits for it to be active before the POST: 60 s,
    # not the default 20, for a loaded CI machine (one run timed out at 20 s inside the whole
    # suite; the file alone passed three times in a row, 18-21 s for its three tests).
    with page.expect_request("**/api/v1/me/push-subscriptions/", timeout=60_000) as posted:
        page.get_by_role("button", name="Notify me when it is my turn").click()
    assert json.loads(posted.value.post_data) == SUBSCRIPTION
    subscribed_with = page.evaluate("window.__subscribedWith")
    assert subscribed_with == {
        "userVisibleOnly": True,
        "applicationServerKey": human.api("push/vapid-public-key/")["public_key"],
    }
    expect(box).to_have_attribute("data-state", "on")
    human.shot("notifications-on")
    (stored,) = human.api("me/push-subscriptions/")
    assert stored["endpoint"] == SUBSCRIPTION["endpoint"]
    scope = page.evaluate("navigator.serviceWorker.getRegistration('/play/').then(r => r.scope)")
    assert scope == f"{e2e_server.base_url}/play/"
    # Off again: the API forgets the browser.
    page.get_by_role("button", name="Turn off notifications").click()
    expect(box).to_have_attribute("data-state", "off")
    assert human.api("me/push-subscriptions/") == []
    assert human.page_errors == []


def test_a_denied_permission_is_said_not_hidden(browser, e2e_server, artifacts):
    human = signed_up(browser, e2e_server, artifacts, allow=False)
    page = human.page
    # Headless Chromium answers "denied" to a permission nobody granted (no prompt to click).
    page.get_by_role("button", name="Notify me when it is my turn").click()
    expect(page.locator("#push")).to_have_attribute("data-state", "error")
    expect(page.locator("#push-status")).to_contain_text("blocked")
    assert human.api("me/push-subscriptions/") == []


def test_the_service_worker_shows_the_servers_your_turn_message(browser, e2e_server, artifacts):
    human = signed_up(browser, e2e_server, artifacts, allow=True)
    page = human.page
    page.evaluate("navigator.serviceWorker.register('/play/sw.js', {scope: '/play/'})")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    cdp = page.context.new_cdp_session(page)
    registrations: list[dict] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda e: registrations.extend(e["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + 10
    while not registrations and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    (registration,) = [
        r for r in registrations if r["scopeURL"].endswith("/play/") and not r.get("isDeleted")
    ][:1]
    # What the server pushes for "your turn" (the same function the push task calls).
    event = NotificationEvent(
        id="msg_e2e",
        type="your_turn",
        data={"game_id": "6f1c2d3e-0000-4000-8000-000000000001", "preset": "classic", "seq": 41,
              "seat": 0, "to_act": [0]},
        created_at=datetime.now(UTC),
    )  # fmt: skip
    message = push_message(event)
    # Delivered again when nothing shows within 3 s: a push that reaches the registration while
    # its worker is being replaced (the web client registers the same script) is dropped, as a
    # browser drops it. The same tag replaces a notification, so a repeat never shows twice.
    shown: list[dict] = []
    for _attempt in range(5):
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": e2e_server.base_url,
                "registrationId": registration["registrationId"],
                "data": json.dumps(message),
            },
        )
        deadline = time.monotonic() + 3
        while not shown and time.monotonic() < deadline:
            shown = page.evaluate(NOTIFICATIONS)
            page.wait_for_timeout(50)
        if shown:
            break
    assert shown == [
        {
            "title": "Your turn",
            "body": "classic game",
            "tag": "game-6f1c2d3e-0000-4000-8000-000000000001",
            "data": {
                "id": "msg_e2e",
                "type": "your_turn",
                "game_id": "6f1c2d3e-0000-4000-8000-000000000001",
            },
        }
    ]
    assert human.page_errors == []
