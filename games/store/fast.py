"""The store's hot path of a move, in plain SQL: lock the game row; append the events and bring
the game row's read model in line in ONE statement (issue 18).

The store's own ``lock_game`` / ``append`` / ``sync_read_model`` do the same through the ORM in
four to five round trips (SELECT ... FOR UPDATE, SAVEPOINT, INSERT, RELEASE, UPDATE), each
compiled again on every move; what costs a move its CPU is mostly that compiling, not PostgreSQL.
Here, on PostgreSQL:

* ``get_game`` / ``lock_game``: the same row, ``SELECT <every column> ... [FOR UPDATE]`` built
  once, the instance made the way a queryset makes it (``common.sqlrows``), on every
  database;
* ``append_and_sync``: ``WITH ins AS (INSERT INTO games_gameevent ... ON CONFLICT (game_id, seq)
  DO NOTHING RETURNING 1) UPDATE games_game SET <head + read model> WHERE id = %s AND (SELECT
  count(*) FROM ins) = <number of events>``: the rows (``repository.build_rows``: the same rows
  and hashes as ``append``) and the game row's head and read-model columns
  (``read_model.GAME_ROW_FIELDS``, set by ``read_model.apply_to_game``) in one round trip. A writer
  that lost a race (a row of its seqs already there: only possible without the row lock) inserts
  nothing, updates nothing, and gets ``ConcurrencyConflict`` with the committed head, read in
  the same (still healthy) transaction, like ``store.append``. The other rows of the statement
  may have been inserted: the conflict leaves the caller's ``atomic`` block and rolls them back
  (every caller appends inside one, as ``store.append`` requires). Seat rows (changed by lobby
  moves, hand-overs and hand ends) and the signed heads of hand and game ends (one move in 52)
  stay ORM statements in the same transaction (``read_model.sync_seats``).

Other databases (SQLite in tests and ``dev.py serve``) take the store's ORM path: same rows,
same read model, same errors. ``tests/store/test_store_fast.py`` checks both paths against each
other, and ``tests/perf/test_query_counts.py`` pins the statements of a play.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Any

import orjson
from django.core.exceptions import ValidationError
from django.db import connections, router
from django.db.transaction import TransactionManagementError

from common.sqlrows import column, columns, table
from games import signals, signing
from games.aggregate import HUMAN, GameAggregate, aggregate_from_dict
from games.errors import ConcurrencyConflict, GameNotFound
from games.models import Game, GameEvent, GameSnapshot, HeadSignature
from games.store import chain
from games.store.read_model import GAME_ROW_FIELDS, apply_to_game, sync_read_model, sync_seats
from games.store.repository import (
    EVENT_FIELDS,
    Loaded,
    append,
    build_rows,
    head_signature,
    load,
    load_after,
    recent,
)
from games.store.snapshots import snapshot_version

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


def _game_row(sql: str, game_id: Any, *, lock: bool, before: Sequence[Any] = ()) -> tuple:
    """The row ``sql`` reads for the game (its id the last parameter, after ``before``);
    ``GameNotFound`` for an unknown or malformed id. A lock needs an open transaction."""
    connection = connections[_db()]
    if lock and not connection.in_atomic_block:
        raise TransactionManagementError("lock_game must run inside a transaction")
    pk = Game._meta.pk
    try:
        value = pk.get_db_prep_value(pk.to_python(game_id), connection)
    except (ValidationError, ValueError, TypeError):
        raise GameNotFound(game_id=str(game_id)) from None
    with connection.cursor() as cursor:
        cursor.execute(sql, [*before, value])
        row = cursor.fetchone()
    if row is None:
        raise GameNotFound(game_id=str(game_id))
    return row


def get_game(game_id: Any, *, lock: bool = False) -> Game:
    """``store.get_game`` in plain SQL: the game row (``lock``: locked for this transaction,
    which must be open); ``GameNotFound`` for an unknown or malformed id."""
    db = _db()
    row = _game_row(_select_sql(db, lock), game_id, lock=lock)
    return columns(Game, db, Game._meta.db_table).instance(row)


def lock_game(game_id: Any) -> Game:
    """``store.lock_game`` in plain SQL: the game row, locked for this transaction."""
    return get_game(game_id, lock=True)


def _tail_sql(db: str, after: str) -> str:
    """A subquery: the game's events with a seq above ``after`` (an SQL expression) as one JSON
    array of ``EVENT_FIELDS`` arrays, in seq order (``[]`` when there are none)."""
    event = table(GameEvent, db)
    seq = column(GameEvent, "seq", db)
    items = ", ".join(f"e.{column(GameEvent, name, db)}" for name in EVENT_FIELDS)
    return (
        f"(SELECT COALESCE(json_agg(json_build_array({items}) ORDER BY e.{seq}), '[]') "
        f"FROM {event} AS e WHERE e.{column(GameEvent, 'game', db)} = "
        f"{table(Game, db)}.{column(Game, 'id', db)} AND e.{seq} > {after})"
    )


@cache
def _with_tail_sql(db: str, lock: bool) -> str:
    game_id = f"{table(Game, db)}.{column(Game, 'id', db)}"
    suffix = f" FOR UPDATE OF {table(Game, db)}" if lock else ""
    return (
        f"SELECT {columns(Game, db, Game._meta.db_table).sql}, {_tail_sql(db, '%s')} "
        f"FROM {table(Game, db)} WHERE {game_id} = %s{suffix}"
    )


@cache
def _with_snapshot_sql(db: str, lock: bool) -> str:
    game_id = f"{table(Game, db)}.{column(Game, 'id', db)}"
    snap_seq = column(GameSnapshot, "seq", db)
    suffix = f" FOR UPDATE OF {table(Game, db)}" if lock else ""
    return (
        f"SELECT {columns(Game, db, Game._meta.db_table).sql}, s.{snap_seq}, "
        f"s.{column(GameSnapshot, 'state', db)}, "
        f"{_tail_sql(db, f'COALESCE(s.{snap_seq}, 0)')} "
        f"FROM {table(Game, db)} LEFT JOIN LATERAL (SELECT x.{snap_seq}, "
        f"x.{column(GameSnapshot, 'state', db)} FROM {table(GameSnapshot, db)} AS x "
        f"WHERE x.{column(GameSnapshot, 'game', db)} = {game_id} "
        f"AND x.{column(GameSnapshot, 'version', db)} = %s "
        f"ORDER BY x.{snap_seq} DESC LIMIT 1) AS s ON TRUE "
        f"WHERE {game_id} = %s{suffix}"
    )


def _event_rows(items: Sequence[Sequence[Any]]) -> list[dict[str, Any]]:
    # json_agg's value comes back decoded by psycopg (Django decodes only jsonb itself)
    return [dict(zip(EVENT_FIELDS, item, strict=True)) for item in items]


def _game_with_state(
    game_id: Any, *, lock: bool, held: Loaded | None = None
) -> tuple[Game, Loaded | None]:
    """The game row and its current state in ONE statement (PostgreSQL; see
    ``lock_game_with_tail``), or ``(game, None)`` when the state must be ``load``ed."""
    db = _db()
    if connections[db].vendor != "postgresql":
        return get_game(game_id, lock=lock), None
    game_columns = columns(Game, db, Game._meta.db_table)
    if held is None:
        held = recent.held(game_id)
    if held is not None:
        sql = _with_tail_sql(db, lock)
        row = _game_row(sql, game_id, lock=lock, before=[held.aggregate.seq])
        game = game_columns.instance(row[: len(game_columns)])
        return game, load_after(game, held, _event_rows(row[-1]))
    sql = _with_snapshot_sql(db, lock)
    row = _game_row(sql, game_id, lock=lock, before=[snapshot_version()])
    game = game_columns.instance(row[: len(game_columns)])
    snap_seq, state, items = row[len(game_columns) :]
    start = None
    if snap_seq is not None:
        # jsonb comes back as text (Django's loader); a snapshot holds plain JSON values
        start = Loaded(aggregate=aggregate_from_dict(orjson.loads(state)), snapshot_seq=snap_seq)
    return game, load_after(game, start, _event_rows(items))


def lock_game_with_tail(game_id: Any, *, held: Loaded | None = None) -> tuple[Game, Loaded | None]:
    """``lock_game`` and the game's current state read in the SAME statement, on PostgreSQL:

    * when this process holds an earlier state of the game (``recent``: gunicorn's workers
      take a game's moves in turn, so a worker mostly holds it a move or two behind; or
      ``held``, the state the caller has at hand, such as the one an AI chain's previous
      commit left), the events after that state (none: that very state);
    * when it holds nothing of the game (its state was pushed out of ``recent`` by other
      games, or never came here: with many tables per worker, the common case), the game's
      newest snapshot of the current version and the events after it (``load``'s two reads).

    ``(game, None)`` on other databases than PostgreSQL, or when the events read do not reach
    the locked row's ``last_seq``: then the caller ``load``s as before.

    Why the events can fall short: the subqueries run before the row is locked, under the
    statement's snapshot; if another transaction held the lock and committed a move meanwhile,
    PostgreSQL hands back the row it committed (``last_seq`` moved on) but not that move's
    events. ``load_after`` checks that the events run exactly from the starting state to
    ``last_seq``; anything else is a fall back to ``load`` (a new statement sees them)."""
    return _game_with_state(game_id, lock=True, held=held)


def get_game_with_state(game_id: Any) -> tuple[Game, Loaded]:
    """The game row and its current state, for a read (a game view): on PostgreSQL in one
    statement, as ``lock_game_with_tail`` reads them but without the lock (the row and its
    events then come from the same snapshot); elsewhere ``get_game`` and ``load``. Read outside
    a transaction, the state is kept in ``recent``, as ``load`` keeps it."""
    game, loaded = _game_with_state(game_id, lock=False)
    if loaded is None:
        return game, load(game)
    if not connections[_db()].in_atomic_block:
        recent.put(game.pk, loaded)
    return game, loaded


@cache
def _append_sql(db: str, n: int) -> str:
    connection = connections[db]
    quote = connection.ops.quote_name
    event_fields = [GameEvent._meta.get_field(name) for name in EVENT_INSERT_FIELDS]
    row = "(" + ", ".join(["%s"] * len(event_fields)) + ")"
    sets = ", ".join(f"{column(Game, name, db)} = %s" for name in GAME_ROW_FIELDS)
    return (
        f"WITH ins AS (INSERT INTO {table(GameEvent, db)} "
        f"({', '.join(quote(f.column) for f in event_fields)}) VALUES {', '.join([row] * n)} "
        f"ON CONFLICT ({column(GameEvent, 'game', db)}, {column(GameEvent, 'seq', db)}) "
        f"DO NOTHING RETURNING 1) "
        f"UPDATE {table(Game, db)} SET {sets} WHERE {column(Game, 'id', db)} = %s "
        f"AND (SELECT count(*) FROM ins) = %s"
    )


def has_humans(before: GameAggregate, agg: GameAggregate, events: Sequence[Any]) -> bool:
    """Whether anybody could read these events in a feed: a human seat before or after them,
    or a player who caused one (from memory: no statement)."""
    return (
        any(seat.kind == HUMAN for seat in before.seats)
        or any(seat.kind == HUMAN for seat in agg.seats)
        or any(ev.actor.kind == "player" for ev in events)
    )


def append_and_sync(
    game: Game,
    *,
    before: GameAggregate,
    agg: GameAggregate,
    events: Sequence[Any],
    now: datetime,
) -> list[dict[str, Any]]:
    """``append(game, expected_seq=before.seq, events=events, now=now)`` followed by
    ``sync_read_model(game, before, agg, now=now)``: the same rows, read model, return value
    and errors; on PostgreSQL in one statement (plus the rare ones above)."""
    db = _db()
    connection = connections[db]
    humans = has_humans(before, agg, events)
    if connection.vendor != "postgresql" or not events:
        stored = append(game, expected_seq=before.seq, events=events, now=now, has_humans=humans)
        sync_read_model(game, before, agg, now=now)
        return stored
    if game.last_seq != before.seq:
        raise ConcurrencyConflict(current_seq=game.last_seq)
    rows = build_rows(
        game,
        after_seq=before.seq,
        prev_hash=game.last_hash or chain.GENESIS_HASH,
        events=events,
        now=now,
    )
    fields = [GameEvent._meta.get_field(name) for name in EVENT_INSERT_FIELDS]
    values = [
        field.get_db_prep_save(getattr(row, field.attname), connection)
        for row in rows
        for field in fields
    ]
    previous = (game.last_seq, game.last_hash, game.last_event_at)
    game.last_seq, game.last_hash, game.last_event_at = (
        rows[-1].seq,
        rows[-1].hash,
        rows[-1].created_at,
    )
    apply_to_game(game, agg, now=now)
    for name in GAME_ROW_FIELDS:
        field = Game._meta.get_field(name)
        values.append(field.get_db_prep_save(getattr(game, field.attname), connection))
    values.append(Game._meta.pk.get_db_prep_save(game.pk, connection))
    values.append(len(rows))
    with connection.cursor() as cursor:
        cursor.execute(_append_sql(db, len(rows)), values)
        if cursor.rowcount != 1:
            game.last_seq, game.last_hash, game.last_event_at = previous
            cursor.execute(
                f"SELECT {column(Game, 'last_seq', db)} FROM {table(Game, db)} "
                f"WHERE {column(Game, 'id', db)} = %s",
                [Game._meta.pk.get_db_prep_value(game.pk, connection)],
            )
            head = cursor.fetchone()
            raise ConcurrencyConflict(current_seq=head[0] if head else 0)
    signatures = [
        head_signature(game.pk, row.seq, row.hash, now)
        for row in rows
        if row.type in signing.SIGNED_TYPES
    ]
    if signatures:
        HeadSignature.objects.bulk_create(signatures)
    sync_seats(game, before, agg)
    # As ``append`` does: other apps (the players' feeds) hear of the events after the commit.
    signals.send_events_appended_on_commit(
        game_id=game.pk, first_seq=rows[0].seq, last_seq=rows[-1].seq, has_humans=humans
    )
    return [
        {
            "seq": row.seq,
            "type": row.type,
            "schema_version": row.schema_version,
            "payload": row.payload,
            "actor": ev.actor.to_dict(),
            "created_at": row.created_at,
        }
        for row, ev in zip(rows, events, strict=True)
    ]
