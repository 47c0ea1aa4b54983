"""OAuth2 access tokens (django-oauth-toolkit) on the API, held to the scopes of each view.

``Authorization: Bearer <access token>`` is looked up by django-oauth-toolkit (one query: the
token with its application and user). Requests without a Bearer header never reach it:
``SqlTokenAuthentication`` (``Token``) comes first in ``DEFAULT_AUTHENTICATION_CLASSES`` and ends
the search when it succeeds, and this class returns at once on any other header, so the players'
own tokens keep their one join and nothing more.

Enforcement is here, at authentication, rather than in a permission class: many views name
their own ``permission_classes`` (``AllowAny``, ``IsAuthenticated``), which would drop a default
permission, while every view that authenticates with the default classes passes through this
one. Once the token is known, its scopes must cover ``required_scopes(view, method)``
(``common.scopes``), else `InsufficientScope` (403 ``insufficient_scope``). A Bearer token
that is unknown, expired or revoked is a 401 everywhere, public reads included (never quietly
anonymous), and so is one that stands for no active player (a client-credentials token).

`ScopedOAuth2Scheme` documents the scheme in openapi.yaml: the authorization-code flow with this
server's URLs and every scope, and on each operation the scopes its view requires.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from oauth2_provider.contrib.rest_framework import OAuth2Authentication
from rest_framework.request import Request

from common.http.scopes import BearerAuthenticationFailed, InsufficientScope
from common.scopes import SCOPES, required_scopes

SCHEME_NAME = "oauth2"


class ScopedOAuth2Authentication(OAuth2Authentication):
    """``Authorization: Bearer <token>``: an OAuth2 access token, held to the view's scopes."""

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        header = request.META.get("HTTP_AUTHORIZATION", "")
        if header[:7].lower() != "bearer ":
            return None  # not ours: no lookup at all (Token, session, anonymous)
        # Django's request, not DRF's: DRF's would parse the JSON body to read form fields.
        found = super().authenticate(request._request)
        if found is None:
            raise BearerAuthenticationFailed()
        user, token = found
        if user is None or not user.is_active:
            raise BearerAuthenticationFailed("The access token stands for no active player.")
        view = request.parser_context.get("view") if request.parser_context else None
        needed = required_scopes(view, request.method)
        granted = token.scope.split()
        if not set(needed) <= set(granted):
            raise InsufficientScope(required=needed, granted=granted)
        return user, token

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="api"'


def _absolute(name: str) -> str:
    """A route of this server as openapi.yaml shows it (relative to the API's host)."""
    return reverse(name)


class ScopedOAuth2Scheme(OpenApiAuthenticationExtension):
    target_class = ScopedOAuth2Authentication
    name = SCHEME_NAME
    priority = 1  # before drf-spectacular's scheme for django-oauth-toolkit's parent class

    def get_security_requirement(self, auto_schema) -> dict[str, list[str]]:
        return {self.name: list(required_scopes(auto_schema.view, auto_schema.method))}

    def get_security_definition(self, auto_schema) -> dict[str, Any]:
        return {
            "type": "oauth2",
            "description": (
                'OAuth2 for third-party applications (docs/api.md, "Third-party apps: '
                'OAuth2"): the authorization-code flow with PKCE (`code_challenge_method=S256`, '
                "required for every client), refresh tokens, revocation at "
                f"`{_absolute('oauth2_provider:revoke-token')}` and introspection at "
                f"`{_absolute('oauth2_provider:introspect')}`; the authorization server "
                f"metadata (RFC 8414) at `{_absolute('oauth2_provider:oauth-server-metadata')}`. "
                "Send the access token as "
                "`Authorization: Bearer <token>`. An operation answers 403 "
                "`insufficient_scope` to a token without every scope it lists."
            ),
            "flows": {
                "authorizationCode": {
                    "authorizationUrl": _absolute("oauth2_provider:authorize"),
                    "tokenUrl": _absolute("oauth2_provider:token"),
                    "refreshUrl": _absolute("oauth2_provider:token"),
                    "scopes": dict(SCOPES),
                }
            },
        }


def add_insufficient_scope_responses(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: every operation that needs a scope may answer 403
    ``insufficient_scope`` (public reads too, to a token without ``games:read``); operations
    that list no 403 of their own get it here."""
    from common.http.problems import PROBLEM_CONTENT_TYPE, problem_example

    example = problem_example("insufficient_scope")
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            needs_scope = any(
                requirement.get(SCHEME_NAME) for requirement in operation.get("security", [])
            )
            responses = operation.get("responses", {})
            if not needs_scope or "403" in responses:
                continue
            responses["403"] = {
                "content": {
                    PROBLEM_CONTENT_TYPE: {
                        "schema": {"$ref": "#/components/schemas/ProblemDetails"},
                        "examples": {
                            "InsufficientScope": {"value": example, "summary": "insufficient_scope"}
                        },
                    }
                },
                "description": "The OAuth2 access token lacks a scope this operation needs. "
                "Codes: `insufficient_scope`.",
            }
            operation["responses"] = dict(sorted(responses.items()))
    return result
