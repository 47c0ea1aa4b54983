"""Middleware of the project."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse


class SyncChainMiddleware:
    """Last in ``MIDDLEWARE``: runs the middleware chain synchronously under ASGI.

    Every view of this project is synchronous (DRF), streams included (their body is an async
    iterator, consumed by the ASGI handler after the chain). When the innermost middleware can
    run async, Django runs each middleware method above it through its own sync-to-async thread
    hop (17 hops for one GET of the rules catalog). This middleware is sync only, so Django
    adapts the chain above it to sync and crosses into a thread once per request (7 hops in
    all, signals and rendering included). Measured on the 2-core development machine, Django's
    ASGI handler in process (httpx ``ASGITransport``), ``GET /api/v1/rules/presets/``, p50 of
    three runs each: 9.6-13.0 ms with it, 14.1-15.6 ms without. Under WSGI it is a plain
    pass-through.
    """

    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)
