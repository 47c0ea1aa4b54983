"""Stored games stay replayable across the five rule options added this wave
(``hearts_broken_by``, ``lead_hearts_any_time``, ``opening_lead``, ``no_club_leader``,
``no_trick_bonus``): a ``game_created`` written before them reads with defaults equal to the old
behaviour, and a game created with them replays and verifies."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from games import aggregate, services, store
from games.engine import PRESETS
from tests.services.helpers import make_user, play_humans

FIXTURE = Path(__file__).parent / "fixtures" / "classic_v1_log.json"
NEW_DEFAULTS = {
    "hearts_broken_by": "any_heart",
    "lead_hearts_any_time": False,
    "opening_lead": "lowest_club",
    "no_club_leader": "normal_limits",
    "no_trick_bonus": 0,
}


@pytest.fixture
def old_log() -> dict:
    return json.loads(FIXTURE.read_text())


def test_an_old_ruleset_reads_with_the_old_behaviour(old_log):
    ruleset = old_log["events"][0]["payload"]["ruleset"]
    assert not set(NEW_DEFAULTS) & set(ruleset)  # really written before the options
    _, rows, _ = store._rows_from_export(old_log)
    result = store.verify_log(old_log["game"]["id"], rows)
    assert result.mismatches == []
    rules = result.aggregate.rules
    assert rules == PRESETS["classic"]
    assert {name: getattr(rules, name) for name in NEW_DEFAULTS} == NEW_DEFAULTS


def test_the_old_log_replays_exactly_as_with_the_defaults_spelled_out(old_log):
    def fold(log):
        _, rows, _ = store._rows_from_export(log)
        return aggregate.replay(store.upcast_rows(rows))

    spelled = copy.deepcopy(old_log)
    spelled["events"][0]["payload"]["ruleset"].update(NEW_DEFAULTS)
    old, new = fold(old_log), fold(spelled)
    assert old.rules == new.rules
    assert old.state == new.state
    assert old.state.hand.trick  # mid-trick: the comparison covers a real position


@pytest.mark.django_db
def test_a_game_with_every_new_option_replays_and_verifies(enqueued):
    options = {
        "hearts_broken_by": "discard",
        "lead_hearts_any_time": True,
        "opening_lead": "any_club",
        "no_club_leader": "any_card",
        "no_trick_bonus": 5,
    }
    users = [make_user() for _ in range(4)]
    game = services.game_create(user=users[0], preset="classic", overrides=options)
    for user in users[1:]:
        services.seat_take(game_id=game.game_id, user=user)
    services.game_start(game_id=game.game_id, user=users[0])
    agg = play_humans(game.game_id, dict(enumerate(users)), stop=lambda a: a.state.hand_number > 1)
    assert agg.state.hand_results  # one hand scored under the options
    assert {name: getattr(agg.rules, name) for name in options} == options
    cold = store.load(game.game_id, use_snapshots=False).aggregate
    warm = store.load(game.game_id).aggregate
    assert cold.state == warm.state == agg.state
    assert store.verify_game(game.game_id) == []
