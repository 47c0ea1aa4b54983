"""Player strength for the rating window, read from the ratings app when it is installed.

Matchmaking depends on ratings one way, through this one function: ``rating_of`` returns the
player's rating for a preset, or None when there is none (no ratings app, or the player has no
rated game). A ticket without a rating matches anyone (the window is off), so quick play works
the same before and after ratings exist.

``MATCHMAKING_RATING_SELECTOR`` names the ratings selector (dotted path of a function
``(player_id=..., preset=...) -> float | None``); empty: no ratings.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from django.conf import settings
from django.utils.module_loading import import_string


@cache
def _selector(path: str) -> Callable[..., Any] | None:
    return import_string(path) if path else None


def rating_of(*, player_id: int, preset: str) -> float | None:
    selector = _selector(getattr(settings, "MATCHMAKING_RATING_SELECTOR", "") or "")
    if selector is None:
        return None
    value = selector(player_id=player_id, preset=preset)
    return None if value is None else float(value)
