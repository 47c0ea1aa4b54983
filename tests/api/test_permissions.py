"""Who may see and do what: anonymous, a non-seated player, another seat, an admin."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.api.conftest import assert_problem, create_game, seated_table, url, view

pytestmark = pytest.mark.django_db

COMMANDS = [
    ("post", "seats", {}),
    ("delete", "seats/mine", None),
    ("post", "ai-seats", {}),
    ("post", "start", {}),
    ("post", "passes", {"cards": ["2C", "3C", "4C"]}),
    ("post", "plays", {"card": "2C"}),
    ("post", "moon", {"choice": "add_to_others"}),
    ("post", "handover", {}),
    ("post", "reclaim", {}),
    ("post", "resign", {}),
]


@pytest.fixture
def game(player):
    game_id, players = seated_table(player, "classic")
    return game_id, players


def public_only(body):
    assert body["your_seat"] is None
    v = body["view"]
    assert v["seat"] is None
    for key in ("hand", "legal_cards", "passed_cards", "received_cards"):
        assert v[key] is None, key
    assert v["cards_left"] == [13, 13, 13, 13]
    assert v["commitment"]


def test_anonymous_reads_public_information_and_may_not_act(game, anon):
    game_id, _players = game
    assert anon.get("/api/v1/games/").status_code == 200
    assert anon.get("/api/v1/rules/presets/").status_code == 200
    public_only(view(anon, game_id))
    for method, action, body in COMMANDS:
        response = getattr(anon, method)(url(game_id, action), body, format="json")
        assert_problem(response, 401, "not_authenticated")
    assert_problem(
        anon.post("/api/v1/games/", {"preset": "classic"}, format="json"), 401, "not_authenticated"
    )


def test_a_non_seated_player_sees_public_information_and_may_not_play(game, player):
    game_id, _players = game
    stranger = player()
    public_only(view(stranger, game_id))
    for method, action, body in COMMANDS:
        response = getattr(stranger.client, method)(url(game_id, action), body, format="json")
        assert response.status_code in (403, 409), (action, response.content)
        code = response.json()["code"]
        assert code in {"not_seated", "not_game_creator", "game_already_started"}, (action, code)


def test_another_seat_sees_only_its_own_hand_and_moves_only_its_own_seat(game):
    game_id, players = game
    views = {view(p, game_id)["your_seat"]: (p, view(p, game_id)) for p in players}
    hands = {seat: set(v["view"]["hand"]) for seat, (_p, v) in views.items()}
    assert len(set().union(*hands.values())) == 52
    for seat, (_p, v) in views.items():
        assert v["view"]["seat"] == seat
        for other, hand in hands.items():
            if other != seat:
                assert not hand & set(v["view"]["hand"])
    # Seat 1 tries to pass seat 0's cards: they are not in its hand.
    p1 = views[1][0]
    response = p1.client.post(
        url(game_id, "passes"), {"cards": sorted(hands[0])[:3]}, format="json"
    )
    assert_problem(response, 422, "card_not_in_hand")


def test_only_the_creator_starts(player):
    alice, bob = player(), player()
    game_id = create_game(alice, "two_player")["game_id"]
    bob.client.post(url(game_id, "seats"), {}, format="json")
    assert_problem(
        bob.client.post(url(game_id, "start"), {}, format="json"), 403, "not_game_creator"
    )


def test_an_admin_has_no_seat_powers_in_the_api_but_uses_the_admin_site(game, player):
    game_id, _players = game
    admin = player("root", is_staff=True, is_superuser=True)
    public_only(view(admin, game_id))
    assert_problem(
        admin.client.post(url(game_id, "plays"), {"card": "2C"}, format="json"), 403, "not_seated"
    )
    site = APIClient()
    assert site.login(username="root", password="pw-rootroot")
    assert site.get("/admin/").status_code == 200
    assert site.get(url(game_id)).json()["your_seat"] is None
    normal = APIClient()
    assert normal.login(
        username=_players[0].user.username, password="pw-" + _players[0].user.username * 2
    )
    assert normal.get("/admin/").status_code == 302  # not staff: sent to the login page
