"""Player strength for the rating window: the one door from matchmaking to ratings.

``rating_of(player_id=..., preset=...)`` returns the player's rating on the preset's ladder, or
None when there is none: no ratings app installed, or a player without a rated game on that
preset (the ratings app answers its prior for them, which says nothing about their strength). A
ticket without a rating fits every window (the window is off), so quick play works the same
before and after ratings exist.

``MATCHMAKING_RATING_SELECTOR`` may name another selector (dotted path of a function
``(player_id=..., preset=...) -> float | None``); empty: the ratings app's
``ratings.selectors.rating_of`` when ``ratings`` is installed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from django.apps import apps
from django.conf import settings
from django.utils.module_loading import import_string


@cache
def _selector(path: str) -> Callable[..., Any]:
    return import_string(path)


def rating_of(*, player_id: int, preset: str) -> float | None:
    path = getattr(settings, "MATCHMAKING_RATING_SELECTOR", "") or ""
    if path:
        value = _selector(path)(player_id=player_id, preset=preset)
        return None if value is None else float(value)
    if not apps.is_installed("ratings"):
        return None
    from ratings import selectors  # installed: matchmaking reads it, never the reverse

    rating = selectors.rating_of(player_id, preset)
    return float(rating.rating) if rating.games_played else None
