"""Forgeries behind the application's back, as a database writer would make them (tests only)."""

from __future__ import annotations

import json
import uuid
from io import StringIO

from django.core.management import CommandError, call_command
from django.db import connection

from games import store
from games.models import Game, GameSnapshot, Seat

TRIGGERS = {
    "games_gameevent": "games_gameevent_append_only",
    "games_headsignature": "games_headsignature_append_only",
}


def forced(*statements: tuple[str, list]) -> None:
    """Run SQL behind the application's back (on PostgreSQL with the append-only triggers off)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            for table, trigger in TRIGGERS.items():
                cursor.execute(f"ALTER TABLE {table} DISABLE TRIGGER {trigger}")
        try:
            for sql, params in statements:
                cursor.execute(sql, params)
        finally:
            if connection.vendor == "postgresql":
                for table, trigger in TRIGGERS.items():
                    cursor.execute(f"ALTER TABLE {table} ENABLE TRIGGER {trigger}")
                cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def db_id(game_id) -> str:
    """The game id as raw SQL compares it (uuid on PostgreSQL, 32 hex digits on SQLite)."""
    value = uuid.UUID(str(game_id))
    return str(value) if connection.vendor == "postgresql" else value.hex


def verify(*args: str) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("verify_games", *args, stdout=out, stderr=out)
    except CommandError as exc:
        return exc.returncode, out.getvalue() + str(exc)
    return 0, out.getvalue()


def rewrite_seat(game_id, seat: int, new_player, *, id_salt: str | None = None) -> None:
    """The attack: give ``seat`` to ``new_player`` in the log and the read model, recompute every
    sha256 with the documented formula, so the plain chain and the replay both pass.

    ``id_salt``: the pseudonym key the writer hashes with; by default the game's own (a writer
    who reads the games table too: only the signatures catch them). ``""`` recomputes with the
    chain v1 formula, any other value guesses pseudonyms without the game's secret."""
    if id_salt is None:
        id_salt = Game.objects.get(pk=game_id).id_salt
    rows = store.event_rows(game_id)
    taken = next(r for r in rows if r["type"] == "seat_taken" and r["payload"]["seat"] == seat)
    old_player = taken["payload"]["player_id"]
    prev = store.GENESIS_HASH
    cast = "::jsonb" if connection.vendor == "postgresql" else ""
    statements = []
    for row in rows:
        payload = row["payload"]
        actor_player = row["actor_player_id"]
        if row["seq"] == taken["seq"]:
            payload = {**payload, "player_id": new_player.pk, "display_name": new_player.username}
        if actor_player == old_player:
            actor_player = new_player.pk
        actor = {"kind": row["actor_kind"], "player": actor_player, "seat": row["actor_seat"]}
        digest = store.event_hash(
            prev_hash=prev,
            game_id=str(game_id),
            seq=row["seq"],
            type_=row["type"],
            schema_version=row["schema_version"],
            payload=payload,
            actor=actor,
            id_salt=id_salt,
        )
        statements.append(
            (
                "UPDATE games_gameevent SET payload = %s" + cast + ", actor_player_id = %s, "
                "prev_hash = %s, hash = %s WHERE game_id = %s AND seq = %s",
                [json.dumps(payload), actor_player, prev, digest, db_id(game_id), row["seq"]],
            )
        )
        prev = digest
    forced(*statements)
    GameSnapshot.objects.filter(game_id=game_id).delete()  # a cache: a careful writer drops it
    store.recent.clear()
    Game.objects.filter(pk=game_id).update(last_hash=prev)
    Seat.objects.filter(game_id=game_id, index=seat).update(
        player_id=new_player.pk, display_name=new_player.username
    )
