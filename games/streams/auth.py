"""``?token=<key>`` authentication, for browsers' EventSource (which cannot send headers)."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request

from common.http.authentication import SqlTokenAuthentication
from common.http.oauth import ScopedOAuth2Authentication


class QueryTokenAuthentication(SqlTokenAuthentication):
    """``?token=<key>``: the token in the query string, for browsers' EventSource."""

    def authenticate(self, request: Request):
        key = request.query_params.get("token")
        if not key:
            return None
        return self.authenticate_credentials(key)


class QueryTokenAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = QueryTokenAuthentication
    name = "tokenQueryAuth"
    priority = 1  # before the built-in scheme of TokenAuthentication, its parent class

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "query",
            "name": "token",
            "description": (
                "The API token in the query string (`?token=<key>`), for EventSource clients "
                "that cannot send `Authorization: Token <key>`. Prefer the header where you can: "
                "query strings end up in access logs."
            ),
        }


# What every SSE stream accepts: the header token, an OAuth2 bearer token (held to the view's
# scopes), the query-string token of EventSource clients, and the session of the web client.
STREAM_AUTHENTICATION_CLASSES = [
    SqlTokenAuthentication,
    ScopedOAuth2Authentication,
    QueryTokenAuthentication,
    SessionAuthentication,
]
