"""Players API: sign up, obtain/revoke an API token, own profile with history and statistics.

One APIView per operation; each parses with an input serializer, calls one service or selector
and renders with an output serializer. Errors are problem details
(see common.http.problems).
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.http.pagination import BoundedLimitOffsetPagination, PageQuerySerializer
from common.http.problems import problem_responses
from games.apis import IDEMPOTENCY_KEY, KEYED, respond_once
from players import selectors, services
from players.serializers import (
    BotCreatedOutputSerializer,
    BotListOutputSerializer,
    BotRegisterInputSerializer,
    PlayerGameOutputSerializer,
    PlayerGamePageOutputSerializer,
    ProfileOutputSerializer,
    SignUpInputSerializer,
    SignUpOutputSerializer,
    TokenObtainInputSerializer,
    TokenOutputSerializer,
)

TAG = "players"


class PlayerSignUpApi(APIView):
    permission_classes = [AllowAny]
    required_scopes = ()
    authentication_classes: list = []
    throttle_scope = "signup"

    @extend_schema(
        operation_id="players_sign_up",
        tags=[TAG],
        summary="Sign up",
        description="Create a player account. The response carries the player's API token "
        "(send it as `Authorization: Token <token>`). Throttle scope `signup`.",
        request=SignUpInputSerializer,
        responses={201: SignUpOutputSerializer, **problem_responses(400, 409, 415)},
        examples=[
            OpenApiExample(
                "Sign up",
                value={"username": "alice", "password": "correct-horse-42"},
                request_only=True,
            ),
            OpenApiExample(
                "Signed up",
                value={
                    "id": 7,
                    "username": "alice",
                    "token": "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b",
                },
                response_only=True,
                status_codes=["201"],
            ),
        ],
    )
    def post(self, request):
        data = SignUpInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user, token = services.player_sign_up(**data.validated_data)
        body = SignUpOutputSerializer(
            {"id": user.pk, "username": user.username, "token": token.key}
        )
        return Response(body.data, status=status.HTTP_201_CREATED)


class AuthTokenApi(APIView):
    throttle_scope = "token"
    # POST authenticates no one (username and password); DELETE revokes the caller's API token.
    required_scopes = ("profile:write",)

    def get_permissions(self):
        if self.request.method == "DELETE":
            return [IsAuthenticated()]
        return [AllowAny()]

    def get_authenticators(self):
        # Obtaining a token takes username + password in the body only (no session/CSRF).
        if getattr(self, "request", None) is not None and self.request.method == "POST":
            return []
        return super().get_authenticators()

    @extend_schema(
        operation_id="auth_token_obtain",
        tags=[TAG],
        summary="Obtain the API token",
        description="Exchange a username and password for the player's API token (the same "
        "token until it is revoked). Throttle scope `token`.",
        request=TokenObtainInputSerializer,
        responses={200: TokenOutputSerializer, **problem_responses(400, 415)},
        auth=[],
        examples=[
            OpenApiExample(
                "Credentials",
                value={"username": "alice", "password": "correct-horse-42"},
                request_only=True,
            ),
        ],
    )
    def post(self, request):
        data = TokenObtainInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        token = services.token_obtain(**data.validated_data)
        return Response(
            TokenOutputSerializer({"token": token.key, "username": token.user.username}).data
        )

    @extend_schema(
        operation_id="auth_token_revoke",
        tags=[TAG],
        summary="Revoke the API token",
        description="Delete the caller's API token. Requests with it fail with 401 afterwards, "
        "and a live stream it opened ends within `HEARTS_STREAM_RECHECK_S` seconds (default: "
        "the keep-alive period, 15); obtain a new one with POST.",
        request=None,
        responses={204: None, **problem_responses(401, 429)},
    )
    def delete(self, request):
        services.token_revoke(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeProfileApi(APIView):
    permission_classes = [IsAuthenticated]
    required_scopes = ("games:read",)

    @extend_schema(
        operation_id="me_profile",
        tags=[TAG],
        summary="My profile",
        description="The caller's account, statistics over finished games (games, wins, average "
        "points per hand) and the most recent games.",
        responses={200: ProfileOutputSerializer, **problem_responses(401, 429)},
    )
    def get(self, request):
        profile = selectors.player_profile(user=request.user)
        return Response(ProfileOutputSerializer(profile).data)


class MeGamesApi(APIView):
    permission_classes = [IsAuthenticated]
    required_scopes = ("games:read",)

    @extend_schema(
        operation_id="me_games_list",
        tags=[TAG],
        summary="My games",
        description="Every game in which the caller holds (or held) a seat, newest first, "
        "with final totals and the result once finished. Paginated (limit/offset; a malformed or "
        "out-of-range value is a 400 invalid_filter).",
        parameters=[PageQuerySerializer],
        responses={200: PlayerGamePageOutputSerializer, **problem_responses(400, 401, 429)},
    )
    def get(self, request):
        paginator = BoundedLimitOffsetPagination()
        # The page is cut in the database; only its rows become entries.
        page = paginator.paginate_queryset(
            selectors.player_seats(user=request.user), request, view=self
        )
        entries = selectors.player_game_entries(page)
        return paginator.get_paginated_response(PlayerGameOutputSerializer(entries, many=True).data)


BOT_EXAMPLE = {
    "name": "deep-hearts",
    "description": "Plays the lowest safe card.",
    "open_to_all": True,
    "is_bot": True,
    "owner": "alice",
    "created_at": "2026-12-01T19:00:00Z",
    "revoked_at": None,
}


class MeBotsApi(APIView):
    """``me/bots/``: the bot accounts you own; register one."""

    permission_classes = [IsAuthenticated]
    required_scopes = ("profile:write",)

    @extend_schema(
        operation_id="me_bots_list",
        tags=[TAG],
        summary="My bot accounts",
        description="The bot accounts you registered, oldest first (revoked ones too). Tokens "
        "are never shown again after registration.",
        responses={200: BotListOutputSerializer, **problem_responses(401, 429)},
    )
    def get(self, request):
        bots = selectors.bots_of(owner=request.user)
        return Response(BotListOutputSerializer({"bots": bots}).data)

    @extend_schema(
        operation_id="me_bots_create",
        tags=[TAG],
        summary="Register a bot account",
        description="A bot account is a player account of its own that you own: it is shown as "
        "a bot everywhere (`is_bot`, `bot_owner`), rated as itself, seated by invites, by quick "
        "play when the human allows bots, or by a game's creator, and plays through the same "
        "move endpoints with its token. It follows all its games on one event stream "
        "(`GET /api/v1/bot/stream/`, docs/bots-api.md). The token is in this answer only. At "
        "most `HEARTS_BOTS_PER_PLAYER` (10) active bots each (409 bot_limit_reached); a bot "
        "cannot register bots (403 bots_cannot_own_bots); the name is unique among players and "
        "bots (409 username_taken). Accepts `Idempotency-Key` (a replay answers the same token).",
        parameters=[IDEMPOTENCY_KEY],
        request=BotRegisterInputSerializer,
        responses={
            201: BotCreatedOutputSerializer,
            **problem_responses(400, 401, 403, 409, 415, 429, *KEYED),
        },
        examples=[
            OpenApiExample(
                "Register",
                value={"name": "deep-hearts", "description": "Plays safe."},
                request_only=True,
            ),
            OpenApiExample(
                "Registered",
                value={**BOT_EXAMPLE, "token": "bot_" + "0" * 36},
                response_only=True,
                status_codes=["201"],
            ),
        ],
    )
    def post(self, request):
        data = BotRegisterInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def register():
            bot, token = services.bot_register(owner=request.user, **data.validated_data)
            return _bot_with_token(bot, token, owner=request.user)

        return respond_once(request, register, status.HTTP_201_CREATED)


def _bot_with_token(bot, token, *, owner) -> dict:
    """The bot as ``me/bots/`` lists it, with its new token (shown this once)."""
    body = {
        "name": bot.user.get_username(),
        "description": bot.description,
        "open_to_all": bot.open_to_all,
        "is_bot": True,
        "owner": owner.get_username(),
        "created_at": bot.created_at,
        "revoked_at": bot.revoked_at,
        "token": token.key,
    }
    return BotCreatedOutputSerializer(body).data


class MeBotDetailApi(APIView):
    permission_classes = [IsAuthenticated]
    required_scopes = ("profile:write",)

    @extend_schema(
        operation_id="me_bots_revoke",
        tags=[TAG],
        summary="Revoke a bot account",
        description="Deletes the bot's token and deactivates its account: it cannot call the "
        "API or be seated any more. Its games and ratings stay, shown as a bot's. 404 "
        "bot_not_found when you own no active bot of that name. Accepts `Idempotency-Key`.",
        parameters=[IDEMPOTENCY_KEY],
        responses={204: None, **problem_responses(401, 404, 429, *KEYED)},
    )
    def delete(self, request, name: str):
        def revoke():
            services.bot_revoke(owner=request.user, name=name)
            return None

        return respond_once(request, revoke, status.HTTP_204_NO_CONTENT)


class MeBotTokenRotateApi(APIView):
    """``me/bots/{name}/rotate-token/``: a new token for your bot; the old one stops working."""

    permission_classes = [IsAuthenticated]
    required_scopes = MeBotsApi.required_scopes  # what registering a bot needs

    @extend_schema(
        operation_id="me_bots_rotate_token",
        tags=[TAG],
        summary="Rotate a bot's token",
        description="Issues a new `bot_` token for your bot, in this answer only, and deletes "
        "the old one at once: every request with the old token is a 401 "
        "authentication_failed from then on, and a bot stream it opened ends within "
        "`HEARTS_BOT_STREAM_RESCAN_S` (2) seconds (its reconnection with the old token is a "
        "401). The bot's account, games, seats and ratings do not change. 404 bot_not_found "
        "when you own no active bot of that name (someone else's bot answers the same). "
        "Accepts `Idempotency-Key` (a replay answers the same new token and rotates nothing).",
        parameters=[IDEMPOTENCY_KEY],
        request=None,
        responses={
            200: BotCreatedOutputSerializer,
            **problem_responses(401, 404, 429, *KEYED),
        },
        examples=[
            OpenApiExample(
                "Rotated",
                value={**BOT_EXAMPLE, "token": "bot_" + "1" * 36},
                response_only=True,
                status_codes=["200"],
            ),
        ],
    )
    def post(self, request, name: str):
        def rotate():
            bot, token = services.bot_token_rotate(owner=request.user, name=name)
            return _bot_with_token(bot, token, owner=request.user)

        return respond_once(request, rotate, status.HTTP_200_OK)
