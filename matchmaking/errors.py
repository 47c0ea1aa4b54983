"""Domain errors of matchmaking (quick play, private tables, invites, rematch).

Each has a stable class-level ``code`` (its status, title and ``extra`` keys are in
``hearts_api/problem_types.py``) and a ``details`` dict that the API renders as ``extra``. They
derive from ``games.errors.GameError`` so that the one exception handler renders them like every
other domain error (matchmaking depends on games, never the reverse).
"""

from __future__ import annotations

from games.errors import GameError


class MatchmakingError(GameError):
    code = "matchmaking_error"
    default_message = "The matchmaking request was rejected."


# ---------------------------------------------------------------------- quick play
class AlreadyQueued(MatchmakingError):
    code = "already_queued"
    default_message = "You are already waiting in the quick-play queue."


class NotQueued(MatchmakingError):
    code = "not_queued"
    default_message = "You are not waiting in the quick-play queue."


class TicketAlreadyMatched(MatchmakingError):
    code = "ticket_matched"
    default_message = "You have already been seated in a game."


class TicketNotFound(MatchmakingError):
    code = "ticket_not_found"
    default_message = "You have never queued for quick play."


# ---------------------------------------------------------------------- tables and invites
class TableNotFound(MatchmakingError):
    code = "table_not_found"
    default_message = "No such table."


class InviteNotFound(MatchmakingError):
    code = "invite_not_found"
    default_message = "No table has this invite code."


class InviteExpired(MatchmakingError):
    code = "invite_expired"
    default_message = "This invite has expired."


class InviteRevoked(MatchmakingError):
    code = "invite_revoked"
    default_message = "This invite was revoked."


class AlreadyAtTable(MatchmakingError):
    code = "already_at_table"
    default_message = "You have already joined this table."


class TableFull(MatchmakingError):
    code = "table_full"
    default_message = "Every seat of this table is taken."


class TableClosed(MatchmakingError):
    code = "table_closed"
    default_message = "This table is no longer open."


class TableNotFull(MatchmakingError):
    code = "table_not_full"
    default_message = "The table has empty seats: fill them with AI players or wait."


class NotTableCreator(MatchmakingError):
    code = "not_table_creator"
    default_message = "Only the creator of the table may do this."


class NotTableMember(MatchmakingError):
    code = "not_table_member"
    default_message = "You are not invited to this table."


class RematchNotAllowed(MatchmakingError):
    code = "rematch_not_allowed"
    default_message = "A rematch needs a finished game in which you had a seat."
