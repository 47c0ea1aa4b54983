"""The errors of OAuth2 access tokens on the API: a missing scope (403), a bad token (401).

The scopes and the rule (``required_scopes``) are in ``common.scopes``.
A token without a scope the operation needs gets `InsufficientScope`: a 403 problem with code
``insufficient_scope`` naming the required and the granted scopes, and the challenge of RFC 6750
section 3.1 in ``WWW-Authenticate``.
"""

from __future__ import annotations

from collections.abc import Iterable

from rest_framework import exceptions

from common.errors import ProblemType, register

INSUFFICIENT_SCOPE = register(
    "insufficient_scope",
    ProblemType(
        403,
        "The access token lacks a scope this operation needs.",
        {
            "required_scopes": "every scope the operation needs",
            "granted_scopes": "the scopes of the access token sent",
        },
        "This operation needs the scope games:play.",
        {"required_scopes": ["games:play"], "granted_scopes": ["games:read"]},
    ),
)


def challenge(*, error: str, scopes: Iterable[str] = (), description: str = "") -> str:
    """A ``WWW-Authenticate: Bearer`` challenge (RFC 6750 section 3)."""
    parts = ['realm="api"', f'error="{error}"']
    if description:
        parts.append(f'error_description="{description}"')
    scope = " ".join(scopes)
    if scope:
        parts.append(f'scope="{scope}"')
    return "Bearer " + ", ".join(parts)


class InsufficientScope(exceptions.PermissionDenied):
    """An OAuth2 access token without every scope the operation needs (403)."""

    default_code = "insufficient_scope"

    def __init__(self, *, required: Iterable[str], granted: Iterable[str]):
        required = tuple(required)
        missing = [scope for scope in required if scope not in set(granted)]
        super().__init__(
            detail="This operation needs the scope"
            + ("s " if len(missing) > 1 else " ")
            + ", ".join(missing)
            + ".",
            code=self.default_code,
        )
        self.title = INSUFFICIENT_SCOPE.title
        self.extra = {"required_scopes": list(required), "granted_scopes": sorted(set(granted))}
        self.auth_header = challenge(error="insufficient_scope", scopes=required)


class BearerAuthenticationFailed(exceptions.APIException):
    """An ``Authorization: Bearer`` token that is unknown, expired or revoked (401
    ``authentication_failed``, with a Bearer challenge: DRF would name the first
    authenticator's scheme, ``Token``)."""

    status_code = 401
    default_code = "authentication_failed"
    default_detail = "Invalid, expired or revoked access token."

    def __init__(self, detail: str | None = None):
        super().__init__(detail=detail, code=self.default_code)
        self.auth_header = challenge(error="invalid_token", description=str(self.detail))
