"""GameState: everything about a game in progress, cheap to copy (the AI searches copies).

The Board (fixed geometry and costs) and the Deck (card definitions) are shared, never
copied; everything that changes lives in plain containers here. Dots are board ids (ints)
inside the state; actions and records use ``"q,r"`` keys.

Field owners, so that the parts of the engine stay apart:
- build.py / turns.py: track, ferries, phase spending, turn flow (K1-K10, T1-T4)
- cards.py: hands, pool, deck piles, loads and locks (C1-C7), end of game (W1-W2)
- movement.py: train position and movement (M1-M6)
- events.py: events in force, washed-out track, pending choices (E1-E9)

:meth:`GameState.seen_by` gives what one seat may know of a game (the computer opponent
plans on it): the same state with the order of the draw pile, the random generator, the
opponent's hand while cards are being chosen (C2) and the opponent's cash until a tax makes
it public (E3) taken out.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from rail_app.games.italian_rails.rules.actions import Action
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.deckmodel import Deck
from rail_app.games.italian_rails.rules.eventkinds import EventKind
from rail_app.games.italian_rails.rules.identity import (  # the variants' names, V1-V3
    VARIANT_FAST_TRAINS as VARIANT_FAST_TRAINS,
)
from rail_app.games.italian_rails.rules.identity import VARIANT_LOANS as VARIANT_LOANS
from rail_app.games.italian_rails.rules.identity import (
    VARIANT_SMALL_CITY_ACCESS as VARIANT_SMALL_CITY_ACCESS,
)
from rail_app.games.italian_rails.rules.identity import VARIANTS as VARIANTS
from rail_app.games.italian_rails.rules.log import Event, LogEntry, Settled
from rail_app.games.italian_rails.rules.maprules import Rules

Edge = tuple[int, int]  # (a, b) with a < b: a board edge key



class Phase(StrEnum):
    """Where a game stands. The value is what records and summaries print."""

    SETUP = "setup"  # C2: players choose their two private cards
    MOVE = "move"  # T2 phase A
    BUILD = "build"  # T2 phase B
    SWAPPED = "swapped"  # C6/T3: demands swapped; only locking and ending the turn remain
    OVER = "over"  # W1/W2: the game has ended

    @property
    def in_turn(self) -> bool:
        """A player's turn is under way (phase A, phase B or the rest of a swap turn)."""
        return self in (Phase.MOVE, Phase.BUILD, Phase.SWAPPED)


class Step(Enum):
    """What the turn flow does once an action has been carried out (see rules/engine.py)."""

    START_GAME = "start_game"  # C2/T1: the cards are chosen; the first player's turn begins
    END_TURN = "end_turn"  # K10/T1: pay for the phase and pass the turn




@dataclass
class Load:
    """A cube on the train (C3): a commodity, locked to (card, demand) or unlocked."""

    commodity: str
    card: int | None = None
    demand: int | None = None

    @property
    def locked(self) -> bool:
        return self.card is not None


@dataclass
class PlayerState:
    name: str
    cash: int
    loco: str
    track: set[Edge] = field(default_factory=set)  # segments owned (K2)
    ferries: set[int] = field(default_factory=set)  # ferry indices taken (K8)
    segments_drawn: int = 0  # all segments ever paid for (W2 tie-break)
    # hands (C2)
    dealt: list[int] = field(default_factory=list)  # the five cards to choose from at setup
    private: list[int] = field(default_factory=list)  # private card numbers
    # train (M1-M6)
    position: int | None = None  # dot id; None until placed
    previous: int | None = None  # dot the train came from (M2: no reversing between cities)
    aboard: int | None = None  # ferry index while on a ferry (M5)
    half_speed_next: bool = False  # M5/M6: arrives from a ferry at half speed
    loads: list[Load] = field(default_factory=list)
    # turn bookkeeping
    turns_taken: int = 0
    lose_turns: int = 0  # T4: whole turns still to skip
    deliveries: int = 0
    loan_due: int = 0  # V2: still to repay
    cash_history: list[int] = field(default_factory=list)  # cash at the end of each turn


@dataclass
class ActiveEvent:
    """A lasting event (E2): in force until the end of ``drawn_by``'s next turn."""

    card: int
    kind: EventKind
    drawn_by: int
    expires_after_turn: int  # the value of that player's turns_taken at which it ends
    dots: frozenset[int] = frozenset()  # zone dots (storm coasts, volcano radius, weather)
    edges: frozenset[Edge] = frozenset()  # blocked edges (flooded rivers)
    ferries: frozenset[int] = frozenset()  # closed ferries (storms)
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class WashedOut:
    """E4: track erased by a flood; the other player may not build here until the owner has
    had one turn to rebuild."""

    edge: Edge
    owner: int
    protected_until_turn: int  # owner's turns_taken value after which protection ends


@dataclass
class Pending:
    """A choice the engine waits for before play goes on (E7 derailment losses)."""

    player: int
    kind: str  # "derailment_loss"
    card: int
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class Outcome:
    """W2: who won (None: a draw), each player's cash and segments drawn at the end, and
    how it was decided (the words are :func:`rail_app.games.italian_rails.rules.words.outcome_sentence`'s)."""

    winner: int | None
    cash: tuple[int, ...]
    segments: tuple[int, ...]
    settled: Settled


@dataclass
class GameState:
    board: Board
    deck: Deck
    players: list[PlayerState]
    seed: int
    variants: frozenset[str] = frozenset()
    rng: random.Random = field(default_factory=random.Random)
    # turn flow (T1-T4)
    current: int = 0
    phase: Phase = Phase.SETUP
    turn: int = 1  # game turn counter: increases each time a player's turn starts
    first_player: int = 0
    turn_started: bool = False  # anything done this turn yet (T3 swap only at the start)
    # this phase (K7, K10, K3)
    phase_spent: int = 0
    phase_built: list[tuple[Edge, int, int]] = field(default_factory=list)  # (edge, from, cost)
    phase_ferries: list[tuple[int, int]] = field(default_factory=list)  # (ferry, cost)
    phase_upgrade: tuple[str, str, int] | None = None  # (from, to, cost)
    phase_major_starts: set[str] = field(default_factory=set)
    moves_left: int | None = None  # movement left this turn (None: not computed yet)
    rental_paid: bool = False  # M3: 4M paid this turn
    half_speed_now: bool = False  # M5/M6: this turn's movement is already halved
    # track
    owner: dict[Edge, int] = field(default_factory=dict)  # K2
    ferry_takers: dict[int, list[int]] = field(default_factory=dict)  # K8: in order
    # cards (C1-C7)
    draw_pile: list[int] = field(default_factory=list)  # top is the end of the list
    discard: list[int] = field(default_factory=list)
    pool: list[int] = field(default_factory=list)
    # events (E1-E9)
    events: list[ActiveEvent] = field(default_factory=list)
    washed_out: list[WashedOut] = field(default_factory=list)
    pending: Pending | None = None
    cash_public: bool = False  # E3: after a tax, cash is public
    end_turn_now: bool = False  # T4: the current player lost a turn during it: it ends now
    #: T4: the turn now ending is lost (skipped, or cut short by an event): the player could
    #: not build in it, so it is no turn to rebuild washed-out track in (E4)
    turn_lost: bool = False
    # end of game (W1-W2)
    end_triggered_by: int | None = None
    outcome: Outcome | None = None
    # history
    log: list[LogEntry] = field(default_factory=list)
    history: list[tuple[int, Action]] = field(default_factory=list)  # (player, action) applied
    # Taking back: the game as it was before the last action of this move phase that may be taken
    # back (None when there is none); set and cleared by the engine after every action
    undo: GameState | None = field(default=None, compare=False, repr=False)

    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

    @property
    def opponent(self) -> PlayerState:
        return self.players[1 - self.current]

    @property
    def rules(self) -> Rules:
        return self.board.rules

    @property
    def actor(self) -> int:
        """Who acts now: the player a pending choice waits for (E7), else the current one."""
        return self.pending.player if self.pending is not None else self.current

    def variant(self, name: str) -> bool:
        return name in self.variants

    def copy(self) -> GameState:
        """A copy sharing the board and deck; everything else is independent."""
        new = copy.copy(self)
        new.players = [
            _copy_player(p) for p in self.players
        ]
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.phase_built = list(self.phase_built)
        new.phase_ferries = list(self.phase_ferries)
        new.phase_major_starts = set(self.phase_major_starts)
        new.owner = dict(self.owner)
        new.ferry_takers = {k: list(v) for k, v in self.ferry_takers.items()}
        new.draw_pile = list(self.draw_pile)
        new.discard = list(self.discard)
        new.pool = list(self.pool)
        new.events = list(self.events)
        new.washed_out = list(self.washed_out)
        new.log = list(self.log)
        new.history = list(self.history)
        return new

    def seen_by(self, seat: int) -> GameState:
        """A copy holding only what ``seat`` may know (see the module docstring): the draw
        pile in card order instead of its real order, a random generator unrelated to the
        game's, no opponent's cards while hands are being chosen (C2, they are revealed when
        both have chosen: until then they are counted among the cards not yet seen, with the
        draw pile, so that the pile does not tell them either) and the opponent's cash as 0
        until it is public (E3). Quotes and queries of the engine work on it as on the real
        state."""
        seen = self.copy()
        seen.rng = random.Random(0)
        other = seen.players[1 - seat]
        unseen = list(self.draw_pile)
        if self.phase is Phase.SETUP:
            unseen += other.dealt + other.private
            other.dealt = []
            other.private = []
        seen.draw_pile = sorted(unseen)
        if not self.cash_public:
            other.cash = 0
            other.cash_history = []
        if self.undo is not None:
            seen.undo = self.undo.seen_by(seat)
        return seen


def _copy_player(p: PlayerState) -> PlayerState:
    new = copy.copy(p)
    new.track = set(p.track)
    new.ferries = set(p.ferries)
    new.dealt = list(p.dealt)
    new.private = list(p.private)
    new.loads = [Load(x.commodity, x.card, x.demand) for x in p.loads]
    new.cash_history = list(p.cash_history)
    return new


def log(state: GameState, event: Event, *, player: int | None = None) -> None:
    """Add an event to the game's history, for the seat it concerns (the current player's
    unless ``player`` says otherwise)."""
    state.log.append(LogEntry(state.turn, state.current if player is None else player, event))
