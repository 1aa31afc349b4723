"""The shape of the code (DESIGN.md habit 14): the engine works on its own, no import cycles,
and imports point inward (core <- rules <- ai <- ui; devtools and cli on top)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "rail_app"
# a package may import nothing from the packages listed for it
FORBIDDEN = {
    "core": ("rules", "ai", "ui", "cli", "devtools"),
    "rules": ("ai", "ui", "cli", "devtools"),
    "ai": ("ui", "cli", "devtools"),
    "ui": ("cli", "devtools"),
}


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph() -> dict[str, set[str]]:
    """Every module of rail_app -> the rail_app modules it imports (anywhere in the file,
    functions included: a late import is still a dependency)."""
    files = {_module(p): p for p in sorted(PKG.rglob("*.py"))}
    graph: dict[str, set[str]] = {m: set() for m in files}
    for mod, path in files.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                names = [base] + [f"{base}.{a.name}" for a in node.names]
            for name in names:
                while name and name not in files:
                    name = name.rpartition(".")[0]
                if name and name != mod:
                    graph[mod].add(name)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles() -> None:
    assert _cycles(import_graph()) == []


def test_imports_point_inward() -> None:
    wrong = []
    for mod, deps in import_graph().items():
        layer = mod.split(".")[1] if "." in mod else ""
        for dep in deps:
            target = dep.split(".")[1] if "." in dep else ""
            if target in FORBIDDEN.get(layer, ()):
                wrong.append(f"{mod} imports {dep}")
    assert wrong == []


def test_the_engine_works_when_imported_alone() -> None:
    """No part of the rules waits to be registered by another import: a fresh interpreter
    that imports only rail_app.games.italian_rails.rules.engine can play."""
    code = (
        "import sys\n"
        "from rail_app.games.italian_rails.rules.board import load_board\n"
        "from rail_app.games.italian_rails.rules import engine\n"
        "from rail_app.games.italian_rails.rules.actions import BuildSegment, EndTurn, MoveTrain\n"
        "b = load_board('maps/test/mini.yaml')\n"
        "s = engine.new_game(b, seed=1)\n"
        "assert engine.legal_actions(s), 'no legal action'\n"
        "q = engine.quote(s, BuildSegment('3,1', '4,1'))\n"
        "assert q.ok, q.violations\n"
        "s = engine.apply(s, q.action)\n"
        "s = engine.apply(s, EndTurn())\n"
        "assert s.current == 1 and s.players[0].track\n"
        "q = engine.quote(s, MoveTrain(('3,1',)))\n"
        "assert q.rules == ['T2'], q.rules\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('rail_app'))\n"
        "assert not any(m.startswith(('rail_app.games.italian_rails.ai', 'rail_app.ui', 'rail_app.devtools',"
        " 'rail_app.cli')) for m in loaded), loaded\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_no_cache_is_keyed_on_an_objects_id() -> None:
    """Caches are the one bounded cache (rail_app.core.cache) keyed on values or versions:
    nothing calls id() or keeps a weak dictionary keyed on an object."""
    wrong = []
    for path in sorted(PKG.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "id":
                wrong.append(f"{_module(path)}:{node.lineno} {ast.unparse(node)}")
            if isinstance(node, ast.Attribute) and node.attr in ("WeakKeyDictionary",
                                                                 "WeakValueDictionary"):
                wrong.append(f"{_module(path)}:{node.lineno} {node.attr}")
    assert wrong == []
