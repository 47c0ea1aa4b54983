"""The auditors' game list is readable at 1280 px: every column, "Finished at" and "Players"
included, lies inside the viewport (no horizontal scrolling), in a real headless Chromium."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

WIDTH = 1280


@pytest.fixture
def admin_session(e2e_server):
    """Two games (one finished, one being played) with long player names, and a staff session.
    Made with the ORM before Playwright starts (its event loop forbids database calls)."""
    from games import services
    from tests.services.helpers import make_user
    from tests.store.conftest import new_game

    new_game(hands=50, target=30)
    users = [make_user(f"auditor-visible-player-{i}") for i in range(4)]
    game = services.game_create(user=users[0], preset="classic")
    for user in users[1:]:
        services.seat_take(game_id=game.game_id, user=user)
    staff = get_user_model().objects.create_superuser("e2e-auditor", password="x-very-long-pw-1")
    client = Client()
    client.force_login(staff)
    return client.cookies["sessionid"].value


def test_the_game_list_fits_1280_px(e2e_server, admin_session, artifacts):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": WIDTH, "height": 900})
            context.add_cookies(
                [{"name": "sessionid", "value": admin_session, "url": e2e_server.base_url}]
            )
            page = context.new_page()
            page.goto(f"{e2e_server.base_url}/admin/games/game/")
            page.screenshot(path=str(artifacts / "game-list-1280.png"))
            headers = page.locator("#result_list thead th")
            names = [t.strip().lower() for t in headers.all_inner_texts()]
            assert "finished at" in names, names
            assert "players" in names, names
            results = page.locator("#changelist .results")
            visible = results.bounding_box()
            for name in ("finished at", "players"):
                header = headers.nth(names.index(name))
                box = header.bounding_box()
                assert box is not None, name
                assert box["x"] >= visible["x"], (name, box)
                assert box["x"] + box["width"] <= visible["x"] + visible["width"], (name, box)
                # Nothing (the filter sidebar, say) covers the header: it is what one sees.
                assert header.evaluate(
                    """(th) => { const r = th.getBoundingClientRect();
                        return th.contains(document.elementFromPoint(
                            r.x + r.width / 2, r.y + r.height / 2)); }"""
                ), name
            sideways = results.evaluate("(el) => el.scrollWidth - el.clientWidth")
            assert sideways <= 0, f"the list scrolls sideways by {sideways} px"
            scroll_width = page.evaluate("document.documentElement.scrollWidth")
            assert scroll_width <= WIDTH, f"the page scrolls sideways: {scroll_width} px"
            rows = page.locator("#result_list tbody tr")
            assert rows.count() == 2
            assert "auditor-visible-player-3" in rows.first.inner_text()
        finally:
            browser.close()
