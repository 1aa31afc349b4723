"""A picked city's deliveries as the side panel lists them: every legal delivery (S-G3) of its
cubes, grouped by the cube's colour and, within a colour, the mover's points first and then
the fewest points given to others (S-G5); the best of them all lit; as many rows as the
panel holds, scrolled by the wheel, the keys or the arrows at the list's ends.

The order and the rows are worked out here, apart from painting, so that the buttons, the
painter and the tests read the same list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from rail_app.games.steam.rules import goods
from rail_app.games.steam.rules.board import COLOURS, Colour


def gains(route: goods.Route, mover: int, seats: int) -> tuple[int, int]:
    """The mover's points and the points given to every other player (S-G5)."""
    pts = route.points(seats)
    return pts[mover], sum(pts) - pts[mover]


def distinct(routes: Sequence[goods.Route], seats: int) -> list[goods.Route]:
    """One delivery of each outcome: routes that take the same cube through the same stops
    and pay every player the same points (over parallel links of the same owners) end
    the same way, and are listed once."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for r in routes:
        key = (r.colour, r.stops, r.points(seats))
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def ordered(routes: Sequence[goods.Route], mover: int, seats: int) -> list[goods.Route]:
    """Each distinct delivery (:func:`distinct`), grouped by colour (the board's order of
    colours), then the mover's points (most first), then the points given to others
    (fewest first), then the shorter route."""
    def key(r: goods.Route) -> tuple[int, int, int, int, tuple[int, ...]]:
        mine, others = gains(r, mover, seats)
        return COLOURS.index(r.colour), -mine, others, len(r.stops), r.stops
    return sorted(distinct(routes, seats), key=key)


def best(routes: Sequence[goods.Route], mover: int, seats: int) -> int | None:
    """The index of the best delivery: the most points to the mover, then the fewest to
    others, then the shortest."""
    if not routes:
        return None
    return min(range(len(routes)), key=lambda i: (-gains(routes[i], mover, seats)[0],
                                                 gains(routes[i], mover, seats)[1],
                                                 len(routes[i].stops), i))


@dataclass(frozen=True)
class Row:
    """One row of the list: a colour's heading (``route`` None) or a delivery."""

    colour: Colour
    route: int | None
    rect: pygame.Rect


def all_rows(routes: Sequence[goods.Route]) -> list[tuple[Colour, int | None]]:
    """The list's rows from the top: each colour's heading, then its deliveries."""
    out: list[tuple[Colour, int | None]] = []
    last: Colour | None = None
    for i, r in enumerate(routes):
        if r.colour is not last:
            out.append((r.colour, None))
            last = r.colour
        out.append((r.colour, i))
    return out


@dataclass(frozen=True)
class Window:
    """The rows on screen, and how many rows of the list are above and below them."""

    rows: tuple[Row, ...]
    above: int
    below: int
    up: pygame.Rect  # where the arrows stand (shown when there is something that way)
    down: pygame.Rect


def window(routes: Sequence[goods.Route], scroll: int, area: pygame.Rect, row_h: int,
           head_h: int, arrow_h: int) -> Window:
    """The rows that fit in ``area`` from row ``scroll`` of the list (kept within the
    list), with room for an arrow at each end."""
    every = all_rows(routes)
    up = pygame.Rect(area.x, area.y, area.w, arrow_h)
    down = pygame.Rect(area.x, area.bottom - arrow_h, area.w, arrow_h)
    start = max(0, min(scroll, max_scroll(routes, area, row_h, head_h, arrow_h)))
    y = area.y + arrow_h
    rows: list[Row] = []
    i = start
    while i < len(every):
        colour, route = every[i]
        h = head_h if route is None else row_h
        if y + h > area.bottom - arrow_h:
            break
        rows.append(Row(colour, route, pygame.Rect(area.x, y, area.w, h)))
        y += h
        i += 1
    return Window(tuple(rows), start, len(every) - i, up, down)


def max_scroll(routes: Sequence[goods.Route], area: pygame.Rect, row_h: int, head_h: int,
               arrow_h: int) -> int:
    """The first row at which the list's end is on screen."""
    every = all_rows(routes)
    room = area.h - 2 * arrow_h
    used = 0
    first = len(every)
    while first > 0:
        colour, route = every[first - 1]
        h = head_h if route is None else row_h
        if used + h > room:
            break
        used += h
        first -= 1
    return first


def scrolled_to(routes: Sequence[goods.Route], index: int, scroll: int, area: pygame.Rect,
                row_h: int, head_h: int, arrow_h: int) -> int:
    """The scroll that shows delivery ``index`` (``scroll`` itself when it is shown)."""
    w = window(routes, scroll, area, row_h, head_h, arrow_h)
    if any(r.route == index for r in w.rows):
        return w.above
    every = all_rows(routes)
    at = next(k for k, (_c, r) in enumerate(every) if r == index)
    return max(0, at - 1)
