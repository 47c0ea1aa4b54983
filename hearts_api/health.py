"""``GET /health/``: is the database reachable, is the broker reachable?

200 ``{"status": "ok", "checks": {...}}`` when both are; 503 with ``"status": "unavailable"``
when either is not. Each check reports ``ok``, ``latency_ms`` and, on failure, ``error``.
No authentication, no throttling: load balancers and the compose health check call it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.db import connections
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from kombu import Connection

logger = logging.getLogger(__name__)


def check_database() -> None:
    with connections["default"].cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def check_broker() -> None:
    url = settings.CELERY_BROKER_URL
    options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {}) or {}
    if url.startswith("filesystem://"):
        # The filesystem transport never "fails to connect": check its folders instead.
        for key in ("data_folder_in", "data_folder_out", "processed_folder"):
            folder = Path(options[key])
            if not folder.is_dir():
                raise ConnectionError(f"broker folder {folder} does not exist")
            probe = folder / ".health-probe"
            probe.write_text("ok")
            probe.unlink()
        return
    timeout = settings.HEARTS_HEALTH_TIMEOUT_S
    with Connection(url, connect_timeout=timeout, transport_options=options) as conn:
        conn.ensure_connection(max_retries=1, timeout=timeout)
        # Redis connects lazily; make sure the server really answers.
        client = getattr(conn.default_channel, "client", None)
        if client is not None and hasattr(client, "ping"):
            client.ping()


CHECKS: dict[str, Callable[[], None]] = {"database": check_database, "broker": check_broker}


def run_checks() -> tuple[bool, dict[str, dict]]:
    results: dict[str, dict] = {}
    healthy = True
    for name, check in CHECKS.items():
        started = time.perf_counter()
        try:
            check()
        except Exception as exc:  # any failure means "not reachable"
            healthy = False
            logger.warning("health check %s failed: %s", name, exc)
            results[name] = {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:500]}
        else:
            results[name] = {"ok": True}
        results[name]["latency_ms"] = round((time.perf_counter() - started) * 1000, 1)
    return healthy, results


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    healthy, checks = run_checks()
    body = {"status": "ok" if healthy else "unavailable", "checks": checks}
    return JsonResponse(body, status=200 if healthy else 503)
