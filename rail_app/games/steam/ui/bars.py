"""Steam's top bar (the turn, the phase, the player to act and their figures) and bottom bar
(the history, the phase's prompt, the build's tile actions and spending)."""

from __future__ import annotations

import pygame

from rail_app.core.i18n import _, dollars, number
from rail_app.games.steam.rules import build as build_rules
from rail_app.games.steam.rules.state import Phase, Step
from rail_app.games.steam.ui import words
from rail_app.games.steam.ui.layout import Ctx, ground
from rail_app.ui import hud
from rail_app.ui.fonts import font
from rail_app.ui.palette import MUTED, TEXT

HISTORY_KEPT = 400  # the history lists this many of the log's latest entries


def paint_top(surface: pygame.Surface, ctx: Ctx) -> None:
    r = ctx.rects.top
    fs = ctx.px
    ground(surface, r, r.bottomleft, r.bottomright)
    st = ctx.state
    seat = ctx.actor
    p = st.players[seat]
    head = _("Turn {turn} of {last}").format(turn=number(max(1, st.turn)),
                                             last=number(st.last_turn))
    if st.phase is Phase.FIRST_AUCTION:
        head = _("Before turn 1")
    parts = [head, words.phase_name(st.phase)]
    if st.phase is Phase.MOVE:
        parts[-1] += " " + _("(round {n} of 2)").format(n=number(st.round))
    who = _("{player}: cash {cash} · income {income} · {vp} VP · locomotive {loco}").format(
        player=p.name, cash=dollars(p.cash), income=number(p.income), vp=number(p.vp),
        loco=number(p.loco))
    x = r.x + fs(12)
    rect = hud.label(surface, " · ".join(parts), (x, r.centery), fs(17), TEXT, bold=True,
                     anchor="midleft")
    pygame.draw.circle(surface, ctx.inks[seat], (rect.right + fs(18), r.centery), fs(7))
    hud.label(surface, who, (rect.right + fs(32), r.centery), fs(16), TEXT, anchor="midleft")


def history(ctx: Ctx) -> tuple[list[tuple[int, str]], int]:
    """The history's lines and how many the bottom bar shows at once."""
    st = ctx.state
    r = ctx.rects.bottom
    lh = font(ctx.px(13)).get_linesize()
    lines = words.history_lines(st, max(0, len(st.log) - HISTORY_KEPT))
    return lines, max(1, (r.h - ctx.px(16)) // lh)


def history_limit(ctx: Ctx) -> int:
    """How far the history scrolls back (in lines)."""
    lines, shown = history(ctx)
    return max(0, len(lines) - shown)


def paint_bottom(surface: pygame.Surface, ctx: Ctx) -> None:
    r = ctx.rects.bottom
    fs = ctx.px
    ground(surface, r, r.topleft, r.topright)
    st = ctx.state
    lh = font(fs(13)).get_linesize()
    hist_w = r.w // 2 - fs(20)
    lines, shown = history(ctx)
    scroll = min(ctx.table.history_scroll, max(0, len(lines) - shown))
    end = len(lines) - scroll
    y = r.y + fs(8)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(r.x, r.y, hist_w + fs(12), r.h))
    for _turn, text in lines[max(0, end - shown):end]:
        hud.label(surface, text, (r.x + fs(12), y), fs(13), TEXT)
        y += lh
    surface.set_clip(clip)
    seat = ctx.actor
    prompt = words.step_prompt(st, seat, not ctx.session.seat.computer)
    px = r.x + r.w // 2 + fs(10)
    py = r.y + fs(10)
    for line in hud.wrap(prompt, fs(15), r.w // 2 - fs(30), True)[:2]:
        hud.label(surface, line, (px, py), fs(15), TEXT, bold=True)
        py += fs(20)
    if st.step is Step.BUILD and ctx.person_to_act():
        bt = st.build
        used = bt.used if bt is not None else 0
        spent = bt.spent if bt is not None else 0
        hud.label(surface, _("Tile actions {used} of {limit} · spent {spent}").format(
            used=number(used), limit=number(build_rules.tile_limit(st, seat)),
            spent=dollars(spent)), (px, py), fs(13), MUTED)
