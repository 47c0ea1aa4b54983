"""A human at the web client, for the e2e tests: every action is a click or a key press.

Only the page is touched (its DOM, its localStorage); the assertions that compare with the
server read the public API with the token the page stored, like any other client.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from playwright.sync_api import Page, expect

# The rule errors the server may answer for a card the client marks as not playable now.
ILLEGAL_PLAY_CODES = {
    "must_follow_suit",
    "hearts_not_broken",
    "no_points_on_first_trick",
    "must_lead_opening_card",
}
TIMEOUT_MS = 20_000
# What the banner says for each (text.js RULE_TEXT; must_follow_suit names the suit after it).
RULE_WORDS = {
    "must_follow_suit": "You must follow suit",
    "hearts_not_broken": "Hearts are not broken yet: lead another suit.",
    "no_points_on_first_trick": "No hearts or queen of spades on the first trick.",
    "must_lead_opening_card": "The first trick must be led with the ",
}


@dataclass
class Human:
    page: Page
    base_url: str
    artifacts: Path
    username: str = field(default_factory=lambda: f"e2e-{uuid.uuid4().hex[:10]}")
    password: str = "correct-horse-battery-42"
    page_errors: list[str] = field(default_factory=list)
    shots: int = 0

    def __post_init__(self) -> None:
        self.page.set_default_timeout(TIMEOUT_MS)
        self.page.on("pageerror", lambda err: self.page_errors.append(str(err)))

    # ---------------------------------------------------------------- helpers
    def shot(self, name: str) -> Path:
        self.shots += 1
        path = self.artifacts / f"{self.shots:02d}-{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    @property
    def token(self) -> str:
        return self.page.evaluate("localStorage.getItem('hearts.token')")

    def api(self, path: str) -> dict:
        """GET an API path with the page's token (what the server says, to compare)."""
        response = httpx.get(
            f"{self.base_url}/api/v1/{path}",
            headers={"Authorization": f"Token {self.token}"},
            timeout=10,
        )
        response.raise_for_status()
        return response.json()

    @property
    def game_id(self) -> str:
        return self.page.evaluate("location.hash.split('/')[2]")

    def seq(self) -> int:
        return int(self.page.get_attribute(".game", "data-seq"))

    # ---------------------------------------------------------------- screens
    def sign_up(self) -> None:
        self.page.goto(f"{self.base_url}/play/")
        self.page.get_by_label("Username").fill(self.username)
        self.page.get_by_label("Password").fill(self.password)
        self.shot("sign-up")
        self.page.get_by_role("button", name="Sign up").click()
        expect(self.page.locator("#account")).to_contain_text(self.username)
        # A marker that survives only as long as the page is not reloaded.
        self.page.evaluate("window.__sameDocument = true")

    def create_game(
        self, preset: str, *, target: int, level: str = "heuristic", tie: str | None = None
    ) -> str:
        page = self.page
        page.get_by_label("Preset").select_option(preset)
        page.get_by_label("AI level").select_option(level)
        page.get_by_label("AI thinking pause (ms)").fill("0")
        page.get_by_text("Rule options").click()
        page.get_by_label("Game ends at (points)").fill(str(target))
        if tie:
            page.get_by_label("On a tie").select_option(tie)
        self.shot("create")
        page.get_by_role("button", name="Create game and start").click()
        expect(page.locator(".game")).to_have_attribute("aria-busy", "false")
        return self.game_id

    def wait_for_my_turn_or_end(self) -> str:
        """'pass', 'play' or 'finished', once the page shows it (AI moves come by the stream)."""
        handle = self.page.wait_for_function(
            """() => {
                const game = document.querySelector('.game');
                if (!game) return null;
                const over = game.dataset.status === 'finished';
                if (over && document.querySelector('#result')) return 'finished';
                if (document.querySelector('#pass-button')) return 'pass';
                if (document.querySelector('.hand.active button.card.legal')) return 'play';
                return null;
            }""",
            timeout=TIMEOUT_MS,
        )
        return handle.json_value()

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all(
            ".hand button.card", "els => els.map(e => e.dataset.card)"
        )

    def click_card(self, card: str, *, expect_new_seq: bool = True) -> None:
        before = self.seq()
        self.page.locator(f'.hand button.card[data-card="{card}"]').click()
        if expect_new_seq:
            self.page.wait_for_function(
                "before => Number(document.querySelector('.game').dataset.seq) > before", arg=before
            )

    def pass_cards(self) -> list[str]:
        """Choose the first cards of the hand to pass, by clicking them, then press Pass."""
        button = self.page.locator("#pass-button")
        count = int(button.get_attribute("data-count"))
        # The header says what this hand's pass is, in words, only while passing.
        expect(self.page.locator(".facts")).to_contain_text("Passing")
        expect(self.page.locator(".facts")).to_contain_text(
            re.compile(rf"{count} cards? (to the|across)")
        )
        chosen = self.hand()[:count]
        for done, card in enumerate(chosen):
            expect(button).to_have_text(f"Select {count - done} more")
            expect(button).to_be_disabled()
            button_of_card = self.page.locator(f'.hand button.card[data-card="{card}"]')
            button_of_card.click()
            expect(button_of_card).to_have_attribute("aria-pressed", "true")
        expect(button).to_be_enabled()
        expect(button).to_have_text(
            re.compile(rf"^Pass {count} cards? (to the (left|right)|across)$")
        )
        self.shot("pass-chosen")
        before = self.seq()
        button.click()
        self.page.wait_for_function(
            "before => Number(document.querySelector('.game').dataset.seq) > before", arg=before
        )
        return chosen

    def play_legal(self) -> str:
        card = self.page.get_attribute(".hand.active button.card.legal", "data-card")
        hand_number = self.page.get_attribute(".game", "data-hand")
        cards_before = len(self.hand())
        self.click_card(card)
        # The card left the hand (or that was the hand's last card and a new hand is dealt).
        self.page.wait_for_function(
            """([hand, count, card]) => document.querySelector('.game').dataset.hand !== hand
                || (document.querySelectorAll('.hand button.card').length === count - 1
                    && !document.querySelector(`.hand button.card[data-card="${card}"]`))""",
            arg=[hand_number, cards_before, card],
        )
        return card

    def try_illegal(self) -> str | None:
        """A card the page shows as not playable cannot be clicked (nothing is sent); a rule
        error the server does answer (here: the next play's request rewritten to that card on
        its way out, a stale page would do the same) is shown in words, not as a raw code."""
        illegal = self.page.locator(".hand.active button.card.illegal")
        if not illegal.count():
            return None
        card = illegal.first.get_attribute("data-card")
        expect(illegal.first).to_have_attribute(
            "aria-label", re.compile(rf"^{_name(card)}\b.*\(not playable now\)$")
        )
        expect(illegal.first).to_be_disabled()
        hand_before = self.hand()
        sent: list[str] = []

        def rewrite(route):
            sent.append(route.request.post_data_json["card"])
            route.continue_(post_data=json.dumps({**route.request.post_data_json, "card": card}))

        self.page.route("**/api/v1/games/*/plays/", rewrite)
        try:
            illegal.first.click(force=True)  # a misclick on the dimmed card
            legal = self.page.get_attribute(".hand.active button.card.legal", "data-card")
            self.page.locator(f'.hand button.card[data-card="{legal}"]').click()
            banner = self.page.locator("#banner")
            expect(banner).to_be_visible()
        finally:
            self.page.unroute("**/api/v1/games/*/plays/", rewrite)
        assert sent == [legal]  # the misclick sent nothing; the legal click went out
        code = banner.get_attribute("data-code")
        assert code in ILLEGAL_PLAY_CODES, code
        expect(banner.locator(".problem-title")).to_have_text("Not allowed")
        expect(banner.locator(".problem-code")).to_have_text(code)
        detail = banner.locator(".problem-detail").inner_text()
        assert detail == RULE_WORDS[code] or detail.startswith(RULE_WORDS[code]), (code, detail)
        assert "_" not in detail
        assert self.hand() == hand_before  # nothing was played
        return code

    def play_until_the_end(self, *, max_moves: int = 200, on_pass=None) -> dict:
        """Play (and pass) by clicking until the game is over; returns what happened."""
        played, passes, illegal_codes = [], [], []
        started = time.monotonic()
        for _ in range(max_moves):
            state = self.wait_for_my_turn_or_end()
            if state == "finished":
                break
            if state == "pass":
                passes.append(self.pass_cards())
                if on_pass:
                    on_pass()
                continue
            if not illegal_codes:
                code = self.try_illegal()
                if code:
                    illegal_codes.append(code)
                    self.shot("illegal-card-refused")
            played.append(self.play_legal())
            if len(played) == 2:
                self.shot("playing")
        else:
            raise AssertionError(f"game not over after {max_moves} moves")
        return {
            "played": played,
            "passes": passes,
            "illegal_codes": illegal_codes,
            "seconds": time.monotonic() - started,
        }

    def score_table(self) -> dict:
        """The Scores panel as numbers: {hand number: [points per seat]}, plus the totals row."""
        rows = self.page.eval_on_selector_all(
            ".scores tbody tr[data-hand]",
            "rows => rows.map(r => [Number(r.dataset.hand),"
            " [...r.querySelectorAll('td')].map(td => parseInt(td.textContent, 10))])",
        )
        totals = self.page.eval_on_selector_all(
            ".scores tfoot td", "tds => tds.map(td => parseInt(td.textContent, 10))"
        )
        return {"hands": dict(rows), "totals": totals}


def _name(card: str) -> str:
    ranks = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace", "10": "Ten", "9": "Nine",
             "8": "Eight", "7": "Seven", "6": "Six", "5": "Five", "4": "Four", "3": "Three",
             "2": "Two"}  # fmt: skip
    suits = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    return f"{ranks[card[:-1]]} of {suits[card[-1]]}"
