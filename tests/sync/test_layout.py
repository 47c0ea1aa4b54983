"""``games.streams``: one module per concern; the part the services use imports no view."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import games.streams

STREAMS = Path(games.streams.__file__).parent


def project_imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            out |= {n for n in names if n.split(".")[0] in {"games", "players", "hearts_api"}}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.split(".")[0] in {"games", "players"}}
    return out


def test_the_package_has_one_module_per_concern():
    assert {p.stem for p in STREAMS.glob("*.py")} == {
        "__init__",
        "auth",
        "backends",
        "credentials",
        "feed",
        "limits",
        "serializers",
        "sse",
        "urls",
        "views",
    }


def test_backends_import_only_the_models_and_the_package_nothing():
    assert project_imports(STREAMS / "backends.py") <= {"games.models", "games.models.Game"}
    assert project_imports(STREAMS / "__init__.py") == set()
    for part in ("sse", "auth"):
        assert project_imports(STREAMS / f"{part}.py") == set(), part


def test_importing_the_services_does_not_import_the_stream_views():
    code = (
        "import os, sys, django\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'hearts_api.settings_test')\n"
        "django.setup()\n"
        "import games.services\n"
        "assert 'games.streams.backends' in sys.modules\n"
        "print(sorted(m for m in sys.modules if m.startswith('games.streams')))\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    ).stdout
    assert "games.streams.views" not in out
    assert "games.streams.feed" not in out
