"""Permissions of the games API.

Reading is open (the lobby and public game views are public information; the engine redacts what
a viewer may not see); every command needs an authenticated player. Who may do *what* in a game
(seated, creator, on turn) is the services' business: they raise domain errors that the exception
handler renders as 403/409/422 problems.
"""

from __future__ import annotations

from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly

ReadOpenWriteAuthenticated = IsAuthenticatedOrReadOnly
PlayerOnly = IsAuthenticated
