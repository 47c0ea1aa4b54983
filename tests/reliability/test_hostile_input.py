"""Hostile input sent to a live server (uvicorn, the real request parsing): every answer is a
4xx problem, nothing is appended. In-process versions of the simpler cases live in tests/api."""

from __future__ import annotations

import pytest

from games.models import GameEvent
from tests.reliability.live import four_human_table

pytestmark = pytest.mark.integration

PROBLEM = "application/problem+json"


@pytest.fixture
def table(base_urls):
    game_id, players = four_human_table(base_urls[0], options={"passing": False})
    seat = players[0].game(game_id)["to_act"][0]
    return game_id, players[seat], players[(seat + 1) % 4]


def _raw(client, path, content: bytes, content_type="application/json"):
    return client.http.post(path, content=content, headers={"Content-Type": content_type})


BAD_PLAYS = [
    (b"{", "application/json"),  # malformed JSON
    (b'{"card": "2C"', "application/json"),
    (b"\xff\xfe\x00garbage", "application/json"),  # not UTF-8
    (b"[]", "application/json"),
    (b'"2C"', "application/json"),
    (b"null", "application/json"),
    (b'{"card": 2}', "application/json"),  # wrong types
    (b'{"card": ["2C"]}', "application/json"),
    (b'{"card": {"rank": 2}}', "application/json"),
    (b'{"card": "2C", "expected_seq": "many"}', "application/json"),
    (b'{"card": "2C", "expected_seq": -1}', "application/json"),
    (b'{"card": "2C", "expected_seq": 99999999999999999999999}', "application/json"),
    (b'{"card": "1X"}', "application/json"),  # unknown card codes
    (b'{"card": "2\\u0000C"}', "application/json"),
    (b'{"card": ""}', "application/json"),
    (b'{"card": "' + b"A" * 100_000 + b'"}', "application/json"),
    (b"[" * 50_000 + b"]" * 50_000, "application/json"),  # nesting bomb (was a 500)
    (b'{"card": "2C", "card": "3C"}', "application/json"),
    (b"card=2C", "application/x-www-form-urlencoded"),  # another media type
    (b"card=2C", "text/plain"),
]


def test_malformed_and_wrongly_typed_plays_are_4xx(table):
    game_id, mover, _ = table
    before = GameEvent.objects.filter(game_id=game_id).count()
    for content, content_type in BAD_PLAYS:
        r = _raw(mover, f"/games/{game_id}/plays/", content, content_type)
        assert 400 <= r.status_code < 500, (content[:60], r.status_code, r.text[:300])
        assert r.headers["content-type"].startswith(PROBLEM)
    assert GameEvent.objects.filter(game_id=game_id).count() == before


def test_a_huge_body_is_refused_with_a_4xx(table):
    game_id, mover, _ = table
    huge = b'{"card": "2C", "pad": "' + b"x" * (8 * 1024 * 1024) + b'"}'
    r = _raw(mover, f"/games/{game_id}/plays/", huge)
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])
    r = _raw(
        mover, "/games/", b'{"preset": "classic", "options": {"x": "' + b"y" * 4_000_000 + b'"}}'
    )
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])
    assert GameEvent.objects.filter(game_id=game_id, type="card_played").count() == 0


def test_cards_outside_the_game_deck_and_from_another_seat_are_4xx(base_urls):
    from tests.reliability.live import sign_up

    # The two-player deck has no 3C (classic cards from another variant's deck).
    a, b = sign_up(base_urls[0]), sign_up(base_urls[0])
    game_id = a.post("/games/", {"preset": "two_player"}).json()["game_id"]
    assert b.post(f"/games/{game_id}/seats/", {}).status_code == 200
    assert a.post(f"/games/{game_id}/start/", {}).status_code == 200
    mover = a if a.game(game_id)["your_seat"] in a.game(game_id)["to_act"] else b
    other = b if mover is a else a
    r = mover.post(f"/games/{game_id}/plays/", {"card": "3C"})
    assert (r.status_code, r.json()["code"]) == (422, "card_not_in_deck")
    not_mine = other.game(game_id)["view"]["hand"][0]
    r = mover.post(f"/games/{game_id}/plays/", {"card": not_mine})
    assert (r.status_code, r.json()["code"]) == (422, "card_not_in_hand")
    r = other.post(f"/games/{game_id}/plays/", {"card": not_mine})
    assert (r.status_code, r.json()["code"]) == (422, "not_your_turn")
    r = mover.post(f"/games/{game_id}/passes/", {"cards": ["3C", "4C", "5C"]})
    assert 400 <= r.status_code < 500
    assert GameEvent.objects.filter(game_id=game_id, type="card_played").count() == 0
