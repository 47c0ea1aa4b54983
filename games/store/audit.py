"""Audit of stored games: reads a game's log, signed heads, snapshots and read-model rows and
hands them to the pure checks of ``games.store.verification`` (``manage.py verify_games``);
lists the stored signed heads as checkpoints for an auditor (``manage.py export_checkpoints``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model

from games.models import Game, HeadSignature
from games.store.repository import SIGNATURE_FIELDS, event_rows, get_game, signature_rows
from games.store.snapshots import snapshot_rows, snapshot_version
from games.store.verification import (
    Checkpoint,
    GameVerification,
    Mismatch,
    check_read_model,
    check_snapshots,
    verify_checkpoints,
    verify_log,
    verify_signatures,
)


def verify_game(game_id: Any) -> list[Mismatch]:
    """Verify one stored game (see ``verify_game_report``); the list of what differs."""
    return list(verify_game_report(game_id).mismatches)


def verify_game_report(game_id: Any, *, checkpoints: Iterable[Checkpoint] = ()) -> GameVerification:
    """Verify one stored game: the log (``verify_log``), its signed heads, the auditor's
    ``checkpoints`` of it, its snapshots and its read models. ``GameNotFound`` if absent."""
    game = get_game(game_id)
    rows = event_rows(game.pk)
    sigs = signature_rows(game.pk)
    checkpoints = list(checkpoints)
    out = _verify_stored(game, rows)
    out += verify_signatures(game.pk, rows, sigs)
    out += verify_checkpoints(game.pk, rows, checkpoints)
    return GameVerification(str(game.pk), tuple(out), len(rows), len(sigs), len(checkpoints))


def _verify_stored(game: Game, rows: list[dict[str, Any]]) -> list[Mismatch]:
    """The log, then the snapshots and the read model against its replay."""
    gid = str(game.pk)
    snapshots = snapshot_rows(game.pk)
    current = snapshot_version()
    result = verify_log(
        gid,
        rows,
        capture=[s["seq"] for s in snapshots if s["version"] == current],
        id_salt=game.id_salt,
    )
    out = list(result.mismatches)
    out += check_snapshots(gid, snapshots, result, version=current)
    agg = result.aggregate
    if agg is None:
        return out
    seat_rows = {s["index"]: s for s in game.seats.values()}
    known = set(
        get_user_model()
        .objects.filter(pk__in=[s.player_id for s in agg.seats if s.player_id])
        .values_list("pk", flat=True)
    )
    return out + check_read_model(gid, game, seat_rows, rows, agg, known_players=known)


def iter_checkpoints(
    game_ids: Iterable[Any] | None = None, *, latest_only: bool = False
) -> Iterable[Checkpoint]:
    """The stored signed heads (of the given games, or all), in game creation and seq order."""
    qs = HeadSignature.objects.all()
    if game_ids is not None:
        qs = qs.filter(game_id__in=list(game_ids))
    qs = qs.order_by("game__created_at", "game_id", "-seq" if latest_only else "seq")
    last_game = None
    for game_id, seq, head_hash, key_id, signature in qs.values_list(
        "game_id", *SIGNATURE_FIELDS
    ).iterator():
        if latest_only and game_id == last_game:
            continue
        last_game = game_id
        yield Checkpoint(str(game_id), seq, head_hash, key_id, signature)
