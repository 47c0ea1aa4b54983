"""Idempotency keys of the games API: a service that owns its transaction.

`command_once` runs a command at most once per (user, key). The key's row (`IdempotencyRecord`,
unique per user and key) is inserted in the *same* transaction as the command and holds its
response. A retry with the same key and the same request (same fingerprint) returns the stored
response and runs nothing; the same key with a different request (method, path, body or
If-Match) is a 422 ``idempotency_key_reused``. Two concurrent requests with one key: the second
insert waits on the unique index until the first commits, then replays its response, so the
events are appended once. A rejected command (any domain error) rolls back with its key, so
nothing is stored and a retry is evaluated afresh (it appended nothing either way).

Keys are kept ``HEARTS_IDEMPOTENCY_KEY_TTL_S`` seconds (a day by default):
`idempotency_keys_expire` deletes older ones (the beat task ``games.expire_idempotency_keys``).
After that a retry with the same key is a new request.

How HTTP carries keys and preconditions is ``common/http/preconditions.py``; the API view glues
them (``games/apis.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.errors import IdempotencyKeyReused, IdempotencyRequestInProgress
from games.models import IdempotencyRecord

_IN_FLIGHT = 0  # status_code of a key row whose request has not finished (never committed)


@dataclass(frozen=True)
class Outcome:
    """A command's response: the status and body of its first run, ``replayed`` for a retry."""

    status_code: int
    body: Any
    replayed: bool = False


def _replay(record: IdempotencyRecord, fingerprint: str) -> Outcome:
    if record.fingerprint != fingerprint:
        raise IdempotencyKeyReused(key=record.key, method=record.method, path=record.path)
    if record.status_code == _IN_FLIGHT:
        raise IdempotencyRequestInProgress(
            "A request with this Idempotency-Key is still being processed; retry later.",
            key=record.key,
        )
    return Outcome(record.status_code, record.response_body, replayed=True)


def command_once(
    *,
    user: Any,
    key: str,
    fingerprint: str,
    method: str,
    path: str,
    run: Callable[[], tuple[int, Any]],
) -> Outcome:
    """``run()`` -> (status, body) once per (``user``, ``key``), in one transaction with the key's
    row; a retry of the same request replays the stored outcome."""
    with transaction.atomic():
        existing = IdempotencyRecord.objects.filter(user=user, key=key).first()
        if existing is not None:
            return _replay(existing, fingerprint)
        try:
            with transaction.atomic():
                record = IdempotencyRecord.objects.create(
                    user=user,
                    key=key,
                    method=method,
                    path=path[:512],
                    fingerprint=fingerprint,
                    status_code=_IN_FLIGHT,
                )
        except IntegrityError:
            # A concurrent request with this key committed first (we waited on its row).
            existing = IdempotencyRecord.objects.filter(user=user, key=key).first()
            if existing is None:  # it rolled back after all: treat as in progress
                raise IdempotencyRequestInProgress(key=key) from None
            return _replay(existing, fingerprint)
        status_code, body = run()
        record.status_code = status_code
        record.response_body = body
        record.save(update_fields=["status_code", "response_body"])
    return Outcome(status_code, body)


def idempotency_keys_expire(*, older_than: timedelta, now: datetime | None = None) -> int:
    """Delete the keys (and their stored responses) created more than ``older_than`` ago.
    Returns how many were deleted. A key whose request is still in flight is younger than any
    sensible ``older_than`` (a command takes milliseconds)."""
    cutoff = (now or timezone.now()) - older_than
    with transaction.atomic():
        deleted, _by_model = IdempotencyRecord.objects.filter(created_at__lt=cutoff).delete()
    return deleted
