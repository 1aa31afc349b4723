"""The state of a game of Ticket to Ride: the players' hands, tickets and pieces, the decks,
the face-up row, who owns each route, the stations, the turn and the log.

The game's seed is the only source of chance: the deals, the first player (D-5) and every
reshuffle of the discard (T-D7) each draw from a generator made from the seed and the number
of draws before it (:meth:`GameState.chance`), so a game is its seed plus its actions and a
copy of a state holds no generator to copy. :meth:`GameState.copy` copies what actions change
(lists one level deep) and shares the board and the events, which nothing changes.

A state may also be a seat's *view* (:mod:`rail_app.games.ttr.rules.views`): ``viewer`` is
that seat, the other seats' cards and tickets are counts only, and the decks hold stand-ins
in place of what is hidden (T-A5, D-12).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from rail_app.games.ttr.rules.actions import Action
from rail_app.games.ttr.rules.board import Board
from rail_app.games.ttr.rules.events import Event

#: T-M7, T-S1: each player's wagons and stations.
WAGONS: Final = 45
STATIONS: Final = 3
#: T-S2: cards dealt to each player; T-S3, T-S4: tickets dealt.
HAND: Final = 4
LONG_DEALT: Final = 1
REGULAR_DEALT: Final = 3
#: T-S2, T-D1: the face-up row's slots; an empty slot (D-10).
ROW: Final = 5
EMPTY: Final = -1
#: T-W1: the last round begins when a player ends a turn with this many wagons or fewer.
LAST_ROUND_WAGONS: Final = 2
#: T-E7: points for each station still in reserve; T-M8, T-X1: the European Express card.
STATION_POINTS: Final = 4
EXPRESS_POINTS: Final = 10
#: An open route's owner (T-C7: nobody has claimed it).
OPEN: Final = -1
#: D-8: resets of the face-up row in a row before the cards stay as they are.
MAX_RESETS: Final = 3


class Step(StrEnum):
    """The input the game waits for."""

    FIRST_TICKETS = "first-tickets"  # T-S5: each player keeps 2-4 of the tickets dealt
    TURN = "turn"  # T-A1: the turn's one action
    SECOND_CARD = "second-card"  # T-D1, D-11: the second train card
    KEEP_TICKETS = "keep-tickets"  # T-K1: keep one or more of the tickets drawn
    TUNNEL = "tunnel"  # T-T5: pay the extra cards or give up
    OVER = "over"


class EndReason(StrEnum):
    """Why a game ended."""

    LAST_ROUND = "last-round"  # T-W1
    PASSES = "passes"  # D-26: every player passed in one round
    TURN_CAP = "turn-cap"  # a harness stopped it; scored as it stands (T-W2)


@dataclass(frozen=True)
class Options:
    """A game's options (D-38): only who plays first (D-5; None: drawn at random)."""

    first_player: int | None = None


@dataclass
class PlayerState:
    """A player: the hand (nine counts), the tickets kept, the pieces left, the route points
    scored (T-C6), and the turns finished. In a view of another seat the cards and tickets
    are counts only (``hidden_cards``, ``hidden_tickets``)."""

    name: str
    hand: list[int]
    tickets: list[int] = field(default_factory=list)
    wagons: int = WAGONS
    stations: int = STATIONS  # in reserve (T-E7)
    points: int = 0  # route points (T-C6, T-M9)
    turns: int = 0
    hidden_cards: int = 0
    hidden_tickets: int = 0

    @property
    def cards(self) -> int:
        """How many train cards the player holds (public, T-A5)."""
        return sum(self.hand) + self.hidden_cards

    @property
    def ticket_count(self) -> int:
        return len(self.tickets) + self.hidden_tickets

    @property
    def built(self) -> int:
        """Stations built (T-E3)."""
        return STATIONS - self.stations

    def copy(self) -> PlayerState:
        return PlayerState(self.name, list(self.hand), list(self.tickets), self.wagons,
                           self.stations, self.points, self.turns, self.hidden_cards,
                           self.hidden_tickets)


@dataclass(frozen=True)
class Tunnel:
    """A tunnel being claimed (T-T1-T-T7): the route, the cards shown (nine counts), the
    tunnel's colour fixed by them (a card index; None: locomotives only, T-T4, D-15), the
    cards revealed from the deck and the extra cards they require."""

    route: int
    shown: tuple[int, ...]
    colour: int | None
    revealed: tuple[int, ...]
    extra: int


@dataclass(frozen=True)
class SeatScore:
    """T-W2: one seat's final score, part by part."""

    seat: int
    routes: int  # route points (T-C6, recounted, D-37)
    completed: tuple[int, ...]  # tickets completed (T-K3)
    failed: tuple[int, ...]  # tickets failed (T-K4)
    won: int  # their values
    lost: int
    stations_left: int  # T-E7
    longest: int  # the longest continuous path in spaces (T-X1, D-29)
    express: bool  # T-X1, T-X3
    #: Each station's city and the rival route it uses (-1: none), as D-21 chose.
    borrowed: tuple[tuple[int, int], ...]

    @property
    def station_points(self) -> int:
        return STATION_POINTS * self.stations_left

    @property
    def express_points(self) -> int:
        return EXPRESS_POINTS if self.express else 0

    @property
    def total(self) -> int:
        return self.routes + self.won - self.lost + self.station_points + self.express_points


@dataclass(frozen=True)
class FinalScores:
    """How the game ended and its final scores (T-W1-T-W3, T-X1-T-X3)."""

    reason: EndReason
    scores: tuple[SeatScore, ...]
    #: Each seat's rank (1 = first; tied seats share one, D-27).
    ranks: tuple[int, ...]


@dataclass
class GameState:
    """A game of Ticket to Ride – Europe (see the module docstring)."""

    board: Board
    options: Options
    seed: int
    players: list[PlayerState]
    #: The train deck, its top last (T-S2); the discard, oldest first.
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    #: The face-up row: five slots, each a card or EMPTY (D-10).
    row: list[int] = field(default_factory=lambda: [EMPTY] * ROW)
    #: D-8: why three face-up locomotives stay ("few": too few other cards to reset;
    #: "resets": three resets in a row), or "" when they do not.
    row_hold: str = ""
    #: Who owns each route (a seat, or OPEN); a station's owner on each city, or -1.
    owner: list[int] = field(default_factory=list)
    station_of: list[int] = field(default_factory=list)
    #: The ticket deck, its top first (T-S4, D-25); the tickets out of the game (T-S3, T-S5).
    ticket_deck: list[int] = field(default_factory=list)
    box: list[int] = field(default_factory=list)
    #: The tickets drawn and not yet chosen (T-K1), and each seat's first deal (T-S5).
    offer: list[int] = field(default_factory=list)
    first_offer: list[list[int]] = field(default_factory=list)
    tunnel: Tunnel | None = None
    step: Step = Step.FIRST_TICKETS
    #: The seat whose input is awaited; the seat that played first (T-S6, D-5).
    current: int = 0
    first: int = 0
    #: The round (every seat plays once in each, from the first player).
    turn: int = 0
    #: T-W1, D-23: the seat that began the last round (-1: not begun) and the turns left.
    last_round_by: int = -1
    turns_left: int = 0
    #: D-26: turns passed one after another.
    passes: int = 0
    log: list[Event] = field(default_factory=list)
    history: list[tuple[int, Action]] = field(default_factory=list)
    final: FinalScores | None = None
    #: The seat this state is the view of (None: the whole game).
    viewer: int | None = None
    #: How many times chance has been drawn from (:meth:`chance`).
    draws: int = 0

    @property
    def seats(self) -> int:
        return len(self.players)

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def chance(self) -> random.Random:
        """A generator for the next draw of chance (a shuffle, the first player): the same for
        the same seed and the same draws before it."""
        self.draws += 1
        return random.Random(f"ttr:{self.seed}:{self.draws}")

    def closed(self, route: int) -> bool:
        """T-C9, D-19: with 2 or 3 players, a lane of a double route whose other lane is
        claimed is closed to everyone."""
        other = self.board.partner_of[route]
        return other >= 0 and self.seats <= 3 and self.owner[other] != OPEN

    def copy(self) -> GameState:
        return GameState(
            board=self.board, options=self.options, seed=self.seed,
            players=[p.copy() for p in self.players], deck=list(self.deck),
            discard=list(self.discard), row=list(self.row),
            row_hold=self.row_hold, owner=list(self.owner),
            station_of=list(self.station_of), ticket_deck=list(self.ticket_deck),
            box=list(self.box), offer=list(self.offer),
            first_offer=[list(o) for o in self.first_offer], tunnel=self.tunnel,
            step=self.step, current=self.current, first=self.first, turn=self.turn,
            last_round_by=self.last_round_by, turns_left=self.turns_left,
            passes=self.passes, log=list(self.log), history=list(self.history),
            final=self.final, viewer=self.viewer, draws=self.draws)

