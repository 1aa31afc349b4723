"""Save fuzzer: mutated saved games, loaded as Continue and Load game load them.

The base is a real game on the Mini map (cards, a person and a computer seat), saved the way
the game saves, plus the same game as an older two-file save (record + ``.seats``). Each
case changes one of them, byte-level (flips, cuts, duplicated or removed runs, hostile
tokens) or JSON-level (a value anywhere in the record, the seats, the packed world or the
side file replaced, removed, duplicated or nested very deep; numbers of 5,000 digits, NaN;
seats that are aliens at level 5 with an ink that is an object; a 50 MB name; a record whose
map is /dev/zero or a FIFO; a packed map that decompresses to 100 MB...), and loads it with
``Session.load`` in a child process of its own (:mod:`rail_app.devtools.isolate`).

A case passes when the save is refused with ``LoadError`` (one line, short), or loaded into
a valid game: the game's seats of a known kind, level and ink, names short and printable and
the players' own, every recorded action legal, and the game screen opens and draws a frame
(a game without a screen yet, as Ticket to Ride, is judged without it). It
fails on any other exception (uncaught), a crash, a time-out, or an invalid game accepted.

``python -m rail_app fuzz saves [--long] [--seed N] [--count N]``
"""

from __future__ import annotations

import base64
import copy
import json
import os
import random
import re
import shutil
import tempfile
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rail_app.core import identity
from rail_app.devtools.fuzz_names import fuzz_name
from rail_app.devtools.games import played_session, small_map_of, table_of
from rail_app.devtools.isolate import Outcome, run_forked
from rail_app.table.records import MAX_NAME, record_text, replay
from rail_app.table.saves import VERSION
from rail_app.ui import screens
from rail_app.ui.app import App
from rail_app.ui.headless import use_dummy_drivers
from rail_app.ui.session import LoadError, Session
from rail_app.ui.settings import INKS, Settings

SHORT_COUNT = 40
LONG_COUNT = 1000
BIG = "__BIG_NUMBER__"  # replaced by 5,000 digits in the text (json cannot write them)


@dataclass(frozen=True)
class SaveCase:
    """One case: ``files()`` gives the files of the saves folder (name -> content; a name
    ``@link@x`` is a symbolic link to the content, ``@fifo@x`` a FIFO), made when the case
    runs so that large ones are not all held at once; ``load`` is the file to load."""

    name: str
    make: Callable[[], dict[str, bytes]]
    load: str = "game.json"


class Bases:
    """The base save (one file) and older save (record + seats), as text and as data."""

    def __init__(self, folder: Path, game: str | None = None) -> None:
        names, kinds, inks = table_of(game, ("Anna", "Bruno", "Ezio", "Fede", "Gino", "Ivo"))
        session = played_session(small_map_of(game), 7, 45, names, kinds, inks, game=game)
        session.save(folder / "base.json")
        self.save = (folder / "base.json").read_text(encoding="utf-8")
        self.record = record_text(session.record(), session.game)
        self.seats = json.dumps({"seats": [
            {"name": s.name, "kind": s.kind, "level": s.level, "ink": s.ink}
            for s in session.setup.seats], "map": session.setup.map_path,
            "saved": "2025-01-01 12:00"}, indent=2)
        self.data = {"save": json.loads(self.save), "record": json.loads(self.record),
                     "seats": json.loads(self.seats)}


def _deep(depth: int, rng: random.Random) -> Any:
    """Nesting ``depth`` deep: real lists and objects when json can write them, else a
    marker that :func:`_dump` turns into the brackets."""
    if depth > 200:
        return f"__DEEP_{depth}__"
    node: Any = 1
    for _ in range(depth):
        node = [node] if rng.random() < 0.5 else {"k": node}
    return node


def _bomb_entry(rng: random.Random) -> dict[str, Any]:
    """A packed file that inflates to 100 MB while announcing a small size."""
    squeezed = zlib.compress(b"\0" * (100 << 20), 9)
    return {"name": "mini.yaml", "size": rng.choice([10, 2249, 1 << 20]),
            "sha256": "0" * 64, "zlib": base64.b64encode(squeezed).decode()}


def _hostile_value(rng: random.Random, where: str) -> Any:
    choices: list[Any] = [
        None, "", 0, -1, 1.5, True, [], {}, "x" * rng.choice([41, 61, 1000, 100_000]),
        BIG, float("nan"), float("inf"), 10**30, -(10**18), "/dev/zero", "../../../etc/x",
        _deep(rng.choice([40, 1000, 30_000]), rng), {"r": 1, "g": 2}, [1, 2, 3],
        "alien", 5, "\x00\x1b[31m", "Anna", "blue", "computer", "hard",
    ]
    if "name" in where or "seats" in where or "game" in where:
        choices += [fuzz_name(rng) for _ in range(4)]  # every Unicode category
    if "seats" in where:
        choices += ["alien", 5, {"r": 0, "g": 114, "b": 178}, "x" * (50 << 20),
                    "plaid", "normal", "easy", "Bruno\n"]
    if "world" in where:
        choices += ["!!!not base64", "AAAA", "0" * 64, 10**9, "mini.yaml", "../mini.yaml",
                    _bomb_entry(rng)]
    if "record" in where:
        choices += [{"kind": "build", "a": {"q": 1}, "b": "1,1"}, {"kind": "fly"},
                    {"player": 2, "action": {"kind": "end_turn"}}, 10**400 if False else BIG]
    return rng.choice(choices)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            if k != "zlib":
                out += _paths(v, (*prefix, k))
            else:
                out.append((*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:30]):
            out += _paths(v, (*prefix, i))
    return out


def _mutate_json(rng: random.Random, data: Any, label: str) -> Any:
    data = copy.deepcopy(data)
    path = rng.choice(_paths(data)[1:] or [()])
    if not path:
        return _hostile_value(rng, label)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    where = label + "." + ".".join(map(str, path))
    what = rng.random()
    if what < 0.6:
        parent[key] = _hostile_value(rng, where)
    elif what < 0.72:
        del parent[key]
    elif what < 0.82 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif what < 0.9:
        parent[key] = [parent[key]]
    elif isinstance(parent[key], str) and parent[key]:
        s = parent[key]
        i = rng.randrange(len(s))
        parent[key] = s[:i] + rng.choice("xX0=/+!") + s[i + 1:]  # e.g. a packed file hurt
    else:
        parent[key] = str(parent[key])
    return data


_TOKENS = [b"[" * 100_000, b"{" * 5000, b"9" * 5000, b"NaN", b"Infinity", b"-", b"\x00",
           b"\xff\xfe", b'"\\ud800"', b"1e400", b",", b"}", b"\n" * 3, b"\xef\xbb\xbf"]


def _mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    what = rng.randrange(6)
    i = rng.randrange(len(data) + 1)
    if what == 0 and data:
        j = min(len(data) - 1, i)
        return data[:j] + bytes([rng.randrange(256)]) + data[j + 1:]
    if what == 1:
        return data[:i]
    if what == 2:
        j = min(len(data), i + rng.randint(1, 200))
        return data[:i] + data[j:]
    if what == 3:
        j = min(len(data), i + rng.randint(1, 500))
        return data[:j] + data[i:j] * rng.randint(1, 50) + data[j:]
    if what == 4:
        return data[:i] + rng.choice(_TOKENS) + data[i:]
    return bytes(b ^ 0x20 if rng.random() < 0.01 else b for b in data)


def _dump(data: Any) -> bytes:
    text = json.dumps(data, ensure_ascii=False)
    text = text.replace(f'"{BIG}"', "1" + "0" * 4999)
    text = re.sub(r'"__DEEP_(\d+)__"', lambda m: "[" * int(m.group(1)) + "1"
                  + "]" * int(m.group(1)), text)
    return text.encode("utf-8", "surrogatepass")


def mutant(bases: Bases, seed: int, index: int) -> SaveCase:
    """The ``index``-th mutation of seed ``seed`` (the same case every time)."""
    rng = random.Random(seed * 7_000_001 + index)
    target = rng.choices(["save", "record", "seats"], weights=[60, 20, 20])[0]
    if target == "save":
        files = {"game.json": bases.save.encode()}
    else:
        files = {"game.json": bases.record.encode(),
                 "game.json.seats": bases.seats.encode()}
    name = "game.json.seats" if target == "seats" else "game.json"
    if rng.random() < 0.35:
        files[name] = _mutate_bytes(rng, files[name])
        how = "bytes"
    else:
        files[name] = _dump(_mutate_json(rng, bases.data[target], target))
        how = "json"
    return SaveCase(f"mutant {index} ({how}, {target})", lambda: files)


def hostile_cases(bases: Bases) -> list[SaveCase]:
    """The cases of the threat list, named."""
    save, record, seats = bases.data["save"], bases.data["record"], bases.data["seats"]

    def with_save(**changes: Any) -> bytes:
        d = copy.deepcopy(save)
        for k, v in changes.items():
            d[k] = v
        return _dump(d)

    def with_seat(i: int, key: str, value: Any) -> bytes:
        d = copy.deepcopy(save)
        d["seats"][i][key] = value
        return _dump(d)

    def side_seat(i: int, key: str, value: Any) -> dict[str, bytes]:
        d = copy.deepcopy(seats)
        d["seats"][i][key] = value
        return {"game.json": bases.record.encode(), "game.json.seats": _dump(d)}

    def with_record(**changes: Any) -> bytes:
        d = copy.deepcopy(record)
        d.update(changes)
        return _dump(d)

    rng = random.Random(1)
    deep = _deep(100_000, rng)
    world = copy.deepcopy(save["world"])
    world["map"]["zlib"] = "!!!"
    digest = copy.deepcopy(save["world"])
    digest["map"]["sha256"] = "0" * 64
    bomb = copy.deepcopy(save["world"])
    bomb["map"] = _bomb_entry(rng)
    escape = copy.deepcopy(save["world"])
    escape["map"]["name"] = "../../outside.yaml"
    out = [
        SaveCase("nesting 100,000 deep in the save", lambda: {"game.json": with_save(record=deep)}),
        SaveCase("nesting 20,000 deep in the seats file", lambda: {
            "game.json": bases.record.encode(), "game.json.seats": _dump(_deep(20_000, rng))}),
        SaveCase("5,000-digit seed", lambda: {"game.json": with_record(seed=BIG)}),
        SaveCase("5,000-digit version", lambda: {"game.json": with_save(version=BIG)}),
        SaveCase("400-digit version", lambda: {"game.json": _dump(save).replace(
            f'"version": {VERSION}'.encode(), f'"version": {VERSION}'.encode() + b"0" * 400,
            1)}),
        SaveCase("NaN seed", lambda: {"game.json": with_record(seed=float("nan"))}),
        SaveCase("kind alien", lambda: {"game.json": with_seat(1, "kind", "alien")}),
        SaveCase("level 5", lambda: {"game.json": with_seat(1, "level", 5)}),
        SaveCase("ink an object", lambda: {"game.json": with_seat(0, "ink", {"r": 0})}),
        SaveCase("ink not in the palette",
                 lambda: {"game.json": with_seat(0, "ink", "plaid")}),
        SaveCase("1,000-character name",
                 lambda: {"game.json": with_seat(0, "name", "N" * 1000)}),
        SaveCase("50 MB name", lambda: {"game.json": with_seat(0, "name", "N" * (50 << 20))}),
        SaveCase("control characters in a name",
                 lambda: {"game.json": with_seat(0, "name", "An\x1b[2Jna")}),
        SaveCase("seats of another game", lambda: {"game.json": with_seat(0, "name", "Zed")}),
        SaveCase("older save: kind alien", lambda: side_seat(1, "kind", "alien")),
        SaveCase("older save: level 5", lambda: side_seat(1, "level", 5)),
        SaveCase("older save: ink an object", lambda: side_seat(0, "ink", {"r": 0})),
        SaveCase("older save: 50 MB name", lambda: side_seat(0, "name", "N" * (50 << 20))),
        SaveCase("older save: seats of another game", lambda: side_seat(0, "name", "Zed")),
        SaveCase("older save without seats", lambda: {"game.json": bases.record.encode()}),
        SaveCase("older save: map /dev/zero",
                 lambda: {"game.json": with_record(map="/dev/zero")}),
        SaveCase("older save: map a FIFO", lambda: {"game.json": with_record(map="@FIFO@")}),
        SaveCase("older save: map a folder", lambda: {"game.json": with_record(map="/tmp")}),
        SaveCase("packed map not base64", lambda: {"game.json": with_save(world=world)}),
        SaveCase("packed map with a wrong digest",
                 lambda: {"game.json": with_save(world=digest)}),
        SaveCase("packed map inflating to 100 MB", lambda: {"game.json": with_save(world=bomb)}),
        SaveCase("packed map named ../../outside.yaml",
                 lambda: {"game.json": with_save(world=escape)}),
        SaveCase("action with an object for a dot", lambda: {"game.json": with_save(record=dict(
            record, actions=[*record["actions"], {"player": 0, "action": {
                "kind": "build", "a": {"q": 1}, "b": "1,1"}}]))}),
        SaveCase("save is /dev/zero", lambda: {"@link@game.json": b"/dev/zero"}),
        SaveCase("save is a FIFO", lambda: {"@fifo@game.json": b""}),
        SaveCase("save is 30 MB",
                 lambda: {"game.json": bases.save.encode() + b" " * (30 << 20)}),
        SaveCase("empty save", lambda: {"game.json": b""}),
    ]
    return out


# -- loading and judging ------------------------------------------------------------------------


def load_and_judge(path: str) -> dict[str, Any]:
    """Load a save as the game does and judge the result (run in the child process)."""
    try:
        session = Session.load(Path(path))
    except LoadError as exc:
        return {"result": "refused", "message": str(exc)}
    problems = invalid_game(session)
    if problems:
        return {"result": "invalid", "message": problems}
    return {"result": "accepted", "message": f"{len(session.state.history)} actions"}


def invalid_game(session: Any) -> str:
    """What is wrong with a loaded game ("" if nothing): the seats and names are checked,
    the record replays with every action legal, and the game screen (when the game has
    one) draws a frame."""
    game = session.game
    seats = session.setup.seats
    if not game.seats.low <= len(seats) <= game.seats.most:
        return f"{len(seats)} seats"
    for s in seats:
        if s.kind not in ("human", "computer") or s.level not in ("easy", "normal", "hard"):
            return f"seat {s.name[:20]!r}: kind {s.kind!r}, level {s.level!r}"
        if not isinstance(s.ink, str) or s.ink not in INKS:
            return f"seat ink {str(s.ink)[:40]!r}"
        if not isinstance(s.name, str) or not 0 < len(s.name) <= MAX_NAME \
                or not s.name.isprintable():
            return f"seat name of {len(s.name)} characters"
    if [s.name for s in seats] != game.rules.seat_names(session.state):
        return "the seats are not the players"
    state, results = replay(game, session.record(), session.board)
    if not all(r.ok for r in results) or game.rules.history(state) != game.rules.history(session.state):
        return "the loaded game does not replay"
    if game.screens is None:
        return ""
    import pygame

    # A forked case starts SDL afresh: what the parent had initialised (a window, the
    # threads of its display and sound) does not exist in the child.
    pygame.quit()
    app = App(size=(1280, 720), fullscreen=False, settings=Settings())
    try:
        app.reset(screens.game(app, session))
        app.step(1 / 60, [])
        app.step(1 / 60, [])
    finally:
        pygame.quit()
    return ""


def _write_case(case: SaveCase, folder: Path) -> Path:
    for name, content in case.make().items():
        if name.startswith("@link@"):
            (folder / name[6:]).symlink_to(content.decode())
        elif name.startswith("@fifo@"):
            os.mkfifo(folder / name[6:])
        else:
            if b"@FIFO@" in content:
                os.mkfifo(folder / "fifo.yaml")
                content = content.replace(b"@FIFO@", str(folder / "fifo.yaml").encode())
            (folder / name).write_bytes(content)
    return folder / case.load


@dataclass
class CaseResult:
    name: str
    outcome: Outcome
    verdict: str  # refused | accepted | uncaught | crash | timeout | invalid | message
    detail: str = ""


def run_case(case: SaveCase, root: Path, timeout: float) -> CaseResult:
    folder = Path(tempfile.mkdtemp(dir=root / "cases"))
    try:
        path = _write_case(case, folder)
        out = run_forked(load_and_judge, str(path), timeout=timeout, headroom_mb=1024)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if out.status == "error":
        return CaseResult(case.name, out, "uncaught", out.error.strip().splitlines()[-1][:300])
    if out.status in ("crash", "timeout"):
        return CaseResult(case.name, out, out.status, out.error)
    value = out.value
    if value["result"] == "invalid":
        return CaseResult(case.name, out, "invalid", value["message"])
    message = value["message"]
    if value["result"] == "refused" and ("\n" in message or len(message) > 300
                                         or not message.startswith(case.load)):
        return CaseResult(case.name, out, "message", message[:300])
    return CaseResult(case.name, out, value["result"], message[:160])


def run(seed: int = 1, count: int = SHORT_COUNT, hostile: bool = True, timeout: float = 300.0,
        progress: Callable[[str], None] | None = None, game: str | None = None
        ) -> dict[str, Any]:
    """The hostile cases and ``count`` mutations; a summary with every failure."""
    t0 = time.perf_counter()
    results: list[CaseResult] = []
    old = os.environ.get("ITALIAN_RAILS_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix=f"{identity.SCRATCH_PREFIX}fuzz-saves-") as tmp:
        root = Path(tmp)
        (root / "cases").mkdir()
        os.environ["ITALIAN_RAILS_DATA_DIR"] = str(root / "data")
        try:
            bases = Bases(root, game)
            use_dummy_drivers()

            todo = hostile_cases(bases) if hostile else []
            n_hostile = len(todo)
            for n in range(count + n_hostile):
                case = todo[n] if n < n_hostile else mutant(bases, seed, n - n_hostile)
                r = run_case(case, root, timeout)
                results.append(r)
                if progress is not None and (r.verdict not in ("accepted", "refused")
                                             or (n + 1) % 100 == 0):
                    progress(f"{n + 1}: {r.name}: {r.verdict} {r.detail}")
        finally:
            if old is None:
                os.environ.pop("ITALIAN_RAILS_DATA_DIR", None)
            else:
                os.environ["ITALIAN_RAILS_DATA_DIR"] = old
    count_of = {v: sum(r.verdict == v for r in results)
                for v in ("refused", "accepted", "uncaught", "crash", "timeout", "invalid",
                          "message")}
    failures = [r for r in results if r.verdict not in ("refused", "accepted")]
    return {
        "seed": seed,
        "tried": len(results),
        "hostile_cases": n_hostile,
        "mutations": len(results) - n_hostile,
        "refused": count_of["refused"],
        "accepted_valid": count_of["accepted"],
        "uncaught": count_of["uncaught"] + count_of["crash"] + count_of["timeout"],
        "invalid_accepted": count_of["invalid"],
        "bad_messages": count_of["message"],
        "max_seconds": round(max((r.outcome.seconds for r in results), default=0.0), 3),
        "max_peak_mb": round(max((r.outcome.peak_mb for r in results), default=0.0), 1),
        "hostile": [{"case": r.name, "verdict": r.verdict, "message": r.detail}
                    for r in results[:n_hostile]],
        "failures": [{"case": r.name, "verdict": r.verdict, "detail": r.detail}
                     for r in failures[:50]],
        "seconds": round(time.perf_counter() - t0, 1),
    }


def passed(summary: dict[str, Any]) -> bool:
    return not summary["failures"]
