"""Notifications API: the player's feed and webhook endpoints (docs/notifications.md).

One APIView per operation: parse with an input serializer, call one service or selector,
render with an output serializer. Errors are problem details (common.http.problems).
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.bot_tokens import is_bot_credential
from common.http.authentication import SqlTokenAuthentication
from common.http.problems import problem_responses
from common.http.renderers import FastJSONRenderer
from games.apis import IDEMPOTENCY_KEY, KEYED, respond_once
from games.serializers import render
from games.streams import credentials, limits
from games.streams.auth import STREAM_AUTHENTICATION_CLASSES, QueryTokenAuthentication
from games.streams.feed import keepalive_s
from games.streams.sse import EventStreamRenderer
from notifications import feed_stream, live, push, selectors, services
from notifications.errors import BotAccountRequired
from notifications.serializers import (
    FeedPageOutputSerializer,
    FeedQuerySerializer,
    FeedStreamQuerySerializer,
    MobileDeviceInputSerializer,
    MobileDeviceOutputSerializer,
    NotificationPreferencesInputSerializer,
    NotificationPreferencesOutputSerializer,
    PushSubscriptionInputSerializer,
    PushSubscriptionOutputSerializer,
    VapidKeyOutputSerializer,
    WebhookDeliveryOutputSerializer,
    WebhookDeliveryQuerySerializer,
    WebhookEndpointInputSerializer,
    WebhookEndpointOutputSerializer,
    WebhookEndpointPatchInputSerializer,
    WebhookRotateInputSerializer,
)

TAG_FEED = "feed"
TAG_WEBHOOKS = "webhooks"
ENDPOINT_ID = OpenApiParameter(
    "endpoint_id", OpenApiTypes.UUID, OpenApiParameter.PATH, description="The endpoint's id."
)
DELIVERY_ID = OpenApiParameter(
    "delivery_id", OpenApiTypes.UUID, OpenApiParameter.PATH, description="The delivery's id."
)
IDEMPOTENT = "\n\nAccepts `Idempotency-Key`."


def _once(request: Request, command, render_result, success_status=status.HTTP_200_OK):
    """One service call and the rendering of its result, once per Idempotency-Key."""
    return respond_once(request, lambda: render_result(command()), success_status)


def _endpoint_body(endpoint) -> dict:
    return render(WebhookEndpointOutputSerializer, endpoint)


class MeFeedApi(APIView):
    required_scopes = ("games:read",)
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_feed",
        summary="Your feed: games awaiting your move and events of all your games",
        description=(
            "`awaiting`: the active games in which your seat must act now. `items`: every event "
            "of every game you sit in, in one order of your own (`position`), each redacted by "
            "the engine for your seat: never another seat's cards. Resume with "
            "`after=<next_after>`: no item is skipped or repeated. With `wait`, an empty page is "
            "held open (long-poll) until one of your games moves or `wait` seconds pass."
        ),
        tags=[TAG_FEED],
        parameters=[FeedQuerySerializer],
        responses={200: FeedPageOutputSerializer, **problem_responses(400, 401)},
    )
    def get(self, request: Request) -> Response:
        params = FeedQuerySerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        after, limit, wait = (params.validated_data[k] for k in ("after", "limit", "wait"))
        user = request.user
        page = selectors.feed_page(user=user, after=after, limit=limit)
        if wait and not page["items"]:
            game_ids = selectors.open_game_ids(user=user)
            if not connection.in_atomic_block:
                connection.close()  # no connection held while waiting

            def has_items() -> bool:
                return bool(selectors.feed_items(user=user, after=after, limit=1)[0])

            if async_to_sync(live.wait_for_feed)(game_ids, has_items, wait):
                page = selectors.feed_page(user=user, after=after, limit=limit)
        return Response(render(FeedPageOutputSerializer, page))


FEED_SSE_EXAMPLE = (
    "retry: 2000\n\n"
    "event: awaiting\n"
    'data: [{"game_id":"...","preset":"classic","seat":0,"seq":41,"since":"...",'
    '"turn_limit_s":86400}]\n\n'
    "id: 118\nevent: feed_item\n"
    'data: {"position":118,"game_id":"...","seat":0,"event":{"seq":41,"type":"card_played",'
    '"created_at":"...","actor":{"kind":"ai","seat":3},"payload":{"seat":3,"card":"QS"}}}\n\n'
    ": keep-alive\n\n"
)


def _last_event_id(request: Request) -> int | None:
    raw = (request.headers.get("Last-Event-ID") or "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise exceptions.ValidationError({"Last-Event-ID": ["Must be a non-negative integer."]})
    return int(raw)


class MeFeedStreamApi(APIView):
    required_scopes = ("games:read",)
    permission_classes = [IsAuthenticated]
    authentication_classes = STREAM_AUTHENTICATION_CLASSES
    renderer_classes = [EventStreamRenderer, FastJSONRenderer]

    def dispatch(self, request, *args, **kwargs):
        try:
            return super().dispatch(request, *args, **kwargs)
        finally:  # the live part reads through the shared pool: hold no connection
            if isinstance(request, ASGIRequest) and not connection.in_atomic_block:
                connection.close()

    @extend_schema(
        operation_id="me_feed_stream",
        summary="Your feed as a live stream (server-sent events)",
        description=(
            "`text/event-stream`: `event: awaiting` (the games waiting for your move, as in the "
            "feed page; first, then whenever it changes), then one `event: feed_item` per item "
            "with `id: <position>`, as the page's items (redacted for your seat), and "
            "`: keep-alive` comments. Resume with `Last-Event-ID` (EventSource sends it when it "
            "reconnects) or `?after=`: no item is skipped or repeated. Authentication: "
            "`Authorization: Token <key>`, or `?token=<key>` for EventSource. The open stream "
            "looks its credential up again every `HEARTS_STREAM_RECHECK_S` seconds (default: the "
            "keep-alive period) and ends once it no longer works (token deleted, OAuth2 token "
            "revoked or expired, session logged out, account deactivated). Under WSGI the "
            "response ends after the stored items with a `retry:` hint.\n\n" + limits.OPENAPI_NOTE
        ),
        tags=[TAG_FEED],
        parameters=[
            FeedStreamQuerySerializer,
            OpenApiParameter("format", exclude=True),
            OpenApiParameter(
                "Last-Event-ID",
                OpenApiTypes.INT,
                OpenApiParameter.HEADER,
                description="Resume after this position (sent by EventSource on reconnection).",
            ),
        ],
        responses={
            (200, "text/event-stream"): OpenApiResponse(
                response=OpenApiTypes.STR,
                description="A stream of server-sent events (see the description).",
                examples=[OpenApiExample("stream", value=FEED_SSE_EXAMPLE)],
            ),
            **problem_responses(400, 401, 429, also=limits.PROBLEM_CODES),
        },
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        params = FeedStreamQuerySerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        resume = _last_event_id(request)
        after = params.validated_data["after"] if resume is None else resume
        user = request.user
        lease = limits.acquire(user)  # 429 too_many_streams
        if isinstance(request._request, ASGIRequest):
            body = feed_stream.follow_feed(
                user=user,
                after=after,
                keepalive=keepalive_s(),
                guard=credentials.guard(request),  # ends the stream once its credential fails
            )
        else:
            body = feed_stream.catch_up(user=user, after=after)
        return limits.stream_response(body, lease)


class WebhookEndpointCollectionApi(APIView):
    required_scopes = ("webhooks:write",)
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="webhooks_list",
        summary="Your webhook endpoints",
        description="Every endpoint you registered, oldest first, with its signing secret and "
        "its state (active, or disabled after repeated failures, and why).",
        tags=[TAG_WEBHOOKS],
        responses={200: WebhookEndpointOutputSerializer(many=True), **problem_responses(401)},
    )
    def get(self, request: Request) -> Response:
        endpoints = selectors.endpoints_of(user=request.user)
        return Response(render(WebhookEndpointOutputSerializer, endpoints, many=True))

    @extend_schema(
        operation_id="webhooks_create",
        summary="Register a webhook endpoint",
        description=(
            "The URL must be http(s) and its host must resolve to public addresses only "
            "(`webhook_address_forbidden` for loopback, link-local, private and unique-local "
            "addresses, unless the server's allow-list says otherwise); it is checked again at "
            "every delivery. The answer carries the endpoint's signing secret."
        )
        + IDEMPOTENT,
        tags=[TAG_WEBHOOKS],
        parameters=[IDEMPOTENCY_KEY],
        request=WebhookEndpointInputSerializer,
        responses={201: WebhookEndpointOutputSerializer, **problem_responses(401, 415, *KEYED)},
    )
    def post(self, request: Request) -> Response:
        data = WebhookEndpointInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return _once(
            request,
            lambda: services.webhook_endpoint_create(user=request.user, **data.validated_data),
            _endpoint_body,
            status.HTTP_201_CREATED,
        )


class WebhookEndpointDetailApi(APIView):
    required_scopes = ("webhooks:write",)
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="webhooks_update",
        summary="Change a webhook endpoint (URL, types, pause or re-enable)",
        description="Only the fields sent change. A new `url` is checked like at registration. "
        "`is_active: true` re-enables an endpoint disabled after failures: its pending "
        "deliveries are sent at once." + IDEMPOTENT,
        tags=[TAG_WEBHOOKS],
        parameters=[ENDPOINT_ID, IDEMPOTENCY_KEY],
        request=WebhookEndpointPatchInputSerializer,
        responses={
            200: WebhookEndpointOutputSerializer,
            **problem_responses(401, 404, 415, *KEYED),
        },
    )
    def patch(self, request: Request, endpoint_id: str) -> Response:
        data = WebhookEndpointPatchInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return _once(
            request,
            lambda: services.webhook_endpoint_update(
                user=request.user, endpoint_id=endpoint_id, **data.validated_data
            ),
            _endpoint_body,
        )

    @extend_schema(
        operation_id="webhooks_delete",
        summary="Delete a webhook endpoint (and its deliveries)",
        description="Nothing more is sent to it; its deliveries and their attempts are deleted."
        + IDEMPOTENT,
        tags=[TAG_WEBHOOKS],
        parameters=[ENDPOINT_ID, IDEMPOTENCY_KEY],
        responses={204: None, **problem_responses(401, 404, *KEYED)},
    )
    def delete(self, request: Request, endpoint_id: str) -> Response:
        return _once(
            request,
            lambda: services.webhook_endpoint_delete(user=request.user, endpoint_id=endpoint_id),
            lambda _result: None,
            status.HTTP_204_NO_CONTENT,
        )


class WebhookSecretRotateApi(APIView):
    required_scopes = ("webhooks:write",)
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="webhooks_rotate_secret",
        summary="Rotate an endpoint's signing secret",
        description=(
            "A new secret signs every delivery from now on; the old one signs too (a second "
            "`v1,` signature in `webhook-signature`) until `previous_secret_expires_at`."
        )
        + IDEMPOTENT,
        tags=[TAG_WEBHOOKS],
        parameters=[ENDPOINT_ID, IDEMPOTENCY_KEY],
        request=WebhookRotateInputSerializer,
        responses={
            200: WebhookEndpointOutputSerializer,
            **problem_responses(401, 404, 415, *KEYED),
        },
    )
    def post(self, request: Request, endpoint_id: str) -> Response:
        data = WebhookRotateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        grace_s = data.validated_data.get("grace_s")
        return _once(
            request,
            lambda: services.webhook_endpoint_rotate_secret(
                user=request.user, endpoint_id=endpoint_id, grace_s=grace_s
            ),
            _endpoint_body,
        )


class WebhookDeliveryListApi(APIView):
    required_scopes = ("webhooks:write",)
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="webhooks_deliveries_list",
        summary="Deliveries of an endpoint, newest first, with every attempt",
        description="Each delivery (one notification to this endpoint) with its state, its "
        "next attempt and every attempt made: HTTP status, latency, error code and text.",
        tags=[TAG_WEBHOOKS],
        parameters=[ENDPOINT_ID, WebhookDeliveryQuerySerializer],
        responses={
            200: WebhookDeliveryOutputSerializer(many=True),
            **problem_responses(400, 401, 404),
        },
    )
    def get(self, request: Request, endpoint_id: str) -> Response:
        params = WebhookDeliveryQuerySerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        endpoint = selectors.endpoint_of(user=request.user, endpoint_id=endpoint_id)
        deliveries = selectors.deliveries_of(
            user=request.user, endpoint_id=endpoint.pk, **params.validated_data
        )
        return Response(render(WebhookDeliveryOutputSerializer, deliveries, many=True))


class WebhookRedeliverApi(APIView):
    required_scopes = ("webhooks:write",)
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="webhooks_redeliver",
        summary="Send a delivery once more, now",
        description="One more attempt, now, whatever the delivery's state (same `webhook-id` "
        "and body: receivers that already have it ignore it). 409 while the endpoint is "
        "disabled." + IDEMPOTENT,
        tags=[TAG_WEBHOOKS],
        parameters=[DELIVERY_ID, IDEMPOTENCY_KEY],
        request=None,
        responses={202: WebhookDeliveryOutputSerializer, **problem_responses(401, 404, *KEYED)},
    )
    def post(self, request: Request, delivery_id: str) -> Response:
        return _once(
            request,
            lambda: services.webhook_redeliver(user=request.user, delivery_id=delivery_id),
            lambda delivery: render(WebhookDeliveryOutputSerializer, delivery),
            status.HTTP_202_ACCEPTED,
        )


class NotificationPreferencesApi(APIView):
    required_scopes = ("webhooks:write",)
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_notification_preferences",
        summary="Your notification preferences",
        description="The notification types you muted (kept in your history, never sent), "
        "your quiet hours (no push then, in your time zone) and your turn reminder delay.",
        tags=[TAG_WEBHOOKS],
        responses={200: NotificationPreferencesOutputSerializer, **problem_responses(401)},
    )
    def get(self, request: Request) -> Response:
        prefs = selectors.preferences_of(user=request.user)
        return Response(render(NotificationPreferencesOutputSerializer, prefs))

    @extend_schema(
        operation_id="me_notification_preferences_set",
        summary="Set your notification preferences",
        description="Replaces your preferences: muted types (an empty list mutes nothing), "
        "`time_zone`, `quiet_start` / `quiet_end` (both or neither; across midnight when start "
        "is after end; pushes in quiet hours are dropped, webhooks and the feed still get "
        "everything) and `turn_reminder_after_s` (one `turn_reminder` when a game has waited "
        "that long for your move; one due in quiet hours comes when they end)." + IDEMPOTENT,
        tags=[TAG_WEBHOOKS],
        parameters=[IDEMPOTENCY_KEY],
        request=NotificationPreferencesInputSerializer,
        responses={
            200: NotificationPreferencesOutputSerializer,
            **problem_responses(401, 415, *KEYED),
        },
    )
    def put(self, request: Request) -> Response:
        data = NotificationPreferencesInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return _once(
            request,
            lambda: services.notification_preferences_set(user=request.user, **data.validated_data),
            lambda prefs: render(NotificationPreferencesOutputSerializer, prefs),
        )


TAG_PUSH = "push"
SUBSCRIPTION_ID = OpenApiParameter(
    "subscription_id", OpenApiTypes.UUID, OpenApiParameter.PATH, description="The subscription."
)


class VapidKeyApi(APIView):
    required_scopes = ()
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="push_vapid_key",
        summary="The server's VAPID public key (Web Push)",
        description="Pass `public_key` as `applicationServerKey` to `PushManager.subscribe`, "
        "then register the subscription. `enabled` is false when the server has no VAPID key.",
        tags=[TAG_PUSH],
        responses={200: VapidKeyOutputSerializer, **problem_responses()},
    )
    def get(self, request: Request) -> Response:
        key = push.vapid_public_key()
        return Response(
            render(VapidKeyOutputSerializer, {"enabled": key is not None, "public_key": key})
        )


class PushSubscriptionCollectionApi(APIView):
    required_scopes = ("webhooks:write",)
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="push_subscriptions_list",
        summary="Your Web Push subscriptions",
        description="The browsers that receive your notifications by Web Push, with the push "
        "service's last answer.",
        tags=[TAG_PUSH],
        responses={200: PushSubscriptionOutputSerializer(many=True), **problem_responses(401)},
    )
    def get(self, request: Request) -> Response:
        subscriptions = selectors.push_subscriptions_of(user=request.user)
        return Response(render(PushSubscriptionOutputSerializer, subscriptions, many=True))

    @extend_schema(
        operation_id="push_subscriptions_create",
        summary="Register a Web Push subscription",
        description="The body is the browser's `PushSubscription.toJSON()`. The endpoint gets "
        "the SSRF check of webhook URLs (422 `webhook_address_forbidden`...). 409 "
        "`push_not_configured` when the server has no VAPID key. A subscription the push "
        "service answers 404 or 410 for is removed." + IDEMPOTENT,
        tags=[TAG_PUSH],
        parameters=[IDEMPOTENCY_KEY],
        request=PushSubscriptionInputSerializer,
        responses={
            201: PushSubscriptionOutputSerializer,
            **problem_responses(401, 415, *KEYED),
        },
    )
    def post(self, request: Request) -> Response:
        data = PushSubscriptionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        keys = data.validated_data["keys"]
        return _once(
            request,
            lambda: services.push_subscription_register(
                user=request.user,
                endpoint=data.validated_data["endpoint"],
                p256dh=keys["p256dh"],
                auth=keys["auth"],
            ),
            lambda sub: render(PushSubscriptionOutputSerializer, sub),
            status.HTTP_201_CREATED,
        )


class PushSubscriptionDetailApi(APIView):
    required_scopes = ("webhooks:write",)
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="push_subscriptions_delete",
        summary="Remove a Web Push subscription",
        description="Nothing more is pushed to that browser." + IDEMPOTENT,
        tags=[TAG_PUSH],
        parameters=[SUBSCRIPTION_ID, IDEMPOTENCY_KEY],
        responses={204: None, **problem_responses(401, 404, *KEYED)},
    )
    def delete(self, request: Request, subscription_id: str) -> Response:
        return _once(
            request,
            lambda: services.push_subscription_delete(
                user=request.user, subscription_id=subscription_id
            ),
            lambda _result: None,
            status.HTTP_204_NO_CONTENT,
        )


DEVICE_ID = OpenApiParameter(
    "device_id", OpenApiTypes.UUID, OpenApiParameter.PATH, description="The device."
)


class MobileDeviceCollectionApi(APIView):
    required_scopes = ("webhooks:write",)
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="devices_list",
        summary="Your mobile devices (FCM and APNs push tokens)",
        description="The native apps that receive your notifications by push, with the "
        "provider's last answer.",
        tags=[TAG_PUSH],
        responses={200: MobileDeviceOutputSerializer(many=True), **problem_responses(401)},
    )
    def get(self, request: Request) -> Response:
        devices = selectors.mobile_devices_of(user=request.user)
        return Response(render(MobileDeviceOutputSerializer, devices, many=True))

    @extend_schema(
        operation_id="devices_register",
        summary="Register a mobile app's push token",
        description="`platform` `fcm` with the app's FCM registration token, or `apns` with its "
        "APNs device token (hex). The same token again updates it (and moves it to you if "
        "another player had it). 409 `mobile_push_not_configured` when the server has no "
        "credentials for that platform. A token the provider calls dead (FCM `UNREGISTERED`, "
        "APNs 410 or `BadDeviceToken`) is removed." + IDEMPOTENT,
        tags=[TAG_PUSH],
        parameters=[IDEMPOTENCY_KEY],
        request=MobileDeviceInputSerializer,
        responses={201: MobileDeviceOutputSerializer, **problem_responses(401, 415, *KEYED)},
    )
    def post(self, request: Request) -> Response:
        data = MobileDeviceInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return _once(
            request,
            lambda: services.mobile_device_register(user=request.user, **data.validated_data),
            lambda device: render(MobileDeviceOutputSerializer, device),
            status.HTTP_201_CREATED,
        )


class MobileDeviceDetailApi(APIView):
    required_scopes = ("webhooks:write",)
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="devices_delete",
        summary="Remove a mobile device (sign-out)",
        description="Nothing more is pushed to that app." + IDEMPOTENT,
        tags=[TAG_PUSH],
        parameters=[DEVICE_ID, IDEMPOTENCY_KEY],
        responses={204: None, **problem_responses(401, 404, *KEYED)},
    )
    def delete(self, request: Request, device_id: str) -> Response:
        return _once(
            request,
            lambda: services.mobile_device_delete(user=request.user, device_id=device_id),
            lambda _result: None,
            status.HTTP_204_NO_CONTENT,
        )


# ---------------------------------------------------------------------- the bot stream
TAG_BOTS = "bots"
BOT_STREAM_EXAMPLE = (
    "retry: 2000\n\n"
    "id: 3\nevent: game_started\n"
    'data: {"game_id":"...","seat":1,"seq":4}\n\n'
    "id: 9\nevent: your_turn\n"
    'data: {"game_id":"...","seat":1,"seq":9,"view":{"id":"...","seq":9,"your_seat":1,'
    '"to_act":[1],"view":{"hand":["2C","..."],"legal_cards":["..."],...}}}\n\n'
    ": keep-alive\n\n"
    "id: 412\nevent: game_over\n"
    'data: {"game_id":"...","seat":1,"seq":380,"winners":[1],"totals":[104,38]}\n\n'
)


class BotStreamApi(APIView):
    """``bot/stream/``: one server-sent events stream for a bot account, all its games."""

    permission_classes = [IsAuthenticated]
    required_scopes = ("bot:play",)
    authentication_classes = [SqlTokenAuthentication, QueryTokenAuthentication]
    renderer_classes = [EventStreamRenderer, FastJSONRenderer]

    @extend_schema(
        operation_id="bot_stream",
        summary="The bot event stream: every game of a bot account (server-sent events)",
        description=(
            "`text/event-stream` for a **bot account** (its `bot_` token; anyone else: 403 "
            "bot_account_required). One connection follows every game of the bot:\n\n"
            "* `game_started` `{game_id, seat, seq}`: a game the bot sits in has started;\n"
            "* `your_turn` `{game_id, seat, seq, view}`: the bot's seat must act (pass, play or "
            "choose the moon); `view` is the game view exactly as `GET /api/v1/games/{id}/` "
            "shows it to the bot's seat (its own hand only). Answer with the same move "
            "endpoints as everyone (`passes/`, `plays/`, `moon/`, with `expected_seq`: the "
            "turn's `seq`);\n"
            "* `game_over` `{game_id, seat, seq, winners, totals}`.\n\n"
            "Every message has `id:` the bot's feed position. Resume with `Last-Event-ID` (or "
            "`?after=`): every `game_started` / `game_over` after it is sent again, in order; "
            "`your_turn` is state, not history: each turn pending now is sent on every "
            "(re)connection (once per game and seq on one connection). A `: keep-alive` "
            "comment follows `HEARTS_STREAM_KEEPALIVE_S` (15) seconds of silence. The stream "
            "does not end by itself, except when its token is rotated or the bot revoked "
            "(within `HEARTS_BOT_STREAM_RESCAN_S`, 2 s): the reconnection with that token is "
            "a 401. Rate limits: every request of a bot account also counts "
            "against the `bot` throttle scope (429 with `Retry-After`). Under WSGI the stream "
            "sends what is there and ends with a `retry:` hint.\n\n" + limits.OPENAPI_NOTE
        ),
        tags=[TAG_BOTS],
        parameters=[
            OpenApiParameter("format", exclude=True),
            OpenApiParameter(
                "after",
                OpenApiTypes.INT,
                OpenApiParameter.QUERY,
                required=False,
                description="Resume after this feed position (as Last-Event-ID).",
            ),
            OpenApiParameter(
                "Last-Event-ID",
                OpenApiTypes.INT,
                OpenApiParameter.HEADER,
                required=False,
                description="Resume after this feed position (sent by EventSource).",
            ),
        ],
        responses={
            (200, "text/event-stream"): OpenApiResponse(
                response=OpenApiTypes.STR,
                description="A stream of server-sent events (see the description).",
                examples=[OpenApiExample("stream", value=BOT_STREAM_EXAMPLE)],
            ),
            **problem_responses(400, 401, 403, 429, also=limits.PROBLEM_CODES),
        },
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        if not is_bot_credential(request.auth):
            raise BotAccountRequired()
        params = FeedStreamQuerySerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        resume = _last_event_id(request)
        after = params.validated_data["after"] if resume is None else resume
        user = request.user
        lease = limits.acquire(user)  # 429 too_many_streams
        if isinstance(request._request, ASGIRequest):
            if not connection.in_atomic_block:
                connection.close()  # the live part reads through the shared pool
            body = live.follow_bot(
                user=user,
                after=after,
                keepalive=keepalive_s(),
                rescan=live.bot_rescan_s(),
                # A rotated or revoked token ends the stream, within a rescan period at most.
                guard=credentials.guard(
                    request, period=min(credentials.recheck_s(), live.bot_rescan_s())
                ),
            )
        else:
            body = live.catch_up_bot(user=user, after=after)
        return limits.stream_response(body, lease)
