"""Building on Steam's screen: the pen, taking a stroke back, ending the build, and placing
Urban Growth and a New City: the controller's building part.

A left press on a hex starts a stroke; each hex the pointer enters is added (going back over
the last one takes it off) and :func:`~rail_app.games.steam.rules.strokes.plan_stroke`
chooses and quotes each hex's tile on the state the previous ones leave. Releasing lays the
legal steps in order through the session; the first refused step's rule is said where it
is. Taking a stroke back plays the game again without its actions (Steam's rules have no
take-back of their own).
"""

from __future__ import annotations

from rail_app.core.i18n import _, dollars, ngettext, number
from rail_app.games.steam.rules import build as build_rules
from rail_app.games.steam.rules.actions import EndBuild, PlaceNewCity, UrbanGrowth
from rail_app.games.steam.rules.board import Colour
from rail_app.games.steam.rules.money import STEP
from rail_app.games.steam.rules.quotes import Violation
from rail_app.games.steam.rules.state import GameState, Step
from rail_app.games.steam.rules.strokes import TileChoice, plan_stroke
from rail_app.games.steam.ui import words
from rail_app.games.steam.ui.core import Core
from rail_app.games.steam.ui.table import Mode, Pen

PEN_STEP = 4  # pixels between the points of a fast stroke looked at for hexes


class Building:
    def __init__(self, core: Core) -> None:
        self.core = core

    # -- the pen ------------------------------------------------------------------------------
    def pen_down(self, h: int) -> None:
        t = self.core.table
        t.pen = Pen([self.core.state.key(h)], [], True)
        self.replan()

    def pen_move(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        """The pointer moved from ``a`` to ``b``: every hex it crossed joins the stroke
        (going back over the stroke's last hex takes it off)."""
        steps = max(1, int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) / PEN_STEP))
        changed = False
        board = self.core.state.board
        hexes = self.core.table.pen.hexes
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
            h = self.core.map.hex_at(p)
            if h is None:
                continue
            k = board.key(h)
            if k == hexes[-1]:
                continue
            if len(hexes) >= 2 and k == hexes[-2]:
                hexes.pop()
                changed = True
                continue
            last = board.hex_index(hexes[-1])
            if last is None or h not in board.nb[last] or k in hexes:
                continue
            hexes.append(k)
            changed = True
        if changed:
            self.replan()

    def replan(self) -> None:
        pen = self.core.table.pen
        pen.choices = plan_stroke(self.core.state, pen.hexes, self.core.session.actor)
        pen.version = self.core.session.version

    def cancel(self) -> None:
        self.core.table.pen = Pen()

    def pen_up(self) -> None:
        """Lay the stroke's legal tiles in order; say the first refused one's rule."""
        t = self.core.table
        pen = t.pen
        t.pen = Pen()
        done = 0
        for c in pen.choices:
            if c.action is None or c.quote is None or not c.quote.ok:
                continue
            # each tile as the stroke quoted it, on the state the ones before it leave
            q = self.core.session.apply_quoted(c.quote, pen.version + done)
            if not q.ok:
                self.core.say(words.refusal(q.violations[0]), t.pointer)
                break
            done += 1
        refused = next((c for c in pen.choices if not c.ok), None)
        if refused is not None:
            h = self.core.state.board.hex_index(refused.hex)
            at = self.core.map.centre_px(h) if h is not None else t.pointer
            self.core.say(choice_reason(refused), (round(at[0]), round(at[1])))
        if done:
            t.strokes.append(done)
            self.core.host.sounds.play("squeak")

    def take_back(self) -> None:
        """Take back the last stroke of this build (the game replayed without it)."""
        t = self.core.table
        person = self.core.person_to_act()
        if not person or self.core.state.step is not Step.BUILD or not t.strokes:
            if person and self.core.state.step is Step.BUILD:
                self.core.say(_("Nothing to take back in this build"), t.pointer, bad=False)
            return
        self.core.take_back(t.strokes.pop())

    def end_build(self) -> None:
        t = self.core.table
        t.pen = Pen()
        t.mode = Mode.DRAW
        self.core.do(EndBuild())

    def pen_label(self) -> str:
        return pen_label(self.core.state, self.core.session.actor, self.core.table.pen)

    # -- Urban Growth and New Cities ----------------------------------------------------------
    def toggle_mode(self, mode: Mode) -> None:
        t = self.core.table
        t.mode = Mode.DRAW if t.mode is mode else mode
        t.space = None
        t.city_colour = None

    def choose_space(self, index: int) -> None:
        self.core.table.space = index

    def choose_colour(self, colour: Colour) -> None:
        self.core.table.city_colour = colour

    def place(self, h: int) -> None:
        """The click on the map that places Urban Growth's set on a city, or a New City on
        a town."""
        t = self.core.table
        st = self.core.state
        key = st.key(h)
        space = t.space
        if t.mode is Mode.GROWTH:
            if space is None:
                self.core.say(_("Choose a reserve space first (in the panel)"), t.pointer)
                return
            q = self.core.do(UrbanGrowth(key, space))
        else:
            colour = t.city_colour
            if colour is None:
                self.core.say(_("Choose the New City's colour first (in the panel)"),
                              t.pointer)
                return
            if space is None and any(sum(s) for s in st.reserve):
                self.core.say(_("Choose a reserve space first (in the panel)"), t.pointer)
                return
            q = self.core.do(PlaceNewCity(key, colour, space))
        if q.ok:
            t.mode, t.space = Mode.DRAW, None


def stroke_cost(pen: Pen) -> tuple[int, int]:
    """The stroke's cost and its tile actions (legal steps only)."""
    cost = n = 0
    for c in pen.choices:
        if c.action is not None and c.quote is not None and c.quote.ok:
            cost += c.quote.cost
            n += 1
    return cost, n


def pen_label(st: GameState, seat: int, pen: Pen) -> str:
    """The running cost beside the pen: the stroke's price, its tiles against the turn's
    limit, the cash, and what would be borrowed."""
    cost, n = stroke_cost(pen)
    bt = st.build
    used = bt.used if bt is not None else 0
    limit = build_rules.tile_limit(st, seat)
    cash = st.players[seat].cash
    text = _("+{cost} for {tiles} ({used} of {limit} used); cash {cash}").format(
        cost=dollars(cost), tiles=ngettext("{n} tile", "{n} tiles", n).format(n=number(n)),
        used=number(used + n), limit=number(limit), cash=dollars(cash))
    if cost > cash:
        text = _("{text}; borrows {amount}").format(
            text=text, amount=dollars(-(-(cost - cash) // STEP) * STEP))
    return text


def choice_reason(c: TileChoice) -> str:
    """Why the pen's step ``c`` is refused, with its rule."""
    if c.quote is not None and c.quote.violations:
        return words.refusal(c.quote.violations[0])
    if c.rule:
        return words.refusal(Violation(c.rule, c.reason))
    return c.reason
