"""After a rated game, the web client's "Your ratings" page (every preset and the history) and
the preset's leaderboard show what the ratings API says; the table shows the seats' ratings.

Real stack (tests/e2e/conftest.py): uvicorn, a real Celery worker (it moves the AI seat and runs
the rating task of the finished game), headless Chromium.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.table import Human

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def wait_until_rated(human: Human, game_id: str, timeout_s: float = 60) -> dict:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        ratings = human.api(f"games/{game_id}/ratings/")
        if ratings["rated"]:
            return ratings
        time.sleep(0.25)
    raise AssertionError(f"game {game_id} was not rated within {timeout_s} s")


def test_your_ratings_and_the_leaderboard_after_a_rated_game(browser, e2e_server, artifacts):
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    human = Human(page, e2e_server.base_url, artifacts)
    human.sign_up()
    game_id = human.create_game("two_player", target=10)
    # The table shows the opponent's rating (the AI level's, on two_player) and yours (1500 new).
    badge = page.locator(".opponents .seat .rating")
    expect(badge).to_have_count(1)
    seats = human.api(f"games/{game_id}/")["seats"]
    me = human.api(f"games/{game_id}/")["your_seat"]
    assert seats[me]["rating"]["rating"] == 1500
    assert seats[me]["rating"]["provisional"] is True
    expect(page.locator(".hand-title .rating")).to_have_text(" 1500?")
    human.play_until_the_end()
    rated = wait_until_rated(human, game_id)
    mine = next(s for s in rated["seats"] if s["display_name"] == human.username)

    # Your ratings: every preset, two_player played once; its history, one point for this game.
    page.goto(f"{e2e_server.base_url}/play/#/ratings/two_player")
    expect(page.locator("#ratings-title")).to_have_text("Your ratings")
    row = page.locator('.ratings-table tr[data-preset="two_player"]')
    api_rating = human.api(f"players/{human.username}/ratings/two_player/")
    expect(row).to_contain_text(f"{api_rating['rating']} ± {api_rating['rating_deviation']}")
    expect(row.locator("td").nth(2)).to_have_text("1")
    expect(page.locator('.ratings-table tr[data-preset="classic"] td').nth(2)).to_have_text("0")
    point = page.locator(f'.history-table tr[data-game="{game_id}"]')
    expect(point).to_have_count(1)
    change = mine["change"]["rating_change"]
    expect(point.locator("td").nth(2)).to_have_text(str(mine["change"]["place"]))
    expect(point.locator("td").nth(4)).to_have_text(f"{'+' if change >= 0 else ''}{change}")
    assert api_rating["results"][0]["game_id"] == game_id
    expect(page.locator(".ratings")).not_to_contain_text("null")
    human.shot("your-ratings")

    # The leaderboard of two_player: you (marked) and the AI level, as the API ranks them.
    row.get_by_role("link", name="leaderboard", exact=True).click()
    expect(page.locator("#leaderboard-title")).to_have_text("Leaderboard: two player")
    board = human.api("leaderboards/two_player/?limit=50")
    you = next(e for e in board["results"] if e["username"] == human.username)
    row = page.locator(f'.leaderboard-table tr[data-identity="{human.username}"]')
    expect(row).to_have_class("mine")
    expect(row.locator("td").first).to_have_text(str(you["rank"]))
    expect(row).to_contain_text(f"{you['rating']} ± {you['rating_deviation']}")
    expect(row).to_contain_text("provisional")
    expect(page.locator('.leaderboard-table tr[data-identity="AI heuristic"]')).to_have_count(1)
    # Another preset through the picker: no game there yet for anyone in this run but the AI.
    page.get_by_label("Preset").select_option("classic")
    expect(page.locator("#leaderboard-title")).to_have_text("Leaderboard: classic")
    human.shot("leaderboard")
    assert human.page_errors == []
