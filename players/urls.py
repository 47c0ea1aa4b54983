"""Routes of the players API (signup, tokens, profile), mounted under /api/v1/."""

from django.urls import path

from players import apis

urlpatterns = [
    path("players/", apis.PlayerSignUpApi.as_view(), name="player-sign-up"),
    path("auth/token/", apis.AuthTokenApi.as_view(), name="auth-token"),
    path("me/", apis.MeProfileApi.as_view(), name="me"),
    path("me/games/", apis.MeGamesApi.as_view(), name="me-games"),
    path("me/bots/", apis.MeBotsApi.as_view(), name="me-bots"),
    path("me/bots/<str:name>/", apis.MeBotDetailApi.as_view(), name="me-bot-detail"),
    path(
        "me/bots/<str:name>/rotate-token/",
        apis.MeBotTokenRotateApi.as_view(),
        name="me-bot-rotate-token",
    ),
]
