"""Selectors: store facts plus engine views; redaction comes from the engine only."""

from __future__ import annotations

import pytest

from games import selectors, services
from tests.services.helpers import make_user

pytestmark = pytest.mark.django_db


def test_a_seated_player_sees_their_hand_and_a_spectator_does_not(started, players):
    mine = selectors.game_view_for_user(game_id=started, user=players[1])
    assert mine["your_seat"] == 1
    assert mine["status"] == "active"
    assert len(mine["view"]["hand"]) == 13
    assert [s["display_name"] for s in mine["seats"]] == ["alice", "bob", "carol", "dave"]
    spectator = selectors.game_view_for_user(game_id=started, user=make_user())
    assert spectator["your_seat"] is None
    assert spectator["view"].get("hand") is None


def test_a_lobby_can_be_viewed(lobby, alice):
    view = selectors.game_view_for_user(game_id=lobby.game_id, user=alice)
    assert (view["status"], view["seq"], view["to_act"]) == ("lobby", 2, [])


def test_events_since_are_gap_free_and_redacted_per_seat(started, players):
    everything = selectors.game_events_since(
        game_id=started, user=players[0], after_seq=0, limit=100
    )
    assert [e["seq"] for e in everything] == list(range(1, len(everything) + 1))
    dealt = next(e for e in everything if e["type"] == "hand_dealt")
    assert "deck" not in dealt["payload"]
    assert "salt" not in dealt["payload"]
    assert everything[0]["type"] == "game_created"
    assert everything[0]["actor"] == {"kind": "player", "seat": None}  # no account id
    page = selectors.game_events_since(game_id=started, user=None, after_seq=2, limit=3)
    assert [e["seq"] for e in page] == [3, 4, 5]


def test_open_games_and_a_players_games(lobby, players):
    full = services.game_create(user=players[1], preset="two_player")
    services.seat_take(game_id=full.game_id, user=players[2])
    open_ids = [g["id"] for g in selectors.game_list_open()]
    assert open_ids == [lobby.game_id]
    assert selectors.game_list_open(preset="two_player") == []
    mine = [g["id"] for g in selectors.games_for_player(players[2])]
    assert mine == [full.game_id]
    assert {g["id"] for g in selectors.games_for_player(players[1])} == {full.game_id}
    assert selectors.games_for_player(make_user()) == []
