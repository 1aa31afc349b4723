"""The history at the bottom of the screen: one line per action in a player's words (a stroke
of track is one line with its cost), wrapped to the width, newest at the bottom, with a
filter by player and the wheel to scroll back. Folded, it shows the latest line."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from rail_app.core.i18n import _, ngettext
from rail_app.games.italian_rails.rules.log import LogKind
from rail_app.games.italian_rails.rules.words import HistoryLine, history_lines
from rail_app.games.italian_rails.ui.commands import FilterHistory, Intent
from rail_app.games.italian_rails.ui.ctx import Ctx
from rail_app.games.italian_rails.ui.ink import mix
from rail_app.games.italian_rails.ui.maprender import font
from rail_app.games.italian_rails.ui.palette import HISTORY_SHADE as HISTORY_SHADE
from rail_app.games.italian_rails.ui.widgets import Look, Widget, lines_for
from rail_app.ui import hud


def _colour(ctx: Ctx, h: HistoryLine) -> tuple[int, int, int]:
    if h.kind is LogKind.EVENT:
        return hud.RED
    if h.kind is LogKind.PAYMENT:
        return hud.GREEN
    if h.player is not None and h.kind in (LogKind.ACTION, LogKind.BUILD):
        return mix(ctx.ink(h.player).colour, HISTORY_SHADE, 0.45)
    return hud.MUTED


class Row(NamedTuple):
    """One display row of the history: its text, colour, and whether it goes on the line
    above (a line wrapped to the width; indented)."""

    text: str
    colour: tuple[int, int, int]
    continued: bool


def rows(ctx: Ctx, width: int, size: int) -> list[Row]:
    """The history as display rows (each line wrapped to ``width``), oldest first."""
    out: list[Row] = []
    for h in history_lines(ctx.state, ctx.table.history_filter):
        colour = _colour(ctx, h)
        for k, part in enumerate(lines_for(f"T{h.turn}  {h.text}", size, width)):
            out.append(Row("      " + part if k else part, colour, k > 0))
    return out


def paint_history(surface: pygame.Surface, ctx: Ctx, rect: pygame.Rect,
                  offset: tuple[int, int]) -> tuple[list[Widget], tuple[int, int]]:
    """Paint the history into ``rect`` of ``surface``; returns its widgets (screen pixels:
    ``rect`` moved by ``offset``), how many rows it has and how many of them it shows.

    Scrolled back (the table's ``history_end``), it stays on the rows being read while new
    lines come, and a marker on its title row says how many lines are below (new ones lit):
    pressing it, or scrolling to the bottom, shows the newest and follows them again."""
    px = ctx.px
    t = ctx.table
    st = ctx.state
    widgets: list[Widget] = []
    toggle = pygame.Rect(rect.x + px(8), rect.y + px(6), px(28), px(24))
    widgets.append(Widget(toggle.move(offset), Intent.TOGGLE_HISTORY,
                          "-" if t.history_open else "+",
                          tip=_("Fold the history") if t.history_open else _("Show the history")))
    x = rect.x + px(44)
    width = rect.right - x - px(12)
    size = px(13)
    lh = font(size).get_linesize()
    if not t.history_open:
        last = rows(ctx, width, size)
        if last:
            # the latest entry, in full (it may take two lines)
            start = len(last) - 1
            while start > 0 and last[start].continued:
                start -= 1
            shown = last[start:][-2:]
            y = rect.centery - lh * len(shown) // 2
            for text, colour, _more in shown:
                hud.label(surface, text, (x, y), size, colour)
                y += lh
        return widgets, (len(last), len(last))
    hud.label(surface, _("History"), (x, rect.y + px(7)), px(15), hud.TEXT, bold=True)
    bx = x + font(px(15), True).size(_("History"))[0] + px(12)
    for value, name in [(None, _("All")), *[(i, p.name) for i, p in enumerate(st.players)]]:
        w = font(px(12)).size(name)[0] + px(20)
        r = pygame.Rect(bx, rect.y + px(6), w, px(22))
        widgets.append(Widget(r.move(offset), FilterHistory(value), name, look=Look.CHIP,
                              selected=t.history_filter == value, size=px(12),
                              tip=_("Show the history of both players") if value is None
                              else _("Show {name}'s history").format(name=name)))
        bx += w + px(6)
    every = rows(ctx, width, size)
    n = max(1, (rect.h - px(36)) // lh)
    end = len(every) if t.history_end is None else \
        max(min(n, len(every)), min(t.history_end, len(every)))
    y = rect.y + px(32)
    for text, colour, _more in every[max(0, end - n):end]:
        hud.label(surface, text, (x, y), size, colour)
        y += lh
    below = len(every) - end
    if below:
        fresh = len(every) - t.history_seen  # rows come since the player scrolled back
        label = (ngettext("{n} new line below", "{n} new lines below", fresh).format(n=fresh)
                 if fresh > 0 else
                 ngettext("{n} newer line below", "{n} newer lines below", below).format(
                     n=below))
        w = font(px(12)).size(label)[0] + px(24)
        r = pygame.Rect(rect.right - px(12) - w, rect.y + px(6), w, px(22))
        widgets.append(Widget(r.move(offset), Intent.HISTORY_LATEST, label, look=Look.BUTTON,
                              selected=fresh > 0, size=px(12), colour=hud.AMBER,
                              tip=_("Show the newest lines; the history follows new lines "
                                    "again (or scroll down to the bottom)")))
    return widgets, (len(every), n)
