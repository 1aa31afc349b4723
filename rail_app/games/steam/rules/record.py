"""Records of Steam games: the game id, the rules version, the map (path and SHA-256), the
options, the seed, the seats' names and every action with the seat that took it.

A record is enough to play the game again exactly: the only random draws happen at set-up,
from the seed (S-I1). Records are JSON, written atomically and read through the guarded reader;
every fault in a record file is a :class:`RecordError` with a one-line message.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rail_app.core import guarded
from rail_app.core.files import write_atomic
from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules.actions import (
    Action,
    ActionFormatError,
    action_from_dict,
    action_to_dict,
)
from rail_app.games.steam.rules.board import Board
from rail_app.games.steam.rules.quotes import IllegalAction
from rail_app.games.steam.rules.state import GAME_ID, RULES_VERSION, GameState, Options

MAX_NAME = 40
MAX_SEED = 2**63


class RecordError(Exception):
    """A record that cannot be used: one line naming the fault."""


@dataclass
class Record:
    """Everything needed to replay a game of Steam."""

    map: str
    seed: int
    seats: list[str]
    options: Options = field(default_factory=Options)
    actions: list[tuple[int, Action]] = field(default_factory=list)
    map_sha256: str = ""
    rules_version: int = RULES_VERSION

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "rules_version": self.rules_version,
            "map": self.map,
            "map_sha256": self.map_sha256,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "seats": list(self.seats),
            "actions": [{"seat": s, "action": action_to_dict(a)} for s, a in self.actions],
        }

    @classmethod
    def from_dict(cls, data: object) -> Record:
        """A record from its JSON form; RecordError says what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a Steam record is a JSON object")
        if data.get("game") != GAME_ID:
            raise RecordError(f"not a Steam record (game {str(data.get('game'))[:40]!r})")
        version = data.get("rules_version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise RecordError("rules_version: a whole number expected")
        if version > RULES_VERSION:
            raise RecordError(f"rules_version {version} is newer than this program's "
                              f"({RULES_VERSION}): update the program to replay it")
        for key in ("map", "seed", "seats", "actions"):
            if key not in data:
                raise RecordError(f"missing key {key!r}")
        if not isinstance(data["map"], str) or len(data["map"]) > 1000:
            raise RecordError("map: a file path expected")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
            raise RecordError("seed: a whole number from 0 expected")
        seats = data["seats"]
        if not isinstance(seats, list) or not all(
                isinstance(s, str) and 0 < len(s) <= MAX_NAME for s in seats):
            raise RecordError(f"seats: a list of names of 1 to {MAX_NAME} characters expected")
        opts_raw = data.get("options", {})
        if not isinstance(opts_raw, dict):
            raise RecordError("options: a mapping expected")
        try:
            options = Options.from_mapping(opts_raw, len(seats))
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        sha = data.get("map_sha256", "")
        if not isinstance(sha, str) or len(sha) not in (0, 64):
            raise RecordError("map_sha256: 64 hexadecimal digits or \"\" expected")
        raw = data["actions"]
        if not isinstance(raw, list):
            raise RecordError("actions: a list expected")
        actions: list[tuple[int, Action]] = []
        for i, item in enumerate(raw, 1):
            if not isinstance(item, dict) or set(item) != {"seat", "action"}:
                raise RecordError(f"action {i}: {{\"seat\": n, \"action\": {{...}}}} expected")
            seat = item["seat"]
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(seats):
                raise RecordError(f"action {i}: seat out of range")
            try:
                actions.append((seat, action_from_dict(item["action"])))
            except ActionFormatError as exc:
                raise RecordError(f"action {i}: {exc}") from None
        return cls(data["map"], seed, list(seats), options, actions, sha, version)


def file_sha256(path: str | Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def record_of(state: GameState, map_path: str, map_sha256: str = "") -> Record:
    """The record of a game played so far (its applied actions are ``state.history``)."""
    return Record(map_path, state.seed, [p.name for p in state.players], state.options,
                  list(state.history), map_sha256)


def replay(record: Record, board: Board,
           on_action: Callable[[GameState, int], None] | None = None) -> GameState:
    """Play a record again on ``board``; RecordError names the first action the rules
    refuse. ``on_action(state, i)`` is called after each applied action (soak checks)."""
    try:
        state = engine.new_game(board, record.seats, record.options, record.seed)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    for i, (seat, action) in enumerate(record.actions, 1):
        try:
            state = engine.apply(state, action, seat, inplace=True)
        except IllegalAction as exc:
            reasons = "; ".join(str(v) for v in exc.quote.violations)
            raise RecordError(f"action {i} ({action!r} by seat {seat}): {reasons}") from None
        if on_action is not None:
            on_action(state, i)
    return state


def save_record(path: str | Path, record: Record) -> None:
    """Write a record atomically (a crash never leaves half a file)."""
    write_atomic(path, json.dumps(record.to_dict(), indent=1, ensure_ascii=False) + "\n")


def load_record(path: str | Path) -> Record:
    try:
        data = guarded.read_json(path, guarded.SAVE)
    except guarded.GuardError as exc:
        raise RecordError(str(exc)) from None
    return Record.from_dict(data)
