"""Secrets come only from the environment, and production settings pass ``check --deploy``.

Each case is a fresh ``manage.py`` process with a clean environment (settings are read once per
process). .ci/run also runs the deploy check; here it is part of the suite, with the refusals.
"""

from __future__ import annotations

import base64
import os
import re
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-real-secret-from-the-environment-" + "s" * 40,
    "HEARTS_SIGNING_KEY": base64.b64encode(os.urandom(32)).decode(),
    "ALLOWED_HOSTS": "hearts.example",
    "CSRF_TRUSTED_ORIGINS": "https://hearts.example",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "DATABASE_URL")}
    keep.update(DJANGO_SETTINGS_MODULE="hearts_api.settings", PYTHONPATH=str(REPO_ROOT), **env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=REPO_ROOT, env=keep,
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_production_settings_pass_check_deploy():
    r = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no issues" in r.stdout


def test_without_a_secret_key_from_the_environment_production_refuses_to_start():
    env = {k: v for k, v in PRODUCTION.items() if k != "SECRET_KEY"}
    r = manage("check", **env)
    assert r.returncode != 0
    assert "SECRET_KEY is not set" in r.stderr


def test_without_a_signing_key_production_refuses_to_start():
    env = {k: v for k, v in PRODUCTION.items() if k != "HEARTS_SIGNING_KEY"}
    r = manage("check", **env)
    assert r.returncode != 0
    assert "HEARTS_SIGNING_KEY is not set" in r.stderr


def test_a_malformed_signing_key_fails_the_checks():
    r = manage("check", **{**PRODUCTION, "HEARTS_SIGNING_KEY": "not-a-key"})
    assert r.returncode != 0
    assert "games.E001" in r.stderr
    assert "not a base64 Ed25519 seed" in r.stderr


def test_the_signing_key_file_is_read_and_the_dev_key_is_made_under_var(tmp_path):
    key_file = tmp_path / "key"
    key_file.write_text(PRODUCTION["HEARTS_SIGNING_KEY"] + "\n")
    env = {k: v for k, v in PRODUCTION.items() if k != "HEARTS_SIGNING_KEY"}
    r = manage("signing_key", HEARTS_SIGNING_KEY_FILE=str(key_file), **env)
    assert r.returncode == 0, r.stderr
    assert '"current": true' in r.stdout
    var = tmp_path / "var"
    r = manage("signing_key", DEBUG="1", HEARTS_VAR_DIR=str(var))
    assert r.returncode == 0, r.stderr
    assert (var / "signing-key").stat().st_mode & 0o777 == 0o600


def test_no_secret_is_written_in_the_settings():
    """The only literal key is the development one, used only when DEBUG=1."""
    text = (REPO_ROOT / "hearts_api" / "settings.py").read_text()
    literals = re.findall(r"""(?i)(\w*(?:secret|password|token)\w*)\s*=\s*["'][^"']+["']""", text)
    assert literals == ["_DEV_SECRET_KEY"]
    assert "postgres://" not in text.split("DATABASE_URL", 1)[0]
