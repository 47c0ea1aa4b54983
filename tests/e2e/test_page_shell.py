"""The page the web client is served from (no browser needed): one HTML shell for every route."""

from __future__ import annotations

import json

import pytest
from django.test import Client


@pytest.mark.parametrize("path", ["/play/", "/play/replay/5b0f6a1e-3c2d-4e8f-9a7b-1c2d3e4f5a6b/"])
def test_the_shell_loads_the_client_and_names_the_api(path):
    response = Client().get(path)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert 'data-api-root="/api/v1/"' in html
    assert 'data-play-root="/play/"' in html
    assert '<script type="module" src="/static/webclient/app.js"></script>' in html
    assert 'href="/static/webclient/style.css"' in html
    assert 'href="/api/docs/"' in html
    # Every module app.js imports is in the import map (hashed names in production).
    import_map = json.loads(html.split('<script type="importmap">')[1].split("</script>")[0])
    assert import_map["imports"]["/static/webclient/api.js"] == "/static/webclient/api.js"
    assert len(import_map["imports"]) == 9  # api cards live push ratings replay social text verify
    assert import_map["imports"]["/static/webclient/push.js"] == "/static/webclient/push.js"


def test_the_service_worker_is_served_under_the_clients_root():
    """Its scope can be /play/ only if it is served from there (not from /static/)."""
    response = Client().get("/play/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert b'addEventListener("push"' in response.content
    assert Client().post("/play/sw.js").status_code == 405


def test_the_import_map_points_at_hashed_files_in_production(settings, tmp_path):
    from django.core.management import call_command

    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    # (the settings fixture's changes reset the storage, now and again when it restores them)
    from webclient.views import import_map

    imports = json.loads(import_map())["imports"]
    hashed = imports["/static/webclient/verify.js"]
    assert hashed.startswith("/static/webclient/verify.")
    assert hashed != "/static/webclient/verify.js"
    assert (tmp_path / hashed.removeprefix("/static/")).is_file()


def test_the_shell_is_read_only():
    assert Client().post("/play/").status_code == 405


def test_a_replay_address_needs_a_game_id():
    assert Client().get("/play/replay/not-a-uuid/").status_code == 404
