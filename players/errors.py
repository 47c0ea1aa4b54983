"""Domain errors of the players application, each with a stable ``code``."""

from __future__ import annotations

from typing import Any


class PlayerError(Exception):
    code: str = "player_error"
    default_message: str = "The player command was rejected."

    def __init__(self, message: str | None = None, **details: Any) -> None:
        self.message = message or self.default_message
        self.details: dict[str, Any] = details
        super().__init__(self.message)


class UsernameTaken(PlayerError):
    code = "username_taken"
    default_message = "That username is already taken."


class WeakPassword(PlayerError):
    code = "weak_password"
    default_message = "The password is too weak."


class InvalidCredentials(PlayerError):
    code = "invalid_credentials"
    default_message = "Unable to log in with the given username and password."
