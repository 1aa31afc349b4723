"""Demand cards in the side panel: each demand on its row (commodity, city, payoff), the city
wrapped onto a second line when the row is narrow, never cut and never under the payoff
(UX.md "Checked at both sizes"); who has locked which demand; rows that light up their
cities on the map when the pointer rests on them."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rail_app.rules import cards as rc
from rail_app.ui import hud
from rail_app.ui.game.commands import Demand
from rail_app.ui.game.ctx import Ctx
from rail_app.ui.game.widgets import Look, Widget
from rail_app.ui.maprender import font

CARD_BG = (255, 253, 246)
LOCKED_BG = (244, 238, 224)
HOVER_BG = (255, 236, 180)


@dataclass(frozen=True)
class Row:
    """A demand's words laid out in a card: one or two lines."""

    lines: tuple[tuple[tuple[str, tuple[int, int, int], bool], ...], ...]
    payoff: str


def _rows(ctx: Ctx, n: int, width: int, size: int) -> list[Row]:
    card = ctx.state.deck.card(n)
    locked = rc.locked_demand(ctx.state, n)
    out: list[Row] = []
    for j, d in enumerate(card.demands):
        dim = locked is not None and j != locked
        text_c = hud.MUTED if dim else hud.TEXT
        com_c = hud.MUTED if dim else hud.GREEN
        words = [(d.commodity, com_c, False), ("to", hud.MUTED, False), (d.city, text_c, True)]
        one = sum(font(size, b).size(t)[0] for t, _, b in words) + 2 * font(size).size(" ")[0]
        if one <= width:
            out.append(Row((tuple(words),), f"{d.payoff}M"))
        else:
            out.append(Row(((words[0],), (words[1], words[2])), f"{d.payoff}M"))
    return out


def _metrics(ctx: Ctx, size: int) -> tuple[int, int, int]:
    """(number column, payoff column, line height) in pixels."""
    px = ctx.px
    pay = font(size, True).size("00M")[0] + px(22)
    return px(36), pay, size + px(4)


def card_height(ctx: Ctx, n: int, width: int, size: int) -> int:
    num, pay, lh = _metrics(ctx, size)
    rows = _rows(ctx, n, width - num - pay - ctx.px(8), size)
    return sum(len(r.lines) for r in rows) * lh + ctx.px(10)


def paint_card(surface: pygame.Surface, ctx: Ctx, n: int, rect: pygame.Rect, size: int,
               offset: tuple[int, int] = (0, 0)) -> list[Widget]:
    """Paint card ``n`` into ``rect`` of ``surface``; returns its rows as hover widgets
    (in screen pixels: ``rect`` moved by ``offset``)."""
    px = ctx.px
    st = ctx.state
    num, pay, lh = _metrics(ctx, size)
    lockers = rc.lockers(st, n)
    pygame.draw.rect(surface, LOCKED_BG if lockers else CARD_BG, rect, border_radius=px(5))
    pygame.draw.rect(surface, hud.PANEL_EDGE, rect, 1, border_radius=px(5))
    hud.label(surface, f"#{n}", (rect.x + px(6), rect.y + px(5)), size - 2, hud.MUTED, bold=True)
    if lockers:
        hud.label(surface, "locked", (rect.x + px(6), rect.y + px(5) + lh), size - 4, hud.MUTED)
    card = st.deck.card(n)
    hovered = ctx.table.hovered
    width = rect.w - num - pay - px(8)
    y = rect.y + px(5)
    out: list[Widget] = []
    for j, (row, d) in enumerate(zip(_rows(ctx, n, width, size), card.demands, strict=True)):
        h = len(row.lines) * lh
        box = pygame.Rect(rect.x + num - px(4), y, rect.w - num, h)
        demand = Demand(d.commodity, d.city)
        if hovered == demand:
            pygame.draw.rect(surface, HOVER_BG, box, border_radius=px(3))
        ly = y
        for k, line in enumerate(row.lines):
            x = rect.x + num + (px(14) if k else 0)
            for text, colour, bold in line:
                img = hud.rendered(text, size, colour, bold)
                surface.blit(img, (x, ly))
                x += img.get_width() + font(size).size(" ")[0]
            ly += lh
        dim = any(ld.demand is not None and ld.demand != j for _, ld in lockers)
        hud.label(surface, row.payoff, (rect.right - px(6), y), size,
                  hud.MUTED if dim else hud.TEXT, bold=True, anchor="topright")
        cx = rect.right - px(6) - font(size, True).size(row.payoff)[0] - px(16)
        for who, ld in lockers:
            if ld.demand == j:
                cube = pygame.Rect(cx, y + (lh - px(11)) // 2, px(11), px(11))
                pygame.draw.rect(surface, ctx.ink(who).colour, cube)
                pygame.draw.rect(surface, hud.TEXT, cube, 1)
                cx -= px(14)
        out.append(Widget(box.move(offset), None, hover=demand, look=Look.AREA))
        y += h
    return out
