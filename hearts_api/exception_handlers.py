"""One problem-details (RFC 9457 / 7807) shape for every API error.

``{"type", "title", "status", "detail", "code", "extra"}`` with content type
``application/problem+json``. DRF's own exceptions (validation, auth, permission, not found,
throttling, parse errors, method not allowed...) are rendered here; domain errors are translated
here too (``domain_to_problem``: ``games.errors``, ``players.errors`` and the engine's
``RuleViolation`` / ``NotationError`` / ``InvalidRuleSet``, with ``DOMAIN_STATUS`` mapping each
code to its HTTP status and ``details`` becoming ``extra``). Unknown exceptions are not
handled: they stay 500 and are bugs.
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


# --------------------------------------------------------------------------- domain errors
class ProblemError(exceptions.APIException):
    """An API error with a stable ``code``, a title and ``extra`` members (problem details)."""

    def __init__(
        self,
        *,
        status_code: int,
        code: str,
        detail: str,
        title: str | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(detail=detail, code=code)
        self.status_code = status_code
        self.title = title or _STATUS_TITLES.get(status_code, "Request rejected.")
        self.extra = _json_safe(extra or {})


_STATUS_TITLES = {
    400: "Bad request.",
    403: "Forbidden.",
    404: "Not found.",
    409: "Conflict.",
    412: "Precondition failed.",
    422: "Rule violation.",
}

# Domain error code -> HTTP status. Engine rule violations are 422 unless listed here.
DOMAIN_STATUS: dict[str, int] = {
    # games.errors
    "game_not_found": 404,
    "not_seated": 403,
    "not_game_creator": 403,
    "seat_resigned": 403,
    "seat_taken": 409,
    "game_full": 409,
    "already_seated": 409,
    "game_already_started": 409,
    "game_not_started": 409,
    "game_finished": 409,
    "seats_not_filled": 409,
    "seat_not_ai": 409,
    "seat_handed_to_ai": 409,
    "concurrency_conflict": 409,
    "seat_out_of_range": 422,
    "invalid_ai_level": 400,
    "invalid_game_option": 400,
    "invalid_game_log": 422,
    # engine notation and ruleset errors (RuleViolation subclasses default to 422)
    "invalid_card_code": 400,
    "invalid_ruleset": 400,
    # players.errors
    "username_taken": 409,
    "weak_password": 400,
    "invalid_credentials": 400,
}

DOMAIN_TITLES: dict[str, str] = {
    "invalid_card_code": "Invalid card code.",
    "invalid_ruleset": "Invalid game options.",
    "concurrency_conflict": "Stale expected sequence number.",
}

# Errors that are bugs or corrupt data, never the caller's fault: they stay 500.
_NOT_CLIENT_ERRORS = {"unknown_event_type"}


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


def _is_domain_error(exc: Exception) -> bool:
    # Imported lazily: this module is loaded with the settings, before the apps.
    from games.engine.errors import InvalidRuleSet, NotationError, RuleViolation
    from games.errors import GameError
    from players.errors import PlayerError

    return isinstance(exc, GameError | PlayerError | RuleViolation | NotationError | InvalidRuleSet)


def domain_to_problem(exc: Exception) -> ProblemError | None:
    """Translate a games / engine / players error into a `ProblemError`, or None."""
    if not _is_domain_error(exc):
        return None
    code = getattr(exc, "code", "error")
    if code in _NOT_CLIENT_ERRORS:
        return None
    status_code = DOMAIN_STATUS.get(code, 422)
    message = getattr(exc, "message", None) or str(exc)
    return ProblemError(
        status_code=status_code,
        code=code,
        detail=str(message),
        title=DOMAIN_TITLES.get(code),
        extra=dict(getattr(exc, "details", {}) or {}),
    )


# The database unreachable (down, restarting, connection dropped): a 503 the client may retry,
# never a 500. Django closes the broken connection at the end of the request, and the next
# request opens a new one: the process recovers by itself once the database is back.
DATABASE_UNAVAILABLE_ERRORS = (OperationalError, InterfaceError)
DATABASE_RETRY_AFTER_S = 5


def database_unavailable_body() -> dict[str, Any]:
    return {
        "type": PROBLEM_TYPE_BASE + "service-unavailable",
        "title": "Service unavailable.",
        "status": 503,
        "detail": "The database is unreachable; retry later.",
        "code": "service_unavailable",
        "extra": {"retry_after_s": DATABASE_RETRY_AFTER_S},
    }


def problem_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DATABASE_UNAVAILABLE_ERRORS):
        set_rollback()
        body = database_unavailable_body()
        response = Response(body, status=503, headers={"Retry-After": str(DATABASE_RETRY_AFTER_S)})
        response.content_type = PROBLEM_CONTENT_TYPE
        return response
    problem = domain_to_problem(exc)
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
        title = getattr(exc, "title", None) or str(exc.default_detail)
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
        help_text="Machine-readable error code, e.g. validation_error, invalid_card_code, "
        "must_follow_suit, concurrency_conflict, precondition_failed, idempotency_key_reused, "
        "not_seated, game_not_found, throttled."
    )
    extra = serializers.DictField(
        help_text="Details of the error: field errors for validation_error, current_seq for "
        "concurrency_conflict / precondition_failed, the rule details for rule violations, "
        "retry_after_s when throttled."
    )


PROBLEM_DESCRIPTIONS: dict[int, str] = {
    400: "Invalid input (validation_error, invalid_card_code, invalid_ruleset, ...).",
    401: "Not authenticated (not_authenticated, authentication_failed).",
    403: "Not allowed (permission_denied, not_seated, not_game_creator, ...).",
    404: "No such resource (not_found, game_not_found).",
    409: "Conflict with the game's state (concurrency_conflict with extra.current_seq, "
    "seat_taken, game_already_started, idempotency_request_in_progress, ...).",
    412: "If-Match does not match the game's current version (precondition_failed, "
    "extra.current_seq).",
    422: "The rules forbid this move now (the code names the rule: must_follow_suit, "
    "hearts_not_broken, not_your_turn, card_not_in_hand, wrong_pass_count, ...) or "
    "idempotency_key_reused.",
    429: "Throttled (throttled); see the Retry-After header.",
}


PROBLEM_EXAMPLES: dict[int, dict[str, Any]] = {
    400: {"code": "invalid_card_code", "title": "Invalid card code.",
          "detail": "'1X' is not a card code.", "extra": {"field": "card", "value": "1X"}},
    401: {"code": "not_authenticated", "title": "Authentication credentials were not provided.",
          "detail": "Authentication credentials were not provided.", "extra": {}},
    403: {"code": "not_seated", "title": "Forbidden.",
          "detail": "You do not have a seat in this game.", "extra": {}},
    404: {"code": "game_not_found", "title": "Not found.", "detail": "No such game.",
          "extra": {"game_id": "00000000-0000-4000-8000-000000000000"}},
    409: {"code": "concurrency_conflict", "title": "Stale expected sequence number.",
          "detail": "The game has moved on since you last looked.", "extra": {"current_seq": 42}},
    412: {"code": "precondition_failed", "title": "Precondition failed.",
          "detail": "If-Match does not match the game's current version.",
          "extra": {"current_seq": 42, "expected_seq": 41}},
    422: {"code": "must_follow_suit", "title": "Rule violation.",
          "detail": "must follow clubs", "extra": {"card": "QS", "led": "C"}},
    429: {"code": "throttled", "title": "Request was throttled.",
          "detail": "Request was throttled. Expected available in 12 seconds.",
          "extra": {"retry_after_s": 12}},
}  # fmt: skip


def problem_responses(*status_codes: int) -> dict[Any, Any]:
    """``@extend_schema(responses=...)`` entries: the problem shape for each status code."""
    from drf_spectacular.utils import OpenApiExample, OpenApiResponse

    responses = {}
    for code in status_codes:
        example = PROBLEM_EXAMPLES.get(code)
        examples = []
        if example is not None:
            body = {
                "type": PROBLEM_TYPE_BASE + example["code"].replace("_", "-"),
                "title": example["title"],
                "status": code,
                "detail": example["detail"],
                "code": example["code"],
                "extra": example["extra"],
            }
            examples = [OpenApiExample(example["code"], value=body, status_codes=[str(code)])]
        responses[(code, PROBLEM_CONTENT_TYPE)] = OpenApiResponse(
            response=ProblemDetailsSerializer,
            description=PROBLEM_DESCRIPTIONS.get(code, "Error."),
            examples=examples,
        )
    return responses
