"""Ratings API: leaderboards, an identity's ratings and history, the ratings of a game's seats.

Public reads (like the lobby). One APIView per operation: a selector reads, a serializer renders.
Errors are problem details (``preset_not_found``, ``player_not_found``, ``ai_level_not_found``,
``game_not_found``, ``invalid_filter``; docs/api.md).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from common.http.pagination import BoundedLimitOffsetPagination, PageQuerySerializer
from common.http.problems import problem_responses
from ratings import selectors
from ratings.serializers import (
    GameRatingsOutputSerializer,
    IdentityRatingDetailOutputSerializer,
    IdentityRatingsOutputSerializer,
    LadderSummaryOutputSerializer,
    LeaderboardEntryOutputSerializer,
    LeaderboardPageOutputSerializer,
    RatingHistoryPointOutputSerializer,
)

TAG = "ratings"
_SCALE = (
    " Ratings are Plackett-Luce skills (openskill) per preset, shown as 1500 + 30 (mu - 25); see "
    "docs/ratings.md."
)


class LadderListApi(APIView):
    permission_classes = [AllowAny]
    required_scopes = ("games:read",)  # an OAuth2 token needs it (public reads otherwise)

    @extend_schema(
        operation_id="ratings_ladders_list",
        tags=[TAG],
        summary="Ladders",
        description="Every preset's ladder with its number of rated games. Public." + _SCALE,
        responses={200: LadderSummaryOutputSerializer(many=True), **problem_responses()},
    )
    def get(self, request):
        return Response(LadderSummaryOutputSerializer(selectors.ladder_summaries(), many=True).data)


class LeaderboardApi(APIView):
    permission_classes = [AllowAny]
    required_scopes = ("games:read",)  # an OAuth2 token needs it (public reads otherwise)

    @extend_schema(
        operation_id="ratings_leaderboard",
        tags=[TAG],
        summary="Leaderboard of a preset",
        description="Players and AI levels with at least one rated game on this preset, best "
        "conservative rating (mu - 3 sigma) first, with games played and the provisional flag. "
        "Paginated (limit/offset). Public." + _SCALE,
        parameters=[PageQuerySerializer],
        responses={200: LeaderboardPageOutputSerializer, **problem_responses(400, 404)},
    )
    def get(self, request, preset):
        ratings = selectors.leaderboard_queryset(preset=preset)
        paginator = BoundedLimitOffsetPagination()
        page = paginator.paginate_queryset(ratings, request, view=self)
        entries = selectors.leaderboard_entries(page, offset=paginator.offset)
        return paginator.get_paginated_response(
            LeaderboardEntryOutputSerializer(entries, many=True).data
        )


class _IdentityRatingsApi(APIView):
    permission_classes = [AllowAny]
    required_scopes = ("games:read",)  # an OAuth2 token needs it (public reads otherwise)
    identity_kwarg = ""

    def _who(self, kwargs):
        return {"level": kwargs["level"]} if "level" in kwargs else {"username": kwargs["username"]}

    def get(self, request, **kwargs):
        body = selectors.identity_ratings(**self._who(kwargs))
        return Response(IdentityRatingsOutputSerializer(body).data)


class _IdentityRatingDetailApi(_IdentityRatingsApi):
    def get(self, request, preset, **kwargs):
        rating, points = selectors.identity_rating(preset=preset, **self._who(kwargs))
        paginator = BoundedLimitOffsetPagination()
        page = paginator.paginate_queryset(points, request, view=self)
        history = RatingHistoryPointOutputSerializer(selectors.history_entries(page), many=True)
        body = {
            **rating,
            "count": paginator.count,
            "next": paginator.get_next_link(),
            "previous": paginator.get_previous_link(),
            "results": history.data,
        }
        return Response(IdentityRatingDetailOutputSerializer(body).data)


_PRIOR = " A preset without a rated game shows the starting rating (1500, 0 games, provisional)."


class PlayerRatingsApi(_IdentityRatingsApi):
    @extend_schema(
        operation_id="ratings_player",
        tags=[TAG],
        summary="A player's ratings",
        description="The player's rating on every preset's ladder. Public." + _PRIOR + _SCALE,
        responses={200: IdentityRatingsOutputSerializer, **problem_responses(404)},
    )
    def get(self, request, **kwargs):
        return super().get(request, **kwargs)


class PlayerRatingDetailApi(_IdentityRatingDetailApi):
    @extend_schema(
        operation_id="ratings_player_preset",
        tags=[TAG],
        summary="A player's rating and history on a preset",
        description="The rating and its history, one point per rated game, oldest first "
        "(paginated: limit/offset). Public." + _PRIOR + _SCALE,
        parameters=[PageQuerySerializer],
        responses={200: IdentityRatingDetailOutputSerializer, **problem_responses(400, 404)},
    )
    def get(self, request, preset, **kwargs):
        return super().get(request, preset, **kwargs)


class AiLevelRatingsApi(_IdentityRatingsApi):
    @extend_schema(
        operation_id="ratings_ai_level",
        tags=[TAG],
        summary="An AI level's ratings",
        description="The AI level's rating on every preset's ladder (one identity per level per "
        "preset, rated from its games against players and other levels). Public." + _PRIOR,
        responses={200: IdentityRatingsOutputSerializer, **problem_responses(404)},
    )
    def get(self, request, **kwargs):
        return super().get(request, **kwargs)


class AiLevelRatingDetailApi(_IdentityRatingDetailApi):
    @extend_schema(
        operation_id="ratings_ai_level_preset",
        tags=[TAG],
        summary="An AI level's rating and history on a preset",
        description="As for a player: one point per rated game, oldest first (paginated)."
        " Public." + _PRIOR,
        parameters=[PageQuerySerializer],
        responses={200: IdentityRatingDetailOutputSerializer, **problem_responses(400, 404)},
    )
    def get(self, request, preset, **kwargs):
        return super().get(request, preset, **kwargs)


class GameRatingsApi(APIView):
    permission_classes = [AllowAny]
    required_scopes = ("games:read",)  # an OAuth2 token needs it (public reads otherwise)

    @extend_schema(
        operation_id="ratings_game",
        tags=[TAG],
        summary="Ratings of a game's seats",
        description="The current rating, on the game's preset, of each seated player and AI "
        "level (lobby, active or finished games), and once the finished game is rated what it "
        "changed for each. Public (seats are named by their display names)." + _SCALE,
        responses={200: GameRatingsOutputSerializer, **problem_responses(404)},
    )
    def get(self, request, game_id):
        return Response(GameRatingsOutputSerializer(selectors.game_ratings(game_id=game_id)).data)
