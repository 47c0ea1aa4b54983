"""Plain SQL built from a model's table and columns, for the few hot queries that the ORM would
recompile on every request or task (token authentication, locking a game row, the feed
projection).

``columns(Model, db, alias)`` is, once per model, database and table alias, the quoted column
list of the model's concrete fields, their attribute names and the converters the ORM applies
to their values (``connection.ops.get_db_converters`` + ``field.get_db_converters``: JSON
decoding, datetimes and booleans on SQLite...). ``Columns.instance(row)`` then builds the
instance the way a queryset does after its query (``Model.from_db``), so the object is the same
one ``Model.objects.get`` returns: loaded from the database (``_state.adding`` false), saved
with an UPDATE. Reads are fresh on every call: nothing is cached but the SQL text.

``values(Model, names, db, alias)`` is the same for some of the fields, read into the dicts
``QuerySet.values(*names)`` gives (names as ``values`` takes them: ``"player_id"`` or
``"player"`` for a foreign key's column). ``param`` prepares a value for a lookup on a field and
``insert`` writes rows, both the way the ORM prepares them (``get_db_prep_value`` /
``get_db_prep_save``: UUIDs as hex on SQLite, JSON adapted...), so table and column names come
from the models and values are always query parameters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connections
from django.db.models import Field, Model

Converters = tuple[tuple[int, tuple[Any, ...], Any], ...]


def _converters(fields: Sequence[Field], db: str, alias: str) -> Converters:
    """(index, converters, expression) of the fields whose values the ORM converts on ``db``."""
    connection = connections[db]
    found_all = []
    for index, field in enumerate(fields):
        expression = field.get_col(alias)
        found = connection.ops.get_db_converters(expression) + field.get_db_converters(connection)
        if found:
            found_all.append((index, tuple(found), expression))
    return tuple(found_all)


def _convert(db: str, converters: Converters, values: Sequence[Any]) -> Sequence[Any]:
    if not converters:
        return values
    values = list(values)
    connection = connections[db]
    for index, found, expression in converters:
        for converter in found:
            values[index] = converter(values[index], expression, connection)
    return values


def _column_list(fields: Sequence[Field], db: str, alias: str) -> str:
    quote = connections[db].ops.quote_name
    return ", ".join(f"{quote(alias)}.{quote(f.column)}" for f in fields)


@dataclass(frozen=True)
class Columns:
    model: type[Model]
    db: str
    sql: str  # "alias"."column", ... of every concrete field, in field order
    attnames: tuple[str, ...]
    converters: Converters

    def __len__(self) -> int:
        return len(self.attnames)

    def instance(self, values: Sequence[Any]) -> Model:
        """The model instance of ``values`` (this model's columns of a row, in order)."""
        values = _convert(self.db, self.converters, values)
        return self.model.from_db(self.db, self.attnames, values)


@cache
def columns(model: type[Model], db: str, alias: str) -> Columns:
    fields = model._meta.concrete_fields
    return Columns(
        model=model,
        db=db,
        sql=_column_list(fields, db, alias),
        attnames=tuple(f.attname for f in fields),
        converters=_converters(fields, db, alias),
    )


@dataclass(frozen=True)
class Values:
    db: str
    sql: str  # "alias"."column", ... of the fields named, in that order
    names: tuple[str, ...]
    converters: Converters

    def __len__(self) -> int:
        return len(self.names)

    def dict(self, values: Sequence[Any]) -> dict[str, Any]:
        """{name: value} of ``values`` (these columns of a row, in order), as ``.values()``."""
        return dict(zip(self.names, _convert(self.db, self.converters, values), strict=True))


@cache
def values(model: type[Model], names: tuple[str, ...], db: str, alias: str) -> Values:
    fields = [model._meta.get_field(name) for name in names]
    return Values(
        db=db,
        sql=_column_list(fields, db, alias),
        names=names,
        converters=_converters(fields, db, alias),
    )


def param(model: type[Model], name: str, value: Any, db: str) -> Any:
    """``value`` as a query parameter compared with field ``name`` (the ORM's preparation of
    an exact lookup; a malformed value raises what a queryset's filter raises)."""
    return model._meta.get_field(name).get_db_prep_value(value, connections[db], prepared=False)


def marks(count: int) -> str:
    """``%s, %s, ...``: the placeholders of ``count`` parameters."""
    return ", ".join(["%s"] * count)


@cache
def _insert_sql(
    model: type[Model], names: tuple[str, ...], db: str
) -> tuple[tuple[Field, ...], str, str]:
    """The fields named, ``INSERT INTO <table> (<their columns>) VALUES `` and one row's marks."""
    fields = tuple(model._meta.get_field(name) for name in names)
    cols = ", ".join(column(model, name, db) for name in names)
    return fields, f"INSERT INTO {table(model, db)} ({cols}) VALUES ", f"({marks(len(fields))})"


def insert(
    model: type[Model],
    names: Sequence[str],
    rows: Sequence[Sequence[Any]],
    *,
    db: str,
    suffix: str = "",
) -> list[tuple[Any, ...]]:
    """``INSERT INTO <table> (<columns of names>) VALUES (...), ... <suffix>`` of ``rows``
    (Python values in ``names`` order, prepared as ``save`` prepares them), in the batches
    ``bulk_create`` would use (SQLite limits a statement's parameters). ``suffix`` is the
    conflict clause and ``RETURNING``, if any: the rows returned are given back, as the
    database returns them (no converters)."""
    if not rows:
        return []
    connection = connections[db]
    fields, head, row_sql = _insert_sql(model, tuple(names), db)
    returned: list[tuple[Any, ...]] = []
    size = max(1, connection.ops.bulk_batch_size(fields, rows))
    with connection.cursor() as cursor:
        for start in range(0, len(rows), size):
            batch = rows[start : start + size]
            params = [
                field.get_db_prep_save(value, connection)
                for row in batch
                for field, value in zip(fields, row, strict=True)
            ]
            cursor.execute(f"{head}{', '.join([row_sql] * len(batch))} {suffix}", params)
            if cursor.description is not None:  # a RETURNING clause
                returned += cursor.fetchall()
    return returned


@cache
def table(model: type[Model], db: str) -> str:
    return connections[db].ops.quote_name(model._meta.db_table)


@cache
def column(model: type[Model], name: str, db: str) -> str:
    return connections[db].ops.quote_name(model._meta.get_field(name).column)
