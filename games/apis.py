"""Games API (HackSoft style): one APIView per operation, named ``<Entity><Action>Api``.

Each view parses with an input serializer, calls one service (through `_command`, which adds
the Idempotency-Key and expected-seq / If-Match handling and renders the result in the same
transaction) or one selector, and renders with an output serializer. The commands on a game are
declarations of one generic view, `CommandApi`: an ``input_serializer`` and a ``service`` as class
attributes (and their OpenAPI text in `command_doc`); a new command is a new declaration. No ORM
and no rules here: the services decide, the engine redacts, `common.http.problems` renders every
error as problem details.

Permissions: reading is open (the lobby, the rules and the public game view are public
information, and the engine redacts what a viewer may not see: a seated player's view is built
from the caller's seat, never from a parameter); every command needs an authenticated player
(DRF's ``AllowAny`` / ``IsAuthenticated``). Who may do *what* in a game (seated, creator, on
turn) is the services' business: they raise domain errors (403 / 409 / 422).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.urls import resolve
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import serializers, status
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.http.errors import PreconditionFailed
from common.http.pagination import BoundedLimitOffsetPagination, PageQuerySerializer
from common.http.preconditions import (
    IDEMPOTENCY_HEADER,
    REPLAYED_HEADER,
    etag_for,
    expected_seq_from,
    idempotency_key_from,
    request_fingerprint,
)
from common.http.problems import problem_responses
from games import api_selectors, idempotency, selectors, services
from games.aggregate import Status
from games.api_examples import GAME_VIEW_RESPONSE, PLAY_RESPONSE
from games.errors import ConcurrencyConflict, GameNotFound
from games.serializers import (
    AiSeatsFillInputSerializer,
    BotSeatInputSerializer,
    CommandInputSerializer,
    CommandResultOutputSerializer,
    GameCreateInputSerializer,
    GameLogOutputSerializer,
    GamePageOutputSerializer,
    GameSummaryOutputSerializer,
    GameViewOutputSerializer,
    HandoverInputSerializer,
    MoonChoiceInputSerializer,
    PassCardsInputSerializer,
    PlayCardInputSerializer,
    RulesCatalogOutputSerializer,
    SeatTakeInputSerializer,
    SigningKeysOutputSerializer,
    render,
)

TAG_LOBBY = "lobby"
TAG_PLAY = "play"
TAG_VIEWS = "views"
TAG_RULES = "rules"

GAME_ID = OpenApiParameter(
    "game_id", OpenApiTypes.UUID, OpenApiParameter.PATH, description="The game's id."
)
IDEMPOTENCY_KEY = OpenApiParameter(
    IDEMPOTENCY_HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="Optional, 1-255 characters, unique per request you mean. A retry with the same "
    "key and body returns the first response (header Idempotent-Replayed: true) and appends "
    "nothing; the same key with a different request is a 422 idempotency_key_reused.",
)
# What an Idempotency-Key adds to an operation's problems: 400 invalid_idempotency_key, 409
# idempotency_request_in_progress, 422 idempotency_key_reused.
KEYED = (400, 409, 422)


def respond_once(request: Request, body: Callable[[], Any], status_code: int) -> Response:
    """Answer ``body()`` (one service call, rendered) once per Idempotency-Key, for the commands
    of every app that are not game moves (those have ``_command``): with a key, the idempotency
    service runs it in one transaction with the key's row, and a retry replays the first answer
    (header ``Idempotent-Replayed: true``)."""
    key = idempotency_key_from(request)
    if key is None:
        return Response(body(), status=status_code)
    outcome = idempotency.command_once(
        user=request.user,
        key=key,
        fingerprint=request_fingerprint(request),
        method=request.method,
        path=request.path,
        run=lambda: (status_code, body()),
    )
    headers = {REPLAYED_HEADER: "true"} if outcome.replayed else None
    return Response(outcome.body, status=outcome.status_code, headers=headers)


IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="Optional precondition: the game view's `ETag`, or the bare sequence number in "
    'quotes (e.g. `"42"`); `*` means none. When the game has moved on: 412 '
    "precondition_failed with extra.current_seq.",
)
IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="The ETag of a view you hold: 304 Not Modified while it is still current.",
)
PREFER = OpenApiParameter(
    "Prefer",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    enum=["return=minimal", "return=representation"],
    description="`return=minimal` (RFC 7240): answer the seq and the events only, without your "
    "updated view (`game`), which saves the server rendering it; the answer then carries "
    "`Preference-Applied: return=minimal`, and its `ETag` is the one of the view you would get. "
    "Default (`return=representation` or no header): the view is included. A replay of an "
    "Idempotency-Key answers what the first request answered.",
)
COMMAND_PARAMETERS = [GAME_ID, IDEMPOTENCY_KEY, IF_MATCH, PREFER]
PREFERENCE_APPLIED = "Preference-Applied"
COMMAND_ERRORS = (400, 401, 403, 404, 409, 412, 415, 422)
COMMAND_DESCRIPTION_TAIL = (
    "\n\nAnswers the new seq, the events appended (redacted for you) and your updated view "
    "(without the view when asked for `Prefer: return=minimal`). "
    "Accepts `Idempotency-Key` and `expected_seq` / `If-Match`; a rejected request changes "
    "nothing."
)


def prefers_minimal(request) -> bool:
    """``Prefer: return=minimal`` among the request's preferences (RFC 7240: comma-separated,
    parameters after ``;``, the token case-insensitive)."""
    header = request.headers.get("Prefer")
    if not header:
        return False
    for preference in header.split(","):
        name, _, value = preference.split(";", 1)[0].partition("=")
        if name.strip().lower() == "return" and value.strip().strip('"').lower() == "minimal":
            return True
    return False


def _command_body(request, result, *, minimal: bool = False) -> dict[str, Any]:
    """The response of a command: new seq, appended events as the caller sees them, new view
    (not when ``minimal``: then the view's ETag only, under ``_etag``). Rendered from what the
    command left in memory: no read back, no replay."""
    if result.aggregate is not None and result.game is not None:
        events = selectors.command_events_for_user(
            agg=result.aggregate, stored=result.stored, user=request.user
        )
        body = {"game_id": result.game_id, "seq": result.seq, "events": events}
        if minimal:
            seat = selectors.seat_of_user(agg=result.aggregate, user=request.user)
            out = render(CommandResultOutputSerializer, body)
            out[_ETAG_KEY] = etag_for(game_id=result.game_id, seq=result.aggregate.seq, seat=seat)
            return out
        body["game"] = selectors.game_view_of(
            game=result.game, agg=result.aggregate, user=request.user
        )
        return render(CommandResultOutputSerializer, body)
    first_seq = result.events[0]["seq"] if result.events else result.seq + 1
    events = selectors.game_events_since(
        game_id=result.game_id,
        user=request.user,
        after_seq=first_seq - 1,
        limit=len(result.events),
    )
    game = selectors.game_view_for_user(game_id=result.game_id, user=request.user)
    body = {"game_id": result.game_id, "seq": result.seq, "events": events, "game": game}
    return render(CommandResultOutputSerializer, body)


# A minimal body carries its view's ETag under this key until the response is built (it is
# popped there: never sent in the body).
_ETAG_KEY = "_etag"


def _answer(body: dict[str, Any], *, status_code: int, replayed: bool = False) -> Response:
    """The command's response: the body, the ETag of the caller's view, and for a minimal
    body ``Preference-Applied``."""
    headers = {"Vary": "Prefer"}
    if "game" in body:
        game = body["game"]
        headers["ETag"] = etag_for(game_id=game["id"], seq=game["seq"], seat=game["your_seat"])
    else:
        body = dict(body)
        etag = body.pop(_ETAG_KEY, None)
        if etag is not None:
            headers["ETag"] = etag
        headers[PREFERENCE_APPLIED] = "return=minimal"
    if replayed:
        headers[REPLAYED_HEADER] = "true"
    return Response(body, status=status_code, headers=headers)


def _command(request, *, game_id, command, body_expected_seq=None, success_status=200):
    """Run ``command(expected_seq=...)`` (one service call, with its own transaction) and
    answer its result, once per Idempotency-Key.

    With a key, the idempotency service runs the command and the rendering of its body in one
    transaction with the key's row, so a replay returns exactly what the first request answered
    (header ``Idempotent-Replayed: true``). Without one, the command's transaction is the only
    one: the body is rendered from what the command left in memory after it committed, so the
    game's row lock is not held while the response is built. A stale If-Match is a 412
    ``precondition_failed`` (a stale body ``expected_seq`` stays the service's 409)."""
    expected_seq, from_if_match = expected_seq_from(
        request, game_id=game_id, body_expected_seq=body_expected_seq
    )
    key = idempotency_key_from(request)

    def run() -> tuple[int, dict[str, Any]]:
        try:
            result = command(expected_seq=expected_seq)
        except ConcurrencyConflict as exc:
            if not from_if_match:
                raise
            raise PreconditionFailed(
                current_seq=exc.current_seq, expected_seq=expected_seq
            ) from exc
        return success_status, _command_body(request, result, minimal=minimal)

    minimal = prefers_minimal(request)
    if key is None:
        status_code, body = run()
        return _answer(body, status_code=status_code)
    outcome = idempotency.command_once(
        user=request.user,
        key=key,
        fingerprint=request_fingerprint(request),
        method=request.method,
        path=request.path,
        run=run,
    )
    return _answer(outcome.body, status_code=outcome.status_code, replayed=outcome.replayed)


def _parse(serializer_class, request):
    plain = getattr(serializer_class, "parse_plain", None)  # a hot command's well-formed body
    if plain is not None:
        data = plain(request.data)
        if data is not None:
            return data
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class CommandApi(APIView):
    """Base of the state-changing game endpoints (one generic view): authenticated players only.

    A command declares its ``input_serializer`` (the body; None: no body) and its ``service`` (one
    function of ``games.services``). The view parses the body, then calls
    ``service(game_id=..., user=request.user, expected_seq=..., **fields)`` with the validated
    fields (named as the service's arguments) through `_command` (Idempotency-Key, expected_seq /
    If-Match), and answers the command's result. Its OpenAPI operation: `command_doc`.
    """

    permission_classes = [IsAuthenticated]
    required_scopes = ("games:play",)
    input_serializer: type[serializers.Serializer] | None = CommandInputSerializer
    service: Callable[..., services.CommandResult]

    def run_command(self, request, game_id) -> Response:
        data = dict(_parse(self.input_serializer, request)) if self.input_serializer else {}
        body_expected_seq = data.pop("expected_seq", None)
        service = type(self).service
        return _command(
            request,
            game_id=game_id,
            body_expected_seq=body_expected_seq,
            command=lambda expected_seq: service(
                game_id=game_id, user=request.user, expected_seq=expected_seq, **data
            ),
        )


class PostCommandApi(CommandApi):
    def post(self, request, game_id):
        return self.run_command(request, game_id)


class MoveApi(PostCommandApi):
    """A move of the game (pass, play, moon choice): throttle scope ``moves``."""

    throttle_scope = "moves"


def command_schema(*, operation_id, summary, description, request, tags=(TAG_PLAY,), examples=()):
    return extend_schema(
        operation_id=operation_id,
        tags=list(tags),
        summary=summary,
        description=description + COMMAND_DESCRIPTION_TAIL,
        parameters=COMMAND_PARAMETERS,
        request=request,
        responses={200: CommandResultOutputSerializer, **problem_responses(*COMMAND_ERRORS)},
        examples=list(examples),
    )


def command_doc(*, method="post", **doc):
    """Class decorator: a command view's OpenAPI operation, its request its input serializer."""

    def decorate(view: type[CommandApi]) -> type[CommandApi]:
        schema = command_schema(request=view.input_serializer, **doc)
        return extend_schema_view(**{method: schema})(view)

    return decorate


# ------------------------------------------------------------------------------ lobby
class GameListApi(APIView):
    permission_classes = [AllowAny]
    required_scopes = ("games:read",)

    @extend_schema(
        operation_id="games_list",
        tags=[TAG_LOBBY],
        summary="List games (the lobby)",
        description="Games newest first, filtered by `preset`, `status` (lobby, active, "
        "finished) and `has_open_seat`. Paginated with `limit` / `offset`. Public. A malformed or "
        "out-of-range parameter is a 400 invalid_filter naming it (`extra.errors`).",
        parameters=[
            OpenApiParameter("preset", OpenApiTypes.STR, description="Rules preset."),
            OpenApiParameter(
                "status",
                OpenApiTypes.STR,
                enum=[status.value for status in Status],
                description="Game status.",
            ),
            OpenApiParameter(
                "has_open_seat", OpenApiTypes.BOOL, description="Only games with an empty seat."
            ),
            PageQuerySerializer,
        ],
        responses={200: GamePageOutputSerializer, **problem_responses(400, 429)},
    )
    def get(self, request):
        games = api_selectors.game_lobby_queryset(filters=request.query_params)
        paginator = BoundedLimitOffsetPagination()
        page = paginator.paginate_queryset(games, request, view=self)
        summaries = api_selectors.with_seat_ratings(
            [selectors.game_summary(game) for game in page], api_selectors.lobby_tables(page)
        )
        return paginator.get_paginated_response(
            render(GameSummaryOutputSerializer, summaries, many=True)
        )


class GameCreateApi(APIView):
    permission_classes = [IsAuthenticated]
    required_scopes = ("games:play",)

    @extend_schema(
        operation_id="games_create",
        tags=[TAG_LOBBY],
        summary="Create a game",
        description="Create a game from a rules preset with option overrides (validated by the "
        "engine: 400 invalid_ruleset names the field). The creator takes seat 0 unless "
        "`take_seat` is false. Answers 201 with the creation events and the creator's view; "
        "`Location` names the game." + "\n\nAccepts `Idempotency-Key` and `Prefer: "
        "return=minimal` (no view in the answer).",
        parameters=[IDEMPOTENCY_KEY, PREFER],
        request=GameCreateInputSerializer,
        responses={201: CommandResultOutputSerializer, **problem_responses(400, 401, 415, 422)},
        examples=[
            OpenApiExample("Classic", value={"preset": "classic"}, request_only=True),
            OpenApiExample(
                "Short game, shooter chooses",
                value={"preset": "classic", "options": {"target": 50, "moon": "shooter_chooses"}},
                request_only=True,
            ),
        ],
    )
    def post(self, request):
        data = _parse(GameCreateInputSerializer, request)
        response = _command(
            request,
            game_id=None,
            command=lambda expected_seq: services.game_create(
                user=request.user,
                preset=data["preset"],
                overrides=data["options"] or None,
                take_seat=data["take_seat"],
                think_delay_ms=data["think_delay_ms"],
                turn_limit_s=data["turn_limit_s"],
            ),
            success_status=status.HTTP_201_CREATED,
        )
        response["Location"] = f"/api/v1/games/{response.data['game_id']}/"
        return response


class GameCollectionApi(GameListApi, GameCreateApi):
    """``games/``: GET is `GameListApi`, POST is `GameCreateApi`."""

    required_scopes = GameListApi.required_scopes
    required_scopes_by_method = {"POST": GameCreateApi.required_scopes}

    def get_permissions(self):
        view = GameListApi if self.request.method in ("GET", "HEAD", "OPTIONS") else GameCreateApi
        return [permission() for permission in view.permission_classes]


@command_doc(
    operation_id="games_seats_take",
    tags=[TAG_LOBBY],
    summary="Join a game (take a seat)",
    description="Take the given seat, or the first free one. Only before the game starts.",
    examples=[OpenApiExample("Seat 2", value={"seat": 2}, request_only=True)],
)
class SeatTakeApi(PostCommandApi):
    input_serializer = SeatTakeInputSerializer
    service = staticmethod(services.seat_take)


@command_doc(
    method="delete",
    operation_id="games_seats_leave",
    tags=[TAG_LOBBY],
    summary="Leave a game before it starts",
    description="Give up your seat while the game is still in the lobby.",
)
class SeatLeaveApi(CommandApi):
    input_serializer = None
    service = staticmethod(services.seat_leave)

    def delete(self, request, game_id):
        return self.run_command(request, game_id)


@command_doc(
    operation_id="games_bot_seats_add",
    tags=[TAG_LOBBY],
    summary="Seat a bot account",
    description="The creator seats a bot account (a program registered by a player, shown as "
    "a bot everywhere, rated as itself): your own bot, or another player's bot that is open to "
    "all (403 bot_not_open otherwise; 404 bot_not_found for no active bot of that name). The "
    "bot learns of the game on its event stream (`GET /api/v1/bot/stream/`). Only before the "
    "game starts.",
    examples=[OpenApiExample("A bot", value={"bot": "deep-hearts", "seat": 3}, request_only=True)],
)
class BotSeatAddApi(PostCommandApi):
    required_scopes = ("games:play",)
    input_serializer = BotSeatInputSerializer
    service = staticmethod(services.seat_add_bot)


@command_doc(
    operation_id="games_ai_seats_fill",
    tags=[TAG_LOBBY],
    summary="Fill seats with AI players",
    description="Seat AI players of the chosen level (random, heuristic, expert, master) in the "
    "given empty seats, or in every empty seat. The creator or a seated player only.",
    examples=[
        OpenApiExample("Fill the table", value={"level": "heuristic"}, request_only=True),
        OpenApiExample(
            "Two experts", value={"level": "expert", "seats": [1, 3]}, request_only=True
        ),
    ],
)
class AiSeatsFillApi(PostCommandApi):
    input_serializer = AiSeatsFillInputSerializer
    service = staticmethod(services.seat_fill_with_ai)


@command_doc(
    operation_id="games_start",
    tags=[TAG_LOBBY],
    summary="Start the game",
    description="The creator starts a game whose seats are all filled; the first hand is "
    "dealt (its deal commitment is in the view).",
)
class GameStartApi(PostCommandApi):
    service = staticmethod(services.game_start)


# ------------------------------------------------------------------------------ play
@command_doc(
    operation_id="games_passes_create",
    summary="Pass cards",
    description="Choose the cards to pass this hand (exactly the view's `pass_count`). "
    "Rule errors (422): wrong_phase, wrong_pass_count, duplicate_cards, card_not_in_hand, "
    "card_not_in_deck, already_passed. Throttle scope `moves`.",
    examples=[
        OpenApiExample(
            "Pass three",
            value={"cards": ["QS", "AH", "KH"], "expected_seq": 7},
            request_only=True,
        )
    ],
)
class GamePassCardsApi(MoveApi):
    input_serializer = PassCardsInputSerializer
    service = staticmethod(services.game_pass_cards)


@command_doc(
    operation_id="games_plays_create",
    summary="Play a card",
    description="Play one card to the current trick. Rule errors (422): not_your_turn, "
    "wrong_phase, card_not_in_hand, card_not_in_deck, must_follow_suit, hearts_not_broken, "
    "no_points_on_first_trick, must_lead_opening_card, game_over. Throttle scope `moves`.",
    examples=[
        OpenApiExample("Lead the two of clubs", value={"card": "2C"}, request_only=True),
        OpenApiExample(
            "Card played",
            value=PLAY_RESPONSE,
            response_only=True,
            status_codes=["200"],
        ),
        OpenApiExample(
            "With a precondition",
            value={"card": "10H", "expected_seq": 42},
            request_only=True,
        ),
    ],
)
class GamePlayCardApi(MoveApi):
    input_serializer = PlayCardInputSerializer
    service = staticmethod(services.game_play_card)


@command_doc(
    operation_id="games_moon_choose",
    summary="Choose how to score a moon",
    description="Only with the `shooter_chooses` moon rule, by the shooter, when the view's "
    "phase is `moon_choice`. Rule errors (422): wrong_phase, not_moon_shooter, "
    "invalid_moon_choice. Throttle scope `moves`.",
    examples=[
        OpenApiExample("Add to others", value={"choice": "add_to_others"}, request_only=True)
    ],
)
class GameMoonChoiceApi(MoveApi):
    input_serializer = MoonChoiceInputSerializer
    service = staticmethod(services.game_choose_moon)


@command_doc(
    operation_id="games_seat_handover",
    summary="Hand my seat to the AI",
    description="An AI of the chosen level plays your seat until you reclaim it.",
)
class SeatHandoverApi(PostCommandApi):
    input_serializer = HandoverInputSerializer
    service = staticmethod(services.seat_hand_to_ai)


@command_doc(
    operation_id="games_seat_reclaim",
    summary="Reclaim my seat from the AI",
    description="Play your seat yourself again (not after resigning).",
)
class SeatReclaimApi(PostCommandApi):
    service = staticmethod(services.seat_reclaim)


@command_doc(
    operation_id="games_resign",
    summary="Resign",
    description="The heuristic AI plays your seat for the rest of the game; no reclaim.",
)
class GameResignApi(PostCommandApi):
    service = staticmethod(services.game_resign)


# ------------------------------------------------------------------------------ views
class GameDetailApi(APIView):
    permission_classes = [AllowAny]
    required_scopes = ("games:read",)

    @extend_schema(
        operation_id="games_retrieve",
        tags=[TAG_VIEWS],
        summary="The game as you see it",
        description="Seated players see their hand, legal cards now, what they passed and "
        "received; everyone else (spectators, anonymous) sees public information only. Every "
        "view has the current trick, completed tricks, points this hand, scores per hand, "
        "whose turn, pass direction, the deal commitment and the revealed decks of finished "
        'hands. `ETag` is `"{game id}:{seq}:{your seat or public}"`; send it in '
        "`If-None-Match` for a 304, or in `If-Match` on a command.",
        parameters=[GAME_ID, IF_NONE_MATCH],
        examples=[
            OpenApiExample(
                "Seat 0 after leading 4C",
                value=GAME_VIEW_RESPONSE,
                response_only=True,
                status_codes=["200"],
            )
        ],
        responses={
            200: GameViewOutputSerializer,
            304: OpenApiResponse(description="Not modified: your ETag is current."),
            **problem_responses(404, 429),
        },
    )
    def get(self, request, game_id):
        game, table = api_selectors.game_view_and_seats(game_id=game_id, user=request.user)
        etag = etag_for(game_id=game["id"], seq=game["seq"], seat=game["your_seat"])
        headers = {
            "ETag": etag,
            "Cache-Control": "private, no-cache",
            "Vary": "Authorization, Cookie",
        }
        if etag in _etags(request.headers.get("If-None-Match")):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
        api_selectors.with_seat_ratings([game], [table])
        return Response(render(GameViewOutputSerializer, game), headers=headers)


def _etags(header: str | None) -> set[str]:
    if not header:
        return set()
    return {tag.strip().removeprefix("W/") for tag in header.split(",")}


class GameLogApi(APIView):
    permission_classes = [AllowAny]
    required_scopes = ("games:read",)

    @extend_schema(
        operation_id="games_log_export",
        tags=[TAG_VIEWS],
        summary="Export the full log of a finished game",
        description="Every stored event with every card (deals with deck and salt, every pass), "
        "the sha256 hash chain and the server's Ed25519 signed heads (check them with GET "
        "signing-keys/), so anyone can verify the deals against their commitments and replay "
        "the game. Players are named by their seats' display names: internal account ids "
        "are left out for everyone but staff (each event's `redacted` lists them; their hashes "
        "cover those ids). Only once the game is over (409 game_not_finished before).",
        parameters=[GAME_ID],
        responses={200: GameLogOutputSerializer, **problem_responses(404, 409, 429)},
    )
    def get(self, request, game_id):
        log = api_selectors.game_log_export(game_id=game_id, user=request.user)
        return Response(render(GameLogOutputSerializer, log))


class SigningKeysApi(APIView):
    permission_classes = [AllowAny]
    required_scopes = ()

    @extend_schema(
        operation_id="signing_keys_list",
        tags=[TAG_VIEWS],
        summary="Public keys of the signed log heads",
        description="The Ed25519 public keys that verify the signed heads of a game's log (GET "
        "games/{id}/log/ `signatures`): the current key first, then older keys still accepted "
        "after a rotation. A log rewritten in the database, even with every sha256 recomputed, "
        "no longer matches its signatures unless the writer also held the private key, which "
        "is never stored in the database.",
        responses={200: SigningKeysOutputSerializer, **problem_responses(429)},
    )
    def get(self, request):
        return Response(render(SigningKeysOutputSerializer, api_selectors.signing_keys()))


class RulesPresetsApi(APIView):
    permission_classes = [AllowAny]
    required_scopes = ()

    @extend_schema(
        operation_id="rules_presets_list",
        tags=[TAG_RULES],
        summary="Rules presets and options",
        description="The engine's presets (each with every rule option's value), the options a "
        "game may override at creation, and the AI levels.",
        responses={200: RulesCatalogOutputSerializer, **problem_responses(429)},
    )
    def get(self, request):
        return Response(render(RulesCatalogOutputSerializer, api_selectors.rules_catalog()))


class FirstRendererNegotiation(BaseContentNegotiation):
    """The view's first renderer (JSON), whatever the request accepts: for answers that are
    always a problem (an SSE client asking a malformed path gets its 404, not a 406)."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class MalformedGameIdApi(APIView):
    """A game's path whose id is not a UUID (every game route takes ``<uuid:game_id>``, see
    games/urls.py): 404 ``game_not_found``, as for an unknown game, before any service or store
    code runs. The answer is always a JSON problem (whatever the Accept header). Not an operation
    of the schema."""

    permission_classes = [AllowAny]
    required_scopes = ()
    content_negotiation_class = FirstRendererNegotiation
    schema = None

    def not_found(self, request, *args, game_id: str, **kwargs):
        raise GameNotFound(game_id=game_id)

    get = post = put = patch = delete = not_found


@csrf_exempt  # like every DRF view: the view it hands over to checks CSRF for session users
def game_path_without_uuid(request, game_id: str):
    """A game's path whose id the ``<uuid:game_id>`` routes did not match. Another spelling of a
    UUID (upper case, no dashes, braces: anything ``uuid.UUID`` reads, as the API always
    accepted) is served by the route of its canonical form; anything else is
    `MalformedGameIdApi`'s 404 ``game_not_found``."""
    try:
        canonical = uuid.UUID(game_id)
    except ValueError:
        return MalformedGameIdApi.as_view()(request, game_id=game_id)
    prefix = f"/games/{game_id}/"
    path = request.path_info.replace(prefix, f"/games/{canonical}/", 1)
    match = resolve(path)
    return match.func(request, *match.args, **match.kwargs)


__all__ = [
    "AiSeatsFillApi",
    "BotSeatAddApi",
    "GameCollectionApi",
    "GameCreateApi",
    "GameDetailApi",
    "GameListApi",
    "GameLogApi",
    "GameMoonChoiceApi",
    "GamePassCardsApi",
    "GamePlayCardApi",
    "GameResignApi",
    "GameStartApi",
    "MalformedGameIdApi",
    "RulesPresetsApi",
    "SeatHandoverApi",
    "SeatLeaveApi",
    "SeatReclaimApi",
    "SeatTakeApi",
    "SigningKeysApi",
]
