"""Routes of the live-sync endpoints; ``games/urls.py`` includes them (mounted under /api/v1/).

The game id is a ``<uuid:game_id>``; an id that is not a UUID is a ``game_not_found`` problem (404,
problem details) like any unknown game, answered by ``games/urls.py``'s malformed-id routes.
"""

from django.urls import path

from games.streams.views import GameEventsListApi, GameStreamApi

urlpatterns = [
    path("games/<uuid:game_id>/events/", GameEventsListApi.as_view(), name="game-events"),
    path("games/<uuid:game_id>/stream/", GameStreamApi.as_view(), name="game-stream"),
]
