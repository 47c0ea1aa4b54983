"""scripts/dev.py serve: a developer's server relaxes the sign-up and token throttles, while the
settings (production) keep theirs."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_dev():
    spec = importlib.util.spec_from_file_location("hearts_dev_script", ROOT / "scripts" / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rates_under(env: dict[str, str]) -> dict[str, str]:
    """The throttle rates the production settings module computes under ``env``."""
    code = (
        "import json; from hearts_api import settings; "
        "print(json.dumps(settings.REST_FRAMEWORK['DEFAULT_THROTTLE_RATES']))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture
def clean_env(monkeypatch):
    for name in ("THROTTLE_SIGNUP", "THROTTLE_TOKEN", "DEBUG"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_serve_relaxes_the_signup_and_token_throttles_only(clean_env):
    dev = load_dev()
    env = dev.serve_env()
    assert env["THROTTLE_SIGNUP"] == "1000/hour"
    assert env["THROTTLE_TOKEN"] == "1000/hour"
    assert "THROTTLE_MOVES" not in dev.SERVE_DEFAULTS  # the other throttles stay as configured
    served, production = rates_under(env), rates_under(dev.child_env())
    assert served["signup"] == served["token"] == "1000/hour"
    assert production["signup"] == "20/hour"
    assert production["token"] == "60/hour"
    assert served["moves"] == production["moves"]


def test_serve_keeps_a_rate_the_developer_set(clean_env):
    clean_env.setenv("THROTTLE_SIGNUP", "3/min")
    env = load_dev().serve_env()
    assert env["THROTTLE_SIGNUP"] == "3/min"
    assert env["THROTTLE_TOKEN"] == "1000/hour"
