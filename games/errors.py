"""Domain errors of the games application (lobby, seats, event store).

Pure Python (no Django): ``games/aggregate.py`` raises them while deciding lobby commands and
``games/store.py`` / ``games/services.py`` raise them at the application boundary. Every error has
a stable class-level ``code`` (the API renders it in problem details) and a ``details`` dict.
Engine errors (``RuleViolation``, ``NotationError``, ``InvalidRuleSet``) are not wrapped: they
pass through unchanged.
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Base class of every games-domain error."""

    code: str = "game_error"
    default_message: str = "The game command was rejected."

    def __init__(self, message: str | None = None, **details: Any) -> None:
        self.message = message or self.default_message
        self.details: dict[str, Any] = details
        super().__init__(self.message)


class GameNotFound(GameError):
    code = "game_not_found"
    default_message = "No such game."


class NotSeated(GameError):
    code = "not_seated"
    default_message = "You do not have a seat in this game."


class SeatTaken(GameError):
    code = "seat_taken"
    default_message = "That seat is already taken."


class SeatOutOfRange(GameError):
    code = "seat_out_of_range"
    default_message = "That seat does not exist in this game."


class GameFull(GameError):
    code = "game_full"
    default_message = "Every seat of this game is taken."


class AlreadySeated(GameError):
    code = "already_seated"
    default_message = "You already have a seat in this game."


class NotGameCreator(GameError):
    code = "not_game_creator"
    default_message = "Only the creator of the game may do this."


class GameAlreadyStarted(GameError):
    code = "game_already_started"
    default_message = "The game has already started."


class GameNotStarted(GameError):
    code = "game_not_started"
    default_message = "The game has not started yet."


class GameFinished(GameError):
    code = "game_finished"
    default_message = "The game is over."


class SeatsNotFilled(GameError):
    code = "seats_not_filled"
    default_message = "Every seat must be filled before the game starts."


class InvalidAiLevel(GameError):
    code = "invalid_ai_level"
    default_message = "Unknown AI level."


class SeatNotAi(GameError):
    code = "seat_not_ai"
    default_message = "That seat is not played by the AI."


class SeatHandedToAi(GameError):
    code = "seat_handed_to_ai"
    default_message = "Your seat is played by the AI; reclaim it first."


class SeatResigned(GameError):
    code = "seat_resigned"
    default_message = "You resigned this seat; the AI plays it for good."


class ConcurrencyConflict(GameError):
    """Someone else appended first: the caller's expected sequence number is stale."""

    code = "concurrency_conflict"
    default_message = "The game has moved on since you last looked."

    def __init__(self, message: str | None = None, *, current_seq: int, **details: Any) -> None:
        self.current_seq = current_seq
        super().__init__(message, current_seq=current_seq, **details)


class InvalidGameLog(GameError):
    """An imported or stored event log fails verification (hash chain or replay)."""

    code = "invalid_game_log"
    default_message = "The game log does not verify."


class UnknownEventType(GameError):
    code = "unknown_event_type"
    default_message = "Unknown stored event type."


class InvalidGameOption(GameError):
    code = "invalid_option"
    default_message = "Invalid game option."
