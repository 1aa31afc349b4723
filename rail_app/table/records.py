"""Game records for every game: the envelope (which game, which version of its rules), the
map, the seed, the players, the game's options and the list of actions.

A record is enough to rebuild a game exactly: the same seed and the same actions give the
same game, byte for byte. Records are JSON, written atomically; every problem in a record
file becomes a :class:`RecordError` with a one-line message (never a traceback). The
format is described in ``docs/game-record.md``::

    {"format": "rail-table-record", "version": 3,
     "game": "italian-rails", "rules_version": 1,
     "map": "maps/italy.yaml", "map_sha256": "...",
     <the game's options, e.g. "deck": true, "variants": []>,
     "seed": 5, "players": ["Anna", "Bruno"],
     "actions": [{"player": 0, "action": {"kind": "build", "a": "3,1", "b": "4,1"}}, ...]}

The format is the table's (:data:`rail_app.core.identity.RECORD_FORMAT`), not a game's.
Records of versions 1 and 2 are read too: they were written under the program's earlier
name, ``italian-rails-record``; those of version 1 name no game: they are records of
Italian Rails, the one game there was.

This module reaches a game only through the :class:`~rail_app.table.gamedef.GameDef` it is
handed (its id, rules version, seats, and its rules' codec and options);
:mod:`rail_app.table.library` opens a record of any game through the registry.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rail_app.core import guarded, identity, names
from rail_app.core.files import write_atomic
from rail_app.core.paths import resource_path
from rail_app.table.actions import Action
from rail_app.table.gamedef import GameDef
from rail_app.table.quotes import QuoteLike, ViolationLike
from rail_app.table.seats import SeatRange

FORMAT = identity.RECORD_FORMAT
VERSION = 3  # version 2 was written as italian-rails-record; version 1 named no game
#: The names of the format that are read: the table's, and the one versions 1 and 2 were
#: written under (the version number, not the name, says what a record holds).
FORMATS = (FORMAT, identity.OLD_RECORD_FORMAT)
#: The game of a record of version 1.
FIRST_GAME = "italian-rails"
REQUIRED_KEYS = ("format", "version", "map", "seed", "players", "actions")
ENVELOPE_KEYS = ("game", "rules_version")
#: The longest player name a record may hold (the New game dialog allows 16 characters).
MAX_NAME = names.MAX_PLAYER_NAME
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")


class RecordError(Exception):
    """A record file cannot be used; the message is one line naming the file and the fault."""


#: The game of a record (what records read and write through: its id, rules version and
#: seats, and its rules' codec and options).
AnyGameDef = GameDef[Any, Any, Any]


@dataclass
class Record:
    """Everything needed to replay a game of any game."""

    game: str
    map: str  # the map file's path, as given when the game started
    seed: int
    players: list[str]
    actions: list[tuple[int, Action]] = field(default_factory=list)  # (seat, action)
    #: The game's options, as New game gives them (the record writes them in the game's
    #: own words: Italian Rails' "deck" and "variants").
    options: dict[str, object] = field(default_factory=dict)
    map_sha256: str = ""  # of the map file when the game was played ("" = unknown)
    rules_version: int = 1
    #: The format version the record was read from (written records are :data:`VERSION`).
    version: int = VERSION


def record_to_dict(record: Record, game: AnyGameDef) -> dict[str, Any]:
    head: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": record.game,
                            "rules_version": record.rules_version, "map": record.map,
                            "map_sha256": record.map_sha256}
    head.update(game.rules.options_to_record(record.options))
    head.update({"seed": record.seed, "players": list(record.players),
                 "actions": [{"player": p, "action": game.rules.action_to_dict(a)}
                             for p, a in record.actions]})
    return head


def record_text(record: Record, game: AnyGameDef) -> str:
    """The JSON text of a record, one action per line so that it reads like a score sheet."""
    data = record_to_dict(record, game)
    actions = data.pop("actions")
    head = json.dumps(data, indent=1, ensure_ascii=False)
    head = head[: head.rindex("}")].rstrip()
    body = ",\n  ".join(json.dumps(a, ensure_ascii=False) for a in actions)
    tail = f'"actions": [\n  {body}\n ]' if actions else '"actions": []'
    return f"{head},\n {tail}\n}}\n"


def save_record(path: str | os.PathLike[str], record: Record, game: AnyGameDef) -> None:
    """Write ``record`` atomically: a temporary file in the same folder, then a rename."""
    write_atomic(path, record_text(record, game))


def map_digest(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of a map file, to notice a map changed since a game was recorded."""
    try:
        return hashlib.sha256(guarded.read_bytes(path, guarded.MAP)).hexdigest()
    except guarded.GuardError:
        return ""


def read_json(path: str | os.PathLike[str]) -> Any:
    """A record file's JSON, through the guarded reader (RecordError for anything wrong)."""
    try:
        return guarded.read_json(path, guarded.SAVE, str(path))
    except guarded.GuardError as exc:
        raise RecordError(str(exc)) from None


def envelope(data: Any, shown: str = "record") -> tuple[str, int, int]:
    """(game id, rules version, format version) of a record's JSON; RecordError when it is
    not a record this program reads."""

    def fail(msg: str) -> RecordError:
        return RecordError(f"{shown}: {msg}")

    if not isinstance(data, dict):
        raise fail("not a game record (expected a JSON object)")
    form = data.get("format")
    if form not in FORMATS:
        raise fail(f"not a game record of {identity.NAME} (format "
                   f"{guarded.shorten(form)}, expected {FORMAT!r})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise fail(f"the record has no valid version number ({guarded.shorten(version)})")
    if version > VERSION or version < 1:
        raise fail(f"record version {guarded.shorten(version)} is not supported (this "
                   f"program reads versions 1 to {VERSION})")
    if version == 1:
        return FIRST_GAME, 1, 1
    game = data.get("game")
    if not isinstance(game, str) or not 1 <= len(game) <= 40:
        raise fail(f"'game' must name the game played, not {guarded.shorten(game)}")
    rules = data.get("rules_version")
    if not isinstance(rules, int) or isinstance(rules, bool) or rules < 1:
        raise fail(f"'rules_version' must be a whole number from 1, not "
                   f"{guarded.shorten(rules)}")
    return game, rules, version


def _count_words(seats: SeatRange) -> str:
    lo, hi = seats.low, seats.most
    if lo == hi:
        return NUMBER_WORDS[lo] if lo < len(NUMBER_WORDS) else str(lo)
    return f"{lo} to {hi}"


def _seat_words(n: int) -> str:
    if n == 2:
        return "0 or 1"
    return f"0 to {n - 1}"


def record_from_dict(data: Any, game: AnyGameDef, shown: str = "record") -> Record:
    """Check and convert the JSON form of a record of ``game``."""

    def fail(msg: str) -> RecordError:
        return RecordError(f"{shown}: {msg}")

    named, rules_version, version = envelope(data, shown)
    if named != game.id:
        raise fail(f"a record of {named!r}, not of {game.id!r}")
    if rules_version > game.rules_version:
        raise fail(f"recorded with version {rules_version} of the rules of {named}; this "
                   f"program plays version {game.rules_version}")
    missing = [k for k in REQUIRED_KEYS if k not in data]
    if missing:
        raise fail(f"missing key(s): {', '.join(missing)}")
    if not isinstance(data["map"], str) or not data["map"] or len(data["map"]) > 4096:
        raise fail("'map' must be the map file's path")
    if "\0" in data["map"]:
        raise fail(f"'map' must be the map file's path, not {guarded.shorten(data['map'])} "
                   "(no file's path holds a NUL character)")
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail(f"'seed' must be a whole number, not {guarded.shorten(seed)}")
    players = data["players"]
    if (not isinstance(players, list) or not game.seats.low <= len(players) <= game.seats.most
            or not all(isinstance(n, str) for n in players)):
        raise fail(f"'players' must be a list of {_count_words(game.seats)} names")
    if any(len(n) > MAX_NAME for n in players):
        raise fail(f"a player's name is longer than {MAX_NAME} characters")
    try:
        options = game.rules.options_from_record(data)
    except ValueError as exc:
        raise fail(str(exc)) from None
    digest = data.get("map_sha256", "")
    if not isinstance(digest, str) or len(digest) not in (0, 64):
        raise fail("'map_sha256' must be the map's SHA-256 (64 hexadecimal digits) or \"\"")
    raw_actions = data["actions"]
    if not isinstance(raw_actions, list):
        raise fail("'actions' must be a list")
    actions: list[tuple[int, Action]] = []
    n = len(players)
    for i, entry in enumerate(raw_actions):
        where = f"actions[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"player", "action"}:
            raise fail(f"{where}: expected {{\"player\": {_seat_words(n)}, "
                       f"\"action\": {{...}}}}")
        player = entry["player"]
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < n:
            raise fail(f"{where}: player must be {_seat_words(n)}, not "
                       f"{guarded.shorten(player)}")
        if not isinstance(entry["action"], dict):
            raise fail(f"{where}: an action is an object of its kind and its fields, not "
                       f"{guarded.shorten(entry['action'])}")
        try:
            action = game.rules.action_from_dict(entry["action"])
        except (ValueError, TypeError, KeyError) as exc:  # a game's codec reading outside data
            raise fail(f"{where}: {guarded.clip(str(exc))}") from None
        actions.append((player, action))
    return Record(named, data["map"], seed, list(players), actions, options, digest,
                  rules_version, version)


@dataclass(frozen=True)
class ActionResult:
    """What happened to one recorded action when it was replayed."""

    index: int  # 1-based, as printed
    player: int
    action: Action
    ok: bool
    cost: int
    violations: tuple[ViolationLike, ...] = ()

    def to_dict(self, game: AnyGameDef | None = None) -> dict[str, Any]:
        """As ``replay --json`` prints it (the action through its game's codec; without one,
        through the action's own ``to_dict``, as every game's actions have)."""
        action = (game.rules.action_to_dict(self.action) if game is not None
                  else self.action.to_dict())
        return {
            "index": self.index, "player": self.player,
            "action": action, "ok": self.ok, "cost": self.cost,
            "violations": [{"rule": v.code, "message": v.message} for v in self.violations],
        }


def result_of(index: int, player: int, action: Action, quote: QuoteLike) -> ActionResult:
    return ActionResult(index, player, action, quote.ok, quote.cost,
                        tuple(quote.violations))


def record_of(game: AnyGameDef, state: object, map_path: str | os.PathLike[str],
              seed: int) -> Record:
    """The record of a live game of ``game``, from the actions applied to it."""
    return Record(game.id, str(map_path), seed, game.rules.seat_names(state), game.rules.history(state),
                  game.rules.options_of(state), map_digest(map_path), game.rules_version)


def replay(game: AnyGameDef, record: Record, board: object
           ) -> tuple[object, list[ActionResult]]:
    """Apply every recorded action in order on a new game of ``record``. Illegal ones are
    reported (with their rule ids) and skipped; the game goes on from the last legal
    state. ValueError when the game cannot start as recorded (the map cannot give its
    options)."""
    state = game.rules.new_game(board, record.players, record.options, record.seed)
    results: list[ActionResult] = []
    for i, (player, action) in enumerate(record.actions, start=1):
        q = game.rules.quote(state, action, player)
        if q.ok:
            state = game.rules.apply_quoted(state, q, player)
        results.append(result_of(i, player, action, q))
    return state, results


def replay_until_refused(game: AnyGameDef, record: Record, board: object
                         ) -> tuple[object, ActionResult | None]:
    """Apply the recorded actions in order and stop at the first one the rules refuse: the
    game as far as it stays legal, and that action's result (None when all are legal). A
    save made before a rule changed loads this way, up to the action the rules now refuse.
    ValueError when the game cannot start as recorded."""
    state = game.rules.new_game(board, record.players, record.options, record.seed)
    for i, (player, action) in enumerate(record.actions, start=1):
        q = game.rules.quote(state, action, player)
        if not q.ok:
            return state, result_of(i, player, action, q)
        state = game.rules.apply_quoted(state, q, player)
    return state, None


def resolve_map(record_path: Path, map_path: str) -> Path | None:
    """The recorded map path as given, else next to the record, else in the game's folder."""
    given = Path(map_path)
    for candidate in (given, record_path.parent / given, resource_path(map_path)):
        if candidate.is_file():
            return candidate
    return None


def describe_result(r: ActionResult, players: Sequence[str], action_repr: str) -> str:
    """``N. <player> <action>: ok (cost C)`` or ``N. ...: ILLEGAL K5, K7 — <message>``."""
    head = f"{r.index}. {players[r.player]} {action_repr}"
    if r.ok:
        return f"{head}: ok (cost {r.cost})"
    rules = ", ".join(dict.fromkeys(v.code for v in r.violations))
    return f"{head}: ILLEGAL {rules} — {r.violations[0].message}"
