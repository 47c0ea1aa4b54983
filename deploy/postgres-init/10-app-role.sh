#!/bin/sh
# PostgreSQL container init (docker-entrypoint-initdb.d: runs once, when the data volume is new).
# Creates the role the application connects as. The owner (POSTGRES_USER) runs the migrations;
# `manage.py grant_app_role hearts_app` (the web service runs it after every migrate) then grants
# this role SELECT/INSERT/UPDATE/DELETE, but only SELECT/INSERT on the event log tables. It owns
# nothing, so it can neither ALTER, TRUNCATE nor DISABLE TRIGGER on them. See README.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_password="${HEARTS_APP_DB_PASSWORD:?HEARTS_APP_DB_PASSWORD is not set}" <<'SQL'
CREATE ROLE hearts_app LOGIN PASSWORD :'app_password';
SQL
