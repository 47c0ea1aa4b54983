"""Swagger UI and ReDoc render from this server alone: a real Chromium opens both pages and no
request (font, logo, bundle, validator badge) goes to another host."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_docs_pages_load_nothing_from_the_internet(browser, e2e_server, artifacts):
    origin = urlsplit(e2e_server.base_url).netloc
    sent_outside: list[str] = []  # requests the browser really tried to send to another host
    blocked: list[str] = []  # what the page's Content-Security-Policy stopped before sending

    def only_this_server(route):
        if urlsplit(route.request.url).netloc in (origin, ""):
            route.continue_()
        else:  # never depend on the network: record and refuse
            sent_outside.append(route.request.url)
            route.abort()

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.route("**/*", only_this_server)
    page.on("console", lambda m: blocked.append(m.text) if "Content Security" in m.text else None)

    page.goto(f"{e2e_server.base_url}/api/docs/")
    expect(page.locator(".swagger-ui .opblock").first).to_be_visible(timeout=30_000)
    page.screenshot(path=str(artifacts / "swagger.png"))

    page.goto(f"{e2e_server.base_url}/api/redoc/")
    expect(page.get_by_role("heading", name="Hearts API").first).to_be_visible(timeout=30_000)
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(artifacts / "redoc.png"))
    assert sent_outside == []
    # ReDoc's footer logo is the one thing its bundle asks the internet for: refused by the CSP.
    assert all("cdn.redoc.ly" in text for text in blocked), blocked
