"""The Python client generated from the committed openapi.yaml, shared by the tests that run
programs against a live server (tests/integration/test_generated_client.py, the example bot of
examples/bot/ in tests/integration/test_example_bot.py).

The generator (openapi-python-client, a standard OpenAPI generator) is installed once into a
cached venv under ``var/`` (never committed; pip's registry is reachable on every machine of this
project); the client is generated into a tmp dir on every run, so a change of openapi.yaml that
breaks generated clients fails there. Programs run in that venv (httpx, attrs and python-dateutil
are what generated clients need) with the tmp dir on ``PYTHONPATH``.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
GENERATOR = "openapi-python-client==0.29.1"
CLIENT_DEPS = ["python-dateutil>=2.8"]
VENV = Path(os.environ.get("HEARTS_VAR_DIR") or REPO_ROOT / "var") / "openapi-client-venv-0.29.1"


def generate_client(tmp_path: Path) -> Path:
    """Generate ``hearts_api_client`` into ``tmp_path``; returns the venv to run programs in."""
    venv = _generator_venv()
    generated = subprocess.run(
        [str(venv / "bin" / "openapi-python-client"), "generate",
         "--path", str(REPO_ROOT / "openapi.yaml"), "--meta", "none",
         "--output-path", str(tmp_path / "hearts_api_client")],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert generated.returncode == 0, generated.stdout + generated.stderr
    return venv


def _generator_venv() -> Path:
    """The cached venv with the generator (created once; a lock guards concurrent test runs)."""
    VENV.parent.mkdir(parents=True, exist_ok=True)
    ready = VENV / ".ready"
    with open(VENV.parent / ".openapi-client-venv.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not ready.exists():
            subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True)
            subprocess.run(
                [str(VENV / "bin" / "python"), "-m", "pip", "install", "--quiet",
                 "--disable-pip-version-check", GENERATOR, *CLIENT_DEPS],
                check=True, timeout=600,
            )  # fmt: skip
            ready.write_text(GENERATOR)
    return VENV
