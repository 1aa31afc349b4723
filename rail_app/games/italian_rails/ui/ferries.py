"""Ferries that explain themselves (K8, M5): which ferry the pointer is on, who may take it
and what it costs now, the ferry lit up as the pen's next step from a port, and the words
of the dialog that offers to take it when its route is clicked while building."""

from __future__ import annotations

import math

import pygame

from rail_app.core.i18n import _, money_millions
from rail_app.games.italian_rails.rules import build, events, queries
from rail_app.games.italian_rails.rules.board import Board, Ferry
from rail_app.games.italian_rails.rules.state import GameState, Phase
from rail_app.games.italian_rails.rules.words import refusal
from rail_app.games.italian_rails.ui import maprender as mr
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.games.italian_rails.ui.ctx import Ctx


def ferry_near(board: Board, cam: Camera, pos: tuple[float, float]) -> Ferry | None:
    """The ferry whose route (the dotted arc over the water) is under ``pos``."""
    near = max(10.0, cam.dot_px * 0.4)
    ox, oy = cam.rect.topleft
    for f in board.ferries:
        (ax, ay), (bx, by) = (cam.dot_screen(p) for p in f.ports)
        reach = near + 0.12 * math.hypot(bx - ax, by - ay)
        if not (min(ax, bx) - reach <= pos[0] <= max(ax, bx) + reach
                and min(ay, by) - reach <= pos[1] <= max(ay, by) + reach):
            continue
        pts = mr.ferry_curve(board, cam.view(), *f.ports)
        if any(math.hypot(x + ox - pos[0], y + oy - pos[1]) < near for x, y in pts[3:-3]):
            return f
    return None


def taker_lines(state: GameState, ferry: Ferry) -> list[str]:
    """For each player: taken already, or may take it now and for how much, or why not."""
    board = state.board
    takers = state.ferry_takers.get(ferry.index, [])
    ports = " or ".join(board.place_name(p) for p in ferry.ports)
    out = []
    for i, p in enumerate(state.players):
        if i in takers:
            nth = "first" if takers and takers[0] == i else "second"
            out.append(_("{name} has taken it ({nth}): the train may board it (M5)").format(name=p.name, nth=nth))
            continue
        q = queries.ferry_on_turn(state, i, ferry)
        price = build.ferry_cost(state, i, ferry)
        if q.ok:
            out.append(_("{name} may take it now for {price} (K8)").format(name=p.name, price=money_millions(price)))
        elif "K8" in q.rules:
            out.append(_("{name}: {price} once your track reaches {ports} (K8)").format(name=p.name, price=money_millions(price), ports=ports))
        else:
            out.append(_("{name}: {price}; not now: {refusal}").format(name=p.name, price=money_millions(price), refusal=refusal(board, q)))
    return out


def hover_words(state: GameState, ferry: Ferry) -> list[str]:
    """What the pointer on a ferry's route shows (UX.md "Help": a ferry's costs and who
    has taken it)."""
    out = [_("First taker pays {high}, the second {low} (K8)").format(high=money_millions(ferry.high), low=money_millions(ferry.low))]
    out += taker_lines(state, ferry)
    storm = events.storm_over(state, ferry.index)
    if storm:
        out.append(_("{storm}: it does not sail now (E5)").format(storm=storm))
    if state.phase is Phase.BUILD:
        out.append(_("Click the route (or drag across it from a port) to take it"))
    return out


def offer_words(state: GameState, ferry: Ferry) -> list[str]:
    """The dialog offering to take a clicked ferry: what taking it means and who has it."""
    board = state.board
    a, b = (board.place_name(p) for p in ferry.ports)
    out = [_("Sails between {a} and {b} over the {sea}.").format(a=a, b=b, sea=ferry.sea) if ferry.sea else
           _("Sails between {a} and {b}.").format(a=a, b=b),
           _("Once taken, your train may board it at either port at the start of a move; it "
           "lands at the other port next turn, at half speed (M5).")]
    out += taker_lines(state, ferry)
    return out


def pen_ferries(ctx: Ctx) -> list[Ferry]:
    """The ferries from the port the pen stands on that are a legal next step (K8)."""
    pen = ctx.table.pen
    if not pen.active:
        return []
    here = pen.path[-1]
    legal = set(pen.legal_next())
    return [f for f in ctx.state.board.ferries_at.get(here, []) if f.other_port(here) in legal]


def pen_ferry_words(ctx: Ctx) -> list[str]:
    """The pen's box, on a port: where the ferry goes and what it costs now."""
    pen = ctx.table.pen
    board = ctx.state.board
    out = []
    for f in pen_ferries(ctx):
        other = f.other_port(pen.path[-1])
        price = build.ferry_cost(pen.state, pen.state.current, f)
        out.append(_("Drag across the water to {place_name}: the {name} ferry, {price} (K8)").format(place_name=board.place_name(other), name=f.name, price=money_millions(price)))
    return out


def paint_pen_ferry(surface: pygame.Surface, ctx: Ctx, ink: tuple[int, int, int]) -> None:
    """The pen stands on a port and the ferry is a legal next step: its route glows in the
    player's ink (the pen's box says where it goes and its price)."""
    pen = ctx.table.pen
    board = ctx.state.board
    cam = ctx.table.camera
    for f in pen_ferries(ctx):
        here = pen.path[-1]
        other = f.other_port(here)
        ox, oy = cam.rect.topleft
        pts = [(x + ox, y + oy) for x, y in mr.ferry_curve(board, cam.view(), here, other)]
        wide = max(8, round(cam.dot_px * 0.45))
        box = pygame.Rect(min(x for x, _ in pts), min(y for _, y in pts), 1, 1)
        box.union_ip(pygame.Rect(max(x for x, _ in pts), max(y for _, y in pts), 1, 1))
        box.inflate_ip(2 * wide, 2 * wide)
        glow = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.lines(glow, (*ink, 90), False, [(x - box.x, y - box.y) for x, y in pts],
                          wide)
        surface.blit(glow, box)
        pygame.draw.lines(surface, ink, False, pts, 3)
