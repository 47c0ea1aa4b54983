"""The auditors' admin: lists with filters and search, the game page (seats, scores per hand,
paginated read-only event log) and the whole table at any sequence number."""

from __future__ import annotations

import pytest

from games import engine, store
from games.models import Game, Seat

pytestmark = pytest.mark.django_db


def test_game_list_filters_and_search(played, admin_client):
    seat = Seat.objects.get(game_id=played, index=2)
    for query in ("", "?status__exact=active", "?preset=classic", f"?q={seat.display_name}"):
        page = admin_client.get(f"/admin/games/game/{query}")
        assert page.status_code == 200
        assert str(played).encode() in page.content, query
    assert (
        str(played).encode()
        not in admin_client.get("/admin/games/game/?status__exact=lobby").content
    )


def test_game_page_shows_seats_scores_and_a_paginated_event_log(played, admin_client):
    game = Game.objects.get(pk=played)
    page = admin_client.get(f"/admin/games/game/{played}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f"Event log ({game.last_seq} events, read-only)" in html
    assert "page 1 of" in html
    assert "seat 0 points / total" in html  # the scores table (one hand is scored)
    totals = store.load(played).aggregate.state.hand_results[0].totals
    assert f"{totals[0]}</td>" in html or f"/ {totals[0]}" in html
    assert 'name="_save"' not in html  # read-only
    second = admin_client.get(f"/admin/games/game/{played}/change/?events_page=2").content.decode()
    assert ">51</td>" in second  # the second page starts at seq 51


def test_state_at_a_sequence_number_shows_every_hand(played, admin_client):
    rows = store.event_rows(played)
    dealt = next(r for r in rows if r["type"] == "hand_dealt")
    page = admin_client.get(f"/admin/games/game/{played}/state/?seq={dealt['seq']}")
    assert page.status_code == 200
    html = page.content.decode()
    state = store.load(played, upto_seq=dealt["seq"]).aggregate.state
    for seat in range(4):
        hand = engine.view_for_seat(state, seat).to_dict()["hand"]
        assert " ".join(hand) in html
    assert admin_client.get(f"/admin/games/game/{played}/state/?seq=99999").status_code == 200
    assert (
        admin_client.get(
            "/admin/games/game/00000000-0000-0000-0000-000000000000/state/"
        ).status_code
        == 404
    )


def test_non_staff_cannot_open_the_audit_pages(played, client):
    response = client.get(f"/admin/games/game/{played}/state/")
    assert response.status_code == 302  # to the admin login


def test_the_event_list_filtered_by_game_is_read_only(played, admin_client):
    page = admin_client.get(f"/admin/games/gameevent/?game__id__exact={played}")
    assert page.status_code == 200
    html = page.content.decode()
    assert "hand_dealt" in html
    assert "delete_selected" not in html
    assert "/admin/games/gameevent/add/" not in html
