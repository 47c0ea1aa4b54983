"""Token authentication in one plain SQL statement (DRF's ``TokenAuthentication``, cheaper).

DRF looks a token up with ``Token.objects.select_related("user").get(key=key)``: the ORM builds
and compiles the join on every request and makes two model instances. This class sends the same
join as one SQL string built once, applies the ORM's column converters, and builds the two
instances with ``Model.from_db`` (what the ORM does after its query). The answer is the same
objects (``request.user`` a real user instance, ``request.auth`` the ``Token``), read fresh on
every request: a revoked token or a deactivated account fails at once, as with DRF's class. The
errors are DRF's (same messages, same ``WWW-Authenticate: Token``). docs/benchmarks.md measures
what it saves.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connections, router
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication


@cache
def _lookup(db: str) -> tuple[str, list[str], list[str], list[tuple[int, list, Any]]]:
    """The join of DRF's lookup as SQL for database ``db``, the field names of both models, and
    the converters the ORM would apply to the columns (datetimes, booleans on SQLite...)."""
    from rest_framework.authtoken.models import Token

    connection = connections[db]
    quote = connection.ops.quote_name
    user_model = get_user_model()
    fields = [*Token._meta.concrete_fields, *user_model._meta.concrete_fields]
    split = len(Token._meta.concrete_fields)
    t, u = quote(Token._meta.db_table), quote(user_model._meta.db_table)
    columns = [f"{t if i < split else u}.{quote(f.column)}" for i, f in enumerate(fields)]
    sql = (
        f"SELECT {', '.join(columns)} FROM {t} INNER JOIN {u} "
        f"ON {u}.{quote(user_model._meta.pk.column)} = "
        f"{t}.{quote(Token._meta.get_field('user').column)} "
        f"WHERE {t}.{quote(Token._meta.pk.column)} = %s"
    )
    converters = []
    for i, field in enumerate(fields):
        col = field.get_col(field.model._meta.db_table)
        found = connection.ops.get_db_converters(col) + field.get_db_converters(connection)
        if found:
            converters.append((i, found, col))
    names = [f.attname for f in fields]
    return sql, names[:split], names[split:], converters


class SqlTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, looked up in one plain SQL join (see the module)."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        from rest_framework.authtoken.models import Token

        if self.get_model() is not Token:  # a custom token model: DRF's own lookup
            return super().authenticate_credentials(key)
        db = router.db_for_read(Token)
        sql, token_fields, user_fields, converters = _lookup(db)
        connection = connections[db]
        with connection.cursor() as cursor:
            cursor.execute(sql, [key])
            row = cursor.fetchone()
        if row is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if converters:
            row = list(row)
            for i, found, col in converters:
                for converter in found:
                    row[i] = converter(row[i], col, connection)
        split = len(token_fields)
        user = get_user_model().from_db(db, user_fields, row[split:])
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        token = Token.from_db(db, token_fields, row[:split])
        token.user = user  # the relation DRF's select_related fills
        return user, token
