"""Demand cards in the side panel: each demand on its row (commodity, city, payoff), the city
wrapped onto a second line when the row is narrow, never cut and never under the payoff
(UX.md "Checked at both sizes"); who has locked which demand; rows that light up their
cities on the map when the pointer rests on them."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rail_app.core.i18n import _, money_millions, pgettext
from rail_app.games.italian_rails.rules import cards as rc
from rail_app.games.italian_rails.ui.commands import Demand
from rail_app.games.italian_rails.ui.ctx import Ctx
from rail_app.games.italian_rails.ui.maprender import font
from rail_app.games.italian_rails.ui.palette import CARD_BG as CARD_BG
from rail_app.games.italian_rails.ui.palette import HOVER_BG as HOVER_BG
from rail_app.games.italian_rails.ui.palette import LOCKED_BG as LOCKED_BG
from rail_app.games.italian_rails.ui.widgets import Look, Widget
from rail_app.ui import hud


@dataclass(frozen=True)
class Word:
    text: str
    colour: tuple[int, int, int]
    bold: bool
    rect: pygame.Rect


@dataclass(frozen=True)
class RowPlan:
    """Where a demand's words and payoff go in its card (card-relative pixels)."""

    box: pygame.Rect  # the whole row (it lights up its cities when hovered)
    words: tuple[Word, ...]
    payoff: Word
    demand: Demand
    index: int


def _metrics(ctx: Ctx, size: int) -> tuple[int, int, int]:
    """(number column, payoff column, line height) in pixels."""
    px = ctx.px
    pay = font(size, True).size("00M")[0] + px(22)
    return px(36), pay, size + px(4)


def card_plan(ctx: Ctx, n: int, width: int, size: int) -> tuple[list[RowPlan], int]:
    """The rows of card ``n`` laid out in a card ``width`` pixels wide, and the card's
    height. A row's words flow from left to right and wrap (indented) before the payoff
    column, so no word is ever cut or under the payoff."""
    px = ctx.px
    num, pay, lh = _metrics(ctx, size)
    card = ctx.state.deck.card(n)
    locked = rc.locked_demand(ctx.state, n)
    space = font(size).size(" ")[0]
    left, right = num, width - pay - px(4)
    y = px(5)
    rows: list[RowPlan] = []
    for j, d in enumerate(card.demands):
        dim = locked is not None and j != locked
        text_c = hud.MUTED if dim else hud.TEXT
        tokens = [(pgettext("commodity", d.commodity), hud.MUTED if dim else hud.GREEN, False),
                  (pgettext("demand card", "to"), hud.MUTED, False),
                  *[(w, text_c, True) for w in d.city.split(" ")]]
        x, top = left, y
        words: list[Word] = []
        for text, colour, bold in tokens:
            w, h = font(size, bold).size(text)
            if x > left and x + w > right:
                x, y = left + px(14), y + lh
            words.append(Word(text, colour, bold, pygame.Rect(x, y, w, h)))
            x += w + space
        y += lh
        pw, ph = font(size, True).size(money_millions(d.payoff))
        payoff = Word(money_millions(d.payoff), hud.MUTED if dim else hud.TEXT, True,
                      pygame.Rect(width - px(6) - pw, top, pw, ph))
        box = pygame.Rect(num - px(4), top, width - num, y - top)
        rows.append(RowPlan(box, tuple(words), payoff, Demand(d.commodity, d.city), j))
    return rows, y + px(5)


def card_height(ctx: Ctx, n: int, width: int, size: int) -> int:
    return card_plan(ctx, n, width, size)[1]


def paint_card(surface: pygame.Surface, ctx: Ctx, n: int, rect: pygame.Rect, size: int,
               offset: tuple[int, int] = (0, 0)) -> list[Widget]:
    """Paint card ``n`` into ``rect`` of ``surface``; returns its rows as hover widgets
    (in screen pixels: ``rect`` moved by ``offset``)."""
    px = ctx.px
    st = ctx.state
    lh = _metrics(ctx, size)[2]
    lockers = rc.lockers(st, n)
    pygame.draw.rect(surface, LOCKED_BG if lockers else CARD_BG, rect, border_radius=px(5))
    pygame.draw.rect(surface, hud.PANEL_EDGE, rect, 1, border_radius=px(5))
    hud.label(surface, f"#{n}", (rect.x + px(6), rect.y + px(5)), size - 2, hud.MUTED, bold=True)
    if lockers:
        hud.label(surface, _("locked"), (rect.x + px(6), rect.y + px(5) + lh), size - 4, hud.MUTED)
    out: list[Widget] = []
    rows = card_plan(ctx, n, rect.w, size)[0]
    for row in rows:
        box = row.box.move(rect.topleft)
        if ctx.table.hovered == row.demand:
            pygame.draw.rect(surface, HOVER_BG, box, border_radius=px(3))
        for w in (*row.words, row.payoff):
            surface.blit(hud.rendered(w.text, size, w.colour, w.bold), w.rect.move(rect.topleft))
        cx = rect.x + row.payoff.rect.x - px(16)
        for who, ld in lockers:
            if ld.demand == row.index:
                cube = pygame.Rect(cx, box.y + (lh - px(11)) // 2, px(11), px(11))
                pygame.draw.rect(surface, ctx.ink(who).colour, cube)
                pygame.draw.rect(surface, hud.TEXT, cube, 1)
                cx -= px(14)
        out.append(Widget(box.move(offset), None, hover=row.demand, look=Look.AREA))
    return out
