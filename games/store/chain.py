"""The hash chain (pure): canonical JSON, the public form of an event, pseudonyms, hashes.

Chain v1 hashes the stored form of an event (account ids in the clear). Chain v2 (games with an
``id_salt``) hashes its public form: each account id replaced by a per-game pseudonym, so that
every hash of a published log can be recomputed by anyone. See docs/event-store.md.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from typing import Any

from games import aggregate as agg_mod

GENESIS_HASH = "0" * 64


def canonical_json(value: Any) -> str:
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


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
