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
import functools
import subprocess
import sys
from enum import Enum
from pathlib import Path

import pytest

from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]
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


@functools.cache
def _files() -> dict[str, Path]:
    return {_module(p): p for p in sorted(PKG.rglob("*.py"))}


@functools.cache
def _tree(path: Path) -> ast.Module:
    """The module's syntax tree: the code is read and parsed once for every check here."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _imported(mod: str, path: Path) -> list[str]:
    """Every name ``mod`` imports (anywhere in the file, functions and TYPE_CHECKING blocks
    included: a late import is still a dependency), resolved to absolute names."""
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    out: list[str] = []
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            out += [base] + [f"{base}.{a.name}" for a in node.names]
    return out


@functools.cache
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


def _games() -> list[object]:
    from rail_app.table import registry

    return [pytest.param(g.id, id=g.id) for g in registry.GAMES]


@pytest.mark.parametrize("game_id", _games())
def test_every_games_rules_work_when_imported_alone(game_id: str) -> None:
    """A fresh interpreter that loads a game's rules from the registry (its definition and
    its rules package, nothing else) plays a few actions on its small map: no computer
    player, no screen, no tool and no pygame is loaded with them."""
    code = (
        "import sys\n"
        "from rail_app.core.paths import resource_path\n"
        "from rail_app.table import registry\n"
        f"game = registry.game({game_id!r})\n"
        "rules = game.rules\n"
        "board = rules.load_board(resource_path(game.small_map))\n"
        "seats = [f'P{i}' for i in range(game.seats.default)]\n"
        "state = rules.new_game(board, seats, {}, 1)\n"
        "for _ in range(4):\n"
        "    legal = rules.legal_actions(state)\n"
        "    assert legal, 'no legal action'\n"
        "    state = rules.apply(state, legal[0])\n"
        "assert len(rules.history(state)) == 4\n"
        "outer = ('ai', 'ui', 'devtools', 'cli', 'authoring')\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')\n"
        "             or (m.startswith('rail_app') and set(m.split('.')) & set(outer)))\n"
        "assert not bad, bad\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr[-2000:]


def _event_kinds(game_id: str) -> list[type]:
    """Every kind of event of a game's typed log: the kit's Event's subclasses in the game's
    package that have none of their own (a game's own base class is not a kind)."""
    from rail_app.table import bundle, registry
    from rail_app.table.events import Event

    game = registry.game(game_id)
    package = bundle.package_of(game)
    game.rules  # noqa: B018 (loads the rules package, and its log with it)
    found: list[type] = []
    todo: list[type] = [Event]
    while todo:
        cls = todo.pop()
        subs = cls.__subclasses__()
        todo += subs
        if not subs and cls.__module__.startswith(package + "."):
            found.append(cls)
    return sorted(found, key=lambda c: c.__name__)


@pytest.mark.parametrize("game_id", _games())
def test_every_games_history_is_typed_events_not_text(game_id: str) -> None:
    """Every game's log is typed events (the kit's Event): frozen dataclasses of seats,
    places, cards and amounts, each of a kind of the game's, never a sentence."""
    import dataclasses

    texts = {"text", "message", "line", "sentence", "words", "headline"}
    kinds = _event_kinds(game_id)
    assert len(kinds) >= 10, kinds
    for cls in kinds:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, cls
        assert not texts & {f.name for f in dataclasses.fields(cls)}, cls
        assert isinstance(cls.kind, Enum), cls


@pytest.mark.parametrize("game_id", _games())
def test_every_event_kind_of_every_game_has_its_words_and_resolver(game_id: str) -> None:
    """Each kind of event in a game's log is turned into words by the game's words modules
    (its history's sentences dispatch on every class), and each kind of event card a game
    deals (an ``eventkinds`` table in its rules) has its resolver and its card's words."""
    import importlib

    from rail_app.table import bundle, registry

    package = bundle.package_of(registry.game(game_id))
    folder = ROOT.joinpath(*package.split("."))
    named: set[str] = set()
    for path in folder.rglob("*words.py"):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Attribute):
                named.add(node.attr)
            elif isinstance(node, ast.Name):
                named.add(node.id)
    wordless = [cls.__name__ for cls in _event_kinds(game_id) if cls.__name__ not in named]
    assert wordless == []
    if not (folder / "rules" / "eventkinds.py").is_file():
        return
    kinds = importlib.import_module(f"{package}.rules.eventkinds").EventKind
    events = importlib.import_module(f"{package}.rules.events")
    words = importlib.import_module(f"{package}.rules.words")
    assert set(events._RESOLVERS) == set(kinds)
    source = (folder / "rules" / "words.py").read_text(encoding="utf-8")
    unsaid = [k.name for k in kinds if f"EventKind.{k.name}" not in source]
    assert unsaid == [] and callable(words.card_words)


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
        for node in ast.walk(_tree(path)):
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
        for node in ast.walk(_tree(path)):
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
        tree = _tree(path)
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
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "id":
                wrong.append(f"{mod}:{node.lineno} {ast.unparse(node)}")
            if isinstance(node, ast.Attribute) and node.attr in ("WeakKeyDictionary",
                                                                 "WeakValueDictionary"):
                wrong.append(f"{mod}:{node.lineno} {node.attr}")
    assert wrong == []
