"""The repository: a game's row (get, lock, create), its log (append, read) and its state (load).

* ``append`` checks the expected sequence number against the (locked) game row, chains each new
  row to the previous one (``chain.event_hash``), signs the heads after hand and game ends, and
  translates a unique-constraint violation on ``(game, seq)`` into ``ConcurrencyConflict``:
  callers never see ``IntegrityError``. ``build_rows`` is the one place rows and hashes are made
  (an import goes through ``append`` as well).
* ``load`` reads the newest snapshot of the current version plus the events after it as
  ``.values()`` rows (two queries, whatever the length of the game), in front of which
  ``recent`` keeps the states this process committed or read last.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from games import aggregate as agg_mod
from games import engine, lobby_events, signals, signing
from games.aggregate import GameAggregate
from games.errors import ConcurrencyConflict, GameNotFound, UnknownEventType
from games.models import Game, GameEvent, HeadSignature
from games.store import chain
from games.store.registry import current_version, upcast
from games.store.snapshots import Loaded, latest_snapshot


# ---------------------------------------------------------------------- new events
@dataclass(frozen=True)
class Actor:
    kind: str  # "player" | "ai" | "system"
    player_id: int | None = None
    seat: int | None = None

    @classmethod
    def system(cls) -> Actor:
        return cls("system")

    @classmethod
    def ai(cls, seat: int) -> Actor:
        return cls("ai", None, seat)

    @classmethod
    def player(cls, player_id: int, seat: int | None = None) -> Actor:
        return cls("player", player_id, seat)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player_id, "seat": self.seat}


@dataclass(frozen=True)
class NewEvent:
    type: str
    payload: dict[str, Any]
    actor: Actor
    schema_version: int | None = None  # None: the current version of the type
    created_at: datetime | None = None  # None: the time of the append (set by an import)


def lobby_event(event: lobby_events.LobbyEvent, actor: Actor) -> NewEvent:
    """The new row of a lobby event value (``games.lobby_events``), at its schema version."""
    type_, version, payload = lobby_events.event_to_payload(event)
    if version != current_version(type_):  # pragma: no cover - registry built from the classes
        raise UnknownEventType(f"lobby {type_} v{version} is not registered", type=type_)
    return NewEvent(type_, payload, actor, version)


def engine_event(event: Any, actor: Actor) -> NewEvent:
    type_, version, payload = engine.event_to_payload(event)
    if version != current_version(type_):  # pragma: no cover - registry built from the engine
        raise UnknownEventType(f"engine {type_} v{version} is not registered", type=type_)
    return NewEvent(type_, payload, actor, version)


# ---------------------------------------------------------------------- games
def get_game(game_id: Any, *, lock: bool = False) -> Game:
    qs = Game.objects.select_for_update() if lock else Game.objects.all()
    try:
        return qs.get(pk=game_id)
    except (Game.DoesNotExist, ValidationError):  # ValidationError: not a UUID (no HTTP caller)
        raise GameNotFound(game_id=str(game_id)) from None


def lock_game(game_id: Any) -> Game:
    """The game row, locked for this transaction (PostgreSQL; a no-op on SQLite, whose
    IMMEDIATE transactions serialise writers). The unique (game, seq) constraint is the
    guarantee."""
    return get_game(game_id, lock=True)


def create_game_row(
    *, rules: Any, creator_id: int | None, options: Mapping[str, Any], now: datetime
) -> Game:
    """A new game's row, in the lobby, with a new ``id_salt`` (chain v2)."""
    return Game.objects.create(
        preset=rules.preset,
        ruleset=rules.to_dict(),
        creator_id=creator_id,
        options=dict(options),
        created_at=now,
        status=Game.Status.LOBBY,
        id_salt=chain.new_id_salt(),
    )


# ---------------------------------------------------------------------- append
def build_rows(
    game: Game, *, after_seq: int, prev_hash: str, events: Sequence[NewEvent], now: datetime
) -> list[GameEvent]:
    """The unsaved rows of ``events`` numbered from ``after_seq + 1``, each chained to the one
    before it (``prev_hash`` for the first) by ``chain.event_hash`` over the game's id salt."""
    rows: list[GameEvent] = []
    seq = after_seq
    for ev in events:
        seq += 1
        version = ev.schema_version if ev.schema_version is not None else current_version(ev.type)
        digest = chain.event_hash(
            prev_hash=prev_hash,
            game_id=str(game.pk),
            seq=seq,
            type_=ev.type,
            schema_version=version,
            payload=ev.payload,
            actor=ev.actor.to_dict(),
            id_salt=game.id_salt,
        )
        rows.append(
            GameEvent(
                game_id=game.pk,
                seq=seq,
                type=ev.type,
                schema_version=version,
                payload=ev.payload,
                actor_kind=ev.actor.kind,
                actor_player_id=ev.actor.player_id,
                actor_seat=ev.actor.seat,
                created_at=ev.created_at or now,
                prev_hash=prev_hash,
                hash=digest,
            )
        )
        prev_hash = digest
    return rows


def append(
    game: Game,
    *,
    expected_seq: int,
    events: Sequence[NewEvent],
    now: datetime | None = None,
    also_sign: Collection[int] = (),
    has_humans: bool | None = None,
) -> list[dict[str, Any]]:
    """Append ``events`` after ``expected_seq``; returns the stored rows as dicts.

    ``has_humans`` is passed on to the ``events_appended`` signal (None: not known).

    The heads after hand and game ends are signed, and those at the seqs of ``also_sign`` (an
    import keeps the signed heads of its export).

    Must run inside the caller's transaction. Updates ``game.last_seq/last_hash/last_event_at``
    in memory (``sync_read_model`` saves them).
    """
    if game.last_seq != expected_seq:
        raise ConcurrencyConflict(current_seq=game.last_seq)
    if not events:
        return []
    now = now or timezone.now()
    rows = build_rows(
        game,
        after_seq=expected_seq,
        prev_hash=game.last_hash or chain.GENESIS_HASH,
        events=events,
        now=now,
    )
    # The head after a hand end or a game end is signed in the same transaction (~50 us each).
    signatures = [
        head_signature(game.pk, row.seq, row.hash, now)
        for row in rows
        if row.type in signing.SIGNED_TYPES or row.seq in also_sign
    ]
    try:
        with transaction.atomic():
            GameEvent.objects.bulk_create(rows)
            if signatures:
                HeadSignature.objects.bulk_create(signatures)
    except IntegrityError:
        current = GameEvent.objects.filter(game_id=game.pk).aggregate(m=Max("seq"))["m"] or 0
        raise ConcurrencyConflict(current_seq=current) from None
    game.last_seq = rows[-1].seq
    game.last_hash = rows[-1].hash
    game.last_event_at = rows[-1].created_at
    signals.send_events_appended_on_commit(
        game_id=game.pk,
        first_seq=expected_seq + 1,
        last_seq=game.last_seq,
        has_humans=has_humans,
    )
    return [
        {
            "seq": row.seq,
            "type": row.type,
            "schema_version": row.schema_version,
            "payload": row.payload,
            "actor": ev.actor.to_dict(),
            "created_at": row.created_at,
        }
        for row, ev in zip(rows, events, strict=True)
    ]


# ---------------------------------------------------------------------- signed heads
SIGNATURE_FIELDS = ("seq", "head_hash", "key_id", "signature")


def head_signature(game_id: Any, seq: int, head_hash: str, now: datetime) -> HeadSignature:
    """An unsaved signed head of ``game_id`` at ``seq`` (the current signing key)."""
    key_id, signature = signing.sign_head(game_id, seq, head_hash)
    return HeadSignature(
        game_id=game_id,
        seq=seq,
        head_hash=head_hash,
        key_id=key_id,
        signature=signature,
        created_at=now,
    )


def signature_rows(game_id: Any) -> list[dict[str, Any]]:
    return list(
        HeadSignature.objects.filter(game_id=game_id).order_by("seq").values(*SIGNATURE_FIELDS)
    )


def sign_missing_heads(game_id: Any, *, now: datetime | None = None) -> int:
    """Sign every hand-end and game-end head of a stored game that has no signature yet.

    The migration step for logs written before signing (``manage.py sign_heads``); idempotent.
    Signs only what the current log says: run ``verify_games`` first, since a log that was
    already rewritten would be signed as it stands. Returns the number of heads signed."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        done = set(HeadSignature.objects.filter(game_id=game.pk).values_list("seq", flat=True))
        todo = (
            GameEvent.objects.filter(game_id=game.pk, type__in=signing.SIGNED_TYPES)
            .exclude(seq__in=done)
            .order_by("seq")
            .values_list("seq", "hash")
        )
        new = [head_signature(game.pk, seq, digest, now) for seq, digest in todo]
        HeadSignature.objects.bulk_create(new)
    return len(new)


# ---------------------------------------------------------------------- reading the log
EVENT_FIELDS = ("seq", "type", "schema_version", "payload")

# The columns of an event row as the store reads them (values, not model instances).
EVENT_ROW_FIELDS = (
    "seq",
    "type",
    "schema_version",
    "payload",
    "actor_kind",
    "actor_player_id",
    "actor_seat",
    "created_at",
    "prev_hash",
    "hash",
)


def event_rows_queryset(game_id: Any, *, after_seq: int = 0):
    """A game's event rows in order, lazily (for paginating readers such as the admin)."""
    return (
        GameEvent.objects.filter(game_id=game_id, seq__gt=after_seq)
        .order_by("seq")
        .values(*EVENT_ROW_FIELDS)
    )


def event_rows(
    game_id: Any, *, after_seq: int = 0, limit: int | None = None
) -> list[dict[str, Any]]:
    qs = event_rows_queryset(game_id, after_seq=after_seq)
    if limit is not None:
        qs = qs[:limit]
    return list(qs)


# ---------------------------------------------------------------------- loading
class RecentAggregates:
    """The newest state this process committed or loaded of each of its last ``size`` games: a
    cache in memory, in front of the snapshots. The log is append-only, so the state of a game
    at a seq never changes, and a caller that holds the game row knows its current seq: a hit is
    exactly what a replay would give (aggregates are immutable). Only committed states are
    added: a command's when its transaction commits (a rolled-back command must not leave a
    state that never existed), a state read outside any transaction at once (``load``).

    One state per game, the newest: a game's next move starts from its latest state, never
    from an older one, so older states would only push other games out (with gunicorn's
    workers taking a game's moves in turn, a process holding a state per move kept a few games
    only, and the others were read from their snapshot again)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[str, Loaded] = OrderedDict()  # game id -> its newest state
        self._lock = threading.Lock()

    def get(self, game_id: Any, seq: int) -> Loaded | None:
        """The game's state at ``seq`` if it is the one held."""
        game = str(game_id)
        with self._lock:
            loaded = self._items.get(game)
            if loaded is None or loaded.aggregate.seq != seq:
                return None
            self._items.move_to_end(game)
            return loaded

    def newest_before(self, game_id: Any, seq: int) -> Loaded | None:
        """The state held for the game if it is at a seq below ``seq``: ``load`` then reads only
        the events after it. With several processes serving one game (gunicorn's workers take
        its requests in turn), a process mostly holds the game a move or two behind."""
        game = str(game_id)
        with self._lock:
            loaded = self._items.get(game)
            if loaded is None or loaded.aggregate.seq >= seq:
                return None
            self._items.move_to_end(game)
            return loaded

    def held(self, game_id: Any) -> Loaded | None:
        """The newest state held for the game, at whatever seq (``store.fast.lock_game_with_tail``
        reads the events after it with the game row's lock)."""
        game = str(game_id)
        with self._lock:
            loaded = self._items.get(game)
            if loaded is not None:
                self._items.move_to_end(game)
            return loaded

    def put(self, game_id: Any, loaded: Loaded) -> None:
        """Hold ``loaded`` as the game's state unless a newer one is held already."""
        if self.size <= 0:
            return
        game = str(game_id)
        with self._lock:
            held = self._items.get(game)
            if held is None or held.aggregate.seq <= loaded.aggregate.seq:
                self._items[game] = loaded
            self._items.move_to_end(game)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def put_on_commit(self, game_id: Any, loaded: Loaded) -> None:
        transaction.on_commit(lambda: self.put(game_id, loaded))

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


recent = RecentAggregates(int(getattr(settings, "HEARTS_AGGREGATE_CACHE_SIZE", 512)))


def replay(
    base: GameAggregate | None, base_seq: int, rows: Iterable[Mapping[str, Any]]
) -> GameAggregate | None:
    """``base`` (the state at ``base_seq``, None before the first event) after ``rows``: the
    events that follow it, in order, as ``EVENT_FIELDS`` mappings."""
    agg = base
    expected = base_seq
    for row in rows:
        expected += 1
        if row["seq"] != expected:  # pragma: no cover - guarded by the unique constraint
            raise UnknownEventType(f"gap in the log at seq {expected}", seq=expected)
        agg = agg_mod.evolve(
            agg, row["type"], upcast(row["type"], row["schema_version"], row["payload"])
        )
    return agg


def load_after(game: Game, held: Loaded | None, rows: Sequence[Mapping[str, Any]]) -> Loaded | None:
    """The game's current state from a state already at hand (``held``: one the process holds,
    or the game's snapshot; None: the start of the log) and the events after it (``rows``,
    read with the game row), or None when they do not reach the row's ``last_seq`` (then
    ``load``)."""
    start = 0 if held is None else held.aggregate.seq
    if start > game.last_seq or start + len(rows) != game.last_seq:
        return None
    if rows and (rows[0]["seq"] != start + 1 or rows[-1]["seq"] != game.last_seq):
        return None
    if held is not None and not rows:
        return held
    agg = replay(None if held is None else held.aggregate, start, rows)
    if agg is None:  # no state and no event: not a game's log
        return None
    return Loaded(aggregate=agg, snapshot_seq=0 if held is None else held.snapshot_seq)


def load(game: Game | Any, *, use_snapshots: bool = True, upto_seq: int | None = None) -> Loaded:
    """The aggregate of ``game`` (a ``Game`` or its id) after its last event (or ``upto_seq``).

    Given a ``Game`` row, its ``last_seq`` says which state is current: one the process holds
    in ``recent`` is used as it is (no read of the log at all)."""
    game_id = game.pk if isinstance(game, Game) else game
    cacheable = use_snapshots and upto_seq is None and isinstance(game, Game)
    base: GameAggregate | None = None
    base_seq = snapshot_seq = 0
    older = None
    if cacheable:
        hit = recent.get(game_id, game.last_seq)
        if hit is not None:
            return hit
        older = recent.newest_before(game_id, game.last_seq)
    if older is not None:  # the process holds an earlier state: only the events after it
        base, base_seq, snapshot_seq = older.aggregate, older.aggregate.seq, older.snapshot_seq
    elif use_snapshots:
        base, base_seq = latest_snapshot(game_id, upto_seq=upto_seq)
        snapshot_seq = base_seq
    rows = GameEvent.objects.filter(game_id=game_id, seq__gt=base_seq)
    if upto_seq is not None:
        rows = rows.filter(seq__lte=upto_seq)
    rows = rows.order_by("seq").values(*EVENT_FIELDS)
    agg = replay(base, base_seq, rows)
    if agg is None:
        raise GameNotFound(game_id=str(game_id))
    loaded = Loaded(aggregate=agg, snapshot_seq=snapshot_seq)
    # Kept when read outside a transaction (committed data). A command loads inside its own: on
    # commit it keeps the state it made (services._commit), so its starting state would only
    # take a slot; on rollback nothing is kept.
    if cacheable and agg.seq == game.last_seq and not transaction.get_connection().in_atomic_block:
        recent.put(game_id, loaded)
    return loaded
