"""Domain errors of matchmaking (quick play, private tables, invites, rematch), each with its
stable ``code`` and HTTP ``status``: defining a class registers both (and what the API documents
of it) in the one problem registry (``common.errors``), which the exception handler renders with
and openapi.yaml and docs/api.md document. ``details`` become the problem's ``extra``."""

from __future__ import annotations

from common.errors import DomainError

_GAME = "7f3e2a10-9b1c-4d2e-8f00-1a2b3c4d5e6f"


class MatchmakingError(DomainError, abstract=True):
    default_message = "The matchmaking request was rejected."


# ---------------------------------------------------------------------- 403
class NotTableCreator(MatchmakingError):
    code = "not_table_creator"
    status = 403
    default_message = "Only the creator of the table may do this."


class NotTableMember(MatchmakingError):
    code = "not_table_member"
    status = 403
    default_message = "You are not invited to this table."


# ---------------------------------------------------------------------- 404
class TicketNotFound(MatchmakingError):
    code = "ticket_not_found"
    status = 404
    default_message = "You have never queued for quick play."


class TableNotFound(MatchmakingError):
    code = "table_not_found"
    status = 404
    default_message = "No such table."
    extra_keys = {"table_id": "the id asked for (null: a game's rematch)"}
    example = {"table_id": "00000000-0000-4000-8000-000000000000"}


class InviteNotFound(MatchmakingError):
    code = "invite_not_found"
    status = 404
    default_message = "No table has this invite code."


# ---------------------------------------------------------------------- 409
class AlreadyQueued(MatchmakingError):
    code = "already_queued"
    status = 409
    default_message = "You are already waiting in the quick-play queue."
    extra_keys = {"ticket_id": "your waiting ticket"}
    example = {"ticket_id": "5b0c8e8e-3f4a-4c1e-9d55-6f1d2b7a9e10"}


class NotQueued(MatchmakingError):
    code = "not_queued"
    status = 409
    default_message = "You are not waiting in the quick-play queue."


class TicketAlreadyMatched(MatchmakingError):
    code = "ticket_matched"
    status = 409
    default_message = "You have already been seated in a game."
    extra_keys = {"game_id": "the game you were seated in", "seat": "your seat"}
    example = {"game_id": _GAME, "seat": 1}


class AlreadyAtTable(MatchmakingError):
    code = "already_at_table"
    status = 409
    default_message = "You have already joined this table."
    extra_keys = {"position": "your place in the table's join order (0: the creator)"}
    example = {"position": 0}


class TableFull(MatchmakingError):
    code = "table_full"
    status = 409
    default_message = "Every seat of this table is taken."
    extra_keys = {"seats": "the table's seat count"}
    example = {"seats": 4}


class TableClosed(MatchmakingError):
    code = "table_closed"
    status = 409
    default_message = "This table is no longer open."
    extra_keys = {"status": "the table's status", "game_id": "its game once started (else null)"}
    example = {"status": "started", "game_id": _GAME}


class TableNotFull(MatchmakingError):
    code = "table_not_full"
    status = 409
    default_message = "The table has empty seats: fill them with AI players or wait."
    extra_keys = {"empty_seats": "how many seats nobody took"}
    example = {"empty_seats": 2}


class RematchNotAllowed(MatchmakingError):
    code = "rematch_not_allowed"
    status = 409
    default_message = "A rematch needs a finished game in which you had a seat."
    extra_keys = {"status": "the game's status"}
    example = {"status": "active"}


# ---------------------------------------------------------------------- 410
class InviteExpired(MatchmakingError):
    code = "invite_expired"
    status = 410
    title = "Gone."
    default_message = "This invite has expired."
    extra_keys = {"expired_at": "when the invite expired"}
    example = {"expired_at": "2026-01-01T12:00:00+00:00"}


class InviteRevoked(MatchmakingError):
    code = "invite_revoked"
    status = 410
    title = "Gone."
    default_message = "This invite was revoked."
