"""Idempotency keys and preconditions for the state-changing endpoints of the games API.

Every state-changing request goes through `run_command`:

* **Preconditions.** The client may send the sequence number it last saw, either as the body field
  ``expected_seq`` or as an ``If-Match`` header holding the game view's ETag (or ``"<seq>"``).
  The service compares it with the game's last seq under its lock. A stale ``expected_seq`` is a
  409 ``concurrency_conflict``; a stale ``If-Match`` is a 412 ``precondition_failed``; both carry
  ``extra.current_seq``.
* **Idempotency-Key.** The key row (`IdempotencyRecord`, unique per user and key) is inserted in
  the *same* transaction as the service call and holds the response. A retry with the same key and
  the same request returns the stored response (header ``Idempotent-Replayed: true``) and appends
  nothing; the same key with a different request (method, path, body or If-Match) is a 422
  ``idempotency_key_reused``. Two concurrent requests with one key: the second insert waits on the
  unique index until the first commits, then replays its response, so the events are appended
  once. A rejected request (any 4xx) rolls back with its key, so nothing is stored and a retry is
  evaluated afresh (it appended nothing either way).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from common.http.errors import (
    ConflictingPreconditions,
    InvalidIdempotencyKey,
    InvalidIfMatch,
    PreconditionFailed,
)
from games.errors import ConcurrencyConflict, IdempotencyKeyReused, IdempotencyRequestInProgress
from games.models import IdempotencyRecord

IDEMPOTENCY_HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
MAX_KEY_LENGTH = 255
_IN_FLIGHT = 0  # status_code of a key row whose request has not finished (never committed)

# ETag of a game view: "<game id>:<seq>:<seat or 'public'>" (see `etag_for`).
_ETAG_RE = re.compile(r'^(?:W/)?"(?:(?P<game>[0-9a-fA-F-]{36}):)?(?P<seq>\d+)(?::[A-Za-z0-9]+)?"$')


def etag_for(*, game_id: Any, seq: int, seat: int | None) -> str:
    """The strong ETag of a game view as one viewer sees it."""
    viewer = "public" if seat is None else str(seat)
    return f'"{game_id}:{seq}:{viewer}"'


def expected_seq_from(request: Request, *, game_id: Any, body_expected_seq: int | None):
    """(expected_seq, from_if_match) from the body field and/or the If-Match header."""
    raw = request.headers.get("If-Match")
    if raw is None or raw.strip() == "*":
        return body_expected_seq, False
    match = _ETAG_RE.match(raw.strip())
    if match is None:
        raise InvalidIfMatch(if_match=raw)
    seq = int(match.group("seq"))
    if match.group("game") and match.group("game").lower() != str(game_id).lower():
        seq = -1  # an ETag of another game never matches
    if body_expected_seq is not None and body_expected_seq != seq:
        raise ConflictingPreconditions(expected_seq=body_expected_seq, if_match_seq=seq)
    return seq, True


def _key_from(request: Request) -> str | None:
    key = request.headers.get(IDEMPOTENCY_HEADER)
    if key is None:
        return None
    key = key.strip()
    if not key or len(key) > MAX_KEY_LENGTH:
        raise InvalidIdempotencyKey(
            f"{IDEMPOTENCY_HEADER} must be 1 to {MAX_KEY_LENGTH} characters."
        )
    return key


def _fingerprint(request: Request) -> str:
    body = request.data if isinstance(request.data, dict | list) else dict(request.data)
    canonical = json.dumps(
        {
            "method": request.method,
            "path": request.path,
            "body": body,
            "if_match": request.headers.get("If-Match"),
        },
        sort_keys=True,
        separators=(",", ":"),
        default=str,
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def _replay(record: IdempotencyRecord, fingerprint: str) -> tuple[int, Any]:
    if record.fingerprint != fingerprint:
        raise IdempotencyKeyReused(key=record.key, method=record.method, path=record.path)
    if record.status_code == _IN_FLIGHT:
        raise IdempotencyRequestInProgress(
            "A request with this Idempotency-Key is still being processed; retry later.",
            key=record.key,
        )
    return record.status_code, record.response_body


def _replayed(status_code: int, body: Any, *, headers) -> Response:
    extra = headers(body) if headers else {}
    return Response(body, status=status_code, headers={**extra, REPLAYED_HEADER: "true"})


def run_command(
    request: Request,
    *,
    game_id: Any,
    command: Callable[..., Any],
    render: Callable[[Any], dict[str, Any]],
    body_expected_seq: int | None = None,
    success_status: int = status.HTTP_200_OK,
    headers: Callable[[dict[str, Any]], dict[str, str]] | None = None,
) -> Response:
    """Run ``command(expected_seq=...)`` once per Idempotency-Key and render its result.

    ``command`` is one service call (a closure over its other arguments, with its own
    transaction). With an Idempotency-Key, the key's record, the command and ``render`` (which
    turns the result into the response body) share one transaction, so a replay returns exactly
    what the first request answered. Without one, the command's transaction is the only one:
    the body is rendered from what the command left in memory after it committed, so the game's
    row lock is not held while the response is built.
    """
    expected_seq, from_if_match = expected_seq_from(
        request, game_id=game_id, body_expected_seq=body_expected_seq
    )
    key = _key_from(request)
    fingerprint = _fingerprint(request) if key else ""

    with transaction.atomic() if key is not None else contextlib.nullcontext():
        record = None
        if key is not None:
            existing = IdempotencyRecord.objects.filter(user=request.user, key=key).first()
            if existing is not None:
                return _replayed(*_replay(existing, fingerprint), headers=headers)
            try:
                with transaction.atomic():
                    record = IdempotencyRecord.objects.create(
                        user=request.user,
                        key=key,
                        method=request.method,
                        path=request.path[:512],
                        fingerprint=fingerprint,
                        status_code=_IN_FLIGHT,
                    )
            except IntegrityError:
                # A concurrent request with this key committed first (we waited on its row).
                existing = IdempotencyRecord.objects.filter(user=request.user, key=key).first()
                if existing is None:  # it rolled back after all: treat as in progress
                    raise IdempotencyRequestInProgress(key=key) from None
                return _replayed(*_replay(existing, fingerprint), headers=headers)

        try:
            result = command(expected_seq=expected_seq)
        except ConcurrencyConflict as exc:
            if not from_if_match:
                raise
            raise PreconditionFailed(
                current_seq=exc.current_seq, expected_seq=expected_seq
            ) from exc
        body = render(result)
        if record is not None:
            record.status_code = success_status
            record.response_body = body
            record.save(update_fields=["status_code", "response_body"])

    return Response(body, status=success_status, headers=headers(body) if headers else None)
