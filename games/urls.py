"""Routes of the games API, mounted under /api/v1/ by hearts_api/urls.py."""

from django.urls import include, path

from games import apis

urlpatterns = [
    path("rules/presets/", apis.RulesPresetsApi.as_view(), name="rules-presets"),
    path("signing-keys/", apis.SigningKeysApi.as_view(), name="signing-keys"),
    path("games/", apis.GameCollectionApi.as_view(), name="game-list"),
    path("games/<str:game_id>/", apis.GameDetailApi.as_view(), name="game-detail"),
    path("games/<str:game_id>/seats/", apis.SeatTakeApi.as_view(), name="game-seat-take"),
    path("games/<str:game_id>/seats/mine/", apis.SeatLeaveApi.as_view(), name="game-seat-leave"),
    path("games/<str:game_id>/ai-seats/", apis.AiSeatsFillApi.as_view(), name="game-ai-seats"),
    path("games/<str:game_id>/start/", apis.GameStartApi.as_view(), name="game-start"),
    path("games/<str:game_id>/passes/", apis.GamePassCardsApi.as_view(), name="game-passes"),
    path("games/<str:game_id>/plays/", apis.GamePlayCardApi.as_view(), name="game-plays"),
    path("games/<str:game_id>/moon/", apis.GameMoonChoiceApi.as_view(), name="game-moon"),
    path("games/<str:game_id>/handover/", apis.SeatHandoverApi.as_view(), name="game-handover"),
    path("games/<str:game_id>/reclaim/", apis.SeatReclaimApi.as_view(), name="game-reclaim"),
    path("games/<str:game_id>/resign/", apis.GameResignApi.as_view(), name="game-resign"),
    path("games/<str:game_id>/log/", apis.GameLogApi.as_view(), name="game-log"),
    path("", include("games.streams.urls")),
]
