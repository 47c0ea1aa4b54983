"""Routes of the games API, mounted under /api/v1/ by hearts_api/urls.py.

Every game route takes ``<uuid:game_id>``: the views and services get a ``UUID``. The same paths
with an id the converter does not match come last (``game_path_without_uuid``): another spelling
of a UUID (upper case...) is served by its canonical route, anything else is a 404
``game_not_found`` before any service or store code runs, as the API always answered.
"""

from django.urls import include, path

from games import apis

# (path after games/<id>/, view, route name)
GAME_ROUTES = [
    ("", apis.GameDetailApi, "game-detail"),
    ("seats/", apis.SeatTakeApi, "game-seat-take"),
    ("seats/mine/", apis.SeatLeaveApi, "game-seat-leave"),
    ("ai-seats/", apis.AiSeatsFillApi, "game-ai-seats"),
    ("bot-seats/", apis.BotSeatAddApi, "game-bot-seats"),
    ("start/", apis.GameStartApi, "game-start"),
    ("passes/", apis.GamePassCardsApi, "game-passes"),
    ("plays/", apis.GamePlayCardApi, "game-plays"),
    ("moon/", apis.GameMoonChoiceApi, "game-moon"),
    ("handover/", apis.SeatHandoverApi, "game-handover"),
    ("reclaim/", apis.SeatReclaimApi, "game-reclaim"),
    ("resign/", apis.GameResignApi, "game-resign"),
    ("log/", apis.GameLogApi, "game-log"),
]
# Game routes of the live streams (games/streams/urls.py), for the malformed-id answer.
STREAM_SUFFIXES = ["events/", "stream/"]

urlpatterns = [
    path("rules/presets/", apis.RulesPresetsApi.as_view(), name="rules-presets"),
    path("signing-keys/", apis.SigningKeysApi.as_view(), name="signing-keys"),
    path("games/", apis.GameCollectionApi.as_view(), name="game-list"),
    *[
        path(f"games/<uuid:game_id>/{suffix}", view.as_view(), name=name)
        for suffix, view, name in GAME_ROUTES
    ],
    path("", include("games.streams.urls")),
    *[
        path(f"games/<str:game_id>/{suffix}", apis.game_path_without_uuid)
        for suffix in [suffix for suffix, _view, _name in GAME_ROUTES] + STREAM_SUFFIXES
    ],
]
