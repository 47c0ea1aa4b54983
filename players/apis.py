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
from players import selectors, services
from players.serializers import (
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
        description="Delete the caller's API token. Requests with it fail with 401 afterwards; "
        "obtain a new one with POST.",
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
