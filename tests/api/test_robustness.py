"""Bad input is never a 500: every malformed request is a 4xx problem and changes nothing."""

from __future__ import annotations

import json

import pytest

from games.models import GameEvent
from tests.api.conftest import seated_table, url

pytestmark = pytest.mark.django_db

GARBAGE = [
    [],
    "QS",
    None,
    {"cards": "QS"},
    {"cards": [1, 2, 3]},
    {"cards": [["QS"]]},
    {"cards": ["QS"] * 50},
    {"card": ["QS"]},
    {"card": {"rank": "Q"}},
    {"card": "Q" * 1000},
    {"card": "QS", "expected_seq": "abc"},
    {"card": "QS", "expected_seq": -1},
    {"card": "QS", "expected_seq": 10**30},
    {"seat": "x"},
    {"seat": 10**30},
    {"level": 5},
    {"seats": "all"},
    {"seats": [10**30]},
    {"choice": None},
    {"choice": ["add_to_others"]},
]
ACTIONS = ["seats", "ai-seats", "start", "passes", "plays", "moon", "handover", "reclaim", "resign"]
BAD_OPTIONS = [
    {"deck": ["x"]},
    {"seats": "4"},
    {"seats": 1},
    {"pass_cycle": "left"},
    {"pass_cycle": [5]},
    {"pass_cycle": [["left", 3, 1]]},
    {"pass_cycle": [[{"a": 1}, 3]]},
    {"pass_cycle": []},
    {"target": True},
    {"moon": ["add_to_others"]},
    {"tie": None},
    {"jack_of_diamonds": "yes"},
    {"hand_size": 10**30},
]


def is_problem(response) -> bool:
    return 400 <= response.status_code < 500 and response["Content-Type"].startswith(
        "application/problem+json"
    )


@pytest.mark.parametrize("action", ACTIONS)
def test_garbage_bodies_on_every_command(player, action):
    game_id, (alice, _bob) = seated_table(player, "two_player")
    before = GameEvent.objects.filter(game_id=game_id).count()
    for body in GARBAGE:
        response = alice.client.post(
            url(game_id, action), json.dumps(body), content_type="application/json"
        )
        assert is_problem(response) or response.status_code == 200, (action, body, response)
        if response.status_code == 200:  # a no-argument command ignores unknown fields
            assert action in {"handover", "resign", "reclaim", "start", "seats", "ai-seats"}
            return
    assert GameEvent.objects.filter(game_id=game_id).count() == before


@pytest.mark.parametrize("options", BAD_OPTIONS, ids=[json.dumps(o) for o in BAD_OPTIONS])
def test_bad_rule_options_are_400(player, options):
    response = player().client.post(
        "/api/v1/games/", {"preset": "classic", "options": options}, format="json"
    )
    assert is_problem(response), response.content
    assert response.status_code == 400


def test_malformed_json_and_other_media_types(player):
    alice = player()
    broken = alice.client.post("/api/v1/games/", "{", content_type="application/json")
    assert is_problem(broken)
    assert broken.json()["code"] == "parse_error"
    form = alice.client.post("/api/v1/games/", {"preset": "classic"}, format="multipart")
    assert is_problem(form)
    assert form.status_code == 415
    assert alice.client.put("/api/v1/games/", {}, format="json").status_code == 405
