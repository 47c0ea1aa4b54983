"""Bot tokens: API tokens whose key says that a bot account holds them (pure Python).

A bot account's only credential is a token made here: ``bot_`` followed by 36 hexadecimal
characters (40 in all, the length of the project's token keys). A player's token is 40
hexadecimal characters (DRF's ``Token.generate_key``) and never holds an underscore, so a request
is known to come from a bot by its credential alone, with no query: the per-bot throttle
(``common.http.throttles``, scope ``bot``) relies on it, and so may any log or proxy in front of
the API (the prefix is also what secret scanners look for).
"""

from __future__ import annotations

import secrets
from typing import Any

BOT_TOKEN_PREFIX = "bot_"
KEY_LENGTH = 40


def new_bot_token_key() -> str:
    return BOT_TOKEN_PREFIX + secrets.token_hex((KEY_LENGTH - len(BOT_TOKEN_PREFIX)) // 2)


def is_bot_token_key(key: Any) -> bool:
    return isinstance(key, str) and key.startswith(BOT_TOKEN_PREFIX)


def is_bot_credential(auth: Any) -> bool:
    """Whether ``request.auth`` (a token, or None) is a bot token."""
    return is_bot_token_key(getattr(auth, "key", None))
