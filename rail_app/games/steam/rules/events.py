"""The game's log: typed events, never sentences (the words a player reads are made from these
in one place, by the screens).

Every event is a small frozen dataclass whose ``kind`` is an :class:`EventKind`; seats are
indexes into the game's seats, hexes are written ``"q,r"``, money in whole dollars. Every
change to a player's cash, income or VP is one :class:`Money` event (the ledger), so the
invariants can add the log up and compare it with the players' tracks.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from rail_app.table import events as kit


class EventKind(StrEnum):
    CUBES_DRAWN = "cubes-drawn"
    OPENER_DRAWN = "opener-drawn"
    ORDER_DRAWN = "order-drawn"
    TURN_BEGAN = "turn-began"
    PHASE_BEGAN = "phase-began"
    MONEY = "money"
    BID = "bid"
    BID_PASSED = "bid-passed"
    PLACE_TAKEN = "place-taken"
    ORDER_SET = "order-set"
    TILE_CHOSEN = "tile-chosen"
    DECLARED = "declared"
    LOCO_RAISED = "loco-raised"
    TILE_LAID = "tile-laid"
    TILE_UPGRADED = "tile-upgraded"
    TILE_REDIRECTED = "tile-redirected"
    TILE_REMOVED = "tile-removed"
    LINK_COMPLETED = "link-completed"
    LINK_CLAIMED = "link-claimed"
    LINK_LOST = "link-lost"
    NEW_CITY = "new-city"
    URBAN_GROWTH = "urban-growth"
    SPECIAL_FORGONE = "special-forgone"
    SPECIAL_LAPSED = "special-lapsed"
    BUILD_ENDED = "build-ended"
    CUBE_DELIVERED = "cube-delivered"
    POINTS_TAKEN = "points-taken"
    MOVE_PASSED = "move-passed"
    BANKRUPT = "bankrupt"
    GAME_ENDED = "game-ended"


class Reason(StrEnum):
    """Why a player's cash, income or VP changed (the ledger's reasons)."""

    BORROW = "borrow"  # S-M3/S-M4: $5 steps taken to make a payment
    CAPITAL = "capital"  # S-S4: steps taken in phase 1
    BID = "bid"  # S-T2e, S-S6
    ACTION_TILE = "action-tile"  # S-A2
    TRACK = "track"  # S-K7, S-K15c, S-K16b
    COMPENSATION = "compensation"  # S-T3
    POINTS = "points"  # S-G6
    INCOME = "income"  # S-M6, S-S10
    EXPENSES = "expenses"  # S-M6 negative income; S-S10 with maintenance
    SHORTFALL = "shortfall"  # S-S11: VP or income lost for an unpaid rest
    CHANGE = "change"  # S-S11: $1 back for an odd unpaid rest


@dataclass(frozen=True)
class Event(kit.Event):
    """Base of every event of Steam's log (the kit's :class:`~rail_app.table.events.Event`,
    whose ``to_dict`` writes it as plain data): its ``kind`` is its :class:`EventKind`."""

    kind: ClassVar[EventKind]


@dataclass(frozen=True)
class CubesDrawn(Event):
    """S-I1: cubes drawn from the bag onto a city (``city``, its hex) or a reserve space
    (``space``, from 0)."""

    kind: ClassVar[EventKind] = EventKind.CUBES_DRAWN
    city: str | None
    space: int | None
    cubes: tuple[int, ...]


@dataclass(frozen=True)
class OpenerDrawn(Event):
    """S-T2a: the player drawn to open the first auction."""

    kind: ClassVar[EventKind] = EventKind.OPENER_DRAWN
    seat: int


@dataclass(frozen=True)
class OrderDrawn(Event):
    """S-T3/S-S2: the action tile drawn for each seat (in seat order)."""

    kind: ClassVar[EventKind] = EventKind.ORDER_DRAWN
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class TurnBegan(Event):
    kind: ClassVar[EventKind] = EventKind.TURN_BEGAN
    turn: int


@dataclass(frozen=True)
class PhaseBegan(Event):
    kind: ClassVar[EventKind] = EventKind.PHASE_BEGAN
    phase: str


@dataclass(frozen=True)
class Money(Event):
    """A change to one player's cash, income or VP, and why."""

    kind: ClassVar[EventKind] = EventKind.MONEY
    seat: int
    reason: Reason
    cash: int = 0
    income: int = 0
    vp: int = 0


@dataclass(frozen=True)
class BidMade(Event):
    kind: ClassVar[EventKind] = EventKind.BID
    seat: int
    amount: int


@dataclass(frozen=True)
class BidPassed(Event):
    """A pass in an auction; ``free`` for the Turn Order tile's pass (S-S7); ``place`` the
    place it gave (Standard, S-S5c), or None."""

    kind: ClassVar[EventKind] = EventKind.BID_PASSED
    seat: int
    free: bool = False
    place: int | None = None


@dataclass(frozen=True)
class PlaceTaken(Event):
    """A place on the turn-order table won (``price`` the winning bid, S-T2) or taken."""

    kind: ClassVar[EventKind] = EventKind.PLACE_TAKEN
    seat: int
    place: int
    price: int


@dataclass(frozen=True)
class OrderSet(Event):
    kind: ClassVar[EventKind] = EventKind.ORDER_SET
    order: tuple[int, ...]


@dataclass(frozen=True)
class TileChosen(Event):
    """S-A1: an action tile taken; ``number_only`` when every remaining tile was barred
    (D-26)."""

    kind: ClassVar[EventKind] = EventKind.TILE_CHOSEN
    seat: int
    tile: int
    number_only: bool = False


@dataclass(frozen=True)
class Declared(Event):
    """S-A7/S-A9: perform or pass declared right after taking the tile."""

    kind: ClassVar[EventKind] = EventKind.DECLARED
    seat: int
    tile: int
    perform: bool


@dataclass(frozen=True)
class LocoRaised(Event):
    """S-A8/S-L3: a locomotive level raised (``by_tile``: the Locomotive action)."""

    kind: ClassVar[EventKind] = EventKind.LOCO_RAISED
    seat: int
    level: int
    by_tile: bool


@dataclass(frozen=True)
class TileLaid(Event):
    kind: ClassVar[EventKind] = EventKind.TILE_LAID
    seat: int
    hex: str
    face: str
    rotation: int
    cost: int


@dataclass(frozen=True)
class TileUpgraded(Event):
    kind: ClassVar[EventKind] = EventKind.TILE_UPGRADED
    seat: int
    hex: str
    old_face: str
    face: str
    rotation: int
    cost: int


@dataclass(frozen=True)
class TileRedirected(Event):
    kind: ClassVar[EventKind] = EventKind.TILE_REDIRECTED
    seat: int
    hex: str
    old_face: str
    face: str
    rotation: int
    cost: int


@dataclass(frozen=True)
class TileRemoved(Event):
    """S-A9: a town tile taken off the map by a New City (back to the supply)."""

    kind: ClassVar[EventKind] = EventKind.TILE_REMOVED
    hex: str
    face: str


@dataclass(frozen=True)
class LinkCompleted(Event):
    """A link became complete between two stops; ``owner`` -1 when nobody controls it."""

    kind: ClassVar[EventKind] = EventKind.LINK_COMPLETED
    owner: int
    a: str
    b: str


@dataclass(frozen=True)
class LinkClaimed(Event):
    """S-K12d: an uncontrolled link claimed; ``at`` the stop it comes from."""

    kind: ClassVar[EventKind] = EventKind.LINK_CLAIMED
    seat: int
    at: str
    tile: str  # a hex of the link


@dataclass(frozen=True)
class LinkLost(Event):
    """S-K12a/S-M8: a controller lost an incomplete link (``at`` its stop, ``tile`` the hex of
    its last tile)."""

    kind: ClassVar[EventKind] = EventKind.LINK_LOST
    seat: int
    at: str
    tile: str


@dataclass(frozen=True)
class NewCityPlaced(Event):
    """S-A9: a New City on a town hex, with the cubes of reserve space ``space``."""

    kind: ClassVar[EventKind] = EventKind.NEW_CITY
    seat: int
    hex: str
    colour: str
    space: int | None
    cubes: tuple[int, ...]


@dataclass(frozen=True)
class UrbanGrowthDone(Event):
    """S-A7: the cubes of reserve space ``space`` put on ``city`` with a counter."""

    kind: ClassVar[EventKind] = EventKind.URBAN_GROWTH
    seat: int
    city: str
    space: int
    cubes: tuple[int, ...]


@dataclass(frozen=True)
class SpecialForgone(Event):
    """S-S8/D-34: Urban Growth or Urbanization passed in the build phase."""

    kind: ClassVar[EventKind] = EventKind.SPECIAL_FORGONE
    seat: int
    tile: int


@dataclass(frozen=True)
class SpecialLapsed(Event):
    """D-24: a declared Urban Growth that could not be carried out."""

    kind: ClassVar[EventKind] = EventKind.SPECIAL_LAPSED
    seat: int
    tile: int


@dataclass(frozen=True)
class BuildEnded(Event):
    kind: ClassVar[EventKind] = EventKind.BUILD_ENDED
    seat: int
    tile_actions: int


@dataclass(frozen=True)
class CubeDelivered(Event):
    """S-G3-S-G5: a cube moved from ``source`` over ``stops`` and delivered; ``points`` per
    seat (in seat order)."""

    kind: ClassVar[EventKind] = EventKind.CUBE_DELIVERED
    seat: int
    colour: str
    source: str
    stops: tuple[str, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class PointsTaken(Event):
    """S-G6: all the points of one cube taken as income or as VP."""

    kind: ClassVar[EventKind] = EventKind.POINTS_TAKEN
    seat: int
    points: int
    as_income: bool


@dataclass(frozen=True)
class MovePassed(Event):
    kind: ClassVar[EventKind] = EventKind.MOVE_PASSED
    seat: int


@dataclass(frozen=True)
class Bankrupt(Event):
    """S-M7/S-S11: a player could not pay and leaves the game (S-M8)."""

    kind: ClassVar[EventKind] = EventKind.BANKRUPT
    seat: int
    owed: int


@dataclass(frozen=True)
class GameEnded(Event):
    """S-W1-S-W3: final scores per seat (eliminated seats: None) and the winner."""

    kind: ClassVar[EventKind] = EventKind.GAME_ENDED
    reason: str
    scores: tuple[int | None, ...]
    winner: int | None
