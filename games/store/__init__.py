"""The event store: stored event rows <-> (type, payload) facts, hash chain, snapshots.

A package whose modules are its parts, each importing only the ones above it:

* ``registry``: every stored type, its schema version, kind and upcasters (pure).
* ``chain``: canonical JSON, the public form of an event, pseudonyms, hashes (pure).
* ``snapshots``: the cached aggregate at a seq, and when to write one.
* ``repository``: the game row (get, lock, create), ``append``, the event rows, ``load`` with
  the in-process ``recent`` cache, signed heads.
* ``read_model``: the ``Game`` and ``Seat`` rows kept in line with the aggregate.
* ``verification``: ``verify_log``, signatures, checkpoints, snapshot and read-model checks
  (pure: rows in, mismatches out).
* ``audit``: verification of stored games (reads the rows, then the pure checks).
* ``transfer``: export and import (an import appends through ``repository.append``).
* ``fast``: a move's hot path in plain SQL (``store.fast.lock_game``, ``get_game``,
  ``append_and_sync``: on PostgreSQL the append and the game row's read model in one statement),
  the same rows and errors as ``repository`` + ``read_model``.

The store imports only the engine, the aggregate and its lobby events, the models, signing,
the domain errors, Django and the stdlib. Callers use ``from games import store`` and
``store.<name>``: the names below are the store's public surface. See docs/event-store.md.
"""

from __future__ import annotations

import sys
import types
from typing import Any

from games.store import (
    audit,
    chain,
    fast,
    read_model,
    registry,
    repository,
    snapshots,
    transfer,
    verification,
)
from games.store.audit import iter_checkpoints, verify_game, verify_game_report
from games.store.chain import (
    CHAIN_V1,
    CHAIN_V2,
    GENESIS_HASH,
    INTERNAL_ID_KEYS,
    canonical_json,
    event_hash,
    id_keys_of,
    new_id_salt,
    pseudonym,
    pseudonym_key,
    public_form,
    public_hash,
)
from games.store.read_model import (
    hands_scored,
    seat_fields,
    seat_result_fields,
    seat_row_fields,
    sync_read_model,
)
from games.store.registry import (
    DERIVED_TYPES,
    EVENT_TYPES,
    INPUT_TYPES,
    EventType,
    Upcaster,
    current_version,
    upcast,
    upcast_game_created_v1_v2,
    upcast_rows,
    upcast_seat_taken_v1_v2,
    upcast_seat_taken_v2_v3,
)
from games.store.repository import (
    EVENT_FIELDS,
    EVENT_ROW_FIELDS,
    SIGNATURE_FIELDS,
    Actor,
    NewEvent,
    RecentAggregates,
    append,
    build_rows,
    create_game_row,
    engine_event,
    event_rows,
    event_rows_queryset,
    get_game,
    head_signature,
    load,
    load_after,
    lobby_event,
    lock_game,
    recent,
    sign_missing_heads,
    signature_rows,
)
from games.store.snapshots import (
    Loaded,
    latest_snapshot,
    maybe_snapshot,
    save_snapshot,
    snapshot_every,
    snapshot_version,
)
from games.store.transfer import (
    EXPORT_FORMAT,
    EXPORT_VERSION,
    export_game,
    import_game,
    rows_from_export,
    verify_export,
)
from games.store.verification import (
    CHECKPOINT_ERROR,
    SIGNATURE_ERROR,
    Checkpoint,
    GameVerification,
    Mismatch,
    Verification,
    check_chain,
    check_lobby,
    check_read_model,
    check_snapshots,
    read_checkpoints,
    verify_checkpoints,
    verify_log,
    verify_signatures,
)

#: Its name when the store was one module (tests of old exports use it).
_rows_from_export = rows_from_export

_PARTS = (registry, chain, snapshots, repository, read_model, verification, audit, transfer)


class _Store(types.ModuleType):
    """The package module. Setting one of its names also sets it in the part that defines it,
    where the store's own code looks it up: ``monkeypatch.setattr(store, "new_id_salt", f)``
    changes the salt of the games the store creates, as it did when the store was one module."""

    def __setattr__(self, name: str, value: Any) -> None:
        for part in _PARTS:
            if name in vars(part) and getattr(part, name) is getattr(self, name, None):
                setattr(part, name, value)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Store

__all__ = [
    "CHAIN_V1",
    "CHAIN_V2",
    "CHECKPOINT_ERROR",
    "DERIVED_TYPES",
    "EVENT_FIELDS",
    "EVENT_ROW_FIELDS",
    "EVENT_TYPES",
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "GENESIS_HASH",
    "INPUT_TYPES",
    "INTERNAL_ID_KEYS",
    "SIGNATURE_ERROR",
    "SIGNATURE_FIELDS",
    "Actor",
    "Checkpoint",
    "EventType",
    "GameVerification",
    "Loaded",
    "Mismatch",
    "NewEvent",
    "RecentAggregates",
    "Upcaster",
    "Verification",
    "append",
    "build_rows",
    "canonical_json",
    "check_chain",
    "check_lobby",
    "check_read_model",
    "check_snapshots",
    "create_game_row",
    "current_version",
    "engine_event",
    "event_hash",
    "event_rows",
    "event_rows_queryset",
    "export_game",
    "fast",
    "get_game",
    "hands_scored",
    "head_signature",
    "id_keys_of",
    "import_game",
    "iter_checkpoints",
    "latest_snapshot",
    "load",
    "load_after",
    "lobby_event",
    "lock_game",
    "maybe_snapshot",
    "new_id_salt",
    "pseudonym",
    "pseudonym_key",
    "public_form",
    "public_hash",
    "read_checkpoints",
    "recent",
    "rows_from_export",
    "save_snapshot",
    "seat_fields",
    "seat_result_fields",
    "seat_row_fields",
    "sign_missing_heads",
    "signature_rows",
    "snapshot_every",
    "snapshot_version",
    "sync_read_model",
    "upcast",
    "upcast_game_created_v1_v2",
    "upcast_rows",
    "upcast_seat_taken_v1_v2",
    "upcast_seat_taken_v2_v3",
    "verify_checkpoints",
    "verify_export",
    "verify_game",
    "verify_game_report",
    "verify_log",
    "verify_signatures",
]
