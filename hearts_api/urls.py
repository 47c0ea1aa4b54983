from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from oauth2_provider import urls as oauth2_urls
from oauth2_provider import views as oauth2_views

from hearts_api.docs_views import RedocView, SchemaView, SwaggerView
from hearts_api.health import health

# OAuth2 for third-party apps (docs/api.md, "Third-party apps: OAuth2"): django-oauth-toolkit's
# authorization (consent page), token, revocation and introspection endpoints under /o/, its pages
# where a signed-in player registers and manages applications and the access they granted, and
# its RFC 8414 authorization server metadata at the origin's
# /.well-known/oauth-authorization-server (the issuer is the origin: the `iss` of authorization
# responses, RFC 9207, is derived from that URL). Not its device flow.
oauth2_patterns = (
    [
        path(
            ".well-known/oauth-authorization-server",
            oauth2_views.OAuthServerMetadataView.as_view(),
            name="oauth-server-metadata",
        ),
        path("o/authorize/", oauth2_views.AuthorizationView.as_view(), name="authorize"),
        path("o/token/", oauth2_views.TokenView.as_view(), name="token"),
        path("o/revoke_token/", oauth2_views.RevokeTokenView.as_view(), name="revoke-token"),
        path("o/introspect/", oauth2_views.IntrospectTokenView.as_view(), name="introspect"),
        path("o/", include(oauth2_urls.management_urlpatterns)),
    ],
    "oauth2_provider",
)

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include(oauth2_patterns)),
    # A session for the consent page: Django's sign-in form (players, not only staff).
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(template_name="oauth/login.html"),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("health/", health, name="health"),
    path("api/schema/", SchemaView.as_view(), name="schema"),
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
