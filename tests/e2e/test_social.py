"""Two people find each other and play, each in their own browser context (their own token and
storage): both press "Play now", the matcher seats them at one table with two AI players,
they play the hand to the end by clicking, then one offers a rematch and the other accepts it.

Real stack: uvicorn, a real Celery worker (it runs the matcher task the enqueue sends, and the
AI seats), headless Chromium. Target 1 and shared ties: the game ends after the first hand.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.table import Human

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1200, "height": 900}
STATE = """() => {
    const game = document.querySelector('.game');
    if (!game || game.getAttribute('aria-busy') !== 'false') return null;
    if (game.dataset.status === 'finished' && document.querySelector('#result')) return 'finished';
    if (document.querySelector('#pass-button')) return 'pass';
    if (document.querySelector('.hand.active button.card.legal')) return 'play';
    return 'waiting';
}"""


def play_now(human: Human, *, ai_fill_after_s: int) -> None:
    page = human.page
    page.get_by_label("Preset").select_option("classic")
    page.get_by_text("Rule options").click()
    page.get_by_label("Game ends at (points)").fill("1")
    page.get_by_label("On a tie").select_option("shared")
    page.get_by_label("AI fills empty seats after (s)").fill(str(ai_fill_after_s))
    page.get_by_role("button", name="Play now (with people)").click()
    expect(page.locator("#queue")).to_have_attribute("data-status", "waiting")
    expect(page.locator("#queue")).to_contain_text("Looking for players: classic")


def play_both_to_the_end(humans: list[Human], *, timeout_s: float = 240) -> dict:
    """Each human acts when their page says it is their turn, until both show the result."""
    seen_waiting_for = set()
    moves = {h.username: 0 for h in humans}
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        states = [h.page.evaluate(STATE) for h in humans]
        if states == ["finished", "finished"]:
            return {"moves": moves, "waiting_for": seen_waiting_for}
        for human, other, state in zip(humans, humans[::-1], states, strict=True):
            if state == "waiting":
                turn = human.page.locator("#turn").inner_text()
                if other.username in turn:
                    seen_waiting_for.add(human.username)  # "Waiting for <the other human>"
            elif state == "pass":
                human.pass_cards()
                moves[human.username] += 1
            elif state == "play":
                human.play_legal()
                moves[human.username] += 1
        time.sleep(0.05)
    raise AssertionError(f"not both finished in {timeout_s} s: {states}")


def two_people(browser, e2e_server, artifacts) -> list[Human]:
    humans = []
    for name in ("a", "b"):
        context = browser.new_context(viewport=DESKTOP)
        folder = artifacts / name
        folder.mkdir()
        human = Human(context.new_page(), e2e_server.base_url, folder)
        human.sign_up()
        humans.append(human)
    return humans


def test_two_people_are_matched_play_a_hand_and_rematch(browser, e2e_server, artifacts):
    humans = two_people(browser, e2e_server, artifacts)
    alice, bob = humans

    # Both queue within the AI-fill wait: they sit together, and AI players take the rest.
    play_now(alice, ai_fill_after_s=8)
    play_now(bob, ai_fill_after_s=8)
    alice.shot("waiting")
    for human in humans:
        human.page.wait_for_url("**/play/#/game/*", timeout=60_000)
        expect(human.page.locator(".game")).to_have_attribute("aria-busy", "false")
    game_id = alice.game_id
    assert bob.game_id == game_id
    game = alice.api(f"games/{game_id}/")
    assert [s["kind"] for s in game["seats"]] == ["human", "human", "ai", "ai"]
    assert [s["display_name"] for s in game["seats"][:2]] == [alice.username, bob.username]
    ticket = bob.api("matchmaking/queue/")
    assert (ticket["status"], ticket["game_id"], ticket["seat"]) == ("matched", game_id, 1)
    # Each sees the other by name at the table.
    expect(alice.page.locator(".opponents")).to_contain_text(bob.username)
    expect(bob.page.locator(".opponents")).to_contain_text(alice.username)
    alice.shot("matched")

    played = play_both_to_the_end(humans)
    assert played["moves"] == {alice.username: 14, bob.username: 14}  # 1 pass + 13 cards each
    assert played["waiting_for"], "no page ever said it was waiting for the other human"
    for human in humans:
        assert human.api(f"games/{game_id}/")["status"] == "finished"
        human.shot("game-over")

    # Rematch: alice offers, bob sees the offer at his game-over screen and accepts.
    alice.page.locator("#rematch").click()
    alice.page.wait_for_url("**/play/#/table/*")
    expect(alice.page.locator("#waiting-for")).to_have_text(f"Waiting for {bob.username}.")
    expect(bob.page.locator("#rematch-box")).to_contain_text(f"{alice.username} offers a rematch")
    bob.shot("rematch-offer")
    bob.page.locator("#accept-rematch").click()
    for human in humans:
        human.page.wait_for_url("**/play/#/game/*", timeout=30_000)
        human.page.wait_for_function(
            "old => location.hash.split('/')[2] !== old", arg=game_id, timeout=30_000
        )
    new_id = alice.game_id
    assert bob.game_id == new_id != game_id
    rematch = alice.api(f"games/{new_id}/")
    assert rematch["status"] == "active"
    # Seats rotated one place: alice 0 -> 1, bob 1 -> 2, the AI players 2, 3 -> 3, 0.
    assert [s["kind"] for s in rematch["seats"]] == ["ai", "human", "human", "ai"]
    assert [rematch["seats"][i]["display_name"] for i in (1, 2)] == [alice.username, bob.username]
    alice.shot("rematch")
    for human in humans:
        assert not human.page_errors, human.page_errors


def test_a_private_table_by_invite_link(browser, e2e_server, artifacts):
    alice, bob = two_people(browser, e2e_server, artifacts)
    alice.page.get_by_label("Preset").select_option("three_player")
    alice.page.get_by_role("button", name="Create private table").click()
    alice.page.wait_for_url("**/play/#/table/*")
    link = alice.page.locator("#invite-link").input_value()
    assert "/play/#/join/" in link
    alice.page.locator("#copy-invite").click()
    expect(alice.page.locator("#copy-invite")).to_have_text("Copied")
    alice.shot("private-table")
    # A private table is not among the open tables of the public lobby.
    assert bob.api("games/?status=lobby&has_open_seat=true")["count"] == 0

    bob.page.goto(link)
    expect(bob.page.locator("#join h1")).to_have_text(
        f"{alice.username} invites you to a three player table"
    )
    bob.shot("invite")
    bob.page.locator("#accept-invite").click()
    bob.page.wait_for_url("**/play/#/table/*")
    expect(bob.page.locator("#waiting-for")).to_have_text(
        f"Waiting for {alice.username} to start the game."
    )
    expect(alice.page.locator("#table .members")).to_contain_text(bob.username)
    expect(alice.page.locator("#fill-with-ai")).to_be_checked()
    alice.page.locator("#start-table").click()
    for human in (alice, bob):
        human.page.wait_for_url("**/play/#/game/*")
        expect(human.page.locator(".game")).to_have_attribute("data-status", "active")
    assert alice.game_id == bob.game_id
    game = bob.api(f"games/{bob.game_id}/")
    assert [s["kind"] for s in game["seats"]] == ["human", "human", "ai"]
    assert game["your_seat"] == 1
    expect(bob.page.locator(".opponents")).to_contain_text(alice.username)
    bob.shot("private-game")
    for human in (alice, bob):
        assert not human.page_errors, human.page_errors


def test_an_open_public_table_from_the_lobby(browser, e2e_server, artifacts):
    alice, bob = two_people(browser, e2e_server, artifacts)
    alice.page.get_by_label("Preset").select_option("two_player")
    alice.page.get_by_role("button", name="Open a public table").click()
    alice.page.wait_for_url("**/play/#/game/*")
    game_id = alice.game_id
    expect(alice.page.locator(".game")).to_have_attribute("data-status", "lobby")

    bob.page.get_by_label("Preset").select_option("two_player")
    row = bob.page.locator(f'.open-tables li[data-game="{game_id}"]')
    expect(row).to_contain_text(f"two player by {alice.username} · 1 free seat")
    bob.shot("open-tables")
    row.get_by_role("button", name="Join").click()
    bob.page.wait_for_url(f"**/play/#/game/{game_id}")
    expect(bob.page.locator("#turn")).to_have_text(
        f"Waiting for {alice.username} to start the game."
    )
    expect(alice.page.locator(".game")).to_contain_text(f"Seat 1: {bob.username}")
    alice.page.get_by_role("button", name="Start").click()
    for human in (alice, bob):
        expect(human.page.locator(".game")).to_have_attribute("data-status", "active")
    assert [s["display_name"] for s in bob.api(f"games/{game_id}/")["seats"]] == [
        alice.username,
        bob.username,
    ]
    for human in (alice, bob):
        assert not human.page_errors, human.page_errors
