"""A game being played in the app: the game's state plus who sits where, for any game on
the table.

The app changes a game only through its game's ``quote``/``apply`` (DESIGN.md habits 1 and
3, :class:`rail_app.table.gamedef.GameDef`); this module is the one place that talks to the
game, saves and loads.
"""

from __future__ import annotations

import gc
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from rail_app.core import names
from rail_app.core.files import os_reason
from rail_app.core.i18n import _, ngettext, number
from rail_app.core.mapfile import MapError
from rail_app.core.world import World, WorldError, file_sha256, open_world, pack_world
from rail_app.table import records, registry
from rail_app.table.actions import Action
from rail_app.table.engine import AnyQuote
from rail_app.table.library import read_save
from rail_app.table.records import Record, map_digest
from rail_app.table.saves import GameInfo, SaveError, SaveFile, write_save
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui.autosaves import later_save_of, prune_autosaves
from rail_app.ui.savedir import AUTOSAVE_PREFIX as AUTOSAVE_PREFIX
from rail_app.ui.savedir import file_words
from rail_app.ui.savedir import list_saves as list_saves
from rail_app.ui.savedir import new_save_path as new_save_path
from rail_app.ui.savedir import remove_leftovers as remove_leftovers
from rail_app.ui.savedir import saves_dir as saves_dir
from rail_app.ui.savedir import worlds_dir as worlds_dir
from rail_app.ui.settings import INKS

S = TypeVar("S")

HUMAN = SeatKind.HUMAN
COMPUTER = SeatKind.COMPUTER
LEVELS = tuple(Level)
#: How many autosaves each game keeps: the newest turns, one file a turn.
AUTOSAVES_KEPT = 3

__all__ = ["AUTOSAVES_KEPT", "COMPUTER", "HUMAN", "LEVELS", "GameSetup", "LoadError", "Seat",
           "Session", "list_saves", "new_save_path", "remove_leftovers", "saves_dir",
           "worlds_dir"]


@dataclass
class GameSetup:
    """What New game chose: the game, the map, the seats, the seed and the game's options
    (their keys, as :attr:`rail_app.table.gamedef.GameDef.options` lists them)."""

    map_path: str
    seats: list[Seat]
    seed: int
    options: Mapping[str, object] = field(default_factory=dict)
    game: str = registry.DEFAULT_GAME


class LoadError(Exception):
    """A save file could not be read; the message says why, in plain words."""


def new_game_id() -> str:
    """A new match's id: every save of one match carries it (its autosaves are its own)."""
    return secrets.token_hex(6)


class Session(Generic[S]):
    def __init__(self, setup: GameSetup, board: object, state: S,
                 world: World | None = None) -> None:
        self.setup = setup
        self.game: registry.AnyGame = registry.game(setup.game)
        self.board = board  # the game's board (what its map file became)
        self.state = state
        self.world = world  # the files of the map, packed into every save
        self._world_tried = world is not None
        self.notes: list[str] = []  # what the player should know about a loaded game
        self.version = 0  # bumps on every applied action (the screen's layers watch it)
        self.saved_at_version = 0
        self.last_applied: list[Action] = []
        self.game_id = new_game_id()
        self.name = ""  # what the player calls the game ("": the players and the turn)
        #: When the game began (local time): the autosaves' names tell games apart by it
        self.began = time.strftime("%Y-%m-%d %H:%M")
        #: Where this game saves itself instead of its own autosaves (the lesson's game)
        self.autosave_file: Path | None = None
        #: Why the last autosave failed, in a player's words ("": it did not fail)
        self.autosave_problem = ""
        #: A loaded game whose recorded actions stop replaying before the end: the sentence
        #: saying up to where it loads and why ("": its whole history replayed). The
        #: screens ask before such a game is opened (:func:`rail_app.ui.scenes.open_saved_game`)
        self.cut_short = ""

    # -- start ---------------------------------------------------------------------------------
    @classmethod
    def new(cls, setup: GameSetup) -> Session[Any]:
        """A new game; the map (and what it names) is checked as ``validate-map`` checks
        it, and packed at once, so that saves carry the files the game started on.
        MapError for a broken map, ValueError for a setup the game does not take."""
        game = registry.game(setup.game)
        board = game.rules.load_board(setup.map_path)
        state = game.rules.new_game(board, [s.name for s in setup.seats], dict(setup.options),
                              setup.seed)
        try:
            world = pack_world(setup.map_path, game.map_parts)
        except WorldError:
            world = None  # the files went away just now: saves name the map by its path
        return cls(setup, board, state, world)

    # -- playing -------------------------------------------------------------------------------
    def quote(self, action: Action, state: S | None = None) -> AnyQuote:
        return self.game.rules.quote(self.state if state is None else state, action)

    def apply(self, action: Action) -> AnyQuote:
        """Quote, and apply if legal (the quote is not made again). Returns the quote
        either way."""
        q = self.quote(action)
        if q.ok:
            self._applied(q)
        return q

    def apply_quoted(self, quote: AnyQuote, version: int) -> AnyQuote:
        """Apply the action of ``quote``, which the screen made of the game as it stood at
        ``version`` (a stroke's preview: the state each earlier step of the stroke leaves).
        It is trusted, not made again, when the game is still at that version; otherwise the
        action is quoted anew (:meth:`apply`). Returns the quote the action was applied
        with, or the refusal."""
        if version != self.version or not quote.ok:
            return self.apply(quote.action)
        self._applied(quote)
        return quote

    def _applied(self, q: AnyQuote) -> None:
        before = self.actor
        self.state = self.game.rules.apply_quoted(self.state, q)
        self.version += 1
        self.last_applied.append(q.action)
        if self.actor != before and self.setup.seats[before].computer \
                and not self.seat.computer:
            # A computer turn leaves plenty of garbage; the turn passing to a person is a
            # calm moment to collect it, so the collector does not slow the frames of the
            # person's turn. (Not at every change of turn: a whole collection walks every
            # object the game holds, and between two people's turns there is little to
            # collect.)
            gc.collect()

    def take_back(self, count: int) -> None:
        """Undo the last ``count`` actions: the game is played again from its seed without
        them (for a game whose rules have no take-back of their own: a stroke of tiles taken
        back within a build). Every action replayed is quoted again."""
        history = self.game.rules.history(self.state)
        if count <= 0 or count > len(history):
            return
        state = self.game.rules.new_game(self.board, [s.name for s in self.setup.seats],
                                         dict(self.setup.options), self.setup.seed)
        for seat, action in history[:-count]:
            state = self.game.rules.apply(state, action, seat)
        self.state = state
        self.version += 1

    def preview(self, state: S, action: Action) -> tuple[AnyQuote, S | None]:
        """Quote ``action`` on a hypothetical ``state`` and the state after it (if legal)."""
        q = self.game.rules.quote(state, action)
        if not q.ok:
            return q, None
        return q, self.game.rules.apply_quoted(state, q)

    def preview_quoted(self, state: S, quote: AnyQuote) -> S:
        """The state after the action of ``quote``, just made of the hypothetical ``state``
        (not quoted again)."""
        after: S = self.game.rules.apply_quoted(state, quote)
        return after

    @property
    def actor(self) -> int:
        """Whose input the game awaits; once it is over, the seat that played last."""
        who = self.game.rules.to_act(self.state)
        if who is not None:
            return who
        done = self.game.rules.history(self.state)
        return done[-1][0] if done else 0

    @property
    def seat(self) -> Seat:
        """The seat that acts now (see :attr:`actor`)."""
        return self.setup.seats[self.actor]

    @property
    def dirty(self) -> bool:
        return self.version != self.saved_at_version

    @property
    def over(self) -> bool:
        return self.game.rules.outcome(self.state) is not None

    def people(self) -> int:
        """How many seats people play."""
        return sum(1 for s in self.setup.seats if not s.computer)

    def all_people(self) -> bool:
        """Every seat is played by a person at this screen (hotseat)."""
        return self.people() == len(self.setup.seats)

    # -- saving ----------------------------------------------------------------------------------
    def default_name(self) -> str:
        """A game's name until the player gives it one: the players and the game turn."""
        names = " & ".join(self.game.rules.seat_names(self.state))
        return _("{names}, turn {turn}").format(names=names, turn=self.game.rules.turn(self.state))

    def autosave_name(self) -> str:
        """The name of the autosaves of a game the player has not named: the players, the
        map and when the game began (the turn is on the list's next line), the same for
        every turn of one game and told apart from another game of the same players."""
        names_ = " & ".join(self.game.rules.seat_names(self.state))
        where = self.game.rules.board_name(self.board)
        if not self.began:  # a game loaded from a save older than the date kept in saves
            return _("{names} on {map}").format(names=names_, map=where)
        return _("{names} on {map}, begun {date}").format(names=names_, map=where,
                                                          date=self.began)

    def info(self, autosave: bool = False) -> GameInfo:
        """What a save of this game says about it (see :class:`GameInfo`)."""
        unnamed = self.autosave_name() if autosave else self.default_name()
        return GameInfo(self.game_id, names.save_name(self.name or unnamed),
                        autosave,
                        self.game.rules.turn(self.state), len(self.game.rules.history(self.state)),
                        self.over, self.game.rules.board_name(self.board)[:80],
                        self.game.rules.summary(self.state), self.began)

    def record(self) -> Record:
        """The game record of this game so far."""
        g = self.game
        return Record(g.id, str(self.setup.map_path), self.setup.seed,
                      g.rules.seat_names(self.state), g.rules.history(self.state),
                      g.rules.options_of(self.state), map_digest(self.setup.map_path),
                      g.rules_version)

    def save(self, path: Path, autosave: bool = False) -> None:
        """One file, written atomically: the game record (seed, map, actions), the seats,
        which match it is (its id, name and summary, :class:`GameInfo`) and the world the
        game is played on (the map and the files it names, packed when it started)."""
        if self.world is None and not self._world_tried:
            self._world_tried = True
            try:  # a session made without Session.new: pack its map now
                self.world = pack_world(self.setup.map_path, self.game.map_parts)
            except WorldError:
                self.world = None
        rec = self.record()
        if self.world is not None:
            rec.map_sha256 = self.world.map.sha256
        write_save(path, SaveFile(rec, list(self.setup.seats), self.world,
                                  game=self.info(autosave)), self.game)
        self.saved_at_version = self.version

    @classmethod
    def load(cls, path: Path) -> Session[Any]:
        """Replay a saved game on the map it carries (or, for older saves, the map its record
        names); LoadError with the reason for a damaged or foreign file."""
        try:
            saved = read_save(path, inks=INKS)
        except SaveError as exc:
            raise LoadError(str(exc)) from exc
        rec = saved.record
        game = registry.game(rec.game)
        notes = list(saved.notes)
        map_changed = False
        if saved.world is not None:
            # unpacked beside the other saves' maps, or read from the save when the disk
            # has no room for it: loading never needs free disk
            board_path = open_world(saved.world, worlds_dir())
        else:
            board_path = Path(rec.map)
            if rec.map_sha256 and file_sha256(board_path) != rec.map_sha256:
                map_changed = True
                notes.append("The map has changed since this game was saved; it may not "
                             "play as it did.")
        try:
            board = game.rules.load_board(board_path)
        except MapError as exc:
            first = exc.problems[0] if exc.problems else exc
            raise LoadError(f"{path.name}: its map cannot be loaded: {first}") from exc
        try:
            state, refused = records.replay_until_refused(game, rec, board)
        except ValueError as exc:
            raise LoadError(f"{path.name}: {exc}") from exc
        if refused is not None:
            # A save made before a rule changed (or on a map changed since): the game as
            # far as its actions stay legal, and why it stops there.
            notes.append(refused_note(game, state, refused, len(rec.actions),
                                      map_changed=map_changed))
        elif saved.game is not None and (saved.game.over != (game.rules.outcome(state) is not None)
                                         or saved.game.turn != game.rules.turn(state)):
            raise LoadError(f"{path.name}: its summary (game turn {saved.game.turn}"
                            f"{', game over' if saved.game.over else ''}) is not what its "
                            f"actions make (game turn {game.rules.turn(state)}"
                            f"{', game over' if game.rules.outcome(state) is not None else ''})")
        setup = GameSetup(rec.map, list(saved.seats), rec.seed, dict(rec.options), rec.game)
        s: Session[Any] = Session(setup, board, state, saved.world)
        s.notes = notes
        if refused is not None:
            s.cut_short = notes[-1]
        if saved.game is not None:
            s.game_id = saved.game.id
            s.began = saved.game.began
            default = f"{' & '.join(game.rules.seat_names(state))}, turn "
            unnamed = saved.game.name.startswith(default) or (
                saved.game.autosave and saved.game.name == names.save_name(s.autosave_name()))
            s.name = "" if unnamed else saved.game.name
            if refused is not None or later_save_of(
                    saved.game.id, len(game.rules.history(state)), game.rules.turn(state), path):
                # An earlier point of a game that went on (or a game whose history stops
                # replaying before its end): playing on from here is a new branch with
                # autosaves of its own, so the later turns are never overwritten.
                s.game_id = new_game_id()
        s.saved_at_version = s.version
        return s

    def autosave_path(self) -> Path:
        """This game's autosave of the turn now (one file a turn, see :meth:`autosave`):
        ``autosave-<game id>-<turn>-<players>-<map>-<began>.json``, in plain letters."""
        turn = self.game.rules.turn(self.state)
        words = file_words(*self.game.rules.seat_names(self.state),
                           self.game.rules.board_name(self.board), self.began)
        tail = f"-{words}" if words else ""
        return saves_dir() / f"{AUTOSAVE_PREFIX}{self.game_id}-{turn:04d}{tail}.json"

    def autosave(self) -> Path | None:
        """Save this game as its own autosave and keep the :data:`AUTOSAVES_KEPT` newest
        turns of it: a new game, or another game, never overwrites this one's. None when
        it could not be written; :attr:`autosave_problem` then says why (the screen shows
        it at once, and again at every autosave until one succeeds)."""
        try:
            path = self.autosave_file or self.autosave_path()
            self.save(path, autosave=True)
        except OSError as exc:
            self.autosave_problem = os_reason(exc)
            return None
        self.autosave_problem = ""
        if self.autosave_file is None:  # a game over keeps only its last autosave
            prune_autosaves(self.game_id, 1 if self.over else AUTOSAVES_KEPT)
        return path


def refused_note(game: registry.AnyGame, state: object, refused: records.ActionResult,
                 recorded: int, *, map_changed: bool = False) -> str:
    """The sentence a player reads when a saved game loads only up to an action the rules
    now refuse: which action, which rule, and how much of the game was left out."""
    v = refused.violations[0] if refused.violations else None
    rule = "" if v is None else f" ({v.rule}: {v.message})" if v.rule else f" ({v.message})"
    left = recorded - refused.index + 1
    if map_changed:
        text = ngettext(
            "This game loads up to turn {turn}: its map has changed since it was saved and "
            "no longer allows its action {index}, {action}{rule}, so the {left} action from "
            "there on is left out.",
            "This game loads up to turn {turn}: its map has changed since it was saved and "
            "no longer allows its action {index}, {action}{rule}, so the {left} actions "
            "from there on are left out.", left)
    else:
        text = ngettext(
            "This game loads up to turn {turn}: the rules of this version no longer allow "
            "its action {index}, {action}{rule}, so the {left} action from there on is left "
            "out.",
            "This game loads up to turn {turn}: the rules of this version no longer allow "
            "its action {index}, {action}{rule}, so the {left} actions from there on are "
            "left out.", left)
    return text.format(turn=number(game.rules.turn(state)), index=number(refused.index),
                       action=game.rules.action_words(state, refused.player, refused.action),
                       rule=rule, left=number(left))
