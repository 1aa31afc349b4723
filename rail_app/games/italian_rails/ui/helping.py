"""Planning helpers: the controller's part that asks the computer opponent's planner for
advice (on what the player may know, :mod:`rail_app.games.italian_rails.ai.advice`): the plan the Hard computer
would choose now ("Suggest", shown as a ghost on the map until hidden) and the cheapest way
to serve a hovered demand (a ghost line with its cost and turns). Neither plays anything.
"""

from __future__ import annotations

from rail_app.core.i18n import _
from rail_app.games.italian_rails.ai.advice import Adviser
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.ui.base import Core
from rail_app.games.italian_rails.ui.commands import Demand
from rail_app.games.italian_rails.ui.table import Spot, Tone

GHOST_DELAY = 0.15  # seconds the pointer rests on a demand before its way is worked out


class Helping:
    """The controller's part that asks the planner for advice (it owns the adviser)."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.adviser = Adviser()

    def suggesting(self) -> bool:
        """A person plays phase A or B of their turn (a suggestion makes sense)."""
        return self.core.free() and self.core.state.phase in (Phase.MOVE, Phase.BUILD) and bool(
            self.core.state.deck.cards)

    def toggle_suggest(self) -> None:
        """Suggest: show the plan the Hard computer would choose for this player now (or
        hide the one shown)."""
        t = self.core.table
        if t.advice is not None:
            t.advice = None
            return
        if not self.suggesting():
            return
        self.work_out_advice()
        if t.advice is None:
            self.core.say(_("No plan"), _("No demand can be served now: none of the cards' demands "
                     "can be reached with the money in hand"), Tone.INFO, Spot.TOP)

    def work_out_advice(self) -> None:
        t = self.core.table
        version = self.core.session.version
        t.advice = self.adviser.suggest(self.core.state, self.core.viewer(), key=version)
        t.advice_version = version

    def keep_helpers_fresh(self) -> None:
        """After an action the suggestion is worked out again (not while a stroke is being
        drawn); it goes when the turn passes. The hovered demand's way follows the pointer
        once it rests."""
        t = self.core.table
        if t.advice is not None:
            if not self.suggesting() or t.advice.seat != self.core.viewer():
                t.advice = None
            elif t.advice_version != self.core.session.version and not t.pen.active:
                self.work_out_advice()
        hovered = t.hovered
        if not isinstance(hovered, Demand) or not self.core.state.deck.cards:
            t.ghost, t.ghost_key = None, None
            return
        if t.hover_time < GHOST_DELAY:
            return
        key = (self.core.session.version, self.core.viewer(), hovered.commodity, hovered.city)
        if key != t.ghost_key:
            t.ghost_key = key
            t.ghost = self.adviser.demand_route(self.core.state, self.core.viewer(), hovered.commodity,
                                                hovered.city, key=self.core.session.version)
