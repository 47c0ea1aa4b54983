"""Quick play and bot accounts: a bot sits only with humans who allow bots (``allow_bots``),
a human who does not is never matched with one (docs/bots-api.md); private-table invites seat
a bot that accepts the code, shown as a bot in the game."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.selectors import game_view_for_user
from matchmaking import services
from matchmaking.matching import Waiting, plan_tables
from matchmaking.models import Ticket
from tests.matchmaking.conftest import queue

pytestmark = pytest.mark.django_db


def w(key, *, at=0.0, bot=False, allow=False, ai_fill=False):
    return Waiting(
        key=key, pool="p", seats=2, queued_at=at, ai_fill=ai_fill, is_bot=bot, allow_bots=allow
    )


def test_the_planner_seats_a_bot_only_with_humans_who_allow_bots():
    # The bot came first: the human who refuses bots passes it by and waits for a human.
    plans = plan_tables([w("bot", bot=True), w("ann", at=1), w("ben", at=2)], now=3)
    assert [p.keys for p in plans] == [("ann", "ben")]
    plans = plan_tables([w("bot", bot=True), w("ann", at=1, allow=True)], now=3)
    assert [p.keys for p in plans] == [("bot", "ann")]
    plans = plan_tables([w("b1", bot=True), w("b2", at=1, bot=True)], now=3)
    assert [p.keys for p in plans] == [("b1", "b2")]  # bots with bots
    plans = plan_tables([w("ann"), w("bot", at=1, bot=True)], now=3)
    assert plans == []


def register_bot(owner, name):
    created = owner.client.post("/api/v1/me/bots/", {"name": name}, format="json")
    assert created.status_code == 201, created.content
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {created.json()['token']}")
    return client


def test_quick_play_respects_the_allow_bots_preference(player, no_wake):
    ann, ben, owner = player("ann"), player("ben"), player("owner")
    bot = register_bot(owner, "queue-bot")
    queued = bot.post(
        "/api/v1/matchmaking/queue/", {"preset": "two_player", "ai_fill": False}, format="json"
    )
    assert queued.status_code == 201, queued.content
    assert (queued.json()["is_bot"], queued.json()["allow_bots"]) == (True, False)
    assert queue(ann, "two_player", ai_fill=False).status_code == 201  # bots not allowed
    assert services.matchmaking_match() == []
    assert Ticket.objects.filter(status="waiting").count() == 2
    joined = queue(ben, "two_player", ai_fill=False, allow_bots=True)
    assert joined.json()["allow_bots"] is True
    # ben allows bots: the bot (the oldest ticket) and ben sit together; ann waits on.
    (game_id,) = services.matchmaking_match()
    seats = game_view_for_user(game_id=game_id, user=None)["seats"]
    assert [(s["display_name"], s["is_bot"]) for s in seats] == [
        ("queue-bot", True),
        ("ben", False),
    ]
    assert Ticket.objects.get(player=ann.user).status == "waiting"


def test_a_bot_accepts_a_private_table_invite_and_sits_as_a_bot(player):
    host, owner = player("host"), player("owner")
    bot = register_bot(owner, "invited-bot")
    table = host.client.post("/api/v1/tables/", {"preset": "two_player"}, format="json").json()
    accepted = bot.post(f"/api/v1/invites/{table['invite']['code']}/accept/", {}, format="json")
    assert accepted.status_code == 200, accepted.content
    started = host.client.post(f"/api/v1/tables/{table['id']}/start/", {}, format="json")
    assert started.status_code == 200, started.content
    seats = game_view_for_user(game_id=started.json()["game_id"], user=None)["seats"]
    assert [(s["display_name"], s["is_bot"], s["bot_owner"]) for s in seats] == [
        ("host", False, None),
        ("invited-bot", True, "owner"),
    ]
