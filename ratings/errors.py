"""Errors of the ratings API, each with a stable ``code`` (problem details, docs/api.md)."""

from __future__ import annotations

from typing import Any


class RatingError(Exception):
    code: str = "rating_error"
    default_message: str = "The ratings request was rejected."

    def __init__(self, message: str | None = None, **details: Any) -> None:
        self.message = message or self.default_message
        self.details: dict[str, Any] = details
        super().__init__(self.message)


class PresetNotFound(RatingError):
    code = "preset_not_found"
    default_message = "No such preset."


class PlayerNotFound(RatingError):
    code = "player_not_found"
    default_message = "No such player."


class AiLevelNotFound(RatingError):
    code = "ai_level_not_found"
    default_message = "No such AI level."
