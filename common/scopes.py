"""The OAuth2 scopes of the API and which a view needs (pure Python: settings import it).

Every DRF view declares ``required_scopes``: a tuple of names from `SCOPES` (empty: the operation
needs no scope, such as the public signing keys). A view whose methods need different scopes
adds ``required_scopes_by_method`` (``{"POST": (...)}``); methods it does not name need
``required_scopes``. A view whose reads need less than its commands names the commands' scopes
in ``required_scopes`` and its reads with `reads_need` (GET, HEAD and OPTIONS): a method added
later needs the commands' scopes (fail closed). Only an OAuth2 access token is held to its scopes
(``common.http.oauth.ScopedOAuth2Authentication``); a player's own API token
(``Authorization: Token``) and a browser session stand for the player and have every scope.
"""

from __future__ import annotations

from typing import Any

# Every scope a third-party application may ask for, with what the consent page tells the player.
SCOPES: dict[str, str] = {
    "games:read": (
        "Read games, their logs and events, your feed, ratings and your profile, and your "
        "quick-play tickets, tables and invites"
    ),
    "games:play": "Create and join games, take seats, pass and play cards, choose the moon, resign",
    "challenge:write": "Queue for quick play, invite players, accept invites, ask for rematches",
    "webhooks:write": "Manage your webhooks, push subscriptions and notification preferences",
    "bot:play": "Play as your bot account: its event stream and its moves",
    "profile:write": "Change your profile and your API token",
}

# What a view that declares nothing would need: no OAuth2 token has it (fail closed; the test
# tests/oauth/test_scopes.py fails for such a view).
UNDECLARED = ("(undeclared)",)

# The methods that only read (RFC 9110's safe methods as DRF serves them).
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def reads_need(scopes: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """``required_scopes_by_method`` of a view whose safe methods need ``scopes`` (every other
    method needs the view's ``required_scopes``)."""
    return {method: tuple(scopes) for method in SAFE_METHODS}


def required_scopes(view: Any, method: str) -> tuple[str, ...]:
    """The scopes an OAuth2 token needs for ``method`` on ``view`` (a view class or instance)."""
    by_method = getattr(view, "required_scopes_by_method", None) or {}
    scopes = by_method.get(method.upper())
    if scopes is None:
        scopes = getattr(view, "required_scopes", None)
    if scopes is None:
        return UNDECLARED
    return tuple(scopes)
