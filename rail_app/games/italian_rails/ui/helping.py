"""Planning helpers: the controller's part that asks the computer opponent's planner for
advice (on what the player may know, :mod:`rail_app.games.italian_rails.ai.advice`): the plan the Hard computer
would choose now ("Suggest", shown as a ghost on the map until hidden) and the cheapest way
to serve a hovered demand (a ghost line with its cost and turns). Neither plays anything.
"""

from __future__ import annotations

from rail_app.core.i18n import _, money_millions
from rail_app.games.italian_rails.ai.advice import Advice, Adviser
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.ui.base import Core
from rail_app.games.italian_rails.ui.commands import Demand, ToggleCard
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
        if t.advice is not None:
            self.bring_into_view(t.advice)
        if t.advice is None:
            from rail_app.games.italian_rails.ui.safety import help_lines

            state = self.core.state
            seat = self.core.viewer()
            text = _("No demand can be served with the money in hand ({cash}). What would "
                     "help:").format(cash=money_millions(state.players[seat].cash))
            self.core.say(_("No plan pays"), " ".join([text, "; ".join(help_lines(state, seat))]),
                          Tone.INFO, Spot.TOP)

    def bring_into_view(self, a: Advice) -> None:
        """Pan the map (zooming out only when they do not fit) so that the train's place and
        the plan's stops are all on the screen, a little in from its edges."""
        cam = self.core.table.camera
        board = cam.board
        dots = [a.route[i] for i in (0, *a.stop_at) if 0 <= i < len(a.route)]
        if not dots:
            return
        margin = max(24.0, cam.dot_px * 2.5)
        inner = cam.rect.inflate(-2 * margin, -2 * margin)
        if all(inner.collidepoint(cam.dot_screen(d)) for d in dots):
            return
        pad = board.layout.spacing * 2.5
        xs = [board.dots[d].x for d in dots]
        ys = [board.dots[d].y for d in dots]
        box = (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
        s = cam.scale
        if (box[2] - box[0]) * s <= cam.rect.w and (box[3] - box[1]) * s <= cam.rect.h:
            cam.centre_on((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        else:
            cam.fit(box)

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
        self.card_help_fresh(hovered)
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

    def card_help_fresh(self, hovered: object) -> None:
        """Choosing the private cards (C2): while the pointer rests on a dealt card, the
        cheapest way to serve each of its demands (supplier, track, cost, turns), drawn on
        the map beside the dialog."""
        t = self.core.table
        state = self.core.state
        if not isinstance(hovered, ToggleCard) or state.phase is not Phase.SETUP:
            t.card_help, t.card_help_key = None, None
            return
        if t.hover_time < GHOST_DELAY:
            return
        seat = self.core.session.actor
        key = (self.core.session.version, seat, hovered.card)
        if key == t.card_help_key:
            return
        t.card_help_key = key
        routes = tuple(self.adviser.demand_route(state, seat, d.commodity, d.city,
                                                 key=self.core.session.version)
                       for d in state.deck.card(hovered.card).demands)
        t.card_help = (hovered.card, routes)
