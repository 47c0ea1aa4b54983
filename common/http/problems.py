"""One problem-details (RFC 9457 / 7807) shape for every API error.

``{"type", "title", "status", "detail", "code", "extra"}`` with content type
``application/problem+json``. DRF's own exceptions (validation, auth, permission, not found,
throttling, parse errors, method not allowed...) are rendered here, and so is every registered
error (``common.errors``): a `DomainError` of the apps, or an engine error that ``games/errors.py``
gave a status; its ``details`` become ``extra``. Status and title come from the one registry of
codes (``problem_types``), which also documents every code in openapi.yaml
(``problem_responses``, ``add_problem_types``) and docs/api.md (``markdown_table``). This module
registers the codes DRF and Django send. Unknown exceptions are not handled: they stay 500 and
are bugs.
"""

from __future__ import annotations

import math
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db import InterfaceError, OperationalError
from django.http import Http404
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from common import errors as registry
from common.errors import STATUS_TITLES, ProblemType, register
from common.http import errors as http_errors  # noqa: F401 - registers the header errors
from common.http import scopes as oauth_errors  # noqa: F401 - registers insufficient_scope

PROBLEM_CONTENT_TYPE = "application/problem+json"
PROBLEM_TYPE_BASE = "https://hearts.example/problems/"  # documentation anchor, not fetched

# --------------------------------------------------------------------------- DRF's codes
for _code, _problem in {
    "validation_error": ProblemType(
        400,
        "Invalid input.",
        {
            "errors": "messages per field (non_field_errors for the body as a whole)",
            "codes": "DRF's error code per field, same shape as errors",
        },
        "card: This field is required.",
        {"errors": {"card": ["This field is required."]}, "codes": {"card": ["required"]}},
    ),
    "parse_error": ProblemType(
        400,
        "Malformed request.",
        {},
        "JSON parse error - Expecting value: line 1 column 1 (char 0)",
        {},
    ),
    "not_authenticated": ProblemType(
        401,
        "Authentication credentials were not provided.",
        {},
        "Authentication credentials were not provided.",
        {},
    ),
    "authentication_failed": ProblemType(
        401, "Incorrect authentication credentials.", {}, "Invalid token.", {}
    ),
    "permission_denied": ProblemType(
        403,
        "You do not have permission to perform this action.",
        {},
        "You do not have permission to perform this action.",
        {},
    ),
    "not_found": ProblemType(404, "Not found.", {}, "Not found.", {}),
    "method_not_allowed": ProblemType(
        405, "Method not allowed.", {}, 'Method "PUT" not allowed.', {}
    ),
    "not_acceptable": ProblemType(
        406,
        "Could not satisfy the request Accept header.",
        {},
        "Could not satisfy the request Accept header.",
        {},
    ),
    "unsupported_media_type": ProblemType(
        415,
        "Unsupported media type.",
        {},
        'Unsupported media type "application/x-www-form-urlencoded" in request.',
        {},
    ),
    "throttled": ProblemType(
        429,
        "Request was throttled.",
        {"retry_after_s": "seconds to wait (= Retry-After)"},
        "Request was throttled. Expected available in 60 seconds.",
        {"retry_after_s": 60},
    ),
    "service_unavailable": ProblemType(
        503,
        "Service unavailable.",
        {"retry_after_s": "seconds to wait (= Retry-After)"},
        "The database is unreachable; retry later.",
        {"retry_after_s": 5},
    ),
    # a bug, never planned
    "server_error": ProblemType(500, "Server error.", {}, "An unexpected error occurred.", {}),
}.items():
    register(_code, _problem)


def problem_types() -> dict[str, ProblemType]:
    """Every problem code the API can send, by status then code: the registry, complete once
    the apps are ready (``common.apps`` imports every installed app's ``errors`` module)."""
    return registry.problem_types()


PROBLEM_TYPES = registry.PROBLEM_TYPES


def codes_of(status_code: int) -> list[str]:
    return [code for code, problem in problem_types().items() if problem.status == status_code]


def markdown_table() -> str:
    """The table of docs/api.md (between its ``problem-types`` markers; a test compares)."""
    lines = ["| status | code | title | keys of `extra` |", "|---|---|---|---|"]
    for code, problem in problem_types().items():
        keys = ", ".join(f"`{key}` ({meaning})" for key, meaning in problem.extra.items())
        lines.append(f"| {problem.status} | `{code}` | {problem.title} | {keys or '-'} |")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- rendering
def problem_body(
    *, status_code: int, code: str, title: str, detail: str, extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {
        "type": PROBLEM_TYPE_BASE + code.replace("_", "-"),
        "title": title,
        "status": status_code,
        "detail": detail,
        "code": code,
        "extra": extra or {},
    }


def problem_response(
    *,
    status_code: int,
    code: str,
    title: str,
    detail: str,
    extra: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    body = problem_body(status_code=status_code, code=code, title=title, detail=detail, extra=extra)
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


def _json_safe(value: Any) -> Any:
    """Details of domain errors may hold cards, tuples or sets: make them JSON values."""
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((_json_safe(v) for v in value), key=str)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    code = getattr(value, "code", None)  # engine Card
    if isinstance(code, str):
        return code
    return str(value)


class _RegisteredProblem(exceptions.APIException):
    """A registered error as DRF sees it: its status, code, title and ``extra``."""

    def __init__(self, *, status_code: int, code: str, detail: str, extra: dict[str, Any]):
        super().__init__(detail=detail, code=code)
        self.status_code = status_code
        known = PROBLEM_TYPES.get(code)
        self.title = known.title if known is not None else STATUS_TITLES.get(status_code)
        self.extra = _json_safe(extra)
        # A registered 429 that says how long to wait sends Retry-After too.
        wait = self.extra.get("retry_after_s") if status_code == 429 else None
        self.wait = wait if isinstance(wait, int | float) and wait > 0 else None


def registered_problem(exc: Exception) -> exceptions.APIException | None:
    """A registered error (domain or engine) as an APIException, or None: not registered, or
    a 500 (a bug or corrupt data, never the caller's fault)."""
    status_code = registry.status_of(exc)
    if status_code is None or status_code >= 500:
        return None
    message = getattr(exc, "message", None) or str(exc)
    return _RegisteredProblem(
        status_code=status_code,
        code=getattr(exc, "code", "error"),
        detail=str(message),
        extra=dict(getattr(exc, "details", {}) or {}),
    )


# The database unreachable (down, restarting, connection dropped): a 503 the client may retry,
# never a 500. Django closes the broken connection at the end of the request, and the next
# request opens a new one: the process recovers by itself once the database is back.
DATABASE_UNAVAILABLE_ERRORS = (OperationalError, InterfaceError)
DATABASE_RETRY_AFTER_S = 5


def database_unavailable_body() -> dict[str, Any]:
    return problem_body(
        status_code=503,
        code="service_unavailable",
        title=PROBLEM_TYPES["service_unavailable"].title,
        detail="The database is unreachable; retry later.",
        extra={"retry_after_s": DATABASE_RETRY_AFTER_S},
    )


def problem_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's ``EXCEPTION_HANDLER``: every error a view raises, as problem details."""
    if isinstance(exc, DATABASE_UNAVAILABLE_ERRORS):
        set_rollback()
        body = database_unavailable_body()
        response = Response(body, status=503, headers={"Retry-After": str(DATABASE_RETRY_AFTER_S)})
        response.content_type = PROBLEM_CONTENT_TYPE
        return response
    problem = registered_problem(exc)
    if problem is not None:
        exc = problem
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()

    if not isinstance(exc, exceptions.APIException):
        return None  # unknown: 500, a bug

    headers: dict[str, str] = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(max(1, math.ceil(exc.wait)))

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
        known = PROBLEM_TYPES.get(code)
        # DRF's default_detail may be a template ('Unsupported media type "{media_type}"...'):
        # the title is the catalogue's fixed text, the detail names this occurrence.
        title = (
            getattr(exc, "title", None)
            or (known.title if known is not None else None)
            or str(exc.default_detail)
        )
        detail = _flatten_detail(exc.detail)
        if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
            extra["retry_after_s"] = max(1, math.ceil(exc.wait))
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


# --------------------------------------------------------------------------- OpenAPI
class ProblemDetailsSerializer(serializers.Serializer):
    """RFC 9457 problem details, as every error of this API is rendered."""

    type = serializers.URLField(help_text="A URI naming the problem type (derived from `code`).")
    title = serializers.CharField(help_text="Short, human-readable summary of the problem type.")
    status = serializers.IntegerField(help_text="The HTTP status code.")
    detail = serializers.CharField(help_text="Human-readable explanation of this occurrence.")
    code = serializers.CharField(
        help_text="Machine-readable error code naming the rule broken. Every code, with its "
        "status, title and the keys of `extra`, is in the `ProblemTypes` schema."
    )
    extra = serializers.DictField(
        help_text="Details of the error; its keys depend on `code` (see `ProblemTypes`)."
    )


# Every error status an operation can answer besides those it lists: throttled, and the database
# (or another service a request truly needs) unreachable.
ALWAYS = (429, 503)
_STATUS_SUMMARY = {
    400: "Invalid input.",
    401: "Not authenticated.",
    403: "Not allowed.",
    404: "No such resource.",
    405: "Method not allowed.",
    406: "Not acceptable.",
    409: "Conflict with the game's state.",
    410: "Gone: the invite expired or was revoked.",
    412: "If-Match does not match the game's current version.",
    415: "The request body is not JSON (`Content-Type: application/json`).",
    422: "The rules forbid this move now (the code names the rule).",
    429: "Throttled: wait `Retry-After` seconds (also `extra.retry_after_s`).",
    503: "A service the request needs (the database) is unreachable: retry after `Retry-After` "
    "seconds.",
}


# The example shown under each status of each operation (every code's example is in ProblemTypes).
_EXAMPLE_CODE = {
    400: "validation_error",
    401: "not_authenticated",
    403: "not_seated",
    404: "game_not_found",
    409: "concurrency_conflict",
    412: "precondition_failed",
    415: "unsupported_media_type",
    422: "must_follow_suit",
    429: "throttled",
    503: "service_unavailable",
}


def problem_example(code: str) -> dict[str, Any]:
    """The documented body of ``code``: the catalogue's example (checked against real responses
    by tests/api/test_problem_catalog.py)."""
    problem = problem_types()[code]
    return problem_body(
        status_code=problem.status,
        code=code,
        title=problem.title,
        detail=problem.detail,
        extra=dict(problem.example),
    )


# The codes of those statuses that every operation may send; any other code of theirs (the
# streams' ``too_many_streams``) is listed only by the operations that name it (``also``).
ALWAYS_CODES = {429: ("throttled",), 503: ("service_unavailable",)}


def problem_responses(*status_codes: int, also: tuple[str, ...] = ()) -> dict[Any, Any]:
    """``@extend_schema(responses=...)`` entries: the problem shape for each status code (plus
    429 and 503, which every operation may answer), with one example per code of that status;
    ``also``: codes of 429 / 503 this operation sends besides the usual ones."""
    from drf_spectacular.utils import OpenApiExample, OpenApiResponse

    responses = {}
    for status_code in sorted(set(status_codes) | set(ALWAYS)):
        codes = codes_of(status_code)
        if status_code in ALWAYS_CODES:
            codes = [c for c in codes if c in ALWAYS_CODES[status_code] or c in also]
        example = _EXAMPLE_CODE.get(status_code)
        examples = (
            [
                OpenApiExample(
                    example, value=problem_example(example), status_codes=[str(status_code)]
                )
            ]
            if example
            else []
        )
        description = _STATUS_SUMMARY.get(status_code, "Error.")
        if codes:
            description += " Codes: " + ", ".join(f"`{code}`" for code in codes) + "."
        responses[(status_code, PROBLEM_CONTENT_TYPE)] = OpenApiResponse(
            response=ProblemDetailsSerializer, description=description, examples=examples
        )
    return responses


def add_problem_types(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: the ``ProblemTypes`` component, one entry per code
    with its status, title and the schema of its ``extra``."""
    properties = {}
    for code, problem in problem_types().items():
        properties[code] = {
            "type": "object",
            "description": f"{problem.status} {problem.title}",
            "example": problem_example(code),
            "properties": {
                "status": {"type": "integer", "enum": [problem.status]},
                "title": {"type": "string", "enum": [problem.title]},
                "extra": {
                    "type": "object",
                    "properties": {
                        key: {"description": meaning} for key, meaning in problem.extra.items()
                    },
                    **({"required": list(problem.extra)} if problem.extra else {}),
                },
            },
        }
    result.setdefault("components", {}).setdefault("schemas", {})["ProblemTypes"] = {
        "type": "object",
        "description": "Every problem `code` the API sends (a documentation table, never a body): "
        "its HTTP status, its title, the keys of `extra` and an example body.",
        "properties": properties,
    }
    return result
