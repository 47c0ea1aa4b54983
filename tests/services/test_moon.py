"""Shooting the moon with `moon = shooter_chooses`: a human shooter's choice waits for them;
the system can make the automatic choice; an AI shooter chooses through ai_take_turn.

The deal is rigged (services.shuffled_deal patched) so that seat 1 holds every club: with
passing off it wins all thirteen tricks and so takes every heart and the queen of spades."""

from __future__ import annotations

import pytest

from games import engine, services
from games.models import Game, GameEvent
from tests.services.helpers import aggregate, first_legal, human_move

pytestmark = pytest.mark.django_db

OVERRIDES = {"passing": False, "moon": "shooter_chooses", "target": 100}


@pytest.fixture
def rigged_first_deal(monkeypatch):
    real = services.shuffled_deal
    calls = {"n": 0}

    def deal(rules):
        calls["n"] += 1
        if calls["n"] > 1:
            return real(rules)
        cards = list(engine.deck_for(rules))
        clubs = [c for c in cards if c.code.endswith("C")]
        rest = [c for c in cards if not c.code.endswith("C")]
        deck = []
        for i in range(52):  # hand 1: dealer 0, card i goes to seat (1 + i) % 4
            deck.append(clubs.pop() if i % 4 == 0 else rest.pop())
        return engine.DealHand(deck=tuple(deck), salt="00" * 16)

    monkeypatch.setattr(services, "shuffled_deal", deal)


def play_to_moon_choice(game_id, by_seat):
    while True:
        agg = aggregate(game_id)
        if agg.phase == "moon_choice":
            return agg
        assert agg.state.hand_number == 1
        seat = agg.to_act[0]
        if agg.seats[seat].ai_controlled:
            services.ai_take_turn(game_id=game_id, seat=seat, expected_seq=agg.seq)
        else:
            human_move(game_id, by_seat[seat], first_legal(agg, seat))


@pytest.fixture
def moon_game(players, rigged_first_deal, enqueued):
    game = services.game_create(user=players[0], preset="classic", overrides=OVERRIDES)
    for user in players[1:]:
        services.seat_take(game_id=game.game_id, user=user)
    services.game_start(game_id=game.game_id, user=players[0])
    return game.game_id


def test_a_human_shooter_chooses_and_the_game_waits_for_them(moon_game, players):
    agg = play_to_moon_choice(moon_game, dict(enumerate(players)))
    assert agg.to_act == (1,)
    assert Game.objects.get(pk=moon_game).awaiting_ai is False  # nobody else moves
    with pytest.raises(engine.RuleViolation):
        services.game_choose_moon(game_id=moon_game, user=players[0], choice="add_to_others")
    result = services.game_choose_moon(
        game_id=moon_game, user=players[1], choice="subtract_from_self"
    )
    types = [e["type"] for e in result.events]
    assert types[:2] == ["moon_chosen", "hand_scored"]
    assert types[-1] == "hand_dealt"
    scored = result.events[1]["payload"]
    assert scored["moon_shooter"] == 1
    assert scored["points"] == [0, -26, 0, 0]


def test_the_system_makes_the_automatic_choice(moon_game, players):
    agg = play_to_moon_choice(moon_game, dict(enumerate(players)))
    result = services.game_auto_moon(game_id=moon_game, expected_seq=agg.seq)
    chosen = GameEvent.objects.get(game_id=moon_game, seq=agg.seq + 1)
    assert (chosen.type, chosen.actor_kind) == ("moon_chosen", "system")
    assert chosen.payload["choice"] == engine.auto_moon_choice(agg.state)
    assert result.events[1]["type"] == "hand_scored"


def test_an_ai_shooter_chooses_through_ai_take_turn(players, rigged_first_deal, enqueued):
    game = services.game_create(user=players[0], preset="classic", overrides=OVERRIDES)
    services.seat_fill_with_ai(game_id=game.game_id, user=players[0])
    services.game_start(game_id=game.game_id, user=players[0])
    agg = play_to_moon_choice(game.game_id, {0: players[0]})
    assert Game.objects.get(pk=game.game_id).awaiting_ai is True
    result = services.ai_take_turn(game_id=game.game_id, seat=1, expected_seq=agg.seq)
    assert result.events[0]["type"] == "moon_chosen"
    assert result.events[0]["payload"]["seat"] == 1
