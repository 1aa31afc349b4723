"""A game being played in the app: the engine's state plus who sits where.

The UI changes the game only through the engine's ``quote``/``apply`` (DESIGN.md habits 1
and 3); this module is the one place that talks to the engine, saves and loads.
"""

from __future__ import annotations

import gc
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path

from rail_app.core.board import Board
from rail_app.core.mapfile import MapError
from rail_app.core.world import World, WorldError, file_sha256, pack_world, unpack_world
from rail_app.rules import engine, record
from rail_app.rules.actions import Action, EndTurn
from rail_app.rules.build import legal_builds
from rail_app.rules.deck import load_map
from rail_app.rules.quotes import Quote
from rail_app.rules.savefile import (
    GameInfo,
    SaveError,
    SaveFile,
    SeatSpec,
    read_save,
    write_save,
)
from rail_app.rules.state import GameState, Phase
from rail_app.ui.savedir import AUTOSAVE_PREFIX as AUTOSAVE_PREFIX
from rail_app.ui.savedir import list_saves as list_saves
from rail_app.ui.savedir import remove_leftovers as remove_leftovers
from rail_app.ui.savedir import saves_dir as saves_dir
from rail_app.ui.savedir import worlds_dir as worlds_dir

HUMAN = "human"
COMPUTER = "computer"
LEVELS = ("easy", "normal", "hard")
#: How many autosaves each game keeps: the newest turns, one file a turn.
AUTOSAVES_KEPT = 3


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


def new_game_id() -> str:
    """A new game's id: every save of one game carries it (its autosaves are its own)."""
    return secrets.token_hex(6)


class Session:
    def __init__(self, setup: GameSetup, board: Board, state: GameState,
                 world: World | None = None) -> None:
        self.setup = setup
        self.board = board
        self.state = state
        self.world = world  # the files of the map, packed into every save
        self._world_tried = world is not None
        self.notes: list[str] = []  # what the player should know about a loaded game
        self.version = 0  # bumps on every applied action (the track layer watches it)
        self.saved_at_version = 0
        self.last_applied: list[Action] = []
        self.game_id = new_game_id()
        self.name = ""  # what the player calls the game ("": the players and the turn)
        #: Where this game saves itself instead of its own autosaves (the lesson's game)
        self.autosave_file: Path | None = None

    # -- start ---------------------------------------------------------------------------------
    @classmethod
    def new(cls, setup: GameSetup) -> Session:
        """A new game; the map and its deck are checked as ``validate-map`` checks them, and
        packed at once, so that saves carry the files the game started on."""
        board, deck = load_map(setup.map_path)
        state = engine.new_game(board, deck if setup.cards else None, seed=setup.seed,
                                  names=[s.name for s in setup.seats],
                                  variants=frozenset(setup.variants))
        try:
            world = pack_world(setup.map_path)
        except WorldError:
            world = None  # the files went away just now: saves name the map by its path
        return cls(setup, board, state, world)

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
    def default_name(self) -> str:
        """A game's name until the player gives it one: the players and the game turn."""
        names = " & ".join(p.name for p in self.state.players)
        return f"{names}, turn {self.state.turn}"

    def info(self, autosave: bool = False) -> GameInfo:
        """What a save of this game says about it (see :class:`GameInfo`)."""
        st = self.state
        board = self.board
        track = tuple(tuple(sorted((board.key(a), board.key(b)) for a, b in p.track))
                      for p in st.players)
        return GameInfo(self.game_id, self.name or self.default_name(), autosave, st.turn,
                        len(st.history), self.over,
                        (st.players[0].cash, st.players[1].cash), st.cash_public,
                        board.name[:80], (track[0], track[1]))

    def save(self, path: Path, autosave: bool = False) -> None:
        """One file, written atomically: the game record (seed, map, actions), the seats,
        which game it is (its id, name and summary, :class:`GameInfo`) and the world the
        game is played on (map, GeoJSON and deck, packed when it started)."""
        if self.world is None and not self._world_tried:
            self._world_tried = True
            try:  # a session made without Session.new: pack its map now
                self.world = pack_world(self.setup.map_path)
            except WorldError:
                self.world = None
        rec = record.record_from_game(self.state, self.setup.map_path)
        if self.world is not None:
            rec.map_sha256 = self.world.map.sha256
        seats = [SeatSpec(s.name, s.kind, s.level, s.ink) for s in self.setup.seats]
        write_save(path, SaveFile(rec, seats, self.world, game=self.info(autosave)))
        self.saved_at_version = self.version

    @classmethod
    def load(cls, path: Path) -> Session:
        """Replay a saved game on the map it carries (or, for older saves, the map its record
        names); LoadError with the reason for a damaged or foreign file."""
        from rail_app.ui.settings import INKS

        try:
            saved = read_save(path, inks=INKS)
        except SaveError as exc:
            raise LoadError(str(exc)) from exc
        rec = saved.record
        notes = list(saved.notes)
        if saved.world is not None:
            try:
                board_path = unpack_world(saved.world, worlds_dir())
            except OSError as exc:
                raise LoadError(f"{path.name}: its map cannot be unpacked into the data "
                                f"folder ({exc.strerror})") from exc
        else:
            board_path = Path(rec.map)
            if rec.map_sha256 and file_sha256(board_path) != rec.map_sha256:
                notes.append("The map has changed since this game was saved; it may not "
                             "play as it did.")
        try:
            board, deck = load_map(board_path)
        except MapError as exc:
            first = exc.problems[0] if exc.problems else exc
            raise LoadError(f"{path.name}: its map cannot be loaded: {first}") from exc
        if rec.deck and deck is None:
            raise LoadError(f"{path.name}: the game was played with cards, but its map "
                            "names no deck")
        state, refused = record.replay_until_refused(rec, board, deck if rec.deck else None)
        if refused is not None:
            # A save made before a rule changed (or on a map changed since): the game as
            # far as its actions stay legal, and why it stops there.
            notes.append(refused_note(state, refused, len(rec.actions),
                                      map_changed=any("map has changed" in n for n in notes)))
        seats = [Seat(s.name, s.kind, s.level, s.ink) for s in saved.seats]
        setup = GameSetup(rec.map, seats, state.seed, sorted(state.variants),
                          cards=bool(state.deck.cards))
        s = cls(setup, board, state, saved.world)
        s.notes = notes
        if saved.game is not None:
            s.game_id = saved.game.id
            default = f"{' & '.join(p.name for p in state.players)}, turn "
            s.name = "" if saved.game.name.startswith(default) else saved.game.name
            if _later_save_of(saved.game.id, len(state.history), path):
                # An earlier point of a game that went on: playing on from here is a new
                # branch with autosaves of its own, so the later turns are never overwritten.
                s.game_id = new_game_id()
        s.saved_at_version = s.version
        return s

    def autosave_path(self) -> Path:
        """This game's autosave of the turn now (one file a turn, see :meth:`autosave`)."""
        return saves_dir() / f"{AUTOSAVE_PREFIX}{self.game_id}-{self.state.turn:04d}.json"

    def autosave(self) -> Path | None:
        """Save this game as its own autosave and keep the :data:`AUTOSAVES_KEPT` newest
        turns of it: a new game, or another game, never overwrites this one's."""
        if self.autosave_file is not None:
            try:
                self.save(self.autosave_file, autosave=True)
            except OSError:
                return None
            return self.autosave_file
        path = self.autosave_path()
        try:
            self.save(path, autosave=True)
        except OSError:
            return None
        mine = sorted(saves_dir().glob(f"{AUTOSAVE_PREFIX}{self.game_id}-*.json"))
        for old in mine[:-AUTOSAVES_KEPT]:
            old.unlink(missing_ok=True)
        return path


def refused_note(state: GameState, refused: record.ActionResult, recorded: int, *,
                 map_changed: bool = False) -> str:
    """The sentence a player reads when a saved game loads only up to an action the rules
    now refuse: which action, which rule, and how much of the game was left out."""
    from rail_app.rules.actionwords import action_words

    v = refused.violations[0] if refused.violations else None
    rule = "" if v is None else f" ({v.rule}: {v.message})" if v.rule else f" ({v.message})"
    lead = ("its map has changed since it was saved and no longer allows" if map_changed
            else "the rules of this version no longer allow")
    left = recorded - refused.index + 1
    return (f"This game loads up to turn {state.turn}: {lead} its action {refused.index}, "
            f"{action_words(state, refused.player, refused.action)}{rule}, so the {left} "
            f"action{'s' if left != 1 else ''} from there on "
            f"{'are' if left != 1 else 'is'} left out.")


def _later_save_of(game_id: str, actions: int, loaded: Path) -> bool:
    """Whether another save of the game ``game_id`` holds more of it than ``actions``."""
    for path in list_saves():
        if path == loaded:
            continue
        try:
            game = read_save(path).game
        except SaveError:
            continue
        if game is not None and game.id == game_id and game.actions > actions:
            return True
    return False


def new_save_path() -> Path:
    """A file name no save has yet (saved twice in a second, the second gets ``-2``)."""
    folder = saves_dir()
    stem = time.strftime("game-%Y%m%d-%H%M%S")
    path = folder / f"{stem}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    return path


def end_turn_action() -> Action:
    return EndTurn()
