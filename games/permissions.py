"""Permissions of the games API.

Reading is open: the lobby, the rules and the public game view are public information, and the
engine redacts what a viewer may not see (a seated player's view is built from the caller's seat,
never from a parameter). Every command needs an authenticated player. Who may do *what* in a game
(seated, creator, on turn) is the services' business: they raise domain errors that the exception
handler renders as 403 / 409 / 422 problems.
"""

from __future__ import annotations

from rest_framework.permissions import AllowAny, IsAuthenticated

ReadOpen = AllowAny
PlayerOnly = IsAuthenticated
