"""Saved games of every game: the record, the seats, which game it is and the world it was
played on, in one file.

A save is one JSON file written atomically (``docs/game-record.md``, "Saved games")::

    {"format": "rail-table-save", "version": 4, "saved": "2025-01-31 18:02",
     "game": {"id": "3f9c...", "name": "Anna & Bruno, turn 12", "autosave": false,
              "turn": 12, "actions": 140, "over": false, "map_name": "Italy",
              <the game's summary: Italian Rails' cash, cash_public, track>},
     "seats": [{"name": "Anna", "kind": "human", "level": "normal", "ink": "blue"}, ...],
     "world": {"map": {...}, "geometry": {...}, "deck": {...}},
     "record": {<a game record, naming its game and rules version>}}

One file, so that a game killed while saving never pairs one game's record with another
game's seats. The ``game`` block says which match it is (its id is the same for every save
of one match), its name, and what the list of saves shows without replaying the record;
the game's own part of it (:meth:`~rail_app.table.gamedef.GameDef.summary`) sits beside the
table's keys. The world is the map and the files it names, compressed, with their digests,
so that a save replays on the board it was played on even after the map files change.

The format is the table's (:data:`rail_app.core.identity.SAVE_FORMAT`). Older saves still
load: version 3, 2 and 1, written under the program's earlier name ``italian-rails-save``
(in versions 2 and 1 the record names no game: Italian Rails), and a plain game record with
a ``.seats`` file beside it (or none: people at every seat).
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rail_app.core import guarded, identity, names
from rail_app.core.files import write_atomic
from rail_app.core.world import World, WorldError, world_from_json
from rail_app.table.records import (
    FORMATS as RECORD_FORMATS,
)
from rail_app.table.records import (
    MAX_NAME,
    AnyGameDef,
    Record,
    RecordError,
    envelope,
    record_from_dict,
    record_text,
)
from rail_app.table.seats import DEFAULT_INKS, Level, Seat, SeatKind

FORMAT = identity.SAVE_FORMAT
#: Version 3 was written as italian-rails-save, as were version 2 (a record naming no game)
#: and version 1 (no "game" block).
VERSION = 4
#: The names of the format that are read: the table's, and the one versions 1 to 3 were
#: written under (the version number, not the name, says what a save holds).
FORMATS = (FORMAT, identity.OLD_SAVE_FORMAT)
SAVE_KEYS = frozenset({"format", "version", "saved", "seats", "world", "record"})
#: The table's keys of a save's ``game`` block (the game's own summary sits beside them).
GAME_KEYS = frozenset({"id", "name", "autosave", "turn", "actions", "over", "map_name",
                       "began"})
SEAT_KEYS = frozenset({"name", "kind", "level", "ink"})
MAX_SAVE_NAME = names.MAX_SAVE_NAME


class SaveError(Exception):
    """A save that cannot be used; the message is one line naming the file and the fault."""


@dataclass(frozen=True)
class GameInfo:
    """Which match a save belongs to and what the list of saves shows of it, without
    replaying its record: ``id`` is the same for every save of one match (its autosaves and
    the saves a player made), ``name`` what the player calls it (empty: the players and the
    turn), ``autosave`` whether the game saved itself; then the game turn, the number of
    actions played, whether it is over, the map's name, and the game's own ``summary``
    (each seat's score, what the small map draws), and when the match began
    (``YYYY-MM-DD HH:MM``, local time; empty in older saves)."""

    id: str
    name: str = ""
    autosave: bool = False
    turn: int = 1
    actions: int = 0
    over: bool = False
    map_name: str = ""
    summary: Mapping[str, Any] = field(default_factory=dict)
    began: str = ""

    def to_json(self) -> dict[str, Any]:
        head: dict[str, Any] = {"id": self.id, "name": self.name, "autosave": self.autosave,
                                "turn": self.turn, "actions": self.actions,
                                "over": self.over}
        head.update({k: v for k, v in self.summary.items() if k not in GAME_KEYS})
        head["map_name"] = self.map_name
        if self.began:
            head["began"] = self.began
        return head


@dataclass
class SaveFile:
    record: Record
    seats: list[Seat]
    world: World | None = None
    saved: str = ""
    notes: list[str] = field(default_factory=list)  # what a player should know on loading
    game: GameInfo | None = None  # None in saves of version 1


def seats_side_path(path: Path) -> Path:
    """The ``.seats`` file older versions wrote beside a save."""
    return path.with_name(path.name + ".seats")


def save_text(save: SaveFile, game: AnyGameDef) -> str:
    """The JSON text of a save: a seat per line, a packed file per line, then the record
    laid out as records are (one action per line)."""
    head = {"format": FORMAT, "version": VERSION,
            "saved": save.saved or time.strftime("%Y-%m-%d %H:%M")}
    lines = ["{"] + [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in
                     head.items()]
    if save.game is not None:
        lines.append(f' "game": {json.dumps(save.game.to_json(), ensure_ascii=False)},')
    seats = ",\n  ".join(json.dumps(s.to_json(), ensure_ascii=False) for s in save.seats)
    lines.append(f' "seats": [\n  {seats}\n ],')
    if save.world is None:
        lines.append(' "world": null,')
    else:
        parts = ",\n  ".join(f"{json.dumps(role)}: {json.dumps(entry)}"
                             for role, entry in save.world.to_json().items())
        lines.append(f' "world": {{\n  {parts}\n }},')
    record = record_text(save.record, game).rstrip("\n").replace("\n", "\n ")
    lines.append(f' "record": {record}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_save(path: str | os.PathLike[str], save: SaveFile, game: AnyGameDef) -> None:
    """Write ``save`` atomically as one file; a ``.seats`` file an older version left beside
    it is removed, since the save now holds its seats."""
    target = Path(path)
    write_atomic(target, save_text(save, game))
    with contextlib.suppress(OSError):
        seats_side_path(target).unlink(missing_ok=True)


def is_save_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` holds a saved game (rather than a plain game record): its JSON
    object says ``"format": "rail-table-save"`` (or an older save's name) near the top."""
    try:
        head = guarded.read_bytes(path, guarded.SAVE)[:512]
    except guarded.GuardError:
        return False
    return any(f'"format": "{name}"'.encode() in head for name in FORMATS)


def game_of_save(data: Any) -> str:
    """The game of a save's JSON (or of a plain record's); SaveError when it names none
    this program reads."""
    raw = data.get("record") if isinstance(data, dict) and "record" in data else data
    try:
        return envelope(raw)[0]
    except RecordError as exc:
        raise SaveError(str(exc)) from None


def read_save(path: str | os.PathLike[str], game_for: Callable[[str], AnyGameDef],
              inks: Collection[str] | None = None) -> SaveFile:
    """Read a save (or an older record + ``.seats`` pair); SaveError names the fault.

    ``game_for`` gives the game a record names (the registry's games; KeyError for a game
    this program does not have); ``inks`` the ink names a seat may have (the app's
    palette), None accepting any short name.
    """
    p = Path(path)
    shown = p.name
    try:
        data = guarded.read_json(p, guarded.SAVE, shown)
    except guarded.GuardError as exc:
        raise SaveError(str(exc)) from None
    if not isinstance(data, dict):
        raise SaveError(f"{shown}: not a saved game (expected a JSON object)")
    form = data.get("format")
    if form in RECORD_FORMATS:
        return _read_older(p, data, _game_of(data, game_for, shown), inks)
    if form not in FORMATS:
        raise SaveError(f"{shown}: not a saved game of {identity.NAME} (format "
                        f"{guarded.shorten(form)})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
        raise SaveError(f"{shown}: saved game version {guarded.shorten(version)} is not "
                        f"supported (this program reads versions 1 to {VERSION})")
    extra = set(data) - SAVE_KEYS - ({"game"} if version >= 2 else set())
    missing = SAVE_KEYS - set(data)
    if extra or missing:
        what = (f"unknown key {guarded.shorten(sorted(extra)[0])}" if extra
                else f"missing key(s): {', '.join(sorted(missing))}")
        raise SaveError(f"{shown}: {what}")
    game = _game_of(data["record"], game_for, f"{shown}: record")
    try:
        record = record_from_dict(data["record"], game, f"{shown}: record")
    except RecordError as exc:
        raise SaveError(str(exc)) from None
    seats = seats_from_json(data["seats"], f"{shown}: seats", len(record.players), inks)
    players = [names.clean(n, MAX_NAME) for n in record.players]
    if [s.name for s in seats] != players:
        raise SaveError(f"{shown}: the seats' names are not the players of the record")
    record.players = players  # as the seats read them: one rule for names (core.names)
    world = None
    if data["world"] is not None:
        try:
            world = world_from_json(data["world"], game.map_parts)
        except WorldError as exc:
            raise SaveError(f"{shown}: {exc}") from None
        if record.map_sha256 and record.map_sha256 != world.map.sha256:
            raise SaveError(f"{shown}: the map it carries is not the map of its record "
                            "(map_sha256 differs)")
    saved = data["saved"]
    if not isinstance(saved, str) or len(saved) > 40:
        raise SaveError(f"{shown}: 'saved' must be a date")
    info = (game_from_json(data["game"], f"{shown}: game", game, len(seats))
            if data.get("game") is not None else None)
    if info is not None and info.actions != len(record.actions):
        raise SaveError(f"{shown}: its summary says {info.actions} actions were played, its "
                        f"record holds {len(record.actions)}")
    return SaveFile(record, seats, world, saved, game=info)


def _game_of(record: Any, game_for: Callable[[str], AnyGameDef], shown: str) -> AnyGameDef:
    try:
        game = envelope(record, shown)[0]
    except RecordError as exc:
        raise SaveError(str(exc)) from None
    try:
        return game_for(game)
    except KeyError:
        raise SaveError(f"{shown}: a game of {guarded.shorten(game)}, which this program "
                        "does not have") from None


def game_from_json(raw: Any, where: str, game: AnyGameDef, seats: int) -> GameInfo:
    """A save's ``game`` block, every field checked (SaveError names the fault)."""
    if not isinstance(raw, dict):
        raise SaveError(f"{where}: expected an object")
    gid = raw.get("id")
    if not isinstance(gid, str) or not 1 <= len(gid) <= 40 or not gid.isalnum():
        raise SaveError(f"{where}: 'id' must be 1 to 40 letters and digits, not "
                        f"{guarded.shorten(gid)}")
    name = raw.get("name", "")
    if not isinstance(name, str) or len(name) > names.MAX_RAW:
        raise SaveError(f"{where}: 'name' must be at most {MAX_SAVE_NAME} printable "
                        f"characters, not {guarded.shorten(name)}")
    name = names.save_name(name)  # what a name is: core.names, as where it was typed
    numbers: dict[str, int] = {}
    for key, default in (("turn", 1), ("actions", 0)):
        v = raw.get(key, default)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 10**7:
            raise SaveError(f"{where}: '{key}' must be a whole number, not {guarded.shorten(v)}")
        numbers[key] = v
    flags: dict[str, bool] = {}
    for key in ("autosave", "over"):
        v = raw.get(key, False)
        if not isinstance(v, bool):
            raise SaveError(f"{where}: '{key}' must be true or false, not {guarded.shorten(v)}")
        flags[key] = v
    map_name = raw.get("map_name", "")
    if not isinstance(map_name, str) or len(map_name) > 80:
        raise SaveError(f"{where}: 'map_name' must be a short name")
    began = raw.get("began", "")
    if not isinstance(began, str) or len(began) > 20 or not began.isprintable():
        raise SaveError(f"{where}: 'began' must be a date and time such as 2026-11-25 19:30, "
                        f"not {guarded.shorten(began)}")
    try:
        summary = game.rules.summary_from_json({k: v for k, v in raw.items() if k not in GAME_KEYS},
                                          seats)
    except ValueError as exc:
        raise SaveError(f"{where}: {exc}") from None
    return GameInfo(gid, name, flags["autosave"], numbers["turn"], numbers["actions"],
                    flags["over"], map_name, summary, began)


def _read_older(path: Path, data: dict[str, Any], game: AnyGameDef,
                inks: Collection[str] | None) -> SaveFile:
    """A plain game record, with the ``.seats`` file older versions wrote beside it."""
    shown = path.name
    try:
        record = record_from_dict(data, game, shown)
    except RecordError as exc:
        raise SaveError(str(exc)) from None
    side = seats_side_path(path)
    default = [Seat(n, SeatKind.HUMAN, Level.NORMAL, DEFAULT_INKS[i % len(DEFAULT_INKS)])
               for i, n in enumerate(record.players)]
    if not os.path.lexists(side):
        return SaveFile(record, default)
    try:
        raw = guarded.read_json(side, guarded.SEATS, side.name)
    except guarded.GuardError as exc:
        raise SaveError(str(exc)) from None
    if not isinstance(raw, dict) or "seats" not in raw:
        raise SaveError(f"{side.name}: not a seats file (no 'seats' list)")
    seats = seats_from_json(raw["seats"], f"{side.name}: seats", len(record.players), inks)
    if [s.name for s in seats] != record.players:
        # Two files renamed one after the other: a save cut short between them pairs this
        # record with the seats of the game saved before. The record is the game; the
        # seats are only who sat where, so keep the game and seat people.
        return SaveFile(record, default, notes=[
            "The seats saved beside this game belong to another game; every seat is "
            "played by a person (change nothing else)."])
    return SaveFile(record, seats)


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


def seats_from_json(raw: Any, where: str, count: int,
                    inks: Collection[str] | None = None) -> list[Seat]:
    """``count`` seats, each checked: a name of at most :data:`MAX_NAME` printable
    characters, ``kind`` human or computer, ``level`` easy, normal or hard, an ink from
    ``inks``."""
    if not isinstance(raw, list) or len(raw) != count:
        words = _NUMBERS[count] if count < len(_NUMBERS) else str(count)
        raise SaveError(f"{where}: expected a list of {words} seats")
    seats: list[Seat] = []
    kinds = [str(k) for k in SeatKind]
    levels = [str(v) for v in Level]
    for i, s in enumerate(raw):
        at = f"{where}[{i}]"
        if not isinstance(s, dict):
            raise SaveError(f"{at}: a seat is an object with name, kind, level and ink")
        extra = set(s) - SEAT_KEYS
        if extra or "name" not in s:
            what = f"unknown key {guarded.shorten(sorted(extra)[0])}" if extra else "no name"
            raise SaveError(f"{at}: {what}")
        raw_name = s["name"]
        name = names.clean(raw_name, MAX_NAME) if isinstance(raw_name, str) else ""
        if not isinstance(raw_name, str) or len(raw_name) > names.MAX_RAW or not name:
            raise SaveError(f"{at}: the name must be 1 to {MAX_NAME} printable characters, "
                            f"not {guarded.shorten(raw_name)}")
        kind = s.get("kind", "human")
        if kind not in kinds:
            raise SaveError(f"{at}: kind must be human or computer, not "
                            f"{guarded.shorten(kind)}")
        level = s.get("level", "normal")
        if level not in levels:
            raise SaveError(f"{at}: level must be easy, normal or hard, not "
                            f"{guarded.shorten(level)}")
        ink = s.get("ink", DEFAULT_INKS[i % len(DEFAULT_INKS)])
        if not isinstance(ink, str) or len(ink) > 30 or (inks is not None and ink not in inks):
            choices = f" (one of {', '.join(inks)})" if inks is not None else ""
            raise SaveError(f"{at}: unknown ink {guarded.shorten(ink)}{choices}")
        seats.append(Seat(name, SeatKind(kind), Level(level), ink))
    return seats


def seat_names(seats: Sequence[Seat]) -> list[str]:
    return [s.name for s in seats]
