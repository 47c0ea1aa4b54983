"""Hand a seat to the AI, reclaim it, resign; and the full log export of a finished game."""

from __future__ import annotations

import hashlib

import pytest

from games import store
from tests.api.conftest import GameDriver, assert_problem, run_ai, seated_table, url, view

pytestmark = pytest.mark.django_db


def post(p, game_id, action, body=None):
    return p.client.post(url(game_id, action), body or {}, format="json")


def test_hand_over_to_the_ai_and_reclaim(player):
    game_id, (alice, bob) = seated_table(player, "two_player")
    seat = view(alice, game_id)["your_seat"]
    response = post(alice, game_id, "handover", {"level": "expert"})
    assert response.status_code == 200, response.content
    body = response.json()
    assert [e["type"] for e in body["events"]] == ["seat_handed_to_ai"]
    assert body["events"][0]["payload"] == {"seat": seat, "level": "expert", "reason": "requested"}
    mine = body["game"]["seats"][seat]
    assert mine["handed_to_ai"] is True
    assert mine["ai_level"] == "expert"

    # The AI plays the seat now; the human may not.
    assert_problem(post(alice, game_id, "plays", {"card": "2C"}), 409, "seat_handed_to_ai")
    assert_problem(post(alice, game_id, "handover", {"level": "expert"}), 409, "seat_handed_to_ai")
    seq = view(alice, game_id)["seq"]
    GameDriver(game_id=game_id, players=[bob]).step()
    run_ai(game_id)
    assert view(alice, game_id)["seq"] > seq

    response = post(alice, game_id, "reclaim")
    assert response.status_code == 200, response.content
    assert response.json()["game"]["seats"][seat]["handed_to_ai"] is False
    assert_problem(post(alice, game_id, "reclaim"), 409, "seat_not_ai")


def test_resign_hands_the_seat_to_the_ai_for_good(player):
    game_id, (alice, _bob) = seated_table(player, "two_player")
    seat = view(alice, game_id)["your_seat"]
    response = post(alice, game_id, "resign")
    assert response.status_code == 200, response.content
    event = response.json()["events"][0]
    assert event["type"] == "seat_handed_to_ai"
    assert event["payload"]["reason"] == "resigned"
    assert response.json()["game"]["seats"][seat]["resigned"] is True
    assert_problem(post(alice, game_id, "reclaim"), 403, "seat_resigned")
    assert_problem(post(alice, game_id, "handover"), 403, "seat_resigned")
    assert_problem(post(alice, game_id, "resign"), 403, "seat_resigned")
    assert_problem(post(alice, game_id, "plays", {"card": "2C"}), 403, "seat_resigned")
    # A resigned player still sees the seat's cards.
    assert view(alice, game_id)["view"]["hand"]


def test_seat_commands_need_a_started_game_and_a_seat(player):
    game_id, (alice, _bob) = seated_table(player, "two_player", start=False)
    for action in ("handover", "reclaim", "resign"):
        assert_problem(post(alice, game_id, action), 409, "game_not_started")
    assert_problem(post(alice, game_id, "handover", {"level": "genius"}), 400, "validation_error")
    stranger = player()
    for action in ("handover", "reclaim", "resign"):
        assert_problem(post(stranger, game_id, action), 403, "not_seated")


def test_the_log_of_a_finished_game_is_exported_with_its_hash_chain(player, anon):
    game_id, (alice, bob) = seated_table(player, "two_player", options={"target": 20})
    assert_problem(anon.get(url(game_id, "log")), 409, "game_not_finished")
    commitments = []
    driver = GameDriver(game_id=game_id, players=[alice, bob])
    while driver.step():
        c = view(alice, game_id)["view"]["commitment"]
        if c and c not in commitments:
            commitments.append(c)

    response = anon.get(url(game_id, "log"))
    assert response.status_code == 200, response.content
    log = response.json()
    assert log["game_id"] == game_id
    assert log["ruleset"]["target"] == 20
    events = log["events"]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert events[-1]["type"] == "game_ended"
    assert log["chain_version"] == 2
    prev = "0" * 64  # genesis
    for e in events:
        assert e["prev_hash"] == prev
        assert "player" not in e["actor"]  # no account id in the public log
        assert e["redacted"] == []  # chain v2: the public form is the hashed form
        assert e["hash"] == store.public_hash(
            prev_hash=prev, game_id=game_id, seq=e["seq"], type_=e["type"],
            schema_version=e["schema_version"], payload=e["payload"], actor=e["actor"],
        )  # fmt: skip
        prev = e["hash"]
    # Every hash recomputes, a human's events too: players appear under per-game pseudonyms.
    taken = [e for e in events if e["type"] == "seat_taken"]
    assert taken
    assert all(e["payload"]["player_pseudonym"].startswith("p_") for e in taken)
    # Unredacted: every deal with its deck and salt, matching the commitment players saw.
    deals = [e["payload"] for e in events if e["type"] == "hand_dealt"]
    assert all("deck" in d and "salt" in d for d in deals)
    for deal in deals:
        digest = hashlib.sha256((deal["salt"] + ":" + " ".join(deal["deck"])).encode()).hexdigest()
        assert digest in commitments
    assert len(deals) == len(view(alice, game_id)["view"]["hand_results"])
    assert_problem(
        anon.get(url("00000000-0000-4000-8000-000000000000", "log")), 404, "game_not_found"
    )
