"""Move services: passing, playing, the moon; engine errors pass through unchanged."""

from __future__ import annotations

import pytest

from games import engine, errors, services
from games.models import Game, GameEvent
from tests.services.helpers import aggregate, first_legal, human_move, make_user, play_humans

pytestmark = pytest.mark.django_db


def hand_of(game_id, seat):
    return engine.view_for_seat(aggregate(game_id).state, seat).to_dict()["hand"]


def test_moves_before_the_start_are_refused(lobby, players):
    with pytest.raises(errors.GameNotStarted) as info:
        services.game_play_card(game_id=lobby.game_id, user=players[0], card="2C")
    assert info.value.code == "game_not_started"


def test_a_spectator_cannot_move(started):
    with pytest.raises(errors.NotSeated):
        services.game_play_card(game_id=started, user=make_user(), card="2C")


def test_pass_cards_with_codes_then_exchange(started, players):
    agg = aggregate(started)
    assert agg.phase == "passing"
    results = []
    for seat, user in enumerate(players):
        cards = hand_of(started, seat)[:3]
        results.append(services.game_pass_cards(game_id=started, user=user, cards=cards))
    assert [e["type"] for e in results[0].events] == ["cards_passed"]
    assert [e["type"] for e in results[-1].events] == ["cards_passed", "passes_exchanged"]
    assert aggregate(started).phase == "playing"


def test_pass_errors_come_from_the_engine(started, players):
    hand = hand_of(started, 0)
    with pytest.raises(engine.RuleViolation) as info:
        services.game_pass_cards(game_id=started, user=players[0], cards=hand[:2])
    assert info.value.code == "wrong_pass_count"
    with pytest.raises(engine.RuleViolation) as info:
        services.game_pass_cards(
            game_id=started, user=players[0], cards=[hand[0], hand[0], hand[1]]
        )
    assert info.value.code == "duplicate_cards"
    with pytest.raises(engine.NotationError):
        services.game_pass_cards(game_id=started, user=players[0], cards=["ZZ", "2C", "3C"])
    services.game_pass_cards(game_id=started, user=players[0], cards=hand[:3])
    with pytest.raises(engine.RuleViolation) as info:
        services.game_pass_cards(game_id=started, user=players[0], cards=hand[3:6])
    assert info.value.code == "already_passed"


def test_play_errors_and_a_legal_play(started, players):
    by_seat = dict(enumerate(players))
    agg = play_humans(started, by_seat, stop=lambda a: a.phase == "playing")
    leader = agg.to_act[0]
    other = (leader + 1) % 4
    with pytest.raises(engine.RuleViolation) as info:
        services.game_play_card(
            game_id=started, user=by_seat[other], card=hand_of(started, other)[0]
        )
    assert info.value.code == "not_your_turn"
    not_2c = next(c for c in hand_of(started, leader) if c != "2C")
    with pytest.raises(engine.RuleViolation) as info:
        services.game_play_card(game_id=started, user=by_seat[leader], card=not_2c)
    assert info.value.code == "must_lead_opening_card"
    before = GameEvent.objects.filter(game_id=started).count()
    result = services.game_play_card(game_id=started, user=by_seat[leader], card="2c")
    assert result.events == [
        {"seq": before + 1, "type": "card_played", "payload": {"seat": leader, "card": "2C"}}
    ]
    row = GameEvent.objects.get(game_id=started, seq=before + 1)
    assert (row.actor_kind, row.actor_player_id, row.actor_seat) == (
        "player",
        by_seat[leader].pk,
        leader,
    )


def test_the_next_hand_is_dealt_in_the_same_command(started, players):
    by_seat = dict(enumerate(players))
    agg = play_humans(started, by_seat, stop=lambda a: a.phase == "playing")
    last = None
    while aggregate(started).state.hand_number == 1:
        agg = aggregate(started)
        seat = agg.to_act[0]
        last = human_move(started, by_seat[seat], first_legal(agg, seat))
    tail = [e["type"] for e in last.events]
    assert tail[:2] == ["card_played", "trick_won"]
    assert "hand_scored" in tail
    assert tail[-1] == "hand_dealt"
    assert last.events[-1]["payload"]["hand_number"] == 2
    dealt = GameEvent.objects.get(game_id=started, seq=last.events[-1]["seq"])
    assert dealt.actor_kind == "system"


def test_a_finished_game_refuses_moves_and_records_the_end(players, enqueued):
    game = services.game_create(user=players[0], preset="classic", overrides={"target": 20})
    for user in players[1:]:
        services.seat_take(game_id=game.game_id, user=user)
    services.game_start(game_id=game.game_id, user=players[0])
    agg = play_humans(game.game_id, dict(enumerate(players)))
    assert agg.status == "finished"
    row = Game.objects.get(pk=game.game_id)
    assert (row.status, row.to_act, row.awaiting_ai) == ("finished", [], False)
    assert row.finished_at is not None
    last = GameEvent.objects.filter(game_id=game.game_id).order_by("-seq").first()
    assert last.type == "game_ended"
    with pytest.raises(engine.RuleViolation) as info:
        services.game_play_card(game_id=game.game_id, user=players[0], card="2C")
    assert info.value.code == "game_over"


def test_choose_moon_outside_a_moon_choice_is_a_rule_violation(started, players):
    with pytest.raises(engine.RuleViolation) as info:
        services.game_choose_moon(game_id=started, user=players[0], choice="add_to_others")
    assert info.value.code in {"wrong_phase", "not_moon_shooter", "invalid_moon_choice"}
    assert services.game_auto_moon(game_id=started) is None
