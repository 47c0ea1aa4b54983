"""The API documentation pages (Swagger UI and ReDoc), served with their assets from this
server (drf-spectacular-sidecar) and nothing from the internet: the pages work offline and a
reader's browser contacts no third party.

Both pages carry a Content-Security-Policy that allows this origin only (plus the inline styles,
scripts, workers and data: images the two bundles create), so that a request to another host
cannot happen even if a bundle tries one (ReDoc's footer logo from cdn.redoc.ly does).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

DOCS_CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "worker-src 'self' blob:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'self'",
    )
)


class LocalOnlyMixin:
    def finalize_response(self, request: Any, response: Any, *args: Any, **kwargs: Any) -> Any:
        response = super().finalize_response(request, response, *args, **kwargs)
        response["Content-Security-Policy"] = DOCS_CSP
        return response


class SchemaView(SpectacularAPIView):
    required_scopes = ()  # public (common/scopes.py)


class SwaggerView(LocalOnlyMixin, SpectacularSwaggerView):
    required_scopes = ()


class RedocView(LocalOnlyMixin, SpectacularRedocView):
    template_name = "docs/redoc.html"
    required_scopes = ()
