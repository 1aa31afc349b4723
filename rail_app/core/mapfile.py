"""Reading map files of any game: YAML with line numbers, JSON Schema checks, and problems
named by file, line and key.

Every problem becomes a :class:`MapProblem` naming the file, the line and the key, so that a
person editing a map by hand can find the mistake (DESIGN.md habit 11).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rail_app.core import guarded
from rail_app.core.cache import BoundedCache
from rail_app.core.paths import resource_path

PathKey = tuple[str | int, ...]


@dataclass(frozen=True)
class MapProblem:
    """One mistake in a map or deck file. ``stale``: a deck naming what its map no longer
    has, as (that name, the map file): remaking the deck from the map mends it."""

    file: str
    line: int | None
    message: str
    stale: tuple[str, str] | None = None

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.file}: {self.message}"
        return f"{self.file}:{self.line}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "message": self.message}


class MapError(Exception):
    """A map (or deck) could not be loaded; ``problems`` lists every mistake found."""

    def __init__(self, problems: Sequence[MapProblem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def describe_path(path: Sequence[str | int]) -> str:
    """``('cities', 17, 'commodity')`` -> ``cities[17].commodity``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = str(part)
            out += ("." if out else "") + (text if len(text) <= 40 else guarded.shorten(text, 40))
    return out or "(top level)"


def suggest(word: str, choices: Iterable[str]) -> str:
    """A " (did you mean 'x'?)" hint, or an empty string."""
    if not isinstance(word, str) or len(word) > guarded.SHOWN_CHARS:
        return ""  # nobody misspells a name that long, and comparing it would be slow
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


class LineIndex:
    """Line numbers of every key and item of a YAML document, found from its node tree."""

    def __init__(self) -> None:
        self.lines: dict[PathKey, int] = {}
        self.duplicates: list[tuple[PathKey, int]] = []

    def line_of(self, path: Sequence[str | int]) -> int | None:
        p = tuple(path)
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return self.lines.get((), None)

    def walk(self, node: yaml.Node, path: PathKey) -> None:
        self.lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for knode, vnode in node.value:
                k = str(knode.value)
                sub = (*path, k)
                if k in seen:
                    self.duplicates.append((sub, knode.start_mark.line + 1))
                seen.add(k)
                self.lines[sub] = knode.start_mark.line + 1
                self.walk(vnode, sub)
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                sub = (*path, i)
                self.lines[sub] = item.start_mark.line + 1
                self.walk(item, sub)


_FastSafeLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path, shown: str, kind: guarded.FileKind = guarded.MAP
              ) -> tuple[Any, LineIndex]:
    """Parse a YAML file safely; returns the data and the line index, or raises MapError.

    The file goes through the guarded reader first (a regular file within the size limit of
    its kind, UTF-8, no anchors or aliases, bounded depth, finite numbers), so that neither
    the composer nor the line index below can be made to hang or crash.
    """
    try:
        text = guarded.read_text(path, kind, shown)
    except guarded.GuardError as exc:
        raise MapError([MapProblem(exc.file, exc.line, exc.message)]) from None
    return parse_yaml(text, shown, kind)


def parse_yaml(text: str, shown: str, kind: guarded.FileKind = guarded.MAP
               ) -> tuple[Any, LineIndex]:
    """Parse YAML text as :func:`read_yaml` parses a file's (every map file of every game
    is read through here): checked first by the guarded reader, duplicate keys refused in
    the order of their lines, no NUL or lone surrogate in a key or value."""
    try:
        guarded.check_yaml(text, kind, shown)
    except guarded.GuardError as exc:
        raise MapError([MapProblem(exc.file, exc.line, exc.message)]) from None
    index = LineIndex()
    try:
        # Compose once (libyaml when available), then build the data from the same nodes.
        loader = _FastSafeLoader(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        what = exc.problem or exc.context or "malformed YAML"
        raise MapError([MapProblem(shown, line, f"malformed YAML: {what}")]) from None
    except yaml.YAMLError as exc:
        raise MapError([MapProblem(shown, None, f"malformed YAML: {exc}")]) from None
    if node is not None:
        index.walk(node, ())
    problems = [
        MapProblem(shown, line, f"{describe_path(p)}: duplicate key {guarded.shorten(p[-1])}")
        for p, line in sorted(index.duplicates, key=lambda d: d[1])
    ]
    if problems:
        raise MapError(problems)
    bad = guarded.first_non_text(data)
    if bad is not None:
        where, text = bad
        raise MapError([MapProblem(shown, index.line_of(where), not_text_message(where, text))])
    return data, index


_SCHEMAS: BoundedCache[str, dict[str, Any]] = BoundedCache(8)


def load_schema(name: str) -> dict[str, Any]:
    """A game's map schema, ``maps/<name>``, read once."""
    return _SCHEMAS.get(name, lambda: json.loads(
        resource_path("maps", name).read_text(encoding="utf-8")))


def not_text_message(where: tuple[str | int, ...], text: str) -> str:
    """The words for a key or value holding a NUL or a lone surrogate."""
    return (f"{describe_path(where)}: {guarded.shorten(text)} holds a NUL or a lone "
            "surrogate, which no name may hold (write the name as plain text)")


def too_many_items(data: Any, schema: dict[str, Any]
                   ) -> list[tuple[tuple[str | int, ...], Any, int]]:
    """The lists of ``data`` longer than the schema's ``maxItems`` for them: (where, the
    list, the limit), found in one walk along the schema's ``properties``, ``items`` and
    local ``$ref`` before any full validation. A map of 40,000 cities where 2,000 are
    allowed is refused at once, instead of after every one of them is validated (JSON
    Schema checks each item before it says the list is too long: seconds each)."""
    definitions = schema.get("definitions", {})
    found: list[tuple[tuple[str | int, ...], Any, int]] = []
    todo: list[tuple[tuple[str | int, ...], Any, Any]] = [((), data, schema)]
    while todo:
        path, value, sub = todo.pop()
        seen = 0
        while isinstance(sub, dict) and "$ref" in sub and seen < 8:  # local references
            ref = str(sub["$ref"])
            sub = definitions.get(ref.rsplit("/", 1)[-1]) if ref.startswith(
                "#/definitions/") else None
            seen += 1
        if not isinstance(sub, dict):
            continue
        if isinstance(value, dict):
            props = sub.get("properties", {})
            todo.extend(((*path, k), v, props[k]) for k, v in value.items()
                        if isinstance(k, str) and k in props)
        elif isinstance(value, list):
            limit = sub.get("maxItems")
            if isinstance(limit, int) and len(value) > limit:
                found.append((path, value, limit))
                continue
            items = sub.get("items")
            if isinstance(items, dict):
                todo.extend(((*path, i), v, items) for i, v in enumerate(value)
                            if isinstance(v, (dict, list)))
    return sorted(found, key=lambda f: [str(p) for p in f[0]])


def schema_problems(
    data: Any, schema: dict[str, Any], index: LineIndex, shown: str
) -> list[MapProblem]:
    """Every JSON Schema violation as a MapProblem, most specific first, one per place (a
    list longer than the schema allows: that alone, found before the rest is checked)."""
    long = too_many_items(data, schema)
    if long:
        return [MapProblem(shown, index.line_of(p), f"{describe_path(p)}: "
                           f"{guarded.shorten(value)} is too long (at most {limit:,})")
                for p, value, limit in long]
    import jsonschema  # imported when a map is checked, not when the game starts
    import referencing

    # The schemas are self-contained: with an empty registry a "$ref" resolves only inside the
    # schema (and the JSON Schema drafts jsonschema ships), never by fetching an address. The
    # shipped schemas declare draft-07, the draft common YAML editors support.
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft7Validator)
    validator = cls(schema, registry=referencing.Registry())
    problems: list[MapProblem] = []
    errors = sorted(validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path))))
    # oneOf/anyOf failures: report the best sub-error, which says what is wrong; one problem
    # per place, an unknown key first: a misspelt key is also a missing one, and the
    # misspelling is what the author has to see.
    at: dict[PathKey, list[Any]] = {}
    for err in errors:
        best = jsonschema.exceptions.best_match([err])
        at.setdefault(tuple(best.absolute_path), []).append(best)
    for p, found in at.items():
        where = describe_path(p)
        unknown = [e for e in found if e.validator == "additionalProperties"
                   and isinstance(e.instance, dict)]
        best = unknown[0] if unknown else found[0]
        msg = _short_message(best)
        line_at: PathKey = p
        if unknown:
            allowed = list(best.schema.get("properties", {}))
            extra = [k for k in best.instance if k not in allowed]
            if extra:
                named = [f"{guarded.shorten(k)}{suggest(str(k), allowed)}" for k in extra[:5]]
                msg = (f"unknown key {named[0]}" if len(named) == 1 else
                       "unknown keys " + ", ".join(named[:-1]) + f" and {named[-1]}")
                meant = {m for k in extra if len(str(k)) <= guarded.SHOWN_CHARS
                         for m in difflib.get_close_matches(str(k), allowed, n=1, cutoff=0.6)}
                missing = dict.fromkeys(k for e in found if e.validator == "required"
                                        for k in e.validator_value
                                        if k not in e.instance and k not in meant)
                if missing:
                    msg += "; missing " + ", ".join(repr(k) for k in missing)
                line_at = (*p, extra[0])
        problems.append(MapProblem(shown, index.line_of(line_at), f"{where}: {msg}"))
    return problems


def _short_message(err: Any) -> str:
    """The validator's message with the offending value cut to a readable length."""
    msg = str(err.message)
    if len(msg) <= 2 * guarded.SHOWN_CHARS:
        return msg
    try:
        whole = repr(err.instance)
    except ValueError:
        whole = ""
    if whole and whole in msg:
        msg = msg.replace(whole, guarded.shorten(err.instance))
    if len(msg) > 2 * guarded.SHOWN_CHARS:
        msg = f"{guarded.shorten(err.instance)} does not fit the format ({err.validator})"
    return msg


def keyed_problem(shown: str, index: LineIndex, path: Sequence[str | int], value: object,
                  message: str, *, show_value: bool = True) -> MapProblem:
    """A problem written ``file:line: key: value: message`` (``key: message`` without the
    value), at the line of ``path``."""
    where = describe_path(tuple(path))
    text = f"{where}: {guarded.shorten(value)}: {message}" if show_value else f"{where}: {message}"
    return MapProblem(shown, index.line_of(path), text)


def keyed_schema_problems(data: Any, schema: dict[str, Any], index: LineIndex, shown: str
                          ) -> list[MapProblem]:
    """Every JSON Schema (draft-07) violation, one per place, each ``file:line: key: value:
    message`` in the words of this project; a value out of a list, a range or a table whose
    key's description starts with rule ids ("T-M9: ...") names them."""
    import jsonschema  # imported when a map is checked, not when the game starts
    import referencing

    # Self-contained schema: "$ref" resolves only inside it, never by fetching an address.
    validator = jsonschema.Draft7Validator(schema, registry=referencing.Registry())
    seen: set[PathKey] = set()
    out: list[MapProblem] = []
    errors = sorted(validator.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    for err in errors:
        best = jsonschema.exceptions.best_match([err])
        path: PathKey = tuple(best.absolute_path)
        if path not in seen:
            seen.add(path)
            out.append(_keyed_schema_problem(best, path, index, shown))
    return sorted(out, key=lambda p: p.line or 0)


def _rule_ids(schema: dict[str, Any]) -> str:
    """The rule ids a schema's description starts with ("T-M9: ..."), as " (T-M9)"."""
    text = str(schema.get("description", ""))
    head = text.split(":", 1)[0]
    ids = [w.strip() for w in head.split(",")]
    if head != text and ids and all(len(w) >= 3 and w[1] == "-" and w[0].isupper()
                                    for w in ids):
        return f" ({head.strip()})"
    return ""


def _keyed_schema_problem(err: Any, path: PathKey, index: LineIndex, shown: str) -> MapProblem:
    kind = err.validator
    schema = err.schema if isinstance(err.schema, dict) else {}
    value = err.instance
    rule = _rule_ids(schema)

    def problem(message: str, at: Sequence[str | int] = path, shown_value: object = value,
                *, show_value: bool = True) -> MapProblem:
        return keyed_problem(shown, index, at, shown_value, message, show_value=show_value)

    if kind == "additionalProperties" and isinstance(value, dict):
        allowed = list(schema.get("properties", {}))
        extra = [k for k in value if k not in allowed]
        if extra:
            return problem(f"unknown key{suggest(str(extra[0]), allowed)}",
                           (*path, str(extra[0])), extra[0])
    if kind == "required":
        missing = [k for k in err.validator_value if isinstance(value, dict) and k not in value]
        return problem(f"missing key {missing[0] if missing else '?'!r}", show_value=False)
    if kind == "enum":
        choices = [str(c) for c in err.validator_value]
        hint = suggest(value, choices) if isinstance(value, str) else ""
        return problem(f"not one of {', '.join(choices)}{hint}{rule}")
    if kind == "const":
        return problem(f"must be {err.validator_value!r}")
    if kind == "type":
        return problem(f"must be {_a_type(err.validator_value)}")
    if kind in ("minimum", "exclusiveMinimum"):
        return problem(f"too small (at least {err.validator_value}){rule}")
    if kind in ("maximum", "exclusiveMaximum"):
        return problem(f"too large (at most {err.validator_value}){rule}")
    if kind in ("minItems", "maxItems", "minLength", "maxLength"):
        word = "items" if "Items" in kind else "characters"
        bound = "at least" if kind.startswith("min") else "at most"
        return problem(f"needs {bound} {err.validator_value} {word}")
    if kind == "pattern":
        return problem(f"not written as expected: {schema.get('description', 'its format')}")
    if kind == "uniqueItems":
        return problem("lists a value twice")
    return problem(guarded.clip(str(err.message)))


def _a_type(t: object) -> str:
    names = {"string": "text", "integer": "a whole number", "number": "a number",
             "boolean": "true or false", "object": "a mapping of keys", "array": "a list"}
    if isinstance(t, list):
        return " or ".join(names.get(str(x), str(x)) for x in t)
    return names.get(str(t), str(t))


_GAME_KEYS: BoundedCache[tuple[str, int, int], str | None] = BoundedCache(64)


def game_key(path: Path) -> str | None:
    """The game a map file says it is for (its top-level ``game:`` key), or None when it
    names none or cannot be read (what is wrong with it is said when it is loaded). Kept
    per file version."""
    try:
        st = path.stat()
    except OSError:
        return None

    def read() -> str | None:
        try:
            data, _ = read_yaml(path, str(path))
        except MapError:
            return None
        game = data.get("game") if isinstance(data, dict) else None
        return game if isinstance(game, str) else None

    return _GAME_KEYS.get((str(path.resolve()), st.st_mtime_ns, st.st_size), read)


_MAP_NAMES: BoundedCache[tuple[str, int, int], str | None] = BoundedCache(64)


def map_name(path: Path) -> str | None:
    """The name a map file declares (its top-level ``name:`` key, as the games and the
    saves show it), or None when it declares none or cannot be read. Kept per file
    version."""
    try:
        st = path.stat()
    except OSError:
        return None

    def read() -> str | None:
        try:
            data, _ = read_yaml(path, str(path))
        except MapError:
            return None
        name = data.get("name") if isinstance(data, dict) else None
        return (name.strip() or None) if isinstance(name, str) else None

    return _MAP_NAMES.get((str(path.resolve()), st.st_mtime_ns, st.st_size), read)
