"""Tamper evidence: editing or deleting a stored event behind the application's back.

On PostgreSQL the append-only trigger refuses both; with the trigger forced off (or on SQLite,
which has none) ``verify_games`` names exactly the games and events that were touched, and only
those. A writer who also recomputes every sha256 (the documented formula) is caught by the
server's Ed25519 signed heads, and one who cuts a log short (signatures included) by the
auditor's checkpoints. tests/store/test_verify_games.py covers the kinds of forgery one game at
a time, tests/store/test_signed_heads.py the signatures, tests/reliability/test_db_privileges.py
the app role that cannot do any of this on PostgreSQL.
"""

from __future__ import annotations

import json
import uuid
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction

from games.models import Game, GameEvent
from tests.reliability.conftest import verify_games
from tests.sync.helpers import make_table

pytestmark = pytest.mark.django_db

TRIGGER = "games_gameevent_append_only"


def _played_game(moves: int = 6) -> str:
    table = make_table(overrides={"passing": False})
    for _ in range(moves):
        table.play_first_legal(table.to_act()[0])
    return table.game_id


def _forced(sql: str, params: list) -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute(f"ALTER TABLE games_gameevent DISABLE TRIGGER {TRIGGER}")
        try:
            cursor.execute(sql, params)
        finally:
            if connection.vendor == "postgresql":
                cursor.execute(f"ALTER TABLE games_gameevent ENABLE TRIGGER {TRIGGER}")
                cursor.execute("SET CONSTRAINTS ALL DEFERRED")


@pytest.mark.postgres
def test_the_trigger_refuses_to_alter_or_delete_any_event():
    game_id = _played_game(2)
    rows = list(GameEvent.objects.filter(game_id=game_id).values_list("pk", flat=True))
    with connection.cursor() as cursor:
        for sql in (
            "UPDATE games_gameevent SET payload = '{}'::jsonb WHERE id = %s",
            "UPDATE games_gameevent SET hash = repeat('0', 64) WHERE id = %s",
            "DELETE FROM games_gameevent WHERE id = %s",
        ):
            for pk in (rows[0], rows[-1]):
                with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
                    cursor.execute(sql, [pk])
    assert GameEvent.objects.filter(game_id=game_id).count() == len(rows)
    code, output = verify_games(game_id)
    assert code == 0, output


def test_verify_games_names_exactly_the_altered_and_the_deleted_event():
    honest, deleted_from, altered = _played_game(), _played_game(), _played_game()
    gone = GameEvent.objects.filter(game_id=deleted_from, type="card_played").order_by("seq")[2]
    _forced("DELETE FROM games_gameevent WHERE id = %s", [gone.pk])
    row = GameEvent.objects.filter(game_id=altered, type="card_played").order_by("seq")[1]
    forged = json.dumps({**row.payload, "seat": (row.payload["seat"] + 1) % 4})
    cast = "::jsonb" if connection.vendor == "postgresql" else ""
    _forced(f"UPDATE games_gameevent SET payload = %s{cast} WHERE id = %s", [forged, row.pk])

    code, output = verify_games()
    print(output)
    assert code == 1
    assert f"ok game {honest}" in output
    mismatches = [line for line in output.splitlines() if line.startswith("MISMATCH")]
    assert {line.split()[2] for line in mismatches} == {deleted_from, altered}
    # The first line about each game names the touched event.
    first = {g: next(m for m in mismatches if m.split()[2] == g) for g in (deleted_from, altered)}
    assert first[altered].startswith(f"MISMATCH game {altered} seq {row.seq}: hash mismatch")
    # A deleted event shows as the gap: the next row where the deleted number was expected.
    assert first[deleted_from] == (
        f"MISMATCH game {deleted_from} seq {gone.seq + 1}: "
        f"sequence number {gone.seq + 1} where {gone.seq} was expected"
    )
    assert "3 game(s) checked, 2 failed" in output


def _finished_game() -> str:
    table = make_table(overrides={"passing": False, "target": 1})
    for _ in range(500):
        if Game.objects.get(pk=table.game_id).status == "finished":
            return str(table.game_id)
        table.play_first_legal(table.to_act()[0])
    raise AssertionError("the game did not finish")


def test_a_rewrite_with_every_hash_recomputed_is_named_by_the_signatures(tmp_path):
    """The attack of issue 13: give a finished game's seat to someone else and recompute the
    chain. The plain chain and the replay agree with the forgery; the signed heads do not."""
    from games import store
    from tests.services.helpers import make_user
    from tests.store.tampering import rewrite_seat

    honest, forged = _finished_game(), _finished_game()
    checkpoints = tmp_path / "checkpoints.jsonl"
    call_command("export_checkpoints", "-o", str(checkpoints), stderr=StringIO())
    rewrite_seat(uuid.UUID(forged), 1, make_user("mallory"))
    salt = Game.objects.get(pk=forged).id_salt  # the writer reads it from the games table
    assert store.verify_log(forged, store.event_rows(forged), id_salt=salt).mismatches == []

    code, output = verify_games()
    print(output)
    assert code == 1
    assert f"ok game {honest}" in output
    mismatches = [line for line in output.splitlines() if line.startswith("MISMATCH")]
    assert {line.split()[2] for line in mismatches} == {forged}
    assert all(": signature error: " in line for line in mismatches)
    assert "(the log was rewritten)" in output
    # The checkpoints kept outside the database say the same, without trusting its signatures.
    code, output = verify_games("--checkpoints", str(checkpoints))
    assert code == 1
    assert f"MISMATCH game {forged} seq" in output
    assert "checkpoint error: the log's hash" in output
