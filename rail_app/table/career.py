"""The player's career, per game on the table: every finished game in one file of the data
folder (``career.json``, written atomically), and the figures the career page shows, worked
out from it: games, wins, losses and draws against each computer level and on each map,
the median turns to win, the best cash a turn, streaks, and the results of each name at
games of several people at one screen (hotseat).

Each finished game's save is also kept in a folder of its own (``finished/``: pruning
autosaves never touches it), so the career file can be rebuilt from them when it is lost or
damaged (:func:`rebuild`).

The file::

    {"format": "rail-career", "version": 1,
     "games": [{"id": "<match id>", "game": "italian-rails", "map": "Italia",
                "when": "2026-11-25T17:00:00", "turns": 31,
                "seats": [{"name": "Anna", "kind": "human", "level": "normal",
                           "rank": 1, "score": 262, "turns": 31}, ...]}, ...]}
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rail_app.core import guarded
from rail_app.core.files import write_atomic
from rail_app.table.seats import Seat, SeatKind

FORMAT = "rail-career"
VERSION = 1


class CareerError(Exception):
    """The career file is damaged (the message says how); it can be rebuilt."""


@dataclass(frozen=True)
class SeatResult:
    name: str
    kind: str  # "human" or "computer"
    level: str
    rank: int
    score: int
    turns: int  # the turns this seat played


@dataclass(frozen=True)
class GameEntry:
    """One finished game."""

    id: str
    game: str
    map: str
    when: str
    turns: int
    seats: tuple[SeatResult, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "map": self.map, "when": self.when,
                "turns": self.turns,
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "rank": s.rank,
                           "score": s.score, "turns": s.turns} for s in self.seats]}

    @classmethod
    def from_dict(cls, raw: Any) -> GameEntry:
        if not isinstance(raw, dict):
            raise CareerError("a game is not an object")
        try:
            seats = tuple(SeatResult(str(s["name"]), str(s["kind"]), str(s["level"]),
                                     _int(s["rank"]), _int(s["score"]), _int(s["turns"]))
                          for s in raw["seats"])
            entry = cls(str(raw["id"]), str(raw["game"]), str(raw["map"]), str(raw["when"]),
                        _int(raw["turns"]), seats)
        except (KeyError, TypeError) as exc:
            raise CareerError(f"a game lacks {exc}") from None
        if not entry.seats:
            raise CareerError("a game without seats")
        return entry

    @property
    def people(self) -> list[SeatResult]:
        return [s for s in self.seats if s.kind == SeatKind.HUMAN.value]


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CareerError(f"{value!r} is not a whole number")
    return value


def entry_of(game: Any, state: Any, seats: Sequence[Seat], match_id: str, map_name: str,
             when: str) -> GameEntry:
    """The career's line of a finished game of ``game`` (a GameDef) in ``state``."""
    out = game.rules.outcome(state)
    if out is None:
        raise ValueError("the game is not over")
    scores = game.rules.scores(state)
    taken = game.rules.turns_taken(state)
    results = tuple(SeatResult(s.name, s.kind.value, s.level.value, out.ranks[i], scores[i],
                               taken[i]) for i, s in enumerate(seats))
    return GameEntry(match_id, game.id, map_name, when, max(taken) if taken else 0, results)


# -- the file ------------------------------------------------------------------------------------


def to_text(entries: Iterable[GameEntry]) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION,
                       "games": [e.to_dict() for e in entries]}, indent=1,
                      ensure_ascii=False) + "\n"


#: The career file as the guarded reader takes it: every finished game is a few hundred
#: bytes, so 16 MB is tens of thousands of games; an object of games of seats is 4 deep.
CAREER = guarded.FileKind("career", 16 * 1024 * 1024, 8)


def read(path: Path) -> list[GameEntry]:
    """The games of a career file ([] when there is none); CareerError when damaged or not
    a regular file (a FIFO, a device, a link loop, a folder: refused at once, never waited
    on), read through the guarded reader (its size, its nesting, its numbers)."""
    if not guarded.lexists(path):
        return []
    try:
        data = guarded.read_json(path, CAREER, path.name)
    except guarded.GuardError as exc:
        raise CareerError(str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CareerError(f"{path.name} is not a career file")
    if data.get("version") != VERSION:
        raise CareerError(f"{path.name} is of version {data.get('version')!r}")
    games = data.get("games")
    if not isinstance(games, list):
        raise CareerError(f"{path.name} lists no games")
    return [GameEntry.from_dict(g) for g in games]


def write(path: Path, entries: Iterable[GameEntry]) -> None:
    """The career file, written atomically (a crash leaves the old one whole)."""
    write_atomic(path, to_text(entries))


def add(path: Path, entry: GameEntry,
        rebuild_from: Callable[[], list[GameEntry]] | None = None) -> list[GameEntry]:
    """``entry`` added to the career file (once: a game already there is not counted
    again); a damaged file is first rebuilt with ``rebuild_from``."""
    try:
        if not guarded.lexists(path) and rebuild_from is not None:
            raise CareerError("lost")
        entries = read(path)
    except CareerError:
        entries = rebuild_from() if rebuild_from is not None else []
    if all(e.id != entry.id for e in entries):
        entries.append(entry)
    write(path, entries)
    return entries


def rebuild(saves: Iterable[Path], entry_from: Callable[[Path], GameEntry | None]
            ) -> list[GameEntry]:
    """The career from the kept saves of finished games, oldest first (a save that cannot
    be read is left out)."""
    out: list[GameEntry] = []
    for _, path in sorted((_mtime(p), p) for p in saves):
        entry = entry_from(path)
        if entry is not None and all(e.id != entry.id for e in out):
            out.append(entry)
    return sorted(out, key=lambda e: (e.when, e.id))


def _mtime(path: Path) -> float:
    """When a kept save was written (0 for an entry that is no file: it is left out when
    read, as every save that cannot be read is)."""
    try:
        return path.stat().st_mtime
    except (OSError, ValueError):
        return 0.0


# -- the figures ---------------------------------------------------------------------------------


@dataclass
class Tally:
    won: int = 0
    lost: int = 0
    drawn: int = 0

    @property
    def played(self) -> int:
        return self.won + self.lost + self.drawn

    def count(self, result: str) -> None:
        setattr(self, result, getattr(self, result) + 1)


@dataclass
class GameCareer:
    """The figures of one game on the table (games against the computer are the player's:
    the one person at the table; games of several people are counted per name)."""

    game: str
    games: int = 0
    overall: Tally = field(default_factory=Tally)
    by_level: dict[str, Tally] = field(default_factory=dict)
    by_map: dict[str, Tally] = field(default_factory=dict)
    turns_to_win: list[int] = field(default_factory=list)
    best_per_turn: float | None = None
    streak: int = 0  # the wins (or losses, below zero) in a row up to the last game
    best_streak: int = 0
    hotseat: dict[str, Tally] = field(default_factory=dict)
    #: how often the player finished in each place (a second of four is not a last)
    places: dict[int, int] = field(default_factory=dict)

    @property
    def median_turns_to_win(self) -> float | None:
        return statistics.median(self.turns_to_win) if self.turns_to_win else None


def result_of(seat: SeatResult, seats: Sequence[SeatResult]) -> str:
    """"won", "lost" or "drawn" (first place shared)."""
    if seat.rank != 1:
        return "lost"
    return "drawn" if sum(1 for s in seats if s.rank == 1) > 1 else "won"


def figures(entries: Iterable[GameEntry]) -> dict[str, GameCareer]:
    """Each game's figures, by game id (see :class:`GameCareer`)."""
    out: dict[str, GameCareer] = {}
    order = ("easy", "normal", "hard")
    for e in sorted(entries, key=lambda e: (e.when, e.id)):
        c = out.setdefault(e.game, GameCareer(e.game))
        c.games += 1
        people = e.people
        if len(people) == 1:
            me = people[0]
            result = result_of(me, e.seats)
            levels = [s.level for s in e.seats if s.kind != SeatKind.HUMAN.value]
            level = max(levels, key=lambda lv: order.index(lv) if lv in order else -1) \
                if levels else "-"
            c.overall.count(result)
            c.places[me.rank] = c.places.get(me.rank, 0) + 1
            c.by_level.setdefault(level, Tally()).count(result)
            c.by_map.setdefault(e.map, Tally()).count(result)
            if result == "won":
                c.turns_to_win.append(me.turns)
                c.streak = c.streak + 1 if c.streak > 0 else 1
                c.best_streak = max(c.best_streak, c.streak)
            elif result == "lost":
                c.streak = c.streak - 1 if c.streak < 0 else -1
            else:
                c.streak = 0
            if me.turns:
                per_turn = me.score / me.turns
                c.best_per_turn = per_turn if c.best_per_turn is None \
                    else max(c.best_per_turn, per_turn)
        elif len(people) > 1:
            for s in people:
                c.hotseat.setdefault(s.name, Tally()).count(result_of(s, e.seats))
    return out


def career_path(data_dir: Path) -> Path:
    return data_dir / "career.json"


def finished_dir(data_dir: Path) -> Path:
    """Where the saves of finished games are kept (never pruned)."""
    p = data_dir / "finished"
    p.mkdir(parents=True, exist_ok=True)
    return p


def kept_saves(data_dir: Path) -> list[Path]:
    folder = data_dir / "finished"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def as_mapping(c: GameCareer) -> Mapping[str, Any]:
    """The figures as plain data (for tools and tests)."""
    def t(x: Tally) -> list[int]:
        return [x.won, x.lost, x.drawn]

    return {"games": c.games, "overall": t(c.overall),
            "by_level": {k: t(v) for k, v in c.by_level.items()},
            "by_map": {k: t(v) for k, v in c.by_map.items()},
            "median_turns_to_win": c.median_turns_to_win, "best_per_turn": c.best_per_turn,
            "streak": c.streak, "best_streak": c.best_streak,
            "hotseat": {k: t(v) for k, v in c.hotseat.items()},
            "places": {str(k): v for k, v in sorted(c.places.items())}}
