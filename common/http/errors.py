"""Errors of the HTTP layer itself (request headers), with their code and status: registered in
the one problem registry like every domain error (``common.errors``)."""

from __future__ import annotations

from common.errors import DomainError


class HttpError(DomainError, abstract=True):
    """An error about the request's HTTP form (headers), raised by the API layer only."""


class InvalidIfMatch(HttpError):
    code = "invalid_if_match"
    status = 400
    title = "Invalid If-Match header."
    default_message = 'If-Match must be the game ETag ("<game id>:<seq>:<viewer>") or "<seq>".'
    extra_keys = {"if_match": "the header sent"}
    example = {"if_match": '"yesterday"'}


class ConflictingPreconditions(HttpError):
    code = "conflicting_preconditions"
    status = 400
    title = "Conflicting preconditions."
    default_message = "expected_seq and If-Match name different sequence numbers."
    extra_keys = {"expected_seq": "the body's expected_seq", "if_match_seq": "the seq of If-Match"}
    example = {"expected_seq": 4, "if_match_seq": 5}


class InvalidIdempotencyKey(HttpError):
    code = "invalid_idempotency_key"
    status = 400
    title = "Invalid Idempotency-Key."
    default_message = "Idempotency-Key must be 1 to 255 characters."


class PreconditionFailed(HttpError):
    code = "precondition_failed"
    status = 412
    default_message = "If-Match does not match the game's current version."
    extra_keys = {"current_seq": "the game's current seq", "expected_seq": "the seq of If-Match"}
    example = {"current_seq": 7, "expected_seq": 6}
