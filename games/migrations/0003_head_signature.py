"""HeadSignature: signed chain heads (games/signing.py), append-only (a trigger on PostgreSQL)."""

import django.db.models.deletion
from django.db import migrations, models

# PostgreSQL: the signed heads are append-only in the database too (as the events, 0002).
TRIGGER = "games_headsignature_append_only"
CREATE = f"""
CREATE OR REPLACE FUNCTION {TRIGGER}() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'games_headsignature is append-only: % refused (game %, seq %)',
        TG_OP, OLD.game_id, OLD.seq
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS {TRIGGER} ON games_headsignature;
CREATE TRIGGER {TRIGGER}
    BEFORE UPDATE OR DELETE ON games_headsignature
    FOR EACH ROW EXECUTE FUNCTION {TRIGGER}();
"""
DROP = f"""
DROP TRIGGER IF EXISTS {TRIGGER} ON games_headsignature;
DROP FUNCTION IF EXISTS {TRIGGER}();
"""


def create_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def drop_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_event_append_only_trigger"),
    ]

    operations = [
        migrations.CreateModel(
            name="HeadSignature",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("seq", models.PositiveIntegerField()),
                ("head_hash", models.CharField(max_length=64)),
                ("key_id", models.CharField(max_length=32)),
                ("signature", models.CharField(max_length=128)),
                ("created_at", models.DateTimeField()),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="head_signatures",
                        to="games.game",
                    ),
                ),
            ],
            options={
                "ordering": ["game", "seq"],
                "constraints": [
                    models.UniqueConstraint(fields=("game", "seq"), name="games_headsig_unique_seq")
                ],
            },
        ),
        migrations.RunPython(create_trigger, drop_trigger, elidable=False),
    ]
