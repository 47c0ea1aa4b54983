"""Routes of the web client, mounted at /play/ by hearts_api/urls.py.

``/play/`` is the client (its screens are hash routes: ``#/game/<id>``, ``#/replay/<id>``);
``/play/replay/<id>/`` is the shareable address of a finished game's replay (same page);
``/play/sw.js`` the service worker that shows push notifications.
"""

from django.urls import path

from webclient import views

app_name = "webclient"

urlpatterns = [
    path("", views.client_page, name="home"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("replay/<uuid:game_id>/", views.client_page, name="replay"),
]
