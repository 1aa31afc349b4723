"""The state of a game of Steam: options, players, the map's track and goods, the turn.

One ``random.Random(seed)`` lives in the state and is drawn from only at set-up (S-I1, S-T2a,
S-T3, S-S2): after that nothing in the game is random, so a game is its seed plus its actions.
:meth:`GameState.copy` is cheap (dicts and lists copied one level deep; tiles, the board and
the generator shared, as nothing changes them in place) so that the screen can quote each
step of a stroke on the state the previous steps leave.
"""

from __future__ import annotations

import copy as _copy
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import IntEnum, StrEnum
from typing import Final

from rail_app.games.steam.rules import links as links_mod
from rail_app.games.steam.rules.actions import Action
from rail_app.games.steam.rules.board import NO_CUBES, Board, Colour, Cubes
from rail_app.games.steam.rules.events import Event
from rail_app.games.steam.rules.identity import (
    DEFAULT_SEATS,
    GAME_ID,
    MAX_SEATS,
    MAX_SEATS_OPTION,
    MIN_SEATS,
    RULES_VERSION,
    TITLE,
)
from rail_app.games.steam.rules.links import LinkIndex, PathRef
from rail_app.games.steam.rules.tiles import Tile

__all__ = ["DEFAULT_SEATS", "GAME_ID", "MAX_SEATS", "MAX_SEATS_OPTION", "MIN_SEATS",
           "MAX_LOCO", "RULES_VERSION", "TITLE", "TURNS", "ActionTile", "Auction", "BuildTurn", "EndReason",
           "FirstOrder", "GameState", "Options", "Outcome", "Phase", "PlayerState", "Score",
           "Special", "Step", "Variant"]

#: S-W1: turns by the number of players at the start.
TURNS: Final = {3: 10, 4: 8, 5: 7, 6: 7}
MAX_LOCO: Final = 6  # S-L1


class Variant(StrEnum):
    """The Basic game, or the Standard game (S-S1: the Basic rules with capital, a turn-order
    auction and locomotive upkeep)."""

    BASIC = "basic"
    STANDARD = "standard"


class FirstOrder(StrEnum):
    """S-V2: how the Basic game's first turn order is found."""

    AUCTION = "auction"
    RANDOM = "random"


@dataclass(frozen=True)
class Options:
    """The options of a game (S-V1-S-V3)."""

    game: Variant = Variant.BASIC
    first_order: FirstOrder = FirstOrder.AUCTION
    novice: tuple[int, ...] = ()  # seats with novice borrowing (S-S12, Standard only)
    six_players: bool = False  # S-V1

    def to_dict(self) -> dict[str, object]:
        return {"game": str(self.game), "first_order": str(self.first_order),
                "novice_borrowing": list(self.novice), "six_players": self.six_players}

    @classmethod
    def from_mapping(cls, data: Mapping[str, object], seats: int) -> Options:
        """Options from a mapping (a record, the New game screen); ValueError says what is
        wrong in one line."""
        known = {"game", "first_order", "novice_borrowing", "six_players"}
        extra = sorted(set(data) - known)
        if extra:
            raise ValueError(f"unknown option {extra[0]!r}; the options are {sorted(known)}")
        try:
            game = Variant(str(data.get("game", "basic")))
        except ValueError:
            raise ValueError("option game: 'basic' or 'standard'") from None
        try:
            first = FirstOrder(str(data.get("first_order", "auction")))
        except ValueError:
            raise ValueError("option first_order: 'auction' or 'random'") from None
        novice_raw = data.get("novice_borrowing", ())
        if not isinstance(novice_raw, (list, tuple)) or not all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s < seats
                for s in novice_raw):
            raise ValueError("option novice_borrowing: a list of seat numbers")
        novice = tuple(sorted(set(int(s) for s in novice_raw)))
        if novice and game is not Variant.STANDARD:
            raise ValueError("option novice_borrowing: a Standard game option (S-V3)")
        six = data.get("six_players", False)
        if not isinstance(six, bool):
            raise ValueError("option six_players: true or false")
        return cls(game, first, novice, six)


class Phase(StrEnum):
    """The phases of a turn (S-T1; Standard S-S3), and the auction before turn 1 (S-T2)."""

    FIRST_AUCTION = "first-auction"
    CAPITAL = "capital"
    AUCTION = "auction"
    SELECT = "select"
    BUILD = "build"
    MOVE = "move"
    INCOME = "income"
    ORDER = "order"
    NEW_TURN = "new-turn"
    OVER = "over"


class Step(StrEnum):
    """The input the game waits for."""

    BID = "bid"
    CAPITAL = "capital"
    CHOOSE = "choose"
    DECLARE = "declare"
    BUILD = "build"
    MOVE = "move"
    POINTS = "points"
    NONE = "none"


class ActionTile(IntEnum):
    """S-A1: the seven action tiles."""

    TURN_ORDER = 1
    FIRST_MOVE = 2
    ENGINEER = 3
    FIRST_BUILD = 4
    URBAN_GROWTH = 5
    LOCOMOTIVE = 6
    URBANIZATION = 7


class Special(StrEnum):
    """Where a holder of Urban Growth or Urbanization stands this turn."""

    PENDING = "pending"  # to be carried out in the build phase
    DONE = "done"
    PASSED = "passed"
    LAPSED = "lapsed"  # D-24


class EndReason(StrEnum):
    FINISHED = "finished"  # S-W1 (a harness's cap aside)
    ALL_BANKRUPT = "all-bankrupt"  # S-M8: nobody is left to play


@dataclass(frozen=True)
class Score:
    """S-W2: a final score, part by part."""

    seat: int
    vp: int
    income_vp: int
    links: int

    @property
    def total(self) -> int:
        return self.vp + self.income_vp + self.links


@dataclass(frozen=True)
class Outcome:
    """How the game ended: scores per seat (None: eliminated), seats best first, the winner
    (S-W3; None only when nobody is left)."""

    reason: EndReason
    scores: tuple[int | None, ...]
    ranks: tuple[int, ...]
    winner: int | None
    breakdown: tuple[Score | None, ...]


@dataclass
class PlayerState:
    """A player's tracks (S-B10): cash, income (from -10, no top), VP (no top, S-G7) and
    locomotive level (1-6)."""

    name: str
    cash: int = 0
    income: int = 0
    vp: int = 0
    loco: int = 1
    out: bool = False  # bankrupt and eliminated (S-M8)
    built: bool = False  # has made a tile action (S-K8: the first one comes out of a city)
    novice: bool = False  # S-S12


@dataclass
class Auction:
    """An auction under way: Basic places before turn 1 (S-T2) or Standard turn order (S-S5).

    ``active`` holds the seats still bidding, in bidding order (seat order for Basic, turn
    order for Standard); ``current`` is whose bidding turn it is."""

    standard: bool
    active: list[int]
    current: int
    high: int = -1
    high_bidder: int = -1
    best: dict[int, int] = field(default_factory=dict)
    place: int = 1  # Basic: the place auctioned
    placed: list[int] = field(default_factory=list)  # Basic: seats with a place, in order
    seats: list[int] = field(default_factory=list)  # the seats of the auction, in order
    free_pass: int = -1  # S-S7: the seat whose free pass is unused
    passed_to: dict[int, int] = field(default_factory=dict)  # Standard: seat -> place

    def copy(self) -> Auction:
        return replace(self, active=list(self.active), best=dict(self.best),
                       placed=list(self.placed), seats=list(self.seats),
                       passed_to=dict(self.passed_to))


@dataclass
class BuildTurn:
    """One player's build phase: tile actions used, what was spent, and the paths they began
    or extended (S-K12a: their incomplete links without one of these are lost)."""

    seat: int
    used: int = 0
    spent: int = 0
    touched: set[PathRef] = field(default_factory=set)

    def copy(self) -> BuildTurn:
        return replace(self, touched=set(self.touched))


@dataclass
class GameState:
    board: Board
    options: Options
    seed: int
    rng: random.Random
    players: list[PlayerState]
    turn: int = 0
    last_turn: int = 0
    phase: Phase = Phase.SELECT
    step: Step = Step.NONE
    order: list[int] = field(default_factory=list)  # turn order of the players still in
    queue: list[int] = field(default_factory=list)  # who acts in this phase or round
    cursor: int = 0
    round: int = 1  # move phase: 1 or 2 (S-G2)
    tile_of: dict[int, int] = field(default_factory=dict)  # action tile per seat this turn
    number_only: set[int] = field(default_factory=set)  # seats whose tile is a number (D-26)
    last_tiles: dict[int, int] = field(default_factory=dict)  # the previous turn's tiles
    special: dict[int, Special] = field(default_factory=dict)
    tiles: dict[int, Tile] = field(default_factory=dict)
    face_counts: dict[str, int] = field(default_factory=dict)
    city_hexes: set[int] = field(default_factory=set)  # printed and New Cities
    new_cities: dict[int, Colour] = field(default_factory=dict)
    cubes: dict[int, Cubes] = field(default_factory=dict)  # on each city
    growth: set[int] = field(default_factory=set)  # cities with the Urban Growth symbol
    reserve: list[Cubes] = field(default_factory=list)
    bag: Cubes = NO_CUBES
    new_city_supply: Cubes = NO_CUBES
    growth_supply: int = 0
    auction: Auction | None = None
    build: BuildTurn | None = None
    points: list[tuple[int, int]] = field(default_factory=list)  # (seat, points) to choose
    loco_upgraded: set[int] = field(default_factory=set)  # S-L3: this turn's phase 3
    log: list[Event] = field(default_factory=list)
    history: list[tuple[int, Action]] = field(default_factory=list)
    outcome: Outcome | None = None
    _links: LinkIndex | None = field(default=None, repr=False, compare=False)

    # -- copying and caches ------------------------------------------------------------------

    def copy(self) -> GameState:
        new = _copy.copy(self)
        new.players = [replace(p) for p in self.players]
        new.order = list(self.order)
        new.queue = list(self.queue)
        new.tile_of = dict(self.tile_of)
        new.number_only = set(self.number_only)
        new.last_tiles = dict(self.last_tiles)
        new.special = dict(self.special)
        new.tiles = dict(self.tiles)
        new.face_counts = dict(self.face_counts)
        new.city_hexes = set(self.city_hexes)
        new.new_cities = dict(self.new_cities)
        new.cubes = dict(self.cubes)
        new.growth = set(self.growth)
        new.reserve = list(self.reserve)
        new.auction = self.auction.copy() if self.auction is not None else None
        new.build = self.build.copy() if self.build is not None else None
        new.points = list(self.points)
        new.loco_upgraded = set(self.loco_upgraded)
        new.log = list(self.log)
        new.history = list(self.history)
        return new  # _links is shared: the same tiles give the same links

    def links(self) -> LinkIndex:
        """Every link on the map (cached until the track or the cities change)."""
        if self._links is None:
            self._links = links_mod.compute(self.board, self.tiles, self.city_hexes)
        return self._links

    def track_changed(self) -> None:
        self._links = None

    # -- reading -----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def basic(self) -> bool:
        return self.options.game is Variant.BASIC

    def actor(self) -> int | None:
        """Whose input the game waits for (None when it is over)."""
        if self.phase is Phase.OVER:
            return None
        if self.step is Step.POINTS:
            return self.points[0][0] if self.points else None
        if self.step is Step.BID:
            return self.auction.current if self.auction is not None else None
        if self.cursor < len(self.queue):
            return self.queue[self.cursor]
        return None

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def active(self) -> list[int]:
        """Seats still in the game, in seat order."""
        return [i for i, p in enumerate(self.players) if not p.out]

    def colour_of(self, h: int) -> Colour | None:
        """The colour of the city at ``h`` (printed or New), or None."""
        city = self.board.city_at.get(h)
        if city is not None:
            return city.colour
        return self.new_cities.get(h)

    def holder(self, tile: ActionTile) -> int | None:
        """The seat that took ``tile`` this turn with its effect (not as a number, D-26)."""
        for seat, t in self.tile_of.items():
            if t == tile and seat not in self.number_only and not self.players[seat].out:
                return seat
        return None

    def key(self, h: int) -> str:
        return self.board.hexes[h].key
