"""Domain errors of the games application (lobby, seats, event store, idempotency), each with its
stable ``code`` and its HTTP ``status``.

Pure Python (no Django): ``games/aggregate.py`` raises them while deciding lobby commands and the
store / services / selectors raise them at the application boundary. Each class declares its code
and status (and what the API documents of it) once: defining it registers it in the one problem
registry (``common.errors``), which the exception handler renders with and openapi.yaml and
docs/api.md document. Engine errors (``RuleViolation``, ``NotationError``, ``InvalidRuleSet``) are
not wrapped: they pass through unchanged, and this module gives them their HTTP status (the engine
knows nothing of HTTP).
"""

from __future__ import annotations

from typing import Any

from common.errors import DomainError, register_error
from games.engine import errors as engine_errors


class GameError(DomainError, abstract=True):
    """Base class of every games-domain error."""

    default_message = "The game command was rejected."


_SEAT = {"seat": "the seat"}


# ------------------------------------------------------------------------------ 400
class InvalidAiLevel(GameError):
    code = "invalid_ai_level"
    status = 400
    default_message = "Unknown AI level."
    extra_keys = {"level": "the level sent", "levels": "the AI levels"}
    example = {"level": "genius", "levels": ["random", "heuristic", "expert", "master"]}


class InvalidGameOption(GameError):
    """A table option (``think_delay_ms``, ``turn_limit_s``) out of its bounds."""

    code = "invalid_option"
    status = 400
    default_message = "Invalid game option."
    extra_keys = {"field": "the table option at fault", "value": "the value sent"}
    example = {"field": "think_delay_ms", "value": -1}


class InvalidCardCode(GameError):
    """A request field that is not a card code (the input serializer's translation of the
    engine's ``NotationError``, naming the field)."""

    code = "invalid_card_code"
    status = 400
    title = "Invalid card code."
    default_message = "Not a card code."
    extra_keys = {"field": "the request field", "value": "the value sent"}
    example_detail = (
        '\'1X\' is not a card code (Card code: rank then suit, e.g. "2C", "10H", "QS", "AS" '
        '(also "TH", lower case).)'
    )
    example = {"field": "card", "value": "1X"}


# ------------------------------------------------------------------------------ 403
class NotSeated(GameError):
    code = "not_seated"
    status = 403
    default_message = "You do not have a seat in this game."


class NotGameCreator(GameError):
    code = "not_game_creator"
    status = 403
    default_message = "Only the creator of the game may do this."


class SeatResigned(GameError):
    code = "seat_resigned"
    status = 403
    default_message = "You resigned this seat; the AI plays it for good."
    extra_keys = _SEAT
    example = {"seat": 1}


class BotNotOpen(GameError):
    code = "bot_not_open"
    status = 403
    default_message = "Only its owner may seat this bot (it is not open to all players)."
    extra_keys = {"bot": "the bot's name"}
    example = {"bot": "deep-hearts"}


# ------------------------------------------------------------------------------ 404
class BotNotFound(GameError):
    code = "bot_not_found"
    status = 404
    default_message = "No active bot account has that name."
    extra_keys = {"bot": "the name sent"}
    example = {"bot": "deep-hearts"}


class GameNotFound(GameError):
    code = "game_not_found"
    status = 404
    default_message = "No such game."
    extra_keys = {"game_id": "the id asked for"}
    example = {"game_id": "00000000-0000-4000-8000-000000000000"}


# ------------------------------------------------------------------------------ 409
class ConcurrencyConflict(GameError):
    """Someone else appended first: the caller's expected sequence number is stale."""

    code = "concurrency_conflict"
    status = 409
    title = "Stale expected sequence number."
    default_message = "The game has moved on since you last looked."
    extra_keys = {"current_seq": "the game's current seq"}
    example = {"current_seq": 7}

    def __init__(self, message: str | None = None, *, current_seq: int, **details: Any) -> None:
        self.current_seq = current_seq
        super().__init__(message, current_seq=current_seq, **details)


class SeatTaken(GameError):
    code = "seat_taken"
    status = 409
    default_message = "That seat is already taken."
    extra_keys = _SEAT
    example = {"seat": 0}


class AlreadySeated(GameError):
    code = "already_seated"
    status = 409
    default_message = "You already have a seat in this game."
    extra_keys = {"seat": "the caller's seat"}
    example = {"seat": 0}


class GameFull(GameError):
    code = "game_full"
    status = 409
    default_message = "Every seat of this game is taken."


class GameAlreadyStarted(GameError):
    code = "game_already_started"
    status = 409
    default_message = "The game has already started."


class GameNotStarted(GameError):
    code = "game_not_started"
    status = 409
    default_message = "The game has not started yet."


class GameFinished(GameError):
    code = "game_finished"
    status = 409
    default_message = "The game is over."


class SeatsNotFilled(GameError):
    code = "seats_not_filled"
    status = 409
    default_message = "Every seat must be filled before the game starts."
    extra_keys = {"empty_seats": "the empty seats"}
    example = {"empty_seats": [1, 2, 3]}


class SeatNotAi(GameError):
    code = "seat_not_ai"
    status = 409
    default_message = "That seat is not played by the AI."
    extra_keys = _SEAT
    example = {"seat": 0}


class SeatHandedToAi(GameError):
    code = "seat_handed_to_ai"
    status = 409
    default_message = "Your seat is played by the AI; reclaim it first."
    extra_keys = _SEAT
    example = {"seat": 0}


class GameNotFinished(GameError):
    """The full log (every card) is exported only once the game is over."""

    code = "game_not_finished"
    status = 409
    default_message = "The full log is exported only once the game is over."
    extra_keys = {"status": "the game's status"}
    example = {"status": "lobby"}


class IdempotencyRequestInProgress(GameError):
    """A request with this Idempotency-Key has not finished (or just rolled back)."""

    code = "idempotency_request_in_progress"
    status = 409
    title = "Request in progress."
    default_message = "A request with this Idempotency-Key is still being processed."
    extra_keys = {"key": "the Idempotency-Key"}
    example = {"key": "7d1c-lead"}


# ------------------------------------------------------------------------------ 422
class SeatOutOfRange(GameError):
    code = "seat_out_of_range"
    status = 422
    default_message = "That seat does not exist in this game."
    extra_keys = {"seat": "the seat sent", "seats": "the table's seat count"}
    example = {"seat": 4, "seats": 4}


class InvalidGameLog(GameError):
    """An imported or stored event log fails verification (hash chain or replay)."""

    code = "invalid_game_log"
    status = 422
    default_message = "The game log does not verify."


class IdempotencyKeyReused(GameError):
    """The same Idempotency-Key with a different request (method, path, body or If-Match)."""

    code = "idempotency_key_reused"
    status = 422
    title = "Idempotency-Key reused."
    default_message = "This Idempotency-Key was already used for a different request."
    extra_keys = {"key": "the key", "method": "its first request's method", "path": "and path"}
    example = {"key": "7d1c-lead", "method": "POST", "path": "/api/v1/games/{id}/plays/"}


# ------------------------------------------------------------------------------ 429
class TooManyStreams(GameError):
    """The caller holds ``HEARTS_STREAM_MAX_PER_USER`` live streams already (game, feed and bot
    streams together, across the servers: ``games.streams.limits``)."""

    code = "too_many_streams"
    status = 429
    title = "Too many open streams."
    default_message = "You have too many live streams open; close one first."
    extra_keys = {
        "limit": "the open streams a user may hold",
        "retry_after_s": "seconds to wait (= Retry-After) if none of yours closes",
    }
    example = {"limit": 20, "retry_after_s": 15}


# ------------------------------------------------------------------------------ 500
class UnknownEventType(GameError):
    """A stored type or version this code cannot read: corrupt data or a bug, never the
    caller's fault (a 500, not in the catalogue)."""

    code = "unknown_event_type"
    status = 500
    default_message = "Unknown stored event type."


# ------------------------------------------------------------------------------ engine errors
# The engine's errors, with the status the API gives them (every rule violation is a 422 naming
# the rule; syntax and option errors are 400) and what the documentation shows of each.
_CARD = {"card": "the card code of the move"}
_RULE_VIOLATIONS: dict[type[engine_errors.RuleViolation], tuple[dict[str, str], str, dict]] = {
    engine_errors.WrongPhase: (
        {"phase": "the hand's phase"},
        "cannot pass cards in phase playing",
        {"phase": "playing"},
    ),
    engine_errors.NotYourTurn: (
        {"to_act": "the seats to act"},
        "seat 0 is to play",
        {"to_act": [0]},
    ),
    engine_errors.UnknownSeat: ({"seat": "the seat"}, "no seat 9", {"seat": 9}),
    engine_errors.CardNotInDeck: (_CARD, "3C is not in this deck", {"card": "3C"}),
    engine_errors.CardNotInHand: (_CARD, "AS is not in seat 0's hand", {"card": "AS"}),
    engine_errors.MustFollowSuit: (
        {"suit": "the suit led (C, D, H, S)", **_CARD},
        "must follow clubs",
        {"suit": "C", "card": "5D"},
    ),
    engine_errors.HeartsNotBroken: (_CARD, "hearts are not broken", {"card": "AH"}),
    engine_errors.NoPointsOnFirstTrick: (
        _CARD,
        "no hearts or queen of spades on the first trick",
        {"card": "7H"},
    ),
    engine_errors.MustLeadOpeningCard: (
        {**_CARD, "opening": "the card that must lead"},
        "the first trick must be led with 2C",
        {"card": "3C", "opening": "2C"},
    ),
    engine_errors.WrongPassCount: (
        {"expected": "cards to pass", "got": "cards sent"},
        "pass exactly 3 cards",
        {"expected": 3, "got": 2},
    ),
    engine_errors.DuplicateCards: (
        {"cards": "the cards sent twice"},
        "the same card twice in a pass",
        {"cards": ["2C", "2C", "3C"]},
    ),
    engine_errors.AlreadyPassed: (
        {"seat": "the seat"},
        "seat 0 has already passed",
        {"seat": 0},
    ),
    engine_errors.InvalidDeck: (
        {"deck": "the ruleset's deck"},
        "the deck must be a permutation of the ruleset's deck",
        {"deck": "standard_52"},
    ),
    engine_errors.NotMoonShooter: (
        {"shooter": "the seat that shot the moon"},
        "seat 2 shot the moon",
        {"shooter": 2},
    ),
    engine_errors.InvalidMoonChoice: (
        {"choice": "the choice sent", "choices": "the choices"},
        "choice must be one of add_to_others, subtract_from_self",
        {"choice": "nope", "choices": ["add_to_others", "subtract_from_self"]},
    ),
    engine_errors.GameOver: ({}, "the game is over", {}),
}
assert set(_RULE_VIOLATIONS) == set(engine_errors.RULE_VIOLATIONS), "document every rule"

# A rule violation of a class not listed above (none today) is still a 422 under its own code.
register_error(engine_errors.RuleViolation, status=422, documented=False)
for _cls, (_extra, _detail, _example) in _RULE_VIOLATIONS.items():
    register_error(_cls, status=422, extra=_extra, detail=_detail, example=_example)
register_error(
    engine_errors.InvalidRuleSet,
    status=400,
    title="Invalid game options.",
    extra={"field": "the preset or option at fault", "message": "what is wrong with it"},
    detail="must be a positive int",
    example={"field": "target", "message": "must be a positive int"},
)
# An unparseable card code that reaches a service unparsed: the same code as `InvalidCardCode`.
register_error(engine_errors.NotationError, status=400, documented=False)
