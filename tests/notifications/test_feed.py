"""The per-player feed: games awaiting my move, the events of all my games with a cursor, its
query count, long-poll, and that it never shows another seat's cards.

These tests use ``transactional_db``: the feed is projected after each commit (the
``events_appended`` signal), which the ``db`` fixture's wrapping transaction would hold back."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game
from notifications import services
from notifications.models import FeedItem, GameFeedState
from tests.api.conftest import GameDriver, run_ai, seated_table, url
from tests.api.leaks import card_codes, forbidden_by_seq

pytestmark = pytest.mark.django_db(transaction=True)


def feed(p, **params):
    response = p.client.get("/api/v1/me/feed/", params)
    assert response.status_code == 200, response.content
    return response.json()


def all_items(p, limit=7):
    after, out = 0, []
    while True:
        page = feed(p, after=after, limit=limit)
        out += page["items"]
        after = page["next_after"]
        if not page["has_more"]:
            return out


def test_feed_pages_every_event_of_every_game_once_in_order(player):
    game_a, (alice, *_others) = seated_table(player, humans=1)
    run_ai(game_a)
    game_b, (bob, carol) = seated_table(player, humans=2, start=False)
    assert carol.client.delete(url(game_b, "seats/mine")).status_code in (200, 204)
    items = all_items(alice)
    positions = [i["position"] for i in items]
    assert positions == list(range(1, len(positions) + 1))
    log = Game.objects.get(pk=game_a).last_seq
    assert [(i["game_id"], i["event"]["seq"]) for i in items] == [
        (game_a, seq) for seq in range(1, log + 1)
    ]
    # Bob sees his own game's events from creation on; Carol those from her seat until she
    # left (her own seat_left included).
    bob_types = [i["event"]["type"] for i in all_items(bob)]
    assert bob_types[:2] == ["game_created", "seat_taken"]
    assert bob_types[-1] == "seat_left"
    carol_items = all_items(carol)
    assert [i["event"]["type"] for i in carol_items] == [
        "seat_taken",
        "ai_seat_added",
        "ai_seat_added",
        "seat_left",
    ]
    assert [i["seat"] for i in carol_items] == [1, 1, 1, None]


def test_resume_after_a_position_has_no_gap_and_no_duplicate(player):
    game_id, players = seated_table(player, humans=1)
    alice = players[0]
    first = feed(alice, limit=3)
    assert [i["position"] for i in first["items"]] == [1, 2, 3]
    assert first["has_more"] is True
    driver = GameDriver(game_id, players)
    for _ in range(5):
        driver.step()
    rest = all_items(alice)
    again = feed(alice, after=first["next_after"], limit=500)["items"]
    assert [i["position"] for i in again] == list(range(4, 4 + len(again)))
    assert [i["position"] for i in rest[:3]] == [1, 2, 3]
    seqs = [i["event"]["seq"] for i in first["items"] + again]
    assert seqs == list(range(1, Game.objects.get(pk=game_id).last_seq + 1))


def test_awaiting_lists_exactly_the_games_where_my_seat_must_act(player):
    mine, (alice, *_x) = seated_table(player, humans=1)
    run_ai(mine)
    lobby, _ = seated_table(player, humans=1, start=False)
    waiting = feed(alice)["awaiting"]
    game = Game.objects.get(pk=mine)
    assert [(w["game_id"], w["seat"], w["seq"]) for w in waiting] == [
        (mine, game.to_act[0], game.last_seq)
    ]
    assert game.to_act == [0]
    assert lobby not in {w["game_id"] for w in waiting}
    # After my pass the AI passes too and the hand starts: my turn again only if I lead.
    driver = GameDriver(mine, [alice])
    driver.step()
    run_ai(mine)
    game.refresh_from_db()
    expected = [mine] if 0 in game.to_act else []
    assert [w["game_id"] for w in feed(alice)["awaiting"]] == expected


def test_the_feed_never_shows_another_seats_cards(player):
    game_id, players = seated_table(player, humans=2)
    driver = GameDriver(game_id, players)
    for _ in range(40):
        if not driver.step():
            break
    for p in players:
        items = all_items(p, limit=50)
        assert items
        forbidden = forbidden_by_seq(game_id, {i["event"]["seq"] for i in items})
        seat = items[0]["seat"]
        dealt = [i for i in items if i["event"]["type"] == "hand_dealt"]
        assert dealt
        assert all(len(i["event"]["payload"]["cards"]) == 13 for i in dealt)
        for item in items:
            assert item["seat"] == seat
            hidden = forbidden[item["event"]["seq"]][seat]
            leaked = set(card_codes(item["event"])) & hidden
            assert not leaked, (item, leaked)


def _queries_for_feed(p) -> int:
    with CaptureQueriesContext(connection) as ctx:
        feed(p, limit=100)
    return len(ctx.captured_queries)


def test_query_count_does_not_grow_with_the_number_of_games(player, django_assert_num_queries):
    alice = player()
    counts = []
    for _ in range(3):
        for _ in range(2):
            game_id, _ps = seated_table(lambda: alice, humans=1)
            run_ai(game_id)
        counts.append(_queries_for_feed(alice))
    # token auth, games awaiting, one page of items: 3 queries for 2, 4 or 6 games
    assert counts == [3, 3, 3]
    with django_assert_num_queries(3):
        page = feed(alice, limit=500)
    assert len(page["awaiting"]) == 6
    assert len({i["game_id"] for i in page["items"]}) == 6


def test_projection_catches_up_when_the_commit_receiver_was_lost(player, monkeypatch):
    from notifications import receivers

    monkeypatch.setattr(receivers.services, "feed_sync_game", lambda **kw: 0)
    game_id, (alice, *_x) = seated_table(player, humans=1)
    run_ai(game_id)
    assert not FeedItem.objects.filter(player=alice.user).exists()
    monkeypatch.undo()
    later = Game.objects.get(pk=game_id).last_event_at
    assert services.feed_sync_behind(now=later) == 0  # within the grace period: left alone
    import datetime as dt

    assert services.feed_sync_behind(now=later + dt.timedelta(seconds=10)) == 1
    items = all_items(alice)
    assert [i["event"]["seq"] for i in items] == list(
        range(1, Game.objects.get(pk=game_id).last_seq + 1)
    )
    state = GameFeedState.objects.get(game_id=game_id)
    assert state.synced_seq == Game.objects.get(pk=game_id).last_seq
    assert services.feed_sync_game(game_id=game_id) == 0  # idempotent


def test_long_poll_answers_when_one_of_my_games_moves(player):
    game_id, (alice, *_x) = seated_table(player, humans=1)
    run_ai(game_id)
    head = feed(alice, limit=500)["next_after"]
    v = alice.client.get(url(game_id)).json()

    def move_soon():
        time.sleep(0.7)
        cards = v["view"]["legal_cards"][: v["view"]["pass_count"]]
        alice.client.post(url(game_id, "passes"), {"cards": cards}, format="json")
        connection.close()

    mover = threading.Thread(target=move_soon)
    started = time.monotonic()
    mover.start()
    page = feed(alice, after=head, wait=10)
    waited = time.monotonic() - started
    mover.join()
    assert page["items"], page
    assert page["items"][0]["event"]["type"] == "cards_passed"
    assert page["items"][0]["position"] == head + 1
    assert 0.5 < waited < 9


def test_long_poll_times_out_with_an_empty_page(player):
    # A lobby game: nothing moves in it (a worker of the run could play an active game's AI).
    _game_id, (alice, *_x) = seated_table(player, humans=1, start=False)
    head = feed(alice, limit=500)["next_after"]
    started = time.monotonic()
    page = feed(alice, after=head, wait=1)
    assert page["items"] == []
    assert page["next_after"] == head
    assert time.monotonic() - started >= 0.9


def test_feed_requires_authentication_and_valid_parameters(anon, player):
    response = anon.get("/api/v1/me/feed/")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    response = player().client.get("/api/v1/me/feed/", {"after": -1})
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error"
