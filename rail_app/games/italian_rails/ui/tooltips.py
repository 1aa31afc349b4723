"""What the pointer shows, and the notices.

One box at a time beside the pointer: the pen's running cost (with the reason of a refused
segment), else a button's tooltip after a short rest, else a refusal just made, else what
the map has under the pointer (a dot's terrain and cost, a segment's crossings, a ferry's
prices). The route preview's words stand at its target. Boxes are small, wrapped, and
placed clear of the stroke being drawn and of the map's city names (UX.md "The marker"); none follows the
pointer while it drags the map.
Other notices stand at their place: a delivery at its city, news in a line at the top of
the map.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from rail_app.core.i18n import _, money_millions, number, pgettext
from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.rules.words import city_words, crossing_words, place, terrain
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui.ctx import Ctx
from rail_app.games.italian_rails.ui.ferries import (
    ferry_near,
    hover_words,
    pen_ferries,
    pen_ferry_words,
)
from rail_app.games.italian_rails.ui.ink import edges_near, ink_width
from rail_app.games.italian_rails.ui.marks import name_boxes
from rail_app.games.italian_rails.ui.palette import CREAM as CREAM
from rail_app.games.italian_rails.ui.palette import ERROR_HEAD as ERROR_HEAD
from rail_app.games.italian_rails.ui.palette import NOTICE_BG as NOTICE_BG
from rail_app.games.italian_rails.ui.palette import SOFT as SOFT
from rail_app.games.italian_rails.ui.palette import TIP_BLUE as TIP_BLUE
from rail_app.games.italian_rails.ui.palette import TIP_GREEN as TIP_GREEN
from rail_app.games.italian_rails.ui.palette import TIP_RED as TIP_RED
from rail_app.games.italian_rails.ui.palette import TONE_ERROR as TONE_ERROR
from rail_app.games.italian_rails.ui.palette import TONE_GOOD as TONE_GOOD
from rail_app.games.italian_rails.ui.palette import TONE_WARN as TONE_WARN
from rail_app.games.italian_rails.ui.palette import WHITE as WHITE
from rail_app.games.italian_rails.ui.routes import preview_lines
from rail_app.games.italian_rails.ui.table import Notice, Spot, Tone
from rail_app.games.italian_rails.ui.widgets import Look, Widget
from rail_app.ui import hud
from rail_app.ui.hud import Line

TIP_DELAY = 0.45  # seconds the pointer rests on a button before its tooltip shows
TONES = {Tone.ERROR: TONE_ERROR, Tone.GOOD: TONE_GOOD, Tone.WARN: TONE_WARN,
         Tone.INFO: NOTICE_BG}


def hover_lines(ctx: Ctx, pos: tuple[float, float], dot: int | None) -> list[Line]:
    """What the map has under the pointer (``dot``: the dot there, if any)."""
    st = ctx.state
    b = st.board
    cam = ctx.table.camera
    if dot is not None:
        d = b.dots[dot]
        city = b.city_of_dot.get(dot)
        out: list[Line] = []
        if city is not None:
            out.append((city_words(city.name, city.size), WHITE, True))
            out.append((_("offers {commodity}").format(commodity=pgettext("commodity", city.commodity)), TIP_GREEN, False))
        else:
            out.append((terrain(d.terrain) + (_(" · coast") if d.coastal else ""), WHITE, True))
            out.append((place(b, dot), SOFT, False))
        if st.phase is not Phase.MOVE:  # in the move phase building costs are beside the point
            out.append((_("Building into this dot costs {dot_cost} (B1)").format(dot_cost=money_millions(b.dot_cost[dot])), SOFT, False))
        out += [(_("Ferry port: {name}").format(name=f.name), SOFT, False) for f in b.ferries_at.get(dot, [])]
        return out
    e = edges_near(b, cam, pos[0], pos[1])
    if e is not None:
        edge = b.edge(*e)
        if edge is None:
            return []
        a, c = e
        pa, pc = b.place_names(a, c)  # two ends told apart, even within one city
        out = [(_("Segment from {place} to {place2}").format(place=pa, place2=pc), WHITE, True)]
        if edge.free:
            city = b.major_of_dot.get(a)
            out.append((_("Free track of {x} (B4)").format(x=city.name if city else _('the city')), SOFT, False))
            return out
        if edge.forbidden:
            out.append((_("Forbidden: {forbidden} (B3)").format(forbidden=_(edge.forbidden)), TIP_RED, False))
            return out
        for cr in edge.crossings:
            extra = b.rules.crossing_costs.get(cr.kind, 0)
            out.append((crossing_words(cr.kind, cr.name, money_millions(extra, sign=True)),
                        TIP_BLUE, False))
        who = st.owner.get(edge_key(a, c))
        if st.phase is not Phase.MOVE:
            out.append((_("Costs {build_cost} drawn towards {place}, {build_cost2} towards "
                          "{place2} (K6)").format(
                build_cost=money_millions(b.build_cost(a, c)), place=pc,
                build_cost2=money_millions(b.build_cost(c, a)), place2=pa),
                SOFT, False))
        elif who is None:
            out.append((_("Nobody's track: no train may run here yet"), SOFT, False))
        elif who != ctx.viewer:
            out.append((_("Your train may run here for the rent, {fee} a turn (M3)").format(
                fee=money_millions(st.rules.rental_fee)), SOFT, False))
        if who is not None:
            fresh = any(k == edge_key(a, c) for k, _a, _b in st.phase_built)
            out.append((_("Track of {name}").format(name=st.players[who].name)
                        + (_(" (drawn this phase)") if fresh else ""), SOFT, False))
        return out
    f = ferry_near(b, cam, pos)
    if f is not None:
        return [(_("Ferry {name}").format(name=f.name), WHITE, True),
                *[(line, SOFT, False) for line in hover_words(st, f)]]
    return []


def stroke_boxes(ctx: Ctx) -> list[pygame.Rect]:
    """The rectangles the pen's stroke covers (boxes keep clear of them)."""
    cam = ctx.table.camera
    pen = ctx.table.pen
    w = ink_width(cam.dot_px) + 4
    out = []
    segs = [(s.frm, s.to) for s in pen.steps]
    if pen.refusal is not None:
        segs.append((pen.refusal.frm, pen.refusal.to))
    for f in pen_ferries(ctx):  # the ferry lit up as the next step
        ox, oy = cam.rect.topleft
        here = pen.path[-1]
        for x, y in mr.ferry_curve(ctx.state.board, cam.view(), here, f.other_port(here))[::2]:
            out.append(pygame.Rect(round(x + ox - w), round(y + oy - w), 2 * w, 2 * w))
    return out + segment_boxes(ctx, segs)


def segment_boxes(ctx: Ctx, segs: Sequence[tuple[int, int]]) -> list[pygame.Rect]:
    """The rectangles the segments between dots cover on the screen, a few small boxes
    along each (a diagonal one is not covered by its whole bounding box)."""
    cam = ctx.table.camera
    w = ink_width(cam.dot_px) + 4
    out = []
    for a, c in segs:
        (x0, y0), (x1, y1) = cam.dot_screen(a), cam.dot_screen(c)
        for k in range(4):
            fx, fy = x0 + (x1 - x0) * (k + 0.5) / 4, y0 + (y1 - y0) * (k + 0.5) / 4
            half = max(abs(x1 - x0), abs(y1 - y0)) / 8 + w
            out.append(pygame.Rect(round(fx - half), round(fy - half), round(2 * half),
                                   round(2 * half)))
    return out


def pen_lines(ctx: Ctx) -> list[Line]:
    st = ctx.state
    pen = ctx.table.pen
    budget = st.rules.build_budget
    spent = st.phase_spent + pen.total
    colour = hud.TEXT
    if spent > budget or spent > st.players[st.current].cash:
        colour = hud.RED
    elif spent >= budget - 4:
        colour = hud.AMBER
    lines: list[Line] = [(f"+{money_millions(pen.total)} · {number(spent)}/"
                          f"{money_millions(budget)}", colour, True)]
    lines += [(words, hud.TEXT, False) for words in pen_ferry_words(ctx)]
    r = pen.refusal
    if r is not None:
        reason = r.reason(st.board)
        lines = [(_("Can't build here"), hud.RED, True), (reason, hud.TEXT, False), *lines]
    return lines


@dataclass(frozen=True)
class Box:
    """A box of text lines to draw at ``rect`` (worked out before drawing)."""

    lines: tuple[Line, ...]
    size: int
    bg: tuple[int, int, int]
    alpha: int
    width: int  # lines wrap to this many pixels
    rect: pygame.Rect
    kind: str  # preview | pen | tip | notice | hover | top | map

    def picture(self) -> pygame.Surface:
        return hud.bubble_picture(self.lines, self.size, bg=self.bg, alpha=self.alpha,
                                  width=self.width)


def _box(kind: str, lines: list[Line], size: int, at: tuple[float, float],
         bounds: pygame.Rect, avoid: list[pygame.Rect], width: int,
         bg: tuple[int, int, int] = hud.TOOLTIP_BG, alpha: int = 235,
         above: bool = False, keep_clear: Sequence[pygame.Rect] = ()) -> Box | None:
    pic = hud.bubble_picture(lines, size, bg=bg, alpha=alpha, width=width)
    if pic.get_width() <= 0:
        return None
    rect = hud.place_near(pic.get_size(), at, bounds, avoid, above=above,
                          keep_clear=keep_clear)
    return Box(tuple(lines), size, bg, alpha, width, rect, kind)


def _notice_lines(n: Notice) -> list[Line]:
    head = ERROR_HEAD if n.tone is Tone.ERROR else WHITE
    return [(n.headline, head, True), (n.reason, WHITE, False)]


def notice_boxes(ctx: Ctx, below: int = 0) -> list[Box]:
    """The notices that stand at a place: in the notice line at the top of the map (below
    the banner, and below ``below``: a coaching box across the top), and at a place on the
    map (a delivery at its city)."""
    t = ctx.table
    cam = t.camera
    px = ctx.px
    out: list[Box] = []
    top = t.notice(Spot.TOP)
    if top is not None:
        lines = _notice_lines(top)
        alpha = round(245 * top.fade)
        pic = hud.bubble_picture(lines, px(14), bg=TONES[top.tone], alpha=alpha, width=px(300))
        rect = pic.get_rect(midtop=(cam.rect.centerx, max(cam.rect.y + px(52),
                                                          below + px(6))))
        out.append(Box(tuple(lines), px(14), TONES[top.tone], alpha, px(300), rect, "top"))
    n = t.notice(Spot.MAP)
    if n is not None:
        box = _box("map", _notice_lines(n), px(14), cam.to_screen(*n.at), cam.rect,
                   name_boxes(ctx) + [b.rect for b in out], px(300), TONES[n.tone],
                   round(245 * n.fade))
        if box is not None:
            out.append(box)
    return out


def _tip(ctx: Ctx, hovered: Widget, widgets: list[Widget]) -> Box | None:
    """A control's tooltip: beside the control, never over it nor over another control
    (the next button stays in sight and under the pointer's reach): left of the side
    panel's buttons, above the bottom bar's, below the top bar's, else wherever is free."""
    px = ctx.px
    rects = ctx.rects
    lines: list[Line] = [(hovered.tip, WHITE, False)]
    pic = hud.bubble_picture(lines, px(14), bg=hud.TOOLTIP_BG, alpha=235, width=px(320))
    w, h = pic.get_size()
    if w <= 0:
        return None
    bounds = pygame.Rect((0, 0), rects.bottom.bottomright)
    r = hovered.rect
    gap = px(8)
    x = ctx.table.pointer[0]
    xs = [x - w // 2, r.left, r.right - w, r.left - gap - w, r.right + gap]
    ys = [r.centery - h // 2, r.top - gap - h, r.bottom + gap]
    left = [(r.left - gap - w, y) for y in ys]
    right = [(r.right + gap, y) for y in ys]
    above = [(cx, r.top - gap - h) for cx in xs]
    below = [(cx, r.bottom + gap) for cx in xs]
    if rects.side.collidepoint(r.center):  # over the map, beside the panel
        spots = [(rects.side.left - gap - w, y) for y in ys] + left + above + below
    elif rects.bottom.collidepoint(r.center):  # over the map, above the bar
        spots = [(cx, rects.bottom.top - gap - h) for cx in xs] + above + left + right
    elif rects.top.collidepoint(r.center):  # over the map, below the bar
        spots = [(cx, rects.top.bottom + gap) for cx in xs] + below + left + right
    else:
        spots = below + above + left + right
    avoid = [wd.rect for wd in widgets if wd.look is not Look.AREA or wd is hovered]
    best: pygame.Rect | None = None
    cost = -1
    for sx, sy in spots:
        box = pygame.Rect(sx, sy, w, h).clamp(bounds)
        c = sum(box.clip(a).w * box.clip(a).h for a in avoid)
        if c == 0:
            best = box
            break
        if best is None or c < cost:
            best, cost = box, c
    assert best is not None
    return Box(tuple(lines), px(14), hud.TOOLTIP_BG, 235, px(320), best, "tip")


def pointer_boxes(ctx: Ctx, widgets: list[Widget], dot: int | None, on_dialog: bool,
                  placed: list[Box]) -> list[Box]:
    """The route preview's box at its target, and the one box beside the pointer (see the
    module docstring), clear of the boxes already ``placed``, of the map's names and of
    the stroke."""
    t = ctx.table
    cam = t.camera
    px = ctx.px
    pos = t.pointer
    avoid = name_boxes(ctx) + [b.rect for b in placed]
    out: list[Box] = []
    if t.preview is not None and not on_dialog:
        box = _box("preview", preview_lines(ctx), px(14), cam.dot_screen(t.preview.target),
                   cam.rect, avoid, px(380), CREAM, 250, above=True)
        if box is not None:
            out.append(box)
            avoid.append(box.rect)
    one: Box | None = None
    hovered = next((w for w in reversed(widgets) if w.rect.collidepoint(pos)), None)
    n = t.notice(Spot.POINTER)
    if t.pen.active and not on_dialog:
        one = _box("pen", pen_lines(ctx), max(11, min(18, int(cam.dot_px * 0.45))), pos,
                   cam.rect, avoid, px(300), CREAM, 245, above=True,
                   keep_clear=stroke_boxes(ctx))
    elif (hovered is not None and hovered.tip and hovered.key == t.hovered
          and t.hover_time >= TIP_DELAY):
        one = _tip(ctx, hovered, widgets)
    elif n is not None:
        one = _box("notice", _notice_lines(n), px(14), n.at, cam.rect, avoid, px(300),
                   TONES[n.tone], round(245 * n.fade),
                   keep_clear=stroke_boxes(ctx) + segment_boxes(ctx, n.line))
    elif not (on_dialog or hovered is not None or t.preview is not None
              or t.pan_from is not None or not cam.rect.collidepoint(pos)):
        lines = hover_lines(ctx, pos, dot)
        if lines:
            one = _box("hover", lines, px(14), pos, cam.rect, avoid, px(340))
    if one is not None:
        out.append(one)
    return out


def paint_boxes(surface: pygame.Surface, boxes: list[Box]) -> None:
    for b in boxes:
        surface.blit(b.picture(), b.rect)
