"""Throttles that read their rates from settings on every request.

DRF's built-in throttles copy ``DEFAULT_THROTTLE_RATES`` into a class attribute at import time, so
``override_settings`` (and the test suite) cannot change them. These subclasses look the rate up
when the throttle is built, from DRF's ``api_settings`` (reloaded on ``setting_changed``).
A rate of ``None`` disables that throttle. Throttled requests get a 429 problem with Retry-After.
"""

from __future__ import annotations

from rest_framework import throttling
from rest_framework.settings import api_settings


class _SettingsRateMixin:
    scope: str | None

    def get_rate(self):
        rates = api_settings.DEFAULT_THROTTLE_RATES or {}
        return rates.get(self.scope) if self.scope else None


class AnonThrottle(_SettingsRateMixin, throttling.AnonRateThrottle):
    """Anonymous callers, by IP (rate ``anon``)."""


class UserThrottle(_SettingsRateMixin, throttling.UserRateThrottle):
    """Authenticated callers, by user (rate ``user``)."""


class ScopedThrottle(_SettingsRateMixin, throttling.ScopedRateThrottle):
    """Per-view scopes (``throttle_scope``): ``signup``, ``token``, ``moves``."""


SCOPED_THROTTLES = [AnonThrottle, UserThrottle, ScopedThrottle]
