"""export_game / import_game: a JSON log round trip, verified before anything is written."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games import aggregate as agg_mod
from games import errors, store
from games.models import Game, GameEvent

pytestmark = pytest.mark.django_db


def export(game_id) -> dict:
    out = StringIO()
    call_command("export_game", str(game_id), stdout=out)
    return json.loads(out.getvalue())


def test_round_trip_imports_a_new_game_with_the_same_facts(played, tmp_path):
    data = export(played)
    assert data["format"] == "hearts-game-log"
    assert [e["seq"] for e in data["events"]] == list(range(1, len(data["events"]) + 1))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    out = StringIO()
    call_command("import_game", str(path), stdout=out)
    new_id = Game.objects.exclude(pk=played).get().pk
    assert f"imported game {new_id}" in out.getvalue()
    old_rows = list(
        GameEvent.objects.filter(game_id=played).order_by("seq").values("type", "payload")
    )
    new_rows = list(
        GameEvent.objects.filter(game_id=new_id).order_by("seq").values("type", "payload")
    )
    assert new_rows == old_rows
    assert store.verify_game(new_id) == []
    old_agg, new_agg = store.load(played).aggregate, store.load(new_id).aggregate
    assert agg_mod.aggregate_to_dict(new_agg) == agg_mod.aggregate_to_dict(old_agg)
    # a new chain: the hash covers the game id
    assert (
        GameEvent.objects.get(game_id=new_id, seq=1).hash
        != GameEvent.objects.get(game_id=played, seq=1).hash
    )


def test_a_tampered_export_is_refused_and_nothing_is_written(played, tmp_path):
    data = export(played)
    played_card = next(e for e in data["events"] if e["type"] == "card_played")
    played_card["payload"]["card"] = "QS" if played_card["payload"]["card"] != "QS" else "AS"
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError) as info:
        call_command("import_game", str(path))
    assert f"seq {played_card['seq']}: hash mismatch" in str(info.value)
    assert Game.objects.count() == 1


def test_import_rejects_what_is_not_a_game_log(db):
    with pytest.raises(errors.InvalidGameLog):
        store.import_game({"format": "something-else"})
    with pytest.raises(errors.InvalidGameLog):
        store.import_game(
            {"format": "hearts-game-log", "format_version": 1, "game": {"id": "x"}, "events": [{}]}
        )


def test_export_of_an_unknown_game_fails(db):
    with pytest.raises(CommandError):
        call_command("export_game", "00000000-0000-0000-0000-000000000000")
