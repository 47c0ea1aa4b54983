"""manage.py verify_games: replay, hash chain, derived facts, snapshots, read models."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from games import store
from games.models import Game, GameEvent, GameSnapshot, Seat
from tests.store.conftest import is_postgres

pytestmark = pytest.mark.django_db

TRIGGER = "games_gameevent_append_only"


def run_verify(*ids: str) -> tuple[str, int]:
    out, err = StringIO(), StringIO()
    try:
        call_command("verify_games", *ids, stdout=out, stderr=err)
    except CommandError as exc:
        return out.getvalue() + err.getvalue() + str(exc), exc.returncode
    return out.getvalue() + err.getvalue(), 0


def tamper(sql: str, params: list) -> None:
    """Alter a stored event behind the application's back. On PostgreSQL the append-only trigger
    must be disabled for that (and is re-enabled); SQLite has no trigger."""
    with connection.cursor() as cursor:
        if is_postgres():
            # Django's FKs are DEFERRABLE: fire their pending checks so the table can be altered.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute(f"ALTER TABLE games_gameevent DISABLE TRIGGER {TRIGGER}")
        try:
            cursor.execute(sql, params)
        finally:
            if is_postgres():
                cursor.execute(f"ALTER TABLE games_gameevent ENABLE TRIGGER {TRIGGER}")
                cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def test_an_honest_game_verifies(played):
    output, code = run_verify()
    assert code == 0, output
    assert f"ok game {played}" in output
    assert "1 game(s) checked, 0 failed" in output


def test_verify_games_catches_a_deliberately_altered_event(played):
    row = GameEvent.objects.filter(game_id=played, type="card_played").order_by("seq")[2]
    forged = {**row.payload, "card": "AH" if row.payload["card"] != "AH" else "KH"}
    json_param = __import__("json").dumps(forged)
    cast = "::jsonb" if is_postgres() else ""
    tamper(f"UPDATE games_gameevent SET payload = %s{cast} WHERE id = %s", [json_param, row.pk])
    assert GameEvent.objects.get(pk=row.pk).payload == forged
    output, code = run_verify(str(played))
    print(output)  # the report, for the record
    assert code == 1
    assert f"MISMATCH game {played} seq {row.seq}: hash mismatch" in output
    assert "card_played" in output
    assert "1 game(s) checked, 1 failed" in output


@pytest.mark.postgres
def test_the_trigger_is_back_after_tampering(played):
    row = GameEvent.objects.filter(game_id=played).order_by("seq")[5]
    tamper("UPDATE games_gameevent SET actor_seat = actor_seat WHERE id = %s", [row.pk])
    from django.db import DatabaseError, transaction

    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DELETE FROM games_gameevent WHERE id = %s", [row.pk])


def rechained(game_id, rows):
    """A forger who also recomputes every hash after the change."""
    prev = store.GENESIS_HASH
    out = []
    for r in rows:
        actor = {"kind": r["actor_kind"], "player": r["actor_player_id"], "seat": r["actor_seat"]}
        digest = store.event_hash(
            prev_hash=prev,
            game_id=str(game_id),
            seq=r["seq"],
            type_=r["type"],
            schema_version=r["schema_version"],
            payload=r["payload"],
            actor=actor,
        )
        out.append({**r, "prev_hash": prev, "hash": digest})
        prev = digest
    return out


def test_a_rechained_forgery_of_a_derived_fact_is_caught_by_replay(played):
    rows = store.event_rows(played)
    index = next(i for i, r in enumerate(rows) if r["type"] == "hand_scored")
    points = list(rows[index]["payload"]["points"])
    points[0], points[1] = points[1] + 1, points[0]
    rows[index] = {**rows[index], "payload": {**rows[index]["payload"], "points": points}}
    found = store.verify_log(str(played), rechained(played, rows)).mismatches
    assert [m.seq for m in found] == [rows[index]["seq"]]
    assert "stored hand_scored" in found[0].what
    assert "differs from replay" in found[0].what


def test_a_rechained_illegal_play_is_caught_by_the_rules(played):
    rows = store.event_rows(played)
    index = next(i for i, r in enumerate(rows) if r["type"] == "card_played")
    rows[index] = {**rows[index], "payload": {**rows[index]["payload"], "card": "QS"}}
    found = store.verify_log(str(played), rechained(played, rows)).mismatches
    assert found
    assert found[0].seq == rows[index]["seq"]
    assert "refused by the rules" in found[0].what


def test_a_missing_derived_fact_is_reported(played):
    rows = [r for r in store.event_rows(played) if r["type"] != "passes_exchanged"]
    rows = [{**r, "seq": i} for i, r in enumerate(rows, start=1)]
    found = store.verify_log(str(played), rechained(played, rows)).mismatches
    assert any("passes_exchanged" in m.what and "not stored" in m.what for m in found)


def test_a_corrupt_snapshot_and_a_drifted_read_model_are_reported(played):
    snap = GameSnapshot.objects.filter(game_id=played).order_by("-seq").first()
    state = dict(snap.state)
    state["status"] = "finished"
    GameSnapshot.objects.filter(pk=snap.pk).update(state=state)
    Seat.objects.filter(game_id=played, index=2).update(display_name="mallory")
    Game.objects.filter(pk=played).update(status="finished")
    output, code = run_verify(str(played))
    assert code == 1
    assert f"seq {snap.seq}: snapshot differs from a full replay" in output
    assert "seat 2 read model: display_name 'mallory'" in output
    assert "read model status 'finished' != replay 'active'" in output


def test_admin_verify_action(played, admin_client):
    response = admin_client.post(
        "/admin/games/game/",
        {"action": "verify_selected_games", "_selected_action": [str(played)]},
        follow=True,
    )
    assert response.status_code == 200
    assert b"1 game(s) verified: OK." in response.content
