"""A seat held by a bot account says "bot" next to its name in the web client: in the lobby's
seat list and, once the game runs, at the table (with the owner in its title); a human's seat
and the AI's say nothing of the kind. The data comes from the game view's ``is_bot`` and
``bot_owner``, as the API shows them to every client.

Real stack (tests/e2e/conftest.py): uvicorn and headless Chromium. The player signs up in the
browser; the bot is registered and seated through the public API with the page's token.
"""

from __future__ import annotations

import uuid

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.table import Human

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def post(human: Human, path: str, body: dict) -> dict:
    response = httpx.post(
        f"{human.base_url}/api/v1/{path}",
        json=body,
        headers={"Authorization": f"Token {human.token}"},
        timeout=10,
    )
    assert response.status_code in (200, 201), response.text
    return response.json()


def test_a_bot_accounts_seat_is_labelled_bot_in_the_lobby_and_at_the_table(
    browser, e2e_server, artifacts
):
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    human = Human(page, e2e_server.base_url, artifacts)
    human.sign_up()
    bot = f"e2e-bot-{uuid.uuid4().hex[:8]}"
    post(human, "me/bots/", {"name": bot})
    game_id = post(human, "games/", {"preset": "classic", "take_seat": True})["game_id"]
    post(human, f"games/{game_id}/bot-seats/", {"bot": bot, "seat": 1})
    post(human, f"games/{game_id}/ai-seats/", {"level": "random"})
    seats = human.api(f"games/{game_id}/")["seats"]
    assert [s["is_bot"] for s in seats] == [False, True, False, False]

    page.goto(f"{e2e_server.base_url}/play/#/game/{game_id}")
    lobby = page.locator(".lobby-seats li")
    expect(lobby).to_have_count(4)
    expect(lobby.nth(1)).to_contain_text(f"Seat 1: {bot}")
    expect(lobby.nth(1).locator(".badge.bot")).to_have_text("bot")
    expect(page.locator(".lobby-seats .badge.bot")).to_have_count(1)  # none for the others
    human.shot("lobby")

    post(human, f"games/{game_id}/start/", {})
    page.reload()
    seat = page.locator('.opponents .seat[data-seat="1"] .seat-name')
    expect(seat).to_contain_text(bot)
    badge = seat.locator(".badge.bot")
    expect(badge).to_have_text("bot")
    expect(badge).to_have_attribute("title", f"A bot account of {human.username}")
    expect(page.locator(".opponents .badge.bot")).to_have_count(1)
    expect(page.locator(".hand-title .badge.bot")).to_have_count(0)
    human.shot("table")
    assert not human.page_errors, human.page_errors
