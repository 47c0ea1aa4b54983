"""A third-party app gets a scoped token with PKCE, uses it, refreshes it, and loses it.

Everything over HTTP as the app and the player's browser do it: the authorization request, the
sign-in form, the consent page, the code exchange with the ``code_verifier``, API calls with
``Authorization: Bearer``, the refresh, the revocation, and introspection by a resource server.
CSRF is enforced on the forms, as a browser meets it.
"""

from __future__ import annotations

import base64

import pytest
from django.test import Client

from tests.oauth.conftest import PASSWORD, REDIRECT_URI
from tests.oauth.flow import authorize_query, code_of, form_fields, pkce_pair

pytestmark = pytest.mark.django_db

SCOPE = "games:read games:play"


def sign_in_and_consent(browser: Client, *, client_id: str, challenge: str, scope: str = SCOPE):
    """The player's browser: authorization request, sign-in, consent. Returns the redirect's
    query (the code)."""
    authorize = "/o/authorize/?" + authorize_query(
        client_id=client_id, redirect_uri=REDIRECT_URI, scope=scope, challenge=challenge
    )
    first = browser.get(authorize)
    assert first.status_code == 302
    assert first["Location"].startswith("/accounts/login/?next=")

    login_page = browser.get(first["Location"])
    assert login_page.status_code == 200
    fields = form_fields(login_page.content.decode())
    signed_in = browser.post(
        "/accounts/login/",
        {
            "username": "alice",
            "password": PASSWORD,
            "next": fields["next"],
            "csrfmiddlewaretoken": fields["csrfmiddlewaretoken"],
        },
    )
    assert signed_in.status_code == 302, signed_in.content
    assert signed_in["Location"] == authorize

    consent = browser.get(authorize)
    assert consent.status_code == 200
    page = consent.content.decode()
    assert "Table Talk" in page
    assert "alice" in page
    assert "Read games, their logs" in page  # games:read, as the player reads it
    assert ("Create and join games" in page) == ("games:play" in scope)
    fields = form_fields(page)
    assert fields["code_challenge"] == challenge
    assert fields["code_challenge_method"] == "S256"
    allowed = browser.post("/o/authorize/", {**fields, "allow": "Allow"})
    assert allowed.status_code == 302, allowed.content
    assert allowed["Location"].startswith(REDIRECT_URI + "?")
    return code_of(allowed["Location"])


def exchange(app_client: Client, *, client_id: str, code: str, verifier: str):
    return app_client.post(
        "/o/token/",
        {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": REDIRECT_URI,
            "client_id": client_id,
            "code_verifier": verifier,
        },
    )


def bearer(token: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def test_the_whole_pkce_flow(alice, apps):
    verifier, challenge = pkce_pair()
    browser = Client(enforce_csrf_checks=True)
    redirect = sign_in_and_consent(browser, client_id=apps.public.client_id, challenge=challenge)
    assert redirect["state"] == "st-42"
    assert "code" in redirect

    app = Client()  # the app's own HTTP client: no cookies of the player
    tokens = exchange(
        app, client_id=apps.public.client_id, code=redirect["code"], verifier=verifier
    )
    assert tokens.status_code == 200, tokens.content
    body = tokens.json()
    assert body["token_type"] == "Bearer"
    assert set(body["scope"].split()) == {"games:read", "games:play"}
    access, refresh = body["access_token"], body["refresh_token"]

    me = app.get("/api/v1/me/", **bearer(access))
    assert me.status_code == 200, me.content
    assert me.json()["username"] == "alice"
    created = app.post(
        "/api/v1/games/", {"preset": "classic"}, "application/json", **bearer(access)
    )
    assert created.status_code == 201, created.content
    game = created.json()["game_id"]
    assert app.get(f"/api/v1/games/{game}/", **bearer(access)).status_code == 200

    # the code is single use
    again = exchange(app, client_id=apps.public.client_id, code=redirect["code"], verifier=verifier)
    assert again.status_code == 400
    assert again.json()["error"] == "invalid_grant"

    refreshed = app.post(
        "/o/token/",
        {
            "grant_type": "refresh_token",
            "refresh_token": refresh,
            "client_id": apps.public.client_id,
        },
    )
    assert refreshed.status_code == 200, refreshed.content
    new_access = refreshed.json()["access_token"]
    assert new_access != access
    assert refreshed.json()["refresh_token"] != refresh
    assert app.get("/api/v1/me/", **bearer(new_access)).status_code == 200
    # the refresh retired the access token it replaced
    assert app.get("/api/v1/me/", **bearer(access)).status_code == 401

    revoked = app.post(
        "/o/revoke_token/", {"token": new_access, "client_id": apps.public.client_id}
    )
    assert revoked.status_code == 200, revoked.content
    gone = app.get("/api/v1/me/", **bearer(new_access))
    assert gone.status_code == 401
    assert gone["Content-Type"] == "application/problem+json"
    assert gone.json()["code"] == "authentication_failed"
    assert gone["WWW-Authenticate"].startswith('Bearer realm="api", error="invalid_token"')
    # a revoked token is refused on public reads too (never quietly anonymous)
    assert app.get("/api/v1/games/", **bearer(new_access)).status_code == 401


def test_a_wrong_code_verifier_is_refused(alice, apps):
    verifier, challenge = pkce_pair()
    redirect = sign_in_and_consent(
        Client(enforce_csrf_checks=True), client_id=apps.public.client_id, challenge=challenge
    )
    other_verifier, _ = pkce_pair()
    refused = exchange(
        Client(), client_id=apps.public.client_id, code=redirect["code"], verifier=other_verifier
    )
    assert refused.status_code == 400
    assert refused.json()["error"] == "invalid_grant"
    missing = Client().post(
        "/o/token/",
        {
            "grant_type": "authorization_code",
            "code": redirect["code"],
            "redirect_uri": REDIRECT_URI,
            "client_id": apps.public.client_id,
        },
    )
    assert missing.status_code == 400
    # the right verifier still works: the refusals did not spend the code
    assert (
        exchange(
            Client(), client_id=apps.public.client_id, code=redirect["code"], verifier=verifier
        )
    ).status_code == 200


def _authorize_as_alice(query: str):
    browser = Client()
    browser.login(username="alice", password=PASSWORD)
    return browser.get("/o/authorize/?" + query)


def test_pkce_is_required_and_only_s256(alice, apps):
    _, challenge = pkce_pair()
    without = _authorize_as_alice(
        "response_type=code&client_id=" + apps.public.client_id + "&redirect_uri=" + REDIRECT_URI
    )
    assert without.status_code == 302
    assert code_of(without["Location"])["error"] == "invalid_request"
    browser = Client()
    browser.login(username="alice", password=PASSWORD)
    query = authorize_query(
        client_id=apps.public.client_id,
        redirect_uri=REDIRECT_URI,
        scope="games:read",
        challenge=challenge,
        code_challenge_method="plain",
    )
    # django-oauth-toolkit refuses "plain" when it would store the code: after the consent
    fields = form_fields(browser.get("/o/authorize/?" + query).content.decode())
    plain = browser.post("/o/authorize/", {**fields, "allow": "Allow"})
    assert plain.status_code == 302
    assert code_of(plain["Location"])["error"] == "invalid_request"
    assert "code" not in code_of(plain["Location"])


def test_an_unknown_scope_is_refused(alice, apps):
    _, challenge = pkce_pair()
    answer = _authorize_as_alice(
        authorize_query(
            client_id=apps.public.client_id,
            redirect_uri=REDIRECT_URI,
            scope="games:read admin",
            challenge=challenge,
        )
    )
    assert answer.status_code == 302
    assert code_of(answer["Location"])["error"] == "invalid_scope"


def test_refusing_consent_sends_no_code(alice, apps):
    _, challenge = pkce_pair()
    browser = Client()
    browser.login(username="alice", password=PASSWORD)
    query = authorize_query(
        client_id=apps.public.client_id, redirect_uri=REDIRECT_URI, scope=SCOPE, challenge=challenge
    )
    fields = form_fields(browser.get("/o/authorize/?" + query).content.decode())
    refused = browser.post("/o/authorize/", fields)  # no "allow"
    assert refused.status_code == 302
    assert code_of(refused["Location"]) == {"error": "access_denied", "state": "st-42"} | {
        key: value
        for key, value in code_of(refused["Location"]).items()
        if key not in ("error", "state")
    }
    assert "code" not in code_of(refused["Location"])


def test_introspection_answers_a_resource_server(alice, apps):
    verifier, challenge = pkce_pair()
    redirect = sign_in_and_consent(
        Client(enforce_csrf_checks=True),
        client_id=apps.public.client_id,
        challenge=challenge,
        scope="games:read",
    )
    token = exchange(
        Client(), client_id=apps.public.client_id, code=redirect["code"], verifier=verifier
    ).json()["access_token"]
    credentials = base64.b64encode(
        f"{apps.resource_server.client_id}:{apps.resource_server_secret}".encode()
    ).decode()
    server = Client(HTTP_AUTHORIZATION=f"Basic {credentials}")
    answer = server.post("/o/introspect/", {"token": token})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["active"] is True
    assert body["scope"] == "games:read"
    assert body["username"] == "alice"
    assert body["client_id"] == apps.public.client_id
    Client().post("/o/revoke_token/", {"token": token, "client_id": apps.public.client_id})
    assert server.post("/o/introspect/", {"token": token}).json() == {"active": False}
    # without the resource server's credentials: refused
    assert Client().post("/o/introspect/", {"token": token}).status_code in (401, 403)


def test_the_server_metadata_describes_the_flow_and_matches_the_authorization_response(alice, apps):
    """RFC 8414 discovery at the origin: an app that knows only the server's origin finds the
    endpoints, the scopes and the PKCE method there, runs the flow with them, and checks the
    authorization response's ``iss`` against the metadata's ``issuer`` (RFC 9207)."""
    anon = Client()
    response = anon.get("/.well-known/oauth-authorization-server")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    meta = response.json()
    origin = "http://testserver"
    assert meta["issuer"] == origin
    assert meta["authorization_endpoint"] == f"{origin}/o/authorize/"
    assert meta["token_endpoint"] == f"{origin}/o/token/"
    assert meta["revocation_endpoint"] == f"{origin}/o/revoke_token/"
    assert meta["introspection_endpoint"] == f"{origin}/o/introspect/"
    assert meta["response_types_supported"] == ["code"]
    assert meta["grant_types_supported"] == ["authorization_code", "refresh_token"]
    assert meta["code_challenge_methods_supported"] == ["S256"]
    assert meta["authorization_response_iss_parameter_supported"] is True
    from common.scopes import SCOPES

    assert meta["scopes_supported"] == sorted(SCOPES)

    verifier, challenge = pkce_pair()
    redirect = sign_in_and_consent(
        Client(enforce_csrf_checks=True), client_id=apps.public.client_id, challenge=challenge
    )
    assert redirect["iss"] == meta["issuer"]
    token_path = meta["token_endpoint"].removeprefix(origin)
    tokens = Client().post(
        token_path,
        {
            "grant_type": "authorization_code",
            "code": redirect["code"],
            "redirect_uri": REDIRECT_URI,
            "client_id": apps.public.client_id,
            "code_verifier": verifier,
        },
    )
    assert tokens.status_code == 200, tokens.content
