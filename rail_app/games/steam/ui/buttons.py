"""The buttons of Steam's screen this frame: the top bar's, the menu's, the phase's (each
enabled when the engine's quote of its action allows it; a click on a disabled one says the
refusal), the picked city's deliveries, the reserve's sets and the New City's colours."""

from __future__ import annotations

import pygame

from rail_app.core.i18n import _, dollars, number
from rail_app.games.steam.rules import build as build_rules
from rail_app.games.steam.rules.actions import (
    Action,
    Bid,
    Declare,
    EndBuild,
    ForgoSpecial,
    PassBid,
    PassMove,
    TakePoints,
    UpgradeLocomotive,
)
from rail_app.games.steam.rules.auction import max_bid, min_bid
from rail_app.games.steam.rules.board import COLOURS
from rail_app.games.steam.rules.money import STEP, steps_available
from rail_app.games.steam.rules.state import ActionTile, Special, Step
from rail_app.games.steam.rules.turns import special_cost
from rail_app.games.steam.ui import words
from rail_app.games.steam.ui.commands import (
    ChooseColour,
    ChooseSpace,
    Command,
    Deliver,
    Intent,
    Play,
)
from rail_app.games.steam.ui.layout import Ctx, Px
from rail_app.games.steam.ui.table import Mode
from rail_app.games.steam.ui.widgets import Look, Widget
from rail_app.ui.fonts import font

#: A phase's button: its words, its command, enabled, and why not (the refusal).
Act = tuple[str, Command, bool, str]
ROUTES_SHOWN = 12  # the deliveries listed for a city


def top_bar(ctx: Ctx) -> list[Widget]:
    """Menu, Help and Tracks, from the top bar's right end."""
    fs = ctx.px
    top = ctx.rects.top
    out = []
    x = top.right - fs(8)
    for text, cmd in ((_("Menu"), Intent.MENU), (_("Help (F1)"), Intent.HELP),
                      (_("Tracks and score (T)"), Intent.TRACKS)):
        tw = font(fs(15)).size(text)[0] + fs(20)
        r = pygame.Rect(x - tw, top.y + fs(4), tw, top.h - fs(8))
        out.append(Widget(r, cmd, text, look=Look.SOLID, size=fs(15)))
        x = r.x - fs(8)
    return out


def menu_items() -> list[tuple[str, Intent]]:
    return [(_("Back to the game"), Intent.RESUME), (_("Save game..."), Intent.SAVE),
            (_("Load game..."), Intent.LOAD), (_("Settings"), Intent.SETTINGS),
            (_("Help"), Intent.MENU_HELP), (_("Quit to the main menu"), Intent.QUIT)]


def menu_box(size: tuple[int, int], px: Px) -> pygame.Rect:
    """The in-game menu's box (the games' shared dialog box), in the screen's middle."""
    w, h = size
    box = pygame.Rect(0, 0, px(300), px(40) + len(menu_items()) * px(58))
    box.center = (w // 2, h // 2)
    return box


def menu(ctx: Ctx, size: tuple[int, int]) -> list[Widget]:
    fs = ctx.px
    box = menu_box(size, fs)
    y = box.y + fs(20)
    out = []
    for text, cmd in menu_items():
        out.append(Widget(pygame.Rect(box.x + fs(22), y, box.w - fs(44), fs(48)), cmd, text,
                          look=Look.SOLID, size=fs(15)))
        y += fs(58)
    return out


def special_pending(ctx: Ctx, tile: ActionTile) -> bool:
    st = ctx.state
    seat = ctx.actor
    return (st.tile_of.get(seat) == tile and seat not in st.number_only
            and st.special.get(seat) is Special.PENDING)


def phase_acts(ctx: Ctx) -> list[Act]:
    """The phase's buttons, from the engine's quotes."""
    st = ctx.state
    t = ctx.table
    if not ctx.person_to_act():
        if ctx.session.seat.computer:
            return [(_("Skip (Space)"), Intent.SKIP, True, "")]
        return []
    seat = ctx.actor
    step = st.step
    out: list[Act] = []

    def quoted(action: Action) -> tuple[bool, str]:
        q = ctx.session.quote(action)
        return q.ok, (words.refusal(q.violations[0]) if q.violations else "")

    def play(text: str, action: Action, enabled: bool = True, tip: str = "") -> Act:
        return text, Play(action), enabled, tip

    if step is Step.BID and st.auction is not None:
        lo, hi = min_bid(st.auction), max_bid(st, seat)
        ok, tip = quoted(Bid(t.bid))
        out += [("-", Intent.BID_DOWN, t.bid > lo, ""),
                (_("Bid {amount}").format(amount=dollars(t.bid)), Intent.BID, ok, tip),
                ("+", Intent.BID_UP, t.bid < hi, ""),
                play(_("Pass"), PassBid())]
    elif step is Step.CAPITAL:
        most = steps_available(st.players[seat])
        out += [("-", Intent.CAPITAL_DOWN, t.capital > 0, ""),
                (_("Take {amount} ({n} steps)").format(
                    amount=dollars(t.capital * STEP), n=number(t.capital)),
                 Intent.TAKE_CAPITAL, True, ""),
                ("+", Intent.CAPITAL_UP, t.capital < most, "")]
    elif step is Step.DECLARE:
        tile = st.tile_of.get(seat, 0)
        cost = special_cost(tile) if st.basic else 0
        ok, tip = quoted(Declare(True))
        out += [play(_("Carry out {tile} ({cost})").format(tile=words.tile_name(tile),
                                                          cost=dollars(cost)),
                     Declare(True), ok, tip),
                play(_("Pass"), Declare(False))]
    elif step is Step.BUILD:
        growth = special_pending(ctx, ActionTile.URBAN_GROWTH)
        city = special_pending(ctx, ActionTile.URBANIZATION)
        if growth:
            out.append((_("Urban Growth..."), Intent.GROWTH, build_rules.growth_possible(st),
                        ""))
        if city:
            out.append((_("New City..."), Intent.NEW_CITY, True, ""))
        if not st.basic and (growth or city):
            out.append(play(_("Give it up"), ForgoSpecial()))
        out.append((_("Take back"), Intent.TAKE_BACK, bool(t.strokes), ""))
        ok, tip = quoted(EndBuild())
        out.append((_("End build (Enter)"), Intent.END_BUILD, ok, tip))
    elif step is Step.MOVE:
        p = st.players[seat]
        ok, tip = quoted(UpgradeLocomotive())
        out += [play(_("Upgrade locomotive to {level}").format(level=number(min(6, p.loco + 1))),
                     UpgradeLocomotive(), ok, tip),
                play(_("Pass"), PassMove())]
    elif step is Step.POINTS:
        pts = st.points[0][1] if st.points else 0
        out += [play(_("+{n} income").format(n=number(pts)), TakePoints(True)),
                play(_("+{n} VP").format(n=number(pts)), TakePoints(False))]
    return out


def phase_buttons(ctx: Ctx) -> list[Widget]:
    """The phase's buttons at the right of the bottom bar, from its right end (a second
    row above when they reach its middle)."""
    fs = ctx.px
    bottom = ctx.rects.bottom
    bh = fs(34)
    out = []
    x = bottom.right - fs(10)
    y = bottom.bottom - bh - fs(10)
    for text, cmd, enabled, tip in reversed(phase_acts(ctx)):
        tw = font(fs(15)).size(text)[0] + fs(24)
        r = pygame.Rect(x - tw, y, tw, bh)
        if r.x < bottom.x + bottom.w // 2:  # a second row
            x = bottom.right - fs(10)
            y -= bh + fs(6)
            r = pygame.Rect(x - tw, y, tw, bh)
        out.append(Widget(r, cmd, text, enabled, tip, Look.SOLID, size=fs(15)))
        x = r.x - fs(8)
    return out


def route_top(ctx: Ctx) -> int:
    return ctx.rects.side.y + ctx.px(40)


def reserve_top(ctx: Ctx) -> int:
    return ctx.rects.side.y + ctx.px(60)


def side(ctx: Ctx) -> list[Widget]:
    """The side panel's rows: the picked city's deliveries, or the reserve's sets and the
    New City's colours while Urban Growth or a New City is placed."""
    fs = ctx.px
    st = ctx.state
    t = ctx.table
    panel = ctx.rects.side
    out: list[Widget] = []
    if t.picked is not None and st.step is Step.MOVE:
        y = route_top(ctx)
        rh = fs(40)
        for i, _r in enumerate(t.routes[:ROUTES_SHOWN]):
            out.append(Widget(pygame.Rect(panel.x + fs(8), y, panel.w - fs(16), rh - fs(4)),
                              Deliver(i), look=Look.AREA))
            y += rh
        return out
    if t.mode is Mode.DRAW:
        return out
    y = reserve_top(ctx)
    size = fs(26)
    x = panel.x + fs(10)
    for i, sp in enumerate(st.reserve):
        out.append(Widget(pygame.Rect(x, y, size * 2, size), ChooseSpace(i), "",
                          bool(sum(sp)), look=Look.AREA))
        x += size * 2 + fs(6)
        if x + size * 2 > panel.right - fs(8):
            x = panel.x + fs(10)
            y += size + fs(6)
    if t.mode is Mode.NEW_CITY:
        y += size + fs(12)
        x = panel.x + fs(10)
        for c in COLOURS:
            left = st.new_city_supply[COLOURS.index(c)]
            out.append(Widget(pygame.Rect(x, y, size * 2, size), ChooseColour(c), "",
                              left > 0, look=Look.AREA))
            x += size * 2 + fs(6)
    return out
