"""The event store: stored event rows <-> (type, payload) facts, hash chain, snapshots.

* One registry (``EVENT_TYPES``) of every stored type: its current ``schema_version``, its kind
  (``lobby``, ``input`` or ``derived``) and the upcasters that lift old payloads. Engine types take
  their version from the engine's event classes; lobby types are declared here.
* ``append`` checks the expected sequence number against the (locked) game row, chains each new
  row to the previous one by sha256, and translates a unique-constraint violation on
  ``(game, seq)`` into ``ConcurrencyConflict``: callers never see ``IntegrityError``.
* ``load`` reads the newest snapshot of the current version plus the events after it as
  ``.values()`` rows (two queries, whatever the length of the game).
* Snapshots are written at every ``hand_dealt`` and when ``HEARTS_SNAPSHOT_EVERY`` events have
  passed since the last one. They are a cache: ``verify_games`` compares them with a full replay.

See docs/event-store.md.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from games import aggregate as agg_mod
from games import engine, signals, signing
from games.aggregate import GameAggregate
from games.errors import ConcurrencyConflict, GameNotFound, UnknownEventType
from games.models import Game, GameEvent, GameSnapshot, HeadSignature, Seat

GENESIS_HASH = "0" * 64

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


# ---------------------------------------------------------------------- upcasters (pure)
def upcast_game_created_v1_v2(payload: dict[str, Any]) -> dict[str, Any]:
    """v1 stored the creator as ``creator`` and had no options (no think delay, no turn limit)."""
    out = {k: v for k, v in payload.items() if k != "creator"}
    out["creator_id"] = payload.get("creator")
    out["options"] = {"think_delay_ms": 0, "turn_limit_s": None}
    return out


def upcast_seat_taken_v1_v2(payload: dict[str, Any]) -> dict[str, Any]:
    """v1 stored ``player`` (the id) and ``name``; v2 says ``player_id`` and ``display_name``."""
    return {
        "seat": payload["seat"],
        "player_id": payload["player"],
        "display_name": payload.get("name") or f"player {payload['player']}",
    }


# ---------------------------------------------------------------------- registry
@dataclass(frozen=True)
class EventType:
    type: str
    schema_version: int
    kind: str  # "lobby" | "input" | "derived"
    upcasters: Mapping[int, Upcaster]  # from version v to v + 1


def _engine_event_classes() -> Mapping[str, type]:
    registry = getattr(engine, "EVENT_TYPES", None)
    if registry is None:  # pragma: no cover - older engine without the public name
        from games.engine import events as engine_events

        registry = engine_events.EVENT_TYPES
    return registry


def _build_registry() -> dict[str, EventType]:
    lobby = {
        "game_created": EventType("game_created", 2, "lobby", {1: upcast_game_created_v1_v2}),
        "seat_taken": EventType("seat_taken", 2, "lobby", {1: upcast_seat_taken_v1_v2}),
        "seat_left": EventType("seat_left", 1, "lobby", {}),
        "ai_seat_added": EventType("ai_seat_added", 1, "lobby", {}),
        "seat_handed_to_ai": EventType("seat_handed_to_ai", 1, "lobby", {}),
        "seat_reclaimed": EventType("seat_reclaimed", 1, "lobby", {}),
        "game_started": EventType("game_started", 1, "lobby", {}),
    }
    assert set(lobby) == agg_mod.LOBBY_TYPES
    # Upcasters of engine types are declared here too when the engine bumps a schema version.
    engine_upcasters: dict[str, dict[int, Upcaster]] = {}
    registry = dict(lobby)
    for type_, cls in _engine_event_classes().items():
        kind = "derived" if getattr(cls, "DERIVED", False) else "input"
        registry[type_] = EventType(
            type_, cls.SCHEMA_VERSION, kind, engine_upcasters.get(type_, {})
        )
    return registry


EVENT_TYPES: dict[str, EventType] = _build_registry()
DERIVED_TYPES = frozenset(t for t, e in EVENT_TYPES.items() if e.kind == "derived")
INPUT_TYPES = frozenset(t for t, e in EVENT_TYPES.items() if e.kind == "input")


def current_version(type_: str) -> int:
    try:
        return EVENT_TYPES[type_].schema_version
    except KeyError:
        raise UnknownEventType(type=type_) from None


def upcast(type_: str, schema_version: int, payload: Mapping[str, Any]) -> dict[str, Any]:
    """Lift a stored payload to the current schema version of its type (pure, chained)."""
    try:
        spec = EVENT_TYPES[type_]
    except KeyError:
        raise UnknownEventType(type=type_) from None
    out = dict(payload)
    version = schema_version
    while version < spec.schema_version:
        step = spec.upcasters.get(version)
        if step is None:
            raise UnknownEventType(
                f"no upcaster for {type_} v{version}", type=type_, version=version
            )
        out = step(out)
        version += 1
    if version != spec.schema_version:
        raise UnknownEventType(f"{type_} v{schema_version} is newer than this code", type=type_)
    return out


# ---------------------------------------------------------------------- hash chain
def canonical_json(value: Any) -> str:
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


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


#: Keys of stored lobby payloads that hold an internal account id (``player`` and ``creator``
#: are their names in schema version 1 of ``seat_taken`` / ``game_created``). The one owner of
#: this knowledge: the public log leaves them out (chain v1) or shows their pseudonyms (v2).
INTERNAL_ID_KEYS = ("player_id", "creator_id", "player", "creator")

#: Chain versions: 1 hashes the stored form (account ids in the clear); 2 hashes the public form
#: (account ids replaced by per-game pseudonyms), for games with an ``id_salt``.
CHAIN_V1, CHAIN_V2 = 1, 2


def new_id_salt() -> str:
    """A new game's secret key of its pseudonyms (32 random bytes, hex)."""
    return secrets.token_hex(32)


def pseudonym(id_salt: str, account_id: Any) -> str | None:
    """``"p_" + hmac_sha256(key=id_salt, msg=str(account_id)).hexdigest()[:24]`` (None stays
    None): stable within a game, not linkable across games, not guessable without the salt."""
    if account_id is None:
        return None
    mac = hmac.new(id_salt.encode("utf-8"), str(account_id).encode("utf-8"), hashlib.sha256)
    return "p_" + mac.hexdigest()[:24]


def pseudonym_key(key: str) -> str:
    """The public name of an id key: ``player_id`` -> ``player_pseudonym``."""
    return key.removesuffix("_id") + "_pseudonym"


def id_keys_of(type_: str, payload: Mapping[str, Any]) -> list[str]:
    """The keys of a stored payload that hold an internal account id (lobby types only)."""
    if type_ not in agg_mod.LOBBY_TYPES or not isinstance(payload, Mapping):
        return []
    return [k for k in INTERNAL_ID_KEYS if k in payload]


def public_form(
    type_: str, payload: Any, actor: Mapping[str, Any], id_salt: str
) -> tuple[Any, dict[str, Any]]:
    """The chain v2 form of a stored event, the one that is hashed and published: each account
    id key of the payload renamed ``*_pseudonym`` holding the id's pseudonym, and the actor
    ``{kind, player_pseudonym, seat}``."""
    keys = id_keys_of(type_, payload)
    if keys:
        payload = {
            (pseudonym_key(k) if k in keys else k): (pseudonym(id_salt, v) if k in keys else v)
            for k, v in payload.items()
        }
    return payload, {
        "kind": actor["kind"],
        "player_pseudonym": pseudonym(id_salt, actor.get("player")),
        "seat": actor.get("seat"),
    }


def public_hash(
    *,
    prev_hash: str,
    game_id: str,
    seq: int,
    type_: str,
    schema_version: int,
    payload: Any,
    actor: Mapping[str, Any],
) -> str:
    """sha256(prev_hash + canonical JSON of [game id, seq, type, version, payload, actor]) of an
    event as given (the documented formula; ``actor`` is used with exactly its keys)."""
    body = canonical_json([str(game_id), seq, type_, schema_version, payload, dict(actor)])
    return hashlib.sha256((prev_hash + body).encode("utf-8")).hexdigest()


def event_hash(
    *,
    prev_hash: str,
    game_id: str,
    seq: int,
    type_: str,
    schema_version: int,
    payload: Any,
    actor: Mapping[str, Any],
    id_salt: str = "",
) -> str:
    """The hash of a stored event. Chain v1 (no ``id_salt``): of the stored form, the actor
    being ``{kind, player, seat}``. Chain v2: of its ``public_form`` (pseudonyms for ids)."""
    if id_salt:
        payload, hashed_actor = public_form(type_, payload, actor, id_salt)
    else:
        hashed_actor = {
            "kind": actor["kind"],
            "player": actor.get("player"),
            "seat": actor.get("seat"),
        }
    return public_hash(
        prev_hash=prev_hash,
        game_id=game_id,
        seq=seq,
        type_=type_,
        schema_version=schema_version,
        payload=payload,
        actor=hashed_actor,
    )


# ---------------------------------------------------------------------- new events
@dataclass(frozen=True)
class NewEvent:
    type: str
    payload: dict[str, Any]
    actor: Actor
    schema_version: int | None = None  # None: the current version of the type


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
    except (Game.DoesNotExist, ValidationError, ValueError, TypeError):
        raise GameNotFound(game_id=str(game_id)) from None


def lock_game(game_id: Any) -> Game:
    """The game row, locked for this transaction (PostgreSQL; a no-op on SQLite, whose
    IMMEDIATE transactions serialise writers). The unique (game, seq) constraint is the
    guarantee."""
    return get_game(game_id, lock=True)


def append(
    game: Game,
    *,
    expected_seq: int,
    events: Sequence[NewEvent],
    now: datetime | None = None,
) -> list[dict[str, Any]]:
    """Append ``events`` after ``expected_seq``; returns the stored rows as dicts.

    Must run inside the caller's transaction. Updates ``game.last_seq/last_hash/last_event_at``
    in memory and in the database.
    """
    if game.last_seq != expected_seq:
        raise ConcurrencyConflict(current_seq=game.last_seq)
    if not events:
        return []
    now = now or timezone.now()
    prev_hash = game.last_hash or GENESIS_HASH
    rows: list[GameEvent] = []
    stored: list[dict[str, Any]] = []
    seq = expected_seq
    for ev in events:
        seq += 1
        version = ev.schema_version if ev.schema_version is not None else current_version(ev.type)
        actor = ev.actor.to_dict()
        digest = event_hash(
            prev_hash=prev_hash,
            game_id=str(game.pk),
            seq=seq,
            type_=ev.type,
            schema_version=version,
            payload=ev.payload,
            actor=actor,
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
                created_at=now,
                prev_hash=prev_hash,
                hash=digest,
            )
        )
        stored.append(
            {
                "seq": seq,
                "type": ev.type,
                "schema_version": version,
                "payload": ev.payload,
                "actor": actor,
                "created_at": now,
            }
        )
        prev_hash = digest
    # The head after a hand end or a game end is signed in the same transaction (~50 us each).
    signatures = [
        head_signature(game.pk, row.seq, row.hash, now)
        for row in rows
        if row.type in signing.SIGNED_TYPES
    ]
    try:
        with transaction.atomic():
            GameEvent.objects.bulk_create(rows)
            if signatures:
                HeadSignature.objects.bulk_create(signatures)
    except IntegrityError:
        current = GameEvent.objects.filter(game_id=game.pk).aggregate(m=Max("seq"))["m"] or 0
        raise ConcurrencyConflict(current_seq=current) from None
    game.last_seq = seq
    game.last_hash = prev_hash
    game.last_event_at = now
    signals.send_events_appended_on_commit(
        game_id=game.pk, first_seq=expected_seq + 1, last_seq=seq
    )
    return stored


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


def seat_row_fields(seat: agg_mod.SeatState) -> dict[str, Any]:
    """The ``Seat`` read-model columns for a seat of the aggregate."""
    return {
        "kind": seat.kind,
        "player_id": seat.player_id,
        "display_name": seat.display_name,
        "ai_level": seat.ai_level or "",
        "handed_to_ai": seat.handed_to_ai,
        "resigned": seat.resigned,
    }


def sync_read_model(
    game: Game, before: GameAggregate | None, agg: GameAggregate, *, now: datetime
) -> None:
    """Bring the ``Game`` and ``Seat`` rows in line with the aggregate (caller's transaction)."""
    if agg.status != agg_mod.LOBBY and game.started_at is None:
        game.started_at = now
    if agg.status == agg_mod.FINISHED and game.finished_at is None:
        game.finished_at = now
    game.status = agg.status
    game.to_act = list(agg.to_act)
    game.awaiting_ai = bool(agg.ai_seats_to_act())
    game.save(
        update_fields=[
            "status",
            "started_at",
            "finished_at",
            "last_seq",
            "last_hash",
            "last_event_at",
            "to_act",
            "awaiting_ai",
        ]
    )
    for index, seat in enumerate(agg.seats):
        if before is not None and before.seats[index] == seat:
            continue
        Seat.objects.filter(game_id=game.pk, index=index).update(**seat_row_fields(seat))


def create_game_row(
    *, rules: Any, creator_id: int | None, options: Mapping[str, Any], now: datetime
) -> Game:
    game = Game.objects.create(
        preset=rules.preset,
        ruleset=rules.to_dict(),
        creator_id=creator_id,
        options=dict(options),
        created_at=now,
        status=Game.Status.LOBBY,
        id_salt=new_id_salt(),
    )
    return game


# ---------------------------------------------------------------------- loading
EVENT_FIELDS = ("seq", "type", "schema_version", "payload")


def snapshot_version() -> str:
    return f"engine-{engine.ENGINE_VERSION}.aggregate-{agg_mod.AGGREGATE_VERSION}"


def snapshot_every() -> int:
    return int(getattr(settings, "HEARTS_SNAPSHOT_EVERY", 100))


@dataclass(frozen=True)
class Loaded:
    aggregate: GameAggregate
    snapshot_seq: int  # 0 when replayed from scratch


def upcast_rows(rows: Iterable[Mapping[str, Any]]) -> Iterable[tuple[str, dict[str, Any]]]:
    for row in rows:
        yield row["type"], upcast(row["type"], row["schema_version"], row["payload"])


class RecentAggregates:
    """The aggregates this process committed or loaded last, by (game id, seq): a cache in
    memory, in front of the snapshots. The log is append-only, so the state of a game at a seq
    never changes, and a caller that holds the game row knows its current seq: a hit is exactly
    what a replay would give (aggregates are immutable). Only committed states are added: a
    command's when its transaction commits (a rolled-back command must not leave a state that
    never existed), a state read outside any transaction at once (``load``)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[str, int], Loaded] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: Any, seq: int) -> Loaded | None:
        key = (str(game_id), seq)
        with self._lock:
            loaded = self._items.get(key)
            if loaded is not None:
                self._items.move_to_end(key)
            return loaded

    def put(self, game_id: Any, loaded: Loaded) -> None:
        if self.size <= 0:
            return
        with self._lock:
            self._items[(str(game_id), loaded.aggregate.seq)] = loaded
            self._items.move_to_end((str(game_id), loaded.aggregate.seq))
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def put_on_commit(self, game_id: Any, loaded: Loaded) -> None:
        transaction.on_commit(lambda: self.put(game_id, loaded))

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


recent = RecentAggregates(int(getattr(settings, "HEARTS_AGGREGATE_CACHE_SIZE", 256)))


def load(game: Game | Any, *, use_snapshots: bool = True, upto_seq: int | None = None) -> Loaded:
    """The aggregate of ``game`` (a ``Game`` or its id) after its last event (or ``upto_seq``).

    Given a ``Game`` row, its ``last_seq`` says which state is current: one the process holds
    in ``recent`` is used as it is (no read of the log at all)."""
    game_id = game.pk if isinstance(game, Game) else game
    cacheable = use_snapshots and upto_seq is None and isinstance(game, Game)
    if cacheable:
        hit = recent.get(game_id, game.last_seq)
        if hit is not None:
            return hit
    base: GameAggregate | None = None
    base_seq = 0
    if use_snapshots:
        snaps = GameSnapshot.objects.filter(game_id=game_id, version=snapshot_version())
        if upto_seq is not None:
            snaps = snaps.filter(seq__lte=upto_seq)
        snap = snaps.order_by("-seq").values("seq", "state").first()
        if snap is not None:
            base = agg_mod.aggregate_from_dict(snap["state"])
            base_seq = snap["seq"]
    rows = GameEvent.objects.filter(game_id=game_id, seq__gt=base_seq)
    if upto_seq is not None:
        rows = rows.filter(seq__lte=upto_seq)
    rows = rows.order_by("seq").values(*EVENT_FIELDS)
    agg = base
    expected = base_seq
    for row in rows:
        expected += 1
        if row["seq"] != expected:  # pragma: no cover - guarded by the unique constraint
            raise UnknownEventType(f"gap in the log at seq {expected}", seq=expected)
        agg = agg_mod.evolve(
            agg, row["type"], upcast(row["type"], row["schema_version"], row["payload"])
        )
    if agg is None:
        raise GameNotFound(game_id=str(game_id))
    loaded = Loaded(aggregate=agg, snapshot_seq=base_seq)
    # Kept when read outside a transaction (committed data). A command loads inside its own: on
    # commit it keeps the state it made (services._commit), so its starting state would only
    # take a slot; on rollback nothing is kept.
    if cacheable and agg.seq == game.last_seq and not transaction.get_connection().in_atomic_block:
        recent.put(game_id, loaded)
    return loaded


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


# ---------------------------------------------------------------------- verification
@dataclass(frozen=True)
class Mismatch:
    game_id: str
    seq: int | None
    what: str

    def __str__(self) -> str:
        where = f"seq {self.seq}" if self.seq is not None else "game"
        return f"game {self.game_id} {where}: {self.what}"


def _move_for(event: Any) -> Any:
    """The command that produced a stored input fact."""
    if isinstance(event, engine.HandDealt):
        return engine.DealHand(deck=event.deck, salt=event.salt)
    if isinstance(event, engine.CardsPassed):
        return engine.PassCards(seat=event.seat, cards=event.cards)
    if isinstance(event, engine.CardPlayed):
        return engine.PlayCard(seat=event.seat, card=event.card)
    if isinstance(event, engine.MoonChosen):
        return engine.ChooseMoon(seat=event.seat, choice=event.choice)
    raise TypeError(f"not an input event: {event!r}")  # pragma: no cover


def _short(value: Any, limit: int = 300) -> str:
    text = canonical_json(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _check_lobby(agg: GameAggregate | None, type_: str, payload: Mapping[str, Any]) -> str | None:
    """Re-decide a lobby fact against the state before it; a message when the rules refuse it."""
    from games.errors import GameError

    if type_ == "game_created":
        return None if agg is None else "game_created after the start of the log"
    if agg is None:
        return f"{type_} before game_created"
    try:
        if type_ == "seat_taken":
            agg_mod.decide_seat_take(
                agg,
                player_id=payload["player_id"],
                display_name=payload["display_name"],
                seat=payload["seat"],
            )
        elif type_ == "ai_seat_added":
            if agg.status != agg_mod.LOBBY:
                return "ai_seat_added after the game started"
            if not agg.seats[payload["seat"]].is_empty:
                return f"ai_seat_added on occupied seat {payload['seat']}"
        elif type_ == "seat_left":
            agg_mod.decide_seat_leave(agg, player_id=payload["player_id"])
        elif type_ == "game_started":
            if agg.creator_id is not None:
                agg_mod.decide_start(agg, player_id=agg.creator_id)
        elif type_ == "seat_handed_to_ai":
            seat = agg.seats[payload["seat"]]
            if seat.kind != agg_mod.HUMAN or agg.status != agg_mod.ACTIVE:
                return f"seat_handed_to_ai on seat {payload['seat']}: no human plays it in a game"
        elif type_ == "seat_reclaimed":
            seat = agg.seats[payload["seat"]]
            if not seat.handed_to_ai or seat.resigned:
                return f"seat_reclaimed on seat {payload['seat']} that is not handed to the AI"
    except GameError as exc:
        return f"{type_} refused by the lobby rules: {exc.code}"
    except (KeyError, IndexError, TypeError) as exc:
        return f"{type_} payload malformed: {exc!r}"
    return None


@dataclass
class Verification:
    mismatches: list[Mismatch]
    aggregate: GameAggregate | None
    states: dict[int, GameAggregate]  # replayed aggregates at the requested sequence numbers


def verify_log(
    game_id: str,
    rows: Sequence[Mapping[str, Any]],
    *,
    capture: Iterable[int] = (),
    id_salt: str = "",
) -> Verification:
    """Check a log from scratch: numbering, hash chain, replay, and every derived fact.

    ``rows``: dicts with seq, type, schema_version, payload, actor_kind, actor_player_id,
    actor_seat, prev_hash, hash (as stored); ``id_salt`` the game's (chain v2; blank: v1), with
    which the pseudonyms of the hashed form are recomputed from the stored ids. Each input fact
    is re-decided by the engine on the state before it; the derived facts it yields must be
    exactly the stored events that follow.
    """
    out: list[Mismatch] = []
    capture = set(capture)
    states: dict[int, GameAggregate] = {}

    def bad(seq: int | None, what: str) -> None:
        out.append(Mismatch(str(game_id), seq, what))

    prev = GENESIS_HASH
    for index, row in enumerate(rows, start=1):
        seq = row["seq"]
        if seq != index:
            bad(seq, f"sequence number {seq} where {index} was expected")
        if row["prev_hash"] != prev:
            bad(seq, f"prev_hash {row['prev_hash'][:12]}... does not chain to {prev[:12]}...")
        actor = {
            "kind": row["actor_kind"],
            "player": row["actor_player_id"],
            "seat": row["actor_seat"],
        }
        digest = event_hash(
            prev_hash=row["prev_hash"],
            game_id=str(game_id),
            seq=seq,
            type_=row["type"],
            schema_version=row["schema_version"],
            payload=row["payload"],
            actor=actor,
            id_salt=id_salt,
        )
        if digest != row["hash"]:
            bad(
                seq,
                f"hash mismatch: stored {row['hash'][:12]}..., recomputed {digest[:12]}... "
                f"(the {row['type']} event was altered)",
            )
        prev = row["hash"]

    agg: GameAggregate | None = None
    pending: list[tuple[str, dict[str, Any]]] = []
    for row in rows:
        seq, type_ = row["seq"], row["type"]
        try:
            payload = upcast(type_, row["schema_version"], row["payload"])
        except UnknownEventType as exc:
            bad(seq, f"cannot read {type_} v{row['schema_version']}: {exc}")
            return Verification(out, None, states)
        if type_ in DERIVED_TYPES:
            if not pending:
                bad(seq, f"{type_} is not derived by replay here: stored {_short(payload)}")
            else:
                exp_type, exp_payload = pending.pop(0)
                if exp_type != type_ or canonical_json(exp_payload) != canonical_json(payload):
                    bad(
                        seq,
                        f"stored {type_} {_short(payload)} differs from replay "
                        f"{exp_type} {_short(exp_payload)}",
                    )
        else:
            if pending:
                bad(
                    seq,
                    f"replay derives {', '.join(t for t, _ in pending)} before this {type_}; "
                    "not stored",
                )
                pending = []
            if type_ in INPUT_TYPES:
                if agg is None:
                    bad(seq, f"{type_} before game_created")
                    return Verification(out, None, states)
                try:
                    decided = engine.decide(
                        agg.state, _move_for(engine.event_from_payload(type_, payload))
                    )
                except engine.RuleViolation as exc:
                    bad(
                        seq,
                        f"{type_} {_short(payload)} refused by the rules: {exc.code}; "
                        "replay stops here",
                    )
                    return Verification(out, None, states)
                except (ValueError, KeyError, TypeError) as exc:
                    bad(seq, f"{type_} payload malformed: {exc!r}; replay stops here")
                    return Verification(out, None, states)
                else:
                    first_type, _, first_payload = engine.event_to_payload(decided[0])
                    if first_type != type_ or canonical_json(first_payload) != canonical_json(
                        payload
                    ):
                        bad(
                            seq,
                            f"stored {type_} {_short(payload)} differs from the decided "
                            f"{first_type} {_short(first_payload)}",
                        )
                    pending = [(t, p) for t, _, p in map(engine.event_to_payload, decided[1:])]
            else:
                problem = _check_lobby(agg, type_, payload)
                if problem:
                    bad(seq, problem)
        try:
            agg = agg_mod.evolve(agg, type_, payload)
        except Exception as exc:
            bad(seq, f"replay failed on {type_}: {exc!r}")
            return Verification(out, None, states)
        if seq in capture:
            states[seq] = agg
    if pending:
        bad(
            rows[-1]["seq"] if rows else None,
            f"log ends but replay derives {', '.join(t for t, _ in pending)}",
        )
    if not rows:
        bad(None, "empty event log")
    return Verification(out, agg, states)


# ---------------------------------------------------------------------- signed heads
SIGNATURE_FIELDS = ("seq", "head_hash", "key_id", "signature")
SIGNATURE_ERROR = "signature error"
CHECKPOINT_ERROR = "checkpoint error"


def signature_rows(game_id: Any) -> list[dict[str, Any]]:
    return list(
        HeadSignature.objects.filter(game_id=game_id).order_by("seq").values(*SIGNATURE_FIELDS)
    )


def verify_signatures(
    game_id: Any,
    rows: Sequence[Mapping[str, Any]],
    signatures: Iterable[Mapping[str, Any]],
    *,
    keys: Mapping[str, signing.PublicKey] | None = None,
) -> list[Mismatch]:
    """Check a log's signed heads with the public keys (the server's by default).

    Each signature must verify with a listed key, sign exactly the log's hash at its seq, and
    every ``hand_scored`` / ``game_ended`` head must be signed. A log rewritten with recomputed
    sha256 hashes fails here unless the writer also holds the private key."""
    gid = str(game_id)
    out: list[Mismatch] = []
    by_seq = {r["seq"]: r for r in rows}
    signed: set[int] = set()
    for sig in signatures:
        seq = int(sig["seq"])
        signed.add(seq)
        row = by_seq.get(seq)
        if row is None:
            out.append(
                Mismatch(
                    gid,
                    seq,
                    f"{SIGNATURE_ERROR}: a head is signed at seq {seq} but the log ends at "
                    f"{len(rows)} (truncated)",
                )
            )
        elif row["hash"] != sig["head_hash"]:
            out.append(
                Mismatch(
                    gid,
                    seq,
                    f"{SIGNATURE_ERROR}: the signed head {str(sig['head_hash'])[:12]}... is not "
                    f"the log's hash {row['hash'][:12]}... (the log was rewritten)",
                )
            )
        problem = signing.check_signature(
            gid, seq, str(sig["head_hash"]), str(sig["key_id"]), str(sig["signature"]), keys=keys
        )
        if problem:
            out.append(Mismatch(gid, seq, f"{SIGNATURE_ERROR}: {problem}"))
    for row in rows:
        if row["type"] in signing.SIGNED_TYPES and row["seq"] not in signed:
            out.append(
                Mismatch(
                    gid,
                    row["seq"],
                    f"{SIGNATURE_ERROR}: the head after {row['type']} is not signed (logs older "
                    "than signing: run manage.py sign_heads)",
                )
            )
    return out


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


# ---------------------------------------------------------------------- checkpoints
@dataclass(frozen=True)
class Checkpoint:
    """A signed head kept by an auditor outside the database (one JSON line)."""

    game_id: str
    seq: int
    head_hash: str
    key_id: str
    signature: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "seq": self.seq,
            "head_hash": self.head_hash,
            "key_id": self.key_id,
            "signature": self.signature,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Checkpoint:
        return cls(
            game_id=str(data["game_id"]),
            seq=int(data["seq"]),
            head_hash=str(data["head_hash"]),
            key_id=str(data["key_id"]),
            signature=str(data["signature"]),
        )


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


def read_checkpoints(lines: Iterable[str]) -> dict[str, list[Checkpoint]]:
    """Parse a JSON-lines checkpoint file; ``ValueError`` names the first bad line."""
    out: dict[str, list[Checkpoint]] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            cp = Checkpoint.from_dict(json.loads(line))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"line {number}: not a checkpoint ({exc!r})") from None
        out.setdefault(cp.game_id, []).append(cp)
    return out


def verify_checkpoints(
    game_id: Any,
    rows: Sequence[Mapping[str, Any]],
    checkpoints: Iterable[Checkpoint],
    *,
    keys: Mapping[str, signing.PublicKey] | None = None,
) -> list[Mismatch]:
    """The log must still hold, at each checkpoint's seq, the head the checkpoint signed."""
    gid = str(game_id)
    out: list[Mismatch] = []
    by_seq = {r["seq"]: r for r in rows}
    for cp in checkpoints:
        problem = signing.check_signature(
            gid, cp.seq, cp.head_hash, cp.key_id, cp.signature, keys=keys
        )
        if problem:
            out.append(Mismatch(gid, cp.seq, f"{CHECKPOINT_ERROR}: the checkpoint is {problem}"))
        row = by_seq.get(cp.seq)
        if row is None:
            out.append(
                Mismatch(
                    gid,
                    cp.seq,
                    f"{CHECKPOINT_ERROR}: the checkpoint holds seq {cp.seq} but the log ends at "
                    f"{len(rows)} (truncated)",
                )
            )
        elif row["hash"] != cp.head_hash:
            out.append(
                Mismatch(
                    gid,
                    cp.seq,
                    f"{CHECKPOINT_ERROR}: the log's hash {row['hash'][:12]}... differs from the "
                    f"checkpoint's {cp.head_hash[:12]}... (the log was rewritten)",
                )
            )
    return out


# ---------------------------------------------------------------------- one game, all checks
@dataclass(frozen=True)
class GameVerification:
    """The structured result of verifying one stored game (``verify_game_report``)."""

    game_id: str
    mismatches: tuple[Mismatch, ...]
    events: int
    signed_heads: int
    checkpoints: int

    @property
    def ok(self) -> bool:
        return not self.mismatches

    def to_dict(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "ok": self.ok,
            "events": self.events,
            "signed_heads": self.signed_heads,
            "checkpoints": self.checkpoints,
            "mismatches": [{"seq": m.seq, "what": m.what, "text": str(m)} for m in self.mismatches],
        }


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
    from django.contrib.auth import get_user_model

    gid = str(game.pk)
    snapshots = list(
        GameSnapshot.objects.filter(game_id=game.pk)
        .order_by("seq")
        .values("seq", "version", "state")
    )
    current = snapshot_version()
    result = verify_log(
        gid,
        rows,
        capture=[s["seq"] for s in snapshots if s["version"] == current],
        id_salt=game.id_salt,
    )
    out = list(result.mismatches)
    for snap in snapshots:
        if snap["version"] != current:
            continue  # a snapshot of another engine version is ignored by load(): not a fault
        replayed = result.states.get(snap["seq"])
        if replayed is None:
            if result.aggregate is not None:  # else replay stopped early: already reported
                out.append(Mismatch(gid, snap["seq"], "snapshot beyond the end of the log"))
        elif canonical_json(agg_mod.aggregate_to_dict(replayed)) != canonical_json(snap["state"]):
            out.append(Mismatch(gid, snap["seq"], "snapshot differs from a full replay"))
    agg = result.aggregate
    if agg is None:
        return out
    if game.last_seq != agg.seq:
        out.append(Mismatch(gid, None, f"read model last_seq {game.last_seq} != log {agg.seq}"))
    if rows and game.last_hash != rows[-1]["hash"]:
        out.append(Mismatch(gid, None, "read model last_hash is not the hash of the last event"))
    if game.status != agg.status:
        out.append(
            Mismatch(gid, None, f"read model status {game.status!r} != replay {agg.status!r}")
        )
    if game.preset != agg.rules.preset:
        out.append(
            Mismatch(gid, None, f"read model preset {game.preset!r} != {agg.rules.preset!r}")
        )
    seat_rows = {s["index"]: s for s in game.seats.values()}
    known = set(
        get_user_model()
        .objects.filter(pk__in=[s.player_id for s in agg.seats if s.player_id])
        .values_list("pk", flat=True)
    )
    for index, seat in enumerate(agg.seats):
        row = seat_rows.get(index)
        if row is None:
            out.append(Mismatch(gid, None, f"seat {index} has no read-model row"))
            continue
        expected = seat_row_fields(seat)
        if seat.player_id is not None and seat.player_id not in known:
            expected["player_id"] = None  # imported from another server: the player is not here
        diffs = [f"{k} {row[k]!r} != {v!r}" for k, v in expected.items() if row[k] != v]
        if diffs:
            out.append(Mismatch(gid, None, f"seat {index} read model: {', '.join(diffs)}"))
    return out


# ---------------------------------------------------------------------- export / import
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


def _rows_from_export(
    data: Mapping[str, Any],
) -> tuple[str, list[dict[str, Any]], list[dict[str, Any]] | None]:
    """(source game id, event rows, signed heads or None for a version 1 export)."""
    from games.errors import InvalidGameLog

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
    from games.errors import InvalidGameLog

    salt = data["game"].get("id_salt") or ""
    if not isinstance(salt, str):
        raise InvalidGameLog("malformed export: game.id_salt is not a string")
    return salt


def verify_export(data: Mapping[str, Any], *, trusted_keys: Iterable[str] = ()) -> list[Mismatch]:
    """Check an export on its own (chain, replay and signed heads) without writing anything.

    Signatures are checked with this server's public keys plus ``trusted_keys`` (base64 public
    keys of the exporting server, e.g. from its ``GET /api/v1/signing-keys/``). The keys inside
    the export are NOT trusted: whoever rewrites a file can sign it with a key of their own."""
    source_id, rows, sigs = _rows_from_export(data)
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
    return out


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
    from django.contrib.auth import get_user_model

    from games.errors import InvalidGameLog

    source_id, rows, sigs = _rows_from_export(data)
    problems = verify_export(data, trusted_keys=trusted_keys)
    result = verify_log(source_id, rows, id_salt=_export_id_salt(data))
    if problems or result.aggregate is None:
        raise InvalidGameLog(
            "the game log does not verify",
            mismatches=[str(m) for m in problems[:50]],
        )
    signed_seqs = {int(s["seq"]) for s in sigs or ()}
    signed_seqs |= {r["seq"] for r in rows if r["type"] in signing.SIGNED_TYPES}
    agg = result.aggregate
    player_ids = {r["actor_player_id"] for r in rows if r["actor_player_id"] is not None}
    player_ids |= {s.player_id for s in agg.seats if s.player_id is not None}
    if agg.creator_id is not None:
        player_ids.add(agg.creator_id)
    known = set(get_user_model().objects.filter(pk__in=player_ids).values_list("pk", flat=True))
    with transaction.atomic():
        game = create_game_row(
            rules=agg.rules,
            creator_id=agg.creator_id if agg.creator_id in known else None,
            options=agg.options,
            now=rows[0]["created_at"],
        )
        Seat.objects.bulk_create([Seat(game=game, index=i) for i in range(len(agg.seats))])
        prev = GENESIS_HASH
        new_rows = []
        for r in rows:
            player = r["actor_player_id"] if r["actor_player_id"] in known else None
            actor = {"kind": r["actor_kind"], "player": player, "seat": r["actor_seat"]}
            digest = event_hash(
                prev_hash=prev,
                game_id=str(game.pk),
                seq=r["seq"],
                type_=r["type"],
                schema_version=r["schema_version"],
                payload=r["payload"],
                actor=actor,
                id_salt=game.id_salt,
            )
            new_rows.append(
                GameEvent(
                    game=game,
                    seq=r["seq"],
                    type=r["type"],
                    schema_version=r["schema_version"],
                    payload=r["payload"],
                    actor_kind=r["actor_kind"],
                    actor_player_id=player,
                    actor_seat=r["actor_seat"],
                    created_at=r["created_at"],
                    prev_hash=prev,
                    hash=digest,
                )
            )
            prev = digest
        GameEvent.objects.bulk_create(new_rows)
        now = timezone.now()
        HeadSignature.objects.bulk_create(
            [head_signature(game.pk, r.seq, r.hash, now) for r in new_rows if r.seq in signed_seqs]
        )
        game.last_seq = rows[-1]["seq"]
        game.last_hash = prev
        game.last_event_at = rows[-1]["created_at"]
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
