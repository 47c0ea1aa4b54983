"""AI seats through the services: what is enqueued on commit, the ai_take_turn guard, handing a
seat to the AI, reclaiming it, resigning."""

from __future__ import annotations

import pytest

from games import errors, services
from games.models import Game, GameEvent
from games.streams import backends
from tests.services.helpers import aggregate, first_legal, human_move, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def ai_lobby(players):
    """alice at seat 0, three AI seats (heuristic)."""
    game = services.game_create(user=players[0], preset="classic")
    services.seat_fill_with_ai(game_id=game.game_id, user=players[0])
    return game.game_id


def test_start_enqueues_one_ai_task_after_commit(
    ai_lobby, players, enqueued, django_capture_on_commit_callbacks
):
    """Without a think delay one task is enough: its chain passes for every AI seat."""
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        result = services.game_start(game_id=ai_lobby, user=players[0])
    assert enqueued == []  # nothing is sent before the commit
    for callback in callbacks:
        callback()
    assert enqueued == [{"args": (ai_lobby, 1, result.seq), "countdown": None}]
    assert Game.objects.get(pk=ai_lobby).awaiting_ai is True


def test_ai_take_turn_plays_one_move_and_enqueues_the_next(
    ai_lobby, players, enqueued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        start = services.game_start(game_id=ai_lobby, user=players[0])
    enqueued.clear()
    with django_capture_on_commit_callbacks(execute=True):
        result = services.ai_take_turn(game_id=ai_lobby, seat=2, expected_seq=start.seq)
    assert [e["type"] for e in result.events] == ["cards_passed"]
    row = GameEvent.objects.get(game_id=ai_lobby, seq=result.seq)
    assert (row.actor_kind, row.actor_seat, row.actor_player_id) == ("ai", 2, None)
    # seats 1 and 3 still have to pass, at the new sequence number: one task, at once
    assert enqueued == [{"args": (ai_lobby, 1, result.seq), "countdown": None}]


def test_ai_take_turn_guard(ai_lobby, players, enqueued):
    start = services.game_start(game_id=ai_lobby, user=players[0])
    assert services.ai_take_turn(game_id=ai_lobby, seat=1, expected_seq=start.seq - 1) is None
    assert services.ai_take_turn(game_id=ai_lobby, seat=0, expected_seq=start.seq) is None  # human
    assert (
        services.ai_take_turn(
            game_id="00000000-0000-0000-0000-000000000000", seat=1, expected_seq=1
        )
        is None
    )
    assert GameEvent.objects.filter(game_id=ai_lobby).count() == start.seq
    first = services.ai_take_turn(game_id=ai_lobby, seat=1, expected_seq=start.seq)
    assert first is not None
    # seat 1 has passed: it no longer has to act, a redelivered task does nothing
    assert services.ai_take_turn(game_id=ai_lobby, seat=1, expected_seq=first.seq) is None


def test_the_bot_is_seeded_by_game_seq_and_seat(ai_lobby, players, enqueued):
    """A rerun of the same task chooses the same move: replay the same turn in two games is not
    possible (different decks), so check the seed through a rolled-back attempt."""
    from django.db import transaction

    start = services.game_start(game_id=ai_lobby, user=players[0])
    moves = []
    for _ in range(2):
        with transaction.atomic():
            result = services.ai_take_turn(game_id=ai_lobby, seat=3, expected_seq=start.seq)
            moves.append(result.events[0]["payload"])
            transaction.set_rollback(True)
    assert moves[0] == moves[1]


def test_think_delay_becomes_a_countdown(players, enqueued, django_capture_on_commit_callbacks):
    game = services.game_create(user=players[0], preset="classic", think_delay_ms=1500)
    services.seat_fill_with_ai(game_id=game.game_id, user=players[0])
    with django_capture_on_commit_callbacks(execute=True):
        services.game_start(game_id=game.game_id, user=players[0])
    # with a think delay each AI seat waits on its own task (the chain stops after one move)
    assert sorted(c["args"][1] for c in enqueued) == [1, 2, 3]
    assert {c["countdown"] for c in enqueued} == {1.5}


def test_hand_to_ai_reclaim_and_resign(
    started, players, enqueued, django_capture_on_commit_callbacks
):
    bob = players[1]
    with pytest.raises(errors.SeatNotAi) as info:
        services.seat_reclaim(game_id=started, user=bob)
    assert info.value.code == "seat_not_ai"
    with pytest.raises(errors.InvalidAiLevel):
        services.seat_hand_to_ai(game_id=started, user=bob, level="god")
    enqueued.clear()
    with django_capture_on_commit_callbacks(execute=True):
        handed = services.seat_hand_to_ai(game_id=started, user=bob, level="random")
    assert handed.events[0]["payload"] == {"seat": 1, "level": "random", "reason": "requested"}
    assert [c["args"] for c in enqueued] == [(started, 1, handed.seq)]  # bob must still pass
    with pytest.raises(errors.SeatHandedToAi) as info:
        services.game_pass_cards(game_id=started, user=bob, cards=["2C", "3C", "4C"])
    assert info.value.code == "seat_handed_to_ai"
    played = services.ai_take_turn(game_id=started, seat=1, expected_seq=handed.seq)
    assert played.events[0]["type"] == "cards_passed"
    reclaimed = services.seat_reclaim(game_id=started, user=bob)
    assert reclaimed.events[0]["type"] == "seat_reclaimed"
    assert aggregate(started).seats[1].handed_to_ai is False
    resigned = services.game_resign(game_id=started, user=bob)
    assert resigned.events[0]["payload"] == {"seat": 1, "level": "heuristic", "reason": "resigned"}
    with pytest.raises(errors.SeatResigned) as info:
        services.seat_reclaim(game_id=started, user=bob)
    assert info.value.code == "seat_resigned"
    seat = aggregate(started).seats[1]
    assert (seat.kind, seat.player_id, seat.handed_to_ai, seat.resigned) == (
        "human",
        bob.pk,
        True,
        True,
    )


def test_hand_to_ai_needs_a_seat_and_a_running_game(lobby, players):
    with pytest.raises(errors.GameNotStarted):
        services.seat_hand_to_ai(game_id=lobby.game_id, user=players[0])
    with pytest.raises(errors.NotSeated):
        services.game_resign(game_id=lobby.game_id, user=make_user())


def test_sweeper_re_enqueues_stalled_ai_turns(ai_lobby, players, enqueued):
    from datetime import timedelta

    from django.utils import timezone

    start = services.game_start(game_id=ai_lobby, user=players[0])
    assert services.games_enqueue_stalled_ai_turns(older_than_s=30) == 0
    Game.objects.filter(pk=ai_lobby).update(last_event_at=timezone.now() - timedelta(minutes=5))
    enqueued.clear()
    assert services.games_enqueue_stalled_ai_turns(older_than_s=30) == 3
    assert sorted(c["args"] for c in enqueued) == [(ai_lobby, s, start.seq) for s in (1, 2, 3)]


def test_turn_limit_hands_the_late_seats_to_the_ai(
    players, enqueued, django_capture_on_commit_callbacks
):
    from datetime import timedelta

    from django.utils import timezone

    game = services.game_create(user=players[0], preset="classic", turn_limit_s=20)
    for user in players[1:]:
        services.seat_take(game_id=game.game_id, user=user)
    start = services.game_start(game_id=game.game_id, user=players[0])
    services.game_pass_cards(
        game_id=game.game_id, user=players[2], cards=aggregate_hand(game.game_id, 2)[:3]
    )
    assert services.games_enforce_turn_limits() == 0  # within the limit
    Game.objects.filter(pk=game.game_id).update(
        last_event_at=timezone.now() - timedelta(seconds=21)
    )
    enqueued.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.games_enforce_turn_limits() == 1
    handed = GameEvent.objects.filter(game_id=game.game_id, seq__gt=start.seq + 1).order_by("seq")
    assert [(e.type, e.payload["seat"], e.payload["reason"], e.actor_kind) for e in handed] == [
        ("seat_handed_to_ai", s, "turn_limit", "system") for s in (0, 1, 3)
    ]
    # one task: its chain passes for the three seats now played by the AI
    ((args, countdown),) = [(c["args"], c["countdown"]) for c in enqueued]
    assert (args[1], countdown) == (0, None)
    assert services.ai_take_turns(game_id=args[0], seat=args[1], expected_seq=args[2]) >= 3
    ai_passes = GameEvent.objects.filter(
        game_id=game.game_id, type="cards_passed", actor_kind="ai"
    ).values_list("actor_seat", flat=True)
    assert sorted(ai_passes) == [0, 1, 3]
    services.seat_reclaim(game_id=game.game_id, user=players[1])  # not a resignation


def aggregate_hand(game_id, seat):
    from games import engine

    return engine.view_for_seat(aggregate(game_id).state, seat).to_dict()["hand"]


def _advance(game_id, human, *, until):
    """Play legal moves (the human through the service a client uses, AI seats through
    ``ai_take_turn``) until ``until(agg)`` holds."""
    for _ in range(500):
        agg = aggregate(game_id)
        if until(agg):
            return agg
        seat = agg.to_act[0]
        if seat == 0:
            human_move(game_id, human, first_legal(agg, 0))
        else:
            services.ai_take_turn(game_id=game_id, seat=seat, expected_seq=agg.seq)
    raise AssertionError("the game never reached the wanted position")


def _ai_to_play(agg):
    return agg.phase == "playing" and len(agg.to_act) == 1 and agg.to_act[0] != 0


def test_ai_take_turns_plays_the_ai_seats_in_a_row_until_a_human_must_act(
    ai_lobby, players, enqueued
):
    services.game_start(game_id=ai_lobby, user=players[0])
    agg = _advance(ai_lobby, players[0], until=_ai_to_play)
    before = agg.seq
    moves = services.ai_take_turns(game_id=ai_lobby, seat=agg.to_act[0], expected_seq=before)
    after = aggregate(ai_lobby)
    plays = list(
        GameEvent.objects.filter(game_id=ai_lobby, seq__gt=before, type="card_played")
        .order_by("seq")
        .values_list("actor_seat", flat=True)
    )
    assert moves == len(plays) >= 1
    assert set(plays) <= {1, 2, 3}  # only AI seats moved
    assert after.to_act == (0,)  # it stopped where the human must act
    # A late task for a seq the chain moved past does nothing.
    assert services.ai_take_turns(game_id=ai_lobby, seat=1, expected_seq=before) == 0


def test_ai_take_turns_stops_after_max_moves(ai_lobby, players, enqueued):
    services.game_start(game_id=ai_lobby, user=players[0])
    agg = _advance(ai_lobby, players[0], until=_ai_to_play)
    seat = agg.to_act[0]
    assert (
        services.ai_take_turns(game_id=ai_lobby, seat=seat, expected_seq=agg.seq, max_moves=1) == 1
    )
    assert aggregate(ai_lobby).seq > agg.seq


def test_a_think_delay_stops_the_chain_after_one_move(players, enqueued):
    game = services.game_create(user=players[0], preset="classic", think_delay_ms=200)
    services.seat_fill_with_ai(game_id=game.game_id, user=players[0])
    services.game_start(game_id=game.game_id, user=players[0])
    agg = _advance(game.game_id, players[0], until=_ai_to_play)
    seat = agg.to_act[0]
    assert services.ai_take_turns(game_id=game.game_id, seat=seat, expected_seq=agg.seq) == 1


def _ai_rows(game_id, after_seq):
    return list(
        GameEvent.objects.filter(game_id=game_id, seq__gt=after_seq, actor_kind="ai")
        .order_by("seq")
        .values("seq", "type", "actor_seat", "created_at")
    )


def test_a_chain_stores_the_ai_moves_up_to_the_human_turn_in_one_commit(
    ai_lobby, players, enqueued, django_capture_on_commit_callbacks
):
    services.game_start(game_id=ai_lobby, user=players[0])
    agg = _advance(
        ai_lobby, players[0], until=lambda a: _ai_to_play(a) and a.state.hand.trick_number <= 10
    )
    enqueued.clear()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        moves = services.ai_take_turns(game_id=ai_lobby, seat=agg.to_act[0], expected_seq=agg.seq)
    rows = _ai_rows(ai_lobby, agg.seq)
    plays = [r for r in rows if r["type"] == "card_played"]
    assert moves == len(plays) >= 1
    assert {r["created_at"] for r in rows} == {rows[0]["created_at"]}  # one command
    wake_ups = [c for c in callbacks if getattr(c, "func", None) is backends.publish_game_event]
    assert len(wake_ups) == 1  # one commit: one live-stream wake-up
    assert enqueued == []
    assert aggregate(ai_lobby).to_act == (0,)


def test_a_chain_commits_at_each_deal_and_goes_on(
    players, enqueued, django_capture_on_commit_callbacks, settings
):
    """Four AI seats: the chain crosses hand ends (the deal is its own commit) up to its move
    limit. The commits it follows itself send a delayed backup task; the last one sends the
    next turn at once."""
    # Only the deals may split the chain here: a loaded machine must not reach the think budget.
    settings.HEARTS_AI_COMMIT_EVERY_MS = 600_000
    game = services.game_create(user=players[0], preset="classic", take_seat=False)
    services.seat_fill_with_ai(game_id=game.game_id, user=players[0])
    start = services.game_start(game_id=game.game_id, user=players[0])
    enqueued.clear()
    with django_capture_on_commit_callbacks(execute=True):
        moves = services.ai_take_turns(
            game_id=game.game_id, seat=0, expected_seq=start.seq, max_moves=120
        )
    assert moves == 120  # two hands of 4 passes + 52 plays, and 8 moves of the third
    deals = GameEvent.objects.filter(game_id=game.game_id, type="hand_dealt").count()
    assert deals == 3
    commits = {r["created_at"] for r in _ai_rows(game.game_id, start.seq)}
    assert len(commits) == 3  # one per hand: the chain committed at each deal
    backup = settings.HEARTS_AI_CHAIN_BACKUP_MS / 1000
    assert [c["countdown"] for c in enqueued] == [backup, backup, None]
    last = aggregate(game.game_id)
    assert enqueued[-1]["args"] == (game.game_id, last.ai_seats_to_act()[0], last.seq)


def test_slow_bots_commit_as_they_go(
    ai_lobby, players, enqueued, django_capture_on_commit_callbacks, settings
):
    settings.HEARTS_AI_COMMIT_EVERY_MS = 0  # every move is its own commit
    services.game_start(game_id=ai_lobby, user=players[0])
    agg = _advance(
        ai_lobby, players[0], until=lambda a: _ai_to_play(a) and a.state.hand.trick_number <= 10
    )
    enqueued.clear()
    with django_capture_on_commit_callbacks(execute=True):
        moves = services.ai_take_turns(game_id=ai_lobby, seat=agg.to_act[0], expected_seq=agg.seq)
    plays = [r for r in _ai_rows(ai_lobby, agg.seq) if r["type"] == "card_played"]
    assert moves == len(plays) == len({r["created_at"] for r in plays})
    # every commit but the last was followed by the chain: a delayed backup each
    assert [c["countdown"] for c in enqueued] == [settings.HEARTS_AI_CHAIN_BACKUP_MS / 1000] * (
        moves - 1
    )


def test_a_backup_task_after_the_chain_moved_on_does_nothing(ai_lobby, players, enqueued):
    start = services.game_start(game_id=ai_lobby, user=players[0])
    moves = services.ai_take_turns(game_id=ai_lobby, seat=1, expected_seq=start.seq)
    assert moves >= 3  # the three AI passes at least
    seq = aggregate(ai_lobby).seq
    assert services.ai_take_turns(game_id=ai_lobby, seat=2, expected_seq=start.seq + 1) == 0
    assert aggregate(ai_lobby).seq == seq
