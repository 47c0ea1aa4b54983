"""Errors raised by the rules engine.

`RuleViolation` and its subclasses are rule errors (the move is well formed but not allowed now);
each has a class-level ``code`` and a ``details`` dict. `NotationError` (unparseable card code) and
`InvalidRuleSet` (bad preset or option) are separate ``ValueError`` subclasses.
"""

from __future__ import annotations

from typing import Any


class RuleViolation(Exception):
    """A move that the rules of Hearts do not allow in the current state."""

    code = "rule_violation"

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details: dict[str, Any] = details


class WrongPhase(RuleViolation):
    code = "wrong_phase"


class NotYourTurn(RuleViolation):
    code = "not_your_turn"


class UnknownSeat(RuleViolation):
    code = "unknown_seat"


class CardNotInDeck(RuleViolation):
    code = "card_not_in_deck"


class CardNotInHand(RuleViolation):
    code = "card_not_in_hand"


class MustFollowSuit(RuleViolation):
    code = "must_follow_suit"


class HeartsNotBroken(RuleViolation):
    code = "hearts_not_broken"


class NoPointsOnFirstTrick(RuleViolation):
    code = "no_points_on_first_trick"


class MustLeadOpeningCard(RuleViolation):
    code = "must_lead_opening_card"


class WrongPassCount(RuleViolation):
    code = "wrong_pass_count"


class DuplicateCards(RuleViolation):
    code = "duplicate_cards"


class AlreadyPassed(RuleViolation):
    code = "already_passed"


class InvalidDeck(RuleViolation):
    code = "invalid_deck"


class NotMoonShooter(RuleViolation):
    code = "not_moon_shooter"


class InvalidMoonChoice(RuleViolation):
    code = "invalid_moon_choice"


class GameOver(RuleViolation):
    code = "game_over"


RULE_VIOLATIONS: tuple[type[RuleViolation], ...] = (
    WrongPhase,
    NotYourTurn,
    UnknownSeat,
    CardNotInDeck,
    CardNotInHand,
    MustFollowSuit,
    HeartsNotBroken,
    NoPointsOnFirstTrick,
    MustLeadOpeningCard,
    WrongPassCount,
    DuplicateCards,
    AlreadyPassed,
    InvalidDeck,
    NotMoonShooter,
    InvalidMoonChoice,
    GameOver,
)


class NotationError(ValueError):
    """A card code that cannot be parsed (syntax, not legality)."""

    code = "invalid_card_code"

    def __init__(self, text: object) -> None:
        super().__init__(f"invalid card code: {text!r}")
        self.text = text
        self.details: dict[str, Any] = {"text": str(text)}


class InvalidRuleSet(ValueError):
    """An unknown preset, unknown option or invalid option value."""

    code = "invalid_ruleset"

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.details: dict[str, Any] = {"field": field, "message": message}
