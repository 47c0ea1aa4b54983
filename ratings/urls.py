"""Routes of the ratings API, mounted under /api/v1/ by hearts_api/urls.py."""

from django.urls import path

from ratings import apis

urlpatterns = [
    path("leaderboards/", apis.LadderListApi.as_view(), name="ratings-ladders"),
    path("leaderboards/<str:preset>/", apis.LeaderboardApi.as_view(), name="ratings-leaderboard"),
    path("players/<str:username>/ratings/", apis.PlayerRatingsApi.as_view(), name="ratings-player"),
    path(
        "players/<str:username>/ratings/<str:preset>/",
        apis.PlayerRatingDetailApi.as_view(),
        name="ratings-player-preset",
    ),
    path("ai-levels/<str:level>/ratings/", apis.AiLevelRatingsApi.as_view(), name="ratings-ai"),
    path(
        "ai-levels/<str:level>/ratings/<str:preset>/",
        apis.AiLevelRatingDetailApi.as_view(),
        name="ratings-ai-preset",
    ),
    path("games/<str:game_id>/ratings/", apis.GameRatingsApi.as_view(), name="ratings-game"),
]
