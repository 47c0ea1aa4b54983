"""The engine is a pure library: stdlib only, importable without Django."""

import ast
import os
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "games" / "engine"
FORBIDDEN = (
    "django",
    "rest_framework",
    "celery",
    "games.models",
    "players",
    "games.store",
    "games.services",
)


def test_importing_the_engine_loads_no_django():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    code = (
        "import sys, games.engine, games.engine.fast, games.engine.views;"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('django', 'rest_framework', 'celery', 'players')];"
        "print(','.join(bad)); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ENGINE.parents[1],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _imports(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                yield "games.engine." + (node.module or "")
            else:
                yield node.module or ""


def test_engine_modules_import_only_stdlib_and_the_engine():
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) >= 10
    stdlib = sys.stdlib_module_names
    for path in files:
        for name in _imports(path):
            top = name.split(".")[0]
            assert not any(name == f or name.startswith(f + ".") for f in FORBIDDEN), (path, name)
            assert top in stdlib or top == "__future__" or name.startswith("games.engine"), (
                path,
                name,
            )


def test_the_import_check_would_catch_django(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from django.db import models\nimport random\n")
    assert list(_imports(bad)) == ["django.db", "random"]
