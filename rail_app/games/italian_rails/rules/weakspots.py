"""Weak spots of a map: places where K5 leaves players little or no room (B3, B6, K5).

K5 forbids any segment that leaves the opponent without a way to a city. So a city (or a
strait end) with fewer than three usable segments is a trap: a line *through* it takes two,
and if that leaves no third, K5 must refuse the line, and nobody's network can ever pass
there. A city that every way reaches over one single segment can never be reached at all:
whoever built that segment would cut everyone else off. ``validate-map`` warns about these,
naming the line of the map file; the map preview rings them, together with the cities that
only a ferry reaches (islands, which is often meant) and the cities nothing reaches.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx
import shapely

from rail_app.core.mapfile import MapProblem, PathKey
from rail_app.games.italian_rails.rules.board import Board, City, Strait

#: Fewer usable segments than this at a city or a strait end is a weak spot (K5).
MIN_USABLE = 3

FEW_SEGMENTS = "few-segments"
STRAIT_END = "strait-end"
SINGLE_SEGMENT = "single-segment"
FERRY_ONLY = "ferry-only"
UNREACHABLE = "unreachable"
FERRY_OVER_LAND = "ferry-over-land"

#: Kinds ``validate-map`` warns about; the others are shown by the preview only.
WARNED = (FEW_SEGMENTS, STRAIT_END, SINGLE_SEGMENT, UNREACHABLE, FERRY_OVER_LAND)


@dataclass(frozen=True)
class WeakSpot:
    kind: str
    dots: tuple[int, ...]  # the dots to ring on the map
    where: PathKey  # the key of the map file it belongs to (cities[i], straits[i])
    message: str

    @property
    def warned(self) -> bool:
        return self.kind in WARNED


def usable_neighbours(board: Board, d: int) -> list[int]:
    """The dots a usable segment joins to ``d``: every segment that is not forbidden (B3),
    the strait included."""
    out = []
    for n in board.adj[d]:
        e = board.edge(d, n)
        if e is not None and e.forbidden is None:
            out.append(n)
    return out


def city_exits(board: Board, city: City) -> list[tuple[int, int]]:
    """The usable segments leading into a city from outside it (for a major city, those
    leaving its hexagon: the free inner track does not count)."""
    inside = set(city.dots)
    return [(d, n) for d in city.dots for n in usable_neighbours(board, d) if n not in inside]


def _place(board: Board, d: int) -> str:
    city = board.city_of_dot.get(d)
    return f"{board.key(d)} ({city.name})" if city is not None else board.key(d)


def _few(n: int) -> str:
    return f"only {n} usable segment{'s' if n != 1 else ''}"


def weak_spots(board: Board) -> list[WeakSpot]:
    """Every weak spot of ``board``, in the order of the map file (cities, then straits)."""
    out: list[WeakSpot] = []
    track = nx.Graph()
    track.add_nodes_from(range(len(board.dots)))
    for e in board.edges.values():
        if e.forbidden is None:
            track.add_edge(e.a, e.b)
    with_ferries = track.copy()
    for f in board.ferries:
        with_ferries.add_edge(*f.ports)
    major_dots = {d for c in board.majors for d in c.dots}

    def comps(g: nx.Graph) -> dict[int, int]:
        out_: dict[int, int] = {}
        for i, comp in enumerate(nx.connected_components(g)):
            if comp & major_dots:
                for d in comp:
                    out_[d] = i
        return out_

    by_track = comps(track)
    by_any = comps(with_ferries)
    behind = _behind_single_segments(board, with_ferries, major_dots)
    for city in board.city_list:
        where: PathKey = ("cities", city.index)
        label = f"cities[{city.index}] {city.name!r}"
        exits = city_exits(board, city)
        if not city.major and len(exits) < MIN_USABLE:
            ends = " and ".join(sorted({board.key(n) for _, n in exits})) or "nowhere"
            out.append(WeakSpot(FEW_SEGMENTS, city.dots, where, (
                f"{label}: {_few(len(exits))} reach it (from {ends}); with fewer than "
                f"{MIN_USABLE}, one player's line through it leaves the other no way in, "
                "so K5 must refuse it")))
        if not any(d in by_any for d in city.dots):
            out.append(WeakSpot(UNREACHABLE, city.dots, where, (
                f"{label}: no track or ferry joins it to a major city, so no player can "
                "ever reach it")))
        elif city.centre in behind:
            a, b = behind[city.centre]
            out.append(WeakSpot(SINGLE_SEGMENT, city.dots, where, (
                f"{label}: every way to it crosses the one segment {board.key(a)} - "
                f"{board.key(b)}, which K5 lets nobody build")))
        elif not any(d in by_track for d in city.dots):
            out.append(WeakSpot(FERRY_ONLY, city.dots, where, (
                f"{label}: only a ferry joins it to the major cities")))
    for strait in board.straits:
        out.extend(_strait_spots(board, strait))
    out.extend(ferries_over_land(board))
    return out


def ferries_over_land(board: Board) -> list[WeakSpot]:
    """Ferries whose route runs over land (B6: a ferry joins two ports across water): the
    straight line between the ports, beyond a dot's spacing around each, crosses more than
    a dot's spacing of land. Wrong ports, most often: a port on the other coast."""
    out: list[WeakSpot] = []
    if not board.ferries:
        return out
    geo = board.geometry
    land = geo.union("land").difference(shapely.union_all([geo.union("lake"),
                                                          geo.union("inlet")]))
    spacing = board.layout.spacing
    for f in board.ferries:
        a, b = (board.dots[p] for p in f.ports)
        route = shapely.LineString([(a.x, a.y), (b.x, b.y)])
        middle = route.difference(shapely.Point(a.x, a.y).buffer(spacing)).difference(
            shapely.Point(b.x, b.y).buffer(spacing))
        over = middle.intersection(land).length
        if over <= spacing:
            continue
        near = middle.buffer(spacing / 2)
        high = sum(1 for d in board.dots if d.terrain in ("mountain", "alpine")
                   and near.contains(shapely.Point(d.x, d.y)))
        past = f", past {high} mountain dot{'s' if high != 1 else ''}" if high else ""
        out.append(WeakSpot(FERRY_OVER_LAND, f.ports, ("ferries", f.index), (
            f"ferries[{f.index}] {f.name!r}: its route from {_place(board, a.id)} to "
            f"{_place(board, b.id)} runs {over:.0f} km over land{past}; a ferry crosses "
            "water, so check its ports")))
    return out


def _strait_spots(board: Board, strait: Strait) -> list[WeakSpot]:
    out = []
    for end in (strait.a, strait.b):
        n = len(usable_neighbours(board, end))
        if n < MIN_USABLE:
            out.append(WeakSpot(STRAIT_END, (end,), ("straits", strait.index), (
                f"straits[{strait.index}] {strait.name!r}: its end {_place(board, end)} has "
                f"{_few(n)} (the strait included); a line across the strait would leave "
                "the other player no way past it")))
    return out


def _behind_single_segments(board: Board, g: nx.Graph,
                            major_dots: set[int]) -> dict[int, tuple[int, int]]:
    """City dots that every way from a major city reaches over one segment (a bridge of the
    usable graph): dot -> that segment."""
    out: dict[int, tuple[int, int]] = {}
    city_dots = set(board.city_of_dot)
    for u, v in nx.bridges(g):
        if board.edge(u, v) is None:
            continue  # a ferry: K5 never forbids taking one
        cut = g.copy()
        cut.remove_edge(u, v)
        for side in (nx.node_connected_component(cut, u), nx.node_connected_component(cut, v)):
            if side & major_dots:
                continue
            for d in side & city_dots:
                out.setdefault(d, (min(u, v), max(u, v)))
    return out


def weak_spot_warnings(board: Board) -> list[MapProblem]:
    """The weak spots ``validate-map`` warns about, as ``file:line: warning: ...``."""
    shown = str(board.path) if board.path is not None else board.name
    return [MapProblem(shown, board.lines.line_of(s.where), f"warning: {s.message}")
            for s in weak_spots(board) if s.warned]
