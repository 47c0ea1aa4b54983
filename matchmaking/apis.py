"""Matchmaking API: thin views (parse, call one service or selector, render).

Quick play (``matchmaking/queue/``), private tables and invites (``tables/``, ``invites/``) and
rematch (``games/{id}/rematch/``). Every error is a problem+json body with a ``code`` of the one
registry (``matchmaking/errors.py`` declares this app's); a rejected request changes nothing.
Every POST and DELETE accepts an ``Idempotency-Key`` (the games' idempotency service).

Scopes of an OAuth2 token (`MatchmakingApi`): reading a ticket, a table, an invite or a rematch
offer needs ``games:read``; every command (queue, cancel, create, start, invite, accept,
decline, leave, offer) needs ``challenge:write``.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.http.problems import problem_responses
from common.scopes import reads_need
from games.apis import IDEMPOTENCY_KEY, respond_once
from games.serializers import render
from matchmaking import selectors, services
from matchmaking.serializers import (
    InviteRenewInputSerializer,
    QueueJoinInputSerializer,
    TableCreateInputSerializer,
    TableOutputSerializer,
    TableStartInputSerializer,
    TicketOutputSerializer,
)

TAG = "matchmaking"
TABLE_ID = OpenApiParameter(
    "table_id", OpenApiTypes.UUID, OpenApiParameter.PATH, description="The table's id."
)
CODE = OpenApiParameter(
    "code", OpenApiTypes.STR, OpenApiParameter.PATH, description="The invite code."
)
GAME_ID = OpenApiParameter(
    "game_id", OpenApiTypes.UUID, OpenApiParameter.PATH, description="The finished game's id."
)


class MatchmakingApi(APIView):
    """The views of this app: a player's own, reads with ``games:read``, commands with
    ``challenge:write`` (any method but GET, HEAD and OPTIONS: fail closed)."""

    permission_classes = [IsAuthenticated]
    required_scopes = ("challenge:write",)
    required_scopes_by_method = reads_need(("games:read",))


def command_responses(*statuses):
    """The problems of a command: its own, plus what any POST or DELETE here may answer: 400
    (a malformed body or Idempotency-Key), 401, 409 (a key's request still in flight), 415 and
    422 (an Idempotency-Key reused for another request)."""
    return problem_responses(*statuses, 400, 401, 409, 415, 422)


def _parse(serializer_class, request):
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _table(request, command, status_code=200):
    """Run one table service and render the table it answers (as the caller sees it)."""
    return respond_once(
        request,
        lambda: render(TableOutputSerializer, selectors.table_body(command(), user=request.user)),
        status_code,
    )


def _ticket(request, command, status_code=200):
    """Run one queue service and render the ticket it answers."""
    return respond_once(
        request,
        lambda: render(TicketOutputSerializer, selectors.ticket_body(command())),
        status_code,
    )


class QueueApi(MatchmakingApi):
    @extend_schema(
        operation_id="matchmaking_queue_status",
        tags=[TAG],
        summary="Your quick-play ticket",
        description="Your latest ticket: `waiting` (with `ai_fill_at` and how many wait for the "
        "same rules), `matched` (with `game_id`, `seat`, `game_url` and `play_url`: go there) "
        "or `cancelled`. Poll it while waiting. 404 ticket_not_found if you never queued.",
        responses={200: TicketOutputSerializer, **problem_responses(401, 404)},
    )
    def get(self, request):
        body = selectors.ticket_status(user=request.user)
        return Response(render(TicketOutputSerializer, body))

    @extend_schema(
        operation_id="matchmaking_queue_join",
        tags=[TAG],
        summary="Play now: join the quick-play queue",
        description="Wait for a table of the preset's size with players who asked for the same "
        "rules (and, once ratings exist, of a similar rating: the window widens while you "
        "wait). A matcher task forms tables as soon as enough players wait; after "
        "`ai_fill_after_s` (default 20 s) AI players fill the seats nobody took, unless "
        "`ai_fill` is false. The game is created, seated and started for you: poll GET to learn "
        "its id. 409 already_queued if a ticket of yours is waiting.",
        parameters=[IDEMPOTENCY_KEY],
        request=QueueJoinInputSerializer,
        responses={201: TicketOutputSerializer, **command_responses(400, 401, 409, 415)},
        examples=[
            OpenApiExample("Classic", value={"preset": "classic"}, request_only=True),
            OpenApiExample(
                "Humans only, short game",
                value={"preset": "classic", "options": {"target": 50}, "ai_fill": False},
                request_only=True,
            ),
        ],
    )
    def post(self, request):
        data = _parse(QueueJoinInputSerializer, request)
        return _ticket(
            request,
            lambda: services.ticket_create(
                user=request.user,
                preset=data["preset"],
                options=data["options"],
                ai_fill=data["ai_fill"],
                ai_level=data["ai_level"],
                ai_fill_after_s=data["ai_fill_after_s"],
                max_rating_gap=data["max_rating_gap"],
                allow_bots=data["allow_bots"],
            ),
            status.HTTP_201_CREATED,
        )

    @extend_schema(
        operation_id="matchmaking_queue_cancel",
        tags=[TAG],
        summary="Leave the quick-play queue",
        description="Cancel your waiting ticket. 409 not_queued if none waits; 409 "
        "ticket_matched (with `extra.game_id`) if the matcher seated you first: go play.",
        parameters=[IDEMPOTENCY_KEY],
        request=None,
        responses={200: TicketOutputSerializer, **command_responses(401, 409)},
    )
    def delete(self, request):
        return _ticket(request, lambda: services.ticket_cancel(user=request.user))


class TableCreateApi(MatchmakingApi):
    @extend_schema(
        operation_id="tables_create",
        tags=[TAG],
        summary="Create a private table with an invite link",
        description="You sit at a new private table; share `invite.url` (or `invite.code`). It "
        "is not in the public lobby. Players join with POST invites/{code}/accept/; you start it "
        "with POST tables/{id}/start/ (filling empty seats with AI players if you like).",
        parameters=[IDEMPOTENCY_KEY],
        request=TableCreateInputSerializer,
        responses={201: TableOutputSerializer, **command_responses(400, 401, 415)},
    )
    def post(self, request):
        data = _parse(TableCreateInputSerializer, request)
        return _table(
            request,
            lambda: services.table_create(
                user=request.user,
                preset=data["preset"],
                options=data["options"],
                ai_level=data["ai_level"],
                invite_ttl_s=data["invite_ttl_s"],
            ),
            status.HTTP_201_CREATED,
        )


class TableDetailApi(MatchmakingApi):
    @extend_schema(
        operation_id="tables_detail",
        tags=[TAG],
        summary="A table you are part of",
        description="Its players (joined, invited, declined, left), invite, and `game_id` once "
        "started. Tables you are not part of are a 404 table_not_found.",
        parameters=[TABLE_ID],
        responses={200: TableOutputSerializer, **problem_responses(401, 404)},
    )
    def get(self, request, table_id):
        return Response(
            render(TableOutputSerializer, selectors.table_for(table_id=table_id, user=request.user))
        )


class TableStartApi(MatchmakingApi):
    @extend_schema(
        operation_id="tables_start",
        tags=[TAG],
        summary="Start a private table",
        description="The creator starts the game: joined players sit in join order (creator at "
        "seat 0), AI players fill the empty seats with `fill_with_ai`. Answers the table with "
        "its `game_id`.",
        parameters=[TABLE_ID, IDEMPOTENCY_KEY],
        request=TableStartInputSerializer,
        responses={200: TableOutputSerializer, **command_responses(400, 401, 403, 404, 409, 415)},
    )
    def post(self, request, table_id):
        data = _parse(TableStartInputSerializer, request)
        return _table(
            request,
            lambda: services.table_start(
                user=request.user, table_id=table_id, fill_with_ai=data["fill_with_ai"]
            ),
        )


class TableInviteApi(MatchmakingApi):
    @extend_schema(
        operation_id="tables_invite_renew",
        tags=[TAG],
        summary="Replace the invite code",
        description="The creator gets a new code (the old one stops working) with a new expiry.",
        parameters=[TABLE_ID, IDEMPOTENCY_KEY],
        request=InviteRenewInputSerializer,
        responses={200: TableOutputSerializer, **command_responses(400, 401, 403, 404, 409, 415)},
    )
    def post(self, request, table_id):
        data = _parse(InviteRenewInputSerializer, request)
        return _table(
            request,
            lambda: services.invite_renew(
                user=request.user, table_id=table_id, invite_ttl_s=data["invite_ttl_s"]
            ),
        )

    @extend_schema(
        operation_id="tables_invite_revoke",
        tags=[TAG],
        summary="Revoke the invite code",
        description="The creator revokes the invite: accepting it is a 410 invite_revoked.",
        parameters=[TABLE_ID, IDEMPOTENCY_KEY],
        request=None,
        responses={200: TableOutputSerializer, **command_responses(401, 403, 404, 409)},
    )
    def delete(self, request, table_id):
        return _table(request, lambda: services.invite_revoke(user=request.user, table_id=table_id))


class TableLeaveApi(MatchmakingApi):
    @extend_schema(
        operation_id="tables_leave",
        tags=[TAG],
        summary="Leave a table before it starts",
        description="The creator leaving cancels the table.",
        parameters=[TABLE_ID, IDEMPOTENCY_KEY],
        request=None,
        responses={200: TableOutputSerializer, **command_responses(401, 403, 404, 409)},
    )
    def delete(self, request, table_id):
        return _table(request, lambda: services.table_leave(user=request.user, table_id=table_id))


def _answer_schema(operation_id, summary, description):
    return extend_schema(
        operation_id=operation_id,
        tags=[TAG],
        summary=summary,
        description=description,
        parameters=[TABLE_ID, IDEMPOTENCY_KEY],
        request=None,
        responses={200: TableOutputSerializer, **command_responses(401, 403, 404, 409)},
    )


class TableAcceptApi(MatchmakingApi):
    @_answer_schema(
        "tables_accept",
        "Accept a rematch",
        "When every human of the previous game accepted, the new game is created and started: "
        "the answer then has its `game_id`.",
    )
    def post(self, request, table_id):
        return _table(
            request,
            lambda: services.table_answer(user=request.user, table_id=table_id, accept=True),
        )


class TableDeclineApi(MatchmakingApi):
    @_answer_schema("tables_decline", "Decline a rematch", "The offer is closed for everyone.")
    def post(self, request, table_id):
        return _table(
            request,
            lambda: services.table_answer(user=request.user, table_id=table_id, accept=False),
        )


class InviteDetailApi(MatchmakingApi):
    @extend_schema(
        operation_id="invites_detail",
        tags=[TAG],
        summary="What an invite link leads to",
        description="The table behind an invite code (who created it, who joined, whether the "
        "invite is still valid). 404 invite_not_found for an unknown code.",
        parameters=[CODE],
        responses={200: TableOutputSerializer, **problem_responses(401, 404)},
    )
    def get(self, request, code):
        body = selectors.invite_preview(code=code, user=request.user)
        return Response(render(TableOutputSerializer, body))


class InviteAcceptApi(MatchmakingApi):
    @extend_schema(
        operation_id="invites_accept",
        tags=[TAG],
        summary="Join a private table by its invite",
        description="410 invite_expired / invite_revoked, 409 already_at_table (joining twice), "
        "table_full, table_closed (started or cancelled).",
        parameters=[CODE, IDEMPOTENCY_KEY],
        request=None,
        responses={200: TableOutputSerializer, **command_responses(401, 404, 409, 410)},
    )
    def post(self, request, code):
        return _table(request, lambda: services.invite_accept(user=request.user, code=code))


class InviteDeclineApi(MatchmakingApi):
    @extend_schema(
        operation_id="invites_decline",
        tags=[TAG],
        summary="Decline an invite",
        description="Recorded on the table, so its creator sees who said no.",
        parameters=[CODE, IDEMPOTENCY_KEY],
        request=None,
        responses={200: TableOutputSerializer, **command_responses(401, 404, 409, 410)},
    )
    def post(self, request, code):
        return _table(request, lambda: services.invite_decline(user=request.user, code=code))


class RematchApi(MatchmakingApi):
    @extend_schema(
        operation_id="games_rematch_detail",
        tags=[TAG],
        summary="The rematch offer of a game",
        description="The newest rematch of this game you are part of (404 table_not_found).",
        parameters=[GAME_ID],
        responses={200: TableOutputSerializer, **problem_responses(401, 404)},
    )
    def get(self, request, game_id):
        body = selectors.rematch_for_game(game_id=game_id, user=request.user)
        return Response(render(TableOutputSerializer, body))

    @extend_schema(
        operation_id="games_rematch_offer",
        tags=[TAG],
        summary="Offer (or accept) a rematch",
        description="Offer the players of a finished game the next game: the same players and "
        "AI levels, every seat rotated one place clockwise. You accept by offering; the others "
        "accept or decline (tables/{id}/accept/, decline/), or offer too, which accepts. When "
        "every human accepted, the game starts and the table has its `game_id`. 409 "
        "rematch_not_allowed before the game is over; 403 not_seated if you did not play it.",
        parameters=[GAME_ID, IDEMPOTENCY_KEY],
        request=None,
        responses={200: TableOutputSerializer, **command_responses(401, 403, 404, 409)},
    )
    def post(self, request, game_id):
        return _table(request, lambda: services.rematch_offer(user=request.user, game_id=game_id))
