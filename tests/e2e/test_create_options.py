"""The create form offers the rule options of RULES.md, the five of this wave included: what a
player picks reaches the game's rules (read back through the API)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.table import Human

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}


def test_create_form_sends_the_new_rule_options(browser, e2e_server, artifacts):
    page = browser.new_page(viewport=DESKTOP)
    human = Human(page, e2e_server.base_url, artifacts)
    human.sign_up()
    page.get_by_label("Preset").select_option("two_player_full_deck")
    page.get_by_label("AI level").select_option("random")
    page.get_by_label("AI thinking pause (ms)").fill("0")
    page.get_by_text("Rule options").click()
    # The preset's defaults are shown first.
    broken_by = page.get_by_label("Hearts are broken by", exact=True)
    expect(broken_by).to_have_value("any_heart")
    bonus = page.get_by_label("Points off for taking no trick (0: off)", exact=True)
    expect(bonus).to_have_value("0")
    expect(bonus).to_have_attribute("min", "0")
    broken_by.select_option("discard")
    page.get_by_label("Hearts may be led any time after the first trick", exact=True).check()
    page.get_by_label("First lead", exact=True).select_option("any_club")
    page.get_by_label("When nobody holds a club, the first lead", exact=True).select_option(
        "any_card"
    )
    bonus.fill("5")
    human.shot("options")
    page.get_by_role("button", name="Create game and start").click()
    expect(page.locator(".game")).to_have_attribute("aria-busy", "false")
    rules = human.api(f"games/{human.game_id}/")["view"]["rules"]
    assert rules["preset"] == "two_player_full_deck"
    assert (
        rules["hearts_broken_by"],
        rules["lead_hearts_any_time"],
        rules["opening_lead"],
        rules["no_club_leader"],
        rules["no_trick_bonus"],
    ) == ("discard", True, "any_club", "any_card", 5)
    assert not human.page_errors
