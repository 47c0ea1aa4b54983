"""The layers of docs/architecture.md, enforced: the import-linter contracts of pyproject.toml,
no import cycle among the project's modules, and a pure engine and bots (stdlib only)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "players", "common", "hearts_api", "webclient", "notifications")


def test_the_import_contracts_are_kept():
    lint_imports = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint_imports, "import-linter is a dev dependency (pip install -e '.[dev]')"
    run = subprocess.run(
        [lint_imports, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph(*PACKAGES, include_external_packages=True, cache_dir=None)


def test_no_import_cycles_between_modules():
    """Lazy imports inside functions count: they hide a cycle, they do not remove it. A module
    importing its own parent package (re-exports) is not a cycle of design."""
    graph = _graph()
    internal = {m for m in graph.modules if m.split(".")[0] in PACKAGES}
    edges = {
        m: {
            n
            for n in graph.find_modules_directly_imported_by(m)
            if n in internal and not m.startswith(n + ".")
        }
        for m in internal
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for module in sorted(internal):
        if module not in index:
            visit(module)
    assert cycles == []


def test_engine_and_bots_import_only_the_stdlib_and_themselves():
    graph = _graph()
    pure = ("games.engine", "games.bots")
    bad = {}
    for package in pure:
        for module in {package} | graph.find_descendants(package):
            for imported in graph.find_modules_directly_imported_by(module):
                top = imported.split(".")[0]
                if imported.startswith(pure) or top in sys.stdlib_module_names:
                    continue
                if imported == "games":  # the namespace package itself (empty __init__)
                    continue
                bad.setdefault(module, []).append(imported)
    assert bad == {}
