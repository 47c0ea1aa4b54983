"""The store's hot path of a move, in plain SQL: lock the game row; append the events and bring
the game row's read model in line in ONE statement (issue 18).

The store's own ``lock_game`` / ``append`` / ``sync_read_model`` do the same through the ORM in
four to five round trips (SELECT ... FOR UPDATE, SAVEPOINT, INSERT, RELEASE, UPDATE), each
compiled again on every move; what costs a move its CPU is mostly that compiling, not PostgreSQL.
Here, on PostgreSQL:

* ``get_game`` / ``lock_game``: the same row, ``SELECT <every column> ... [FOR UPDATE]`` built
  once, the instance made the way a queryset makes it (``hearts_api.sqlrows``), on every
  database;
* ``append_and_sync``: ``WITH ins AS (INSERT INTO games_gameevent ... ON CONFLICT (game_id, seq)
  DO NOTHING RETURNING 1) UPDATE games_game SET <head + read model> WHERE id = %s AND (SELECT
  count(*) FROM ins) = <number of events>``: the rows (hash chain from the store: ``store.
  event_hash``, the same digests) and the game row's head and read-model columns (status,
  started/finished, last seq/hash/event time, to_act, awaiting_ai) in one round trip. A writer
  that lost a race (a row of its seqs already there: only possible without the row lock) inserts
  nothing, updates nothing, and gets ``ConcurrencyConflict`` with the committed head, read in
  the same (still healthy) transaction, like ``store.append``. The other rows of the statement
  may have been inserted: the conflict leaves the caller's ``atomic`` block and rolls them back
  (every caller appends inside one, as ``store.append`` requires). Seat rows (changed only by
  lobby moves and hand-overs) and the signed heads of hand and game ends (one in 13 tricks) stay
  ORM statements in the same transaction.

Other databases (SQLite in tests and ``dev.py serve``) take the store's ORM path: same rows,
same read model, same errors. ``tests/store/test_store_fast.py`` checks both paths against each
other, and ``tests/perf/test_query_counts.py`` pins the statements of a play.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connections, router
from django.db.transaction import TransactionManagementError

from games import aggregate as agg_mod
from games import signing
from games.aggregate import GameAggregate
from games.errors import ConcurrencyConflict, GameNotFound
from games.models import Game, GameEvent, HeadSignature, Seat
from hearts_api.sqlrows import column, columns, table

# The game row's columns a move writes: the head (append) and the read model (sync_read_model).
GAME_UPDATE_FIELDS = (
    "status",
    "started_at",
    "finished_at",
    "last_seq",
    "last_hash",
    "last_event_at",
    "to_act",
    "awaiting_ai",
)
EVENT_INSERT_FIELDS = (
    "game",
    "seq",
    "type",
    "schema_version",
    "payload",
    "actor_kind",
    "actor_player",
    "actor_seat",
    "created_at",
    "prev_hash",
    "hash",
)


def _db() -> str:
    return router.db_for_write(Game)


@cache
def _select_sql(db: str, lock: bool) -> str:
    suffix = " FOR UPDATE" if lock and connections[db].features.has_select_for_update else ""
    return (
        f"SELECT {columns(Game, db, Game._meta.db_table).sql} FROM {table(Game, db)} "
        f"WHERE {table(Game, db)}.{column(Game, 'id', db)} = %s{suffix}"
    )


def get_game(game_id: Any, *, lock: bool = False) -> Game:
    """``store.get_game`` in plain SQL: the game row (``lock``: locked for this transaction,
    which must be open); ``GameNotFound`` for an unknown or malformed id."""
    db = _db()
    connection = connections[db]
    if lock and not connection.in_atomic_block:
        raise TransactionManagementError("lock_game must run inside a transaction")
    pk = Game._meta.pk
    try:
        value = pk.get_db_prep_value(pk.to_python(game_id), connection)
    except (ValidationError, ValueError, TypeError):
        raise GameNotFound(game_id=str(game_id)) from None
    with connection.cursor() as cursor:
        cursor.execute(_select_sql(db, lock), [value])
        row = cursor.fetchone()
    if row is None:
        raise GameNotFound(game_id=str(game_id))
    return columns(Game, db, Game._meta.db_table).instance(row)


def lock_game(game_id: Any) -> Game:
    """``store.lock_game`` in plain SQL: the game row, locked for this transaction."""
    return get_game(game_id, lock=True)


@cache
def _append_sql(db: str, n: int) -> str:
    connection = connections[db]
    quote = connection.ops.quote_name
    event_fields = [GameEvent._meta.get_field(name) for name in EVENT_INSERT_FIELDS]
    row = "(" + ", ".join(["%s"] * len(event_fields)) + ")"
    sets = ", ".join(f"{column(Game, name, db)} = %s" for name in GAME_UPDATE_FIELDS)
    return (
        f"WITH ins AS (INSERT INTO {table(GameEvent, db)} "
        f"({', '.join(quote(f.column) for f in event_fields)}) VALUES {', '.join([row] * n)} "
        f"ON CONFLICT ({column(GameEvent, 'game', db)}, {column(GameEvent, 'seq', db)}) "
        f"DO NOTHING RETURNING 1) "
        f"UPDATE {table(Game, db)} SET {sets} WHERE {column(Game, 'id', db)} = %s "
        f"AND (SELECT count(*) FROM ins) = %s"
    )


def _apply_read_model(game: Game, agg: GameAggregate, now: datetime) -> None:
    """The game row's read-model columns for ``agg``, in memory (as ``store.sync_read_model``)."""
    if agg.status != agg_mod.LOBBY and game.started_at is None:
        game.started_at = now
    if agg.status == agg_mod.FINISHED and game.finished_at is None:
        game.finished_at = now
    game.status = agg.status
    game.to_act = list(agg.to_act)
    game.awaiting_ai = bool(agg.ai_seats_to_act())


def append_and_sync(
    game: Game,
    *,
    before: GameAggregate,
    agg: GameAggregate,
    events: Sequence[Any],
    now: datetime,
) -> list[dict[str, Any]]:
    """``store.append(game, expected_seq=before.seq, events=events, now=now)`` followed by
    ``store.sync_read_model(game, before, agg, now=now)``: the same rows, read model, return
    value and errors; on PostgreSQL in one statement (plus the rare ones above)."""
    from games import store

    db = _db()
    connection = connections[db]
    if connection.vendor != "postgresql" or not events:
        stored = store.append(game, expected_seq=before.seq, events=events, now=now)
        store.sync_read_model(game, before, agg, now=now)
        return stored
    if game.last_seq != before.seq:
        raise ConcurrencyConflict(current_seq=game.last_seq)
    prev_hash = game.last_hash or store.GENESIS_HASH
    values: list[Any] = []
    stored: list[dict[str, Any]] = []
    signatures: list[HeadSignature] = []
    event_fields = [GameEvent._meta.get_field(name) for name in EVENT_INSERT_FIELDS]
    seq = before.seq
    for ev in events:
        seq += 1
        version = (
            ev.schema_version if ev.schema_version is not None else store.current_version(ev.type)
        )
        actor = ev.actor.to_dict()
        digest = store.event_hash(
            prev_hash=prev_hash,
            game_id=str(game.pk),
            seq=seq,
            type_=ev.type,
            schema_version=version,
            payload=ev.payload,
            actor=actor,
            id_salt=game.id_salt,
        )
        row = (game.pk, seq, ev.type, version, ev.payload, ev.actor.kind, ev.actor.player_id,
               ev.actor.seat, now, prev_hash, digest)  # fmt: skip
        values.extend(
            f.get_db_prep_save(v, connection) for f, v in zip(event_fields, row, strict=True)
        )
        stored.append({"seq": seq, "type": ev.type, "schema_version": version,
                       "payload": ev.payload, "actor": actor, "created_at": now})  # fmt: skip
        if ev.type in signing.SIGNED_TYPES:
            signatures.append(store.head_signature(game.pk, seq, digest, now))
        prev_hash = digest
    previous = (game.last_seq, game.last_hash, game.last_event_at)
    game.last_seq, game.last_hash, game.last_event_at = seq, prev_hash, now
    _apply_read_model(game, agg, now)
    for name in GAME_UPDATE_FIELDS:
        field = Game._meta.get_field(name)
        values.append(field.get_db_prep_save(getattr(game, field.attname), connection))
    values.append(Game._meta.pk.get_db_prep_save(game.pk, connection))
    values.append(len(events))
    with connection.cursor() as cursor:
        cursor.execute(_append_sql(db, len(events)), values)
        updated = cursor.rowcount
        if updated != 1:
            game.last_seq, game.last_hash, game.last_event_at = previous
            cursor.execute(
                f"SELECT {column(Game, 'last_seq', db)} FROM {table(Game, db)} "
                f"WHERE {column(Game, 'id', db)} = %s",
                [Game._meta.pk.get_db_prep_value(game.pk, connection)],
            )
            head = cursor.fetchone()
            raise ConcurrencyConflict(current_seq=head[0] if head else 0)
    if signatures:
        HeadSignature.objects.bulk_create(signatures)
    for index, seat in enumerate(agg.seats):
        if before.seats[index] != seat:
            Seat.objects.filter(game_id=game.pk, index=index).update(**store.seat_row_fields(seat))
    return stored
