"""A human plays whole games against AI seats in the web client, by clicking cards.

Real stack: uvicorn (ASGI, SSE stream), a real Celery worker for the AI seats, headless
Chromium. The page is never reloaded: the AI's moves reach it through the live stream.
"""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.table import Human

# transaction=True: the database must exist and be committed for the server and the worker (the
# test itself writes nothing; its browser is closed before the database is flushed).
pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1200, "height": 900}
PHONE = {"width": 390, "height": 844}  # a phone in portrait


def check_against_the_api(human: Human, game_id: str) -> dict:
    """The page's scores and result are the server's; every hand's deal was verified."""
    game = human.api(f"games/{game_id}/")
    view = game["view"]
    assert game["status"] == "finished"
    table = human.score_table()
    assert table["hands"] == {r["hand_number"]: r["points"] for r in view["hand_results"]}
    assert table["totals"] == view["totals"]

    result = human.page.locator("#result")
    winners = view["outcome"]["winners"]
    if game["your_seat"] in winners:
        expect(result.locator("h2")).to_have_text(
            "You share the win!" if len(winners) > 1 else "You win!"
        )
    else:
        expect(result.locator("h2")).to_contain_text("win")
    for total in view["totals"]:
        expect(result).to_contain_text(str(total))

    # Deal verification: one verified entry per hand, computed in the browser (crypto.subtle).
    verified = human.page.locator(".verification li[data-verified]")
    expect(verified).to_have_count(len(view["hand_results"]))
    expect(human.page.locator('.verification li[data-verified="failed"]')).to_have_count(0)
    for item in verified.all():
        expect(item).to_contain_text("matches the commitment sent at the deal")
        expect(item).to_contain_text("gives your seat the")
    return game


def test_two_player_game_to_the_end_then_its_replay(browser, e2e_server, artifacts):
    page = browser.new_page(viewport=DESKTOP)
    human = Human(page, e2e_server.base_url, artifacts)
    human.sign_up()
    game_id = human.create_game("two_player", target=10)
    human.shot("table")
    expect(page.locator(".opponents .seat")).to_have_count(1)
    expect(page.locator(".hand button.card")).to_have_count(13)

    moves = human.play_until_the_end()
    human.shot("game-over")

    assert page.evaluate("window.__sameDocument") is True, "the page was reloaded"
    assert moves["played"]
    assert len(moves["played"]) % 13 == 0, moves
    assert moves["illegal_codes"], "never had an illegal card to try"
    game = check_against_the_api(human, game_id)
    assert len(game["view"]["hand_results"]) == len(moves["played"]) // 13
    # The AI's cards reached the page through the stream: the event log names them.
    expect(page.locator('.events li[data-type="game_ended"]')).to_have_count(1)
    # The log's last events are numbered by their sequence numbers, ending at the game's seq.
    numbers = page.eval_on_selector_all(
        ".events li", "lis => lis.map(li => [li.value, +li.dataset.seq])"
    )
    assert len(numbers) == 12
    assert all(value == seq for value, seq in numbers), numbers
    assert numbers[-1][0] == game["seq"]
    # Game over: the header no longer shows a pass ("Pass 3 left" read like "3 passes left").
    expect(page.locator(".facts")).not_to_contain_text("Pass")
    assert not human.page_errors

    # The replay: the log's hash chain is checked in the browser, then step to the end.
    page.locator("#replay-link").click()
    expect(page).to_have_url(f"{e2e_server.base_url}/play/replay/{game_id}/")
    expect(page.locator("#hash-chain")).to_have_attribute("data-verified", "ok")
    # ... and the server's Ed25519 signed heads, with the keys of GET signing-keys/.
    expect(page.locator("#signatures")).to_have_attribute("data-verified", "ok")
    expect(page.locator("#replay-step")).to_contain_text("Event 1 /")
    # Chain v2: every hash recomputed from the public log, none by its links only.
    expect(page.locator("#hash-chain")).to_have_attribute("data-chain-version", "2")
    expect(page.locator("#hash-chain")).to_contain_text("every event, from this public log alone")
    expect(page.locator("#hash-chain")).not_to_contain_text("links only")
    # Players by name from the first event on (was "Seat 0", "Seat 1").
    expect(page.locator(".replay-seat .seat-name")).to_have_text(
        [human.username, "AI 1 (heuristic)"]
    )
    expect(page.locator(".commitments li")).to_have_count(len(game["view"]["hand_results"]))
    for _ in range(4):  # created, seat taken, AI seat added, started, then the deal
        page.locator("#replay-next").click()
    expect(page.locator("#replay-step")).to_contain_text("Hand 1 dealt")
    for seat in page.locator(".replay-seat").all():  # every hand face up, dealt from the deck
        expect(seat.locator(".card")).to_have_count(13)
    page.locator("#replay-next-trick").click()
    expect(page.locator(".trick-caption")).to_contain_text("Trick 1 won by")
    human.shot("replay-first-trick")
    page.locator("#replay-last").click()
    expect(page.locator("#replay-result")).to_contain_text("Winner")
    expect(page.locator("#replay-result")).to_contain_text(
        " / ".join(str(t) for t in game["view"]["totals"])
    )
    human.shot("replay-end")

    # Back to the lobby in a new page load: the token kept in localStorage still signs us in,
    # and the finished game is listed with its replay.
    page.goto(f"{e2e_server.base_url}/play/")
    expect(page.locator("#account")).to_contain_text(human.username)
    listed = page.locator(".games li", has=page.locator(f'a[href="#/game/{game_id}"]'))
    expect(listed).to_contain_text("finished")
    expect(listed.locator(f'a[href="/play/replay/{game_id}/"]')).to_have_count(1)
    human.shot("lobby-after")

    # Opening the finished game again: the stream sends the view first, then every event from
    # seq 1, and each hand is verified once its commitment has arrived.
    listed.locator(f'a[href="#/game/{game_id}"]').click()
    expect(page.locator(".game")).to_have_attribute("data-status", "finished")
    check_against_the_api(human, game_id)
    expect(page.locator(".stream-status")).to_have_text("closed: game over")

    # Signing out revokes the token on the server, not only in the page.
    token = human.token
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("button", name="Sign in")).to_be_visible()
    assert page.evaluate("localStorage.getItem('hearts.token')") is None
    me = httpx.get(
        f"{e2e_server.base_url}/api/v1/me/", headers={"Authorization": f"Token {token}"}, timeout=10
    )
    assert me.status_code == 401
    assert not human.page_errors


def test_classic_hand_on_a_phone_with_passing(browser, e2e_server, artifacts):
    """Target 1 and shared ties: the game ends after the first hand, whoever takes points."""
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    human = Human(page, e2e_server.base_url, artifacts)
    human.sign_up()
    game_id = human.create_game("classic", target=1, level="random", tie="shared")
    expect(page.locator(".opponents .seat")).to_have_count(3)
    expect(page.locator("#turn")).to_contain_text("choose 3 cards to the left to pass")
    human.shot("passing")

    def after_pass():
        # Once everyone has passed, the hand shows the 3 cards received (marked as such).
        expect(page.locator(".hand button.card.received")).to_have_count(3)
        # Playing now: the header's pass fact is gone.
        expect(page.locator(".game")).to_have_attribute("data-phase", "playing")
        expect(page.locator(".facts")).not_to_contain_text("Pass")
        human.shot("received")

    moves = human.play_until_the_end(on_pass=after_pass)
    human.shot("game-over")

    assert page.evaluate("window.__sameDocument") is True, "the page was reloaded"
    assert len(moves["passes"]) == 1
    assert len(moves["passes"][0]) == 3
    assert len(moves["played"]) == 13
    game = check_against_the_api(human, game_id)
    hand = game["view"]["hand_results"][0]
    assert sum(hand["points"]) in (26, 78)  # 26 penalty points, or a moon (26 to each other)
    assert len(game["view"]["hand_results"]) == 1
    # The page is usable at phone width: nothing wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not human.page_errors
