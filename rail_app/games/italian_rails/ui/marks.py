"""The moving parts drawn over the map each frame: the events' names, washed-out track
fading, derailment circles, a hovered demand's cities, the trains, the pen's stroke and the
banner. Labels and tokens are placed clear of each other and of the map's city names."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from rail_app.core.i18n import _, pgettext
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui import zones
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.games.italian_rails.ui.commands import Demand
from rail_app.games.italian_rails.ui.ctx import Ctx
from rail_app.games.italian_rails.ui.ferries import paint_pen_ferry
from rail_app.games.italian_rails.ui.ghosts import paint_ghost_words, paint_ghosts
from rail_app.games.italian_rails.ui.ink import Ink, draw_stroke, ink_width
from rail_app.games.italian_rails.ui.maplabels import placed_rects
from rail_app.games.italian_rails.ui.maprender import font
from rail_app.games.italian_rails.ui.palette import CUBE_UNLOCKED as CUBE_UNLOCKED
from rail_app.games.italian_rails.ui.palette import DARK as DARK
from rail_app.games.italian_rails.ui.palette import WHITE as WHITE
from rail_app.games.italian_rails.ui.table import CIRCLE_TIME, FADE_TIME
from rail_app.ui import hud
from rail_app.ui.picturecache import SurfaceCache


def map_names(board: Board, cam: Camera) -> tuple[pygame.Rect, ...]:
    """Where the map's city names are on the screen (the base layer's label layout)."""
    return placed_rects(board, cam.view(), *cam.rect.topleft)


def name_boxes(ctx: Ctx) -> list[pygame.Rect]:
    """Where the map's city names are on the screen, as the frame knows them (none while a
    new zoom level's names are still being laid out: the map shows the previous picture)."""
    return list(ctx.names)


@dataclass(frozen=True)
class Tag:
    """A name tag for a city lit up by a hovered demand."""

    text: str
    colour: tuple[int, int, int]
    rect: pygame.Rect
    centre: tuple[float, float]
    radius: float
    wanted: bool  # the city that wants the commodity (else a supplier)


def demand_tags(ctx: Ctx, demand: Demand) -> list[Tag]:
    """The cities a hovered demand lights up, each with a tag placed where it covers no
    other tag (the city that wants it first, then the suppliers nearest the middle)."""
    b = ctx.state.board
    cam = ctx.table.camera
    size = ctx.px(14)
    r = max(10.0, cam.dot_px * 0.9)
    wanted = b.cities.get(demand.city)
    cities = [(c, False) for c in b.suppliers.get(demand.commodity, [])]
    if wanted is not None:
        cities.insert(0, (wanted, True))
    names = name_boxes(ctx)
    taken: list[pygame.Rect] = []
    for c, _lit in cities:
        x, y = cam.dot_screen(c.centre)
        rr = r * (1.6 if c.major else 1.1)
        taken.append(pygame.Rect(x - rr, y - rr, 2 * rr, 2 * rr))
    out: list[Tag] = []
    for c, want in cities:
        x, y = cam.dot_screen(c.centre)
        rr = r * (1.6 if want and c.major else 1.1 if want else 1.0)
        text = _("{name} wants {commodity}").format(name=c.name, commodity=pgettext("commodity", demand.commodity)) if want \
            else f"{c.name}: {pgettext('commodity', demand.commodity)}"
        tw, th = font(size + (1 if want else 0), True).size(text)
        w, h = tw + size, th + 2
        spots = [(x - w / 2, y - rr - h - 2), (x - w / 2, y + rr + 2), (x + rr + 4, y - h / 2),
                 (x - rr - 4 - w, y - h / 2), (x + rr, y - rr - h), (x - rr - w, y + rr),
                 (x + rr, y + rr), (x - rr - w, y - rr - h)]
        if not want:
            spots = spots[1:2] + spots[:1] + spots[2:]
        best: pygame.Rect | None = None
        for clear in (taken + names, taken):  # clear of the map's names too, if it can be
            for k in range(4):  # farther and farther out until a free place is found
                for sx, sy in spots:
                    dy = (sy - y) * k * 0.6 + (k * h if sy >= y else -k * h)
                    rect = pygame.Rect(round(sx), round(sy + dy), w, h)
                    if rect.collidelist(clear) < 0 and cam.rect.contains(rect):
                        best = rect
                        break
                if best is not None:
                    break
            if best is not None:
                break
        if best is None:
            best = pygame.Rect(round(x - w / 2), round(y + rr + 2), w, h)
        taken.append(best)
        out.append(Tag(text, hud.RED if want else hud.GREEN, best, (x, y), rr, want))
    return out


@dataclass(frozen=True)
class Token:
    """A train on the screen: its body, the dot it stands on, and all it covers (the body
    with its cab, wheels and loads)."""

    player: int
    body: pygame.Rect
    at: tuple[float, float]
    whole: pygame.Rect


def train_tokens(ctx: Ctx) -> list[Token]:
    """Where each train is drawn: on its dot, or beside it where none of it (cab, wheels,
    loads) covers a city's name or commodity, with a short line to the dot (UX.md: readable
    at every zoom)."""
    st = ctx.state
    cam = ctx.table.camera
    run = ctx.table.run
    board = st.board
    r = max(7.0, min(18.0, cam.dot_px * 0.42))
    names = name_boxes(ctx)
    out: list[Token] = []
    for i, p in enumerate(st.players):
        if run is not None and run.player == i:
            x, y = cam.to_screen(*run.where(board))
        elif p.aboard is not None:
            f = board.ferries[p.aboard]
            pts = mr.ferry_curve(board, cam.view(), *f.ports)
            mx, my = pts[len(pts) // 2]
            x, y = mx + cam.rect.x, my + cam.rect.y
        elif p.position is not None:
            x, y = cam.dot_screen(p.position)
        else:
            continue
        body = pygame.Rect(0, 0, round(r * 2.2), round(r * 1.5))
        sprite, at = train_sprite(ctx.ink(i), body.size, tuple(load.locked for load in p.loads),
                                  ctx.px(12) if p.aboard is not None else 0)
        whole = pygame.Rect(at, sprite.get_size())
        gap = r * 1.6
        near = [(0.0, 0.0), (0.0, -gap), (-gap * 1.3, 0.0), (0.0, gap), (gap * 1.3, 0.0),
                (-gap, -gap), (gap, -gap), (gap, gap), (-gap, gap)]
        if i == 1:
            near = [near[0], near[3], near[4], near[1], near[2], near[6], near[5], near[8],
                    near[7]]
        spots = near + [(dx * k, dy * k) for k in (1.8, 2.6, 3.5) for dx, dy in near[1:]]
        others = [t.whole for t in out]
        best: tuple[float, tuple[int, int]] | None = None
        for dx, dy in spots:
            body.center = (round(x + dx), round(y + dy))
            covers = whole.move(body.topleft)
            if covers.collidelist(names) < 0 and covers.collidelist(others) < 0:
                break
            cost = sum(covers.clip(n).w * covers.clip(n).h for n in (*names, *others))
            if best is None or cost < best[0]:
                best = (cost, body.center)
        else:  # no free place: the one covering least
            body.center = best[1] if best is not None else (round(x), round(y))
        out.append(Token(i, pygame.Rect(body), (x, y), whole.move(body.topleft)))
    return out


def paint_marks(surface: pygame.Surface, ctx: Ctx, under: int | None,
                can_start: bool) -> None:
    """Everything of :mod:`marks` over the map area (clipped to it)."""
    cam = ctx.table.camera
    clip = surface.get_clip()
    surface.set_clip(cam.rect)
    st = ctx.state
    if st.events:
        zones.draw_zone_labels(surface.subsurface(cam.rect), st, cam.view())
    _transients(surface, ctx)
    paint_ghosts(surface, ctx)  # plans shown, never played
    hovered = ctx.table.hovered
    if isinstance(hovered, Demand):
        _demand(surface, ctx, hovered)
    _trains(surface, ctx)
    paint_ghost_words(surface, ctx)
    _pen(surface, ctx, under, can_start)
    _banner(surface, ctx)
    surface.set_clip(clip)


def _transients(surface: pygame.Surface, ctx: Ctx) -> None:
    cam = ctx.table.camera
    w = ink_width(cam.dot_px)
    for f in ctx.table.fades:
        a, c = f.edge
        layer = pygame.Surface(cam.rect.size, pygame.SRCALPHA)
        off = cam.rect.topleft
        pa, pc = cam.dot_screen(a), cam.dot_screen(c)
        draw_stroke(layer, (pa[0] - off[0], pa[1] - off[1]), (pc[0] - off[0], pc[1] - off[1]),
                    ctx.ink(f.owner), w, seed=a * 7919 + c)
        layer.set_alpha(round(255 * max(0.0, 1 - f.age / FADE_TIME)))
        surface.blit(layer, off)
    board = ctx.state.board
    for circle in ctx.table.circles:
        fade = min(1.0, (CIRCLE_TIME - circle.age) / 1.0)
        pulse = 1.0 + 0.06 * math.sin(circle.age * 6)
        for c in circle.centres:
            city = board.city_of_dot.get(c)
            zones.draw_circle_mark(surface, cam.dot_screen(c),
                                   (circle.radius + 0.5) * cam.dot_px * pulse, zones.DERAIL, fade,
                                   _("derailment near {name}").format(name=city.name) if city else "")


def _demand(surface: pygame.Surface, ctx: Ctx, demand: Demand) -> None:
    size = ctx.px(14)
    for tag in demand_tags(ctx, demand):
        pygame.draw.circle(surface, WHITE, tag.centre, tag.radius + 3, 3)
        pygame.draw.circle(surface, tag.colour, tag.centre, tag.radius, 5 if tag.wanted else 4)
        hud.pill(surface, tag.text, tag.rect.center, size + (1 if tag.wanted else 0), tag.colour)


def _trains(surface: pygame.Surface, ctx: Ctx) -> None:
    """Both trains: a marker in the player's ink with its loads as cubes (a picture kept per
    ink, size and loads: a pan draws them every frame)."""
    st = ctx.state
    for tok in train_tokens(ctx):
        body = tok.body
        if math.hypot(body.centerx - tok.at[0], body.centery - tok.at[1]) > 2:
            pygame.draw.line(surface, DARK, tok.at, body.center, 2)
            pygame.draw.circle(surface, DARK, tok.at, 3)
        p = st.players[tok.player]
        sprite, at = train_sprite(ctx.ink(tok.player), body.size,
                                  tuple(load.locked for load in p.loads),
                                  ctx.px(12) if p.aboard is not None else 0)
        surface.blit(sprite, (body.x + at[0], body.y + at[1]))


SPRITES: SurfaceCache[tuple[object, ...]] = SurfaceCache(0.02)


def train_sprite(ink: Ink, size: tuple[int, int], loads: tuple[bool, ...],
                 at_sea: int) -> tuple[pygame.Surface, tuple[int, int]]:
    """A train's picture (body, cab, wheels, its loads as cubes, locked ones white, and
    "at sea" in a pill of type size ``at_sea`` when it is aboard a ferry) and where its
    top-left lies from the body's."""
    key = (ink, size, loads, at_sea)
    pad = 4 * max(size) + 8 * len(loads) + 4 * at_sea  # room around the body for its parts
    sprite = SPRITES.get(key)
    if sprite is None:
        sprite = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
        _paint_train(sprite, pygame.Rect((pad, pad), size), ink, loads, at_sea)
        box = sprite.get_bounding_rect()
        _SPRITE_AT[key] = (box.x - pad, box.y - pad)
        sprite = SPRITES.put(key, sprite.subsurface(box).copy())
        if len(_SPRITE_AT) > 2 * len(SPRITES.items) + 16:  # forget those of gone pictures
            for gone in [k for k in _SPRITE_AT if k not in SPRITES.items]:
                del _SPRITE_AT[gone]
    return sprite, _SPRITE_AT[key]


_SPRITE_AT: dict[tuple[object, ...], tuple[int, int]] = {}


def _paint_train(surface: pygame.Surface, body: pygame.Rect, ink: Ink, loads: tuple[bool, ...],
                 at_sea: int) -> None:
    r = body.h / 1.5
    pygame.draw.rect(surface, DARK, body.inflate(4, 4), border_radius=round(r * 0.4))
    pygame.draw.rect(surface, ink.colour, body, border_radius=round(r * 0.4))
    cab = pygame.Rect(body.x + body.w * 0.58, body.y - r * 0.45, body.w * 0.34, r * 0.6)
    pygame.draw.rect(surface, ink.colour, cab, border_radius=2)
    pygame.draw.rect(surface, DARK, cab, 1, border_radius=2)
    for k in (0.28, 0.72):
        pygame.draw.circle(surface, DARK, (body.x + body.w * k, body.bottom), r * 0.3)
    if ink.pattern == "dots":
        for k in range(3):
            pygame.draw.circle(surface, WHITE,
                               (body.x + body.w * (0.25 + k * 0.25), body.centery), 2)
    cube = max(5, round(r * 0.55))
    for k, locked in enumerate(loads):
        cr = pygame.Rect(body.right + 3 + k * (cube + 2), body.y, cube, cube)
        pygame.draw.rect(surface, WHITE if locked else CUBE_UNLOCKED, cr)
        pygame.draw.rect(surface, ink.colour, cr, 2)
    if at_sea:
        hud.pill(surface, _("at sea"), (body.centerx, body.y - r), at_sea, ink.colour)


def _pen(surface: pygame.Surface, ctx: Ctx, under: int | None, can_start: bool) -> None:
    cam = ctx.table.camera
    pen = ctx.table.pen
    sp = cam.dot_px
    w = ink_width(sp)
    st = ctx.state
    ink = ctx.ink(st.current)
    if not pen.active:
        if ctx.free and st.phase is Phase.BUILD and under is not None and can_start:
            pygame.draw.circle(surface, ink.colour, cam.dot_screen(under), max(6, sp * 0.42), 2)
        return
    paint_pen_ferry(surface, ctx, ink.colour)  # a ferry from this port, as a next step
    for s in pen.steps:
        draw_stroke(surface, cam.dot_screen(s.frm), cam.dot_screen(s.to), ink, w,
                    seed=s.frm * 7919 + s.to, fresh=True)
    size = max(11, min(18, int(sp * 0.45)))
    for s in pen.steps:
        a, b = cam.dot_screen(s.frm), cam.dot_screen(s.to)
        hud.pill(surface, f"+{s.cost}", ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - w),
                 max(10, size - 3), hud.TEXT)
    glow_r = max(5.0, sp * 0.32)
    glow = pygame.Surface((int(glow_r * 2 + 2), int(glow_r * 2 + 2)), pygame.SRCALPHA)
    pygame.draw.circle(glow, (*ink.colour, 70), (glow_r + 1, glow_r + 1), glow_r)
    for n in pen.legal_next():
        x, y = cam.dot_screen(n)
        surface.blit(glow, (x - glow_r - 1, y - glow_r - 1))
    r = pen.refusal
    if r is not None:
        a, b = cam.dot_screen(r.frm), cam.dot_screen(r.to)
        pygame.draw.line(surface, hud.RED, a, b, max(2, w // 2))
        hud.cross(surface, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), max(4, w * 0.7))
    x, y = cam.dot_screen(pen.path[-1])
    pygame.draw.circle(surface, WHITE, (x, y), max(7, sp * 0.45), 3)
    pygame.draw.circle(surface, ink.colour, (x, y), max(7, sp * 0.45), 2)


def banner_text(ctx: Ctx) -> tuple[str, tuple[int, int, int]]:
    st = ctx.state
    if st.end_triggered_by is not None and not ctx.session.over:
        who = st.players[st.end_triggered_by].name
        return (_("Last round: {who} has reached the goal. The game ends when both players have had the same number of turns (W1).").format(who=who)), hud.AMBER
    if ctx.session.over:
        return _("Game over"), hud.RED
    if st.pending is not None:
        who = st.players[st.pending.player].name
        return _("Derailment: {who} chooses which load is lost (E7)").format(who=who), hud.RED
    return "", hud.AMBER


def _banner(surface: pygame.Surface, ctx: Ctx) -> None:
    """A line across the top of the map for what everybody must know now."""
    text, colour = banner_text(ctx)
    if not text:
        return
    m = ctx.table.camera.rect
    size = ctx.px(15)
    px = ctx.px
    lines = hud.wrap(text, size, m.w - px(80), True)
    lh = font(size, True).get_linesize()
    w = max(font(size, True).size(line)[0] for line in lines) + size * 2
    box = pygame.Rect(0, 0, w, lh * len(lines) + size // 2 * 2)
    box.midtop = (m.centerx, m.y + px(8))
    pygame.draw.rect(surface, colour, box, border_radius=min(box.h // 2, px(16)))
    y = box.y + size // 2
    for line in lines:
        hud.label(surface, line, (box.centerx, y), size, WHITE, bold=True,
                  anchor="midtop")
        y += lh
