"""The web client's only server-side code: one HTML shell.

Everything else happens in the browser (``static/webclient/*.js``) through the public API, exactly
as a mobile app would use it: token authentication, ``/api/v1/`` endpoints and the live-sync
stream. The page holds no game data and no session: the same document answers every route.
"""

import json
from pathlib import Path

from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_safe

# The ES modules app.js imports (relative imports, no build step).
MODULES = (
    "api.js",
    "cards.js",
    "live.js",
    "push.js",
    "ratings.js",
    "replay.js",
    "social.js",
    "text.js",
    "verify.js",
)
SERVICE_WORKER = Path(__file__).resolve().parent / "static" / "webclient" / "sw.js"


def import_map() -> str:
    """Map each module's plain static URL to its stored URL.

    In production the static files storage adds a content hash to every name (cached for a
    year); ``import "./api.js"`` inside app.js would still fetch the plain name. The import map
    sends it to the hashed file of the same deployment. With plain storage (DEBUG) it maps
    each URL to itself.
    """
    plain = staticfiles_storage.base_url
    return json.dumps(
        {"imports": {f"{plain}webclient/{name}": static(f"webclient/{name}") for name in MODULES}}
    )


@require_safe
def client_page(request, game_id=None):
    """The single-page client; ``game_id`` (replay route) is read again by the script."""
    context = {
        "api_root": reverse("game-list").removesuffix("games/"),  # "/api/v1/"
        "play_root": reverse("webclient:home"),  # "/play/"
        "api_docs": reverse("swagger-ui"),
        "import_map": import_map(),
    }
    return render(request, "webclient/index.html", context)


@require_safe
def service_worker(request):
    """``/play/sw.js``: the service worker, served under /play/ so that its scope covers the
    client (a worker's scope cannot be above its own path). Not cached: a new deployment's
    worker is picked up at the next visit."""
    response = HttpResponse(SERVICE_WORKER.read_bytes(), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response
