"""Every stored event is chained to the previous one by sha256."""

from __future__ import annotations

import hashlib
import json

import pytest

from games import store
from games.models import GameEvent

pytestmark = pytest.mark.django_db


def test_each_hash_covers_the_previous_hash_and_the_canonical_event(played):
    rows = list(GameEvent.objects.filter(game_id=played).order_by("seq").values())
    assert [r["seq"] for r in rows] == list(range(1, len(rows) + 1))
    prev = "0" * 64
    for row in rows:
        assert row["prev_hash"] == prev
        body = json.dumps(
            [
                str(played),
                row["seq"],
                row["type"],
                row["schema_version"],
                row["payload"],
                {
                    "kind": row["actor_kind"],
                    "player": row["actor_player_id"],
                    "seat": row["actor_seat"],
                },
            ],
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
        )
        assert row["hash"] == hashlib.sha256((prev + body).encode()).hexdigest()
        prev = row["hash"]
    from games.models import Game

    assert Game.objects.get(pk=played).last_hash == prev


def test_the_hash_depends_on_every_part_of_the_event():
    base = {
        "prev_hash": "0" * 64,
        "game_id": "g",
        "seq": 1,
        "type_": "card_played",
        "schema_version": 1,
        "payload": {"seat": 0, "card": "2C"},
        "actor": {"kind": "player", "player": 1, "seat": 0},
    }
    digest = store.event_hash(**base)
    variants = [
        {"prev_hash": "1" * 64},
        {"game_id": "h"},
        {"seq": 2},
        {"type_": "cards_passed"},
        {"schema_version": 2},
        {"payload": {"seat": 0, "card": "3C"}},
        {"actor": {"kind": "ai", "player": None, "seat": 0}},
    ]
    assert (
        len({store.event_hash(**{**base, **v}) for v in variants} | {digest}) == len(variants) + 1
    )
    # key order does not matter (canonical JSON)
    assert store.event_hash(**{**base, "payload": {"card": "2C", "seat": 0}}) == digest


def test_verify_log_reports_a_broken_link(played):
    rows = store.event_rows(played)
    rows[4] = {**rows[4], "prev_hash": "f" * 64}
    found = store.verify_log(str(played), rows).mismatches
    assert any(m.seq == 5 and "does not chain" in m.what for m in found)
