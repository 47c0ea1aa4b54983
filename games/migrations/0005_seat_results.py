"""The results read model: ``Game.hands_scored``, ``Seat.total`` and ``Seat.won``, kept by
``store.sync_read_model`` and read by the players' statistics (instead of a replay per game).

Backfilled here from each started game's log (a replay with the pure aggregate; lobby games
keep the defaults, which are their values). ``backfill`` is also what the tests run."""

from django.db import migrations, models


def backfill(apps, schema_editor=None) -> int:
    from games import aggregate
    from games.store.registry import upcast

    Game = apps.get_model("games", "Game")
    GameEvent = apps.get_model("games", "GameEvent")
    Seat = apps.get_model("games", "Seat")
    done = 0
    for game_id in Game.objects.exclude(status="lobby").values_list("pk", flat=True).iterator():
        agg = None
        rows = (
            GameEvent.objects.filter(game_id=game_id)
            .order_by("seq")
            .values_list("type", "schema_version", "payload")
        )
        for type_, version, payload in rows.iterator():
            agg = aggregate.evolve(agg, type_, upcast(type_, version, payload))
        if agg is None:
            continue
        outcome = agg.state.outcome
        Game.objects.filter(pk=game_id).update(hands_scored=len(agg.state.hand_results))
        for index, total in enumerate(agg.state.totals):
            won = (index in outcome.winners) if outcome is not None else None
            Seat.objects.filter(game_id=game_id, index=index).update(total=total, won=won)
        done += 1
    return done


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_game_id_salt"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="hands_scored",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="seat",
            name="total",
            field=models.IntegerField(default=0),
        ),
        migrations.AddField(
            model_name="seat",
            name="won",
            field=models.BooleanField(default=None, null=True),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop, elidable=True),
    ]
