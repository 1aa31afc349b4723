"""The side panel: the players, the build budget, the train and its loads, the card and load
actions at the train's city, the events in force, and the cards (the viewer's private
cards, the opponent's, the public pool).

It is laid out and painted into a picture when what it shows changes (in the scene's
update, never while drawing); text wraps instead of being cut. It scrolls with the wheel
when it holds more than fits, and its card sections fold to one line.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from rail_app.core.i18n import N_, _, money_millions, ngettext, number, pgettext
from rail_app.games.italian_rails.rules import cards as rc
from rail_app.games.italian_rails.rules import events as rev
from rail_app.games.italian_rails.rules import movement
from rail_app.games.italian_rails.rules.actions import (
    Action,
    BoardFerry,
    Deliver,
    Drop,
    Lock,
    PickUp,
)
from rail_app.games.italian_rails.rules.cards import majors_joined
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.rules.words import card_words, locomotive, refusal
from rail_app.games.italian_rails.ui.cards import card_height, paint_card
from rail_app.games.italian_rails.ui.choices import action_label, done_label
from rail_app.games.italian_rails.ui.commands import Demand, Play, ToggleSection
from rail_app.games.italian_rails.ui.ctx import Ctx
from rail_app.games.italian_rails.ui.ink import mix
from rail_app.games.italian_rails.ui.maprender import font
from rail_app.games.italian_rails.ui.palette import GAUGE_BG as GAUGE_BG
from rail_app.games.italian_rails.ui.palette import HERE_GLOW as HERE_GLOW
from rail_app.games.italian_rails.ui.palette import SCROLL_BAR as SCROLL_BAR
from rail_app.games.italian_rails.ui.palette import SECTION_LIT as SECTION_LIT
from rail_app.games.italian_rails.ui.palette import WARN_BG as WARN_BG
from rail_app.games.italian_rails.ui.palette import WHITE as WHITE
from rail_app.games.italian_rails.ui.widgets import Look, Widget, button_height, lines_for, paint
from rail_app.ui import hud


@dataclass
class Column:
    """Painting the panel top to bottom: a cursor, the widgets placed, the panel's offset
    on the screen and how far it is scrolled."""

    surface: pygame.Surface
    ctx: Ctx
    x: int
    width: int
    y: int
    offset: tuple[int, int]
    widgets: list[Widget] = field(default_factory=list)

    def text(self, text: str, size: int, colour: tuple[int, int, int] = hud.TEXT,
             bold: bool = False, indent: int = 0) -> None:
        """Wrapped text: every word shown, in as many lines as it takes."""
        lh = font(size, bold).get_linesize()
        for line in lines_for(text, size, self.width - indent, bold):
            hud.label(self.surface, line, (self.x + indent, self.y), size, colour, bold=bold)
            self.y += lh

    def height(self, text: str, size: int, bold: bool = False, indent: int = 0) -> int:
        """The height :meth:`text` would take."""
        n = len(lines_for(text, size, self.width - indent, bold))
        return n * font(size, bold).get_linesize()

    def title(self, text: str, size: int, section: str | None = None,
              folded: bool = False, right: str = "") -> None:
        """A section's title (with ``right`` in small type at its right); with ``section``
        it folds and unfolds the section."""
        self.y += self.ctx.px(6)
        lh = font(size + 1, True).get_linesize()
        if right:
            hud.label(self.surface, right, (self.x + self.width, self.y + self.ctx.px(3)),
                      size - 2, hud.MUTED, anchor="topright")
        if section is not None:  # a small triangle: down when open, right when folded
            cx, cy, k = self.x + self.width - self.ctx.px(6), self.y + lh // 2, self.ctx.px(5)
            tri = [(cx - k, cy - k), (cx + k, cy), (cx - k, cy + k)] if folded else \
                [(cx - k, cy - k // 2), (cx + k, cy - k // 2), (cx, cy + k)]
            pygame.draw.polygon(self.surface, hud.MUTED, tri)
            r = pygame.Rect(self.x, self.y, self.width, lh)
            self.widgets.append(Widget(r.move(self.offset), ToggleSection(section),
                                       look=Look.AREA,
                                       tip=_("Show this section") if folded else _("Fold this section")))
        room = self.width - self.ctx.px(16) - (font(size - 2).size(right)[0] if right else 0)
        for line in lines_for(text, size + 1, room, True):
            hud.label(self.surface, line, (self.x, self.y), size + 1, hud.TEXT, bold=True)
            self.y += lh
        self.y += self.ctx.px(2)


def paint_side(ctx: Ctx, size: tuple[int, int], screen_at: tuple[int, int],
               scroll: int) -> tuple[pygame.Surface, list[Widget], int]:
    """The panel's picture, its widgets (screen pixels, only the visible ones) and the
    height of its content."""
    px = ctx.px
    surface = pygame.Surface(size).convert() if pygame.display.get_surface() else \
        pygame.Surface(size)
    surface.fill(hud.PANEL)
    w, h = size
    col = Column(surface, ctx, px(12), w - px(24), px(8) - scroll,
                 (screen_at[0], screen_at[1]))
    fs = px(14)
    _players(col, fs)
    if ctx.cards:
        _train(col, fs)
        _actions(col, fs)  # before the loads: the buttons keep their places (see Slots)
        _loads(col, fs)
        _events(col, fs)
        _cards(col, fs)
    content = col.y + scroll + px(10)
    visible = pygame.Rect(screen_at, size)
    widgets = []
    for wd in col.widgets:
        r = wd.rect.clip(visible)
        if r.h >= min(wd.rect.h, px(10)):
            widgets.append(wd)
    for wd in widgets:
        if wd.look is not Look.AREA:
            paint(surface, Widget(wd.rect.move(-screen_at[0], -screen_at[1]), wd.command,
                                  wd.label, wd.enabled, wd.tip, wd.look, wd.selected,
                                  wd.hover, wd.colour, wd.size),
                  ctx.table.hovered == wd.key)
    if content > h:  # a thin scroll bar
        bh = max(px(30), round(h * h / content))
        by = round(scroll / max(1, content - h) * (h - bh))
        pygame.draw.rect(surface, SCROLL_BAR, (w - px(5), by, px(4), bh),
                         border_radius=px(2))
    pygame.draw.line(surface, hud.PANEL_EDGE, (0, 0), (0, h))
    return surface, widgets, content


def _players(col: Column, fs: int) -> None:
    ctx, px, s = col.ctx, col.ctx.px, col.surface
    st = ctx.state
    for i, p in enumerate(st.players):
        ink = ctx.ink(i)
        sw = pygame.Rect(col.x, col.y + px(5), px(30), px(11))
        pygame.draw.rect(s, ink.colour, sw, border_radius=px(5))
        if ink.pattern == "dots":
            for k in range(3):
                pygame.draw.circle(s, mix(ink.colour, WHITE, 0.7),
                                   (sw.x + px(6) + k * px(9), sw.centery), max(1, px(2)))
        seat = ctx.session.setup.seats[i]
        turn = _(" (to play)") if i == st.current and not ctx.session.over else ""
        if seat.computer:
            turn = _(" (computer){turn}").format(turn=turn)
        shown = ctx.cash_shown(i)
        cash = money_millions(p.cash) if shown else _("cash hidden")
        cw = font(fs + 1, shown).size(cash)[0]
        hud.label(s, cash, (col.x + col.width, col.y), fs + 1,
                  hud.TEXT if shown else hud.MUTED, bold=shown, anchor="topright")
        name_w = col.width - px(38) - cw - px(8)
        for line in lines_for(p.name + turn, fs + 1, name_w, True):
            hud.label(s, line, (col.x + px(38), col.y), fs + 1, hud.TEXT, bold=True)
            col.y += font(fs + 1, True).get_linesize()
        loco = st.rules.locomotives.get(p.loco)
        parts = [locomotive(p.loco) + (f" {loco.speed}/{loco.capacity}" if loco and ctx.cards
                                       else ""),
                 ngettext("{n} segment", "{n} segments", len(p.track)).format(
                     n=number(len(p.track)))]
        if ctx.cards:
            parts.append(ngettext("{n} delivery", "{n} deliveries", p.deliveries).format(
                n=number(p.deliveries)))
        col.text(" · ".join(parts), fs - 2, hud.MUTED, indent=px(10))
        if p.lose_turns:
            col.text(_("loses the next turn (T4)"), fs - 1, hud.RED, indent=px(10))
        if ctx.cards and (i == ctx.viewer or shown):
            _goal(col, fs, i, shown)
        if i == st.current:
            _build_meter(col, fs)
        col.y += px(4)
    if st.end_triggered_by is not None and not ctx.session.over:
        who = st.players[st.end_triggered_by].name
        why = (_("{who} has reached the goal; the game ends when both players have had the same number of turns (W1)").format(who=who))
        h = col.height(_("Last round!"), fs, True, px(8)) + col.height(why, fs - 1, False, px(8))
        pygame.draw.rect(s, SECTION_LIT, (col.x, col.y, col.width, h + px(8)),
                         border_radius=px(6))
        col.y += px(4)
        col.text(_("Last round!"), fs, hud.AMBER, bold=True, indent=px(8))
        col.text(why, fs - 1, hud.TEXT, indent=px(8))
        col.y += px(8)


def _build_meter(col: Column, fs: int) -> None:
    """The building of this phase against its limit (K7), in the row of the player who
    builds, so that it reads as theirs."""
    ctx, px, s = col.ctx, col.ctx.px, col.surface
    st = ctx.state
    if st.phase is not Phase.BUILD or st.pending is not None:
        return
    budget = st.rules.build_budget
    frac = min(1.0, st.phase_spent / max(1, budget))
    label = _("built {phase_spent}/{budget}").format(phase_spent=st.phase_spent, budget=money_millions(budget))
    lw = font(fs - 1).size(label)[0]
    bar = pygame.Rect(col.x + px(10), col.y + px(5), col.width - lw - px(22), px(10))
    pygame.draw.rect(s, GAUGE_BG, bar, border_radius=px(5))
    colour = hud.AMBER if st.phase_spent >= budget - 4 else ctx.ink(st.current).colour
    pygame.draw.rect(s, colour, (bar.x, bar.y, round(bar.w * frac), bar.h),
                     border_radius=px(5))
    hud.label(s, label, (col.x + col.width, col.y), fs - 1, hud.MUTED, anchor="topright")
    col.y += px(22)


def goal_words(ctx: Ctx, seat: int, shown: bool) -> tuple[str, str]:
    """The win tracker's words for ``seat`` (W1): how many major cities its network joins
    (its tooltip), and its cash against the winning cash when that cash may be shown."""
    st = ctx.state
    joined = majors_joined(st, seat)
    total = len(st.board.majors)
    head = ngettext("Win (W1): {n} of {total} major city joined",
                    "Win (W1): {n} of {total} major cities joined", total).format(
                        n=number(len(joined)), total=number(total))
    cash = _("{cash}/{goal}").format(cash=number(st.players[seat].cash),
                                     goal=money_millions(st.rules.win_cash)) if shown else ""
    return head, cash


def _goal(col: Column, fs: int, seat: int, shown: bool) -> None:
    """The win in sight (W1), in one row: the major cities, ticked where the seat's network
    joins them, and its cash against the winning cash with a thin gauge under the row (when
    its cash may be shown); the row's tooltip says it in words."""
    ctx, px, s = col.ctx, col.ctx.px, col.surface
    st = ctx.state
    joined = set(majors_joined(st, seat))
    head, cash = goal_words(ctx, seat, shown)
    size = fs - 3
    x0 = col.x + px(10)
    lh = font(size).get_linesize()
    top = col.y
    right = col.x + col.width
    if cash:
        hud.label(s, cash, (right, col.y), size, hud.MUTED, anchor="topright")
        right -= font(size).size(cash)[0] + px(8)
    x = x0
    r = max(3, px(4))
    colour = ctx.ink(seat).colour
    for m in st.board.majors:
        w = r * 2 + px(3) + font(size, m.name in joined).size(m.name)[0] + px(7)
        if x + w > right and x > x0:
            x = x0
            col.y += lh
        centre = (x + r, col.y + lh // 2)
        if m.name in joined:
            pygame.draw.circle(s, colour, centre, r)
            pygame.draw.line(s, WHITE, (centre[0] - r // 2, centre[1]),
                             (centre[0] - r // 6, centre[1] + r // 2), max(1, px(2)))
            pygame.draw.line(s, WHITE, (centre[0] - r // 6, centre[1] + r // 2),
                             (centre[0] + r // 2, centre[1] - r // 2), max(1, px(2)))
        else:
            pygame.draw.circle(s, hud.MUTED, centre, r, max(1, px(1)))
        hud.label(s, m.name, (x + 2 * r + px(3), col.y), size,
                  hud.TEXT if m.name in joined else hud.MUTED, bold=m.name in joined)
        x += w
    col.y += lh
    if cash:
        win = max(1, st.rules.win_cash)
        frac = max(0.0, min(1.0, st.players[seat].cash / win))
        bar = pygame.Rect(x0, col.y, col.x + col.width - x0, max(2, px(3)))
        pygame.draw.rect(s, GAUGE_BG, bar)
        pygame.draw.rect(s, hud.GREEN if frac >= 1 else colour,
                         (bar.x, bar.y, round(bar.w * frac), bar.h))
        col.y += bar.h
    area = pygame.Rect(x0, top, col.x + col.width - x0, col.y - top)
    tip = head + (" \u00b7 " + _("cash {cash} of {goal}").format(
        cash=money_millions(st.players[seat].cash),
        goal=money_millions(st.rules.win_cash)) if cash else "")
    col.widgets.append(Widget(area.move(col.offset), None, look=Look.AREA, tip=tip))
    col.y += px(2)


def _train(col: Column, fs: int) -> None:
    ctx, px = col.ctx, col.ctx.px
    st = ctx.state
    viewer = ctx.viewer
    p = st.players[viewer]
    board = st.board
    cap = rc.capacity(st, viewer)
    col.title(_("{name}'s train").format(name=p.name), fs, right=_("{n} of {cap} places free").format(n=cap - len(p.loads), cap=cap))
    if p.aboard is not None:
        where = _("On the {name} ferry: lands next turn, at half speed (M5)").format(name=board.ferries[p.aboard].name)
    elif p.position is None:
        where = _("Not on the map yet (M1)")
    else:
        where = _("At {place_name}").format(place_name=board.place_name(p.position))
    cause = ""
    if st.phase is Phase.MOVE and viewer == st.current and p.position is not None:
        left = movement.moves_left(st, viewer)
        full = movement.base_speed(st, viewer)
        cause = movement.slow_cause(st, viewer)
        where += _(" · moves left {left} of {full}").format(left=left, full=full)
    col.text(where, fs - 1, hud.AMBER if cause else hud.TEXT, indent=px(8))
    if cause:
        col.text(_("Half speed: {cause}").format(cause=cause), fs - 1, hud.AMBER, indent=px(8))


def _loads(col: Column, fs: int) -> None:
    """The loads on the viewer's train (a locked one lights up its cities when hovered)."""
    ctx, px, s = col.ctx, col.ctx.px, col.surface
    st = ctx.state
    viewer = ctx.viewer
    p = st.players[viewer]
    if p.loads:
        col.y += px(4)
        col.text(_("Loads on the train"), fs - 1, hud.MUTED, bold=True, indent=px(8))
    lh = font(fs - 1).get_linesize()
    for load in p.loads:
        cube = pygame.Rect(col.x + px(8), col.y + (lh - px(11)) // 2, px(11), px(11))
        pygame.draw.rect(s, ctx.ink(viewer).colour, cube)
        pygame.draw.rect(s, hud.TEXT, cube, 1)
        top = col.y
        if load.card is not None and load.demand is not None:
            d = st.deck.card(load.card).demands[load.demand]
            col.text(_("{commodity} for {city} {payoff} (card {card})").format(commodity=pgettext("commodity", load.commodity), city=d.city, payoff=money_millions(d.payoff), card=load.card), fs - 1,
                     indent=px(24))
            r = pygame.Rect(col.x, top, col.width, col.y - top)
            demand = Demand(d.commodity, d.city)
            if ctx.table.hovered == demand:
                s.blit(_tint(r.size), r)
            col.widgets.append(Widget(r.move(col.offset), None, hover=demand, look=Look.AREA))
        else:
            col.text(_("{commodity}, unlocked").format(commodity=pgettext("commodity", load.commodity)), fs - 1, indent=px(24))


def _tint(size: tuple[int, int]) -> pygame.Surface:
    t = pygame.Surface(size, pygame.SRCALPHA)
    t.fill(HERE_GLOW)
    return t


def _actions(col: Column, fs: int) -> None:
    """The card and load actions where the train stands, in stable places (see Slots)."""
    ctx, px = col.ctx, col.ctx.px
    st = ctx.state
    slots = ctx.table.slots.actions
    if not (ctx.viewer == st.current and ctx.free and st.phase.in_turn and slots):
        return
    col.y += px(4)  # right under the train's place: the buttons are what it may do there
    done = {act for who, act in st.history[ctx.table.slots.since:] if who == st.current}
    for a in slots:
        q = ctx.session.quote(a)
        label = action_label(st, a)
        if not q.ok and a in done:  # done here: it says so, not why it cannot be done again
            label = done_label(st, a)
        elif isinstance(a, BoardFerry) and not q.ok:  # why not, in plain sight (M5, E5, K8)
            reason = refusal(st.board, q)
            label += ": " + reason[:1].lower() + reason[1:]
        hb = button_height(label, col.width, fs - 1, px(1), isinstance(a, Deliver))
        r = pygame.Rect(col.x, col.y, col.width, hb)
        if q.ok:
            tip = _(ACTION_TIPS[type(a)]) if type(a) in ACTION_TIPS else ""
        elif a in done:
            tip = _(DONE_TIPS[type(a)]) if type(a) in DONE_TIPS else ""
        else:
            tip = refusal(st.board, q)
        look = Look.PRIMARY if isinstance(a, Deliver) else Look.BUTTON
        col.widgets.append(Widget(r.move(col.offset), Play(a), label, q.ok, tip, look,
                                  hover=_demand_of(ctx, a), colour=ctx.ink(st.current).colour,
                                  size=fs - 1))
        col.y += hb + px(4)


ACTION_TIPS: dict[type[Action], str] = {
    BoardFerry: N_("The train lands at the other port next turn, at half speed (M5)"),
    Deliver: N_("The payoff is paid at once; the card is discarded (C5)"),
    Drop: N_("An unlocked load may be dropped at any city (C3)"),
}


DONE_TIPS: dict[type[Action], str] = {
    Deliver: N_("Delivered here this turn: the payoff was paid and the card discarded (C5)"),
    PickUp: N_("Picked up here this turn; it is on the train (C3)"),
    Lock: N_("Locked this turn: the load goes to this demand (C3)"),
    Drop: N_("Dropped here this turn (C3)"),
    BoardFerry: N_("The train is on the ferry: it lands at the other port next turn (M5)"),
}


def _demand_of(ctx: Ctx, a: Action) -> Demand | None:
    if isinstance(a, Lock | Deliver) or (isinstance(a, PickUp) and a.card is not None):
        card, demand = a.card, a.demand
        if card is not None and demand is not None:
            d = ctx.state.deck.card(card).demands[demand]
            return Demand(d.commodity, d.city)
    return None


def _events(col: Column, fs: int) -> None:
    ctx, px, s = col.ctx, col.ctx.px, col.surface
    st = ctx.state
    if not st.events:
        return
    folded = "events" in ctx.table.folded
    col.title(_("Events in force ({n})").format(n=len(st.events)), fs, "events", folded)
    if folded:
        return
    for ev in rev.events_in_force_summary(st):
        card = st.deck.cards.get(int(ev["card"]))
        title = card_words(st.board, card)[0] if card is not None else str(ev["title"])
        expires = str(ev["expires"])
        h = col.height(title, fs, True, px(6)) + col.height(expires, fs - 2, False, px(6))
        pygame.draw.rect(s, WARN_BG, (col.x, col.y, col.width, h + px(6)),
                         border_radius=px(5))
        col.y += px(3)
        col.text(title, fs, hud.RED, bold=True, indent=px(6))
        col.text(expires, fs - 2, hud.MUTED, indent=px(6))
        col.y += px(7)


def _cards(col: Column, fs: int) -> None:
    ctx, px = col.ctx, col.ctx.px
    st = ctx.state
    me = st.players[ctx.viewer]
    sections = [("mine", _("{name}'s cards (private)").format(name=me.name), list(me.private)),
                ("pool", _("Public pool"), list(st.pool))]
    if st.phase is not Phase.SETUP:  # C2: both players' cards are revealed once chosen
        them = st.players[1 - ctx.viewer]
        sections.append(("theirs", _("{name}'s cards (private)").format(name=them.name), list(them.private)))
    for key, title, numbers in sections:
        folded = key in ctx.table.folded
        col.title(f"{title} · {len(numbers)}" if folded else title, fs, key, folded)
        if folded:
            continue
        if not numbers:
            col.text(_("none"), fs - 1, hud.MUTED, indent=px(8))
        for n in numbers:
            if n not in st.deck.cards:
                continue
            h = card_height(ctx, n, col.width, fs - 1)
            rect = pygame.Rect(col.x, col.y, col.width, h)
            col.widgets += paint_card(col.surface, ctx, n, rect, fs - 1, col.offset)
            col.y += h + px(4)
