"""Preconditions (expected_seq, If-Match), ETag / 304 and Idempotency-Key on the commands."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connection

from games.models import GameEvent, IdempotencyRecord
from tests.api.conftest import assert_problem, create_game, seated_table, url, view


def events(game_id) -> int:
    return GameEvent.objects.filter(game_id=game_id).count()


def lead_card(p, game_id) -> tuple[str, int]:
    v = view(p, game_id)
    return v["view"]["legal_cards"][0], v["seq"]


@pytest.fixture
def table(db, player):
    """Classic without passing: four humans; returns (game_id, leader, others)."""
    game_id, players = seated_table(player, "classic", options={"passing": False})
    to_act = view(players[0], game_id)["to_act"][0]
    leader = next(p for p in players if view(p, game_id)["your_seat"] == to_act)
    return game_id, leader, [p for p in players if p is not leader]


# ------------------------------------------------------------------------------ ETag / 304
@pytest.mark.django_db
def test_game_view_etag_and_304(table, player, anon):
    game_id, leader, others = table
    first = leader.client.get(url(game_id))
    etag = first["ETag"]
    seat = first.json()["your_seat"]
    assert etag == f'"{game_id}:{first.json()["seq"]}:{seat}"'
    assert first["Cache-Control"] == "private, no-cache"

    again = leader.client.get(url(game_id), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag

    # Other viewers have other ETags for the same seq.
    other = others[0].client.get(url(game_id))["ETag"]
    public = anon.get(url(game_id))["ETag"]
    stranger = player().client.get(url(game_id))["ETag"]
    assert len({etag, other, public}) == 3
    assert public == stranger == f'"{game_id}:{first.json()["seq"]}:public"'
    assert anon.get(url(game_id), HTTP_IF_NONE_MATCH=public).status_code == 304
    assert anon.get(url(game_id), HTTP_IF_NONE_MATCH=etag).status_code == 200

    card, seq = lead_card(leader, game_id)
    moved = leader.client.post(url(game_id, "plays"), {"card": card}, format="json")
    assert moved["ETag"] == f'"{game_id}:{seq + 1}:{seat}"'
    stale = leader.client.get(url(game_id), HTTP_IF_NONE_MATCH=etag)
    assert stale.status_code == 200
    assert stale["ETag"] == moved["ETag"]


@pytest.mark.django_db
def test_unknown_game_is_a_404_problem(anon):
    assert_problem(anon.get(url("00000000-0000-4000-8000-000000000000")), 404, "game_not_found")
    assert_problem(anon.get(url("nope")), 404, "game_not_found")


# ------------------------------------------------------------------------------ expected_seq
@pytest.mark.django_db
def test_stale_expected_seq_is_a_409_with_the_current_seq(table):
    game_id, leader, _ = table
    card, seq = lead_card(leader, game_id)
    before = events(game_id)
    response = leader.client.post(
        url(game_id, "plays"), {"card": card, "expected_seq": seq - 1}, format="json"
    )
    body = assert_problem(response, 409, "concurrency_conflict")
    assert body["extra"]["current_seq"] == seq
    assert events(game_id) == before
    ok = leader.client.post(
        url(game_id, "plays"), {"card": card, "expected_seq": seq}, format="json"
    )
    assert ok.status_code == 200
    assert ok.json()["seq"] == seq + 1


@pytest.mark.django_db
def test_expected_seq_on_lobby_commands(player):
    alice, bob = player(), player()
    game = create_game(alice, "two_player")
    game_id, seq = game["game_id"], game["seq"]
    stale = bob.client.post(url(game_id, "seats"), {"expected_seq": seq + 5}, format="json")
    assert assert_problem(stale, 409, "concurrency_conflict")["extra"]["current_seq"] == seq
    ok = bob.client.post(url(game_id, "seats"), {"expected_seq": seq}, format="json")
    assert ok.status_code == 200


# ------------------------------------------------------------------------------ If-Match
@pytest.mark.django_db
def test_if_match_with_the_view_etag(table):
    game_id, leader, _ = table
    response = leader.client.get(url(game_id))
    etag, seq = response["ETag"], response.json()["seq"]
    card = response.json()["view"]["legal_cards"][0]
    ok = leader.client.post(
        url(game_id, "plays"), {"card": card}, format="json", HTTP_IF_MATCH=etag
    )
    assert ok.status_code == 200, ok.content
    assert ok.json()["seq"] == seq + 1


@pytest.mark.django_db
def test_stale_if_match_is_a_412_with_the_current_seq(table):
    game_id, leader, others = table
    etag = leader.client.get(url(game_id))["ETag"]
    card, seq = lead_card(leader, game_id)
    leader.client.post(url(game_id, "plays"), {"card": card}, format="json")
    follower = next(
        p for p in others if view(p, game_id)["your_seat"] in view(p, game_id)["to_act"]
    )
    next_card, _ = lead_card(follower, game_id)
    before = events(game_id)
    for header in (etag, f'"{seq}"', f'W/"{seq}"'):
        response = follower.client.post(
            url(game_id, "plays"), {"card": next_card}, format="json", HTTP_IF_MATCH=header
        )
        body = assert_problem(response, 412, "precondition_failed")
        assert body["extra"]["current_seq"] == seq + 1
    # An ETag of another game never matches, even with the right seq.
    foreign = f'"00000000-0000-4000-8000-000000000000:{seq + 1}:0"'
    response = follower.client.post(
        url(game_id, "plays"), {"card": next_card}, format="json", HTTP_IF_MATCH=foreign
    )
    assert_problem(response, 412, "precondition_failed")
    assert events(game_id) == before
    star = follower.client.post(
        url(game_id, "plays"), {"card": next_card}, format="json", HTTP_IF_MATCH="*"
    )
    assert star.status_code == 200


@pytest.mark.django_db
def test_bad_if_match_headers_are_400(table):
    game_id, leader, _ = table
    card, seq = lead_card(leader, game_id)
    bad = leader.client.post(
        url(game_id, "plays"), {"card": card}, format="json", HTTP_IF_MATCH="yesterday"
    )
    assert_problem(bad, 400, "invalid_if_match")
    both = leader.client.post(
        url(game_id, "plays"),
        {"card": card, "expected_seq": seq - 1},
        format="json",
        HTTP_IF_MATCH=f'"{seq}"',
    )
    assert_problem(both, 400, "conflicting_preconditions")


# ------------------------------------------------------------------------------ Idempotency-Key
@pytest.mark.django_db
def test_a_retried_request_returns_the_first_response_and_appends_nothing(table):
    game_id, leader, _ = table
    card, seq = lead_card(leader, game_id)
    first = leader.client.post(
        url(game_id, "plays"), {"card": card}, format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert first.status_code == 200
    assert "Idempotent-Replayed" not in first
    after_first = events(game_id)
    retry = leader.client.post(
        url(game_id, "plays"), {"card": card}, format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert retry.status_code == 200
    assert retry["Idempotent-Replayed"] == "true"
    assert retry.json() == first.json()
    assert retry["ETag"] == first["ETag"]
    assert events(game_id) == after_first == seq + 1


@pytest.mark.django_db
def test_the_same_key_for_another_request_is_refused(table):
    game_id, leader, _ = table
    card, _seq = lead_card(leader, game_id)
    leader.client.post(
        url(game_id, "plays"), {"card": card}, format="json", HTTP_IDEMPOTENCY_KEY="k"
    )
    before = events(game_id)
    other_body = leader.client.post(
        url(game_id, "plays"), {"card": "AS"}, format="json", HTTP_IDEMPOTENCY_KEY="k"
    )
    assert_problem(other_body, 422, "idempotency_key_reused")
    other_path = leader.client.post(
        url(game_id, "resign"), {}, format="json", HTTP_IDEMPOTENCY_KEY="k"
    )
    assert_problem(other_path, 422, "idempotency_key_reused")
    assert events(game_id) == before


@pytest.mark.django_db
def test_keys_belong_to_one_user(player):
    alice, bob = player(), player()
    a = alice.client.post(
        "/api/v1/games/", {"preset": "classic"}, format="json", HTTP_IDEMPOTENCY_KEY="same"
    )
    b = bob.client.post(
        "/api/v1/games/", {"preset": "classic"}, format="json", HTTP_IDEMPOTENCY_KEY="same"
    )
    assert a.status_code == b.status_code == 201
    assert a.json()["game_id"] != b.json()["game_id"]
    again = alice.client.post(
        "/api/v1/games/", {"preset": "classic"}, format="json", HTTP_IDEMPOTENCY_KEY="same"
    )
    assert again.status_code == 201
    assert again.json()["game_id"] == a.json()["game_id"]
    assert again["Location"] == a["Location"]


@pytest.mark.django_db
def test_a_rejected_request_stores_no_key(table):
    game_id, _leader, others = table
    wrong = others[0].client.post(
        url(game_id, "plays"), {"card": "2C"}, format="json", HTTP_IDEMPOTENCY_KEY="try"
    )
    assert wrong.status_code == 422
    assert not IdempotencyRecord.objects.filter(key="try").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["", "x" * 256])
def test_invalid_keys_are_400(table, key):
    game_id, leader, _ = table
    card, _ = lead_card(leader, game_id)
    response = leader.client.post(
        url(game_id, "plays"), {"card": card}, format="json", HTTP_IDEMPOTENCY_KEY=key
    )
    assert_problem(response, 400, "invalid_idempotency_key")


# ------------------------------------------------------------------------------ concurrency
def _concurrently(n, fn):
    barrier = threading.Barrier(n)
    results = [None] * n

    def run(i):
        try:
            barrier.wait()
            results[i] = fn(i)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


@pytest.mark.django_db(transaction=True)
def test_concurrent_duplicates_append_once(player):
    game_id, players = seated_table(player, "classic", options={"passing": False})
    to_act = view(players[0], game_id)["to_act"][0]
    leader = next(p for p in players if view(p, game_id)["your_seat"] == to_act)
    card, seq = lead_card(leader, game_id)

    def post(_i):
        r = leader.client.post(
            url(game_id, "plays"), {"card": card}, format="json", HTTP_IDEMPOTENCY_KEY="dup"
        )
        return r.status_code, r.json()

    results = _concurrently(4, post)
    assert [status for status, _ in results] == [200] * 4
    assert len({json.dumps(body, sort_keys=True) for _, body in results}) == 1
    assert events(game_id) == seq + 1
    assert GameEvent.objects.filter(game_id=game_id, type="card_played").count() == 1


@pytest.mark.django_db(transaction=True)
def test_concurrent_moves_with_one_expected_seq_append_once(player):
    game_id, players = seated_table(player, "classic", options={"passing": False})
    to_act = view(players[0], game_id)["to_act"][0]
    leader = next(p for p in players if view(p, game_id)["your_seat"] == to_act)
    card, seq = lead_card(leader, game_id)

    def post(i):
        r = leader.client.post(
            url(game_id, "plays"),
            {"card": card, "expected_seq": seq},
            format="json",
            HTTP_IDEMPOTENCY_KEY=f"k{i}",
        )
        return r.status_code

    statuses = sorted(_concurrently(3, post))
    assert statuses[0] == 200
    assert set(statuses[1:]) <= {409, 422}
    assert events(game_id) == seq + 1
