"""Property test: random sequences of queue / cancel / wait / match, checked against a model
of who waits, and against the exactly-once invariants after every step.

The model predicts each command's answer (queueing twice is ``already_queued``, cancelling when
not waiting is ``not_queued`` or ``ticket_matched``) and the matcher's completeness: after a
match, no table that the planner could form is left among the waiting tickets (nobody is
stuck), and every game it formed has the preset's size, AI seats only where every human at it
accepted them."""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.models import Seat
from matchmaking import services
from matchmaking.errors import AlreadyQueued, NotQueued, TicketAlreadyMatched
from matchmaking.models import Ticket
from tests.matchmaking.conftest import assert_exactly_once, at
from tests.services.helpers import make_user
from tests.tiers import examples

pytestmark = pytest.mark.django_db
PLAYERS = 7

queue_op = st.tuples(
    st.just("queue"),
    st.integers(0, PLAYERS - 1),
    st.sampled_from(["classic", "two_player", "three_player"]),
    st.booleans(),
    st.sampled_from([0, 10, 20]),
)
match_op = st.tuples(st.just("match"))
op = st.one_of(
    queue_op,
    queue_op,
    queue_op,
    st.tuples(st.just("cancel"), st.integers(0, PLAYERS - 1)),
    st.tuples(st.just("wait"), st.integers(1, 25)),
    match_op,
    match_op,
)


@pytest.fixture
def users(db):
    return [make_user(f"prop{i}") for i in range(PLAYERS)]


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops=st.lists(op, max_size=30))
def test_random_queue_and_cancel_sequences_seat_everyone_exactly_once(users, ops):
    with transaction.atomic():
        _run(users, [*ops, ("wait", 30), ("match",)])
        transaction.set_rollback(True)


def _run(users, ops):
    clock = 0.0
    waiting: set[int] = set()
    queued = 0
    for step in ops:
        kind = step[0]
        if kind == "queue":
            _, who, preset, ai_fill, after = step
            try:
                services.ticket_create(
                    user=users[who],
                    preset=preset,
                    ai_fill=ai_fill,
                    ai_fill_after_s=after,
                    now=at(clock),
                    wake=False,
                )
            except AlreadyQueued:
                assert who in waiting
            else:
                assert who not in waiting
                waiting.add(who)
                queued += 1
        elif kind == "cancel":
            (_, who) = step
            try:
                services.ticket_cancel(user=users[who], now=at(clock))
            except (NotQueued, TicketAlreadyMatched):
                assert who not in waiting
            else:
                assert who in waiting
                waiting.discard(who)
        elif kind == "wait":
            clock += step[1]
        else:
            before = set(Ticket.objects.filter(status="waiting").values_list("pk", flat=True))
            formed = services.matchmaking_match(now=at(clock))
            event(f"tables formed by one match: {min(len(formed), 2)}")
            seated = Ticket.objects.filter(pk__in=before, status="matched")
            assert {str(g) for g in seated.values_list("game_id", flat=True)} == set(formed)
            for game_id in formed:
                _check_game(game_id)
            waiting -= {users.index(t.player) for t in seated.select_related("player")}
            leftover = [services._waiting(t) for t in Ticket.objects.filter(status="waiting")]
            assert services.plan_tables(leftover, now=at(clock).timestamp()) == []
        assert set(
            Ticket.objects.filter(status="waiting").values_list("player__username", flat=True)
        ) == {users[i].username for i in waiting}
        assert_exactly_once(queued=queued)


def _check_game(game_id):
    seats = list(Seat.objects.filter(game_id=game_id))
    tickets = list(Ticket.objects.filter(game_id=game_id))
    assert len(seats) == tickets[0].seats
    if any(s.kind == "ai" for s in seats):
        assert all(t.ai_fill for t in tickets)
    else:
        assert len(tickets) == len(seats)
