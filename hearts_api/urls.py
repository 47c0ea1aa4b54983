from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from hearts_api.docs_views import RedocView, SwaggerView
from hearts_api.health import health

urlpatterns = [
    path("admin/", admin.site.urls),
    path("health/", health, name="health"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/redoc/", RedocView.as_view(url_name="schema"), name="redoc"),
    path("api/v1/", include("games.urls")),
    path("api/v1/", include("players.urls")),
    path("api/v1/", include("notifications.urls")),
    path("api/v1/", include("matchmaking.urls")),
    path("api/v1/", include("ratings.urls")),
    path("play/", include("webclient.urls")),
]

handler404 = "hearts_api.error_views.not_found"
handler500 = "hearts_api.error_views.server_error"
