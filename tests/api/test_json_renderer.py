"""``common.http.renderers.FastJSONRenderer`` (orjson) writes the bytes DRF's ``JSONRenderer``
writes: for every view of a whole game, the answers of the API over HTTP, and the values DRF's
encoder knows beyond plain JSON; what orjson refuses is left to DRF's renderer."""

from __future__ import annotations

import datetime as dt
import decimal
import uuid

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext_lazy
from rest_framework.exceptions import ErrorDetail
from rest_framework.renderers import JSONRenderer

from common.http.renderers import FastJSONRenderer
from games import selectors
from games.serializers import GameEventOutputSerializer, GameViewOutputSerializer, render
from tests.api.conftest import GameDriver, seated_table, url

pytestmark = pytest.mark.django_db

FAST, DRF = FastJSONRenderer(), JSONRenderer()


def same_bytes(data) -> bytes:
    fast = FAST.render(data)
    assert fast == DRF.render(data)
    return fast


def test_every_view_of_a_whole_game_is_the_same_bytes(player):
    game_id, players = seated_table(player, "classic", options={"target": 26})
    driver = GameDriver(game_id, players)
    checked = 0
    while driver.step():
        if driver.moves % 4:
            continue
        for user in [*(p.user for p in players), AnonymousUser()]:
            same_bytes(render(GameViewOutputSerializer, selectors.game_view_for_user(
                game_id=game_id, user=user)))  # fmt: skip
            checked += 1
    events = selectors.game_events_since(game_id=game_id, user=players[0].user, after_seq=0)
    same_bytes([render(GameEventOutputSerializer, e) for e in events])
    finished = render(GameViewOutputSerializer, selectors.game_view_for_user(
        game_id=game_id, user=players[1].user))  # fmt: skip
    assert finished["view"]["hand_results"]
    assert len(same_bytes(finished)) > 2000
    assert checked > 20


def test_the_api_answers_are_rendered_by_it_and_are_drfs_bytes(player):
    game_id, players = seated_table(player)
    client = players[0].client
    answers = [
        client.get(url(game_id, "")),
        client.get(url(game_id, "events") + "?after=0"),
        client.get("/api/v1/games/"),
        client.post(url(game_id, "plays"), {"card": "not-a-card"}, format="json"),  # a problem
        client.get("/api/v1/games/00000000-0000-0000-0000-000000000000/"),  # another
    ]
    for response in answers:
        assert isinstance(response.accepted_renderer, FastJSONRenderer), response.status_code
        assert response.content == DRF.render(response.data), response.status_code
    assert answers[3].status_code == 400
    assert answers[3]["Content-Type"].startswith("application/problem+json")


def test_values_beyond_plain_json_render_as_drfs_encoder_renders_them():
    data = {
        "utc": dt.datetime(2026, 12, 2, 18, 30, 5, 123456, tzinfo=dt.UTC),
        "offset": dt.datetime(2026, 12, 2, 18, 30, tzinfo=dt.timezone(dt.timedelta(hours=2))),
        "naive": dt.datetime(2026, 12, 2, 18, 30),
        "date": dt.date(2026, 12, 2),
        "time": dt.time(18, 30, 1),
        "duration": dt.timedelta(minutes=3, seconds=1.5),
        "decimal": decimal.Decimal("1.25"),
        "uuid": uuid.UUID("12345678-1234-5678-1234-567812345678"),
        "lazy": gettext_lazy("Not found."),
        "detail": ErrorDetail("Bad card.", code="illegal_card"),
        "text": 'Cœur ♥ ÿ \u2028 \u2029 "quoted" \\ / \x00 \t \x7f',
        "numbers": [0, -1, 2**63 - 1, 1.5, 0.1 + 0.2, 25.0, 8.333333333333334, 1e22, True, None],
        "tuple": ("QS", "AH"),
        7: "an int key",
    }
    same_bytes(data)
    same_bytes([])
    assert FAST.render(None) == DRF.render(None) == b""


def test_floats_in_exponent_form_are_the_same_numbers_written_shorter():
    """Python writes 1e-07 where orjson writes 1e-7 (and -3e-05 where it writes -0.00003):
    the same JSON numbers, other bytes."""
    import json

    data = {"small": [1e-7, 2.5e-10, -3e-5], "large": [1e22, 1.5e300]}
    assert FAST.render(data) == b'{"small":[1e-7,2.5e-10,-0.00003],"large":[1e+22,1.5e+300]}'
    assert DRF.render(data) == b'{"small":[1e-07,2.5e-10,-3e-05],"large":[1e+22,1.5e+300]}'
    assert json.loads(FAST.render(data)) == json.loads(DRF.render(data)) == data


def test_what_orjson_refuses_is_rendered_by_drf():
    huge = {"n": 2**70, "nested": [{"m": -(2**65)}]}
    assert (
        FAST.render(huge)
        == DRF.render(huge)
        == b'{"n":1180591620717411303424,"nested":[{"m":-36893488147419103232}]}'
    )
    with pytest.raises(TypeError):  # neither can encode it: DRF's error, as before
        FAST.render({"x": object()})


def test_indented_rendering_is_drfs():
    data = {"a": [1, 2]}
    context = {"indent": 2}
    assert FAST.render(data, "application/json", context) == DRF.render(
        data, "application/json", context
    )
    assert b"\n" in FAST.render(data, "application/json; indent=4")
