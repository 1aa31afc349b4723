"""The boundary between the table and a game: what every game on the table offers.

A game is one module-level object that satisfies :class:`GameDef` (Italian Rails:
``rail_app.games.italian_rails.game.ITALIAN_RAILS``), listed in
:mod:`rail_app.table.registry`. The shell, the harnesses, the records and the conformance
suite reach the game only through it. It is a :class:`typing.Protocol`: a game implements
the methods on an object of its own, inheriting nothing.

Conventions every game keeps (``docs/architecture.md``, "Adding a game"):

- actions are small frozen values with a readable ``repr``, written to records with
  :meth:`GameDef.action_to_dict` and read back with :meth:`GameDef.action_from_dict`;
- :meth:`GameDef.quote` returns *every* reason an action is refused, each with a rule id of
  the game's own rules reference and a sentence in a player's words; wrong-moment refusals
  (the game is over, not your turn, wrong phase) come first and alone;
- :meth:`GameDef.apply` re-checks and raises :class:`IllegalAction` (or a subclass) for an
  action its quote refuses, leaving the state as it was;
- one seeded random generator in the state: the same seed and the same actions give the
  same game, byte for byte;
- the log is typed events (a kind enum and a typed payload); the sentences a player reads
  are made from them in one module of the game;
- the host hands a computer player :meth:`GameDef.seen_by` of its seat, never the state.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, TypeVar

from rail_app.table.outcome import Outcome
from rail_app.table.quotes import QuoteLike
from rail_app.table.seats import Level, SeatRange

B = TypeVar("B")  # the game's board (what its map file becomes)
S = TypeVar("S")  # the game's state
A = TypeVar("A")  # the game's actions
A_co = TypeVar("A_co", covariant=True)
A_contra = TypeVar("A_contra", contravariant=True)
S_contra = TypeVar("S_contra", contravariant=True)


class Player(Protocol[S_contra, A_co]):
    """A computer seat (a level of the opponent, or a harness's random player).

    ``choose`` is handed what its seat may see (:meth:`GameDef.seen_by`), never changes it
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


class Checker(Protocol[S, A_contra]):
    """A game's invariants, checked after every action by the soak, the tournament and the
    conformance suite. ``step`` applies ``action`` to ``before`` with ``apply`` (leaving
    ``before`` as it was) and checks what changed; ``end`` checks the finished game."""

    violations: list[str]
    actions: int

    def step(self, before: S, action: A_contra, apply: Any) -> S: ...

    def end(self, state: S, capped: bool) -> None: ...


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


class GameDef(Protocol[B, S, A]):
    """What a game offers the table (see the module docstring)."""

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
    #: The map a new game offers first, relative to the game's folder ("maps/italy.yaml").
    default_map: str
    #: The smallest bundled map (the conformance suite and the self-test play on it).
    small_map: str
    #: What the harnesses' JSON calls each seat's score ("cash" for Italian Rails).
    score_name: str
    #: The rule that ends a game stopped at a harness's turn cap, in words.
    turn_cap_rule: str
    #: Whether every seat takes its turn within each of the game's turns (Steam's rounds);
    #: else each game turn is the turn of the seat that opens it (Italian Rails).
    rounds: bool

    # -- the board ----------------------------------------------------------------------------
    def load_board(self, path: str | os.PathLike[str],
                   needs: Mapping[str, object] | None = None) -> B:
        """The board of a map file; :class:`rail_app.core.mapfile.MapError` lists every
        problem as ``file:line: message``. Without ``needs`` everything the map names is
        read and checked (as ``validate-map`` does); with the options of a game to replay,
        only what that game uses (a game of building only needs no deck)."""
        ...

    def map_summary(self, board: B) -> dict[str, Any]:
        """What ``validate-map`` prints of a valid map (counts of what it holds)."""
        ...

    def board_name(self, board: B) -> str:
        ...

    # -- a game -------------------------------------------------------------------------------
    def new_game(self, board: B, seats: Sequence[str], options: Mapping[str, object],
                 seed: int) -> S:
        """A new game for the players named ``seats`` (ValueError for a number of seats or
        an option the game does not take)."""
        ...

    def quote(self, state: S, action: A, player: int | None = None) -> QuoteLike:
        ...

    def apply(self, state: S, action: A, player: int | None = None) -> S:
        """The state after a legal action (a new object; ``state`` stays as it was);
        :class:`IllegalAction` otherwise."""
        ...

    def legal_actions(self, state: S) -> list[A]:
        ...

    def seen_by(self, state: S, seat: int) -> S:
        """What ``seat`` may know of the game (a game without hidden information returns
        an equal state)."""
        ...

    def indistinguishable(self, state: S, seat: int, seed: int) -> S:
        """Another state ``seat`` cannot tell from this one: everything hidden from it drawn
        anew (for the conformance suite's check of :meth:`seen_by`)."""
        ...

    def to_act(self, state: S) -> int | None:
        """Whose input the game awaits (None once it is over)."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        ...

    def end_early(self, state: S) -> S:
        """The game ended now by the game's own rule for a game stopped before its end
        (a harness's turn cap); the state is changed in place and returned."""
        ...

    def scores(self, state: S) -> tuple[int, ...]:
        """Each seat's score now (what the game ranks by at its end: cash, points)."""
        ...

    def turn(self, state: S) -> int:
        """The game's turn as players count it (the save list and a game's name show it)."""
        ...

    def turns_taken(self, state: S) -> tuple[int, ...]:
        """How many turns each seat has finished."""
        ...

    def first_seat(self, state: S) -> int | None:
        """The seat that played first (None before the game has begun)."""
        ...

    def seat_names(self, state: S) -> list[str]:
        ...

    # -- records ------------------------------------------------------------------------------
    def action_to_dict(self, action: A) -> dict[str, Any]:
        ...

    def action_from_dict(self, data: Mapping[str, Any]) -> A:
        """ValueError with a readable message for anything wrong."""
        ...

    def action_repr(self, action: A) -> str:
        ...

    def action_words(self, state: S, seat: int, action: A) -> str:
        """What ``seat`` does with ``action`` in a player's words, starting with the seat's
        name (a saved game that loads only up to an action the rules now refuse names it)."""
        ...

    def history(self, state: S) -> list[tuple[int, A]]:
        """The actions applied so far, each with the seat that played it (the record)."""
        ...

    def options_of(self, state: S) -> dict[str, object]:
        """The options the game was started with (as :meth:`new_game` takes them)."""
        ...

    def options_to_record(self, options: Mapping[str, object]) -> dict[str, Any]:
        """The options as the game's records write them, in their order."""
        ...

    def options_from_record(self, data: Mapping[str, Any]) -> dict[str, object]:
        """The options of a record's JSON (ValueError names the fault)."""
        ...

    def replay_summary(self, state: S) -> dict[str, Any]:
        """The final state as plain data, for ``replay --json``."""
        ...

    def replay_lines(self, summary: Mapping[str, Any]) -> list[str]:
        """The final state in words, for ``replay`` without ``--json``."""
        ...

    def fingerprint(self, state: S) -> str:
        """Everything that may change in a game as stable text (determinism checks)."""
        ...

    # -- the save screen ------------------------------------------------------------------------
    def summary(self, state: S) -> dict[str, Any]:
        """What a save tells of the game without replaying it (each seat's score, what the
        small map draws), as JSON-ready data the game reads back with
        :meth:`summary_from_json`."""
        ...

    def summary_from_json(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """A save's summary read back (ValueError names the fault)."""
        ...

    def summary_lines(self, summary: Mapping[str, Any], seat_names: Sequence[str],
                      people: Sequence[int], over: bool) -> list[str]:
        """What the save screen says of a save's game, in words. ``people``: the seats
        played by people (what the game keeps hidden from them stays hidden there too)."""
        ...

    # -- computer players and checks ------------------------------------------------------------
    def player(self, name: str, seat: int, seed: int) -> Player[S, A]:
        """A computer seat by name (one of :attr:`players`)."""
        ...

    def advisor(self) -> Advisor[S] | None:
        """The game's advisor, if it has one."""
        ...

    def checker(self, state: S) -> Checker[S, A]:
        """The invariants of a game starting from ``state``."""
        ...

    def invariants(self, state: S) -> list[str]:
        """What is wrong with one state (empty when nothing is)."""
        ...
