"""Lobby services: create, take/leave seats, fill with AI, start; their error codes."""

from __future__ import annotations

import uuid

import pytest

from games import errors, services
from games.models import Game, GameEvent, Seat
from tests.services.helpers import aggregate, make_user

pytestmark = pytest.mark.django_db


def types(result):
    return [e["type"] for e in result.events]


def test_game_create_records_the_ruleset_and_seats_the_creator(alice):
    result = services.game_create(
        user=alice, preset="classic", overrides={"target": 50}, think_delay_ms=250, turn_limit_s=30
    )
    assert types(result) == ["game_created", "seat_taken"]
    assert result.seq == 2
    created = result.events[0]["payload"]
    assert created["ruleset"]["target"] == 50
    assert created["creator_id"] == alice.pk
    assert created["options"] == {"think_delay_ms": 250, "turn_limit_s": 30}
    game = Game.objects.get(pk=result.game_id)
    assert (game.status, game.preset, game.last_seq, game.creator_id) == (
        "lobby",
        "classic",
        2,
        alice.pk,
    )
    seats = list(Seat.objects.filter(game=game).order_by("index").values_list("kind", "player_id"))
    assert seats == [("human", alice.pk), ("empty", None), ("empty", None), ("empty", None)]


def test_game_create_without_a_seat(alice):
    result = services.game_create(user=alice, preset="three_player", take_seat=False)
    assert types(result) == ["game_created"]
    assert Seat.objects.filter(game_id=result.game_id).count() == 3


def test_game_create_rejects_a_bad_ruleset_and_bad_options(alice):
    from games import engine

    with pytest.raises(engine.InvalidRuleSet):
        services.game_create(user=alice, preset="no_such_preset")
    with pytest.raises(errors.InvalidGameOption):
        services.game_create(user=alice, preset="classic", think_delay_ms=-1)
    with pytest.raises(errors.InvalidGameOption):
        services.game_create(user=alice, preset="classic", turn_limit_s=0)
    assert not Game.objects.exists()


def test_seat_take_first_free_or_chosen_seat(lobby, players):
    bob, carol = players[1], players[2]
    assert services.seat_take(game_id=lobby.game_id, user=bob).events[0]["payload"]["seat"] == 1
    taken = services.seat_take(game_id=lobby.game_id, user=carol, seat=3)
    assert taken.events[0]["payload"] == {
        "seat": 3,
        "player_id": carol.pk,
        "display_name": "carol",
        "bot_owner": None,
    }
    assert aggregate(lobby.game_id).seat_of(carol.pk) == 3


@pytest.mark.parametrize(
    ("seat", "error"),
    [(0, errors.SeatTaken), (4, errors.SeatOutOfRange), (-1, errors.SeatOutOfRange)],
)
def test_seat_take_errors(lobby, players, seat, error):
    with pytest.raises(error) as info:
        services.seat_take(game_id=lobby.game_id, user=players[1], seat=seat)
    assert info.value.code == error.code


def test_seat_take_already_seated_and_full(lobby, players):
    with pytest.raises(errors.AlreadySeated):
        services.seat_take(game_id=lobby.game_id, user=players[0])
    for user in players[1:]:
        services.seat_take(game_id=lobby.game_id, user=user)
    with pytest.raises(errors.GameFull) as info:
        services.seat_take(game_id=lobby.game_id, user=make_user())
    assert info.value.code == "game_full"


def test_unknown_game_is_game_not_found(alice):
    for game_id in (uuid.uuid4(), "not-a-uuid"):
        with pytest.raises(errors.GameNotFound) as info:
            services.seat_take(game_id=game_id, user=alice)
        assert info.value.code == "game_not_found"


def test_seat_leave(lobby, players):
    services.seat_take(game_id=lobby.game_id, user=players[1])
    result = services.seat_leave(game_id=lobby.game_id, user=players[1])
    assert types(result) == ["seat_left"]
    assert aggregate(lobby.game_id).seats[1].is_empty
    assert Seat.objects.get(game_id=lobby.game_id, index=1).kind == "empty"
    with pytest.raises(errors.NotSeated) as info:
        services.seat_leave(game_id=lobby.game_id, user=players[1])
    assert info.value.code == "not_seated"


def test_seat_fill_with_ai(lobby, players):
    with pytest.raises(errors.NotGameCreator):
        services.seat_fill_with_ai(game_id=lobby.game_id, user=players[1])
    with pytest.raises(errors.InvalidAiLevel) as info:
        services.seat_fill_with_ai(game_id=lobby.game_id, user=players[0], level="grandmaster")
    assert info.value.code == "invalid_ai_level"
    one = services.seat_fill_with_ai(
        game_id=lobby.game_id, user=players[0], level="random", seats=[2]
    )
    assert one.events[0]["payload"] == {"seat": 2, "level": "random"}
    with pytest.raises(errors.SeatTaken):
        services.seat_fill_with_ai(game_id=lobby.game_id, user=players[0], seats=[2])
    rest = services.seat_fill_with_ai(game_id=lobby.game_id, user=players[0], level="expert")
    assert [e["payload"]["seat"] for e in rest.events] == [1, 3]
    seats = Seat.objects.filter(game_id=lobby.game_id).order_by("index")
    assert [(s.kind, s.ai_level) for s in seats] == [
        ("human", ""),
        ("ai", "expert"),
        ("ai", "random"),
        ("ai", "expert"),
    ]
    with pytest.raises(errors.GameFull):
        services.seat_fill_with_ai(game_id=lobby.game_id, user=players[0])


def test_a_seated_player_may_fill_with_ai(lobby, players):
    services.seat_take(game_id=lobby.game_id, user=players[1])
    result = services.seat_fill_with_ai(game_id=lobby.game_id, user=players[1])
    assert len(result.events) == 2


def test_game_start_rules(lobby, players, enqueued):
    services.seat_take(game_id=lobby.game_id, user=players[1])
    with pytest.raises(errors.NotGameCreator) as info:
        services.game_start(game_id=lobby.game_id, user=players[1])
    assert info.value.code == "not_game_creator"
    with pytest.raises(errors.SeatsNotFilled) as info:
        services.game_start(game_id=lobby.game_id, user=players[0])
    assert info.value.details["empty_seats"] == [2, 3]
    services.seat_fill_with_ai(game_id=lobby.game_id, user=players[0])
    started = services.game_start(game_id=lobby.game_id, user=players[0])
    assert types(started) == ["game_started", "hand_dealt"]
    dealt = started.events[1]
    assert sorted(dealt["payload"]["deck"]) == sorted(
        c.code for c in __import__("games").engine.deck_for(aggregate(lobby.game_id).rules)
    )
    assert len(dealt["payload"]["salt"]) == 32
    game = Game.objects.get(pk=lobby.game_id)
    assert game.status == "active"
    assert game.started_at is not None
    with pytest.raises(errors.GameAlreadyStarted) as info:
        services.game_start(game_id=lobby.game_id, user=players[0])
    assert info.value.code == "game_already_started"
    with pytest.raises(errors.GameAlreadyStarted):
        services.seat_take(game_id=lobby.game_id, user=make_user())
    with pytest.raises(errors.GameAlreadyStarted):
        services.seat_leave(game_id=lobby.game_id, user=players[1])


def test_two_deals_use_different_shuffles_and_salts(players, enqueued):
    decks = set()
    for _ in range(3):
        game = services.game_create(user=players[0], preset="classic")
        services.seat_fill_with_ai(game_id=game.game_id, user=players[0])
        dealt = services.game_start(game_id=game.game_id, user=players[0]).events[1]["payload"]
        decks.add((tuple(dealt["deck"]), dealt["salt"]))
    assert len(decks) == 3


def test_expected_seq_mismatch_is_a_conflict_and_appends_nothing(lobby, players):
    with pytest.raises(errors.ConcurrencyConflict) as info:
        services.seat_take(game_id=lobby.game_id, user=players[1], expected_seq=1)
    assert info.value.current_seq == 2
    assert info.value.code == "concurrency_conflict"
    assert GameEvent.objects.filter(game_id=lobby.game_id).count() == 2
    ok = services.seat_take(game_id=lobby.game_id, user=players[1], expected_seq=2)
    assert ok.seq == 3
