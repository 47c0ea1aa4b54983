"""PostgreSQL: a trigger rejects UPDATE and DELETE on the event table (append-only in the DB too).

On other databases (SQLite in development and tests) this migration does nothing: there the
model and queryset refusal is the guard. TRUNCATE is not blocked (test teardown uses it).
"""

from django.db import migrations

FUNCTION = "games_gameevent_append_only"
TRIGGER = "games_gameevent_append_only"

CREATE = f"""
CREATE OR REPLACE FUNCTION {FUNCTION}() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'games_gameevent is append-only: % refused (game %, seq %)',
        TG_OP, OLD.game_id, OLD.seq
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS {TRIGGER} ON games_gameevent;
CREATE TRIGGER {TRIGGER}
    BEFORE UPDATE OR DELETE ON games_gameevent
    FOR EACH ROW EXECUTE FUNCTION {FUNCTION}();
"""

DROP = f"""
DROP TRIGGER IF EXISTS {TRIGGER} ON games_gameevent;
DROP FUNCTION IF EXISTS {FUNCTION}();
"""


def create_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def drop_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(create_trigger, drop_trigger, elidable=False)]
