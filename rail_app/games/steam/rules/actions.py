"""Actions: the only way anything changes in a game of Steam.

Each is a small frozen dataclass with a readable repr; hexes are written ``"q,r"``, as in map
files, so a game record reads like a score sheet. Every decision of every phase is an action
(bids, capital, action tiles, building, moving, points), so people and computer players act
the same way. The codec (:data:`CODEC`, the kit's, with Steam's limits) is what records store.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rail_app.games.steam.rules.board import Colour
from rail_app.table import actions as kit
from rail_app.table.actions import ActionCodec, ActionFormatError, Limits

__all__ = ["CODEC", "ActionFormatError", "action_from_dict", "action_to_dict"]


@dataclass(frozen=True, repr=False)
class Action(kit.Action):
    """Base of Steam's actions (the kit's :class:`~rail_app.table.actions.Action`: ``kind``
    is the name records write; the ``repr`` names the fields: ``Bid(amount=3)``)."""

    repr_by_name: ClassVar[bool] = True


# -- auctions (S-T2, S-S5-S-S7) and capital (S-S4) ---------------------------------------------


@dataclass(frozen=True, repr=False)
class Bid(Action):
    """S-T2b/S-S5b: bid ``amount`` dollars in the auction under way."""

    kind: ClassVar[str] = "bid"
    amount: int


@dataclass(frozen=True, repr=False)
class PassBid(Action):
    """S-T2c/S-S5c/S-S7: pass in the auction under way."""

    kind: ClassVar[str] = "pass_bid"


@dataclass(frozen=True, repr=False)
class TakeCapital(Action):
    """S-S4: take ``steps`` $5 steps from the bank (Standard phase 1; 0 is allowed)."""

    kind: ClassVar[str] = "capital"
    steps: int


# -- action tiles (S-A) -------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class ChooseTile(Action):
    """S-A1: take action tile ``tile`` (1 Turn Order ... 7 Urbanization)."""

    kind: ClassVar[str] = "choose_tile"
    tile: int


@dataclass(frozen=True, repr=False)
class Declare(Action):
    """S-A7/S-A9 (Basic): right after taking Urban Growth or Urbanization, perform (pay now,
    carry it out in the build phase) or pass."""

    kind: ClassVar[str] = "declare"
    perform: bool


# -- building (S-K, S-A7, S-A9) -----------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class LayTile(Action):
    """S-K7: lay face ``face`` turned by ``rotation`` (0-5) in the empty hex ``hex``."""

    kind: ClassVar[str] = "lay"
    hex: str
    face: str
    rotation: int


@dataclass(frozen=True, repr=False)
class UpgradeTile(Action):
    """S-K16: replace the tile in ``hex`` by ``face``/``rotation``, keeping its paths."""

    kind: ClassVar[str] = "upgrade"
    hex: str
    face: str
    rotation: int


@dataclass(frozen=True, repr=False)
class RedirectTile(Action):
    """S-K15: turn or swap the last tile of an incomplete link to ``face``/``rotation``."""

    kind: ClassVar[str] = "redirect"
    hex: str
    face: str
    rotation: int


@dataclass(frozen=True, repr=False)
class PlaceNewCity(Action):
    """S-A9: put a New City of ``colour`` on the town hex ``hex`` with the cubes of reserve
    space ``space`` (0-based; None only when every space is empty, D-25)."""

    kind: ClassVar[str] = "new_city"
    hex: str
    colour: Colour
    space: int | None


@dataclass(frozen=True, repr=False)
class UrbanGrowth(Action):
    """S-A7: put the cubes of reserve space ``space`` (0-based) on the city at ``city``."""

    kind: ClassVar[str] = "urban_growth"
    city: str
    space: int


@dataclass(frozen=True, repr=False)
class ForgoSpecial(Action):
    """S-S8/D-34 (Standard): give up this turn's Urban Growth or Urbanization."""

    kind: ClassVar[str] = "forgo"


@dataclass(frozen=True, repr=False)
class EndBuild(Action):
    """End one's build phase (S-K4: building is never compulsory)."""

    kind: ClassVar[str] = "end_build"


# -- moving goods (S-G, S-L) --------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class MoveCube(Action):
    """S-G3: move a ``colour`` cube from the city at ``source`` over complete links and
    deliver it. The route is written link by link: ``exits[i]`` is the side by which the
    i-th link leaves its starting stop (``source``, then ``stops[i-1]``) and ``stops[i]``
    the stop it reaches (two links may join the same two stops)."""

    kind: ClassVar[str] = "move_cube"
    source: str
    colour: Colour
    stops: tuple[str, ...]
    exits: tuple[int, ...]


@dataclass(frozen=True, repr=False)
class UpgradeLocomotive(Action):
    """S-L3: raise one's locomotive by 1 instead of moving a cube (once a turn)."""

    kind: ClassVar[str] = "upgrade_loco"


@dataclass(frozen=True, repr=False)
class PassMove(Action):
    """S-G2: do nothing in this round of the move phase."""

    kind: ClassVar[str] = "pass_move"


@dataclass(frozen=True, repr=False)
class TakePoints(Action):
    """S-G6: take all the points of the cube just delivered as income or as VP."""

    kind: ClassVar[str] = "points"
    as_income: bool


ACTION_TYPES: tuple[type[Action], ...] = (
    Bid, PassBid, TakeCapital, ChooseTile, Declare, LayTile, UpgradeTile, RedirectTile,
    PlaceNewCity, UrbanGrowth, ForgoSpecial, EndBuild, MoveCube, UpgradeLocomotive, PassMove,
    TakePoints,
)
#: Limits on recorded fields: text (hexes, faces), numbers, lists (a route).
LIMITS = Limits(text=40, number=10**6, items=64)
#: The records' form of Steam's actions.
CODEC: ActionCodec[Action] = ActionCodec(ACTION_TYPES, LIMITS)


def action_to_dict(action: Action) -> dict[str, Any]:
    return CODEC.to_dict(action)


def action_from_dict(data: object) -> Action:
    """The action a record's dict describes; :class:`ActionFormatError` when it is not one."""
    return CODEC.from_dict(data)
