"""Model instances from plain SQL rows, for the few hot queries that the ORM would recompile on
every request (token authentication, locking a game row).

``columns(Model, db, alias)`` is, once per model, database and table alias, the quoted column
list of the model's concrete fields, their attribute names and the converters the ORM applies
to their values (``connection.ops.get_db_converters`` + ``field.get_db_converters``: JSON
decoding, datetimes and booleans on SQLite...). ``Columns.instance(row)`` then builds the
instance the way a queryset does after its query (``Model.from_db``), so the object is the same
one ``Model.objects.get`` returns: loaded from the database (``_state.adding`` false), saved
with an UPDATE. Reads are fresh on every call: nothing is cached but the SQL text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connections
from django.db.models import Model


@dataclass(frozen=True)
class Columns:
    model: type[Model]
    db: str
    sql: str  # "alias"."column", ... of every concrete field, in field order
    attnames: tuple[str, ...]
    converters: tuple[tuple[int, tuple[Any, ...], Any], ...]

    def __len__(self) -> int:
        return len(self.attnames)

    def instance(self, values: Sequence[Any]) -> Model:
        """The model instance of ``values`` (this model's columns of a row, in order)."""
        if self.converters:
            values = list(values)
            connection = connections[self.db]
            for index, found, expression in self.converters:
                for converter in found:
                    values[index] = converter(values[index], expression, connection)
        return self.model.from_db(self.db, self.attnames, values)


@cache
def columns(model: type[Model], db: str, alias: str) -> Columns:
    connection = connections[db]
    quote = connection.ops.quote_name
    fields = model._meta.concrete_fields
    converters = []
    for index, field in enumerate(fields):
        expression = field.get_col(alias)
        found = connection.ops.get_db_converters(expression) + field.get_db_converters(connection)
        if found:
            converters.append((index, tuple(found), expression))
    return Columns(
        model=model,
        db=db,
        sql=", ".join(f"{quote(alias)}.{quote(f.column)}" for f in fields),
        attnames=tuple(f.attname for f in fields),
        converters=tuple(converters),
    )


def table(model: type[Model], db: str) -> str:
    return connections[db].ops.quote_name(model._meta.db_table)


def column(model: type[Model], name: str, db: str) -> str:
    return connections[db].ops.quote_name(model._meta.get_field(name).column)
