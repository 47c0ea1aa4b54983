"""Private tables with invite links (join, decline, revoke, renew, expiry, start with AI fill)
and rematch (same players, seats rotated, each human accepts; a decline closes it)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as game_services
from games.models import Game, Seat
from matchmaking.models import Table, TableEvent
from tests.api.conftest import assert_problem, run_ai
from tests.services.helpers import aggregate, first_legal, human_move

pytestmark = pytest.mark.django_db


def post(p, path, body=None):
    return p.client.post(path, body or {}, format="json")


def make_table(p, preset="classic", **body):
    response = post(p, "/api/v1/tables/", {"preset": preset, **body})
    assert response.status_code == 201, response.content
    return response.json()


def test_invite_link_flow_to_a_started_game(player, anon):
    alice, bob, carol = player("alice"), player("bob"), player("carol")
    table = make_table(alice, "classic", ai_level="expert")
    invite = table["invite"]
    assert len(invite["code"]) >= 24
    assert invite["url"] == f"/play/#/join/{invite['code']}"
    assert (table["kind"], table["status"], table["you_created"]) == ("private", "open", True)
    # a private table is not in the public lobby, and the lobby has no game for it yet
    assert anon.get("/api/v1/games/?status=lobby").json()["count"] == 0

    preview = bob.client.get(f"/api/v1/invites/{invite['code']}/").json()
    assert preview["creator"] == "alice"
    assert [m["display_name"] for m in preview["members"]] == ["alice"]
    joined = post(bob, f"/api/v1/invites/{invite['code']}/accept/").json()
    assert [(m["display_name"], m["status"]) for m in joined["members"]] == [
        ("alice", "joined"),
        ("bob", "joined"),
    ]
    assert_problem(post(bob, f"/api/v1/invites/{invite['code']}/accept/"), 409, "already_at_table")
    assert post(carol, f"/api/v1/invites/{invite['code']}/decline/").status_code == 200
    seen = alice.client.get(f"/api/v1/tables/{table['id']}/").json()
    assert [(m["display_name"], m["status"]) for m in seen["members"]][-1] == ("carol", "declined")

    assert_problem(post(alice, f"/api/v1/tables/{table['id']}/start/"), 409, "table_not_full")
    started = post(alice, f"/api/v1/tables/{table['id']}/start/", {"fill_with_ai": True}).json()
    assert started["status"] == "started"
    seats = list(Seat.objects.filter(game_id=started["game_id"]).order_by("index"))
    assert [(s.kind, s.display_name, s.ai_level) for s in seats] == [
        ("human", "alice", ""),
        ("human", "bob", ""),
        ("ai", "AI (expert)", "expert"),
        ("ai", "AI (expert)", "expert"),
    ]
    assert Game.objects.get(pk=started["game_id"]).status == "active"
    assert bob.client.get(started["game_url"]).json()["your_seat"] == 1
    types = list(TableEvent.objects.filter(table_id=table["id"]).values_list("type", flat=True))
    assert types == ["created", "joined", "declined", "started"]
    assert_problem(post(carol, f"/api/v1/invites/{invite['code']}/accept/"), 409, "table_closed")


def test_a_table_is_private_to_its_players(player):
    alice, eve = player(), player()
    table = make_table(alice)
    assert_problem(eve.client.get(f"/api/v1/tables/{table['id']}/"), 404, "table_not_found")
    assert_problem(eve.client.get("/api/v1/tables/not-a-uuid/"), 404, "table_not_found")
    assert_problem(post(eve, f"/api/v1/tables/{table['id']}/start/"), 404, "table_not_found")


def test_revoke_and_renew_the_invite(player):
    alice, bob, eve = player(), player(), player()
    table = make_table(alice)
    old = table["invite"]["code"]
    invite = f"/api/v1/tables/{table['id']}/invite/"
    assert_problem(eve.client.delete(invite), 404, "table_not_found")  # not even a member
    assert post(bob, f"/api/v1/invites/{old}/accept/").status_code == 200
    assert_problem(bob.client.delete(invite), 403, "not_table_creator")
    revoked = alice.client.delete(invite).json()
    assert revoked["invite"]["revoked"] is True
    assert_problem(post(eve, f"/api/v1/invites/{old}/accept/"), 410, "invite_revoked")
    renewed = post(alice, invite, {"invite_ttl_s": 600}).json()
    new = renewed["invite"]["code"]
    assert new != old
    assert renewed["invite"]["revoked"] is False
    assert_problem(post(eve, f"/api/v1/invites/{old}/accept/"), 404, "invite_not_found")
    assert post(eve, f"/api/v1/invites/{new}/accept/").status_code == 200


def test_an_expired_invite_is_gone(player):
    alice, bob = player(), player()
    table = make_table(alice, invite_ttl_s=60)
    Table.objects.filter(pk=table["id"]).update(
        invite_expires_at=timezone.now() - timedelta(seconds=1)
    )
    body = assert_problem(
        post(bob, f"/api/v1/invites/{table['invite']['code']}/accept/"), 410, "invite_expired"
    )
    assert body["extra"]["expired_at"]
    assert Table.objects.get(pk=table["id"]).members.count() == 1


def test_leaving_and_the_creator_leaving_cancels(player):
    alice, bob = player(), player()
    table = make_table(alice, "two_player")
    code = table["invite"]["code"]
    post(bob, f"/api/v1/invites/{code}/accept/")
    assert bob.client.delete(f"/api/v1/tables/{table['id']}/members/mine/").status_code == 200
    assert post(bob, f"/api/v1/invites/{code}/accept/").status_code == 200  # may come back
    left = alice.client.delete(f"/api/v1/tables/{table['id']}/members/mine/").json()
    assert left["status"] == "cancelled"
    assert_problem(post(bob, f"/api/v1/invites/{code}/accept/"), 409, "table_closed")


def _finish(game_id, users):
    """Play the game to its end with the humans' first legal moves and the AI seats."""
    by_id = {u.pk: u for u in users}
    for _ in range(5000):
        run_ai(game_id)
        agg = aggregate(game_id)
        if agg.status == "finished":
            return
        seat = agg.to_act[0]
        human_move(game_id, by_id[agg.seats[seat].player_id], first_legal(agg, seat))
    raise AssertionError("the game did not end")


def test_rematch_rotates_seats_keeps_ai_and_starts_when_everyone_accepted(player):
    alice, bob, carol = player("alice"), player("bob"), player("carol")
    created = game_services.game_create(
        user=alice.user, preset="classic", overrides={"target": 1}, think_delay_ms=5
    )
    game_id = created.game_id
    game_services.seat_take(game_id=game_id, user=bob.user)
    game_services.seat_fill_with_ai(game_id=game_id, user=alice.user, level="random", seats=[2])
    game_services.seat_take(game_id=game_id, user=carol.user)
    body = assert_problem(
        post(alice, f"/api/v1/games/{game_id}/rematch/"), 409, "rematch_not_allowed"
    )
    assert body["extra"] == {"status": "lobby"}
    game_services.game_start(game_id=game_id, user=alice.user)
    _finish(game_id, [alice.user, bob.user, carol.user])

    outsider = player()
    assert_problem(post(outsider, f"/api/v1/games/{game_id}/rematch/"), 403, "not_seated")
    offer = post(bob, f"/api/v1/games/{game_id}/rematch/").json()
    assert (offer["kind"], offer["status"], offer["previous_game_id"]) == (
        "rematch",
        "open",
        game_id,
    )
    assert offer["ai_seats"] == {"3": "random"}  # the AI of seat 2 sits at seat 3
    assert sorted(offer["waiting_for"]) == ["alice", "carol"]
    assert {m["display_name"]: m["seat"] for m in offer["members"]} == {
        "alice": 1,
        "bob": 2,
        "carol": 0,
    }
    # offering again is accepting; accepting twice changes nothing
    again = post(alice, f"/api/v1/games/{game_id}/rematch/").json()
    assert again["id"] == offer["id"]
    assert again["waiting_for"] == ["carol"]
    assert post(alice, f"/api/v1/tables/{offer['id']}/accept/").json()["waiting_for"] == ["carol"]
    assert carol.client.get(f"/api/v1/games/{game_id}/rematch/").json()["id"] == offer["id"]
    done = post(carol, f"/api/v1/tables/{offer['id']}/accept/").json()
    assert done["status"] == "started"
    new = Game.objects.get(pk=done["game_id"])
    assert new.status == "active"
    assert new.options["think_delay_ms"] == 5
    assert new.ruleset["target"] == 1
    seats = list(Seat.objects.filter(game=new).order_by("index"))
    assert [(s.kind, s.player_id or s.ai_level) for s in seats] == [
        ("human", carol.id),
        ("human", alice.id),
        ("human", bob.id),
        ("ai", "random"),
    ]
    # the next rematch of the same game is a new offer; a decline closes it for everyone
    offer2 = post(alice, f"/api/v1/games/{game_id}/rematch/").json()
    assert offer2["id"] != offer["id"]
    declined = post(bob, f"/api/v1/tables/{offer2['id']}/decline/").json()
    assert declined["status"] == "declined"
    assert_problem(post(carol, f"/api/v1/tables/{offer2['id']}/accept/"), 409, "table_closed")
