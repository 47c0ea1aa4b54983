"""System checks of the games app: the signing key must be readable (games/signing.py)."""

from __future__ import annotations

from typing import Any

from django.core.checks import Error, register

from games import signing


@register("hearts")
def signing_key_check(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    try:
        signing.keyring()
    except signing.SigningKeyError as exc:
        return [
            Error(
                f"The signing key cannot be used: {exc}",
                hint="Set HEARTS_SIGNING_KEY to base64 of 32 random bytes (README, "
                "Configuration), or HEARTS_SIGNING_KEY_FILE to a file holding it.",
                id="games.E001",
            )
        ]
    return []
