"""Links a player could build: lines of hexes from a stop to another stop, with their price.

A :class:`Project` is a line of hexes a player could draw with the pen: from a city (S-K8:
new track comes out of a city), from the open end of one of their incomplete links, from an
abandoned link they may claim (S-K12c), or from a town their complete links join to a city;
through empty hexes (a plain tile each, S-K7), through hexes whose tile leaves both sides
free (an upgrade to a crossing or passing tile, S-K16), and through towns without a tile (a
two-spoke town tile: the line becomes two links, S-K11); to a city other than where its
link began, or to a town (S-K10). Its price is the tiles' (S-K7, S-K16b).

:func:`find_projects` runs one cheapest-first search per start, at most a few tile actions
deep, and keeps the cheapest line to each stop. Whether a line is really legal is for the
engine to say: :func:`realize` turns it into tile actions with
:func:`~rail_app.games.steam.rules.strokes.plan_stroke`, which quotes every step.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass

from rail_app.core.cache import BoundedCache
from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules.actions import LayTile, RedirectTile, UpgradeTile
from rail_app.games.steam.rules.board import Terrain
from rail_app.games.steam.rules.build import HILL_COST, RIVER_COST, TOWN_COST, may_claim
from rail_app.games.steam.rules.links import NOBODY, LinkIndex
from rail_app.games.steam.rules.state import GameState
from rail_app.games.steam.rules.strokes import ChoiceKind, plan_stroke
from rail_app.games.steam.rules.tiles import TOWN, upgrades_of, with_paths

TileAction = LayTile | UpgradeTile | RedirectTile


@dataclass(frozen=True)
class Project:
    """A line of hexes to build along (see the module).

    ``stroke`` is the line as the pen draws it (hex keys, its first and last entries the
    stops or the track it starts from and ends at); ``tiles`` the hexes that get a tile
    action, in order; ``links`` the pairs of stops it joins once finished (two or more when
    it passes a town); ``cost`` its estimated price in dollars."""

    stroke: tuple[str, ...]
    tiles: tuple[int, ...]
    links: tuple[tuple[int, int], ...]
    cost: int
    costs: tuple[int, ...]  # the price of each tile action, in order
    start: int  # the stop it begins at (a city or a town)
    end: int  # the stop it ends at
    extends: bool = False  # it carries on an incomplete link (the seat's or a claimed one)

    @property
    def actions(self) -> int:
        return len(self.tiles)


@dataclass
class _Node:
    cost: int
    hex: int
    entry: int
    parent: _Node | None
    actions: int
    seg_start: int  # the stop the current link began at
    passed: tuple[tuple[int, int], ...]  # links finished at towns passed on the way
    costs: tuple[int, ...] = ()  # the price of each tile placed before this hex


def _lay_cost(state: GameState, h: int, town: bool, exits: int) -> int:
    info = state.board.hexes[h]
    return exits + (TOWN_COST if town else 0) + (RIVER_COST if info.river else 0) + (
        HILL_COST if info.terrain is Terrain.HILL else 0)


def _pass_cost(state: GameState, h: int, entry: int, exit_: int) -> int | None:
    """The price of a plain path from ``entry`` to ``exit_`` in the non-town hex ``h``
    (a lay, or an upgrade keeping its track), or None when no tile fits."""
    tile = state.tiles.get(h)
    if tile is None:
        return _lay_cost(state, h, False, 2)
    if tile.orient.town or tile.orient.side_path[entry] >= 0 or tile.orient.side_path[exit_] >= 0:
        return None
    o = with_paths([*tile.paths, (min(entry, exit_), max(entry, exit_))])
    if o is None:
        return None
    return o.exits


def _town_cost(state: GameState, h: int, sides: tuple[int, ...]) -> int | None:
    """The price of giving the town at ``h`` spokes on ``sides`` (a lay or an upgrade)."""
    tile = state.tiles.get(h)
    wanted = {(s, TOWN) for s in sides}
    if tile is None:
        return _lay_cost(state, h, True, len(sides))
    if not tile.orient.town:
        return None
    if wanted <= set(tile.paths):
        return 0
    o = with_paths(sorted(set(tile.paths) | wanted))
    if o is None or o not in upgrades_of(tile.orient):
        return None
    return o.exits + TOWN_COST


#: Lines already found, by map and track (the same position is read by several planners: each
#: player at the action tiles, the other players' expected builds, the build phase). The
#: lines from cities are the same for every player; those from a player's own track are
#: theirs.
_FOUND: BoundedCache[tuple[object, ...], list[Project]] = BoundedCache(512)
Found = dict[tuple[int, int, bool, str, tuple[tuple[int, int], ...]], Project]


def _remember(key: tuple[object, ...], make: Callable[[], list[Project]]) -> list[Project]:
    return _FOUND.get(key, make)


def find_projects(state: GameState, seat: int, max_actions: int = 5) -> list[Project]:
    """Lines ``seat`` could build, each the cheapest found from its start to its end stop,
    at most ``max_actions`` tile actions long (see the module). Answers are kept for
    positions seen again (the lists are shared: do not change them)."""
    track = (state.board.stamp,
             tuple(sorted((h, t.orient.paths, t.owners) for h, t in state.tiles.items())),
             frozenset(state.city_hexes))
    common = _remember(("cities", max_actions, track), lambda: _from_cities(state, max_actions))
    own = _remember(("own", seat, max_actions, track),
                    lambda: _from_own_track(state, seat, max_actions))
    return _remember(("all", seat, max_actions, track),
                     lambda: sorted([*common, *own], key=lambda p: (p.cost, p.stroke)))


def _from_cities(state: GameState, max_actions: int) -> list[Project]:
    """Lines out of every city (S-K8: new track comes out of a city)."""
    board = state.board
    idx = state.links()
    cities = state.city_hexes
    costs = _Costs(state)
    out: Found = {}
    for c in sorted(cities):
        firsts = []
        for s in range(6):
            n = board.nb[c][s]
            if n < 0 or board.blocked[c][s] or n in cities:
                continue
            entry = (s + 3) % 6
            if not costs.free[n] >> entry & 1:
                continue
            firsts.append((n, entry))
        if firsts:
            _search(state, idx, costs, c, [board.key(c)], firsts, max_actions, out, False)
    return list(out.values())


def _from_own_track(state: GameState, seat: int, max_actions: int) -> list[Project]:
    """Lines carrying on the seat's incomplete links and the abandoned ones it may claim
    (S-K12c), and lines from towns its complete links join to a city (S-K8)."""
    board = state.board
    idx = state.links()
    cities = state.city_hexes
    costs = _Costs(state)
    out: Found = {}
    for link in idx.links:
        end = link.open_end
        if end is None or link.cycle:
            continue
        if not (link.owner == seat or (link.owner == NOBODY and may_claim(state, idx, seat,
                                                                          link))):
            continue
        far = link.other(end)
        if not far.stop:
            continue
        n = board.nb[end.hex][end.side]
        if n < 0 or board.blocked[end.hex][end.side]:
            continue
        entry = (end.side + 3) % 6
        if n in cities:
            continue  # it would be complete already
        _search(state, idx, costs, far.hex, [board.key(end.hex)], [(n, entry)], max_actions,
                out, True)
    rooted = idx.rooted(seat, cities)
    for t in sorted(rooted):
        if t in cities:
            continue
        tile = state.tiles.get(t)
        if tile is None or not tile.orient.town:
            continue
        for s in range(6):
            if tile.orient.side_path[s] >= 0 or board.blocked[t][s]:
                continue
            n = board.nb[t][s]
            if n < 0 or n in cities:
                continue
            cost = _town_cost(state, t, (*(p[0] for p in tile.paths), s))
            if cost is None or not costs.free[n] >> ((s + 3) % 6) & 1:
                continue
            _search(state, idx, costs, t, [board.key(t)], [(n, (s + 3) % 6)],
                    max_actions - 1, out, False, first_cost=cost, first_tile=t)
    return list(out.values())


class _Costs:
    """Prices and free sides read once per search (the map does not change during it)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        n = len(state.board.hexes)
        self.free = [0b111111] * n
        for h, tile in state.tiles.items():
            self.free[h] = 0b111111 & ~tile.orient.side_mask
        self._pass: dict[tuple[int, int, int], int | None] = {}

    def pass_cost(self, h: int, entry: int, exit_: int) -> int | None:
        key = (h, entry, exit_)
        found = self._pass.get(key, -1)
        if found == -1:
            found = _pass_cost(self.state, h, entry, exit_)
            self._pass[key] = found
        return found


def _search(state: GameState, idx: LinkIndex, costs: _Costs, origin: int, prefix: list[str],
            firsts: list[tuple[int, int]], max_actions: int, out: Found, extends: bool,
            first_cost: int = 0, first_tile: int = -1) -> None:
    """Cheapest-first search from ``firsts`` (hex, entry side); every stop reached gives a
    project (kept when it is the cheapest to that stop from this start)."""
    board = state.board
    cities = state.city_hexes
    facing = idx.open_facing
    heap: list[tuple[int, int, _Node]] = []
    best: dict[tuple[int, int], int] = {}
    tie = 0
    start_actions = 1 if first_tile >= 0 else 0
    for h, e in firsts:
        heapq.heappush(heap, (first_cost, tie, _Node(first_cost, h, e, None, start_actions,
                                                     origin, (), (first_cost,) if first_tile >= 0
                                                     else ())))
        tie += 1
    while heap:
        cost, _, node = heapq.heappop(heap)
        h, e = node.hex, node.entry
        if best.get((h, e), 1 << 30) <= cost:
            continue
        best[(h, e)] = cost
        if node.actions + 1 > max_actions:
            continue
        if board.hexes[h].town:
            # a town ends the link here (S-K11) ...
            if h == node.seg_start:
                continue
            c1 = _town_cost(state, h, (e,))
            if c1 is not None:
                _emit(state, origin, prefix, node, None, cost + c1,
                      (*node.passed, (node.seg_start, h)), out, extends, first_tile,
                      (*node.costs, c1))
            if state.tiles.get(h) is not None:
                continue
            # ... or is passed with a second spoke, which starts a new link
            for x in range(6):
                if x == e or board.blocked[h][x]:
                    continue
                n = board.nb[h][x]
                if n < 0 or (h, x) in facing:
                    continue
                c2 = _town_cost(state, h, (e, x))
                if c2 is None:
                    continue
                passed = (*node.passed, (node.seg_start, h))
                if n in cities:
                    _emit(state, origin, prefix, node, n, cost + c2,
                          (*passed, (h, n)), out, extends, first_tile, (*node.costs, c2))
                    continue
                if not costs.free[n] >> ((x + 3) % 6) & 1:
                    continue
                nxt = _Node(cost + c2, n, (x + 3) % 6, node, node.actions + 1, h, passed,
                            (*node.costs, c2))
                heapq.heappush(heap, (nxt.cost, tie, nxt))
                tie += 1
            continue
        for x in range(6):
            if x == e or board.blocked[h][x]:
                continue
            n = board.nb[h][x]
            if n < 0 or (h, x) in facing:
                continue
            c = costs.pass_cost(h, e, x)
            if c is None:
                continue
            if n in cities:
                if n != node.seg_start:
                    _emit(state, origin, prefix, node, n, cost + c,
                          (*node.passed, (node.seg_start, n)), out, extends, first_tile,
                          (*node.costs, c))
                continue
            if not costs.free[n] >> ((x + 3) % 6) & 1:
                continue
            nxt = _Node(cost + c, n, (x + 3) % 6, node, node.actions + 1, node.seg_start,
                        node.passed, (*node.costs, c))
            heapq.heappush(heap, (nxt.cost, tie, nxt))
            tie += 1


def _emit(state: GameState, origin: int, prefix: list[str], node: _Node,
          city: int | None, cost: int, links: tuple[tuple[int, int], ...],
          out: Found, extends: bool, first_tile: int, costs: tuple[int, ...]) -> None:
    """Record the line whose last tile goes on ``node``'s hex, ending in ``city`` beyond it
    (None: it ends at the town on that hex)."""
    board = state.board
    hexes: list[int] = []
    n: _Node | None = node
    while n is not None:
        hexes.append(n.hex)
        n = n.parent
    hexes.reverse()
    if len(set(hexes)) != len(hexes):
        return
    stroke = [*prefix, *(board.key(x) for x in hexes)]
    if city is not None:
        stroke.append(board.key(city))
    tiles = [first_tile, *hexes] if first_tile >= 0 else hexes
    end = links[-1][1]
    key = (origin, end, extends, stroke[0], links)
    old = out.get(key)
    if old is None or (cost, len(tiles)) < (old.cost, len(old.tiles)):
        out[key] = Project(tuple(stroke), tuple(tiles), links, cost, costs, origin, end,
                           extends)


def realize(state: GameState, project: Project, seat: int, limit: int | None = None
            ) -> tuple[list[TileAction], GameState, int]:
    """The tile actions of ``project`` the engine accepts now, in order (at most ``limit``),
    the state after them (a copy), and their total price. Stops at the first step the
    engine refuses."""
    work = state.copy()
    actions: list[TileAction] = []
    spent = 0
    for choice in plan_stroke(work, list(project.stroke), seat):
        if choice.kind is ChoiceKind.EXISTING:
            continue
        if choice.action is None or choice.quote is None or not choice.quote.ok:
            break
        if limit is not None and len(actions) >= limit:
            break
        q = engine.quote(work, choice.action, seat)
        if not q.ok:
            break
        work = engine.apply(work, choice.action, seat, inplace=True)
        actions.append(choice.action)
        spent += q.cost
    return actions, work, spent
