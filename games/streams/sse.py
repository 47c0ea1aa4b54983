"""Server-sent events: the framing of one message and the ``text/event-stream`` renderer."""

from __future__ import annotations

import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from rest_framework import renderers

KEEPALIVE = ": keep-alive\n\n"
# Reconnection delay suggested to EventSource clients (ms).
RETRY_MS = 2000
RETRY = f"retry: {RETRY_MS}\n\n"


def sse(*, event: str, data: Any, id: int | None = None) -> str:
    """One message: ``id:`` (when given), ``event:``, the JSON ``data:`` lines, a blank line."""
    lines = []
    if id is not None:
        lines.append(f"id: {id}")
    lines.append(f"event: {event}")
    body = json.dumps(data, cls=DjangoJSONEncoder, separators=(",", ":"))
    lines.extend(f"data: {line}" for line in body.split("\n"))
    return "\n".join(lines) + "\n\n"


class EventStreamRenderer(renderers.BaseRenderer):
    """Negotiates ``text/event-stream``. The stream itself is a ``StreamingHttpResponse``; only
    error responses (problem details, ``application/problem+json``) are rendered here."""

    media_type = "text/event-stream"
    format = "sse"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:
            return b""
        return json.dumps(data, cls=DjangoJSONEncoder).encode()


SSE_EXAMPLE = (
    "retry: 2000\n\n"
    "id: 12\nevent: view\n"
    'data: {"id":"...","status":"active","seq":12,"your_seat":0,"view":{...}}\n\n'
    "id: 13\nevent: card_played\n"
    'data: {"seq":13,"type":"card_played","created_at":"...","actor":{...},'
    '"payload":{"seat":1,"card":"QS"}}\n\n'
    ": keep-alive\n\n"
)
