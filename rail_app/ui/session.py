"""A game being played in the app: the engine's state plus who sits where.

The UI changes the game only through the engine's ``quote``/``apply`` (DESIGN.md habits 1
and 3); this module is the one place that talks to the engine, saves and loads.
"""

from __future__ import annotations

import gc
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from rail_app.core.board import Board, load_board
from rail_app.core.files import write_atomic
from rail_app.core.mapfile import MapError
from rail_app.core.paths import user_data_dir
from rail_app.rules import engine, record
from rail_app.rules.actions import Action, EndTurn
from rail_app.rules.build import legal_builds
from rail_app.rules.deck import load_board_deck
from rail_app.rules.deckmodel import Deck
from rail_app.rules.quotes import Quote
from rail_app.rules.state import GameState, Phase

HUMAN = "human"
COMPUTER = "computer"
LEVELS = ("easy", "normal", "hard")


@dataclass
class Seat:
    name: str
    kind: str = HUMAN  # human | computer
    level: str = "normal"
    ink: str = "blue"

    @property
    def computer(self) -> bool:
        return self.kind == COMPUTER


@dataclass
class GameSetup:
    map_path: str
    seats: list[Seat]
    seed: int
    variants: list[str] = field(default_factory=list)
    cards: bool = True  # play with the map's deck (demands, events) or build only (practice)


class LoadError(Exception):
    """A save file could not be read; the message says why, in plain words."""


def saves_dir() -> Path:
    p = user_data_dir() / "saves"
    p.mkdir(parents=True, exist_ok=True)
    return p


def autosave_path() -> Path:
    return saves_dir() / "autosave.json"


class Session:
    def __init__(self, setup: GameSetup, board: Board, state: GameState) -> None:
        self.setup = setup
        self.board = board
        self.state = state
        self.version = 0  # bumps on every applied action (the track layer watches it)
        self.saved_at_version = 0
        self.last_applied: list[Action] = []

    # -- start ---------------------------------------------------------------------------------
    @classmethod
    def new(cls, setup: GameSetup) -> Session:
        board = load_board(setup.map_path)
        deck = None
        if setup.cards and board.deck_file is not None:
            deck = load_board_deck(board)
        state = engine.new_game(board, deck, seed=setup.seed,
                                  names=[s.name for s in setup.seats],
                                  variants=frozenset(setup.variants))
        return cls(setup, board, state)

    # -- playing -------------------------------------------------------------------------------
    def quote(self, action: Action, state: GameState | None = None) -> Quote:
        return engine.quote(self.state if state is None else state, action)

    def apply(self, action: Action) -> Quote:
        """Quote, and apply if legal. Returns the quote either way."""
        q = self.quote(action)
        if q.ok:
            before = self.state.current
            self.state = engine.apply(self.state, action)
            self.version += 1
            self.last_applied.append(action)
            if self.state.current != before:
                # Between turns is a calm moment to collect garbage (a computer turn leaves
                # plenty), so the collector does not slow the frames of the next turn.
                gc.collect()
        return q

    def preview(self, state: GameState, action: Action) -> tuple[Quote, GameState | None]:
        """Quote ``action`` on a hypothetical ``state`` and the state after it (if legal)."""
        q = engine.quote(state, action)
        if not q.ok:
            return q, None
        return q, engine.apply(state, action)

    def legal_builds(self) -> list[Action]:
        return list(legal_builds(self.state))

    @property
    def actor(self) -> int:
        """Who acts now: the player a pending choice waits for (E7), else the current one."""
        return self.state.actor

    @property
    def seat(self) -> Seat:
        """The seat that acts now (see :attr:`actor`)."""
        return self.setup.seats[self.actor]

    @property
    def dirty(self) -> bool:
        return self.version != self.saved_at_version

    @property
    def over(self) -> bool:
        return self.state.outcome is not None or self.state.phase is Phase.OVER

    def two_humans(self) -> bool:
        return all(not s.computer for s in self.setup.seats)

    # -- saving ----------------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        """The engine's game record (seed, map, actions), written atomically, plus the seats."""
        rec = record.record_from_game(self.state, self.setup.map_path)
        record.save_record(path, rec)
        side = {"seats": [asdict(s) for s in self.setup.seats], "map": self.setup.map_path,
                "saved": time.strftime("%Y-%m-%d %H:%M")}
        write_atomic(seats_path(path), json.dumps(side, indent=2))
        self.saved_at_version = self.version

    @classmethod
    def load(cls, path: Path) -> Session:
        """Replay a saved record; LoadError with the reason for a damaged or foreign file."""
        try:
            rec = record.load_record(path)
        except record.RecordError as exc:
            raise LoadError(str(exc)) from exc
        try:
            board = load_board(rec.map)
        except MapError as exc:
            first = exc.problems[0] if exc.problems else exc
            raise LoadError(f"{path.name}: its map cannot be loaded: {first}") from exc
        except OSError as exc:
            raise LoadError(f"{path.name}: its map {rec.map} cannot be read ({exc})") from exc
        deck: Deck | None = None
        if rec.deck:
            try:
                deck = load_board_deck(board)
            except Exception as exc:  # a broken deck file: say which and why
                raise LoadError(f"{path.name}: the map's cards cannot be loaded: {exc}") from exc
        try:
            state, results = record.replay_record(rec, board, deck)
        except Exception as exc:
            raise LoadError(f"{path.name}: the game cannot be replayed: {exc}") from exc
        bad = [r for r in results if not r.ok]
        if bad:
            r = bad[0]
            why = "; ".join(str(v) for v in r.violations)
            raise LoadError(f"{path.name}: action {r.index} ({r.action!r}) is not allowed: {why}")
        names = [p.name for p in state.players]
        try:
            side = json.loads(seats_path(path).read_text(encoding="utf-8"))
            seats = [Seat(**s) for s in side["seats"]]
            if len(seats) != 2:
                raise ValueError("two seats")
        except (OSError, ValueError, KeyError, TypeError):
            seats = [Seat(n, HUMAN, "normal", ink)
                     for n, ink in zip(names, ("blue", "orange"), strict=False)]
        setup = GameSetup(rec.map, seats, state.seed, sorted(state.variants),
                          cards=bool(state.deck.cards))
        s = cls(setup, board, state)
        return s

    def autosave(self) -> Path | None:
        try:
            self.save(autosave_path())
        except OSError:
            return None
        return autosave_path()


def seats_path(path: Path) -> Path:
    return path.with_name(path.name + ".seats")


def list_saves() -> list[Path]:
    return sorted((p for p in saves_dir().glob("*.json")), key=lambda p: p.stat().st_mtime,
                  reverse=True)


def new_save_path() -> Path:
    return saves_dir() / time.strftime("game-%Y%m%d-%H%M%S.json")


def end_turn_action() -> Action:
    return EndTurn()
