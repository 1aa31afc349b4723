"""The boundary between the table and a game: what a game is (identity as data) and what its
rules do (one value of functions, loaded once).

A game is one :class:`GameDef`, a small frozen value listed in
:mod:`rail_app.table.registry` (Italian Rails': ``rail_app.games.italian_rails.game.ITALIAN_RAILS``):
its id, title, seats, levels, options, maps and score are plain data the main menu reads
without loading anything; its rules, screen, tools and map tools are :class:`~rail_app.core.lazy.Lazy`
references, loaded when first used. ``GameDef.rules`` loads the game's :class:`Rules` once:
the kit's engine (quote, apply, ``apply_quoted``, legal actions), its action codec and the
game's own functions (its board, a new game, what a seat sees, the outcome, records, the
save screen, players and invariants). The shell, the harnesses, the records and the
conformance suite reach a game only through these.

Conventions every game keeps (``docs/architecture.md``, "The engine kit"):

- actions are small frozen values on :class:`rail_app.table.actions.Action`, written to
  records by the game's :class:`~rail_app.table.actions.ActionCodec`;
- a quote returns *every* reason an action is refused, each with a rule id of the game's own
  rules reference and a sentence in a player's words; wrong-moment refusals come first and
  alone; ``apply`` re-checks and raises :class:`~rail_app.table.quotes.IllegalAction`;
- one seeded random generator in the state: the same seed and the same actions give the
  same game, byte for byte;
- the log is typed events; the sentences a player reads are made from them in one module;
- the host hands a computer player :attr:`Rules.seen_by` of its seat, never the state.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from rail_app.core import i18n
from rail_app.core.lazy import Lazy
from rail_app.core.world import MapPart
from rail_app.table.actions import Action, ActionCodec
from rail_app.table.engine import Engine
from rail_app.table.invariants import Checker
from rail_app.table.outcome import Outcome
from rail_app.table.players import RandomPlayer
from rail_app.table.quotes import Quote
from rail_app.table.seats import Level, SeatRange

B = TypeVar("B")  # the game's board (what its map file becomes)
B_co = TypeVar("B_co", covariant=True)
S = TypeVar("S")  # the game's state
A = TypeVar("A", bound=Action)  # the game's actions
A_co = TypeVar("A_co", covariant=True)
A_contra = TypeVar("A_contra", contravariant=True)
S_contra = TypeVar("S_contra", contravariant=True)


class Player(Protocol[S_contra, A_co]):
    """A computer seat (a level of the opponent, or a harness's random player).

    ``choose`` is handed what its seat may see (:attr:`Rules.seen_by`), never changes it
    and never draws from its random generator; it returns one action at a time (the first
    call of a turn may do the thinking)."""

    def choose(self, view: S_contra) -> A_co: ...


class Suggestion(Protocol):
    """An advisor's best plan for a seat: what it earns a turn, as its planner ranks plans,
    and how many of the seat's turns it takes (the post-game review compares it with what
    the seat made over as many turns)."""

    @property
    def per_turn(self) -> float: ...

    @property
    def turns(self) -> float: ...


class Advisor(Protocol[S_contra]):
    """A game's advice for a person (Suggest; the post-game review): the best plan for
    ``seat`` from what that seat may see, or None when there is none."""

    def suggest(self, view: S_contra, seat: int) -> Suggestion | None: ...


class OptionKind(Enum):
    """How New game offers a game's option."""

    FLAG = "flag"  # a check box: chosen or not


@dataclass(frozen=True)
class GameOption:
    """An option of a new game (a variant, a practice mode, a larger table): its key (what
    records write), the words New game shows, and the rule id it comes from, if any."""

    key: str
    label: str
    kind: OptionKind = OptionKind.FLAG
    rule: str = ""
    hint: str = ""


class ScoreUnit(Enum):
    """How a game writes its score."""

    MILLIONS = "millions"  # Italian Rails' money: 250M
    DOLLARS = "dollars"  # Steam's money: $12
    POINTS = "points"  # points: 47


@dataclass(frozen=True)
class Score:
    """What a game ranks seats by at its end: its name in the harnesses' JSON ("cash",
    "scores") and how it is written."""

    name: str
    unit: ScoreUnit = ScoreUnit.POINTS

    def format(self, value: int, *, sign: bool = False) -> str:
        """``value`` as a player reads it, in the language chosen."""
        if self.unit is ScoreUnit.MILLIONS:
            return i18n.money_millions(value, sign=sign)
        if self.unit is ScoreUnit.DOLLARS:
            return i18n.dollars(value, sign=sign)
        text = i18n.number(value)
        return f"+{text}" if sign and value > 0 else text


class BoardLoader(Protocol[B_co]):
    """A game's reader of its map files (see :attr:`Rules.load_board`)."""

    def __call__(self, path: str | os.PathLike[str],
                 needs: Mapping[str, object] | None = None) -> B_co: ...


@dataclass(frozen=True)
class Rules(Generic[B, S, A]):
    """What a game's rules do, as the table reads them: the kit's engine and codec and the
    game's own functions, each a field (see the module docstring). A game makes one in its
    rules package; :attr:`GameDef.rules` loads it."""

    engine: Engine[S, A]
    codec: ActionCodec[Any]
    # -- the board
    #: The board of a map file; :class:`rail_app.core.mapfile.MapError` lists every problem as
    #: ``file:line: message``. With ``needs`` (the options of a game to replay) only what
    #: that game uses is read; without, everything (as ``validate-map`` does).
    load_board: BoardLoader[B]
    #: What ``validate-map`` prints of a valid map (counts of what it holds).
    map_summary: Callable[[B], dict[str, Any]]
    board_name: Callable[[B], str]
    # -- a game
    #: A new game for the players named ``seats`` (ValueError for a number of seats or an
    #: option the game does not take).
    new_game: Callable[[B, Sequence[str], Mapping[str, object], int], S]
    #: What a seat may know (a game without hidden information returns the state itself).
    seen_by: Callable[[S, int], S]
    #: Another state the seat cannot tell from this one: everything hidden from it drawn
    #: anew (the conformance suite's check of ``seen_by``).
    indistinguishable: Callable[[S, int, int], S]
    outcome: Callable[[S], Outcome | None]
    #: The game ended now by its own rule for a game stopped before its end (a harness's
    #: turn cap); changed in place and returned.
    end_early: Callable[[S], S]
    #: Each seat's score now (what the game ranks by at its end).
    scores: Callable[[S], tuple[int, ...]]
    #: The game's turn as players count it.
    turn: Callable[[S], int]
    #: How many turns each seat has finished.
    turns_taken: Callable[[S], tuple[int, ...]]
    #: The seat that played first (None before the game has begun).
    first_seat: Callable[[S], int | None]
    seat_names: Callable[[S], list[str]]
    # -- records
    #: What ``seat`` does with an action in a player's words, starting with the seat's name.
    action_words: Callable[[S, int, A], str]
    #: The options the game was started with (as ``new_game`` takes them).
    options_of: Callable[[S], dict[str, object]]
    #: The options as the game's records write them, in their order.
    options_to_record: Callable[[Mapping[str, object]], dict[str, Any]]
    #: The options of a record's JSON (ValueError names the fault).
    options_from_record: Callable[[Mapping[str, Any]], dict[str, object]]
    #: The final state as plain data, for ``replay --json``; and in words.
    replay_summary: Callable[[S], dict[str, Any]]
    replay_lines: Callable[[Mapping[str, Any]], list[str]]
    #: Everything that may change in a game as stable text (determinism checks).
    fingerprint: Callable[[S], str]
    # -- the save screen
    #: What a save tells of the game without replaying it, as JSON-ready data.
    summary: Callable[[S], dict[str, Any]]
    #: A save's summary read back (ValueError names the fault).
    summary_from_json: Callable[[Mapping[str, Any], int], dict[str, Any]]
    #: What the save screen says of a save's game: (summary, seat names, the seats played
    #: by people, over).
    summary_lines: Callable[[Mapping[str, Any], Sequence[str], Sequence[int], bool], list[str]]
    # -- checks
    #: The kit's checker with the game's invariants, for a game starting at the state.
    checker: Callable[[S], Checker[S, A]]
    #: What is wrong with one state (empty when nothing is).
    invariants: Callable[[S], list[str]]

    # -- the kit's part, the same for every game -------------------------------------------

    def quote(self, state: S, action: A, player: int | None = None) -> Quote[A, Any]:
        return self.engine.quote(state, action, player)

    def apply(self, state: S, action: A, player: int | None = None) -> S:
        """The state after a legal action (a new object); IllegalAction otherwise."""
        return self.engine.apply(state, action, player)

    def apply_quoted(self, state: S, quote: Quote[A, Any], player: int | None = None) -> S:
        """The state after the action of a quote just made of ``state`` (not quoted again)."""
        return self.engine.apply_quoted(state, quote, player)

    def legal_actions(self, state: S) -> list[A]:
        return self.engine.legal_actions(state)

    def to_act(self, state: S) -> int | None:
        """Whose input the game awaits (None once it is over, or while several seats may
        act at once)."""
        return self.engine.to_act(state)

    def may_act(self, state: S) -> tuple[int, ...]:
        """Every seat whose input the game awaits now (a real-time game's several)."""
        return self.engine.may_act(state)

    def history(self, state: S) -> list[tuple[int, A]]:
        """The actions applied so far, each with the seat that played it (the record)."""
        return list(self.engine.flow.history(state))

    def action_to_dict(self, action: A) -> dict[str, Any]:
        return self.codec.to_dict(action)

    def action_from_dict(self, data: Mapping[str, Any]) -> A:
        """ValueError with a readable message for anything wrong."""
        action: A = self.codec.from_dict(data)
        return action

    def action_repr(self, action: A) -> str:
        return repr(action)


@dataclass(frozen=True)
class Computer(Generic[S, A]):
    """A game's computer players (its ``ai`` package): a seat's player by name (one of the
    game's ``players``: name, seat, seed) and the advisor of Suggest and the review."""

    player: Callable[[str, int, int], Player[S, A]]
    advisor: Callable[[], Advisor[S] | None] = lambda: None


@dataclass(frozen=True)
class GameDef(Generic[B, S, A]):
    """A game on the table: its identity as data and its parts loaded when first used."""

    #: The game's id in the registry, records and saves ("italian-rails").
    id: str
    #: Its name as players read it ("Italian Rails").
    title: str
    #: One line the menu shows under the title.
    blurb: str
    #: How many seats it takes.
    seats: SeatRange
    #: Bumped when the rules change so that an old record may play differently.
    rules_version: int
    #: The computer levels New game offers.
    levels: tuple[Level, ...]
    #: Every computer player the harnesses accept by name (the levels and the harnesses'
    #: own players, e.g. "random").
    players: tuple[str, ...]
    #: The options of a new game, in the order New game shows them.
    options: tuple[GameOption, ...]
    #: The map a new game offers first, relative to the game's folder ("maps/italy.yaml"),
    #: and the smallest bundled map (the conformance suite and the self-test play on it).
    default_map: str
    small_map: str
    #: What the game ranks seats by, and how it is written.
    score: Score
    #: The rule that ends a game stopped at a harness's turn cap, in words.
    turn_cap_rule: str
    #: The game's rules (:class:`Rules`), loaded once, when first used.
    load: Lazy[Rules[B, S, A]]
    #: Whether every seat takes its turn within each of the game's turns (Steam's rounds);
    #: else each game turn is the turn of the seat that opens it (Italian Rails).
    rounds: bool = False
    #: Whether a seat may not see everything (hands, decks): without, ``seen_by`` is the
    #: state itself and costs nothing.
    hidden: bool = True
    #: The files a map names beside it that saves carry with it.
    map_parts: tuple[MapPart, ...] = ()
    #: Its computer players (:class:`Computer`); without, a seat may be played by the kit's
    #: random player only ("random").
    ai: Lazy[Computer[S, A]] | None = None
    #: Optional parts, each loaded when first asked for: the game's screen parts
    #: (``rail_app.ui.gameparts.GameScreens``; without them the game is on the table for the
    #: harnesses and map commands but not offered by the menu), its parts of the replay
    #: (``ReplayParts``) and the review's words (``ReviewWords``), its development tools
    #: (``rail_app.devtools.toolkit.GameTools``) and its map authors' tools
    #: (``rail_app.authoring.kit.AuthoringTools``).
    screens: Lazy[object] | None = None
    replay: Lazy[object] | None = None
    review_words: Lazy[object] | None = None
    tools: Lazy[object] | None = None
    authoring: Lazy[object] | None = None

    @property
    def rules(self) -> Rules[B, S, A]:
        """The game's rules, loaded the first time they are asked for."""
        return self.load.get()

    def player(self, name: str, seat: int, seed: int) -> Player[S, A]:
        """A computer seat by name: one of the game's players, or the kit's random player
        for a game without players of its own."""
        if self.ai is not None:
            return self.ai.get().player(name, seat, seed)
        if name == "random":
            return RandomPlayer(self.rules.engine, seat, seed)
        raise ValueError(f"unknown player {name!r} (players: random)")

    def seen_by(self, state: S, seat: int) -> S:
        """What ``seat`` may see of ``state`` (the game's ``Rules.seen_by``): all a computer
        player or an advisor is ever handed."""
        return self.rules.seen_by(state, seat)

    def advisor(self) -> Advisor[S] | None:
        """The game's advisor, if it has one."""
        return self.ai.get().advisor() if self.ai is not None else None

    @property
    def score_name(self) -> str:
        """What the harnesses' JSON calls each seat's score ("cash")."""
        return self.score.name
