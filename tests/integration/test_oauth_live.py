"""A third-party app gets a scoped token with PKCE from a live server, over real HTTP (httpx).

The player's browser (a cookie jar) signs in and allows the app on the consent page; the app
exchanges the code with its ``code_verifier``, calls the API with the token (a read works, a
play needs ``games:play``, which this app did not ask for), refreshes, revokes, and the token
fails. Tests run with DEBUG off, which marks cookies Secure; the live server speaks plain HTTP,
so the test lets the browser keep them (as on a TLS deployment).
"""

from __future__ import annotations

import httpx
import pytest
from oauth2_provider.models import Application

from tests.oauth.flow import authorize_query, code_of, form_fields, pkce_pair

OPEN_RATES = {"anon": None, "user": None, "signup": None, "token": None, "moves": None}
REDIRECT_URI = "https://app.example/callback"


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_pkce_flow_against_a_live_server(live_server, settings, django_user_model):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": OPEN_RATES}
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False
    django_user_model.objects.create_user(username="alice", password="correct-horse-42")
    app = Application.objects.create(
        name="Table Talk",
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=REDIRECT_URI,
    )
    verifier, challenge = pkce_pair()
    authorize = "/o/authorize/?" + authorize_query(
        client_id=app.client_id, redirect_uri=REDIRECT_URI, scope="games:read", challenge=challenge
    )

    with httpx.Client(base_url=live_server.url, timeout=30) as browser:
        login = browser.get(authorize, follow_redirects=True)
        assert login.status_code == 200
        assert login.url.path == "/accounts/login/"
        fields = form_fields(login.text)
        consent = browser.post(
            "/accounts/login/",
            data={**fields, "username": "alice", "password": "correct-horse-42"},
            headers={"Referer": str(login.url)},
            follow_redirects=True,
        )
        assert consent.status_code == 200
        assert "Table Talk" in consent.text
        fields = form_fields(consent.text)
        allowed = browser.post(
            "/o/authorize/",
            data={**fields, "allow": "Allow"},
            headers={"Referer": str(consent.url)},
        )
        assert allowed.status_code == 302, allowed.text
        redirect = code_of(allowed.headers["Location"])
        assert redirect["state"] == "st-42"

    with httpx.Client(base_url=live_server.url, timeout=30) as client:
        wrong = client.post(
            "/o/token/",
            data={
                "grant_type": "authorization_code",
                "code": redirect["code"],
                "redirect_uri": REDIRECT_URI,
                "client_id": app.client_id,
                "code_verifier": pkce_pair()[0],
            },
        )
        assert wrong.status_code == 400
        tokens = client.post(
            "/o/token/",
            data={
                "grant_type": "authorization_code",
                "code": redirect["code"],
                "redirect_uri": REDIRECT_URI,
                "client_id": app.client_id,
                "code_verifier": verifier,
            },
        )
        assert tokens.status_code == 200, tokens.text
        access = tokens.json()["access_token"]
        auth = {"Authorization": f"Bearer {access}"}

        me = client.get("/api/v1/me/", headers=auth)
        assert me.status_code == 200
        assert me.json()["username"] == "alice"
        play = client.post("/api/v1/games/", json={"preset": "classic"}, headers=auth)
        assert play.status_code == 403
        assert play.json()["code"] == "insufficient_scope"
        assert play.headers["WWW-Authenticate"].endswith('scope="games:play"')

        refreshed = client.post(
            "/o/token/",
            data={
                "grant_type": "refresh_token",
                "refresh_token": tokens.json()["refresh_token"],
                "client_id": app.client_id,
            },
        )
        assert refreshed.status_code == 200, refreshed.text
        access = refreshed.json()["access_token"]
        auth = {"Authorization": f"Bearer {access}"}
        assert client.get("/api/v1/me/", headers=auth).status_code == 200

        revoked = client.post(
            "/o/revoke_token/", data={"token": access, "client_id": app.client_id}
        )
        assert revoked.status_code == 200
        gone = client.get("/api/v1/me/", headers=auth)
        assert gone.status_code == 401
        assert gone.json()["code"] == "authentication_failed"
