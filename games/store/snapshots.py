"""Snapshots: a cache of the aggregate at a seq, so that ``load`` replays only the tail.

Written at every ``hand_dealt`` and when ``HEARTS_SNAPSHOT_EVERY`` events have passed since the
last one; keyed by the engine and aggregate versions (a snapshot of another version is ignored).
They are never the truth: ``verify_games`` compares each one with a full replay.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings

from games import aggregate as agg_mod
from games import engine
from games.aggregate import GameAggregate
from games.models import GameSnapshot


def snapshot_version() -> str:
    return f"engine-{engine.ENGINE_VERSION}.aggregate-{agg_mod.AGGREGATE_VERSION}"


def snapshot_every() -> int:
    return int(getattr(settings, "HEARTS_SNAPSHOT_EVERY", 100))


@dataclass(frozen=True)
class Loaded:
    aggregate: GameAggregate
    snapshot_seq: int  # 0 when replayed from scratch


def latest_snapshot(
    game_id: Any, *, upto_seq: int | None = None
) -> tuple[GameAggregate | None, int]:
    """The newest snapshot of the current version (at or before ``upto_seq``) as
    ``(aggregate, seq)``; ``(None, 0)`` when there is none. One query."""
    snaps = GameSnapshot.objects.filter(game_id=game_id, version=snapshot_version())
    if upto_seq is not None:
        snaps = snaps.filter(seq__lte=upto_seq)
    snap = snaps.order_by("-seq").values("seq", "state").first()
    if snap is None:
        return None, 0
    return agg_mod.aggregate_from_dict(snap["state"]), snap["seq"]


def save_snapshot(game_id: Any, aggregate: GameAggregate) -> None:
    GameSnapshot.objects.update_or_create(
        game_id=game_id,
        seq=aggregate.seq,
        defaults={"version": snapshot_version(), "state": agg_mod.aggregate_to_dict(aggregate)},
    )


def maybe_snapshot(
    game_id: Any, loaded: Loaded, aggregate: GameAggregate, appended_types: Iterable[str]
) -> bool:
    """Snapshot policy: after every deal, or when the tail since the last snapshot is long."""
    if (
        "hand_dealt" in set(appended_types)
        or aggregate.seq - loaded.snapshot_seq >= snapshot_every()
    ):
        save_snapshot(game_id, aggregate)
        return True
    return False


def snapshot_rows(game_id: Any) -> list[dict[str, Any]]:
    """Every stored snapshot of a game (any version), in seq order, for the verifier."""
    return list(
        GameSnapshot.objects.filter(game_id=game_id)
        .order_by("seq")
        .values("seq", "version", "state")
    )
