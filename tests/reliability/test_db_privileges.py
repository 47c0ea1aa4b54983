"""Least privilege on PostgreSQL: the application's role cannot rewrite the log.

``manage.py grant_app_role`` (run as the owner, which ran the migrations) gives a throwaway
role what the app needs. Connected as that role, every way to change or remove stored events
and signed heads fails with a permission error (UPDATE, DELETE, TRUNCATE, ALTER TABLE, ALTER
TABLE ... DISABLE TRIGGER), while the application itself, run as that role in a separate
process, plays a whole hand (events and a signed head appended, read models updated).

Roles are cluster-wide: the role gets a random name and is dropped afterwards, whatever happens.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from io import StringIO
from pathlib import Path

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection

from games import store
from games.models import Game, GameEvent, HeadSignature

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

REPO_ROOT = Path(__file__).resolve().parents[2]
APPEND_ONLY = ("games_gameevent", "games_headsignature")

PLAY_A_HAND = """
from games import services
from tests.services.helpers import make_user, play_humans
users = [make_user() for _ in range(4)]
game = services.game_create(user=users[0], preset="classic", overrides={})
for user in users[1:]:
    services.seat_take(game_id=game.game_id, user=user)
services.game_start(game_id=game.game_id, user=users[0])
agg = play_humans(game.game_id, dict(enumerate(users)), stop=lambda a: a.state.hand_number > 1)
print("GAME", game.game_id, agg.seq)
"""


@pytest.fixture
def app_role():
    role = f"hearts_app_test_{secrets.token_hex(6)}"
    out = StringIO()
    call_command("grant_app_role", role, "--create", stdout=out)
    assert "append-only on games_gameevent, games_headsignature" in out.getvalue()
    try:
        yield role
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'DROP OWNED BY "{role}"')  # its grants and default privileges here
            cursor.execute(f'DROP ROLE "{role}"')
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_roles WHERE rolname = %s", [role])
            assert cursor.fetchone() == (0,)


def connect_as(role: str) -> psycopg.Connection:
    s = connection.settings_dict
    return psycopg.connect(
        host=s["HOST"] or "127.0.0.1",
        port=s["PORT"] or 5432,
        dbname=s["NAME"],
        user=role,
        password=s.get("PASSWORD") or None,
        autocommit=True,
    )


def play_a_hand_as(role: str) -> tuple[str, int]:
    s = connection.settings_dict
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    url = f"postgres://{role}{password}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "hearts_api.settings_test"}
    env.pop("HEARTS_TEST_WORKER", None)
    r = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", PLAY_A_HAND],
        cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert r.returncode == 0, r.stdout + r.stderr
    line = next(x for x in r.stdout.splitlines() if x.startswith("GAME "))
    _, game_id, seq = line.split()
    return game_id, int(seq)


def test_the_app_role_cannot_change_the_log_but_the_app_works(app_role):
    game_id, seq = play_a_hand_as(app_role)
    # The app, connected as the app role, appended a whole hand and signed its end.
    assert GameEvent.objects.filter(game_id=game_id).count() == seq > 50
    assert HeadSignature.objects.filter(game_id=game_id).count() == 1
    assert Game.objects.get(pk=game_id).last_seq == seq
    assert store.verify_game(game_id) == []

    refused = []
    with connect_as(app_role) as conn:
        cur = conn.cursor()
        cur.execute("SELECT current_user")
        assert cur.fetchone() == (app_role,)
        for table in APPEND_ONLY:
            for statement in (
                f"UPDATE {table} SET seq = seq WHERE game_id = %s",
                f"DELETE FROM {table} WHERE game_id = %s",
                f"TRUNCATE {table}",
                f"TRUNCATE {table} CASCADE",
                f"ALTER TABLE {table} DISABLE TRIGGER ALL",
                f"ALTER TABLE {table} DISABLE TRIGGER {table}_append_only",
                f"ALTER TABLE {table} ADD COLUMN forged text",
                f"DROP TABLE {table}",
            ):
                with pytest.raises(psycopg.errors.InsufficientPrivilege) as info:
                    cur.execute(statement, [game_id] if "%s" in statement else None)
                refused.append((statement, str(info.value).splitlines()[0]))
        # It can still read the log and append to it is what play_a_hand_as showed; reading:
        cur.execute("SELECT count(*) FROM games_gameevent WHERE game_id = %s", [game_id])
        assert cur.fetchone() == (seq,)
        # ... and it has ordinary writes on the read models (a positive control).
        cur.execute("UPDATE games_game SET awaiting_ai = awaiting_ai WHERE id = %s", [game_id])
        assert cur.rowcount == 1
    print("\n".join(f"{s}: {e}" for s, e in refused))
    assert all("permission denied" in e or "must be owner" in e for _, e in refused), refused
    assert GameEvent.objects.filter(game_id=game_id).count() == seq
    assert store.verify_game(game_id) == []


def test_grant_app_role_is_idempotent_and_refuses_the_owner_itself(app_role):
    call_command("grant_app_role", app_role, stdout=StringIO())  # again: no error
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT privilege_type FROM information_schema.role_table_grants "
            "WHERE grantee = %s AND table_name = 'games_gameevent' ORDER BY 1",
            [app_role],
        )
        assert [r[0] for r in cursor.fetchall()] == ["INSERT", "SELECT"]
        cursor.execute(
            "SELECT privilege_type FROM information_schema.role_table_grants "
            "WHERE grantee = %s AND table_name = 'games_game' ORDER BY 1",
            [app_role],
        )
        assert [r[0] for r in cursor.fetchall()] == ["DELETE", "INSERT", "SELECT", "UPDATE"]
        cursor.execute("SELECT current_user")
        (owner,) = cursor.fetchone()
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="run this as the owner role"):
        call_command("grant_app_role", owner, stdout=StringIO())
