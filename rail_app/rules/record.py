"""Game records: the seed, the map, the players and the list of actions (DESIGN.md habit 6).

A record is enough to rebuild a game exactly: the same seed and the same actions give the
same game, byte for byte. Records are JSON, written atomically, and every problem in a
record file becomes a :class:`RecordError` with a one-line message (never a traceback).
The format is described in ``docs/game-record.md``.
"""

from __future__ import annotations

import hashlib
import json
import os
import types
import typing
from dataclasses import dataclass, field, fields
from typing import Any

from rail_app.core import guarded
from rail_app.core.board import Board
from rail_app.core.files import write_atomic
from rail_app.rules.actions import ACTION_TYPES, Action, action_from_dict
from rail_app.rules.deckmodel import Deck
from rail_app.rules.engine import apply, new_game, quote
from rail_app.rules.quotes import Violation
from rail_app.rules.state import VARIANTS, GameState

FORMAT = "italian-rails-record"
VERSION = 1
REQUIRED_KEYS = ("format", "version", "map", "seed", "players", "actions")
#: The longest player name a record may hold (the New game dialog allows 16 characters).
MAX_NAME = 40
#: Limits on the fields of recorded actions: text (dots, names), numbers, lists (a path).
MAX_FIELD_TEXT = 60
MAX_FIELD_NUMBER = 10**6
MAX_FIELD_ITEMS = 1000


class RecordError(Exception):
    """A record file cannot be used; the message is one line naming the file and the fault."""


@dataclass
class GameRecord:
    """Everything needed to replay a game."""

    map: str  # the map file's path, as given when the game started
    seed: int
    players: list[str]
    actions: list[tuple[int, Action]] = field(default_factory=list)  # (player, action)
    variants: list[str] = field(default_factory=list)
    map_sha256: str = ""  # of the map file when the game was played ("" = unknown)
    deck: bool = True  # False: a game of building only, played without cards

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "map": self.map,
            "map_sha256": self.map_sha256,
            "deck": self.deck,
            "variants": sorted(self.variants),
            "seed": self.seed,
            "players": list(self.players),
            "actions": [{"player": p, "action": a.to_dict()} for p, a in self.actions],
        }


@dataclass(frozen=True)
class ActionResult:
    """What happened to one recorded action when it was replayed."""

    index: int  # 1-based, as printed
    player: int
    action: Action
    ok: bool
    cost: int
    violations: tuple[Violation, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index, "player": self.player, "action": self.action.to_dict(),
            "ok": self.ok, "cost": self.cost,
            "violations": [{"rule": v.code, "message": v.message} for v in self.violations],
        }


def map_digest(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of a map file, to notice a map changed since a game was recorded."""
    try:
        return hashlib.sha256(guarded.read_bytes(path, guarded.MAP)).hexdigest()
    except guarded.GuardError:
        return ""


def record_from_game(state: GameState, map_path: str | os.PathLike[str]) -> GameRecord:
    """The record of a live game, from the actions applied to it (``state.history``)."""
    return GameRecord(
        map=str(map_path),
        seed=state.seed,
        players=[p.name for p in state.players],
        actions=list(state.history),
        variants=sorted(state.variants),
        map_sha256=map_digest(map_path),
        deck=bool(state.deck.cards),
    )


def record_text(record: GameRecord) -> str:
    """The JSON text of a record, one action per line so that it reads like a score sheet."""
    data = record.to_dict()
    actions = data.pop("actions")
    head = json.dumps(data, indent=1, ensure_ascii=False)
    head = head[: head.rindex("}")].rstrip()
    body = ",\n  ".join(json.dumps(a, ensure_ascii=False) for a in actions)
    tail = f'"actions": [\n  {body}\n ]' if actions else '"actions": []'
    return f"{head},\n {tail}\n}}\n"


def save_record(path: str | os.PathLike[str], record: GameRecord) -> None:
    """Write ``record`` atomically: a temporary file in the same folder, then a rename."""
    write_atomic(path, record_text(record))


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record file; RecordError with a one-line message for anything wrong."""
    shown = str(path)
    try:
        data = guarded.read_json(path, guarded.SAVE, shown)
    except guarded.GuardError as exc:
        raise RecordError(str(exc)) from None
    return record_from_dict(data, shown)


def record_from_dict(data: Any, shown: str = "record") -> GameRecord:
    """Check and convert the JSON form of a record."""

    def fail(msg: str) -> RecordError:
        return RecordError(f"{shown}: {msg}")

    if not isinstance(data, dict):
        raise fail("not a game record (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise fail(f"not an Italian Rails game record (format "
                   f"{guarded.shorten(data.get('format'))}, expected {FORMAT!r})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise fail(f"the record has no valid version number ({guarded.shorten(version)})")
    if version > VERSION or version < 1:
        raise fail(f"record version {guarded.shorten(version)} is not supported (this "
                   f"program reads version {VERSION})")
    missing = [k for k in REQUIRED_KEYS if k not in data]
    if missing:
        raise fail(f"missing key(s): {', '.join(missing)}")
    if not isinstance(data["map"], str) or not data["map"] or len(data["map"]) > 4096:
        raise fail("'map' must be the map file's path")
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail(f"'seed' must be a whole number, not {guarded.shorten(seed)}")
    players = data["players"]
    if (not isinstance(players, list) or len(players) != 2
            or not all(isinstance(n, str) for n in players)):
        raise fail("'players' must be a list of two names")
    if any(len(n) > MAX_NAME for n in players):
        raise fail(f"a player's name is longer than {MAX_NAME} characters")
    variants = data.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise fail("'variants' must be a list of variant names")
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise fail(f"unknown variant {guarded.shorten(unknown[0])} (variants: "
                   f"{', '.join(VARIANTS)})")
    digest = data.get("map_sha256", "")
    if not isinstance(digest, str) or len(digest) not in (0, 64):
        raise fail("'map_sha256' must be the map's SHA-256 (64 hexadecimal digits) or \"\"")
    deck = data.get("deck", True)
    if not isinstance(deck, bool):
        raise fail("'deck' must be true or false")
    raw_actions = data["actions"]
    if not isinstance(raw_actions, list):
        raise fail("'actions' must be a list")
    actions: list[tuple[int, Action]] = []
    for i, entry in enumerate(raw_actions):
        where = f"actions[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"player", "action"}:
            raise fail(f"{where}: expected {{\"player\": 0 or 1, \"action\": {{...}}}}")
        player = entry["player"]
        if player not in (0, 1) or isinstance(player, bool):
            raise fail(f"{where}: player must be 0 or 1, not {guarded.shorten(player)}")
        problem = action_field_problem(entry["action"])
        if problem:
            raise fail(f"{where}: {problem}")
        try:
            action = action_from_dict(entry["action"])
        except ValueError as exc:
            raise fail(f"{where}: {guarded.clip(str(exc))}") from None
        actions.append((player, action))
    return GameRecord(map=data["map"], seed=seed, players=list(players), actions=actions,
                      variants=list(variants), map_sha256=digest, deck=deck)


def action_field_problem(data: Any) -> str | None:
    """Why the fields of a recorded action have the wrong types or sizes (None if they are
    fine), checked against the action's dataclass before it is built: a record from another
    machine must not hand the engine a dictionary where a dot's name belongs."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        return "an action is a mapping with a 'kind'"
    cls = ACTION_TYPES.get(data["kind"])
    if cls is None:
        return f"unknown action kind {guarded.shorten(data['kind'])}"
    hints = _field_types(cls)
    for f in fields(cls):
        if f.name in data and not _fits(data[f.name], hints[f.name]):
            return (f"action {data['kind']!r}: {f.name} cannot be "
                    f"{guarded.shorten(data[f.name])}")
    return None


_FIELD_TYPES: dict[str, dict[str, Any]] = {}


def _field_types(cls: type[Action]) -> dict[str, Any]:
    """The field types of an action class, resolved once."""
    if cls.kind not in _FIELD_TYPES:
        _FIELD_TYPES[cls.kind] = typing.get_type_hints(cls)
    return _FIELD_TYPES[cls.kind]


def _fits(value: Any, tp: Any) -> bool:
    """Whether a JSON value fits a field type of an action (str, int, bool, X | None,
    tuple[X, ...]), within the record's limits."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, t) for t in typing.get_args(tp))
    if origin is tuple:
        item = typing.get_args(tp)[0]
        return (isinstance(value, list) and len(value) <= MAX_FIELD_ITEMS
                and all(_fits(v, item) for v in value))
    if tp is type(None):
        return value is None
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return (isinstance(value, int) and not isinstance(value, bool)
                and abs(value) <= MAX_FIELD_NUMBER)
    if tp is str:
        return isinstance(value, str) and len(value) <= MAX_FIELD_TEXT
    return False


def start_state(record: GameRecord, board: Board, deck: Deck | None) -> GameState:
    """The state before the first recorded action."""
    return new_game(board, deck if record.deck else None, seed=record.seed,
                    names=tuple(record.players), variants=record.variants)


def replay_record(record: GameRecord, board: Board, deck: Deck | None
                  ) -> tuple[GameState, list[ActionResult]]:
    """Apply every recorded action in order. Illegal ones are reported (with their rule
    ids) and skipped; the game goes on from the last legal state."""
    state = start_state(record, board, deck)
    results: list[ActionResult] = []
    for i, (player, action) in enumerate(record.actions, start=1):
        q = quote(state, action, player)
        if q.ok:
            apply(state, action, player, inplace=True)
        results.append(ActionResult(i, player, action, q.ok, q.cost, q.violations))
    return state, results


def replay_until_refused(record: GameRecord, board: Board, deck: Deck | None
                         ) -> tuple[GameState, ActionResult | None]:
    """Apply the recorded actions in order and stop at the first one the rules refuse: the
    game as far as it stays legal, and that action's result (None when all are legal). A
    save made before a rule changed loads this way, up to the action the rules now refuse."""
    state = start_state(record, board, deck)
    for i, (player, action) in enumerate(record.actions, start=1):
        q = quote(state, action, player)
        if not q.ok:
            return state, ActionResult(i, player, action, False, q.cost, q.violations)
        apply(state, action, player, inplace=True)
    return state, None
