"""Registering a third-party app: a signed-in player on django-oauth-toolkit's pages, or the
admin. Both need a session; nobody registers anonymously."""

from __future__ import annotations

import pytest
from django.test import Client
from oauth2_provider.models import Application

from tests.oauth.conftest import PASSWORD
from tests.oauth.flow import form_fields

pytestmark = pytest.mark.django_db


def test_registering_needs_a_signed_in_player():
    answer = Client().get("/o/applications/register/")
    assert answer.status_code == 302
    assert answer["Location"].startswith("/accounts/login/?next=/o/applications/register/")


def test_a_player_registers_a_public_app(alice):
    browser = Client(enforce_csrf_checks=True)
    assert browser.login(username="alice", password=PASSWORD)
    page = browser.get("/o/applications/register/")
    assert page.status_code == 200
    fields = form_fields(page.content.decode())
    created = browser.post(
        "/o/applications/register/",
        {
            **fields,
            "name": "Table Talk",
            "client_type": Application.CLIENT_PUBLIC,
            "authorization_grant_type": Application.GRANT_AUTHORIZATION_CODE,
            "redirect_uris": "https://tabletalk.example/callback",
            "algorithm": "",
        },
    )
    assert created.status_code == 302, created.content.decode()[-2000:]
    app = Application.objects.get(name="Table Talk")
    assert app.user == alice
    assert app.client_type == Application.CLIENT_PUBLIC
    detail = browser.get(created["Location"])
    assert detail.status_code == 200
    assert app.client_id in detail.content.decode()
    # another player does not see it
    other = Client()
    other.force_login(type(alice).objects.create_user(username="bob", password=PASSWORD))
    assert other.get(created["Location"]).status_code == 404


def test_the_admin_lists_applications(admin_client, apps):
    answer = admin_client.get("/admin/oauth2_provider/application/")
    assert answer.status_code == 200
    assert "Table Talk" in answer.content.decode()
