"""Races against live servers: many clients at the same turn, and retried requests.

Real concurrency: threads released together by a barrier, spread over two uvicorn processes on
the same database. The log is verified (replay + hash chain) after every race.
"""

from __future__ import annotations

import json
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest

from games.models import GameEvent
from tests.reliability.conftest import assert_log_verifies
from tests.reliability.live import Client, four_human_table

pytestmark = pytest.mark.integration

RACERS_PER_TURN = 8
TURNS = 6


def race(calls) -> list:
    """Run the callables at once (a barrier releases them together); their results in order."""
    barrier = threading.Barrier(len(calls))

    def run(fn):
        barrier.wait(10)
        return fn()

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


def clone(client: Client, base_url: str) -> Client:
    """The same player (token) on another connection / server process."""
    return Client(base_url, client.token, client.username)


def _code(r) -> str:
    return r.json().get("code", "") if r.headers.get("content-type", "").endswith("json") else ""


@pytest.mark.postgres
def test_many_clients_racing_for_each_turn_one_wins_the_rest_conflict(base_urls):
    game_id, players = four_human_table(base_urls[0], options={"passing": False})
    summary = []
    for _turn in range(TURNS):
        game = players[0].game(game_id)
        seat, seq = game["to_act"][0], game["seq"]
        mover = players[seat]
        legal = mover.game(game_id)["view"]["legal_cards"]
        clients = [clone(mover, base_urls[i % 2]) for i in range(RACERS_PER_TURN)]
        calls = [
            partial(
                c.post,
                f"/games/{game_id}/plays/",
                {"card": legal[i % len(legal)], "expected_seq": seq},
                headers={"Idempotency-Key": uuid.uuid4().hex},
            )
            for i, c in enumerate(clients)
        ]
        # The other seats race too, without a precondition: never their turn.
        others = [clone(players[s], base_urls[s % 2]) for s in range(4) if s != seat]
        calls += [partial(c.post, f"/games/{game_id}/plays/", {"card": "2C"}) for c in others]
        responses = race(calls)
        for c in clients + others:
            c.close()
        mine, theirs = responses[:RACERS_PER_TURN], responses[RACERS_PER_TURN:]
        statuses = sorted(r.status_code for r in mine)
        assert statuses.count(200) == 1, [(r.status_code, r.text[:200]) for r in mine]
        losers = [r for r in mine if r.status_code != 200]
        assert {(r.status_code, _code(r)) for r in losers} == {(409, "concurrency_conflict")}
        assert all(r.json()["extra"]["current_seq"] > seq for r in losers)
        for r in theirs:
            assert r.status_code in (409, 422), r.text
            assert _code(r) in {"not_your_turn", "card_not_in_hand", "concurrency_conflict"}
        winner = next(r for r in mine if r.status_code == 200).json()
        assert winner["seq"] > seq
        assert GameEvent.objects.filter(game_id=game_id).count() == winner["seq"]
        played = GameEvent.objects.filter(game_id=game_id, seq=seq + 1, type="card_played")
        assert played.count() == 1
        summary.append(statuses)
    print(f"{TURNS} turns x {RACERS_PER_TURN} racers + 3 other seats: {summary}")
    assert GameEvent.objects.filter(game_id=game_id, type="card_played").count() == TURNS
    assert_log_verifies(game_id)


def test_racing_without_preconditions_still_appends_each_move_once(base_urls):
    """No expected_seq: the same seat sends different legal cards at once. One card is played,
    the others are refused by the rules (the turn moved on) or by the append conflict; no 5xx."""
    game_id, players = four_human_table(base_urls[0], options={"passing": False})
    for _turn in range(3):
        game = players[0].game(game_id)
        seat, seq = game["to_act"][0], game["seq"]
        legal = players[seat].game(game_id)["view"]["legal_cards"]
        clients = [clone(players[seat], base_urls[i % 2]) for i in range(4)]
        responses = race([
            partial(c.post, f"/games/{game_id}/plays/", {"card": legal[i % len(legal)]})
            for i, c in enumerate(clients)
        ])  # fmt: skip
        for c in clients:
            c.close()
        statuses = [r.status_code for r in responses]
        assert statuses.count(200) == 1, [(r.status_code, r.text[:200]) for r in responses]
        for r in responses:
            if r.status_code != 200:
                assert (r.status_code, _code(r)) in {
                    (409, "concurrency_conflict"), (422, "not_your_turn")
                }, r.text  # fmt: skip
        assert GameEvent.objects.filter(game_id=game_id, type="card_played").count() == _turn + 1
        assert players[0].game(game_id)["seq"] > seq
    assert_log_verifies(game_id)


def test_a_retried_move_appends_once_and_answers_identically(base_urls):
    """The same Idempotency-Key and body, sent concurrently from two server processes and again
    after the first finished: one event, the same answer every time; another body is refused."""
    game_id, players = four_human_table(base_urls[0], options={"passing": False})
    game = players[0].game(game_id)
    seat, seq = game["to_act"][0], game["seq"]
    legal = players[seat].game(game_id)["view"]["legal_cards"]
    key = f"retry-{uuid.uuid4().hex}"
    body = {"card": legal[0], "expected_seq": seq}
    clients = [clone(players[seat], base_urls[i % 2]) for i in range(6)]
    send = [
        (lambda c=c: c.post(f"/games/{game_id}/plays/", body, headers={"Idempotency-Key": key}))
        for c in clients
    ]
    concurrent = race(send)
    later = [send[0](), send[1]()]
    for c in clients:
        c.close()
    responses = concurrent + later
    assert [r.status_code for r in responses] == [200] * len(responses), [
        (r.status_code, r.text[:200]) for r in responses
    ]
    # The same document every time (compared as JSON: a replay renders the stored response,
    # and PostgreSQL's jsonb keeps keys in its own order).
    assert len({json.dumps(r.json(), sort_keys=True) for r in responses}) == 1
    assert len({r.headers["ETag"] for r in responses}) == 1
    replayed = [r for r in responses if r.headers.get("Idempotent-Replayed") == "true"]
    assert len(replayed) == len(responses) - 1
    assert GameEvent.objects.filter(game_id=game_id, type="card_played").count() == 1
    assert responses[0].json()["seq"] == seq + 1

    other_card = legal[1] if len(legal) > 1 else "AS"
    reused = players[seat].post(
        f"/games/{game_id}/plays/", {"card": other_card}, headers={"Idempotency-Key": key}
    )
    assert reused.status_code == 422
    assert _code(reused) == "idempotency_key_reused"
    assert GameEvent.objects.filter(game_id=game_id).count() == seq + 1
    assert_log_verifies(game_id)
