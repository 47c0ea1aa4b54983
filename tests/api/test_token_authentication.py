"""common.http.authentication.SqlTokenAuthentication: DRF's token authentication with its lookup as
one plain SQL join: the same user and token objects, the same errors, one query, nothing cached."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient, APIRequestFactory

from common.http.authentication import SqlTokenAuthentication
from tests.api.conftest import make_player

pytestmark = pytest.mark.django_db


def authenticate(cls, key: str):
    request = APIRequestFactory().get("/", HTTP_AUTHORIZATION=f"Token {key}")
    return cls().authenticate(request)


def test_it_is_the_default_and_answers_what_drf_answers(django_user_model):
    from rest_framework.settings import api_settings

    assert api_settings.DEFAULT_AUTHENTICATION_CLASSES[0] is SqlTokenAuthentication
    p = make_player(django_user_model, email="p@example.org", first_name="Pat")
    ours_user, ours_token = authenticate(SqlTokenAuthentication, p.token)
    drf_user, drf_token = authenticate(TokenAuthentication, p.token)
    assert type(ours_user) is type(drf_user)
    assert type(ours_token) is Token
    for field in django_user_model._meta.concrete_fields:
        assert getattr(ours_user, field.attname) == getattr(drf_user, field.attname), field.name
    assert (ours_token.key, ours_token.user_id, ours_token.created) == (
        drf_token.key,
        drf_token.user_id,
        drf_token.created,
    )
    assert ours_token.user is ours_user
    assert not ours_user._state.adding  # a loaded instance: saving it updates, never inserts
    assert ours_user._state.db == "default"


def test_one_query_and_no_cache(django_user_model):
    p = make_player(django_user_model)
    for _ in range(2):  # the second lookup queries again: a revocation counts at once
        with CaptureQueriesContext(connection) as queries:
            authenticate(SqlTokenAuthentication, p.token)
        assert len(queries) == 1
        assert "authtoken_token" in queries[0]["sql"]


def test_unknown_revoked_and_inactive_fail_like_drf(django_user_model):
    p = make_player(django_user_model)
    with pytest.raises(exceptions.AuthenticationFailed, match=r"^Invalid token\.$"):
        authenticate(SqlTokenAuthentication, "f" * 40)
    p.user.is_active = False
    p.user.save()
    with pytest.raises(exceptions.AuthenticationFailed, match=r"^User inactive or deleted\.$"):
        authenticate(SqlTokenAuthentication, p.token)
    p.user.is_active = True
    p.user.save()
    assert authenticate(SqlTokenAuthentication, p.token)[0] == p.user
    Token.objects.filter(user=p.user).delete()
    with pytest.raises(exceptions.AuthenticationFailed, match=r"^Invalid token\.$"):
        authenticate(SqlTokenAuthentication, p.token)


def test_over_http_a_bad_token_is_a_401_problem_and_a_good_one_is_the_player(django_user_model):
    p = make_player(django_user_model)
    assert p.client.get("/api/v1/me/").json()["username"] == p.user.username
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    response = client.get("/api/v1/me/")
    assert response.status_code == 401
    assert response["Content-Type"].startswith("application/problem+json")
    assert response["WWW-Authenticate"] == "Token"
    client.credentials(HTTP_AUTHORIZATION="Token two parts")
    assert client.get("/api/v1/me/").status_code == 401
