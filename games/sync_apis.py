"""Live sync for mobile clients: the gap-free events feed and the server-sent events stream.

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
  EventSource clients, which cannot set headers.

The authentication, the existence check and the first view are computed in the (sync) DRF view,
so errors are ordinary problem-details responses and the endpoint is in the OpenAPI schema. The
body is an *async* generator: under ASGI (uvicorn) it runs on the event loop and holds no thread
while it waits, so hundreds of open streams cost a few coroutines, one shared Redis subscription
(``games.live``) and a small thread pool for the short store reads. Under WSGI there is no event
loop to park on: the stream sends what is there and ends with a ``retry:`` hint, so an
EventSource client reconnects with ``Last-Event-ID`` (degrading to polling instead of pinning a
worker per client).

Redaction happens only in the engine, via the selectors: a seated player's stream never carries
more than their seat view; anyone else (anonymous or not seated) gets the public view and the
public form of each event.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
import weakref
from collections.abc import AsyncIterator, Iterator
from typing import Any

from asgiref.sync import async_to_sync
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection
from django.http import StreamingHttpResponse
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, renderers, serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import live
from games.selectors import game_events_since, game_view_for_user
from games.serializers import GameEventOutputSerializer, GameViewOutputSerializer, render
from hearts_api.authentication import SqlTokenAuthentication
from hearts_api.exception_handlers import problem_responses
from hearts_api.pagination import MAX_INT32

TAG_SYNC = "sync"
GAME_ID = OpenApiParameter(
    "game_id", OpenApiTypes.UUID, OpenApiParameter.PATH, description="The game's id."
)
SYNC_ERRORS = (400, 401, 404, 429)

FINISHED = "finished"
GAME_ENDED = "game_ended"
# Store reads of a stream are paged; a resuming client far behind gets several pages at once.
STREAM_PAGE = 200
MAX_LIMIT = 500
MAX_WAIT_S = 30
# Reconnection delay suggested to EventSource clients (ms).
RETRY_MS = 2000


def keepalive_s() -> float:
    return float(getattr(settings, "HEARTS_STREAM_KEEPALIVE_S", 15))


_open_semaphore: threading.BoundedSemaphore | None = None
_open_semaphore_lock = threading.Lock()


def _open_slots() -> threading.BoundedSemaphore:
    global _open_semaphore
    with _open_semaphore_lock:
        if _open_semaphore is None:
            size = int(getattr(settings, "HEARTS_STREAM_OPEN_CONCURRENCY", 8))
            _open_semaphore = threading.BoundedSemaphore(max(1, size))
        return _open_semaphore


# --------------------------------------------------------------------------- serializers
class SyncEventsQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0,
        max_value=MAX_INT32,
        default=0,
        help_text="Return the events after this seq (0: from the start).",
    )
    limit = serializers.IntegerField(
        min_value=1, max_value=MAX_LIMIT, default=100, help_text="Page size (events)."
    )
    wait = serializers.IntegerField(
        min_value=0,
        max_value=MAX_WAIT_S,
        default=0,
        help_text=(
            "Long-poll: when there is no event after `after` yet, wait up to this many seconds "
            "for one before answering (0: answer at once)."
        ),
    )


class SyncEventsPageOutputSerializer(serializers.Serializer):
    events = GameEventOutputSerializer(
        many=True, help_text="Consecutive events after `after`, redacted for the caller."
    )
    next_after = serializers.IntegerField(
        help_text="Seq of the last event in this page (= `after` when empty): the next `after`."
    )
    has_more = serializers.BooleanField(help_text="More events are stored after `next_after`.")
    last_seq = serializers.IntegerField(help_text="Seq of the game's last stored event.")


class SyncStreamQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0,
        max_value=MAX_INT32,
        required=False,
        help_text=(
            "Resume after this seq (the `Last-Event-ID` header wins when both are sent). "
            "Without either, the stream starts at the current view."
        ),
    )


class QueryTokenAuthentication(SqlTokenAuthentication):
    """``?token=<key>``: the token in the query string, for browsers' EventSource."""

    def authenticate(self, request: Request):
        key = request.query_params.get("token")
        if not key:
            return None
        return self.authenticate_credentials(key)


class QueryTokenAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = QueryTokenAuthentication
    name = "tokenQueryAuth"
    priority = 1  # before the built-in scheme of TokenAuthentication, its parent class

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "query",
            "name": "token",
            "description": (
                "The API token in the query string (`?token=<key>`), for EventSource clients "
                "that cannot send `Authorization: Token <key>`. Prefer the header where you can: "
                "query strings end up in access logs."
            ),
        }


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


# --------------------------------------------------------------------------- events feed
def _last_seq(game_id: Any) -> int:
    return live.last_seqs([game_id]).get(str(game_id), 0)


def _events_page(*, game_id: Any, user: Any, after: int, limit: int) -> dict[str, Any]:
    events = game_events_since(game_id=game_id, user=user, after_seq=after, limit=limit)
    next_after = events[-1]["seq"] if events else after
    # Read after the events: anything stored meanwhile shows as has_more, never as a gap.
    last_seq = max(_last_seq(game_id), next_after)
    return {
        "events": events,
        "next_after": next_after,
        "has_more": next_after < last_seq,
        "last_seq": last_seq,
    }


class GameEventsListApi(APIView):
    permission_classes = [AllowAny]  # the engine redacts for whoever asks

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
        page = _events_page(game_id=game_id, user=request.user, after=after, limit=limit)
        if wait and not page["events"]:
            # Blocks this request's thread for at most `wait` seconds (streams are the cheaper
            # way to follow a game, see docs/live-sync.md), but not a database connection.
            if not connection.in_atomic_block:
                connection.close()
            if async_to_sync(live.wait_for_game_event)(game_id, after, wait) is not None:
                page = _events_page(game_id=game_id, user=request.user, after=after, limit=limit)
        return Response(render(SyncEventsPageOutputSerializer, page))


# --------------------------------------------------------------------------- SSE stream
def _sse(*, event: str, data: Any, id: int | None = None) -> str:
    lines = []
    if id is not None:
        lines.append(f"id: {id}")
    lines.append(f"event: {event}")
    body = json.dumps(data, cls=DjangoJSONEncoder, separators=(",", ":"))
    lines.extend(f"data: {line}" for line in body.split("\n"))
    return "\n".join(lines) + "\n\n"


KEEPALIVE = ": keep-alive\n\n"


def _view_message(view: dict[str, Any], *, resuming: bool) -> str:
    data = render(GameViewOutputSerializer, view)
    # A fresh stream starts at the view: its seq becomes the client's Last-Event-ID. A resumed
    # stream leaves Last-Event-ID where the client was; the events after it follow.
    return _sse(event="view", data=data, id=None if resuming else view["seq"])


def _read_events(game_id: Any, user: Any, after: int) -> list[tuple[int, str, str]]:
    """(seq, type, SSE message) of the events after ``after`` (one page), redacted for ``user``."""
    events = game_events_since(game_id=game_id, user=user, after_seq=after, limit=STREAM_PAGE)
    return [
        (
            e["seq"],
            e["type"],
            _sse(event=e["type"], data=render(GameEventOutputSerializer, e), id=e["seq"]),
        )
        for e in events
    ]


# Short store reads of streams run in the event loop's shared thread pool (not one thread and
# one database connection per open stream).
_read_events_async = live.shared_pool_read(_read_events)
_view_async = live.shared_pool_read(game_view_for_user)

# Lobby events after which a stream without a seat asks again whether its caller now has one.
SEATING_EVENTS = frozenset({"seat_taken", "seat_reclaimed"})

_inflight_reads: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict] = (
    weakref.WeakKeyDictionary()
)


async def shared_read(game_id: Any, user: Any, seat: int | None, after: int):
    """``_read_events`` shared by the streams of this process that want the same page.

    One event wakes every stream of its game at once; without sharing, N spectators would make
    N identical reads. Streams without a seat all see the public form (``user=None``), so they
    share one read per page; a seated stream reads as its own user (the selector decides what
    that user may see). Results are immutable and the log is append-only, so sharing is safe.
    """
    inflight = _inflight_reads.setdefault(asyncio.get_running_loop(), {})
    public = seat is None
    key = (str(game_id), None if public else ("user", user.pk), after)
    future = inflight.get(key)
    if future is None:
        future = asyncio.ensure_future(_read_events_async(game_id, None if public else user, after))
        inflight[key] = future

        def forget(done: asyncio.Future, key=key) -> None:
            if inflight.get(key) is done:
                del inflight[key]

        future.add_done_callback(forget)
    # shield: a client that disconnects must not cancel the read the others wait for.
    return await asyncio.shield(future)


async def follow_game(
    *,
    game_id: Any,
    user: Any,
    seat: int | None,
    first: str,
    after: int,
    finished: bool,
    keepalive: float,
) -> AsyncIterator[str]:
    """The live part of a stream (ASGI): the events after ``after`` as they are stored.

    ``seat`` is the caller's seat when the stream opened (None: public view).
    """
    yield first
    last = after
    async with live.subscribe(game_id) as sub:
        last_write = time.monotonic()
        while True:
            batch = await shared_read(game_id, user, seat, last)
            reread = len(batch) == STREAM_PAGE
            for seq, type_, message in batch:
                yield message
                last = seq
                finished = finished or type_ == GAME_ENDED
                if type_ in SEATING_EVENTS and seat is None and user.is_authenticated:
                    seat = (await _view_async(game_id=game_id, user=user))["your_seat"]
                    if seat is not None:
                        reread = True  # the caller was seated: read the rest as their seat
                        break
            if batch:
                last_write = time.monotonic()
            if reread:
                continue
            if finished:
                return  # the final events have been sent
            remaining = keepalive - (time.monotonic() - last_write)
            if remaining <= 0 or not await sub.wait(after_seq=last, timeout=remaining):
                # Keep-alive tick; the loop re-reads the store too, so a lost wake-up costs
                # at most one keep-alive period.
                yield KEEPALIVE
                last_write = time.monotonic()


def catch_up(*, game_id: Any, user: Any, first: str, after: int) -> Iterator[str]:
    """A finite stream (WSGI): what is stored now, then a reconnection hint."""
    yield f"retry: {RETRY_MS}\n\n"
    yield first
    last = after
    while True:
        batch = _read_events(game_id, user, last)
        for seq, _type, message in batch:
            yield message
            last = seq
        if len(batch) < STREAM_PAGE:
            return


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


SSE_EXAMPLE = (
    "retry: 2000\n\n"
    "id: 12\nevent: view\n"
    'data: {"id":"...","status":"active","seq":12,"your_seat":0,"view":{...}}\n\n'
    "id: 13\nevent: card_played\n"
    'data: {"seq":13,"type":"card_played","created_at":"...","actor":{...},'
    '"payload":{"seat":1,"card":"QS"}}\n\n'
    ": keep-alive\n\n"
)


class GameStreamApi(APIView):
    permission_classes = [AllowAny]  # the engine redacts for whoever asks
    authentication_classes = [
        SqlTokenAuthentication,
        QueryTokenAuthentication,
        SessionAuthentication,
    ]
    renderer_classes = [EventStreamRenderer, renderers.JSONRenderer]

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
            "clients that cannot set headers. Anonymous callers and players without a seat get "
            "the public view.\n\n"
            "Served as a live stream by the ASGI server; under WSGI the response ends after the "
            "stored events with a `retry:` hint (the client reconnects with Last-Event-ID)."
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
            **problem_responses(*SYNC_ERRORS),
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
        view = game_view_for_user(game_id=game_id, user=user)
        first = _view_message(view, resuming=resume is not None)
        # A Last-Event-ID beyond the log (a client that kept an id from elsewhere) resumes at
        # the current seq: the view it gets first is the truth.
        after = view["seq"] if resume is None else min(resume, view["seq"])
        if isinstance(request._request, ASGIRequest):
            body = follow_game(
                game_id=game_id,
                user=user,
                seat=view["your_seat"],
                first=f"retry: {RETRY_MS}\n\n" + first,
                after=after,
                finished=view["status"] == FINISHED,
                keepalive=keepalive_s(),
            )
        else:
            body = catch_up(game_id=game_id, user=user, first=first, after=after)
        response = StreamingHttpResponse(body, content_type="text/event-stream; charset=utf-8")
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
        return response
