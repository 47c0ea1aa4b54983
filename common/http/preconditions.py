"""Preconditions and idempotency keys of a state-changing request, as HTTP carries them.

* **Preconditions.** The client may send the sequence number it last saw, either as the body field
  ``expected_seq`` or as an ``If-Match`` header holding the resource view's ETag
  (``"<id>:<seq>:<viewer>"``, see `etag_for`) or ``"<seq>"``. `expected_seq_from` reads both; the
  service compares the number with the resource's under its lock.
* **Idempotency-Key.** `idempotency_key_from` reads the header, `request_fingerprint` names the
  request (method, path, body, If-Match) so that a key reused for another request is recognised.
  What a key does is the business of the app's idempotency service (``games/idempotency.py``).

Malformed headers are 400 problems (``common/http/errors.py``).
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from rest_framework.request import Request

from common.http.errors import ConflictingPreconditions, InvalidIdempotencyKey, InvalidIfMatch

IDEMPOTENCY_HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
MAX_KEY_LENGTH = 255

# ETag of a view: "<id>:<seq>:<seat or 'public'>" (see `etag_for`), or the bare "<seq>".
_ETAG_RE = re.compile(r'^(?:W/)?"(?:(?P<game>[0-9a-fA-F-]{36}):)?(?P<seq>\d+)(?::[A-Za-z0-9]+)?"$')


def etag_for(*, game_id: Any, seq: int, seat: int | None) -> str:
    """The strong ETag of a game view as one viewer sees it."""
    viewer = "public" if seat is None else str(seat)
    return f'"{game_id}:{seq}:{viewer}"'


def expected_seq_from(
    request: Request, *, game_id: Any, body_expected_seq: int | None
) -> tuple[int | None, bool]:
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


def idempotency_key_from(request: Request) -> str | None:
    key = request.headers.get(IDEMPOTENCY_HEADER)
    if key is None:
        return None
    key = key.strip()
    if not key or len(key) > MAX_KEY_LENGTH:
        raise InvalidIdempotencyKey(
            f"{IDEMPOTENCY_HEADER} must be 1 to {MAX_KEY_LENGTH} characters."
        )
    return key


def request_fingerprint(request: Request) -> str:
    """sha256 of the request's method, path, body and If-Match (what a key stands for)."""
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
