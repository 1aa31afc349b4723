"""Actions: the only way anything changes in a game (DESIGN.md habit 2).

Each action is a small frozen dataclass with a readable repr. Dots are written ``"q,r"``, as
in map files, so that a game record reads like a score sheet. The list of actions of a game,
with its seed and map, *is* the game record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rail_app.table import actions as kit
from rail_app.table.actions import ActionCodec, Limits


@dataclass(frozen=True, repr=False)
class Action(kit.Action):
    """Base of Italian Rails' actions (the kit's :class:`~rail_app.table.actions.Action`:
    ``kind`` is the name records write; the ``repr`` names fields by position)."""


# -- setup (C2) --------------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class KeepCards(Action):
    """C2: keep two of the five dealt cards as private cards (by card number)."""

    kind: ClassVar[str] = "keep_cards"
    cards: tuple[int, ...]


# -- building (phase B) --------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class BuildSegment(Action):
    """K1-K7: draw one segment from dot ``a`` to dot ``b`` (direction matters for cost, K6)."""

    kind: ClassVar[str] = "build"
    a: str
    b: str


@dataclass(frozen=True, repr=False)
class EraseSegment(Action):
    """K10: erase a segment drawn in this phase (free until the phase is paid)."""

    kind: ClassVar[str] = "erase"
    a: str
    b: str


@dataclass(frozen=True, repr=False)
class BuildFerry(Action):
    """K8: take (draw) a ferry from a port the player's track reaches (or a major city port)."""

    kind: ClassVar[str] = "ferry"
    ferry: str


@dataclass(frozen=True, repr=False)
class UpgradeLoco(Action):
    """K9: buy a better locomotive (counts against the phase's 20M)."""

    kind: ClassVar[str] = "upgrade"
    to: str


@dataclass(frozen=True, repr=False)
class TakeLoan(Action):
    """V2 Loans: borrow the map's loan amount; repaid double as soon as cash allows."""

    kind: ClassVar[str] = "loan"


# -- moving and loads (phase A) ----------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class PlaceTrain(Action):
    """M1: on the first movement, put the train on any city dot."""

    kind: ClassVar[str] = "place"
    dot: str


@dataclass(frozen=True, repr=False)
class MoveTrain(Action):
    """M1-M6: move along ``path`` (dots after the current one, in order)."""

    kind: ClassVar[str] = "move"
    path: tuple[str, ...]


@dataclass(frozen=True, repr=False)
class BoardFerry(Action):
    """M5: board a ferry at its port; the train arrives at the other port next turn."""

    kind: ClassVar[str] = "board_ferry"
    ferry: str


@dataclass(frozen=True, repr=False)
class PickUp(Action):
    """C3: load ``commodity`` here; ``card``/``demand`` lock it, or None for an unlocked load."""

    kind: ClassVar[str] = "pickup"
    commodity: str
    card: int | None = None
    demand: int | None = None


@dataclass(frozen=True, repr=False)
class Lock(Action):
    """C3/C4: lock a carried, unlocked load to a demand (``demand`` is 0, 1 or 2)."""

    kind: ClassVar[str] = "lock"
    card: int
    demand: int


@dataclass(frozen=True, repr=False)
class Deliver(Action):
    """C5: deliver the load locked to this demand, at the demanding city."""

    kind: ClassVar[str] = "deliver"
    card: int
    demand: int


@dataclass(frozen=True, repr=False)
class Drop(Action):
    """C3: drop an unlocked load at a city, for nothing."""

    kind: ClassVar[str] = "drop"
    commodity: str


@dataclass(frozen=True, repr=False)
class TakeBack(Action):
    """Take back the last move, pickup, lock or drop of this move phase, when nothing
    hidden was revealed by it (no card drawn)."""

    kind: ClassVar[str] = "take_back"


@dataclass(frozen=True, repr=False)
class SwapDemands(Action):
    """C6/T3: instead of moving and building, renew three unlocked public cards."""

    kind: ClassVar[str] = "swap"


@dataclass(frozen=True, repr=False)
class ChooseLoss(Action):
    """E7: after a derailment, say which load is lost (index in the train's loads) and, for a
    private locked load, whether its card is released to the public pool."""

    kind: ClassVar[str] = "choose_loss"
    load: int
    release: bool = False


# -- turn flow (T1-T4) -------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class EndPhase(Action):
    """End the move phase and start building (T2)."""

    kind: ClassVar[str] = "end_phase"


@dataclass(frozen=True, repr=False)
class EndTurn(Action):
    """End the build phase: pay for it (K10) and pass the turn (T1)."""

    kind: ClassVar[str] = "end_turn"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        KeepCards, BuildSegment, BuildFerry, EraseSegment, UpgradeLoco, TakeLoan, PlaceTrain, MoveTrain,
        BoardFerry, PickUp, Lock, Deliver, Drop, TakeBack, SwapDemands, ChooseLoss, EndPhase,
        EndTurn,
    )
}


#: Limits on the fields of recorded actions: text (dots, names), numbers, lists (a path).
LIMITS = Limits(text=60, number=10**6, items=1000)
#: The records' form of the actions: every field checked against its type and the limits.
CODEC: ActionCodec[Action] = ActionCodec(ACTION_TYPES.values(), LIMITS)


def action_from_dict(data: object) -> Action:
    """Rebuild an action from its record form; ValueError with a readable message if wrong."""
    return CODEC.from_dict(data)
