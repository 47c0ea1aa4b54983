"""Verification, pure: a log's numbering, hash chain, replay and derived facts (``verify_log``),
its signed heads (``verify_signatures``), an auditor's checkpoints (``verify_checkpoints``), and
the comparison of snapshots and read-model rows with a replay. Nothing here reads the database:
``games.store.audit`` reads a stored game and hands its rows to these functions; an export is
checked by the same functions (``games.store.transfer``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import aggregate as agg_mod
from games import engine, signing
from games.aggregate import GameAggregate
from games.errors import GameError, UnknownEventType
from games.store.chain import GENESIS_HASH, canonical_json, event_hash
from games.store.read_model import hands_scored, seat_fields
from games.store.registry import DERIVED_TYPES, INPUT_TYPES, upcast

SIGNATURE_ERROR = "signature error"
CHECKPOINT_ERROR = "checkpoint error"


@dataclass(frozen=True)
class Mismatch:
    game_id: str
    seq: int | None
    what: str

    def __str__(self) -> str:
        where = f"seq {self.seq}" if self.seq is not None else "game"
        return f"game {self.game_id} {where}: {self.what}"


@dataclass
class Verification:
    mismatches: list[Mismatch]
    aggregate: GameAggregate | None
    states: dict[int, GameAggregate]  # replayed aggregates at the requested sequence numbers


# ---------------------------------------------------------------------- the log
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
    exactly the stored events that follow. The aggregate is None when replay had to stop.
    """
    gid = str(game_id)
    out = check_chain(gid, rows, id_salt=id_salt)
    replay = _Replay(gid, frozenset(capture))
    for row in rows:
        if not replay.step(row):
            return Verification(out + replay.mismatches, None, replay.states)
    replay.finish(rows)
    return Verification(out + replay.mismatches, replay.aggregate, replay.states)


def check_chain(game_id: str, rows: Sequence[Mapping[str, Any]], *, id_salt: str) -> list[Mismatch]:
    """Numbering 1, 2, ...; each ``prev_hash`` the hash before it; each hash recomputed."""
    out: list[Mismatch] = []
    prev = GENESIS_HASH
    for index, row in enumerate(rows, start=1):
        seq = row["seq"]
        if seq != index:
            out.append(Mismatch(game_id, seq, f"sequence number {seq} where {index} was expected"))
        if row["prev_hash"] != prev:
            out.append(
                Mismatch(
                    game_id,
                    seq,
                    f"prev_hash {row['prev_hash'][:12]}... does not chain to {prev[:12]}...",
                )
            )
        digest = event_hash(
            prev_hash=row["prev_hash"],
            game_id=game_id,
            seq=seq,
            type_=row["type"],
            schema_version=row["schema_version"],
            payload=row["payload"],
            actor={
                "kind": row["actor_kind"],
                "player": row["actor_player_id"],
                "seat": row["actor_seat"],
            },
            id_salt=id_salt,
        )
        if digest != row["hash"]:
            out.append(
                Mismatch(
                    game_id,
                    seq,
                    f"hash mismatch: stored {row['hash'][:12]}..., recomputed {digest[:12]}... "
                    f"(the {row['type']} event was altered)",
                )
            )
        prev = row["hash"]
    return out


@dataclass
class _Replay:
    """A replay from scratch that re-decides each stored fact on the state before it.

    Input facts go back through ``engine.decide``; the derived facts it yields wait in
    ``pending`` until the stored derived events that must follow match them one by one. Lobby
    facts are re-checked by the lobby rules. ``step`` returns False where replay must stop."""

    game_id: str
    capture: frozenset[int]
    mismatches: list[Mismatch] = field(default_factory=list)
    states: dict[int, GameAggregate] = field(default_factory=dict)
    aggregate: GameAggregate | None = None
    pending: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def bad(self, seq: int | None, what: str) -> None:
        self.mismatches.append(Mismatch(self.game_id, seq, what))

    def stop(self, seq: int, what: str) -> bool:
        self.bad(seq, what)
        return False

    def step(self, row: Mapping[str, Any]) -> bool:
        seq, type_ = row["seq"], row["type"]
        try:
            payload = upcast(type_, row["schema_version"], row["payload"])
        except UnknownEventType as exc:
            return self.stop(seq, f"cannot read {type_} v{row['schema_version']}: {exc}")
        if type_ in DERIVED_TYPES:
            self.match_derived(seq, type_, payload)
        else:
            self.nothing_pending(seq, type_)
            if type_ in INPUT_TYPES:
                if not self.redecide(seq, type_, payload):
                    return False
            else:
                problem = check_lobby(self.aggregate, type_, payload)
                if problem:
                    self.bad(seq, problem)
        try:
            self.aggregate = agg_mod.evolve(self.aggregate, type_, payload)
        except Exception as exc:
            return self.stop(seq, f"replay failed on {type_}: {exc!r}")
        if seq in self.capture:
            self.states[seq] = self.aggregate
        return True

    def match_derived(self, seq: int, type_: str, payload: dict[str, Any]) -> None:
        """A stored derived fact must be the next one the replay derived."""
        if not self.pending:
            self.bad(seq, f"{type_} is not derived by replay here: stored {_short(payload)}")
            return
        exp_type, exp_payload = self.pending.pop(0)
        if exp_type != type_ or canonical_json(exp_payload) != canonical_json(payload):
            self.bad(
                seq,
                f"stored {type_} {_short(payload)} differs from replay "
                f"{exp_type} {_short(exp_payload)}",
            )

    def nothing_pending(self, seq: int, type_: str) -> None:
        """Before a fact that is not derived, every derived fact must have been stored."""
        if self.pending:
            self.bad(
                seq,
                f"replay derives {', '.join(t for t, _ in self.pending)} before this {type_}; "
                "not stored",
            )
            self.pending = []

    def redecide(self, seq: int, type_: str, payload: dict[str, Any]) -> bool:
        """Decide the command of a stored input fact again: it must yield that same fact."""
        if self.aggregate is None:
            return self.stop(seq, f"{type_} before game_created")
        try:
            move = _move_for(engine.event_from_payload(type_, payload))
            decided = engine.decide(self.aggregate.state, move)
        except engine.RuleViolation as exc:
            return self.stop(
                seq,
                f"{type_} {_short(payload)} refused by the rules: {exc.code}; replay stops here",
            )
        except (ValueError, KeyError, TypeError) as exc:
            return self.stop(seq, f"{type_} payload malformed: {exc!r}; replay stops here")
        first_type, _, first_payload = engine.event_to_payload(decided[0])
        if first_type != type_ or canonical_json(first_payload) != canonical_json(payload):
            self.bad(
                seq,
                f"stored {type_} {_short(payload)} differs from the decided "
                f"{first_type} {_short(first_payload)}",
            )
        self.pending = [(t, p) for t, _, p in map(engine.event_to_payload, decided[1:])]
        return True

    def finish(self, rows: Sequence[Mapping[str, Any]]) -> None:
        if self.pending:
            self.bad(
                rows[-1]["seq"] if rows else None,
                f"log ends but replay derives {', '.join(t for t, _ in self.pending)}",
            )
        if not rows:
            self.bad(None, "empty event log")


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


def check_lobby(agg: GameAggregate | None, type_: str, payload: Mapping[str, Any]) -> str | None:
    """Re-decide a lobby fact against the state before it; a message when the rules refuse it."""

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
                bot_owner=payload.get("bot_owner"),
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


# ---------------------------------------------------------------------- signed heads
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


# ---------------------------------------------------------------------- snapshots, read model
def check_snapshots(
    game_id: str, snapshots: Iterable[Mapping[str, Any]], result: Verification, *, version: str
) -> list[Mismatch]:
    """Each stored snapshot of the current ``version`` must equal the replayed state at its seq
    (``result`` of a ``verify_log`` that captured those seqs)."""
    out: list[Mismatch] = []
    for snap in snapshots:
        if snap["version"] != version:
            continue  # a snapshot of another engine version is ignored by load(): not a fault
        replayed = result.states.get(snap["seq"])
        if replayed is None:
            if result.aggregate is not None:  # else replay stopped early: already reported
                out.append(Mismatch(game_id, snap["seq"], "snapshot beyond the end of the log"))
        elif canonical_json(agg_mod.aggregate_to_dict(replayed)) != canonical_json(snap["state"]):
            out.append(Mismatch(game_id, snap["seq"], "snapshot differs from a full replay"))
    return out


def check_read_model(
    game_id: str,
    game: Any,
    seat_rows: Mapping[int, Mapping[str, Any]],
    rows: Sequence[Mapping[str, Any]],
    agg: GameAggregate,
    *,
    known_players: set[int],
) -> list[Mismatch]:
    """The ``Game`` row (``game``: last_seq, last_hash, status, preset, hands_scored) and its
    seat rows (by index: holder and result) must say what the replayed ``agg`` says. A seat
    player who is not in ``known_players`` (imported from another server) is expected as NULL."""
    out: list[Mismatch] = []
    if game.last_seq != agg.seq:
        out.append(Mismatch(game_id, None, f"read model last_seq {game.last_seq} != log {agg.seq}"))
    if rows and game.last_hash != rows[-1]["hash"]:
        out.append(
            Mismatch(game_id, None, "read model last_hash is not the hash of the last event")
        )
    if game.status != agg.status:
        out.append(
            Mismatch(game_id, None, f"read model status {game.status!r} != replay {agg.status!r}")
        )
    if game.preset != agg.rules.preset:
        out.append(
            Mismatch(game_id, None, f"read model preset {game.preset!r} != {agg.rules.preset!r}")
        )
    if game.hands_scored != hands_scored(agg):
        out.append(
            Mismatch(
                game_id,
                None,
                f"read model hands_scored {game.hands_scored} != replay {hands_scored(agg)}",
            )
        )
    for index, seat in enumerate(agg.seats):
        row = seat_rows.get(index)
        if row is None:
            out.append(Mismatch(game_id, None, f"seat {index} has no read-model row"))
            continue
        expected = seat_fields(agg, index)
        if seat.player_id is not None and seat.player_id not in known_players:
            expected["player_id"] = None  # imported from another server: the player is not here
        diffs = [f"{k} {row[k]!r} != {v!r}" for k, v in expected.items() if row[k] != v]
        if diffs:
            out.append(Mismatch(game_id, None, f"seat {index} read model: {', '.join(diffs)}"))
    return out


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
