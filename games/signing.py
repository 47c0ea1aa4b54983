"""Ed25519 signatures of the event log's chain heads (tamper evidence against a database writer).

The plain sha256 chain (``store.event_hash``) lets anyone check a log, but anyone who can write
to the database can also rewrite a log and recompute every hash. The server therefore signs the
chain head at every hand end and game end with a private key that lives in the environment (or a
key file), never in the database. The public keys are served by the API
(``GET /api/v1/signing-keys/``), so anyone can still verify, while a log rewritten without the
private key no longer matches its signatures.

* Message signed (UTF-8): ``hearts-head-v1\\n<game id>\\n<seq>\\n<head hash>``. The head hash
  covers every earlier event, so one signature vouches for the whole prefix of the log.
* Key id: the first 16 hex digits of sha256(raw 32-byte public key). Each signature names its
  key, so keys can rotate: old public keys stay listed (``HEARTS_SIGNING_PUBLIC_KEYS``) and logs
  signed with them still verify.
* Private key: ``HEARTS_SIGNING_KEY`` (base64 of the 32-byte Ed25519 seed, or a PKCS#8 PEM), or
  ``HEARTS_SIGNING_KEY_FILE`` (a file with either). With ``DEBUG=1`` and neither set, a
  development key is generated once under ``var/signing-key`` (mode 0600). With ``DEBUG=0`` the
  settings refuse to start without a key.

Pure enough to be used from the store and the API layer: reads only Django settings.
See docs/event-store.md ("Signed heads").
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed

ALGORITHM = "Ed25519"
MESSAGE_PREFIX = "hearts-head-v1"
MESSAGE_FORMAT = MESSAGE_PREFIX + "\\n{game_id}\\n{seq}\\n{head_hash}"
# The events after which the head is signed, in the transaction that appends them.
SIGNED_TYPES = frozenset({"hand_scored", "game_ended"})


class SigningKeyError(ImproperlyConfigured):
    """The configured signing key (or a listed public key) cannot be read."""


def head_message(game_id: object, seq: int, head_hash: str) -> bytes:
    return f"{MESSAGE_PREFIX}\n{game_id}\n{int(seq)}\n{head_hash}".encode()


def key_id_of(public_raw: bytes) -> str:
    return hashlib.sha256(public_raw).hexdigest()[:16]


def _raw_public(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def generate_private_key_text() -> str:
    """A new private key as this module reads it: base64 of the 32-byte seed."""
    return base64.b64encode(os.urandom(32)).decode()


def parse_private_key(text: str, *, source: str = "HEARTS_SIGNING_KEY") -> Ed25519PrivateKey:
    text = text.strip()
    try:
        if text.startswith("-----BEGIN"):
            key = serialization.load_pem_private_key(text.encode(), password=None)
            if not isinstance(key, Ed25519PrivateKey):
                raise SigningKeyError(f"{source}: the PEM key is not an Ed25519 key")
            return key
        seed = base64.b64decode(text, validate=True)
    except (ValueError, TypeError, binascii.Error) as exc:
        raise SigningKeyError(f"{source}: not a base64 Ed25519 seed or a PEM key ({exc})") from None
    if len(seed) != 32:
        raise SigningKeyError(f"{source}: an Ed25519 seed is 32 bytes, got {len(seed)}")
    return Ed25519PrivateKey.from_private_bytes(seed)


def parse_public_key(text: str, *, source: str = "HEARTS_SIGNING_PUBLIC_KEYS") -> bytes:
    """A raw 32-byte public key from base64 (standard or URL-safe)."""
    text = text.strip()
    try:
        try:
            raw = base64.b64decode(text, validate=True)
        except binascii.Error:
            raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        Ed25519PublicKey.from_public_bytes(raw)
    except (ValueError, TypeError, binascii.Error) as exc:
        raise SigningKeyError(f"{source}: {text[:12]}... is not a base64 Ed25519 key") from exc
    return raw


@dataclass(frozen=True)
class PublicKey:
    key_id: str
    raw: bytes
    current: bool

    @property
    def b64(self) -> str:
        return base64.b64encode(self.raw).decode()

    def verify(self, message: bytes, signature_b64: str) -> bool:
        try:
            signature = base64.b64decode(signature_b64, validate=True)
            Ed25519PublicKey.from_public_bytes(self.raw).verify(signature, message)
        except (InvalidSignature, ValueError, TypeError, binascii.Error):
            return False
        return True

    def to_dict(self) -> dict[str, object]:
        return {
            "key_id": self.key_id,
            "algorithm": ALGORITHM,
            "public_key": self.b64,
            "current": self.current,
        }


@dataclass(frozen=True)
class Keyring:
    private: Ed25519PrivateKey
    current: PublicKey
    keys: dict[str, PublicKey]  # key id -> public key (current first, then older ones)

    def sign(self, game_id: object, seq: int, head_hash: str) -> tuple[str, str]:
        signature = self.private.sign(head_message(game_id, seq, head_hash))
        return self.current.key_id, base64.b64encode(signature).decode()


def _dev_key_text(path: Path) -> str:
    """The development key file, created once (atomically, 0600) when it does not exist."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        # Written whole under a private name, then linked into place: the web process and the
        # worker starting together never read a half-written file, and the first link wins.
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "w") as fh:
                fh.write(generate_private_key_text() + "\n")
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            tmp.unlink(missing_ok=True)
    return path.read_text()


def private_key_text() -> tuple[str, str]:
    """(key text, where it came from) from the settings; raises when none is configured."""
    text = getattr(settings, "HEARTS_SIGNING_KEY", "")
    if text:
        return text, "HEARTS_SIGNING_KEY"
    path = getattr(settings, "HEARTS_SIGNING_KEY_FILE", "")
    if path:
        path = Path(path)
        if not path.exists() and settings.DEBUG:
            return _dev_key_text(path), str(path)
        try:
            return path.read_text(), str(path)
        except OSError as exc:
            raise SigningKeyError(f"HEARTS_SIGNING_KEY_FILE {path}: {exc}") from None
    raise SigningKeyError(
        "no signing key: set HEARTS_SIGNING_KEY or HEARTS_SIGNING_KEY_FILE (see README)"
    )


def build_keyring(
    private_text: str, public_texts: Iterable[str] = (), *, source: str = ""
) -> Keyring:
    private = parse_private_key(private_text, source=source or "HEARTS_SIGNING_KEY")
    raw = _raw_public(private.public_key())
    current = PublicKey(key_id_of(raw), raw, True)
    keys = {current.key_id: current}
    for text in public_texts:
        other = parse_public_key(text)
        kid = key_id_of(other)
        keys.setdefault(kid, PublicKey(kid, other, False))
    return Keyring(private, current, keys)


_lock = threading.Lock()
_keyring: Keyring | None = None


def keyring() -> Keyring:
    """The process's keyring, read from the settings once."""
    global _keyring
    ring = _keyring
    if ring is None:
        with _lock:
            if _keyring is None:
                text, source = private_key_text()
                _keyring = build_keyring(
                    text, getattr(settings, "HEARTS_SIGNING_PUBLIC_KEYS", ()), source=source
                )
            ring = _keyring
    return ring


def reset_keyring(**_: object) -> None:
    global _keyring
    with _lock:
        _keyring = None


def _on_setting_changed(setting: str, **kwargs: object) -> None:
    if setting.startswith("HEARTS_SIGNING") or setting == "DEBUG":
        reset_keyring()


setting_changed.connect(_on_setting_changed)


def sign_head(game_id: object, seq: int, head_hash: str) -> tuple[str, str]:
    """(key id, base64 signature) of a chain head, with the current key (~50 us)."""
    return keyring().sign(game_id, seq, head_hash)


def public_keys() -> list[PublicKey]:
    return list(keyring().keys.values())


def check_signature(
    game_id: object,
    seq: int,
    head_hash: str,
    key_id: str,
    signature: str,
    *,
    keys: dict[str, PublicKey] | None = None,
) -> str | None:
    """None when the signature is valid; else a sentence saying what is wrong."""
    keys = keyring().keys if keys is None else keys
    key = keys.get(key_id)
    if key is None:
        return f"signed by unknown key {key_id!r} (not one of the server's public keys)"
    if not key.verify(head_message(game_id, seq, head_hash), signature):
        return f"signature by key {key_id} does not verify (forged or altered)"
    return None
