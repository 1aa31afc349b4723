"""The one guarded reader for every file that comes from outside the program.

Maps, decks, GeoJSON, saves and settings are shared on forums and copied between machines,
so each is read as a hostile file would be (DESIGN.md habit 15):

- only a regular file is opened (never a device such as ``/dev/zero``, a FIFO or a folder),
  and never more than the size limit of its kind is read;
- the text must be UTF-8;
- the structure is checked *before* it is built: the nesting depth (libyaml's composer
  overflows the C stack near depth 50,000, Python's JSON parser raises ``RecursionError``),
  YAML anchors and aliases (an "alias bomb" of a few hundred bytes expands to billions of
  nodes), numbers that are not finite (``.nan``, ``1e400``) or absurdly long (a 5,000-digit
  integer);
- typed validation follows in the reader of each kind (JSON Schema for maps and decks,
  explicit checks for saves and settings).

Every refusal is a :class:`GuardError` that prints as ``file:line: message``; values shown in
messages are cut to about 60 characters (:func:`shorten`).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import yaml

#: The longest number (in characters) any file may hold; far beyond any real value, far
#: below Python's 4,300-digit limit for converting text to integers.
MAX_NUMBER_CHARS = 40
#: Values in messages are cut to this many characters.
SHOWN_CHARS = 60
#: At most this many YAML nodes in one file (maps with inline geometry are the largest).
MAX_YAML_NODES = 500_000

# Limits of the map format, checked while a map is loaded (see maps/README.md, "Limits").
#: Dots of one map. Italy has about 900; a detailed map may have a few thousand.
MAX_DOTS = 20_000
#: Grid points examined while laying the dots over the land (a map's bounding box in dots).
MAX_GRID_POINTS = 1_000_000
#: Points of one polygon or line of the geometry, and of all of them together.
MAX_FEATURE_POINTS = 100_000
MAX_GEOMETRY_POINTS = 250_000


@dataclass(frozen=True)
class FileKind:
    """What a file is, and the limits it is read with (``max_magnitude``: the largest
    number it may hold, whatever its length; None: only :data:`MAX_NUMBER_CHARS`)."""

    name: str
    max_bytes: int
    max_depth: int
    max_magnitude: float | None = None


#: The largest number in a map, a deck or a GeoJSON file: far beyond any position (km or
#: degrees), cost or count a map has, far below what a picture of it could not draw.
MAX_MAP_NUMBER = 1e9
MAP = FileKind("map", 2 * 1024 * 1024, 32, MAX_MAP_NUMBER)
DECK = FileKind("deck", 1024 * 1024, 32, MAX_MAP_NUMBER)
GEOJSON = FileKind("GeoJSON", 8 * 1024 * 1024, 32, MAX_MAP_NUMBER)
SAVE = FileKind("saved game", 16 * 1024 * 1024, 32)
SEATS = FileKind("seats", 64 * 1024, 8)
SETTINGS = FileKind("settings", 64 * 1024, 8)


class GuardError(Exception):
    """A file refused by the guarded reader: ``file:line: message`` (line may be None)."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        self.file = file
        self.line = line
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.file}: {self.message}"
        return f"{self.file}:{self.line}: {self.message}"


def shorten(value: object, limit: int = SHOWN_CHARS) -> str:
    """``repr(value)`` cut to about ``limit`` characters, safe for any value (the repr of a
    5,000-digit integer raises in Python 3.11, and a 50 MB name must not reach a message)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    if isinstance(value, str) and len(value) > limit:
        return repr(value[: limit - 5]) + f"… ({len(value)} characters)"
    if isinstance(value, (dict, list, tuple)) and len(value) > 20:
        kind = type(value).__name__
        return f"a {kind} of {len(value)} items"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def clip(text: str, limit: int = 2 * SHOWN_CHARS) -> str:
    """A message (not a value) cut to ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- bytes and text ------------------------------------------------------------------------

#: Files kept in memory instead of on disk (a save's world, read from the save when the
#: disk has no room to unpack it), by absolute path; the newest :data:`MEMORY_FILES`.
_MEMORY: dict[str, bytes] = {}
MEMORY_FILES = 48


def keep_in_memory(path: str | os.PathLike[str], data: bytes) -> None:
    """Have :func:`read_bytes` give ``data`` for ``path`` without the disk (the oldest
    such file is forgotten beyond :data:`MEMORY_FILES`)."""
    key = os.path.abspath(path)
    _MEMORY.pop(key, None)
    _MEMORY[key] = data
    while len(_MEMORY) > MEMORY_FILES:
        del _MEMORY[next(iter(_MEMORY))]


@contextlib.contextmanager
def memory_file(path: str | os.PathLike[str], data: bytes) -> Iterator[None]:
    """Within the block, :func:`read_bytes` gives ``data`` for ``path`` (a file read once
    from outside, checked by a reader that takes a path, with nothing written to disk)."""
    key = os.path.abspath(path)
    _MEMORY[key] = data
    try:
        yield
    finally:
        _MEMORY.pop(key, None)


def _in_memory(path: str | os.PathLike[str]) -> bytes | None:
    if not _MEMORY:
        return None
    try:
        return _MEMORY.get(os.path.abspath(path))
    except (TypeError, ValueError):
        return None


def lexists(path: str | os.PathLike[str]) -> bool:
    """Whether there is an entry at ``path``, on disk or kept in memory."""
    return _in_memory(path) is not None or os.path.lexists(path)


def is_file(path: str | os.PathLike[str]) -> bool:
    """Whether :func:`read_bytes` finds a file at ``path``: one kept in memory (a save's
    world on a disk with no room for it), or a regular file on disk. Never raises (a name
    holding a NUL, a link loop: no file)."""
    if _in_memory(path) is not None:
        return True
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def read_bytes(path: str | os.PathLike[str], kind: FileKind, shown: str | None = None) -> bytes:
    """The bytes of a regular file of at most ``kind.max_bytes``; GuardError otherwise."""
    shown = str(path) if shown is None else shown
    kept = _in_memory(path)
    if kept is not None:
        if len(kept) > kind.max_bytes:
            raise GuardError(shown, None, f"the file is too large for a {kind.name} file")
        return kept
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise GuardError(shown, None, "file not found") from None
    except OSError as exc:
        raise GuardError(shown, None, f"cannot read the file ({exc.strerror})") from None
    except ValueError:  # a NUL in the name: no file can have it
        raise GuardError(shown, None, "the file name holds a NUL character") from None
    _check_stat(st, kind, shown)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise GuardError(shown, None, f"cannot read the file ({exc.strerror})") from None
    try:
        _check_stat(os.fstat(fd), kind, shown)  # the file opened is the file checked
        chunks: list[bytes] = []
        left = kind.max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise GuardError(shown, None, f"cannot read the file ({exc.strerror})") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > kind.max_bytes:
        raise GuardError(shown, None, f"the file grew past {_size(kind.max_bytes)} while "
                         "it was read")
    return data


def _check_stat(st: os.stat_result, kind: FileKind, shown: str) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise GuardError(shown, None, "this is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise GuardError(shown, None, "not a regular file (a device, a pipe or a socket)")
    if st.st_size > kind.max_bytes:
        raise GuardError(shown, None, f"the file is too large for a {kind.name} file "
                         f"({_size(st.st_size)}; the limit is {_size(kind.max_bytes)})")


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MB"
    if n >= 1024:
        return f"{n / 1024:.0f} KB"
    return f"{n} bytes"


def decode(data: bytes, shown: str) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); GuardError names the line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise GuardError(shown, line, "not UTF-8 text (save the file as UTF-8)") from None


def read_text(path: str | os.PathLike[str], kind: FileKind, shown: str | None = None) -> str:
    """The UTF-8 text of a regular file of at most ``kind.max_bytes``."""
    shown = str(path) if shown is None else shown
    return decode(read_bytes(path, kind, shown), shown)


# -- JSON -----------------------------------------------------------------------------------

_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)


class _BadNumber(Exception):
    def __init__(self, text: str, why: str) -> None:
        self.text = text
        self.why = why


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_CHARS:
        raise _BadNumber(text, f"a number of {len(text)} digits is too long")
    return int(text)


def _json_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _BadNumber(text, f"a number of {len(text)} characters is too long")
    value = float(text)
    if not math.isfinite(value):
        raise _BadNumber(text, f"{shorten(text)} is too large to be a number")
    return value


def _out_of_range(kind: FileKind, value: float, text: str) -> str | None:
    """Why ``value`` (written ``text``) cannot be a number of a ``kind`` file (None: it
    can)."""
    if kind.max_magnitude is not None and abs(value) > kind.max_magnitude:
        return (f"{text.strip()} is out of range (the numbers of a {kind.name} file are "
                f"at most {kind.max_magnitude:,.0f} either way)")
    return None


def _number_parsers(kind: FileKind) -> tuple[Callable[[str], int], Callable[[str], float]]:
    """The JSON parser's readers of whole and other numbers for a ``kind`` file: each
    number checked as it is read (length, finite, within the kind's range), in one call."""
    limit = kind.max_magnitude
    if limit is None:
        return _json_int, _json_float

    def whole(text: str) -> int:
        value = _json_int(text)
        if abs(value) > limit:
            raise _BadNumber(text, str(_out_of_range(kind, value, text)))
        return value

    def other(text: str) -> float:
        if len(text) > MAX_NUMBER_CHARS:
            raise _BadNumber(text, f"a number of {len(text)} characters is too long")
        value = float(text)
        if not -limit <= value <= limit:  # NaN and the infinities fail too
            if not math.isfinite(value):
                raise _BadNumber(text, f"{shorten(text)} is too large to be a number")
            raise _BadNumber(text, str(_out_of_range(kind, value, text)))
        return value

    return whole, other


def _json_constant(text: str) -> Any:
    raise _BadNumber(text, f"{text} is not a number")


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _DuplicateKey(k)
        out[k] = v
    return out


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _line_of(data: bytes, needle: bytes) -> int | None:
    at = data.find(needle)
    return data.count(b"\n", 0, at) + 1 if at >= 0 else None


SMALL_JSON = 4096  # bytes: a file this small is measured without numpy
_DEPTH_CHUNK = 1 << 20


def json_depth(data: bytes) -> tuple[int, int]:
    """(deepest nesting of ``[``/``{``, line where the depth first exceeds 0...) in one
    pass over the bytes, strings left out; cheap enough for any file the limits allow.
    Small files (the settings, read before the game's first frame) are counted in plain
    Python, larger ones with numpy, imported only then."""
    bare = _JSON_STRING.sub(b'""', data)
    if len(bare) <= SMALL_JSON:
        return _json_depth_small(bare)
    import numpy as np

    # a chunk at a time, the depth carried over: the memory stays a few megabytes for a
    # file of any size the limits allow
    whole = np.frombuffer(bare, dtype=np.uint8)
    if not len(whole):
        return 0, 1
    deepest, at, carry = None, 0, 0
    for start in range(0, len(whole), _DEPTH_CHUNK):
        arr = whole[start:start + _DEPTH_CHUNK]
        step = ((arr == 0x5B) | (arr == 0x7B)).astype(np.int32)
        step -= ((arr == 0x5D) | (arr == 0x7D))
        depth = np.cumsum(step, dtype=np.int32)
        depth += carry
        i = int(np.argmax(depth))
        if deepest is None or int(depth[i]) > deepest:
            deepest, at = int(depth[i]), start + i
        carry = int(depth[-1])
    assert deepest is not None
    return deepest, bare.count(b"\n", 0, at) + 1


def _json_depth_small(bare: bytes) -> tuple[int, int]:
    """:func:`json_depth` of a small text without strings, byte by byte (the same answer:
    the greatest running depth and the line of the first byte where it is reached)."""
    if not bare:
        return 0, 1
    depth = 0
    deepest, at = -1 - len(bare), 0
    for i, c in enumerate(bare):
        if c == 0x5B or c == 0x7B:
            depth += 1
        elif c == 0x5D or c == 0x7D:
            depth -= 1
        if depth > deepest:
            deepest, at = depth, i
    return deepest, bare.count(b"\n", 0, at) + 1


def parse_json(data: bytes | str, kind: FileKind, shown: str) -> Any:
    """Parse JSON with the limits of ``kind``: depth checked first, numbers finite and at
    most :data:`MAX_NUMBER_CHARS` long, no duplicate keys."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    depth, line = json_depth(raw)
    if depth > kind.max_depth:
        raise GuardError(shown, line, f"nested too deeply (depth {depth}; a {kind.name} "
                         f"file needs at most {kind.max_depth})")
    text = data if isinstance(data, str) else decode(raw, shown)
    try:
        whole, other = _number_parsers(kind)
        return json.loads(text, parse_int=whole, parse_float=other,
                          parse_constant=_json_constant, object_pairs_hook=_json_object)
    except _BadNumber as exc:
        raise GuardError(shown, _line_of(raw, exc.text.encode("utf-8")), exc.why) from None
    except _DuplicateKey as exc:
        raise GuardError(shown, None, f"duplicate key {shorten(exc.key)}") from None
    except json.JSONDecodeError as exc:
        raise GuardError(shown, exc.lineno, f"not JSON ({exc.msg})") from None
    except RecursionError:  # the depth scan above makes this unreachable; kept as a net
        raise GuardError(shown, None, "nested too deeply") from None


def read_json(path: str | os.PathLike[str], kind: FileKind, shown: str | None = None) -> Any:
    """A JSON file read through every guard of ``kind``."""
    shown = str(path) if shown is None else shown
    return parse_json(read_bytes(path, kind, shown), kind, shown)


# -- YAML -----------------------------------------------------------------------------------

_FastSafeLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
#: YAML's own rules for what a plain scalar is (int, float, bool...), as the loader uses them.
_resolve: Callable[[type[yaml.Node], str, tuple[bool, bool]], str] = \
    yaml.resolver.Resolver().resolve
_ALLOWED_TAGS = frozenset(
    f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "seq", "map"))
_NOT_FINITE = re.compile(r"^[-+]?\.(inf|Inf|INF|nan|NaN|NAN)$")


_BLOCK_SCALAR = re.compile(r"[|>][0-9+-]*\s*(#.*)?$")
_COMPACT = re.compile(r"(?:[-?:](?:\s+|$))")


def yaml_depth(text: str) -> tuple[int, int]:
    """An upper bound of the nesting depth of YAML ``text`` and the line where it is first
    reached, read from the characters alone, before any parser sees them.

    Nesting in YAML comes from three places, each counted here: indentation (every deeper
    indentation is at most one level more; a sequence written at its key's own indentation
    one more), the compact indicators at the start of a line (``- - x``, ``- a: 1``, ``? ``)
    and flow brackets (``[``/``{`` outside quoted text and comments, where a value may
    begin). Quoted text, comments and block scalars (``|``, ``>``) add nothing. The bound is
    never below the true depth, so a text within the limit here is within it for the parser;
    for ordinary files it is the true depth or one or two more."""
    # One entry per indentation in force: (indentation, depth of the collection whose
    # entries sit there, whether it is a sequence written with "- ", depth of the innermost
    # collection begun on the latest line there, the column where that one's content begins)
    stack: list[tuple[int, int, bool, int, int]] = []
    deepest, deepest_line = 0, 1
    flow = 0  # open flow brackets
    flow_base = 0  # depth at which the open flow collection began
    quote = ""  # the quote character of a quoted scalar running over lines
    block_indent = -1  # >= 0: inside a block scalar whose parent is indented this much
    start_ok = True
    entries = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.replace("\t", " ")
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if block_indent >= 0:
            if not stripped or indent > block_indent:
                continue
            block_indent = -1
        pos = 0
        structural = not quote and not flow
        if structural:
            if not stripped or stripped.startswith("#") or stripped.startswith("%"):
                continue
            if indent == 0 and (stripped.startswith("---") or stripped.startswith("...")):
                stack.clear()
                stripped = stripped[3:].lstrip(" ")
                indent = len(line) - len(stripped)
                if not stripped or stripped.startswith("#"):
                    continue
            while stack and stack[-1][0] > indent:
                stack.pop()
            dash = stripped.startswith("-") and (len(stripped) == 1 or stripped[1] == " ")
            if stack and stack[-1][0] == indent:
                _, level, was_dash, _, _ = stack.pop()
                if dash and not was_dash:  # a sequence at its key's own indentation
                    level += 1
                dash = dash or was_dash
            elif stack:
                _, _, _, inner, column = stack[-1]
                level = inner if indent == column else inner + 1
                if indent == column and dash:
                    level += 1
            else:
                level = 1
            pos = indent
            entries = indent  # where the entries of the innermost collection begin
            extra = 0
            while True:  # compact indicators: "- - x", "- a: 1", "? key"
                m = _COMPACT.match(line, pos)
                if m is None:
                    break
                extra += 1
                entries = pos
                pos = m.end()
            inner = level + extra
            stack.append((indent, level, dash, inner, pos))
            if inner > deepest:
                deepest, deepest_line = inner, number
            level = inner
            flow_base = level
            start_ok = True  # a node (a flow collection, a quoted text) may begin here
        # scan the characters: quotes, comments, flow brackets, plain text
        i = pos
        n = len(line)
        plain = False  # inside plain (unquoted) text
        keyed = False  # a "key: " on this line
        while i < n:
            c = line[i]
            if quote:
                if c == quote:
                    if quote == "'" and i + 1 < n and line[i + 1] == "'":
                        i += 2
                        continue
                    quote = ""
                elif c == "\\" and quote == '"':
                    i += 2
                    continue
                i += 1
                continue
            if c == "#" and (i == 0 or line[i - 1] in " \t"):
                break
            indicator = (c == ":" or (c == "?" and start_ok and flow)) and (
                i + 1 == n or (line[i + 1] in " ,[]{}" if flow else line[i + 1] == " "))
            bracket = c in "[]{}" and bool(flow)
            if c in "|>" and start_ok and not flow and _BLOCK_SCALAR.match(line, i):
                # a block scalar: its text is on the lines indented more
                block_indent = pos if keyed else entries
                break
            if c in "'\"" and start_ok:
                quote = c
            elif c in "[{" and (start_ok or flow):
                bracket = True
                flow += 1
                if flow_base + flow > deepest:
                    deepest, deepest_line = flow_base + flow, number
            elif c in "]}" and flow:
                flow -= 1
            if c == " ":
                pass
            elif bracket or (c == "," and flow) or indicator:
                start_ok = True
                plain = False
                keyed = keyed or (c == ":" and not flow)
            else:
                if start_ok and c not in "'\"":
                    plain = True
                start_ok = False
            i += 1
        if structural and not flow and not quote and plain:
            # Plain text at the end of a line goes on over the lines indented more than
            # its mapping's keys (or, for a value alone, more than the line).
            block_indent = pos if keyed else entries
    return deepest, deepest_line


def check_yaml(text: str, kind: FileKind, shown: str) -> None:
    """Refuse YAML nested deeper than ``kind.max_depth`` from its text alone
    (:func:`yaml_depth`), before any parser sees it, so that the limit and its message are
    the program's whatever the YAML library's own limits are; then walk the YAML events
    (libyaml's parser keeps its own stack: no recursion) and refuse, before any node is
    composed: nesting deeper than ``kind.max_depth``, anchors and aliases, explicit tags
    other than the plain types, numbers that are not finite or longer than
    :data:`MAX_NUMBER_CHARS` characters, and more than :data:`MAX_YAML_NODES` nodes."""
    bound, at = yaml_depth(text)
    if bound > kind.max_depth:
        raise GuardError(shown, at, f"nested too deeply (more than {kind.max_depth} levels)")
    depth = 0
    nodes = 0
    loader = _FastSafeLoader(text)
    try:
        while True:
            try:
                event = loader.get_event()
            except yaml.MarkedYAMLError as exc:
                mark = exc.problem_mark or exc.context_mark
                what = exc.problem or exc.context or "malformed YAML"
                raise GuardError(shown, mark.line + 1 if mark else None,
                                 f"malformed YAML: {what}") from None
            except yaml.YAMLError as exc:
                raise GuardError(shown, None, f"malformed YAML: {clip(str(exc))}") from None
            if event is None or isinstance(event, yaml.StreamEndEvent):
                return
            line = event.start_mark.line + 1 if event.start_mark is not None else None
            if isinstance(event, yaml.AliasEvent):
                raise GuardError(shown, line, f"an alias (*{str(event.anchor)[:30]}): "
                                 f"anchors and aliases are not allowed in a {kind.name} file")
            if not isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent,
                                      yaml.CollectionEndEvent)):
                continue
            if isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
                continue
            nodes += 1
            if nodes > MAX_YAML_NODES:
                raise GuardError(shown, line, f"too many values (more than {MAX_YAML_NODES:,})")
            anchor = getattr(event, "anchor", None)
            if anchor is not None:
                raise GuardError(shown, line, f"an anchor (&{str(anchor)[:30]}): "
                                 f"anchors and aliases are not allowed in a {kind.name} file")
            tag = getattr(event, "tag", None)
            if isinstance(event, yaml.CollectionStartEvent):
                if tag is not None and not event.implicit and tag not in _ALLOWED_TAGS:
                    raise GuardError(shown, line, f"the tag {shorten(tag)} is not allowed")
                depth += 1
                if depth > kind.max_depth:
                    raise GuardError(shown, line, f"nested too deeply (more than "
                                     f"{kind.max_depth} levels)")
                continue
            assert isinstance(event, yaml.ScalarEvent)
            plain = not event.style and event.implicit[0]  # libyaml: style '', PyYAML: None
            if tag is not None and not plain and not event.implicit[1] \
                    and tag not in _ALLOWED_TAGS:
                raise GuardError(shown, line, f"the tag {shorten(tag)} is not allowed")
            if plain or tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float"):
                _check_yaml_number(event.value, shown, line, plain, kind)
    finally:
        loader.dispose()


def _check_yaml_number(value: str, shown: str, line: int | None, plain: bool,
                       kind: FileKind) -> None:
    resolved = _resolve(yaml.ScalarNode, value, (True, False)) if plain else None
    if plain and resolved not in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float"):
        return
    if len(value) > MAX_NUMBER_CHARS:
        raise GuardError(shown, line, f"a number of {len(value)} characters is too long")
    if _NOT_FINITE.match(value.strip()):
        raise GuardError(shown, line, f"{value.strip()} is not a number a map can use")
    number = _yaml_number(value)
    if number is None:
        return  # sexagesimal and other YAML 1.1 forms: short, so finite
    if not math.isfinite(number):
        raise GuardError(shown, line, f"{shorten(value)} is too large to be a number")
    why = _out_of_range(kind, number, value)
    if why is not None:
        raise GuardError(shown, line, why)


def _yaml_number(value: str) -> float | None:
    """The value of a YAML number written in any of its decimal, binary, octal or
    hexadecimal forms (None for the rare forms it does not read: sexagesimal)."""
    text = value.strip().replace("_", "")
    try:
        return float(text)
    except ValueError:
        pass
    try:
        return float(int(text, 0))
    except (ValueError, OverflowError):
        return None


# -- text -------------------------------------------------------------------------------------


def _not_text(value: str) -> bool:
    return "\x00" in value or any("\ud800" <= c <= "\udfff" for c in value)


def first_non_text(data: Any) -> tuple[tuple[str | int, ...], str] | None:
    """The first key or string in ``data`` (nested lists and objects, walked without
    recursion) holding a NUL or a lone surrogate, characters no font draws and no file
    name may hold, with where it is: (path of keys and indexes, the text); None when there
    is none. A map's names are drawn on the screen: such a name is refused when the map is
    read, not when the first frame draws it."""
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            if _not_text(item):
                return path, item
        elif isinstance(item, dict):
            for k, v in item.items():
                if isinstance(k, str) and _not_text(k):
                    return (*path, k), k
                stack.append(((*path, k), v))
        elif isinstance(item, list):
            stack.extend(((*path, i), v) for i, v in enumerate(item))
    return None


# -- counting --------------------------------------------------------------------------------


def count_points(coords: Any, limit: int) -> int:
    """Positions in a GeoJSON-style coordinate array (nested lists ending in [x, y]), counted
    without recursion and stopping just past ``limit``."""
    count = 0
    stack = [coords]
    while stack:
        item = stack.pop()
        if not isinstance(item, list):
            continue
        if item and not isinstance(item[0], list):
            count += 1
            if count > limit:
                return count
            continue
        stack.extend(item)
    return count


def plain_file_name(name: object) -> bool:
    """``name`` is a plain file name (no folder, not hidden, no ``..``): safe to create in a
    folder of the program's choosing."""
    return isinstance(name, str) and bool(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._ -]{0,99}", name))
