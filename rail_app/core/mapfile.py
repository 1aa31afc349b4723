"""Reading map files: YAML with line numbers, the JSON Schema, and the rules tables.

Every problem becomes a :class:`MapProblem` naming the file, the line and the key, so that a
person editing a map by hand can find the mistake (DESIGN.md habit 11).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from rail_app.core import guarded
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


def describe_path(path: PathKey) -> str:
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
        for p, line in index.duplicates
    ]
    if problems:
        raise MapError(problems)
    return data, index


def schema_problems(
    data: Any, schema: dict[str, Any], index: LineIndex, shown: str
) -> list[MapProblem]:
    """Every JSON Schema violation as a MapProblem, most specific first, one per place."""
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


_SCHEMA: dict[str, Any] | None = None


def map_schema() -> dict[str, Any]:
    global _SCHEMA
    if _SCHEMA is None:
        _SCHEMA = json.loads(resource_path("maps", "schema.json").read_text(encoding="utf-8"))
    return _SCHEMA


@dataclass(frozen=True)
class Locomotive:
    name: str
    speed: int
    fast_speed: int
    capacity: int


@dataclass(frozen=True)
class Rules:
    """The numbers of the rules, read from the map (DESIGN.md habit 5)."""

    build_budget: int = 20
    starting_cash: int = 60
    win_cash: int = 250
    rental_fee: int = 4
    terrain_costs: dict[str, int] = field(
        default_factory=lambda: {
            "plain": 1, "mountain": 2, "alpine": 5, "small": 3, "medium": 3, "major": 5
        }
    )
    crossing_costs: dict[str, int] = field(
        default_factory=lambda: {"river": 2, "lake": 3, "inlet": 3, "strait": 3}
    )
    city_segment_limit: int = 3
    major_starts_per_phase: int = 2
    cubes: int = 3
    deal: int = 5
    keep: int = 2
    pool_max: int = 6
    pool_min: int = 4
    pool_unlocked_max: int = 4
    start_locomotive: str = "Freight"
    locomotives: dict[str, Locomotive] = field(
        default_factory=lambda: {
            "Freight": Locomotive("Freight", 9, 12, 2),
            "Fast Freight": Locomotive("Fast Freight", 12, 16, 2),
            "Heavy Freight": Locomotive("Heavy Freight", 9, 12, 3),
            "Super Freight": Locomotive("Super Freight", 12, 16, 3),
        }
    )
    upgrades: dict[tuple[str, str], int] = field(
        default_factory=lambda: {
            ("Freight", "Fast Freight"): 20,
            ("Freight", "Heavy Freight"): 20,
            ("Fast Freight", "Super Freight"): 20,
            ("Heavy Freight", "Super Freight"): 20,
            ("Fast Freight", "Heavy Freight"): 5,
            ("Heavy Freight", "Fast Freight"): 5,
        }
    )
    tax_table: tuple[tuple[int, int], ...] = ((0, 0), (50, 10), (100, 15), (150, 20), (200, 30))
    loan_amount: int = 20
    loan_repay: int = 40

    def tax_for(self, cash: int) -> int:
        """E3: the tax owed by a player holding ``cash``."""
        tax = 0
        for threshold, amount in self.tax_table:
            if cash >= threshold:
                tax = amount
        return tax


def rules_from_data(
    raw: dict[str, Any] | None, index: LineIndex, shown: str
) -> tuple[Rules, list[MapProblem]]:
    """Build :class:`Rules` from the ``rules:`` mapping (already schema-checked)."""
    base = Rules()
    if not raw:
        return base, []
    problems: list[MapProblem] = []
    kw: dict[str, Any] = {}
    for name in (
        "build_budget", "starting_cash", "win_cash", "rental_fee", "city_segment_limit",
        "major_starts_per_phase", "cubes", "start_locomotive",
    ):
        if name in raw:
            kw[name] = raw[name]
    if "terrain_costs" in raw:
        kw["terrain_costs"] = dict(raw["terrain_costs"])
    if "crossing_costs" in raw:
        kw["crossing_costs"] = dict(raw["crossing_costs"])
    hand = raw.get("hand") or {}
    for name in ("deal", "keep", "pool_max", "pool_min", "pool_unlocked_max"):
        if name in hand:
            kw[name] = hand[name]
    locos = base.locomotives
    if "locomotives" in raw:
        locos = {}
        for i, loco in enumerate(raw["locomotives"]):
            if loco["name"] in locos:
                problems.append(MapProblem(
                    shown, index.line_of(("rules", "locomotives", i)),
                    f"rules.locomotives[{i}]: duplicate locomotive {loco['name']!r}"))
            locos[loco["name"]] = Locomotive(
                loco["name"], loco["speed"], loco.get("fast_speed", loco["speed"]),
                loco["capacity"])
        kw["locomotives"] = locos
    if "upgrades" in raw:
        ups: dict[tuple[str, str], int] = {}
        for i, up in enumerate(raw["upgrades"]):
            for end in ("from", "to"):
                if up[end] not in locos:
                    problems.append(MapProblem(
                        shown, index.line_of(("rules", "upgrades", i, end)),
                        f"rules.upgrades[{i}].{end}: unknown locomotive {up[end]!r}"
                        f"{suggest(up[end], locos)}"))
            ups[(up["from"], up["to"])] = up["cost"]
        kw["upgrades"] = ups
    start = kw.get("start_locomotive", base.start_locomotive)
    if start not in locos:
        problems.append(MapProblem(
            shown, index.line_of(("rules", "start_locomotive")),
            f"rules.start_locomotive: unknown locomotive {start!r}{suggest(start, locos)}"))
    if "tax_table" in raw:
        kw["tax_table"] = tuple(
            (row["min"], row["tax"]) for row in sorted(raw["tax_table"], key=lambda r: r["min"])
        )
    loans = raw.get("loans") or {}
    if "amount" in loans:
        kw["loan_amount"] = loans["amount"]
    if "repay" in loans:
        kw["loan_repay"] = loans["repay"]
    return Rules(**kw), problems
