"""PostgreSQL least privilege: give the application's role what it needs, and no more.

Run as the OWNER role (the one that runs ``migrate``), after every ``migrate``; idempotent:

    DATABASE_URL=$MIGRATE_DATABASE_URL python manage.py migrate
    DATABASE_URL=$MIGRATE_DATABASE_URL python manage.py grant_app_role hearts_app

The app role (which the web processes and workers connect as) gets SELECT, INSERT, UPDATE and
DELETE on the project's tables and the use of their sequences, the same by default on tables the
owner creates later (``ALTER DEFAULT PRIVILEGES``), and on the append-only tables (the events
and the signed heads) only SELECT and INSERT. It owns nothing, so it cannot ALTER a table,
DISABLE its trigger or TRUNCATE it; PostgreSQL answers "permission denied" (tested in
tests/reliability/test_db_privileges.py). See README "PostgreSQL roles".
"""

from __future__ import annotations

import os
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from psycopg import sql

from games.models import GameEvent, HeadSignature

# Tables the app may only read and append to (the log and its signed heads).
APPEND_ONLY_MODELS = (GameEvent, HeadSignature)


def grant_statements(role: str) -> list[sql.Composed]:
    r = sql.Identifier(role)
    append_only = sql.SQL(", ").join(sql.Identifier(m._meta.db_table) for m in APPEND_ONLY_MODELS)
    return [
        sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(
            sql.Identifier(connections[DEFAULT_DB_ALIAS].settings_dict["NAME"]), r
        ),
        sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(r),
        sql.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {}").format(
            r
        ),
        sql.SQL("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {}").format(r),
        sql.SQL("REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON {} FROM {}").format(
            append_only, r
        ),
        sql.SQL(
            "ALTER DEFAULT PRIVILEGES FOR ROLE CURRENT_USER IN SCHEMA public "
            "GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {}"
        ).format(r),
        sql.SQL(
            "ALTER DEFAULT PRIVILEGES FOR ROLE CURRENT_USER IN SCHEMA public "
            "GRANT USAGE, SELECT ON SEQUENCES TO {}"
        ).format(r),
    ]


class Command(BaseCommand):
    help = (
        "PostgreSQL: grant the application role SELECT/INSERT/UPDATE/DELETE, but only "
        "SELECT/INSERT on the append-only event tables. Run as the owner, after migrate."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("role", help="the role the application connects as")
        parser.add_argument(
            "--create",
            action="store_true",
            help="create the role (LOGIN) when it does not exist; password from "
            "--password-env (default HEARTS_APP_DB_PASSWORD), if set",
        )
        parser.add_argument("--password-env", default="HEARTS_APP_DB_PASSWORD")

    def handle(self, *args: Any, **options: Any) -> None:
        connection = connections[DEFAULT_DB_ALIAS]
        if connection.vendor != "postgresql":
            raise CommandError("grant_app_role is for PostgreSQL (DATABASE_URL is not)")
        role = options["role"]
        with transaction.atomic(), connection.cursor() as cursor:
            raw = cursor.cursor.connection  # psycopg's, to quote identifiers
            cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role])
            exists = cursor.fetchone() is not None
            cursor.execute("SELECT current_user")
            (owner,) = cursor.fetchone()
            if owner == role:
                raise CommandError(f"run this as the owner role, not as {role}")
            if not exists:
                if not options["create"]:
                    raise CommandError(f"role {role} does not exist (use --create)")
                password = os.environ.get(options["password_env"])
                create = sql.SQL("CREATE ROLE {} LOGIN").format(sql.Identifier(role))
                if password:
                    create = sql.SQL("{} PASSWORD {}").format(create, sql.Literal(password))
                cursor.execute(create.as_string(raw))
            for statement in grant_statements(role):
                cursor.execute(statement.as_string(raw))
        self.stdout.write(
            f"role {role}: read/write on the tables of {owner}, append-only on "
            + ", ".join(m._meta.db_table for m in APPEND_ONLY_MODELS)
        )
