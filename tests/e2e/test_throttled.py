"""A throttled sign-up (429 with Retry-After) reads "try again in N minutes" in the web client,
not the server's raw message. A throwaway server with a sign-up rate of 1/hour gives the real
answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tests.e2e.table import Human
from tests.sync.conftest import spawn_asgi_server, wait_until_ready

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def strict_server(e2e_server):
    """Like ``e2e_server`` (its collected static files), with one sign-up an hour."""
    server = spawn_asgi_server(
        "throttled",
        STATIC_ROOT=str(Path(settings.TEST_RUN_DIR) / "e2e-static"),
        THROTTLE_SIGNUP="1/hour",
        # Its own throttle counts (a per-process cache): the suite's other servers sign up from
        # 127.0.0.1 too, and under Redis they would share the counter.
        REDIS_URL="",
    )
    wait_until_ready(server)
    try:
        yield server
    finally:
        server.stop()


def test_a_throttled_sign_up_says_when_to_try_again(browser, strict_server, artifacts):
    page = browser.new_page()
    first = Human(page, strict_server.base_url, artifacts)
    first.sign_up()
    page.get_by_role("button", name="Sign out").click()
    second = Human(page, strict_server.base_url, artifacts, username=first.username + "-2")
    page.get_by_label("Username").fill(second.username)
    page.get_by_label("Password").fill(second.password)
    with page.expect_response("**/api/v1/players/") as answer:
        page.get_by_role("button", name="Sign up").click()
    response = answer.value
    assert response.status == 429
    retry_after = int(response.headers["retry-after"])
    assert 3000 < retry_after <= 3600
    banner = page.locator("#banner")
    expect(banner).to_be_visible()
    expect(banner).to_have_attribute("data-code", "throttled")
    expect(banner.locator(".problem-title")).to_have_text("Too many requests")
    expect(banner.locator(".problem-detail")).to_have_text(
        f"Try again in {-(-retry_after // 60)} minutes."
    )
    second.shot("throttled")
    assert not first.page_errors
