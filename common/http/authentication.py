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

from common.sqlrows import column, columns, table


@cache
def _lookup(db: str) -> str:
    """DRF's join (token -> its user) as SQL for database ``db``."""
    from rest_framework.authtoken.models import Token

    user_model = get_user_model()
    t, u = table(Token, db), table(user_model, db)
    return (
        f"SELECT {columns(Token, db, Token._meta.db_table).sql}, "
        f"{columns(user_model, db, user_model._meta.db_table).sql} "
        f"FROM {t} INNER JOIN {u} ON {u}.{column(user_model, user_model._meta.pk.name, db)} = "
        f"{t}.{column(Token, 'user', db)} WHERE {t}.{column(Token, Token._meta.pk.name, db)} = %s"
    )


class SqlTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, looked up in one plain SQL join (see the module)."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        from rest_framework.authtoken.models import Token

        if self.get_model() is not Token:  # a custom token model: DRF's own lookup
            return super().authenticate_credentials(key)
        db = router.db_for_read(Token)
        with connections[db].cursor() as cursor:
            cursor.execute(_lookup(db), [key])
            row = cursor.fetchone()
        if row is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        token_columns = columns(Token, db, Token._meta.db_table)
        user_model = get_user_model()
        split = len(token_columns)
        user = columns(user_model, db, user_model._meta.db_table).instance(row[split:])
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        token = token_columns.instance(row[:split])
        token.user = user  # the relation DRF's select_related fills
        return user, token
