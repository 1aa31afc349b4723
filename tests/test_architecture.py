"""The shape of the code (DESIGN.md habit 14, docs/architecture.md): the engine works on its
own, no import cycles, and imports point inward.

A module's layer is the outermost of ``devtools, cli, authoring, ui, ai, rules, table, geo,
core`` among the parts of its dotted name (``rail_app.games.italian_rails.rules.board`` is
"rules", ``rail_app.ui.session`` is "ui"), as the team's import-graph tool reads it.
Every game lives in ``rail_app/games/<game>/``; no game imports another, and the shared
layers reach a game only through the registry (``rail_app.table.registry``): a game's
definition names its screen, tools and map author's tools, each loaded when first used.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "rail_app"
ORDER = ("devtools", "cli", "authoring", "ui", "ai", "rules", "table", "geo", "core")
# a layer may import nothing from the layers listed for it
FORBIDDEN = {
    "core": ("table", "rules", "ai", "ui", "cli", "devtools", "authoring"),
    "geo": ("table", "rules", "ai", "ui", "cli", "devtools", "authoring"),
    "table": ("rules", "ai", "ui", "cli", "devtools", "authoring"),
    "rules": ("ai", "ui", "cli", "devtools", "authoring"),
    "ai": ("ui", "cli", "devtools", "authoring"),
    "authoring": ("cli", "devtools"),
    "ui": ("cli", "devtools"),
}
PURE = ("core", "geo", "table", "rules")  # no pygame, no pygame_gui
#: The only shared module that names a game: the registry of games (a new game is its
#: package and one line there).
GATEWAYS = {
    "rail_app.table.registry",
}
TYPING_BASES = {"Protocol", "Generic", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag",
                "NamedTuple", "TypedDict"}


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _files() -> dict[str, Path]:
    return {_module(p): p for p in sorted(PKG.rglob("*.py"))}


def _imported(mod: str, path: Path) -> list[str]:
    """Every name ``mod`` imports (anywhere in the file, functions and TYPE_CHECKING blocks
    included: a late import is still a dependency), resolved to absolute names."""
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            out += [base] + [f"{base}.{a.name}" for a in node.names]
    return out


def import_graph() -> dict[str, set[str]]:
    """Every module of rail_app -> the rail_app modules it imports."""
    files = _files()
    graph: dict[str, set[str]] = {m: set() for m in files}
    for mod, path in files.items():
        for name in _imported(mod, path):
            while name and name not in files:
                name = name.rpartition(".")[0]
            if name and name != mod:
                graph[mod].add(name)
    return graph


def layer(mod: str) -> str | None:
    for part in mod.split(".")[1:]:
        if part in ORDER:
            return part
    return None


def game_of(mod: str) -> str | None:
    """The game a module belongs to (None: a shared module)."""
    parts = mod.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


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
        for dep in deps:
            if layer(dep) in FORBIDDEN.get(layer(mod) or "", ()):
                wrong.append(f"{mod} imports {dep}")
    assert wrong == []


def test_no_game_imports_another() -> None:
    wrong = [f"{mod} imports {dep}" for mod, deps in import_graph().items()
             for dep in deps
             if game_of(mod) and game_of(dep) and game_of(mod) != game_of(dep)]
    assert wrong == []


def test_shared_layers_reach_a_game_only_through_the_registry_and_its_tables() -> None:
    """A shared module imports no game's module, but for the registry and the three tables
    beside it; and those name each game's one entry module, nothing deeper."""
    wrong = []
    for mod, deps in import_graph().items():
        if game_of(mod) is not None:
            continue
        for dep in deps:
            if game_of(dep) is None and dep != "rail_app.games":
                continue
            if mod not in GATEWAYS:
                wrong.append(f"{mod} imports {dep}")
    assert wrong == []


def test_rules_core_and_table_import_no_pygame() -> None:
    wrong = []
    for mod, path in _files().items():
        if layer(mod) not in PURE:
            continue
        for name in _imported(mod, path):
            if name.split(".")[0] in ("pygame", "pygame_gui"):
                wrong.append(f"{mod} imports {name}")
    assert wrong == []


def test_the_table_and_every_games_definition_load_without_pygame() -> None:
    """What the registry imports (each game's definition, its identity and seats) is pure:
    a harness, the command line's ``games`` and a replay never load pygame."""
    code = (
        "import sys\n"
        "from rail_app.table import registry\n"
        "for g in registry.GAMES:\n"
        "    assert g.seats.low >= 1 and g.title, g.id\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')]\n"
        "assert not bad, bad\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr[-2000:]


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
        "assert not any(m.startswith(('rail_app.games.italian_rails.ai', 'rail_app.ui', "
        "'rail_app.devtools', 'rail_app.cli')) for m in loaded), loaded\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr[-2000:]


#: Modules outside the development tools that still import one, each with why. The list
#: only shrinks: a module that no longer imports a development tool fails the test below
#: until its entry goes.
DEVTOOLS_USERS: dict[str, str] = {}


def test_nothing_the_executable_ships_imports_a_development_tool() -> None:
    """The executable leaves every devtools package out (ItalianRails.spec; tools/ci-exe.sh
    checks): a module it ships that imports one, even inside a function, fails there the
    first time that import runs. Only the development tools and the command line (which
    imports a command's work only when it runs) import them."""
    users = {mod: sorted(d for d in deps if layer(d) == "devtools")
             for mod, deps in import_graph().items()
             if layer(mod) not in ("devtools", "cli")}
    users = {mod: deps for mod, deps in users.items() if deps}
    new = {mod: deps for mod, deps in users.items() if mod not in DEVTOOLS_USERS}
    assert not new, f"these modules import a development tool: {new}"
    gone = sorted(set(DEVTOOLS_USERS) - set(users))
    assert not gone, f"these no longer import one: take them off DEVTOOLS_USERS: {gone}"


def _base_name(node: ast.expr) -> str:
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ast.unparse(node)


def test_no_class_has_more_than_two_bases_besides_typing_ones() -> None:
    """Parts are composed, not inherited: a class has at most two bases, not counting
    Protocol, Generic, the enums and the typed tuples and dicts."""
    wrong = []
    for mod, path in _files().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [_base_name(b) for b in node.bases]
                if len([b for b in bases if b not in TYPING_BASES]) > 2:
                    wrong.append(f"{mod}.{node.name}({', '.join(bases)})")
    assert wrong == []


def _ui_modules() -> dict[str, Path]:
    return {m: p for m, p in _files().items() if layer(m) == "ui"}


#: Ways to look inside a text; the screen uses them on names only: of files and saves, and
#: of the platform (``sys.platform``).
PEEKS = {"startswith", "endswith", "partition", "rpartition", "removeprefix", "removesuffix"}
NAMES = ("name", "stem", "platform")


def test_no_screen_looks_inside_a_sentence() -> None:
    """The screens show the sentences each game's words module makes from its typed events;
    they never look inside one: no regular expressions, no prefixes or suffixes (but for the
    names of files and saves)."""
    wrong = []
    for mod, path in _ui_modules().items():
        for name in _imported(mod, path):
            if name == "re" or name.startswith("re."):
                wrong.append(f"{mod} imports re")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in PEEKS:
                target = node.func.value
                if not (isinstance(target, ast.Attribute) and target.attr in NAMES):
                    wrong.append(f"{mod}:{node.lineno} {ast.unparse(node)}")
    assert wrong == []


def test_the_history_is_typed_events_not_text() -> None:
    """An entry of a game's history is a turn, a seat and a typed event, each event a frozen
    dataclass of seats, places, cards and amounts: no sentence in it."""
    import dataclasses

    from rail_app.games.italian_rails.rules import log

    assert [f.name for f in dataclasses.fields(log.LogEntry)] == ["turn", "player", "event"]
    texts = {"text", "message", "line", "sentence", "words", "headline"}
    kinds = log.Event.__subclasses__()
    assert len(kinds) > 40
    for cls in kinds:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, cls
        assert not texts & {f.name for f in dataclasses.fields(cls)}, cls


def _is_rgb(node: ast.AST) -> bool:
    """A literal tuple that reads as a colour: three or four ints of 0-255, not all small
    (a mouse's buttons, (0, 0)) unless all zero (black)."""
    if not (isinstance(node, ast.Tuple) and len(node.elts) in (3, 4)):
        return False
    values = [e.value for e in node.elts if isinstance(e, ast.Constant)]
    if len(values) != len(node.elts) or not all(
            type(v) is int and 0 <= v <= 255 for v in values):
        return False
    return max(values) >= 16 or not any(values)


def _mouse_buttons(tree: ast.AST) -> set[int]:
    """The tuples that are a mouse event's buttons (``buttons=(0, 0, 0)``), not colours."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "buttons":
            out.add(id(node.value))
        elif isinstance(node, ast.arguments):
            params = [*node.posonlyargs, *node.args]
            for param, default in zip(params[len(params) - len(node.defaults):], node.defaults,
                                      strict=True):
                if param.arg == "buttons":
                    out.add(id(default))
    return out


def test_every_colour_of_the_screens_is_in_a_palette_module() -> None:
    """No colour literal in the screens but in their palette modules (the shell's
    ui/palette.py, each game's ui/palette.py); PAPER is defined once."""
    wrong = []
    papers = []
    for mod, path in _files().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, ast.AnnAssign) else []
            if any(isinstance(t, ast.Name) and t.id == "PAPER" for t in targets):
                papers.append(mod)
        if layer(mod) != "ui" or path.name == "palette.py":
            continue
        buttons = _mouse_buttons(tree)
        for node in ast.walk(tree):
            if _is_rgb(node) and id(node) not in buttons:
                wrong.append(f"{mod}:{getattr(node, 'lineno', '?')} {ast.unparse(node)}")
    assert wrong == []
    assert papers == ["rail_app.ui.palette"]


def test_no_cache_is_keyed_on_an_objects_id() -> None:
    """Caches are the one bounded cache (rail_app.core.cache) keyed on values or versions:
    nothing calls id() or keeps a weak dictionary keyed on an object."""
    wrong = []
    for mod, path in _files().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "id":
                wrong.append(f"{mod}:{node.lineno} {ast.unparse(node)}")
            if isinstance(node, ast.Attribute) and node.attr in ("WeakKeyDictionary",
                                                                 "WeakValueDictionary"):
                wrong.append(f"{mod}:{node.lineno} {node.attr}")
    assert wrong == []
