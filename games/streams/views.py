"""The live-sync endpoints: the gap-free events feed and the server-sent events stream.

* ``GET /api/v1/games/{id}/events/?after=N&limit=M`` (``GameEventsListApi``): the events after
  seq N, every one of them (N+1, N+2, ... with no gap), redacted for the caller by the engine
  through ``selectors.game_events_since``; paginated by sequence with ``next_after`` /
  ``has_more`` / ``last_seq``. A client that was offline resumes from its last seq. With
  ``wait=S`` (1..30) and nothing after N yet, the request long-polls: it is answered as soon as an
  event is stored or after S seconds with an empty page.
* ``GET /api/v1/games/{id}/stream/`` (``GameStreamApi``): ``text/event-stream``. First message
  ``event: view`` (the caller's full current view, the same shape as the game view), then one
  ``event: <type>`` per stored event with ``id: <seq>``, ``: keep-alive`` comments every
  ``HEARTS_STREAM_KEEPALIVE_S`` seconds, and the stream ends after the final events of a finished
  game. Resumes from the ``Last-Event-ID`` header (what EventSource sends when it reconnects) or
  ``?after=N``. Authentication: ``Authorization: Token <key>``, or ``?token=<key>`` for
  EventSource clients, which cannot set headers. An open stream looks its credential up again
  every ``HEARTS_STREAM_RECHECK_S`` and ends once it fails (``credentials``).

The authentication, the existence check and the first view are computed in the (sync) DRF view,
so errors are ordinary problem-details responses and the endpoint is in the OpenAPI schema. The
body is an *async* generator (``feed.follow_game``): under ASGI (uvicorn) it runs on the event
loop and holds no thread while it waits, so hundreds of open streams cost a few coroutines, one
shared Redis subscription (``games.streams.backends``) and a small thread pool for the short
store reads. Under WSGI there is no event loop to park on: the stream sends what is there and
ends with a ``retry:`` hint (``feed.catch_up``), so an EventSource client reconnects with
``Last-Event-ID`` (degrading to polling instead of pinning a worker per client).

Redaction happens only in the engine, via the selectors: a seated player's stream never carries
more than their seat view; anyone else (anonymous or not seated) gets the public view and the
public form of each event.
"""

from __future__ import annotations

import threading

from asgiref.sync import async_to_sync
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.http.problems import problem_responses
from common.http.renderers import FastJSONRenderer
from games import api_selectors
from games.serializers import render
from games.streams import backends, credentials, limits
from games.streams.auth import STREAM_AUTHENTICATION_CLASSES
from games.streams.feed import (
    FINISHED,
    catch_up,
    events_page,
    follow_game,
    keepalive_s,
    view_message,
)
from games.streams.serializers import (
    SyncEventsPageOutputSerializer,
    SyncEventsQuerySerializer,
    SyncStreamQuerySerializer,
)
from games.streams.sse import RETRY, SSE_EXAMPLE, EventStreamRenderer

TAG_SYNC = "sync"
GAME_ID = OpenApiParameter(
    "game_id", OpenApiTypes.UUID, OpenApiParameter.PATH, description="The game's id."
)
SYNC_ERRORS = (400, 401, 404, 429)

_open_semaphore: threading.BoundedSemaphore | None = None
_open_semaphore_lock = threading.Lock()


def _open_slots() -> threading.BoundedSemaphore:
    global _open_semaphore
    with _open_semaphore_lock:
        if _open_semaphore is None:
            size = int(getattr(settings, "HEARTS_STREAM_OPEN_CONCURRENCY", 8))
            _open_semaphore = threading.BoundedSemaphore(max(1, size))
        return _open_semaphore


class GameEventsListApi(APIView):
    permission_classes = [AllowAny]  # the engine redacts for whoever asks
    required_scopes = ("games:read",)

    @extend_schema(
        operation_id="games_events_list",
        summary="Events since a sequence number (gap-free, redacted, paginated)",
        description=(
            "Every event after `after`, in order and without gaps, each payload redacted by the "
            "engine for the caller: a seated player sees what their seat may see, anyone else "
            "the public form. Page with `next_after` until `has_more` is false. A client that "
            "was offline resumes from the last seq it applied. With `wait`, an empty page is "
            "held open (long-poll) until an event is stored or `wait` seconds pass."
        ),
        tags=[TAG_SYNC],
        parameters=[SyncEventsQuerySerializer, GAME_ID],
        responses={200: SyncEventsPageOutputSerializer, **problem_responses(*SYNC_ERRORS)},
    )
    def get(self, request: Request, game_id: str) -> Response:
        params = SyncEventsQuerySerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        after, limit, wait = (params.validated_data[k] for k in ("after", "limit", "wait"))
        page = events_page(game_id=game_id, user=request.user, after=after, limit=limit)
        if wait and not page["events"]:
            # Blocks this request's thread for at most `wait` seconds (streams are the cheaper
            # way to follow a game, see docs/live-sync.md), but not a database connection.
            if not connection.in_atomic_block:
                connection.close()
            if async_to_sync(backends.wait_for_game_event)(game_id, after, wait) is not None:
                page = events_page(game_id=game_id, user=request.user, after=after, limit=limit)
        return Response(render(SyncEventsPageOutputSerializer, page))


def _parse_last_event_id(request: Request) -> int | None:
    raw = request.headers.get("Last-Event-ID")
    if raw is None or raw.strip() == "":
        return None
    try:
        value = int(raw.strip())
    except ValueError:
        value = -1
    if value < 0:
        raise exceptions.ValidationError({"Last-Event-ID": ["Must be a non-negative integer."]})
    return value


class GameStreamApi(APIView):
    permission_classes = [AllowAny]  # the engine redacts for whoever asks
    required_scopes = ("games:read",)
    authentication_classes = STREAM_AUTHENTICATION_CLASSES
    renderer_classes = [EventStreamRenderer, FastJSONRenderer]

    def dispatch(self, request, *args, **kwargs):
        """The synchronous part (authentication, checks, first view) of a stream.

        Under ASGI every request runs its sync part in a thread of its own with its own database
        connection, so a burst of (re)connecting streams would open as many connections at once
        (300 clients coming back after a deploy: 300 connections). At most
        ``HEARTS_STREAM_OPEN_CONCURRENCY`` stream openings per process run at once; each closes
        its connection when done, since the live part reads through the shared pool.
        """
        with _open_slots():
            try:
                return super().dispatch(request, *args, **kwargs)
            finally:
                if isinstance(request, ASGIRequest) and not connection.in_atomic_block:
                    connection.close()

    @extend_schema(
        operation_id="games_stream",
        summary="Live stream of a game (server-sent events)",
        description=(
            "`text/event-stream`. The first message is `event: view`, the caller's full current "
            "view (the shape of the game view). Then one message per stored event: `id: <seq>`, "
            "`event: <type>` (`card_played`, `trick_won`, ...), `data:` the event as in the "
            "events feed, redacted for the caller by the engine. A `: keep-alive` comment is "
            "sent after `HEARTS_STREAM_KEEPALIVE_S` seconds (default 15) without a message. "
            "The stream ends after the final events of a finished game.\n\n"
            "Resuming: send `Last-Event-ID: <seq>` (EventSource does so when it reconnects) or "
            "`?after=<seq>`; the view comes first (without `id`), then every event after that "
            "seq, without gaps. Without either, the view carries `id: <its seq>`.\n\n"
            "Authentication: `Authorization: Token <key>`, or `?token=<key>` for EventSource "
            "clients that cannot set headers, an OAuth2 access token (`games:read`) or the "
            "session. Anonymous callers and players without a seat get the public view. An open "
            "stream looks its credential up again every `HEARTS_STREAM_RECHECK_S` seconds "
            "(default: the keep-alive period) and ends, sending nothing more, once the token is "
            "deleted, the OAuth2 token revoked or expired, the session logged out or the "
            "account deactivated; the reconnection authenticates anew (401).\n\n"
            "Served as a live stream by the ASGI server; under WSGI the response ends after the "
            "stored events with a `retry:` hint (the client reconnects with Last-Event-ID).\n\n"
            + limits.OPENAPI_NOTE
        ),
        tags=[TAG_SYNC],
        parameters=[
            SyncStreamQuerySerializer,
            GAME_ID,
            # The renderers negotiate on Accept; a ?format= override means nothing here.
            OpenApiParameter("format", exclude=True),
            OpenApiParameter(
                "Last-Event-ID",
                OpenApiTypes.INT,
                OpenApiParameter.HEADER,
                description="Resume after this seq (sent by EventSource on reconnection).",
            ),
        ],
        responses={
            (200, "text/event-stream"): OpenApiResponse(
                response=OpenApiTypes.STR,
                description="A stream of server-sent events (see the description).",
                examples=[OpenApiExample("stream", value=SSE_EXAMPLE)],
            ),
            **problem_responses(*SYNC_ERRORS, also=limits.PROBLEM_CODES),
        },
    )
    def get(self, request: Request, game_id: str) -> StreamingHttpResponse:
        params = SyncStreamQuerySerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        resume = _parse_last_event_id(request)
        if resume is None:
            resume = params.validated_data.get("after")
        user = request.user
        # Raises GameNotFound (404) before the stream opens.
        view, table = api_selectors.game_view_and_seats(game_id=game_id, user=user)
        api_selectors.with_seat_ratings([view], [table])  # the first view is GET games/{id}/'s
        first = view_message(view, resuming=resume is not None)
        # A Last-Event-ID beyond the log (a client that kept an id from elsewhere) resumes at
        # the current seq: the view it gets first is the truth.
        after = view["seq"] if resume is None else min(resume, view["seq"])
        lease = limits.acquire(user)  # 429 too_many_streams
        if isinstance(request._request, ASGIRequest):
            body = follow_game(
                game_id=game_id,
                user=user,
                seat=view["your_seat"],
                first=RETRY + first,
                after=after,
                finished=view["status"] == FINISHED,
                keepalive=keepalive_s(),
                guard=credentials.guard(request),  # ends the stream once its credential fails
            )
        else:
            body = catch_up(game_id=game_id, user=user, first=first, after=after)
        return limits.stream_response(body, lease)
