"""Moving goods (S-G1-S-G7) and the locomotive (S-L1-S-L4).

A route is a chain of complete links from the cube's city; each link is written by the side it
leaves its starting stop by, since two links may join the same two stops. The legal routes of
a cube are found by a depth-first search over complete links, at most the mover's locomotive
level deep (S-G3a), stopping at the first city of the cube's colour (S-G3c).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rail_app.games.steam.rules import money
from rail_app.games.steam.rules.actions import (
    Action,
    MoveCube,
    PassMove,
    TakePoints,
    UpgradeLocomotive,
)
from rail_app.games.steam.rules.board import (
    COLOUR_INDEX,
    COLOURS,
    Colour,
    add_cubes,
    one_cube,
    sub_cubes,
)
from rail_app.games.steam.rules.events import (
    CubeDelivered,
    LocoRaised,
    MovePassed,
    PointsTaken,
    Reason,
)
from rail_app.games.steam.rules.links import NOBODY, LinkIndex
from rail_app.games.steam.rules.quotes import Quote, RouteDetails, Violation
from rail_app.games.steam.rules.state import MAX_LOCO, ActionTile, GameState, Step

ROUNDS: Final = 2  # S-G2


@dataclass(frozen=True)
class Route:
    """A delivery: the cube, its stops after the source, the sides each link leaves its
    starting stop by, the links and their controllers (-1 nobody)."""

    source: int
    colour: Colour
    stops: tuple[int, ...]
    exits: tuple[int, ...]
    links: tuple[int, ...]
    owners: tuple[int, ...]

    def points(self, seats: int) -> tuple[int, ...]:
        """S-G5: points per seat (1 per link controlled)."""
        out = [0] * seats
        for o in self.owners:
            if o != NOBODY:
                out[o] += 1
        return tuple(out)

    def action(self, state: GameState) -> MoveCube:
        return MoveCube(state.key(self.source), self.colour,
                        tuple(state.key(s) for s in self.stops), self.exits)


def _leaving(idx: LinkIndex, stop: int) -> list[tuple[int, int, int, int]]:
    """Complete links at a stop: (side it leaves by, link id, other stop, controller)."""
    out = []
    for lid in idx.at_stop.get(stop, ()):
        link = idx.links[lid]
        if not link.complete or link.a.hex == link.b.hex:
            continue
        here, there = (link.a, link.b) if link.a.hex == stop else (link.b, link.a)
        out.append((here.side, lid, there.hex, link.owner))
    out.sort()
    return out


def ownership_ok(owners: tuple[int, ...], mover: int) -> bool:
    """S-G3e: at least one link is the mover's, and for every other player the mover uses at
    least as many of their own links (links of nobody count for neither, D-23)."""
    counts: dict[int, int] = {}
    for o in owners:
        if o != NOBODY:
            counts[o] = counts.get(o, 0) + 1
    mine = counts.get(mover, 0)
    return mine >= 1 and all(n <= mine for n in counts.values())


def routes_from(state: GameState, source: int, mover: int, max_len: int | None = None,
                colours: tuple[Colour, ...] | None = None) -> list[Route]:
    """Every legal delivery (S-G3) of the cubes at ``source`` by ``mover`` (all colours
    present, or ``colours``)."""
    idx = state.links()
    have = state.cubes.get(source)
    if have is None:
        return []
    wanted = {c for c in COLOURS if have[COLOUR_INDEX[c]] > 0}
    if colours is not None:
        wanted &= set(colours)
    if not wanted:
        return []
    limit = state.players[mover].loco if max_len is None else max_len
    out: list[Route] = []
    stops: list[int] = []
    exits: list[int] = []
    lids: list[int] = []
    owners: list[int] = []
    visited = {source}

    def dfs(at: int, open_colours: frozenset[Colour]) -> None:
        if len(stops) >= limit:
            return
        for side, lid, other, owner in _leaving(idx, at):
            if other in visited:
                continue
            stops.append(other)
            exits.append(side)
            lids.append(lid)
            owners.append(owner)
            colour = state.colour_of(other)
            if colour is not None and colour in open_colours:
                if ownership_ok(tuple(owners), mover):
                    out.append(Route(source, colour, tuple(stops), tuple(exits), tuple(lids),
                                     tuple(owners)))
                rest = open_colours - {colour}  # S-G3c: a cube of that colour stops here
            else:
                rest = open_colours
            if rest:
                visited.add(other)
                dfs(other, rest)
                visited.discard(other)
            stops.pop()
            exits.pop()
            lids.pop()
            owners.pop()

    dfs(source, frozenset(wanted))
    return out


def legal_routes(state: GameState, mover: int) -> list[Route]:
    """The distinct deliveries ``mover`` can make now: one route per source, colour, stops
    and controllers (routes differing only in which of two parallel links of the same
    controller they take give the same game)."""
    seen: set[tuple[int, Colour, tuple[int, ...], tuple[int, ...]]] = set()
    out: list[Route] = []
    for source in sorted(state.cubes):
        for r in routes_from(state, source, mover):
            k = (r.source, r.colour, r.stops, r.owners)
            if k not in seen:
                seen.add(k)
                out.append(r)
    return out


def resolve(state: GameState, action: MoveCube, mover: int
            ) -> tuple[Route | None, list[Violation]]:
    """The route a MoveCube describes, with every rule it breaks."""
    board = state.board
    vs: list[Violation] = []
    source = board.hex_index(action.source)
    if source is None or source not in state.city_hexes:
        return None, [Violation("S-G3", f"{action.source} is not a city: cubes move from cities")]
    have = state.cubes.get(source)
    if have is None or have[COLOUR_INDEX[action.colour]] <= 0:
        return None, [Violation("S-G3", f"There is no {action.colour} cube on "
                                        f"{board.name_of(source)}")]
    if not action.stops or len(action.stops) != len(action.exits):
        return None, [Violation("S-G3", "A delivery runs over at least one link")]
    idx = state.links()
    at = source
    stops: list[int] = []
    lids: list[int] = []
    owners: list[int] = []
    for key, side in zip(action.stops, action.exits, strict=True):
        target = board.hex_index(key)
        found = [x for x in _leaving(idx, at) if x[0] == side]
        if not found:
            return None, [Violation("S-G3", f"No complete link leaves {board.name_of(at)} that "
                                            "way: cubes move only over complete links")]
        _, lid, other, owner = found[0]
        if target != other:
            return None, [Violation("S-G3", f"That link from {board.name_of(at)} reaches "
                                            f"{board.name_of(other)}, not {key}")]
        stops.append(other)
        lids.append(lid)
        owners.append(owner)
        at = other
    route = Route(source, action.colour, tuple(stops), tuple(action.exits), tuple(lids),
                  tuple(owners))
    loco = state.players[mover].loco
    if len(stops) > loco:
        vs.append(Violation("S-L1", f"Your locomotive (level {loco}) carries a cube over at most "
                                    f"{loco} link{'s' if loco > 1 else ''}; this route has "
                                    f"{len(stops)}"))
    end_colour = state.colour_of(stops[-1])
    if end_colour != action.colour:
        vs.append(Violation("S-G4", f"A {action.colour} cube is delivered only to a "
                                    f"{action.colour} city"))
    if any(state.colour_of(s) == action.colour for s in stops[:-1]):
        vs.append(Violation("S-G3", "The cube must stop at the first city of its colour on the "
                                    "way"))
    if len(set(stops)) != len(stops) or source in stops:
        vs.append(Violation("S-G3", "A route may not visit a city or town twice, nor come back "
                                    "to where the cube started"))
    if not ownership_ok(tuple(owners), mover):
        mine = sum(1 for o in owners if o == mover)
        vs.append(Violation("S-G3", "At least one link must be yours, and you must use at least "
                                    "as many of your own links as of any other player's "
                                    f"(yours: {mine})"))
    return route, vs


def quote_move(state: GameState, action: MoveCube) -> Quote:
    mover = state.queue[state.cursor]
    route, vs = resolve(state, action, mover)
    if route is None:
        return Quote(action, 0, tuple(vs))
    details = RouteDetails(route.points(state.seats), state.key(route.stops[-1]))
    return Quote(action, 0, tuple(vs), details)


def apply_move(state: GameState, action: MoveCube, quote: Quote) -> None:
    """S-G5: the cube leaves the map (back into the bag, out of play, D-37); each controller
    on the route earns 1 point per link; the receivers choose, the mover first, then the
    others in turn order (S-G6, D-27)."""
    mover = state.queue[state.cursor]
    route, _ = resolve(state, action, mover)
    assert route is not None
    cube = one_cube(action.colour)
    have = state.cubes[route.source]
    state.cubes[route.source] = sub_cubes(have, cube)
    state.bag = add_cubes(state.bag, cube)
    pts = route.points(state.seats)
    state.log.append(CubeDelivered(mover, str(action.colour), state.key(route.source),
                                   tuple(state.key(s) for s in route.stops), pts))
    order = [mover] + [s for s in state.order if s != mover]
    state.points = [(s, pts[s]) for s in order if pts[s] > 0]
    state.step = Step.POINTS


def quote_points(state: GameState, action: TakePoints) -> Quote:
    return Quote(action)


def apply_points(state: GameState, action: TakePoints, quote: Quote) -> None:
    seat, pts = state.points.pop(0)
    if action.as_income:
        money.change(state, seat, Reason.POINTS, income=pts)
    else:
        money.change(state, seat, Reason.POINTS, vp=pts)
    state.log.append(PointsTaken(seat, pts, action.as_income))
    if not state.points:
        state.step = Step.MOVE
        next_mover(state)


def quote_upgrade_loco(state: GameState, action: UpgradeLocomotive) -> Quote:
    seat = state.queue[state.cursor]
    vs: list[Violation] = []
    if state.players[seat].loco >= MAX_LOCO:
        vs.append(Violation("S-L3", f"Your locomotive is at level {MAX_LOCO}, the highest"))
    if seat in state.loco_upgraded:
        vs.append(Violation("S-L3", "You have upgraded your locomotive in this phase already "
                                    "(once a turn)"))
    return Quote(action, 0, tuple(vs))


def apply_upgrade_loco(state: GameState, action: UpgradeLocomotive, quote: Quote) -> None:
    """S-L3: +1 level, free and worth no VP, at most once in a turn's phase 3."""
    seat = state.queue[state.cursor]
    state.players[seat].loco += 1
    state.loco_upgraded.add(seat)
    state.log.append(LocoRaised(seat, state.players[seat].loco, False))
    next_mover(state)


def quote_pass_move(state: GameState, action: PassMove) -> Quote:
    return Quote(action)


def apply_pass_move(state: GameState, action: PassMove, quote: Quote) -> None:
    state.log.append(MovePassed(state.queue[state.cursor]))
    next_mover(state)


def next_mover(state: GameState) -> None:
    """S-G2: the next player of the round; after the last, round 2 begins (same order)."""
    state.cursor += 1
    if state.cursor >= len(state.queue) and state.round < ROUNDS:
        state.round += 1
        state.cursor = 0


def begin_move_phase(state: GameState) -> None:
    """S-T5/S-A4: in each round the holder of First Move acts first, then the others in turn
    order."""
    first = state.holder(ActionTile.FIRST_MOVE)
    state.queue = ([first] if first is not None else []) + [s for s in state.order
                                                           if s != first]
    state.cursor = 0
    state.round = 1
    state.loco_upgraded = set()
    state.step = Step.MOVE


def move_actions(state: GameState) -> list[Action]:
    if state.step is Step.POINTS:
        return [TakePoints(True), TakePoints(False)]
    mover = state.queue[state.cursor]
    out: list[Action] = [r.action(state) for r in legal_routes(state, mover)]
    if quote_upgrade_loco(state, UpgradeLocomotive()).ok:
        out.append(UpgradeLocomotive())
    out.append(PassMove())
    return out
