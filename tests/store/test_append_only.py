"""The log is append-only at every level: model, queryset, admin, and (PostgreSQL) trigger."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.models.deletion import ProtectedError

from games.models import AppendOnlyError, Game, GameEvent

pytestmark = pytest.mark.django_db


def test_the_model_refuses_to_update_or_delete_an_event(played):
    event = GameEvent.objects.get(game_id=played, seq=3)
    event.payload = {"tampered": True}
    with pytest.raises(AppendOnlyError):
        event.save()
    with pytest.raises(AppendOnlyError):
        event.delete()
    with pytest.raises(AppendOnlyError):
        GameEvent.objects.filter(game_id=played).update(payload={})
    with pytest.raises(AppendOnlyError):
        GameEvent.objects.filter(game_id=played).delete()
    assert GameEvent.objects.get(game_id=played, seq=3).payload != {"tampered": True}


def test_a_game_with_events_cannot_be_deleted(played):
    with pytest.raises((ProtectedError, AppendOnlyError)):
        Game.objects.get(pk=played).delete()
    assert GameEvent.objects.filter(game_id=played).exists()


# PostgreSQL only: CI runs the whole suite twice, on SQLite and on PostgreSQL. The `postgres`
# marker deselects this test on SQLite (which has no trigger); the PostgreSQL run covers it.
@pytest.mark.postgres
def test_the_postgresql_trigger_rejects_update_and_delete(played):
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        for sql in (
            "UPDATE games_gameevent SET payload = '{}'::jsonb WHERE game_id = %s AND seq = 3",
            "DELETE FROM games_gameevent WHERE game_id = %s AND seq = 3",
        ):
            with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
                cursor.execute(sql, [played])
        cursor.execute("SELECT count(*) FROM games_gameevent WHERE game_id = %s", [played])
        assert cursor.fetchone()[0] == Game.objects.get(pk=played).last_seq


def test_admin_grants_no_change_or_delete_on_events(played, admin_client):
    from django.contrib.admin.sites import site

    event_admin = site._registry[GameEvent]
    request = type("R", (), {"user": None})()
    assert not event_admin.has_change_permission(request)
    assert not event_admin.has_delete_permission(request)
    assert not event_admin.has_add_permission(request)
    event = GameEvent.objects.get(game_id=played, seq=3)
    url = f"/admin/games/gameevent/{event.pk}/change/"
    page = admin_client.get(url)
    assert page.status_code == 200
    assert b'name="_save"' not in page.content
    response = admin_client.post(url, {"payload": "{}", "seq": "3"})
    assert response.status_code == 403
    assert (
        admin_client.post(f"/admin/games/gameevent/{event.pk}/delete/", {"post": "yes"}).status_code
        == 403
    )
    assert GameEvent.objects.get(pk=event.pk).payload == event.payload
