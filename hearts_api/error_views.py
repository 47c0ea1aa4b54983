"""Django's 404/500 handlers: problem details under /api/, Django's HTML pages elsewhere.

DRF renders its own errors through ``problem_exception_handler``; these handlers cover what never
reaches a DRF view (an unknown URL under ``/api/``, an error outside a view), so that an API
client always gets the same ``application/problem+json`` shape.
"""

from __future__ import annotations

import sys

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

from common.http.problems import (
    DATABASE_RETRY_AFTER_S,
    DATABASE_UNAVAILABLE_ERRORS,
    PROBLEM_CONTENT_TYPE,
    PROBLEM_TYPE_BASE,
    database_unavailable_body,
)


def _problem(status: int, code: str, title: str, detail: str) -> JsonResponse:
    body = {
        "type": PROBLEM_TYPE_BASE + code.replace("_", "-"),
        "title": title,
        "status": status,
        "detail": detail,
        "code": code,
        "extra": {},
    }
    return JsonResponse(body, status=status, content_type=PROBLEM_CONTENT_TYPE)


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return _problem(404, "not_found", "Not found.", f"No endpoint at {request.path}.")
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    # Called inside Django's exception handling: a database outage outside a DRF view (e.g. in
    # a middleware) is a 503 to retry, not a 500.
    if isinstance(sys.exc_info()[1], DATABASE_UNAVAILABLE_ERRORS):
        headers = {"Retry-After": str(DATABASE_RETRY_AFTER_S)}
        if _is_api(request):
            response = JsonResponse(
                database_unavailable_body(), status=503, content_type=PROBLEM_CONTENT_TYPE
            )
        else:
            response = HttpResponse("Service unavailable.", status=503, content_type="text/plain")
        for name, value in headers.items():
            response[name] = value
        return response
    if _is_api(request):
        return _problem(500, "server_error", "Server error.", "An unexpected error occurred.")
    return defaults.server_error(request)
