"""The store is a package of parts that import one way, behind one public surface."""

from __future__ import annotations

import ast
from pathlib import Path

from games import store

STORE = Path(store.__file__).parent

#: Each part, and the parts of the store it may import (those above it).
PARTS = {
    "registry": set(),
    "chain": set(),
    "snapshots": set(),
    "repository": {"chain", "registry", "snapshots"},
    "read_model": set(),
    "verification": {"chain", "read_model", "registry"},
    "audit": {"repository", "snapshots", "verification"},
    "transfer": {"read_model", "repository", "snapshots", "verification"},
    "fast": {"read_model", "repository", "snapshots"},
}
#: What the store may import from the project: the layers below it.
ALLOWED_PROJECT = {
    "games.engine",
    "games.aggregate",
    "games.lobby_events",
    "games.models",
    "games.signing",
    "games.signals",  # events_appended, sent after commit for other apps
    "games.errors",
}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            if node.module == "games":
                out |= {f"games.{alias.name}" for alias in node.names}
    return out


def test_every_part_is_a_module_of_the_package():
    assert {p.stem for p in STORE.glob("*.py")} == {*PARTS, "__init__"}


def test_the_parts_import_one_way_and_only_lower_layers():
    for part, allowed in PARTS.items():
        imported = imports_of(STORE / f"{part}.py")
        inner = {m.removeprefix("games.store.") for m in imported if m.startswith("games.store.")}
        assert inner <= allowed, (part, inner - allowed)
        project = {
            m
            for m in imported
            if m.split(".")[0] in {"games", "players", "hearts_api"}
            and not m.startswith("games.store")
            and m != "games"
        }
        assert project <= ALLOWED_PROJECT, (part, project - ALLOWED_PROJECT)
        assert not {m for m in imported if m.split(".")[0] in {"rest_framework", "celery"}}


def test_the_public_surface_names_every_part():
    for name in store.__all__:
        assert hasattr(store, name), name
    # the names callers use, one from each part
    for name in (
        "upcast",
        "event_hash",
        "Loaded",
        "append",
        "load",
        "recent",
        "sync_read_model",
        "verify_log",
        "verify_game",
        "import_game",
    ):
        assert name in store.__all__


def test_setting_a_name_on_the_package_reaches_the_part_that_uses_it(monkeypatch):
    monkeypatch.setattr(store, "new_id_salt", lambda: "patched")
    assert store.chain.new_id_salt() == "patched"
    monkeypatch.undo()
    assert len(store.chain.new_id_salt()) == 64
    assert store.new_id_salt is store.chain.new_id_salt
