"""Moves through HTTP: every rule error the engine can name, and that a rejected move changes
nothing (same seq, same log). Deals are rigged (``rigged_deals``) so each situation is certain."""

from __future__ import annotations

import pytest

from games.engine import PRESETS
from games.models import GameEvent
from tests.api.conftest import GameDriver, assert_problem, deck_for_hands, seated_table, url, view

pytestmark = pytest.mark.django_db

# Classic, dealer 0: seat 0 holds 2C and leads; seat 2 is void in clubs.
HANDS = [
    ["2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "2S", "3S", "4S", "2H", "3H"],
    ["7C", "8C", "9C", "10C", "5D", "6D", "7D", "5S", "6S", "7S", "4H", "5H", "6H"],
    ["8D", "9D", "10D", "JD", "QD", "8S", "9S", "10S", "7H", "8H", "9H", "10H", "JH"],
    ["JC", "QC", "KC", "AC", "KD", "AD", "JS", "QS", "KS", "AS", "QH", "KH", "AH"],
]
# Seat 0 shoots the moon by winning every trick.
MOON_HANDS = [
    ["AC", "AS", "KS", "QS", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"],
    ["2C", "3C", "4C", "2D", "3D", "4D", "5D", "2S", "3S", "4S", "5S", "2H", "3H"],
    ["5C", "6C", "7C", "8C", "6D", "7D", "8D", "9D", "6S", "7S", "8S", "9S", "4H"],
    ["9C", "10C", "JC", "QC", "KC", "10D", "JD", "QD", "KD", "AD", "10S", "JS", "5H"],
]


def rejected(p, game_id, action, body, status, code):
    """POST a move that must be refused, and check that it changed nothing."""
    before = view(p, game_id)
    events_before = GameEvent.objects.filter(game_id=game_id).count()
    response = p.client.post(url(game_id, action), body, format="json")
    problem = assert_problem(response, status, code)
    after = view(p, game_id)
    assert after["seq"] == before["seq"]
    assert after["view"] == before["view"]
    assert GameEvent.objects.filter(game_id=game_id).count() == events_before
    return problem


def play(p, game_id, card):
    response = p.client.post(url(game_id, "plays"), {"card": card}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def table(player, rigged_deals):
    rigged_deals.append(deck_for_hands(PRESETS["classic"].to_dict(), HANDS))
    game_id, players = seated_table(player, "classic", options={"passing": False})
    assert [view(p, game_id)["your_seat"] for p in players] == [0, 1, 2, 3]
    assert set(view(players[0], game_id)["view"]["hand"]) == set(HANDS[0])
    return game_id, players


def test_play_a_card_answers_seq_events_and_view(table):
    game_id, (s0, *_rest) = table
    before = view(s0, game_id)
    body = play(s0, game_id, "2c")
    assert body["seq"] == before["seq"] + 1
    assert [(e["type"], e["payload"]) for e in body["events"]] == [
        ("card_played", {"seat": 0, "card": "2C"})
    ]
    assert body["events"][0]["actor"] == {"kind": "player", "seat": 0}
    game = body["game"]
    assert game["seq"] == body["seq"]
    assert "2C" not in game["view"]["hand"]
    assert game["view"]["trick"] == [[0, "2C"]]
    assert game["to_act"] == [1]


def test_first_trick_rules(table):
    game_id, (s0, s1, s2, s3) = table
    rejected(s0, game_id, "plays", {"card": "3C"}, 422, "must_lead_opening_card")
    rejected(s1, game_id, "plays", {"card": "7C"}, 422, "not_your_turn")
    problem = rejected(s0, game_id, "plays", {"card": "KD"}, 422, "card_not_in_hand")
    assert problem["extra"]
    play(s0, game_id, "2C")
    rejected(s1, game_id, "plays", {"card": "5D"}, 422, "must_follow_suit")
    play(s1, game_id, "7C")
    rejected(s2, game_id, "plays", {"card": "7H"}, 422, "no_points_on_first_trick")
    play(s2, game_id, "8D")
    rejected(s3, game_id, "plays", {"card": "QS"}, 422, "must_follow_suit")
    body = play(s3, game_id, "AC")
    assert [e["type"] for e in body["events"]] == ["card_played", "trick_won"]
    assert body["events"][1]["payload"]["seat"] == 3
    assert body["game"]["view"]["tricks"][0]["winner"] == 3
    # Seat 3 leads trick 2 and may not lead a heart yet.
    rejected(s3, game_id, "plays", {"card": "QH"}, 422, "hearts_not_broken")
    play(s3, game_id, "JC")
    play(s0, game_id, "3C")
    play(s1, game_id, "8C")
    play(s2, game_id, "7H")  # void in clubs: hearts are broken now
    body = play(s3, game_id, "QH")  # seat 3 won with JC and leads a heart
    assert body["game"]["view"]["hearts_broken"] is True


def test_passing_is_the_wrong_phase_when_passing_is_off(table):
    game_id, (s0, *_rest) = table
    rejected(s0, game_id, "passes", {"cards": ["2C", "3C", "4C"]}, 422, "wrong_phase")
    rejected(s0, game_id, "moon", {"choice": "add_to_others"}, 422, "wrong_phase")


def test_invalid_card_codes_are_400(table):
    game_id, (s0, *_rest) = table
    for code in ["1C", "QX", "", "10", "QSS"]:
        problem = rejected(s0, game_id, "plays", {"card": code}, 400, "invalid_card_code")
        assert problem["extra"]["value"] == code
    problem = rejected(
        s0, game_id, "passes", {"cards": ["2C", "ZZ", "3C"]}, 400, "invalid_card_code"
    )
    assert problem["extra"]["value"] == "ZZ"
    rejected(s0, game_id, "plays", {"card": 12}, 400, "validation_error")
    rejected(s0, game_id, "plays", {}, 400, "validation_error")


def test_card_not_in_the_variant_deck_is_422(player):
    game_id, (p0, p1) = seated_table(player, "two_player")
    leader = next(
        p for p in (p0, p1) if view(p, game_id)["your_seat"] in view(p, game_id)["to_act"]
    )
    rejected(leader, game_id, "plays", {"card": "3C"}, 422, "card_not_in_deck")


def test_pass_rules(player, rigged_deals):
    rigged_deals.append(deck_for_hands(PRESETS["classic"].to_dict(), HANDS))
    game_id, (s0, s1, s2, s3) = seated_table(player, "classic")
    assert view(s0, game_id)["view"]["pass_count"] == 3
    rejected(s0, game_id, "passes", {"cards": ["2C", "3C"]}, 422, "wrong_pass_count")
    rejected(s0, game_id, "passes", {"cards": ["2C", "3C", "4C", "5C"]}, 422, "wrong_pass_count")
    rejected(s0, game_id, "passes", {"cards": ["2C", "2C", "3C"]}, 422, "duplicate_cards")
    rejected(s0, game_id, "passes", {"cards": ["2C", "3C", "AH"]}, 422, "card_not_in_hand")
    rejected(s0, game_id, "plays", {"card": "2C"}, 422, "wrong_phase")

    response = s0.client.post(url(game_id, "passes"), {"cards": ["2H", "3H", "4S"]}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert [e["type"] for e in body["events"]] == ["cards_passed"]
    assert body["game"]["view"]["passed_cards"] == ["2H", "3H", "4S"]
    assert body["game"]["view"]["passed"] == [True, False, False, False]
    rejected(s0, game_id, "passes", {"cards": ["2C", "3C", "4C"]}, 422, "already_passed")

    # Another seat sees that seat 0 passed, not what.
    other = view(s1, game_id)["view"]
    assert other["passed"][0] is True
    assert other["received_cards"] is None

    for p, cards in ((s1, ["4H", "5H", "6H"]), (s2, ["JH", "10H", "9H"])):
        assert (
            p.client.post(url(game_id, "passes"), {"cards": cards}, format="json").status_code
            == 200
        )
    last = s3.client.post(url(game_id, "passes"), {"cards": ["AS", "KS", "QS"]}, format="json")
    body = last.json()
    assert [e["type"] for e in body["events"]] == ["cards_passed", "passes_exchanged"]
    exchanged = body["events"][1]["payload"]
    assert "AS" in str(exchanged)
    assert "JH" in str(exchanged)
    assert "4H" not in str(exchanged)  # seat 1 -> seat 2 is none of seat 3's business
    assert body["game"]["view"]["received_cards"] == ["9H", "10H", "JH"]
    assert view(s0, game_id)["view"]["received_cards"] == ["QS", "KS", "AS"]


def test_moon_choice(player, rigged_deals):
    rigged_deals.append(deck_for_hands(PRESETS["classic"].to_dict(), MOON_HANDS))
    game_id, players = seated_table(
        player, "classic", options={"passing": False, "moon": "shooter_chooses"}
    )
    driver = GameDriver(game_id=game_id, players=players)
    while view(players[0], game_id)["view"]["phase"] == "playing":
        driver.step()
    state = view(players[0], game_id)
    assert state["view"]["phase"] == "moon_choice"
    assert state["to_act"] == [0]
    rejected(players[1], game_id, "moon", {"choice": "add_to_others"}, 422, "not_moon_shooter")
    rejected(players[0], game_id, "moon", {"choice": "double_it"}, 422, "invalid_moon_choice")
    rejected(players[0], game_id, "plays", {"card": "AC"}, 422, "wrong_phase")
    response = players[0].client.post(
        url(game_id, "moon"), {"choice": "subtract_from_self"}, format="json"
    )
    assert response.status_code == 200, response.content
    body = response.json()
    types = [e["type"] for e in body["events"]]
    assert types[:2] == ["moon_chosen", "hand_scored"]
    assert body["game"]["view"]["hand_results"][0]["points"] == [-26, 0, 0, 0]
    assert body["game"]["view"]["hand_results"][0]["moon_shooter"] == 0


def test_moves_after_the_game_is_over(player):
    game_id, (p0, p1) = seated_table(player, "two_player", options={"target": 1})
    GameDriver(game_id=game_id, players=[p0, p1]).play_to_end()
    rejected(p0, game_id, "plays", {"card": "2C"}, 422, "game_over")
    rejected(p0, game_id, "passes", {"cards": ["2C"]}, 422, "game_over")


def test_moves_need_a_seat_and_authentication(table, player, anon):
    game_id, (s0, *_rest) = table
    stranger = player()
    assert_problem(
        stranger.client.post(url(game_id, "plays"), {"card": "2C"}, format="json"),
        403,
        "not_seated",
    )
    assert_problem(
        anon.post(url(game_id, "plays"), {"card": "2C"}, format="json"), 401, "not_authenticated"
    )
    assert view(s0, game_id)["seq"] == view(stranger, game_id)["seq"]


def test_moves_before_the_start(player):
    game_id, (p0, _p1) = seated_table(player, "two_player", start=False)
    assert_problem(
        p0.client.post(url(game_id, "plays"), {"card": "2C"}, format="json"),
        409,
        "game_not_started",
    )
