"""The auditors' admin: lists with filters and search, the game page (seats, scores per hand,
paginated read-only event log) and the whole table at any sequence number."""

from __future__ import annotations

import json

import pytest

from games import engine, store
from games.models import Game, GameEvent, Seat
from tests.store.conftest import is_postgres, new_game
from tests.store.test_verify_games import tamper

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


def finished_game():
    return new_game(hands=50, target=30)[0]


def test_a_finished_game_page_shows_its_outcome(enqueued, admin_client):
    game_id = finished_game()
    agg = store.load(game_id).aggregate
    outcome = agg.state.outcome
    assert outcome is not None
    html = admin_client.get(f"/admin/games/game/{game_id}/change/").content.decode()
    names = [s.display_name for s in agg.seats]
    winners = " and ".join(names[s] for s in outcome.winners)
    assert f"Winner{'s' if len(outcome.winners) > 1 else ''}: {winners}" in html
    for seat, total in enumerate(outcome.totals):
        assert f"<td>{seat}</td><td>{names[seat]}</td><td>{total}" in html
    assert f"{len(agg.state.hand_results)} hand(s) played" in html
    assert f"ended after hand {outcome.hand_number}" in html
    assert "reached the target of 30" in html


def test_an_unfinished_game_page_says_it_is_not_over(played, admin_client):
    html = admin_client.get(f"/admin/games/game/{played}/change/").content.decode()
    assert "Not over (active): 1 hand(s) scored so far." in html


def test_the_event_log_is_paginated_not_inlined(played, admin_client):
    game = Game.objects.get(pk=played)
    assert game.last_seq > 60  # more than one page of events
    html = admin_client.get(f"/admin/games/game/{played}/change/").content.decode()
    log = html.split('id="event-log"', 1)[1]
    assert log.count("<tr>") - 1 == 50  # one header row and one page of 50 events
    assert "gameevent_set" not in html  # no inline of the events


def test_verify_on_the_game_page_reports_an_honest_game(played, admin_client):
    html = admin_client.get(f"/admin/games/game/{played}/change/").content.decode()
    assert f'href="/admin/games/game/{played}/verify/"' in html
    page = admin_client.get(f"/admin/games/game/{played}/verify/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-verified="ok"' in html
    for c in engine_commitments(played):
        assert c in html
    assert html.count("&#10003; matches") == 1  # hand 1 is scored; hand 2 is in play
    assert "not revealed yet (hand in play)" in html


def engine_commitments(game_id) -> list[str]:
    out = []
    for row in store.event_rows(game_id):
        if row["type"] == "hand_dealt":
            deck = [engine.parse_card(c) for c in row["payload"]["deck"]]
            out.append(engine.deal_commitment(deck, row["payload"]["salt"]))
    return out


def test_verify_on_the_game_page_shows_a_tampered_event(played, admin_client):
    row = GameEvent.objects.filter(game_id=played, type="card_played").order_by("seq")[3]
    forged = {**row.payload, "card": "AH" if row.payload["card"] != "AH" else "KH"}
    cast = "::jsonb" if is_postgres() else ""
    tamper(
        f"UPDATE games_gameevent SET payload = %s{cast} WHERE id = %s",
        [json.dumps(forged), row.pk],
    )
    html = admin_client.get(f"/admin/games/game/{played}/verify/").content.decode()
    assert 'data-verified="failed"' in html
    assert f"seq {row.seq}: hash mismatch" in html


def test_verify_a_tampered_deal_shows_the_commitment_differs(played, admin_client):
    row = GameEvent.objects.get(game_id=played, type="hand_scored")
    deck = list(row.payload["deck"])
    deck[0], deck[1] = deck[1], deck[0]
    forged = {**row.payload, "deck": deck}
    cast = "::jsonb" if is_postgres() else ""
    tamper(
        f"UPDATE games_gameevent SET payload = %s{cast} WHERE id = %s",
        [json.dumps(forged), row.pk],
    )
    html = admin_client.get(f"/admin/games/game/{played}/verify/").content.decode()
    assert 'data-verified="failed"' in html
    assert "hand 1's deal commitment" in html
    assert "&#10007; DIFFERS" in html


def test_verify_action_on_the_list(played, admin_client):
    response = admin_client.post(
        "/admin/games/game/",
        {"action": "verify_selected_games", "_selected_action": [str(played)]},
        follow=True,
    )
    assert response.status_code == 200
    assert "1 game(s) verified: OK." in response.content.decode()


def test_verify_action_on_the_list_reports_a_failure(played, admin_client):
    row = GameEvent.objects.filter(game_id=played, type="card_played").order_by("seq")[1]
    tamper("UPDATE games_gameevent SET hash = %s WHERE id = %s", ["f" * 64, row.pk])
    html = admin_client.post(
        "/admin/games/game/",
        {"action": "verify_selected_games", "_selected_action": [str(played)]},
        follow=True,
    ).content.decode()
    assert "1 of 1 game(s) FAILED verification." in html


def test_non_staff_cannot_open_the_verify_page(played, client):
    assert client.get(f"/admin/games/game/{played}/verify/").status_code == 302
