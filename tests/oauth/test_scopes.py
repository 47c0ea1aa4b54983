"""Every view declares the scopes an OAuth2 token needs, openapi.yaml says the same, and a token
is held to them: a missing scope is a typed 403, player tokens and sessions have every scope,
and a player's own token never pays for the OAuth2 lookup."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.generators import SchemaGenerator
from oauth2_provider.models import Application
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient
from rest_framework.views import APIView

from common.scopes import SCOPES, required_scopes
from tests.api.conftest import create_game, url
from tests.oauth.conftest import PASSWORD
from tests.oauth.flow import access_token

REPO_ROOT = Path(__file__).resolve().parents[2]
ZERO = "00000000-0000-4000-8000-000000000000"


def _api_views(patterns=None, prefix: str = ""):
    """(route, DRF view class) of every URL pattern under /api/."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from _api_views(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern) and route.startswith("api/"):
            view = getattr(pattern.callback, "cls", None) or getattr(
                pattern.callback, "view_class", None
            )
            if view is not None and issubclass(view, APIView):
                yield route, view


def test_every_api_view_declares_its_required_scopes():
    views = list(_api_views())
    assert len(views) > 40  # the walk found the API
    undeclared = [route for route, view in views if not hasattr(view, "required_scopes")]
    assert not undeclared, f"views without required_scopes (common/scopes.py): {undeclared}"
    for route, view in views:
        declared = [view.required_scopes, *getattr(view, "required_scopes_by_method", {}).values()]
        for scopes in declared:
            assert isinstance(scopes, tuple), (route, scopes)
            assert set(scopes) <= set(SCOPES), (route, scopes)


def test_openapi_lists_the_scopes_of_each_view():
    schema = yaml.safe_load((REPO_ROOT / "openapi.yaml").read_text())
    generator = SchemaGenerator()
    generator._initialise_endpoints()
    views = {
        (path, method.lower()): callback.cls for path, _, method, callback in generator.endpoints
    }
    checked = 0
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            view = views[(path, method)]  # every operation is a view of the URL resolver
            security = operation.get("security", [])
            oauth2 = [entry["oauth2"] for entry in security if "oauth2" in entry]
            if (path, method) in (("/api/v1/players/", "post"), ("/api/v1/auth/token/", "post")):
                assert not oauth2, (path, method)  # sign-up, and a token for a password
                continue
            if (path, method) == ("/api/v1/bot/stream/", "get"):
                # bot accounts hold bot tokens only (no password, so no OAuth consent)
                assert not oauth2, (path, method, security)
                assert security, (path, method)
                continue
            assert oauth2 == [list(required_scopes(view, method))], (method, path, security)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize(
    ("view_path", "method", "scopes"),
    [
        ("/api/v1/games/", "GET", ("games:read",)),
        ("/api/v1/games/", "POST", ("games:play",)),
        ("/api/v1/rules/presets/", "GET", ()),
        # matchmaking: reads need games:read, every command challenge:write
        ("/api/v1/matchmaking/queue/", "GET", ("games:read",)),
        ("/api/v1/matchmaking/queue/", "HEAD", ("games:read",)),
        ("/api/v1/matchmaking/queue/", "POST", ("challenge:write",)),
        ("/api/v1/matchmaking/queue/", "DELETE", ("challenge:write",)),
        ("/api/v1/matchmaking/queue/", "PUT", ("challenge:write",)),  # fail closed
        ("/api/v1/tables/", "POST", ("challenge:write",)),
        (f"/api/v1/tables/{ZERO}/", "GET", ("games:read",)),
        (f"/api/v1/tables/{ZERO}/start/", "POST", ("challenge:write",)),
        (f"/api/v1/tables/{ZERO}/invite/", "POST", ("challenge:write",)),
        (f"/api/v1/tables/{ZERO}/invite/", "DELETE", ("challenge:write",)),
        (f"/api/v1/tables/{ZERO}/members/mine/", "DELETE", ("challenge:write",)),
        (f"/api/v1/tables/{ZERO}/accept/", "POST", ("challenge:write",)),
        (f"/api/v1/tables/{ZERO}/decline/", "POST", ("challenge:write",)),
        ("/api/v1/invites/abc/", "GET", ("games:read",)),
        ("/api/v1/invites/abc/accept/", "POST", ("challenge:write",)),
        ("/api/v1/invites/abc/decline/", "POST", ("challenge:write",)),
        (f"/api/v1/games/{ZERO}/rematch/", "GET", ("games:read",)),
        (f"/api/v1/games/{ZERO}/rematch/", "POST", ("challenge:write",)),
        # bot accounts: rotating a token needs what registering the bot needs
        ("/api/v1/me/bots/", "POST", ("profile:write",)),
        ("/api/v1/me/bots/some-bot/rotate-token/", "POST", ("profile:write",)),
        ("/api/v1/me/bots/some-bot/", "DELETE", ("profile:write",)),
    ],
)
def test_a_view_may_need_other_scopes_per_method(view_path, method, scopes):
    from django.urls import resolve

    assert required_scopes(resolve(view_path).func.cls, method) == scopes


def test_every_matchmaking_read_needs_games_read_and_every_command_challenge_write():
    from matchmaking import urls

    views = [pattern.callback.cls for pattern in urls.urlpatterns]
    assert len(views) >= 10
    for view in views:
        for method in view.http_method_names:
            if method == "options" or not hasattr(view, method):
                continue
            safe = method.upper() in ("GET", "HEAD")
            expected = ("games:read",) if safe else ("challenge:write",)
            assert required_scopes(view, method) == expected, (view.__name__, method)


@pytest.fixture
def app(db):
    return Application.objects.create(
        name="Table Talk",
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="https://app.example/callback",
    )


def _bearer(user, app, scope: str) -> APIClient:
    return APIClient(HTTP_AUTHORIZATION="Bearer " + access_token(user, app, scope))


def test_a_token_without_games_play_reads_but_may_not_play(player, app):
    alice, bob = player("alice"), player("bob")
    game_id = create_game(alice, "two_player")["game_id"]
    reader = _bearer(bob.user, app, "games:read")
    assert reader.get(url(game_id)).status_code == 200
    assert reader.get("/api/v1/me/").status_code == 200

    refused = reader.post(url(game_id, "seats"), {}, format="json")
    assert refused.status_code == 403
    assert refused["Content-Type"] == "application/problem+json"
    body = refused.json()
    assert body["code"] == "insufficient_scope"
    assert body["extra"] == {"required_scopes": ["games:play"], "granted_scopes": ["games:read"]}
    assert body["detail"] == "This operation needs the scope games:play."
    assert refused["WWW-Authenticate"] == (
        'Bearer realm="api", error="insufficient_scope", scope="games:play"'
    )
    # nothing happened: bob has no seat
    assert alice.client.get(url(game_id)).json()["seats"][1]["kind"] == "empty"

    player_ = _bearer(bob.user, app, "games:read games:play")
    assert player_.post(url(game_id, "seats"), {}, format="json").status_code == 200


def test_a_token_with_games_read_sees_its_matchmaking_but_may_not_change_it(player, app):
    alice, bob = player("alice"), player("bob")
    reader = _bearer(alice.user, app, "games:read")
    queue = "/api/v1/matchmaking/queue/"
    assert reader.get(queue).json()["code"] == "ticket_not_found"  # read, and nothing there

    refused = reader.post(queue, {"preset": "classic"}, format="json")
    assert refused.status_code == 403
    assert refused.json()["extra"] == {
        "required_scopes": ["challenge:write"],
        "granted_scopes": ["games:read"],
    }
    assert reader.get(queue).status_code == 404  # nothing was queued

    writer = _bearer(alice.user, app, "challenge:write")
    assert writer.get(queue).json()["code"] == "insufficient_scope"  # a read needs games:read
    assert writer.post(queue, {"preset": "classic"}, format="json").status_code == 201
    ticket = reader.get(queue)
    assert ticket.status_code == 200
    assert ticket.json()["status"] == "waiting"
    assert reader.delete(queue).json()["code"] == "insufficient_scope"
    assert reader.get(queue).json()["status"] == "waiting"  # still queued
    assert writer.delete(queue).json()["status"] == "cancelled"

    table = alice.client.post("/api/v1/tables/", {"preset": "classic"}, format="json").json()
    code = table["invite"]["code"]
    assert reader.get(f"/api/v1/tables/{table['id']}/").json()["id"] == table["id"]
    start = reader.post(f"/api/v1/tables/{table['id']}/start/", {}, format="json")
    assert start.json()["code"] == "insufficient_scope"
    assert reader.post("/api/v1/tables/", {"preset": "classic"}, format="json").status_code == 403

    bob_reader = _bearer(bob.user, app, "games:read")
    assert bob_reader.get(f"/api/v1/invites/{code}/").json()["id"] == table["id"]
    accept = bob_reader.post(f"/api/v1/invites/{code}/accept/", {}, format="json")
    assert accept.json()["code"] == "insufficient_scope"
    decline = bob_reader.post(f"/api/v1/invites/{code}/decline/", {}, format="json")
    assert decline.json()["code"] == "insufficient_scope"
    members = reader.get(f"/api/v1/tables/{table['id']}/").json()["members"]
    assert [(m["display_name"], m["status"]) for m in members] == [("alice", "joined")]
    bob_writer = _bearer(bob.user, app, "challenge:write")
    assert bob_writer.post(f"/api/v1/invites/{code}/accept/", {}, format="json").status_code == 200
    members = reader.get(f"/api/v1/tables/{table['id']}/").json()["members"]
    assert [(m["display_name"], m["status"]) for m in members] == [
        ("alice", "joined"),
        ("bob", "joined"),
    ]


def test_rotating_a_bots_token_needs_profile_write_from_a_token(player, app):
    alice = player("alice")
    created = alice.client.post("/api/v1/me/bots/", {"name": "oauth-bot"}, format="json").json()
    path = "/api/v1/me/bots/oauth-bot/rotate-token/"
    refused = _bearer(alice.user, app, "games:read games:play bot:play").post(path)
    assert refused.status_code == 403
    assert refused.json()["extra"]["required_scopes"] == ["profile:write"]
    bot = APIClient(HTTP_AUTHORIZATION=f"Token {created['token']}")
    assert bot.get("/api/v1/me/").status_code == 200  # not rotated
    rotated = _bearer(alice.user, app, "profile:write").post(path)
    assert rotated.status_code == 200
    assert bot.get("/api/v1/me/").status_code == 401


def test_a_public_read_needs_games_read_from_a_token(player, app):
    writer = _bearer(player().user, app, "webhooks:write")
    refused = writer.get("/api/v1/games/")
    assert refused.status_code == 403
    assert refused.json()["extra"]["required_scopes"] == ["games:read"]
    assert writer.get("/api/v1/rules/presets/").status_code == 200  # needs no scope
    assert writer.get("/api/v1/me/webhooks/").status_code == 200


def test_the_stream_takes_a_bearer_token_with_games_read(player, app):
    alice = player("alice")
    game_id = create_game(alice, "two_player")["game_id"]
    path = url(game_id, "stream")
    refused = _bearer(alice.user, app, "games:play").get(path, HTTP_ACCEPT="text/event-stream")
    assert refused.status_code == 403
    assert refused.json()["code"] == "insufficient_scope"
    allowed = _bearer(alice.user, app, "games:read").get(path, HTTP_ACCEPT="text/event-stream")
    assert allowed.status_code == 200
    stream = b"".join(allowed.streaming_content).decode()
    assert "event: view" in stream
    assert '"your_seat":0' in stream  # alice's own view, not the public one


def test_player_tokens_and_sessions_have_every_scope(player, django_user_model):
    alice = player("alice")  # Authorization: Token
    assert alice.client.post(
        "/api/v1/games/", {"preset": "classic"}, format="json"
    ).status_code == (201)
    django_user_model.objects.create_user(username="carol", password=PASSWORD)
    session = APIClient()
    assert session.login(username="carol", password=PASSWORD)
    assert session.post("/api/v1/games/", {"preset": "classic"}, format="json").status_code == 201


def test_a_token_of_no_player_is_refused(app):
    client = _bearer(None, app, "games:read")  # a client-credentials token: no resource owner
    refused = client.get("/api/v1/games/")
    assert refused.status_code == 401
    assert refused.json()["code"] == "authentication_failed"


def _oauth_queries(queries) -> list[str]:
    return [q["sql"] for q in queries if "oauth2_provider" in q["sql"]]


def test_only_a_bearer_header_is_looked_up(player, app):
    alice = player("alice")
    with CaptureQueriesContext(connection) as token_request:
        assert alice.client.get("/api/v1/me/").status_code == 200
    with CaptureQueriesContext(connection) as anonymous:
        assert APIClient().get("/api/v1/rules/presets/").status_code == 200
    bearer = _bearer(alice.user, app, "games:read")
    with CaptureQueriesContext(connection) as bearer_request:
        assert bearer.get("/api/v1/me/").status_code == 200
    assert _oauth_queries(token_request.captured_queries) == []
    assert _oauth_queries(anonymous.captured_queries) == []
    # django-oauth-toolkit: the token with its application and user, in one query
    assert len(_oauth_queries(bearer_request.captured_queries)) == 1
    # the same answer as with the player's own token, one statement more at most
    assert len(bearer_request.captured_queries) <= len(token_request.captured_queries) + 1
    assert Token.objects.filter(user=alice.user).exists()
