"""The top bar (whose turn, the phase, money, the locomotive; the menu) and the phase's
buttons at the bottom right (end the phase, erase, upgrade, swap demands, borrow).

A button is offered only where the game has it (the building-only practice has no train,
so no locomotive to upgrade and no demands to swap) and is enabled only when the engine's
quote of its action is legal, so every enabled button works (UX.md "Words a player reads").
"""

from __future__ import annotations

import pygame

from rail_app.core.i18n import N_, _, money_millions
from rail_app.games.italian_rails.rules import movement
from rail_app.games.italian_rails.rules.actions import (
    EndPhase,
    EndTurn,
    SwapDemands,
    TakeBack,
    TakeLoan,
    UpgradeLoco,
)
from rail_app.games.italian_rails.rules.quotes import Quote
from rail_app.games.italian_rails.rules.state import VARIANT_LOANS, Phase
from rail_app.games.italian_rails.rules.words import locomotive, refusal
from rail_app.games.italian_rails.ui.commands import Intent, Play
from rail_app.games.italian_rails.ui.ctx import Ctx
from rail_app.games.italian_rails.ui.maprender import font
from rail_app.games.italian_rails.ui.widgets import Look, Widget
from rail_app.ui import hud

PHASE_NAMES = {Phase.BUILD: N_("BUILD"), Phase.MOVE: N_("MOVE"), Phase.SETUP: N_("CHOOSING CARDS"),
               Phase.SWAPPED: N_("DEMANDS SWAPPED"), Phase.OVER: N_("GAME OVER")}
END_WORDS = {Phase.MOVE: (N_("End move"), N_("End the move phase and start building (Enter)")),
             Phase.SWAPPED: (N_("End turn"), N_("End the turn: the demands are swapped (C6, Enter)"))}
END_BUILD = (N_("End build"), N_("Pay for this phase's track and end the turn (K10, Enter)"))


def top_widgets(ctx: Ctx) -> list[Widget]:
    px = ctx.px
    top = ctx.rects.top
    h = top.h - px(8)
    y = top.y + px(4)
    menu = pygame.Rect(top.right - px(110), y, px(100), h)
    helpb = pygame.Rect(menu.x - px(54), y, px(44), h)
    side = pygame.Rect(helpb.x - px(44), y, px(34), h)
    out = [
        Widget(side, Intent.TOGGLE_SIDE, ">" if ctx.table.side_open else "<",
               tip=_("Hide the side panel") if ctx.table.side_open else _("Show the side panel")),
        Widget(helpb, Intent.HELP, "?", tip=_("Controls and rules (F1)")),
        Widget(menu, Intent.OPEN_MENU, _("Menu"), tip=_("Save, load, settings (Esc)")),
    ]
    st = ctx.state
    if ctx.cards and st.phase in (Phase.MOVE, Phase.BUILD):
        shown = ctx.table.advice is not None
        out.insert(0, Widget(pygame.Rect(side.x - px(118), y, px(108), h), Intent.SUGGEST,
                             _("Hide plan") if shown else _("Suggest"), ctx.free,
                             _("Hide the suggested plan") if shown else
                             _("Show the plan the Hard computer would choose for you now: "
                             "demands, where to pick up and deliver, track to build"),
                             selected=shown))
    return out


def top_text(ctx: Ctx) -> list[str]:
    """The top bar's words, most important first (the bar shows as many as fit)."""
    st = ctx.state
    me = st.players[st.current]
    parts = [_("{name}'s turn {n} · game turn {turn}").format(name=me.name, n=me.turns_taken + 1, turn=st.turn),
             _(PHASE_NAMES[st.phase])]
    if st.phase is Phase.BUILD:
        parts.append(_("spent {phase_spent}/{build_budget}").format(phase_spent=st.phase_spent, build_budget=money_millions(st.rules.build_budget)))
    elif st.phase is Phase.MOVE and me.position is not None and ctx.cards:
        parts.append(_("moves {moves_left}").format(moves_left=movement.moves_left(st, st.current)))
    parts.append(_("cash {cash}").format(cash=money_millions(me.cash)) if ctx.cash_shown(st.current) else _("cash hidden"))
    loco = st.rules.locomotives.get(me.loco)
    if loco is not None and ctx.cards:
        parts.append(f"{locomotive(me.loco)} {loco.speed}/{loco.capacity}")
    return parts


def paint_top(surface: pygame.Surface, ctx: Ctx, thinking: str) -> None:
    """The top bar (its buttons are painted with the other widgets)."""
    px = ctx.px
    top = ctx.rects.top
    st = ctx.state
    pygame.draw.rect(surface, hud.PANEL, top)
    pygame.draw.line(surface, hud.PANEL_EDGE, top.bottomleft, top.bottomright)
    cy = top.centery
    pygame.draw.circle(surface, ctx.ink(st.current).colour, (px(22), cy), px(8))
    x = px(38)
    room = top.right - px(340 if ctx.cards else 220) - x
    size = px(17)
    parts = top_text(ctx)
    while len(parts) > 2 and font(size, True).size("  ·  ".join(parts))[0] > room:
        parts.pop()
    r = hud.label(surface, "  ·  ".join(parts), (x, cy), size, hud.TEXT, bold=True,
                  anchor="midleft")
    note, colour = "", hud.MUTED
    if thinking:
        note, colour = thinking, hud.AMBER
    elif ctx.free and st.phase is Phase.MOVE and ctx.cards:
        me = st.players[st.current]
        note = (_("click a city to place your train") if me.position is None
                else _("click a dot: route preview; click again to go"))
    if note and font(px(14), True).size(note)[0] <= room - r.w - px(16):
        hud.label(surface, note, (r.right + px(16), cy), px(14), colour, bold=bool(thinking),
                  anchor="midleft")


def bottom_widgets(ctx: Ctx) -> list[Widget]:
    """The phase's buttons, right-aligned in the bottom bar: two rows beside an open
    history, one row otherwise."""
    px = ctx.px
    st = ctx.state
    session = ctx.session
    building = ctx.free and st.phase is Phase.BUILD
    ink = ctx.ink(st.current).colour
    end_text, end_tip = (_(w) for w in END_WORDS.get(st.phase, END_BUILD))
    end_action = EndPhase() if st.phase is Phase.MOVE else EndTurn()
    end_q = session.quote(end_action)
    first: list[tuple[int, Widget]] = []
    if ctx.cards:
        swap = session.quote(SwapDemands())
        first.append((160, Widget(pygame.Rect(0, 0, 0, 0), Intent.ASK_SWAP, _("Swap demands…"),
                                  ctx.free and swap.ok, _tip(ctx, swap,
                                  _("Discard three unlocked public cards and draw three new "
                                  "ones; replaces this turn (C6)")))))
        ups = [session.quote(UpgradeLoco(to)) for (frm, to) in st.rules.upgrades
               if frm == st.players[st.current].loco]
        can = building and any(q.ok for q in ups)
        what = _("Buy a better locomotive (K9)")
        refused = next((q for q in ups if not q.ok), None)
        if can or not ctx.free:
            tip = what
        elif refused is not None:
            tip = _tip(ctx, refused, what)
        else:
            tip = _("{what}. Not now: No better locomotive exists (K9)").format(what=what)
        first.append((130, Widget(pygame.Rect(0, 0, 0, 0), Intent.OPEN_UPGRADE, _("Upgrade…"), can,
                                  tip)))
    if st.variant(VARIANT_LOANS) and ctx.cards:
        loan = session.quote(TakeLoan())
        first.append((150, Widget(pygame.Rect(0, 0, 0, 0), Play(TakeLoan()),
                                  _("Borrow {loan_amount}").format(loan_amount=money_millions(st.rules.loan_amount)), ctx.free and loan.ok,
                                  _tip(ctx, loan, _("Take a loan (V2)")))))
    fresh = bool(st.phase_built or st.phase_ferries)
    if st.phase is Phase.MOVE and ctx.cards:  # the train's last move may be taken back
        back = session.quote(TakeBack())
        second: list[tuple[int, Widget]] = [
            (120, Widget(pygame.Rect(0, 0, 0, 0), Intent.TAKE_BACK, _("Take back"),
                         ctx.free and back.ok, _tip(ctx, back,
                         _("Take back the train's last move, pickup, lock or drop "
                         "(Backspace)"))))]
    else:
        second = [
            (110, Widget(pygame.Rect(0, 0, 0, 0), Intent.ERASE_LAST, _("Erase last"),
                         building and fresh,
                         _("Erase the last segment drawn this phase (Backspace)"))),
            (100, Widget(pygame.Rect(0, 0, 0, 0), Intent.CLEAR_PHASE, _("Clear"),
                         building and fresh, _("Erase everything drawn this phase (K10)")))]
    second += [
        (170, Widget(pygame.Rect(0, 0, 0, 0), Intent.END_PHASE, end_text,
                     ctx.free and end_q.ok, end_tip if end_q.ok or not ctx.free
                     else refusal(st.board, end_q), Look.PRIMARY, colour=ink,
                     size=px(16)))]
    block = ctx.rects.buttons
    bh = px(40)
    gap = px(8)
    rows = [first, second] if ctx.table.history_open else [first + second]
    out: list[Widget] = []
    y = block.bottom - px(10) - len(rows) * bh - (len(rows) - 1) * px(8)
    for row in rows:
        x = block.right - px(10)
        for width, w in reversed(row):
            r = pygame.Rect(x - px(width), y, px(width), bh)
            out.append(Widget(r, w.command, w.label, w.enabled, w.tip, w.look, w.selected,
                              w.hover, w.colour, w.size if w.look is Look.PRIMARY else px(15)))
            x = r.x - gap
        y += bh + px(8)
    return out


def _tip(ctx: Ctx, q: Quote, what: str) -> str:
    """A button's tooltip: what it does, or why it is not possible now (the engine's
    reason, in a player's words)."""
    if q.ok or not ctx.free:
        return what
    return _("{what}. Not now: {refusal}").format(what=what, refusal=refusal(ctx.state.board, q))
