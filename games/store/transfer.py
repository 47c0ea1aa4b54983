"""Transfer: a game's full log out as JSON-safe data (``export_game``) and back in as a new game
(``import_game``), after the same checks as ``verify_games`` (``verify_export``). An import
writes its rows through ``repository.append``: the rows, hashes and signed heads of an imported
game are built by the same code as those of a played one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import aggregate as agg_mod
from games import signing
from games.errors import InvalidGameLog
from games.models import Game, Seat
from games.store.read_model import sync_read_model
from games.store.repository import (
    SIGNATURE_FIELDS,
    Actor,
    NewEvent,
    append,
    create_game_row,
    event_rows,
    get_game,
    signature_rows,
)
from games.store.snapshots import save_snapshot
from games.store.verification import Mismatch, Verification, verify_log, verify_signatures

EXPORT_FORMAT = "hearts-game-log"
EXPORT_VERSION = 2  # 2 adds the signed heads and their public keys; 1 is still imported
# Version 2 exports of a chain v2 game also carry ``game.id_salt`` (absent or blank: chain v1).


def export_game(game_id: Any) -> dict[str, Any]:
    """The game's full log as JSON-safe data (stored payloads, versions, actors and hashes), for
    operators: it holds the account ids and the game's secret ``id_salt`` (chain v2)."""
    game = get_game(game_id)
    sigs = signature_rows(game.pk)
    used_keys = {s["key_id"] for s in sigs}
    return {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_VERSION,
        "game": {
            "id": str(game.pk),
            "preset": game.preset,
            "created_at": game.created_at.isoformat(),
            "chain_version": game.chain_version,
            "id_salt": game.id_salt,
        },
        "events": [
            {
                "seq": r["seq"],
                "type": r["type"],
                "schema_version": r["schema_version"],
                "payload": r["payload"],
                "actor": {
                    "kind": r["actor_kind"],
                    "player": r["actor_player_id"],
                    "seat": r["actor_seat"],
                },
                "created_at": r["created_at"].isoformat(),
                "prev_hash": r["prev_hash"],
                "hash": r["hash"],
            }
            for r in event_rows(game.pk)
        ],
        "signatures": sigs,
        "signing_keys": [key.to_dict() for key in signing.public_keys() if key.key_id in used_keys],
    }


def rows_from_export(
    data: Mapping[str, Any],
) -> tuple[str, list[dict[str, Any]], list[dict[str, Any]] | None]:
    """(source game id, event rows, signed heads or None for a version 1 export)."""

    if not isinstance(data, Mapping) or data.get("format") != EXPORT_FORMAT:
        raise InvalidGameLog("not a hearts game log export")
    if data.get("format_version") not in (1, EXPORT_VERSION):
        raise InvalidGameLog(f"unsupported export format version {data.get('format_version')!r}")
    try:
        source_id = str(data["game"]["id"])
        rows = [
            {
                "seq": int(e["seq"]),
                "type": str(e["type"]),
                "schema_version": int(e["schema_version"]),
                "payload": e["payload"],
                "actor_kind": e["actor"]["kind"],
                "actor_player_id": e["actor"].get("player"),
                "actor_seat": e["actor"].get("seat"),
                "created_at": datetime.fromisoformat(e["created_at"]),
                "prev_hash": str(e["prev_hash"]),
                "hash": str(e["hash"]),
            }
            for e in data["events"]
        ]
        sigs = None
        if data["format_version"] >= 2:
            sigs = [{k: s[k] for k in SIGNATURE_FIELDS} for s in data["signatures"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidGameLog(f"malformed export: {exc!r}") from None
    return source_id, rows, sigs


def _export_id_salt(data: Mapping[str, Any]) -> str:
    """The exported game's ``id_salt`` (blank for chain v1 and for older exports)."""

    salt = data["game"].get("id_salt") or ""
    if not isinstance(salt, str):
        raise InvalidGameLog("malformed export: game.id_salt is not a string")
    return salt


def verify_export(data: Mapping[str, Any], *, trusted_keys: Iterable[str] = ()) -> list[Mismatch]:
    """Check an export on its own (chain, replay and signed heads) without writing anything.

    Signatures are checked with this server's public keys plus ``trusted_keys`` (base64 public
    keys of the exporting server, e.g. from its ``GET /api/v1/signing-keys/``). The keys inside
    the export are NOT trusted: whoever rewrites a file can sign it with a key of their own."""
    return _check_export(data, trusted_keys)[0]


def _check_export(
    data: Mapping[str, Any], trusted_keys: Iterable[str]
) -> tuple[list[Mismatch], Verification, list[dict[str, Any]], list[dict[str, Any]] | None]:
    """``verify_export``'s mismatches, with the replay, the rows and the signed heads."""
    source_id, rows, sigs = rows_from_export(data)
    result = verify_log(source_id, rows, id_salt=_export_id_salt(data))
    out = list(result.mismatches)
    if sigs is not None:
        keys = dict(signing.keyring().keys)
        for text in trusted_keys:
            raw = signing.parse_public_key(text, source="trusted key")
            kid = signing.key_id_of(raw)
            keys.setdefault(kid, signing.PublicKey(kid, raw, False))
        out += verify_signatures(source_id, rows, sigs, keys=keys)
    if result.aggregate is None and not out:  # pragma: no cover - verify_log reports why
        out.append(Mismatch(source_id, None, "the log does not replay"))
    return out, result, rows, sigs


def import_game(data: Mapping[str, Any], *, trusted_keys: Iterable[str] = ()) -> Game:
    """Import an exported log as a NEW game, after checking its hash chain, replaying it and
    (format 2) checking its signed heads (``verify_export``).

    The new game has a new id and a new ``id_salt`` (chain v2, whatever the export's version),
    so its chain is rebuilt (the hash covers the game id and the pseudonyms) and its heads are
    signed again by this server, at the same seqs as the export's signed heads and at
    every hand and game end; payloads, schema versions and event times are kept as exported.
    Actor players that do not exist here are stored as NULL. Player ids inside payloads keep
    the exporting server's numbering.
    """
    problems, result, rows, sigs = _check_export(data, trusted_keys)
    agg = result.aggregate
    if problems or agg is None:
        raise InvalidGameLog(
            "the game log does not verify",
            mismatches=[str(m) for m in problems[:50]],
        )
    player_ids = {r["actor_player_id"] for r in rows if r["actor_player_id"] is not None}
    player_ids |= {s.player_id for s in agg.seats if s.player_id is not None}
    if agg.creator_id is not None:
        player_ids.add(agg.creator_id)
    known = set(get_user_model().objects.filter(pk__in=player_ids).values_list("pk", flat=True))
    events = [
        NewEvent(
            type=r["type"],
            payload=r["payload"],
            actor=Actor(
                r["actor_kind"],
                r["actor_player_id"] if r["actor_player_id"] in known else None,
                r["actor_seat"],
            ),
            schema_version=r["schema_version"],
            created_at=r["created_at"],
        )
        for r in rows
    ]
    with transaction.atomic():
        game = create_game_row(
            rules=agg.rules,
            creator_id=agg.creator_id if agg.creator_id in known else None,
            options=agg.options,
            now=rows[0]["created_at"],
        )
        Seat.objects.bulk_create([Seat(game=game, index=i) for i in range(len(agg.seats))])
        # The heads after hand and game ends are signed by append; an export may have signed more.
        also_sign = {int(s["seq"]) for s in sigs or ()}
        append(game, expected_seq=0, events=events, now=timezone.now(), also_sign=also_sign)
        if agg.status != agg_mod.LOBBY:
            game.started_at = next(
                (r["created_at"] for r in rows if r["type"] == "game_started"),
                rows[-1]["created_at"],
            )
        if agg.status == agg_mod.FINISHED:
            game.finished_at = rows[-1]["created_at"]
        sync_read_model(game, None, agg, now=rows[-1]["created_at"])
        for index, seat in enumerate(agg.seats):
            if seat.player_id is not None and seat.player_id not in known:
                Seat.objects.filter(game_id=game.pk, index=index).update(player_id=None)
        save_snapshot(game.pk, agg)
    return game
