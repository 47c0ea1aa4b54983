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


# --------------------------------------------------------------------------- dev.py sdks
def fake_sdk_tree(dev, tmp_path, monkeypatch):
    """Point dev.py's SDK folders at tmp_path and replace the generators by a fake writer."""
    py_sdk, ts_sdk = tmp_path / "sdks" / "python", tmp_path / "sdks" / "typescript"
    (py_sdk / "examples").mkdir(parents=True)
    (py_sdk / "examples" / "play_game.py").write_text("hand-written\n")
    (py_sdk / "openapi-python-client.yaml").write_text("config\n")
    (py_sdk / "generator-requirements.txt").write_text("pins\n")
    (ts_sdk / "src").mkdir(parents=True)
    (ts_sdk / "src" / "index.ts").write_text("wrapper\n")
    monkeypatch.setattr(dev, "PY_SDK", py_sdk)
    monkeypatch.setattr(dev, "TS_SDK", ts_sdk)

    def generate(out):
        (out / "python" / "hearts_api_client" / "api").mkdir(parents=True)
        (out / "python" / "hearts_api_client" / "api" / "games.py").write_text("generated\n")
        (out / "python" / "pyproject.toml").write_text("[project]\n")
        (out / "python" / ".ruff_cache").mkdir()  # a formatter cache is never compared
        (out / "typescript" / "src").mkdir(parents=True)
        (out / "typescript" / "src" / "schema.ts").write_text("export interface paths {}\n")

    monkeypatch.setattr(dev, "generate_sdks", generate)
    return py_sdk, ts_sdk


def test_sdks_replaces_the_generated_files_and_keeps_the_hand_written_ones(tmp_path, monkeypatch):
    dev = load_dev()
    py_sdk, ts_sdk = fake_sdk_tree(dev, tmp_path, monkeypatch)
    (py_sdk / "hearts_api_client" / "api").mkdir(parents=True)
    (py_sdk / "hearts_api_client" / "api" / "removed_operation.py").write_text("old\n")
    (py_sdk / "README.md").write_text("old readme the generator no longer writes\n")

    assert dev.main(["sdks"]) == 0

    assert (py_sdk / "hearts_api_client" / "api" / "games.py").read_text() == "generated\n"
    assert not (py_sdk / "hearts_api_client" / "api" / "removed_operation.py").exists()
    assert not (py_sdk / "README.md").exists()
    assert (py_sdk / "examples" / "play_game.py").read_text() == "hand-written\n"
    assert (py_sdk / "openapi-python-client.yaml").exists()
    assert (py_sdk / "generator-requirements.txt").exists()
    assert (ts_sdk / "src" / "schema.ts").read_text() == "export interface paths {}\n"
    assert (ts_sdk / "src" / "index.ts").read_text() == "wrapper\n"
    assert dev.stale_sdk_files(tmp_path / "again") == []


def test_stale_sdk_files_names_every_changed_missing_and_extra_file(tmp_path, monkeypatch):
    dev = load_dev()
    py_sdk, ts_sdk = fake_sdk_tree(dev, tmp_path, monkeypatch)
    assert dev.main(["sdks"]) == 0
    (py_sdk / "hearts_api_client" / "api" / "__pycache__").mkdir()  # left by a test run: ignored
    (py_sdk / "hearts_api_client" / "api" / "__pycache__" / "games.cpython-311.pyc").write_bytes(
        b""
    )
    (py_sdk / "hearts_api_client" / "api" / "games.py").write_text("edited by hand\n")
    (py_sdk / "hearts_api_client" / "extra.py").write_text("left from an old schema\n")
    (py_sdk / "pyproject.toml").unlink()
    (ts_sdk / "src" / "schema.ts").write_text("export interface paths { old: 1 }\n")

    assert dev.stale_sdk_files(tmp_path / "fresh") == [
        "sdks/python/hearts_api_client/api/games.py",
        "sdks/python/hearts_api_client/extra.py",
        "sdks/python/pyproject.toml",
        "sdks/typescript/src/schema.ts",
    ]


def test_missing_node_is_an_error_that_says_what_to_install(monkeypatch):
    dev = load_dev()
    monkeypatch.setattr(dev.shutil, "which", lambda name: None)
    with pytest.raises(dev.SdkToolError, match=r"Node\.js 18\+ and npm are required"):
        dev.node_tools()


class AptGet:
    """Records the apt-get commands the tools run (the package manager is outside the system),
    answering each ``install`` with the next of ``results`` and ``update`` with success."""

    def __init__(self, monkeypatch, *results: int, root: bool = True) -> None:
        self.calls: list[list[str]] = []
        self.results = list(results)
        monkeypatch.setattr("os.geteuid", lambda: 0 if root else 1000)
        monkeypatch.setattr("subprocess.call", self.call)

    def call(self, command, env):
        assert env["DEBIAN_FRONTEND"] == "noninteractive"
        self.calls.append(command)
        return self.results.pop(0) if command[1] == "install" else 0


def which_only_apt_get(name: str) -> str | None:
    return "/usr/bin/apt-get" if name == "apt-get" else None


def test_a_missing_package_is_installed_without_refreshing_fresh_package_lists(monkeypatch):
    dev = load_dev()
    apt = AptGet(monkeypatch, 0)
    monkeypatch.setattr(dev.shutil, "which", which_only_apt_get)
    monkeypatch.setattr(dev.os.path, "exists", lambda path: False)
    dev.ensure_nginx()
    assert apt.calls == [["/usr/bin/apt-get", "install", "-y", "-q", "nginx-light"]]


def test_a_failed_install_refreshes_the_package_lists_and_tries_once_more(monkeypatch, capsys):
    """A fresh image has no package lists: the first install fails, the second follows an update."""
    dev = load_dev()
    apt = AptGet(monkeypatch, 100, 0)
    monkeypatch.setattr(dev.shutil, "which", which_only_apt_get)
    dev.ensure_chromium()
    install = ["/usr/bin/apt-get", "install", "-y", "-q", "chromium"]
    assert apt.calls == [install, ["/usr/bin/apt-get", "update", "-q"], install]
    out = capsys.readouterr().out
    assert "chromium missing (needed by tests/e2e): apt-get install -y chromium" in out
    assert "the browser tests in tests/e2e will fail" not in out


def test_an_install_that_fails_twice_says_what_to_install_by_hand(monkeypatch, capsys):
    dev = load_dev()
    apt = AptGet(monkeypatch, 100, 100)
    monkeypatch.setattr(dev.shutil, "which", which_only_apt_get)
    monkeypatch.setattr(dev.os.path, "exists", lambda path: False)
    dev.ensure_nginx()
    assert len(apt.calls) == 3
    assert "sudo apt-get install nginx-light" in capsys.readouterr().out


def test_without_root_nothing_is_installed_and_the_missing_tool_is_named(monkeypatch):
    dev = load_dev()
    apt = AptGet(monkeypatch, root=False)
    monkeypatch.setattr(dev.shutil, "which", which_only_apt_get)
    with pytest.raises(dev.SdkToolError, match=r"sudo apt-get install nodejs npm"):
        dev.node_tools()
    assert apt.calls == []


def test_node_and_npm_are_installed_together_when_either_is_missing(monkeypatch):
    dev = load_dev()
    apt = AptGet(monkeypatch, 0)
    found = {"apt-get": "/usr/bin/apt-get", "node": "/usr/bin/node"}  # npm is missing
    monkeypatch.setattr(dev.shutil, "which", found.get)
    with pytest.raises(dev.SdkToolError):  # still missing: apt-get is only recorded here
        dev.node_tools()
    assert apt.calls == [["/usr/bin/apt-get", "install", "-y", "-q", "nodejs", "npm"]]
