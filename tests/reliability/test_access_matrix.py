"""The permission matrix: every endpoint x every role, in one table, on a started classic game
with passing off (seat ``mover`` to lead) and one seat handed to the AI.

Roles: ``anon`` (no credentials), ``other`` (a player without a seat here), ``seat`` (the seat
to act), ``other_seat`` (a seated player whose turn it is not), ``ai_seat`` (a seated player who
handed the seat to the AI: the AI moves it, the player may not), ``admin`` (staff superuser: no
seat powers in the API). Each cell is (status, code); code None means a success body.
tests/api/test_permissions.py checks what each role *sees*; this checks every door.
"""

from __future__ import annotations

import pytest
from django.db import transaction
from rest_framework.test import APIClient

from tests.api.conftest import _open_throttles, make_player, seated_table, url, view  # noqa: F401
from tests.notifications.push_service import browser_subscription

pytestmark = pytest.mark.django_db

ROLES = ("anon", "other", "other_seat", "ai_seat", "admin", "seat")

# (method, path or game action, body) -> {role: (status, code)}; "*" applies to every role.
MATRIX = {}


@pytest.fixture
def player(db, django_user_model):
    return lambda name=None, **extra: make_player(django_user_model, name, **extra)


@pytest.fixture
def roles(player):
    game_id, players = seated_table(player, "classic", options={"passing": False})
    by_seat = {view(p, game_id)["your_seat"]: p for p in players}
    mover = view(players[0], game_id)["to_act"][0]
    other_seat = by_seat[(mover + 1) % 4]
    ai_seat = by_seat[(mover + 2) % 4]
    r = ai_seat.client.post(url(game_id, "handover"), {"level": "random"}, format="json")
    assert r.status_code == 200, r.content
    admin = player(is_staff=True, is_superuser=True)
    clients = {
        "anon": APIClient(),
        "other": player().client,
        "other_seat": other_seat.client,
        "ai_seat": ai_seat.client,
        "admin": admin.client,
        "seat": by_seat[mover].client,
    }
    card = view(by_seat[mover], game_id)["view"]["legal_cards"][0]
    # A private table of the seat to act, joined by the other seat.
    table = clients["seat"].post("/api/v1/tables/", {"preset": "classic"}, format="json").json()
    code = table["invite"]["code"]
    joined = clients["other_seat"].post(f"/api/v1/invites/{code}/accept/", {}, format="json")
    assert joined.status_code == 200, joined.content
    return game_id, clients, card, table["id"], code


def requests_for(game_id, card, table_id, code):
    g = url(game_id)
    t = f"/api/v1/tables/{table_id}/"
    i = f"/api/v1/invites/{code}/"
    return [
        ("get", "/api/v1/games/", None),
        ("get", "/api/v1/rules/presets/", None),
        ("get", "/api/v1/signing-keys/", None),
        ("get", "/api/v1/me/", None),
        ("get", "/api/v1/me/games/", None),
        ("post", "/api/v1/games/", {"preset": "classic", "take_seat": False}),
        ("get", g, None),
        ("get", g + "events/", None),
        ("get", g + "log/", None),
        ("post", g + "seats/", {}),
        ("delete", g + "seats/mine/", None),
        ("post", g + "ai-seats/", {"level": "random"}),
        ("post", g + "start/", {}),
        ("post", g + "passes/", {"cards": ["2C", "3C", "4C"]}),
        ("post", g + "moon/", {"choice": "add_to_others"}),
        ("post", g + "reclaim/", {}),
        ("post", g + "handover/", {"level": "random"}),
        ("post", g + "resign/", {}),
        ("post", g + "plays/", {"card": card}),
        ("get", g + "rematch/", None),
        ("post", g + "rematch/", {}),
        ("get", "/api/v1/matchmaking/queue/", None),
        ("post", "/api/v1/matchmaking/queue/", {"preset": "classic"}),
        ("delete", "/api/v1/matchmaking/queue/", None),
        ("post", "/api/v1/tables/", {"preset": "classic"}),
        ("get", t, None),
        ("post", t + "start/", {"fill_with_ai": True}),
        ("post", t + "invite/", {}),
        ("delete", t + "invite/", None),
        ("delete", t + "members/mine/", None),
        ("post", t + "accept/", {}),
        ("post", t + "decline/", {}),
        ("get", i, None),
        ("post", i + "accept/", {}),
        ("post", i + "decline/", {}),
        # ratings: public reads
        ("get", "/api/v1/leaderboards/", None),
        ("get", "/api/v1/leaderboards/classic/", None),
        ("get", f"/api/v1/players/{seated_name(game_id)}/ratings/", None),
        ("get", f"/api/v1/players/{seated_name(game_id)}/ratings/classic/", None),
        ("get", "/api/v1/ai-levels/random/ratings/", None),
        ("get", "/api/v1/ai-levels/random/ratings/classic/", None),
        ("get", g + "ratings/", None),
        # notifications (docs/notifications.md): each player's own feed, webhooks, push
        ("get", "/api/v1/me/feed/", None),
        ("get", "/api/v1/me/webhooks/", None),
        ("post", "/api/v1/me/webhooks/", {"url": PUBLIC_HOOK, "event_types": ["your_turn"]}),
        ("patch", f"/api/v1/me/webhooks/{ZERO}/", {}),
        ("get", "/api/v1/me/notification-preferences/", None),
        ("put", "/api/v1/me/notification-preferences/", {"muted_types": []}),
        ("get", "/api/v1/push/vapid-public-key/", None),
        ("get", "/api/v1/me/push-subscriptions/", None),
        ("post", "/api/v1/me/push-subscriptions/", PUSH_SUBSCRIPTION),
        ("get", "/api/v1/me/devices/", None),
        ("post", "/api/v1/me/devices/", {"platform": "apns", "token": "ab" * 32}),
        # bot accounts (docs/bots-api.md)
        ("get", "/api/v1/me/bots/", None),
        ("post", g + "bot-seats/", {"bot": "nobody"}),
        ("get", "/api/v1/bot/stream/", None),
    ]


ZERO = "00000000-0000-4000-8000-000000000000"
PUBLIC_HOOK = "https://93.184.216.34/hearts"  # an address literal: no DNS lookup in the test
PUSH_SUBSCRIPTION = {
    "endpoint": "https://93.184.216.34/push/x",
    "keys": browser_subscription().keys,
}


def seated_name(game_id):
    """The username of the player at seat 0 (the public name the ratings routes take)."""
    from games.models import Seat

    return Seat.objects.get(game_id=game_id, index=0).player.get_username()


def cell(client, method, path, body):
    """One request on the fixture's state, rolled back afterwards (cells are independent)."""
    with transaction.atomic():
        kw = {"format": "json"} if body is not None else {}
        args = (path, body) if body is not None else (path,)
        r = getattr(client, method)(*args, **kw)
        transaction.set_rollback(True)
    return r.status_code, (r.json().get("code") if r.status_code >= 400 else None)


OK = (200, None)
CREATED = (201, None)
UNAUTH = (401, "not_authenticated")
NOT_SEATED = (403, "not_seated")
STARTED = (409, "game_already_started")
HANDED = (409, "seat_handed_to_ai")
WRONG_PHASE = (422, "wrong_phase")
NO_TABLE = (404, "table_not_found")
NOT_CREATOR = (403, "not_table_creator")
NOT_MEMBER = (403, "not_table_member")
AT_TABLE = (409, "already_at_table")


def _row(anon, other, other_seat, ai_seat, admin, seat):
    return dict(zip(ROLES, (anon, other, other_seat, ai_seat, admin, seat), strict=True))


# In the order of requests_for(); roles: anon, other, other_seat, ai_seat, admin, seat.
EXPECTED = [
    _row(OK, OK, OK, OK, OK, OK),  # GET games/ (lobby)
    _row(OK, OK, OK, OK, OK, OK),  # GET rules/presets/
    _row(OK, OK, OK, OK, OK, OK),  # GET signing-keys/ (public keys)
    _row(UNAUTH, OK, OK, OK, OK, OK),  # GET me/
    _row(UNAUTH, OK, OK, OK, OK, OK),  # GET me/games/
    _row(UNAUTH, CREATED, CREATED, CREATED, CREATED, CREATED),  # POST games/
    _row(OK, OK, OK, OK, OK, OK),  # GET games/{id}/ (each sees its own view)
    _row(OK, OK, OK, OK, OK, OK),  # GET games/{id}/events/ (redacted per caller)
    _row(*[(409, "game_not_finished")] * 6),  # GET games/{id}/log/
    _row(UNAUTH, STARTED, STARTED, STARTED, STARTED, STARTED),  # POST seats/
    _row(UNAUTH, NOT_SEATED, STARTED, STARTED, NOT_SEATED, STARTED),  # DELETE seats/mine/
    _row(UNAUTH, STARTED, STARTED, STARTED, STARTED, STARTED),  # POST ai-seats/
    _row(UNAUTH, STARTED, STARTED, STARTED, STARTED, STARTED),  # POST start/
    _row(UNAUTH, NOT_SEATED, WRONG_PHASE, HANDED, NOT_SEATED, WRONG_PHASE),  # POST passes/
    _row(UNAUTH, NOT_SEATED, WRONG_PHASE, HANDED, NOT_SEATED, WRONG_PHASE),  # POST moon/
    _row(UNAUTH, NOT_SEATED, (409, "seat_not_ai"), OK, NOT_SEATED, (409, "seat_not_ai")),  # reclaim
    _row(UNAUTH, NOT_SEATED, OK, HANDED, NOT_SEATED, OK),  # POST handover/
    _row(UNAUTH, NOT_SEATED, OK, OK, NOT_SEATED, OK),  # POST resign/
    _row(UNAUTH, NOT_SEATED, (422, "not_your_turn"), HANDED, NOT_SEATED, OK),  # POST plays/
    # matchmaking: the game's rematch (none yet; the game is not over)
    _row(UNAUTH, *[NO_TABLE] * 5),  # GET games/{id}/rematch/
    _row(UNAUTH, *[(409, "rematch_not_allowed")] * 5),  # POST games/{id}/rematch/
    # quick play: nobody queued yet
    _row(UNAUTH, *[(404, "ticket_not_found")] * 5),  # GET matchmaking/queue/
    _row(UNAUTH, *[CREATED] * 5),  # POST matchmaking/queue/
    _row(UNAUTH, *[(409, "not_queued")] * 5),  # DELETE matchmaking/queue/
    # the private table of "seat" (creator), joined by "other_seat"; nobody else sees it
    _row(UNAUTH, *[CREATED] * 5),  # POST tables/
    _row(UNAUTH, NO_TABLE, OK, NO_TABLE, NO_TABLE, OK),  # GET tables/{id}/
    _row(UNAUTH, NO_TABLE, NOT_CREATOR, NO_TABLE, NO_TABLE, OK),  # POST start/
    _row(UNAUTH, NO_TABLE, NOT_CREATOR, NO_TABLE, NO_TABLE, OK),  # POST invite/ (renew)
    _row(UNAUTH, NO_TABLE, NOT_CREATOR, NO_TABLE, NO_TABLE, OK),  # DELETE invite/ (revoke)
    _row(UNAUTH, NO_TABLE, OK, NO_TABLE, NO_TABLE, OK),  # DELETE members/mine/
    _row(UNAUTH, NO_TABLE, NOT_MEMBER, NO_TABLE, NO_TABLE, NOT_MEMBER),  # POST accept/ (rematch)
    _row(UNAUTH, NO_TABLE, NOT_MEMBER, NO_TABLE, NO_TABLE, NOT_MEMBER),  # POST decline/
    # its invite: the code is the secret, any player holding it may look, join or decline
    _row(UNAUTH, OK, OK, OK, OK, OK),  # GET invites/{code}/
    _row(UNAUTH, OK, AT_TABLE, OK, OK, AT_TABLE),  # POST invites/{code}/accept/
    _row(UNAUTH, OK, AT_TABLE, OK, OK, AT_TABLE),  # POST invites/{code}/decline/
    *[_row(OK, OK, OK, OK, OK, OK)] * 7,  # ratings: leaderboards, players, AI levels, game seats
    _row(UNAUTH, OK, OK, OK, OK, OK),  # GET me/feed/ (each their own)
    _row(UNAUTH, OK, OK, OK, OK, OK),  # GET me/webhooks/
    _row(UNAUTH, CREATED, CREATED, CREATED, CREATED, CREATED),  # POST me/webhooks/
    _row(UNAUTH, *[(404, "webhook_endpoint_not_found")] * 5),  # PATCH me/webhooks/{id}/
    _row(UNAUTH, OK, OK, OK, OK, OK),  # GET me/notification-preferences/
    _row(UNAUTH, OK, OK, OK, OK, OK),  # PUT me/notification-preferences/
    _row(OK, OK, OK, OK, OK, OK),  # GET push/vapid-public-key/
    _row(UNAUTH, OK, OK, OK, OK, OK),  # GET me/push-subscriptions/
    _row(UNAUTH, *[(409, "push_not_configured")] * 5),  # POST me/push-subscriptions/ (no key)
    _row(UNAUTH, OK, OK, OK, OK, OK),  # GET me/devices/ (each their own)
    _row(UNAUTH, *[(409, "mobile_push_not_configured")] * 5),  # POST me/devices/ (no APNs key)
    _row(UNAUTH, OK, OK, OK, OK, OK),  # GET me/bots/ (each their own)
    _row(UNAUTH, *[(404, "bot_not_found")] * 5),  # POST games/{id}/bot-seats/ (no such bot)
    _row(UNAUTH, *[(403, "bot_account_required")] * 5),  # GET bot/stream/ (no bot token here)
]


def test_every_endpoint_for_every_role(roles):
    game_id, clients, card, table_id, code = roles
    requests = requests_for(game_id, card, table_id, code)
    assert len(requests) == len(EXPECTED)
    actual, wrong = [], []
    for (method, path, body), expected in zip(requests, EXPECTED, strict=True):
        shown = f"{method.upper()} {path.replace(str(game_id), '{id}').replace(table_id, '{t}')}"
        for role in ROLES:
            got = cell(clients[role], method, path, body)
            actual.append(f"{shown} {role}={got}")
            if got != expected[role]:
                wrong.append(f"{shown} as {role}: {got}, expected {expected[role]}")
    assert not wrong, "\n".join(wrong)


def test_the_matrix_covers_every_route():
    """A new endpoint must get a row here."""
    from django.urls import get_resolver

    covered = {
        "game-list", "rules-presets", "signing-keys", "me", "me-games", "game-detail",
        "game-events", "game-log",
        "game-seat-take", "game-seat-leave", "game-ai-seats", "game-start", "game-passes",
        "game-moon", "game-reclaim", "game-handover", "game-resign", "game-plays",
        "game-rematch", "matchmaking-queue", "table-create", "table-detail", "table-start",
        "table-invite", "table-leave", "table-accept", "table-decline", "invite-detail",
        "invite-accept", "invite-decline",
        # Elsewhere: sign-up and tokens (tests/api/test_players.py, throttling), the endless
        # stream (tests/sync/test_stream.py: same read policy as events/).
        "player-sign-up", "auth-token", "game-stream",
        "ratings-ladders", "ratings-leaderboard", "ratings-player", "ratings-player-preset",
        "ratings-ai", "ratings-ai-preset", "ratings-game",
        "me-feed", "webhooks", "webhook-detail", "me-notification-preferences",
        "push-vapid-key", "push-subscriptions",
        # Owner-only doors of one endpoint, delivery or subscription (404 for anyone else):
        # tests/notifications/test_webhooks.py::test_endpoints_belong_to_their_owner, test_push.py.
        "webhook-rotate-secret", "webhook-deliveries", "webhook-redeliver",
        "push-subscription-detail",
        # The owner-only removal of a device: tests/notifications/test_mobile_push.py; the feed's
        # endless stream: tests/sync/test_feed_stream.py (same policy as me/feed/).
        "mobile-device-detail", "me-feed-stream", "mobile-devices",
        "me-bots", "game-bot-seats", "bot-stream",
        # The owner-only revoke and token rotation: tests/api/test_bot_accounts.py (404
        # bot_not_found for others).
        "me-bot-detail", "me-bot-rotate-token",
    }  # fmt: skip
    api_names = set()
    for top in get_resolver().url_patterns:
        if str(top.pattern) == "api/v1/":
            for sub in getattr(top, "url_patterns", []):
                for leaf in getattr(sub, "url_patterns", [sub]):
                    if getattr(leaf, "name", None):
                        api_names.add(leaf.name)
    assert api_names - covered == set(), api_names - covered
