"""``games.serializers.render``: the output serializers' ``.data``, without rebuilding them."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from rest_framework import serializers

from games import selectors
from games.models import Game
from games.serializers import (
    CommandResultOutputSerializer,
    GameEventOutputSerializer,
    GameSummaryOutputSerializer,
    GameViewOutputSerializer,
    render,
)
from tests.api.conftest import GameDriver, seated_table

pytestmark = pytest.mark.django_db


def test_render_is_data_for_every_view_of_a_whole_game(player):
    """Every seat's view and the public view, at many points of a whole game (finished hands
    with their revealed decks, moon choices when they happen, the outcome at the end)."""
    game_id, players = seated_table(player, "two_player", options={"target": 26})
    driver = GameDriver(game_id, players)
    checked = 0
    while driver.step():
        if driver.moves % 5:
            continue
        for user in [*(p.user for p in players), AnonymousUser()]:
            view = selectors.game_view_for_user(game_id=game_id, user=user)
            assert render(GameViewOutputSerializer, view) == GameViewOutputSerializer(view).data
            checked += 1
        events = selectors.game_events_since(game_id=game_id, user=players[0].user, after_seq=0)
        assert [render(GameEventOutputSerializer, e) for e in events] == [
            GameEventOutputSerializer(e).data for e in events
        ]
    view = selectors.game_view_for_user(game_id=game_id, user=players[1].user)
    assert view["status"] == "finished"
    assert view["view"]["hand_results"]
    assert render(GameViewOutputSerializer, view) == GameViewOutputSerializer(view).data
    body = {"game_id": game_id, "seq": view["seq"], "events": events, "game": view}
    assert render(CommandResultOutputSerializer, body) == CommandResultOutputSerializer(body).data
    summaries = [selectors.game_summary(g) for g in Game.objects.all()]
    assert render(GameSummaryOutputSerializer, summaries, many=True) == (
        GameSummaryOutputSerializer(summaries, many=True).data
    )
    assert checked > 10


def test_render_builds_the_field_tree_once(player, monkeypatch):
    game_id, players = seated_table(player)
    view = selectors.game_view_for_user(game_id=game_id, user=players[0].user)
    render(GameViewOutputSerializer, view)  # built here (or by an earlier test)
    built = []
    original = serializers.Serializer.get_fields

    def counting(self):
        built.append(type(self).__name__)
        return original(self)

    monkeypatch.setattr(serializers.Serializer, "get_fields", counting)
    for _ in range(3):
        render(GameViewOutputSerializer, view)
    assert built == []
    assert GameViewOutputSerializer(view).data  # what render saves: the whole tree each time
    assert {"GameViewOutputSerializer", "SeatViewOutputSerializer"} <= set(built)


def test_plain_list_fields_render_the_json_drf_list_fields_render(player, monkeypatch):
    """``PlainListField`` copies the list the selectors made, ``PlainRecordListSerializer``
    picks the declared keys of each record; DRF renders each item through its fields. Same
    JSON for every view of a whole game, every seat."""
    import json

    from rest_framework.fields import ListField
    from rest_framework.serializers import ListSerializer

    from games.serializers import PlainListField, PlainRecordListSerializer

    game_id, players = seated_table(player, "classic", options={"target": 30})
    driver = GameDriver(game_id, players)
    views = []
    while driver.step():
        if driver.moves % 7 == 0:
            for user in [*(p.user for p in players), AnonymousUser()]:
                views.append(selectors.game_view_for_user(game_id=game_id, user=user))
    views.append(selectors.game_view_for_user(game_id=game_id, user=players[0].user))
    assert views[-1]["view"]["hand_results"]
    assert views[-1]["view"]["hand_results"][0]["deck"]
    fast = [json.dumps(render(GameViewOutputSerializer, v)) for v in views]
    monkeypatch.setattr(PlainListField, "to_representation", ListField.to_representation)
    monkeypatch.setattr(
        PlainRecordListSerializer, "to_representation", ListSerializer.to_representation
    )
    slow = [json.dumps(GameViewOutputSerializer(v).data) for v in views]
    assert fast == slow
    assert len(views) > 50
