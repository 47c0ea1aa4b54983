"""Fixtures of the OAuth2 tests: a player with a password, third-party applications, PKCE."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

import pytest
from oauth2_provider.models import Application

from tests.api.conftest import OPEN_RATES, make_player

REDIRECT_URI = "https://app.example/callback"
PASSWORD = "correct-horse-42"


@pytest.fixture(autouse=True)
def _open_throttles(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": OPEN_RATES}


@pytest.fixture
def player(db, django_user_model):
    """A factory of players with an API token (``Authorization: Token``), as in tests/api."""

    def factory(name: str | None = None, **extra):
        return make_player(django_user_model, name, **extra)

    return factory


@dataclass
class Apps:
    public: Application  # a mobile or browser app: no secret, PKCE
    resource_server: Application  # confidential: introspects tokens with its secret
    resource_server_secret: str


@pytest.fixture
def alice(db, django_user_model):
    return django_user_model.objects.create_user(username="alice", password=PASSWORD)


@pytest.fixture
def apps(db, alice) -> Apps:
    public = Application.objects.create(
        name="Table Talk",
        user=alice,
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=REDIRECT_URI,
        skip_authorization=False,
    )
    secret = secrets.token_urlsafe(32)
    server = Application.objects.create(
        name="Stats site",
        user=alice,
        client_type=Application.CLIENT_CONFIDENTIAL,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=REDIRECT_URI,
        client_secret=secret,
    )
    return Apps(public=public, resource_server=server, resource_server_secret=secret)
