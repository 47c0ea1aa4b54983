"""Layers one-way: ratings depends on games and players; nothing in games imports ratings (it
sends ``games.signals.game_finished`` and knows no receiver); the ladder's arithmetic is pure."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_games_never_imports_ratings():
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "games").rglob("*.py")
        if any(m == "ratings" or m.startswith("ratings.") for m in imported_modules(path))
    ]
    assert offenders == []


def test_the_ladder_and_the_tournament_import_no_django():
    code = (
        "import sys, ratings.ladder, ratings.tournament; "
        "ratings.ladder.rate_game({}, [('a', 1), ('b', 2)]); "
        "assert 'django' not in sys.modules, sorted(m for m in sys.modules if 'django' in m)"
    )
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
