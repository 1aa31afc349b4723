"""Actions: the only way anything changes in a game of Steam.

Each is a small frozen dataclass with a readable repr; hexes are written ``"q,r"``, as in map
files, so a game record reads like a score sheet. Every decision of every phase is an action
(bids, capital, action tiles, building, moving, points), so people and computer players act
the same way. The codec (``to_dict`` / :func:`action_from_dict`) is what records store.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from rail_app.games.steam.rules.board import Colour


class ActionFormatError(ValueError):
    """A recorded action that is not one of the game's actions (a one-line message)."""


@dataclass(frozen=True)
class Action:
    """Base class. ``kind`` is the name written in records."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            v = getattr(self, f.name)
            data[f.name] = list(v) if isinstance(v, tuple) else (
                str(v) if isinstance(v, Colour) else v)
        return data

    def __repr__(self) -> str:
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))
        return f"{type(self).__name__}({args})"


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
_BY_KIND: dict[str, type[Action]] = {t.kind: t for t in ACTION_TYPES}
#: Limits on recorded fields: text (hexes, faces), numbers, lists (a route).
MAX_TEXT = 40
MAX_NUMBER = 10**6
MAX_ITEMS = 64


def action_to_dict(action: Action) -> dict[str, Any]:
    return action.to_dict()


def action_from_dict(data: object) -> Action:
    """The action a record's dict describes; :class:`ActionFormatError` when it is not one."""
    if not isinstance(data, dict):
        raise ActionFormatError("an action is a mapping with a 'kind'")
    kind = data.get("kind")
    cls = _BY_KIND.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ActionFormatError(f"unknown action kind {str(kind)[:MAX_TEXT]!r}")
    names = [f.name for f in fields(cls)]
    extra = sorted(set(data) - set(names) - {"kind"})
    if extra:
        raise ActionFormatError(f"{kind}: unknown field {extra[0][:MAX_TEXT]!r}")
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            raise ActionFormatError(f"{kind}: missing field {f.name!r}")
        values[f.name] = _field(str(kind), f.name, str(f.type), data[f.name])
    return cls(**values)


def _field(kind: str, name: str, typ: str, value: object) -> Any:
    where = f"{kind}.{name}"
    if typ == "bool":
        if not isinstance(value, bool):
            raise ActionFormatError(f"{where}: true or false expected")
        return value
    if typ in ("int", "int | None"):
        if value is None and typ == "int | None":
            return None
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_NUMBER:
            raise ActionFormatError(f"{where}: a whole number expected")
        return value
    if typ == "str":
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            raise ActionFormatError(f"{where}: a short text expected")
        return value
    if typ == "Colour":
        try:
            return Colour(str(value)) if isinstance(value, str) else Colour("")
        except ValueError:
            raise ActionFormatError(f"{where}: not a colour") from None
    if typ.startswith("tuple["):
        if not isinstance(value, list) or len(value) > MAX_ITEMS:
            raise ActionFormatError(f"{where}: a list expected")
        inner = "int" if "int" in typ else "str"
        return tuple(_field(kind, name, inner, v) for v in value)
    raise ActionFormatError(f"{where}: unsupported field type {typ}")  # pragma: no cover
