"""Links traced from the tiles on the map (S-K1-S-K3).

Two paths are joined when they use the same hex side from the two hexes sharing it (S-K2).
A link is a maximal chain of joined paths; tiles never join their own paths (S-K1), and a
side carries at most one path per tile, so a chain never branches. Each end of a link is:

- a city: the last path's side faces a city hex (a city has track out of all six sides, S-B5);
- a town: the inner end of a spoke;
- open: the side faces an empty hex, a town hex without a tile, or a tile with no track on
  that side (D-6), or (never legally) an impassable side.

A link with both ends at a city or town is complete. Its controller is the owner written on
its paths (every path of a link carries the same owner; -1 is nobody, S-K3).

The :class:`LinkIndex` is computed from scratch (a few hundred paths at most) and cached on the
game state until the track changes; quoting a tile reads it without recomputing.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from dataclasses import dataclass, field
from enum import IntEnum

from rail_app.games.steam.rules.board import Board
from rail_app.games.steam.rules.tiles import TOWN, Path, Tile

NOBODY = -1
PathRef = tuple[int, Path]  # (hex, path): a path on the map, stable through upgrades


class EndKind(IntEnum):
    CITY = 0
    TOWN = 1
    OPEN = 2


@dataclass(frozen=True, slots=True)
class End:
    """One end of a link. ``hex``/``side``: for a city, the city hex and its side the link
    leaves by; for a town, the town hex and the spoke's side; for an open end, the last
    tile's hex and the side its path leaves by."""

    kind: EndKind
    hex: int
    side: int

    @property
    def stop(self) -> bool:
        """A city or a town (S-K2)."""
        return self.kind is not EndKind.OPEN


@dataclass(frozen=True)
class Link:
    """A link (S-K2): its paths from end ``a`` to end ``b`` and its controller (S-K3)."""

    id: int
    paths: tuple[PathRef, ...]
    a: End
    b: End
    owner: int
    cycle: bool = False  # a ring of track with no end (never built legally; see invariants)

    @property
    def complete(self) -> bool:
        return self.a.stop and self.b.stop and not self.cycle

    @property
    def open_end(self) -> End | None:
        if self.b.kind is EndKind.OPEN:
            return self.b
        if self.a.kind is EndKind.OPEN:
            return self.a
        return None

    def other(self, end: End) -> End:
        return self.b if end == self.a else self.a

    def last_path(self) -> PathRef | None:
        """S-K15: the path holding the open end (on the link's last tile)."""
        if self.b.kind is EndKind.OPEN:
            return self.paths[-1]
        if self.a.kind is EndKind.OPEN:
            return self.paths[0]
        return None


@dataclass
class LinkIndex:
    """Every link on the map, and the lookups building and moving need."""

    links: list[Link]
    of_path: dict[PathRef, int]
    #: (hex, side) -> the link whose open end faces that side of that hex: a new path in the
    #: hex using the side would join it (S-K2).
    open_facing: dict[tuple[int, int], int]
    #: stop hex -> links with an end at it (incomplete ones included).
    at_stop: dict[int, list[int]]
    _rooted: dict[int, frozenset[int]] = field(default_factory=dict)
    _graph: dict[int, dict[int, set[int]]] = field(default_factory=dict)

    def link_of(self, h: int, path: Path) -> Link:
        return self.links[self.of_path[(h, path)]]

    def complete_graph(self, player: int) -> dict[int, set[int]]:
        """Stop hex -> stops joined to it by a complete link ``player`` controls."""
        graph = self._graph.get(player)
        if graph is None:
            graph = {}
            for link in self.links:
                if link.owner == player and link.complete and link.a.hex != link.b.hex:
                    graph.setdefault(link.a.hex, set()).add(link.b.hex)
                    graph.setdefault(link.b.hex, set()).add(link.a.hex)
            self._graph[player] = graph
        return graph

    def rooted(self, player: int, cities: Container[int]) -> frozenset[int]:
        """S-K8(b): the stops joined to a city by a chain of complete links ``player``
        controls (cities included)."""
        found = self._rooted.get(player)
        if found is None:
            graph = self.complete_graph(player)
            seen: set[int] = set()
            for start in graph:
                if start in cities and start not in seen:
                    stack = [start]
                    seen.add(start)
                    while stack:
                        x = stack.pop()
                        for y in graph.get(x, ()):
                            if y not in seen:
                                seen.add(y)
                                stack.append(y)
            found = frozenset(seen)
            self._rooted[player] = found
        return found


def facing(board: Board, end: End) -> tuple[int, int] | None:
    """For an open end: the (hex, side) a path would use to join it; None otherwise."""
    if end.kind is not EndKind.OPEN:
        return None
    n = board.nb[end.hex][end.side]
    if n < 0 or board.blocked[end.hex][end.side]:
        return None
    return n, (end.side + 3) % 6


def compute(board: Board, tiles: Mapping[int, Tile], cities: Container[int]) -> LinkIndex:
    """Trace every link on the map. ``cities`` holds the city hexes (printed and New)."""
    nb = board.nb
    blocked = board.blocked
    links: list[Link] = []
    of_path: dict[PathRef, int] = {}
    open_facing: dict[tuple[int, int], int] = {}
    at_stop: dict[int, list[int]] = {}

    def walk(h: int, path: Path, end: int, start: PathRef) -> tuple[list[PathRef], End, bool]:
        """Follow the chain leaving ``path`` (in ``h``) by its end ``end``."""
        out: list[PathRef] = []
        while True:
            if end == TOWN:
                return out, End(EndKind.TOWN, h, path[0]), False
            n = nb[h][end]
            if n < 0 or blocked[h][end]:
                return out, End(EndKind.OPEN, h, end), False
            if n in cities:
                return out, End(EndKind.CITY, n, (end + 3) % 6), False
            tile = tiles.get(n)
            if tile is None:
                return out, End(EndKind.OPEN, h, end), False
            entry = (end + 3) % 6
            j = tile.orient.side_path[entry]
            if j < 0:
                return out, End(EndKind.OPEN, h, end), False
            nxt = tile.orient.paths[j]
            if (n, nxt) == start:
                return out, End(EndKind.OPEN, h, end), True
            out.append((n, nxt))
            h, path = n, nxt
            end = nxt[1] if nxt[0] == entry else nxt[0]

    for h in sorted(tiles):
        tile = tiles[h]
        for path, owner in zip(tile.orient.paths, tile.owners, strict=True):
            ref = (h, path)
            if ref in of_path:
                continue
            fwd, end_b, cycle = walk(h, path, path[1], ref)
            if cycle:
                back: list[PathRef] = []
                end_a = End(EndKind.OPEN, h, path[0])
            else:
                back, end_a, cycle = walk(h, path, path[0], ref)
            chain = (*reversed(back), ref, *fwd)
            lid = len(links)
            link = Link(lid, chain, end_a, end_b, owner, cycle)
            links.append(link)
            for r in chain:
                of_path[r] = lid
            if cycle:
                continue
            for end in (end_a, end_b):
                if end.kind is EndKind.OPEN:
                    key = facing(board, end)
                    if key is not None:
                        open_facing[key] = lid
                else:
                    at_stop.setdefault(end.hex, []).append(lid)
    return LinkIndex(links, of_path, open_facing, at_stop)
