"""Signed heads (games/signing.py): the server's Ed25519 signature of the chain head at every hand
end and game end, checked by verify_games, the export/import, and the auditor's checkpoints.

The attack these tests stage is the one the plain sha256 chain cannot see: a database writer
rewrites a finished game (a seat given to another player) and recomputes every hash.
"""

from __future__ import annotations

import base64
import json
from io import StringIO

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import override_settings

from games import errors, signing, store
from games.models import AppendOnlyError, Game, GameEvent, GameSnapshot, HeadSignature
from tests.services.helpers import make_user
from tests.store.conftest import enqueued, new_game  # noqa: F401 - enqueued is a fixture
from tests.store.tampering import db_id, forced, rewrite_seat, verify

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(db, enqueued):  # noqa: F811 - the shared fixture of tests/store/conftest.py
    game_id, _ = new_game(hands=30, target=1)
    assert Game.objects.get(pk=game_id).status == "finished"
    return game_id


def test_every_hand_end_and_the_game_end_are_signed_with_the_public_key(finished, client):
    ends = list(
        GameEvent.objects.filter(game_id=finished, type__in=["hand_scored", "game_ended"])
        .order_by("seq")
        .values_list("seq", "hash")
    )
    sigs = list(
        HeadSignature.objects.filter(game_id=finished)
        .order_by("seq")
        .values_list("seq", "head_hash", "key_id", "signature")
    )
    assert [(s, h) for s, h, _, _ in sigs] == ends
    assert len(ends) >= 2  # at least one hand_scored and the game_ended
    # Anyone can check them with the served public key and nothing but the cryptography library.
    keys = client.get("/api/v1/signing-keys/").json()
    assert keys["algorithm"] == "Ed25519"
    (key,) = [k for k in keys["keys"] if k["current"]]
    public = Ed25519PublicKey.from_public_bytes(base64.b64decode(key["public_key"]))
    for seq, head_hash, key_id, signature in sigs:
        assert key_id == key["key_id"]
        message = f"hearts-head-v1\n{finished}\n{seq}\n{head_hash}".encode()
        public.verify(base64.b64decode(signature), message)  # raises InvalidSignature if not
    log = client.get(f"/api/v1/games/{finished}/log/").json()
    assert [(s["seq"], s["head_hash"]) for s in log["signatures"]] == ends
    assert verify(str(finished))[0] == 0


def test_rewriting_a_seat_and_recomputing_every_hash_fails_on_the_signatures(finished):
    thief = make_user("thief")
    rewrite_seat(finished, 1, thief)  # with the game's id_salt, read from the games table
    # The plain chain and the replay cannot see it: that is the attack.
    salt = Game.objects.get(pk=finished).id_salt
    result = store.verify_log(str(finished), store.event_rows(finished), id_salt=salt)
    assert result.mismatches == []
    assert result.aggregate.seats[1].player_id == thief.pk
    code, output = verify(str(finished))
    assert code == 1, output
    mismatches = [line for line in output.splitlines() if line.startswith("MISMATCH")]
    assert mismatches
    assert all("signature error" in line for line in mismatches), output
    assert "(the log was rewritten)" in output
    # Re-pointing the stored signatures at the new heads does not help without the private key.
    forced(
        *[
            (
                "UPDATE games_headsignature SET head_hash = %s WHERE id = %s",
                [GameEvent.objects.get(game_id=finished, seq=sig.seq).hash, sig.pk],
            )
            for sig in HeadSignature.objects.filter(game_id=finished)
        ]
    )
    code, output = verify(str(finished))
    assert code == 1
    assert "does not verify (forged or altered)" in output
    assert "(the log was rewritten)" not in output


@pytest.mark.parametrize("formula", ["chain v1", "guessed pseudonyms"])
def test_a_rewrite_hashed_without_the_games_id_salt_breaks_the_chain(finished, formula):
    """Chain v2: a writer who does not hold the game's secret id_salt cannot recompute its
    hashes, neither with the v1 formula (account ids in the clear) nor by guessing pseudonyms."""
    rewrite_seat(finished, 1, make_user("thief"), id_salt="" if formula == "chain v1" else "0" * 64)
    code, output = verify(str(finished))
    assert code == 1, output
    mismatches = [line for line in output.splitlines() if line.startswith("MISMATCH")]
    # v1 hashes another form of every event; a guess of pseudonyms breaks each event that names
    # a player (system and AI events name none, and chain to the rewritten links).
    naming = [
        r["seq"]
        for r in store.event_rows(finished)
        if formula == "chain v1"
        or r["actor_player_id"] is not None
        or store.id_keys_of(r["type"], r["payload"])
    ]
    hash_errors = [
        int(line.split(" seq ", 1)[1].split(":", 1)[0])
        for line in mismatches
        if "hash mismatch" in line
    ]
    assert hash_errors == naming, output[:2000]
    assert naming[0] == 1  # game_created names the creator
    assert any("signature error" in line for line in mismatches)


def test_signatures_made_with_a_key_of_the_writers_own_are_refused(finished):
    thief = make_user("thief")
    rewrite_seat(finished, 2, thief)
    forced(("DELETE FROM games_headsignature WHERE game_id = %s", [db_id(finished)]))
    own = signing.generate_private_key_text()
    with override_settings(HEARTS_SIGNING_KEY=own):
        assert store.sign_missing_heads(finished) >= 2
        assert store.verify_game(finished) == []  # valid for a server that trusts that key
    mismatches = store.verify_game(finished)
    assert mismatches
    assert all("signed by unknown key" in m.what for m in mismatches)


def test_deleted_signatures_fail_and_sign_heads_is_the_idempotent_migration_step(finished):
    forced(("DELETE FROM games_headsignature WHERE game_id = %s", [db_id(finished)]))
    code, output = verify(str(finished))
    assert code == 1
    assert "is not signed (logs older than signing: run manage.py sign_heads)" in output
    out = StringIO()
    call_command("sign_heads", stdout=out)
    ends = GameEvent.objects.filter(game_id=finished, type__in=signing.SIGNED_TYPES).count()
    assert out.getvalue().startswith(f"signed {ends} head(s) in 1 game(s)")
    assert verify(str(finished))[0] == 0
    out = StringIO()
    call_command("sign_heads", stdout=out)
    assert out.getvalue().startswith("signed 0 head(s) in 0 game(s)")


def test_a_truncated_log_passes_alone_but_fails_against_the_auditors_checkpoints(
    enqueued,  # noqa: F811
    tmp_path,
):
    finished, _ = new_game(hands=2)  # two hands scored (two signed heads), hand 3 dealt
    path = tmp_path / "checkpoints.jsonl"
    call_command("export_checkpoints", "-o", str(path), stderr=StringIO())
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert {line["game_id"] for line in lines} == {str(finished)}
    assert verify("--checkpoints", str(path))[0] == 0
    # Cut the log back to the end of hand 1, with its signatures, snapshots and read model, as a
    # writer hiding hand 2 would.
    first_end = (
        GameEvent.objects.filter(game_id=finished, type="hand_scored").order_by("seq").first().seq
    )
    last = GameEvent.objects.filter(game_id=finished).order_by("-seq").first().seq
    assert last > first_end
    forced(
        (
            "DELETE FROM games_gameevent WHERE game_id = %s AND seq > %s",
            [db_id(finished), first_end],
        ),
        (
            "DELETE FROM games_headsignature WHERE game_id = %s AND seq > %s",
            [db_id(finished), first_end],
        ),
    )
    store.recent.clear()
    GameSnapshot.objects.filter(game_id=finished, seq__gt=first_end).delete()
    agg = store.load(finished, use_snapshots=False).aggregate
    head = GameEvent.objects.get(game_id=finished, seq=first_end)
    Game.objects.filter(pk=finished).update(
        last_seq=first_end, last_hash=head.hash, status=agg.status, finished_at=None
    )
    game = Game.objects.get(pk=finished)
    store.sync_read_model(game, None, agg, now=game.last_event_at)
    # Without checkpoints the shortened log is a valid, signed prefix...
    assert store.verify_game(finished) == []
    # ...but the auditor's checkpoints name it.
    code, output = verify("--checkpoints", str(path))
    assert code == 1
    assert f"the log ends at {first_end} (truncated)" in output
    assert "checkpoint error" in output
    report = store.verify_game_report(
        finished, checkpoints=store.read_checkpoints(path.read_text().splitlines())[str(finished)]
    )
    assert not report.ok
    assert report.checkpoints == len(lines)
    assert report.to_dict()["ok"] is False


def test_checkpoints_catch_a_rewrite_and_a_game_that_is_gone(finished, tmp_path):
    path = tmp_path / "checkpoints.jsonl"
    call_command("export_checkpoints", "--latest", "-o", str(path), stderr=StringIO())
    (line,) = path.read_text().splitlines()
    assert json.loads(line)["seq"] == Game.objects.get(pk=finished).last_seq
    ghost = {**json.loads(line), "game_id": "00000000-0000-4000-8000-000000000000"}
    with path.open("a") as fh:
        fh.write(json.dumps(ghost) + "\n")
    code, output = verify("--checkpoints", str(path))
    assert code == 1
    assert f"game {ghost['game_id']} game: checkpoint error: the game is checkpointed" in output
    assert f"ok game {finished}" in output
    rewrite_seat(finished, 0, make_user("thief"))
    code, output = verify("--checkpoints", str(path))
    assert "differs from the checkpoint's" in output
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    with pytest.raises(CommandError, match="line 1: not a checkpoint"):
        call_command("verify_games", "--checkpoints", str(bad))


def test_after_a_key_rotation_old_logs_verify_while_the_old_public_key_is_listed(finished):
    old_key = signing.keyring()
    old_public = old_key.current.b64
    new_private = signing.generate_private_key_text()
    with override_settings(HEARTS_SIGNING_KEY=new_private, HEARTS_SIGNING_PUBLIC_KEYS=[old_public]):
        ring = signing.keyring()
        assert ring.current.key_id != old_key.current.key_id
        assert set(ring.keys) == {ring.current.key_id, old_key.current.key_id}
        assert store.verify_game(finished) == []
        # New heads are signed with the new key; both kinds verify together.
        other, _ = new_game(hands=1)
        assert set(
            HeadSignature.objects.filter(game_id=other).values_list("key_id", flat=True)
        ) == {ring.current.key_id}
        assert store.verify_game(other) == []
        served = [k["key_id"] for k in signing_keys_response()["keys"]]
        assert served == [ring.current.key_id, old_key.current.key_id]
    with override_settings(HEARTS_SIGNING_KEY=new_private, HEARTS_SIGNING_PUBLIC_KEYS=[]):
        mismatches = store.verify_game(finished)
        assert mismatches
        assert all(f"unknown key '{old_key.current.key_id}'" in m.what for m in mismatches)


def signing_keys_response() -> dict:
    from rest_framework.test import APIClient

    return APIClient().get("/api/v1/signing-keys/").json()


def test_export_and_import_keep_the_signed_heads(finished, tmp_path):
    out = StringIO()
    call_command("export_game", str(finished), stdout=out)
    data = json.loads(out.getvalue())
    assert data["format_version"] == 2
    salt = Game.objects.get(pk=finished).id_salt
    assert data["game"]["chain_version"] == 2
    assert data["game"]["id_salt"] == salt  # the operator's export carries the game's secret
    assert [s["seq"] for s in data["signatures"]] == list(
        HeadSignature.objects.filter(game_id=finished).values_list("seq", flat=True)
    )
    assert [k["key_id"] for k in data["signing_keys"]] == [signing.keyring().current.key_id]
    assert store.verify_export(data) == []
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    call_command("import_game", str(path), stdout=StringIO())
    new_id = Game.objects.exclude(pk=finished).get().pk
    assert Game.objects.get(pk=new_id).id_salt not in ("", salt)  # a new game, its own secret
    assert list(HeadSignature.objects.filter(game_id=new_id).values_list("seq", flat=True)) == [
        s["seq"] for s in data["signatures"]
    ]
    assert store.verify_game(new_id) == []
    again = store.export_game(new_id)
    assert store.verify_export(again) == []
    assert [s["seq"] for s in again["signatures"]] == [s["seq"] for s in data["signatures"]]


def test_an_export_rewritten_with_recomputed_hashes_is_refused_on_import(finished):
    data = store.export_game(finished)
    taken = next(e for e in data["events"] if e["type"] == "seat_taken")
    taken["payload"]["display_name"] = "someone else"
    prev = store.GENESIS_HASH
    for e in data["events"]:
        e["prev_hash"] = prev
        e["hash"] = prev = store.event_hash(
            prev_hash=prev,
            game_id=data["game"]["id"],
            seq=e["seq"],
            type_=e["type"],
            schema_version=e["schema_version"],
            payload=e["payload"],
            actor=e["actor"],
            id_salt=data["game"]["id_salt"],  # the export holds the game's secret
        )
    with pytest.raises(errors.InvalidGameLog) as info:
        store.import_game(data)
    assert any("(the log was rewritten)" in m for m in info.value.details["mismatches"])
    # Dropping the signatures is no way around it: a format 2 export must carry them.
    data["signatures"] = []
    with pytest.raises(errors.InvalidGameLog) as info:
        store.import_game(data)
    assert any("is not signed" in m for m in info.value.details["mismatches"])
    assert Game.objects.count() == 1


def test_an_export_signed_by_another_server_imports_only_with_its_public_key(finished, tmp_path):
    other_private = signing.generate_private_key_text()
    with override_settings(HEARTS_SIGNING_KEY=other_private):
        game_id, _ = new_game(hands=1)
        data = store.export_game(game_id)
        other_public = signing.keyring().current.b64
    path = tmp_path / "other.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError, match="signed by unknown key"):
        call_command("import_game", str(path), stdout=StringIO())
    out = StringIO()
    call_command("import_game", str(path), "--public-key", other_public, stdout=out)
    assert out.getvalue().startswith("imported game ")


def test_signed_heads_are_append_only(finished):
    sig = HeadSignature.objects.filter(game_id=finished).first()
    with pytest.raises(AppendOnlyError):
        sig.save()
    with pytest.raises(AppendOnlyError):
        sig.delete()
    with pytest.raises(AppendOnlyError):
        HeadSignature.objects.filter(game_id=finished).update(signature="x")
    with pytest.raises(AppendOnlyError):
        HeadSignature.objects.filter(game_id=finished).delete()


@pytest.mark.postgres
def test_the_trigger_refuses_to_alter_or_delete_a_signed_head(finished):
    from django.db import DatabaseError, transaction

    pk = HeadSignature.objects.filter(game_id=finished).values_list("pk", flat=True).first()
    with connection.cursor() as cursor:
        for sql in (
            "UPDATE games_headsignature SET signature = 'x' WHERE id = %s",
            "DELETE FROM games_headsignature WHERE id = %s",
        ):
            with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
                cursor.execute(sql, [pk])


def test_a_development_key_is_generated_once_under_var(tmp_path):
    path = tmp_path / "var" / "signing-key"
    with override_settings(DEBUG=True, HEARTS_SIGNING_KEY="", HEARTS_SIGNING_KEY_FILE=str(path)):
        first = signing.keyring().current
        assert path.stat().st_mode & 0o777 == 0o600
        signing.reset_keyring()
        assert signing.keyring().current == first  # read back, not generated again
    no_key = override_settings(DEBUG=False, HEARTS_SIGNING_KEY="", HEARTS_SIGNING_KEY_FILE="")
    with no_key, pytest.raises(signing.SigningKeyError, match="no signing key"):
        signing.keyring()
    bad_key = override_settings(HEARTS_SIGNING_KEY="not a key")
    with bad_key, pytest.raises(signing.SigningKeyError, match="not a base64 Ed25519 seed"):
        signing.keyring()
