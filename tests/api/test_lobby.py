"""Lobby endpoints: rules catalogue, create, list/filter, join, leave, AI seats, start."""

from __future__ import annotations

import pytest

from games.engine import PRESETS
from tests.api.conftest import assert_problem, create_game, seated_table, url

pytestmark = pytest.mark.django_db


def test_rules_presets_lists_every_engine_preset_and_option(anon):
    response = anon.get("/api/v1/rules/presets/")
    assert response.status_code == 200
    body = response.json()
    assert {p["key"] for p in body["presets"]} == set(PRESETS)
    classic = next(p for p in body["presets"] if p["key"] == "classic")
    assert classic["rules"] == PRESETS["classic"].to_dict()
    names = {o["name"] for o in body["options"]}
    assert {"target", "moon", "pass_cycle", "jack_of_diamonds", "tie"} <= names
    assert "preset" not in names
    assert body["ai_levels"] == ["random", "heuristic", "expert", "master"]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_create_a_game_of_every_preset(player, preset):
    alice = player()
    body = create_game(alice, preset)
    game = body["game"]
    assert game["status"] == "lobby"
    assert game["preset"] == preset
    assert game["your_seat"] == 0
    assert len(game["seats"]) == PRESETS[preset].seats
    assert game["seats"][0]["display_name"] == alice.user.username
    assert game["creator"] == alice.user.username
    assert game["view"]["rules"] == PRESETS[preset].to_dict()
    assert [e["type"] for e in body["events"]] == ["game_created", "seat_taken"]
    assert body["seq"] == game["seq"] == 2


def test_create_answers_201_with_location_and_etag(player):
    alice = player()
    response = alice.client.post("/api/v1/games/", {"preset": "classic"}, format="json")
    assert response.status_code == 201
    game_id = response.json()["game_id"]
    assert response["Location"] == f"/api/v1/games/{game_id}/"
    assert response["ETag"] == f'"{game_id}:2:0"'


def test_create_with_option_overrides(player):
    alice = player()
    body = create_game(
        alice, "classic", options={"target": 50, "moon": "shooter_chooses"}, take_seat=False
    )
    rules = body["game"]["view"]["rules"]
    assert rules["target"] == 50
    assert rules["moon"] == "shooter_chooses"
    assert body["game"]["your_seat"] is None
    assert [e["type"] for e in body["events"]] == ["game_created"]


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"target": -5}, "target"),
        ({"moon": "keep_it"}, "moon"),
        ({"no_such_rule": True}, "no_such_rule"),
        ({"pass_cycle": [["across", 3]], "seats": 3}, "pass_cycle"),
        ({"hand_size": 20}, "hand_size"),
    ],
)
def test_create_rejects_invalid_options_naming_the_field(player, options, field):
    alice = player()
    response = alice.client.post(
        "/api/v1/games/", {"preset": "classic", "options": options}, format="json"
    )
    body = assert_problem(response, 400, "invalid_ruleset")
    assert body["extra"]["field"] == field


def test_create_rejects_an_unknown_preset(player):
    response = player().client.post("/api/v1/games/", {"preset": "canasta"}, format="json")
    body = assert_problem(response, 400, "validation_error")
    assert "preset" in body["extra"]["errors"]


def test_create_needs_authentication(anon):
    assert_problem(
        anon.post("/api/v1/games/", {"preset": "classic"}, format="json"), 401, "not_authenticated"
    )


def test_lobby_lists_filters_and_paginates(player, anon):
    alice = player()
    open_classic = create_game(alice, "classic")["game_id"]
    open_two = create_game(alice, "two_player")["game_id"]
    full_game, _ = seated_table(player, "two_player", start=False)
    started, _ = seated_table(player, "three_player", humans=1)

    listed = anon.get("/api/v1/games/").json()
    assert listed["count"] == 4
    assert [g["id"] for g in listed["results"]] == [started, full_game, open_two, open_classic]

    def ids(query):
        response = anon.get("/api/v1/games/" + query)
        assert response.status_code == 200, response.content
        return {g["id"] for g in response.json()["results"]}

    assert ids("?has_open_seat=true") == {open_classic, open_two}
    assert ids("?has_open_seat=false") == {full_game, started}
    assert ids("?preset=two_player") == {open_two, full_game}
    assert ids("?status=active") == {started}
    assert ids("?status=lobby&has_open_seat=true&preset=classic") == {open_classic}

    page = anon.get("/api/v1/games/?limit=1&offset=1").json()
    assert page["count"] == 4
    assert [g["id"] for g in page["results"]] == [full_game]
    assert page["next"]
    assert page["previous"]
    summary = next(g for g in listed["results"] if g["id"] == open_classic)
    assert summary["free_seats"] == 3
    assert summary["seats"][0]["display_name"] == alice.user.username
    assert summary["creator"] == alice.user.username


@pytest.mark.parametrize("query", ["?status=paused", "?preset=canasta", "?has_open_seat=maybe"])
def test_lobby_rejects_invalid_filters(anon, query):
    body = assert_problem(anon.get("/api/v1/games/" + query), 400, "invalid_filter")
    assert body["extra"]["errors"]


def test_join_a_chosen_seat_and_the_first_free_seat(player):
    alice, bob, carol = player(), player(), player()
    game_id = create_game(alice)["game_id"]
    response = bob.client.post(url(game_id, "seats"), {"seat": 2}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["game"]["your_seat"] == 2
    assert [e["type"] for e in body["events"]] == ["seat_taken"]
    assert body["events"][0]["payload"]["seat"] == 2
    response = carol.client.post(url(game_id, "seats"), {}, format="json")
    assert response.json()["game"]["your_seat"] == 1


def test_join_errors(player):
    alice, bob, carol = player(), player(), player()
    game_id = create_game(alice, "two_player")["game_id"]
    assert_problem(
        alice.client.post(url(game_id, "seats"), {}, format="json"), 409, "already_seated"
    )
    assert_problem(
        bob.client.post(url(game_id, "seats"), {"seat": 0}, format="json"), 409, "seat_taken"
    )
    assert_problem(
        bob.client.post(url(game_id, "seats"), {"seat": 5}, format="json"), 422, "seat_out_of_range"
    )
    assert_problem(
        bob.client.post(url(game_id, "seats"), {"seat": -1}, format="json"), 400, "validation_error"
    )
    bob.client.post(url(game_id, "seats"), {}, format="json")
    assert_problem(carol.client.post(url(game_id, "seats"), {}, format="json"), 409, "game_full")
    missing = "00000000-0000-4000-8000-000000000000"
    assert_problem(
        carol.client.post(url(missing, "seats"), {}, format="json"), 404, "game_not_found"
    )
    assert_problem(
        carol.client.post(url("not-a-uuid", "seats"), {}, format="json"), 404, "game_not_found"
    )


def test_leave_before_start_frees_the_seat(player):
    alice, bob = player(), player()
    game_id = create_game(alice)["game_id"]
    bob.client.post(url(game_id, "seats"), {}, format="json")
    response = bob.client.delete(url(game_id, "seats/mine"))
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["game"]["your_seat"] is None
    assert body["game"]["seats"][1]["kind"] == "empty"
    assert_problem(bob.client.delete(url(game_id, "seats/mine")), 403, "not_seated")


def test_leave_after_start_is_refused(player):
    game_id, (alice, _bob) = seated_table(player, "two_player")
    assert_problem(alice.client.delete(url(game_id, "seats/mine")), 409, "game_already_started")


def test_fill_with_ai_of_a_level(player):
    alice = player()
    game_id = create_game(alice)["game_id"]
    response = alice.client.post(
        url(game_id, "ai-seats"), {"level": "expert", "seats": [2]}, format="json"
    )
    assert response.status_code == 200, response.content
    seats = response.json()["game"]["seats"]
    assert seats[2]["kind"] == "ai"
    assert seats[2]["ai_level"] == "expert"
    assert seats[1]["kind"] == "empty"
    response = alice.client.post(url(game_id, "ai-seats"), {}, format="json")
    assert [s["kind"] for s in response.json()["game"]["seats"]] == ["human", "ai", "ai", "ai"]
    assert response.json()["game"]["seats"][1]["ai_level"] == "heuristic"


def test_fill_with_ai_errors(player):
    alice, stranger = player(), player()
    game_id = create_game(alice)["game_id"]
    assert_problem(
        alice.client.post(url(game_id, "ai-seats"), {"level": "godlike"}, format="json"),
        400,
        "validation_error",
    )
    assert_problem(
        alice.client.post(url(game_id, "ai-seats"), {"seats": [0]}, format="json"),
        409,
        "seat_taken",
    )
    assert_problem(
        alice.client.post(url(game_id, "ai-seats"), {"seats": [4]}, format="json"),
        422,
        "seat_out_of_range",
    )
    # Beyond any table (2 to 6 seats): out of the documented range of the field.
    assert_problem(
        alice.client.post(url(game_id, "ai-seats"), {"seats": [9]}, format="json"),
        400,
        "validation_error",
    )
    assert_problem(
        stranger.client.post(url(game_id, "ai-seats"), {}, format="json"), 403, "not_game_creator"
    )


def test_start_deals_the_first_hand(player):
    alice = player()
    game_id = create_game(alice)["game_id"]
    alice.client.post(url(game_id, "ai-seats"), {}, format="json")
    response = alice.client.post(url(game_id, "start"), {}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert [e["type"] for e in body["events"]] == ["game_started", "hand_dealt"]
    dealt = body["events"][1]["payload"]
    assert "deck" not in dealt
    assert "salt" not in dealt
    assert len(dealt["commitment"]) == 64
    game = body["game"]
    assert game["status"] == "active"
    assert game["view"]["phase"] == "passing"
    assert len(game["view"]["hand"]) == 13
    assert game["view"]["commitment"] == dealt["commitment"]


def test_start_errors(player):
    alice, bob = player(), player()
    game_id = create_game(alice)["game_id"]
    bob.client.post(url(game_id, "seats"), {}, format="json")
    body = assert_problem(
        alice.client.post(url(game_id, "start"), {}, format="json"), 409, "seats_not_filled"
    )
    assert body["extra"]["empty_seats"] == [2, 3]
    alice.client.post(url(game_id, "ai-seats"), {}, format="json")
    assert_problem(
        bob.client.post(url(game_id, "start"), {}, format="json"), 403, "not_game_creator"
    )
    assert alice.client.post(url(game_id, "start"), {}, format="json").status_code == 200
    assert_problem(
        alice.client.post(url(game_id, "start"), {}, format="json"), 409, "game_already_started"
    )
    assert_problem(
        bob.client.post(url(game_id, "seats"), {}, format="json"), 409, "game_already_started"
    )
