"""One problem-details (RFC 9457 / 7807) shape for every API error.

``{"type", "title", "status", "detail", "code", "extra"}`` with content type
``application/problem+json``. DRF's own exceptions (validation, auth, permission, not found,
throttling, parse errors, method not allowed...) are rendered here; domain errors are translated
to DRF exceptions (or added to ``_DOMAIN_HANDLERS``) by the API layer. Unknown exceptions are not
handled: they stay 500 and are bugs.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

PROBLEM_CONTENT_TYPE = "application/problem+json"
PROBLEM_TYPE_BASE = "https://hearts.example/problems/"  # documentation anchor, not fetched


def problem_response(
    *,
    status_code: int,
    code: str,
    title: str,
    detail: str,
    extra: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    body = {
        "type": PROBLEM_TYPE_BASE + code.replace("_", "-"),
        "title": title,
        "status": status_code,
        "detail": detail,
        "code": code,
        "extra": extra or {},
    }
    response = Response(body, status=status_code, headers=headers)
    response.content_type = PROBLEM_CONTENT_TYPE
    return response


def _first_code(codes: Any) -> str:
    """The first error code in DRF's nested ``get_codes()`` structure."""
    if isinstance(codes, str):
        return codes
    if isinstance(codes, dict):
        for value in codes.values():
            return _first_code(value)
    if isinstance(codes, list | tuple):
        for value in codes:
            return _first_code(value)
    return "error"


def _flatten_detail(detail: Any) -> str:
    if isinstance(detail, list | tuple):
        return " ".join(_flatten_detail(item) for item in detail)
    if isinstance(detail, dict):
        return " ".join(f"{key}: {_flatten_detail(value)}" for key, value in detail.items())
    return str(detail)


def problem_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()

    if not isinstance(exc, exceptions.APIException):
        return None  # unknown: 500, a bug

    headers: dict[str, str] = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(exc.wait))

    extra: dict[str, Any] = {}
    if isinstance(exc, exceptions.ValidationError):
        code = "validation_error"
        title = "Invalid input."
        detail = _flatten_detail(exc.detail)
        errors = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        extra["errors"] = errors
        extra["codes"] = (
            exc.get_codes()
            if isinstance(exc.detail, dict)
            else {"non_field_errors": exc.get_codes()}
        )
    else:
        code = _first_code(exc.get_codes())
        title = str(exc.default_detail)
        detail = _flatten_detail(exc.detail)
        if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
            extra["retry_after_s"] = int(exc.wait)
        problem_extra = getattr(exc, "extra", None)
        if isinstance(problem_extra, dict):
            extra.update(problem_extra)

    set_rollback()
    return problem_response(
        status_code=exc.status_code or status.HTTP_500_INTERNAL_SERVER_ERROR,
        code=code,
        title=title,
        detail=detail,
        extra=extra,
        headers=headers,
    )
