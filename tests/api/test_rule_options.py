"""The five rule options of this wave through the API: listed in the catalogue, accepted at
creation (shown in the view's rules and stored in ``game_created``), bad values answered with a
400 ``invalid_ruleset`` naming the field (nothing created), and honoured by the moves."""

from __future__ import annotations

import pytest

from games.engine import PRESETS
from games.models import Game, GameEvent
from tests.api.conftest import assert_problem, create_game, deck_for_hands, seated_table, view
from tests.api.test_moves import play, rejected

pytestmark = pytest.mark.django_db

NEW_OPTIONS = {
    "hearts_broken_by": ("string", ["any_heart", "discard"]),
    "lead_hearts_any_time": ("boolean", None),
    "opening_lead": ("string", ["lowest_club", "any_club"]),
    "no_club_leader": ("string", ["normal_limits", "any_card"]),
    "no_trick_bonus": ("integer", None),
}


def test_the_catalogue_lists_the_new_options_with_their_choices(anon):
    body = anon.get("/api/v1/rules/presets/").json()
    options = {o["name"]: o for o in body["options"]}
    for name, (kind, choices) in NEW_OPTIONS.items():
        assert options[name]["type"] == kind
        assert options[name]["choices"] == choices
        assert options[name]["description"]
    classic = next(p for p in body["presets"] if p["key"] == "classic")["rules"]
    assert (
        classic["hearts_broken_by"],
        classic["lead_hearts_any_time"],
        classic["opening_lead"],
        classic["no_club_leader"],
        classic["no_trick_bonus"],
    ) == ("any_heart", False, "lowest_club", "normal_limits", 0)


def test_create_with_every_new_option(player):
    alice = player()
    options = {
        "hearts_broken_by": "discard",
        "lead_hearts_any_time": True,
        "opening_lead": "any_club",
        "no_club_leader": "any_card",
        "no_trick_bonus": 5,
    }
    body = create_game(alice, "two_player_full_deck", options=options)
    rules = body["game"]["view"]["rules"]
    assert {k: rules[k] for k in options} == options
    created = GameEvent.objects.get(game_id=body["game_id"], type="game_created")
    assert {k: created.payload["ruleset"][k] for k in options} == options


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"hearts_broken_by": "queen"}, "hearts_broken_by"),
        ({"hearts_broken_by": None}, "hearts_broken_by"),
        ({"lead_hearts_any_time": "yes"}, "lead_hearts_any_time"),
        ({"lead_hearts_any_time": 1}, "lead_hearts_any_time"),
        ({"opening_lead": "2C"}, "opening_lead"),
        ({"no_club_leader": ["any_card"]}, "no_club_leader"),
        ({"no_trick_bonus": -5}, "no_trick_bonus"),
        ({"no_trick_bonus": 101}, "no_trick_bonus"),
        ({"no_trick_bonus": "5"}, "no_trick_bonus"),
        ({"no_trick_bonus": True}, "no_trick_bonus"),
        ({"no_trick_bonus": 2.5}, "no_trick_bonus"),
    ],
)
def test_bad_values_are_a_400_naming_the_field_and_create_nothing(player, options, field):
    alice = player()
    games, events = Game.objects.count(), GameEvent.objects.count()
    response = alice.client.post(
        "/api/v1/games/", {"preset": "classic", "options": options}, format="json"
    )
    body = assert_problem(response, 400, "invalid_ruleset")
    assert body["extra"]["field"] == field
    assert body["extra"]["message"]
    assert (Game.objects.count(), GameEvent.objects.count()) == (games, events)


# Classic, dealer 0: seat 0 holds 2C and three other clubs.
CLASSIC = [
    ["2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "2S", "3S", "4S", "2H", "3H"],
    ["7C", "8C", "9C", "10C", "5D", "6D", "7D", "5S", "6S", "7S", "4H", "5H", "6H"],
    ["8D", "9D", "10D", "JD", "QD", "8S", "9S", "10S", "7H", "8H", "9H", "10H", "JH"],
    ["JC", "QC", "KC", "AC", "KD", "AD", "JS", "QS", "KS", "AS", "QH", "KH", "AH"],
]


def test_any_club_opening_through_http(player, rigged_deals):
    rigged_deals.append(deck_for_hands(PRESETS["classic"].to_dict(), CLASSIC))
    game_id, (s0, *_rest) = seated_table(
        player, "classic", options={"passing": False, "opening_lead": "any_club"}
    )
    assert view(s0, game_id)["view"]["legal_cards"] == ["2C", "3C", "4C", "5C", "6C"]
    problem = rejected(s0, game_id, "plays", {"card": "2D"}, 422, "must_lead_opening_card")
    assert problem["extra"] == {"card": "2D", "opening": "2C"}
    body = play(s0, game_id, "6C")
    assert body["game"]["view"]["trick"] == [[0, "6C"]]


# two_player_full_deck, dealer 0: every club is set aside; seat 1 leads trick 1.
NO_CLUBS = [
    ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "2H", "3H", "2S", "7S"],
    ["JD", "QD", "KD", "AD", "4H", "5H", "6H", "QS", "KS", "AS", "3S", "4S", "5S"],
]
CLUBS_AND_REST = [
    f"{r}C" for r in (["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])
] + ["JH", "QH", "KH", "AH", "7H", "8H", "9H", "10H", "6S", "8S", "9S", "10S", "JS"]


@pytest.mark.parametrize(("value", "status"), [("normal_limits", 422), ("any_card", 200)])
def test_no_club_leader_through_http(player, rigged_deals, value, status):
    rules = PRESETS["two_player_full_deck"].to_dict()
    rigged_deals.append(deck_for_hands(rules, NO_CLUBS, dead=CLUBS_AND_REST))
    game_id, (_s0, s1) = seated_table(
        player, "two_player_full_deck", options={"no_club_leader": value}
    )
    legal = view(s1, game_id)["view"]["legal_cards"]
    assert ("4H" in legal) is (value == "any_card")
    assert ("QS" in legal) is (value == "any_card")
    if status == 422:
        rejected(s1, game_id, "plays", {"card": "4H"}, 422, "hearts_not_broken")
    else:
        body = play(s1, game_id, "4H")
        assert body["game"]["view"]["hearts_broken"] is True
