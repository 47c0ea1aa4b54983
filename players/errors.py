"""Domain errors of the players application, each with its stable ``code`` and HTTP ``status``
(registered in the one problem registry, ``common.errors``)."""

from __future__ import annotations

from common.errors import DomainError


class PlayerError(DomainError, abstract=True):
    default_message = "The player command was rejected."


class WeakPassword(PlayerError):
    code = "weak_password"
    status = 400
    default_message = "The password is too weak."
    extra_keys = {"messages": "why the password is refused"}
    example = {"messages": ["This password is too common."]}


class InvalidCredentials(PlayerError):
    code = "invalid_credentials"
    status = 400
    default_message = "Unable to log in with the given username and password."


class UsernameTaken(PlayerError):
    code = "username_taken"
    status = 409
    default_message = "That username is already taken."
    extra_keys = {"username": "the name asked for"}
    example = {"username": "alice"}


class BotsCannotOwnBots(PlayerError):
    code = "bots_cannot_own_bots"
    status = 403
    default_message = "A bot account cannot register bots; its owner can."


class BotLimitReached(PlayerError):
    code = "bot_limit_reached"
    status = 409
    default_message = "You have registered as many bots as a player may (revoke one first)."
    extra_keys = {"limit": "the most active bots a player may own"}
    example = {"limit": 10}
