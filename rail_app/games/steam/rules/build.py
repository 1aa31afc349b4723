"""The build phase: laying, upgrading and redirecting tiles (S-K4-S-K16), Urban Growth
(S-A7), New Cities (S-A9, S-A10), and the end of a build phase with its deadline (S-K12a).

A tile action is analysed path by path. For each path it adds, each end either faces a city
(S-B5), meets the open end of a link (S-K2: the link's open end faces that side of the hex),
is the town of a town tile, or stays open. The path's link after the action is the joined
links and the path, its ends the far ends of what it joins. On that picture the rules are
checked: whose links it joins (S-K9, S-K11, S-K12c), loops (S-K10) and the connection rule
(S-K8: the link must reach a city, or a town the builder's complete links join to a city).
Everything is read from the cached :class:`~rail_app.games.steam.rules.links.LinkIndex`, so a
quote is a few dictionary lookups.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from rail_app.games.steam.rules import money
from rail_app.games.steam.rules.actions import (
    Action,
    EndBuild,
    ForgoSpecial,
    LayTile,
    PlaceNewCity,
    RedirectTile,
    UpgradeTile,
    UrbanGrowth,
)
from rail_app.games.steam.rules.board import (
    COLOUR_INDEX,
    COLOURS,
    NO_CUBES,
    Colour,
    Terrain,
    add_cubes,
    cubes_of,
)
from rail_app.games.steam.rules.events import (
    BuildEnded,
    LinkClaimed,
    LinkCompleted,
    LinkLost,
    NewCityPlaced,
    Reason,
    SpecialForgone,
    SpecialLapsed,
    TileLaid,
    TileRedirected,
    TileRemoved,
    TileUpgraded,
    UrbanGrowthDone,
)
from rail_app.games.steam.rules.links import NOBODY, End, EndKind, Link, LinkIndex, facing
from rail_app.games.steam.rules.quotes import BuildDetails, CostParts, Quote, Violation
from rail_app.games.steam.rules.state import (
    ActionTile,
    BuildTurn,
    GameState,
    Special,
    Step,
    Variant,
)
from rail_app.games.steam.rules.tiles import (
    PLAIN_ORIENTATIONS,
    TOWN,
    TOWN_ORIENTATIONS,
    Orientation,
    Path,
    Tile,
    orient,
    supply_allows,
    upgrades_of,
    with_paths,
)

TILE_ACTIONS: Final = 3  # S-K4
ENGINEER_TILE_ACTIONS: Final = 4  # S-A5
HILL_COST: Final = 2  # S-K7
RIVER_COST: Final = 1
TOWN_COST: Final = 1
CHEAPEST_TILE: Final = 2  # S-K7: two exits, or one spoke and a town

TileAction = LayTile | UpgradeTile | RedirectTile
_VERB: Final[dict[type, str]] = {LayTile: "build", UpgradeTile: "upgrade",
                                 RedirectTile: "redirect"}


def tile_limit(state: GameState, seat: int) -> int:
    """S-K4/S-A5: 3 tile actions in a build phase, 4 with Engineer."""
    return ENGINEER_TILE_ACTIONS if state.holder(ActionTile.ENGINEER) == seat else TILE_ACTIONS


def builder(state: GameState) -> int:
    assert state.build is not None
    return state.build.seat


def may_claim(state: GameState, idx: LinkIndex, seat: int, link: Link) -> bool:
    """S-K12c (D-19): ``seat`` may extend, complete or redirect the uncontrolled incomplete
    ``link`` only if its end that is not open is a city, or a town where ``seat`` controls
    another link (judged on the map as it is, before the action)."""
    if link.owner != NOBODY or link.complete or link.cycle:
        return False
    stop = link.a if link.a.stop else link.b
    if not stop.stop:
        return False
    if stop.kind is EndKind.CITY:
        return True
    return any(other != link.id and idx.links[other].owner == seat
               for other in idx.at_stop.get(stop.hex, ()))


def _far(state: GameState, link: Link, h: int, side: int) -> End:
    """The end of ``link`` away from its open end facing side ``side`` of hex ``h``."""
    if facing(state.board, link.b) == (h, side):
        return link.a
    return link.b


@dataclass
class PathPlan:
    """One path a tile action adds, as the rules see it."""

    path: Path
    owner: int  # who will control the path's link (S-K11: another player for a spoke)
    joined: tuple[int, ...]  # ids of the links it joins
    ends: tuple[End, End]  # the ends of its link after the action
    claims: tuple[int, ...]  # uncontrolled links it claims (S-K12d)
    direct_city: bool  # one of its own ends faces a city (the first-tile clause of S-K8)
    own: bool = False  # meets S-K8 (a) and (b)


@dataclass
class Plan:
    """The analysis of a tile action, shared by its quote and its apply."""

    hex: int
    orient: Orientation
    old: Tile | None
    parts: CostParts
    added: list[PathPlan] = field(default_factory=list)
    redirect: tuple[Path, Path] | None = None  # (old path, new path)
    violations: list[Violation] = field(default_factory=list)


def _plan(state: GameState, seat: int, action: TileAction) -> Plan:
    """Everything a tile action does and every rule it breaks (``hex`` -1 when the action does
    not even describe a tile on a hex of the map)."""
    board = state.board
    h = board.hex_index(action.hex)
    verb = _VERB[type(action)]
    if h is None:
        return _broken(Violation("S-K5", f"Can't {verb} at {action.hex}: it is not a hex of "
                                         "the map"))
    if h in state.city_hexes:
        return _broken(Violation("S-K5", f"Can't {verb} on {board.name_of(h)}: no tile is ever "
                                         "laid on a city"))
    o = orient(action.face, action.rotation)
    if o is None:
        return _broken(Violation("S-K13", f"There is no tile {action.face!r} in rotation "
                                          f"{action.rotation} (faces #21-#47 and T11-T43, "
                                          "rotations 0-5)"))
    info = board.hexes[h]
    old = state.tiles.get(h)
    if isinstance(action, LayTile):
        parts = CostParts(o.exits, TOWN_COST if o.town else 0,
                          RIVER_COST if info.river else 0,  # S-B3: once per hex
                          HILL_COST if info.terrain is Terrain.HILL else 0)
        if old is not None:
            return _broken(Violation("S-K5", f"Can't build at {info.key}: the hex already holds "
                                             "a tile (upgrade or redirect it instead)"),
                           h, o, state, seat, parts)
        if info.town != o.town:
            return _broken(Violation("S-K5", "Only town tiles may be laid on a town hex" if
                                     info.town else "Town tiles go only on town hexes"),
                           h, o, state, seat, parts)
        plan = Plan(h, o, None, parts)
        added = list(o.paths)
    elif isinstance(action, UpgradeTile):
        if old is None:
            return _broken(Violation("S-K16", f"There is no tile at {info.key} to upgrade"), h, o)
        mine = set(old.paths)
        if not mine < set(o.paths):
            return _broken(Violation(
                "S-K16", f"An upgrade must keep every path of the {old.face} where it is and "
                         "add at least one more"), h, o, state, seat,
                CostParts(o.exits, TOWN_COST if o.town else 0))
        plan = Plan(h, o, old, CostParts(o.exits, TOWN_COST if o.town else 0))
        added = [p for p in o.paths if p not in mine]
    else:
        if old is None:
            return _broken(Violation("S-K15", f"There is no tile at {info.key} to redirect"), h, o)
        if o.town != info.town:
            return _broken(Violation("S-K5", "Only town tiles may lie on a town hex" if
                                     info.town else "Town tiles go only on town hexes"),
                           h, o, state, seat, CostParts(o.exits))
        plan = Plan(h, o, old, CostParts(o.exits))
        _plan_redirect(state, seat, plan)
        _common(state, seat, plan)
        return plan
    if o.side_mask & board.blocked_mask[h]:
        plan.violations.append(Violation(
            "S-B4", "Can't build there: no track may cross or end against a thick black "
                    "side or the edge of the map"))
    _plan_paths(state, seat, plan, added)
    _common(state, seat, plan)
    return plan


def _broken(v: Violation, h: int = -1, o: Orientation | None = None,
            state: GameState | None = None, seat: int = -1, parts: CostParts | None = None
            ) -> Plan:
    """A plan with nothing to apply, refused for ``v``; with the state, the checks that do
    not depend on the tile's place (the limit, the supply, the money) are added, so that a
    quote lists every violation."""
    plan = Plan(-1, o if o is not None else PLAIN_ORIENTATIONS[0], None,
                parts if parts is not None else CostParts(0))
    plan.violations.append(v)
    if state is not None and o is not None:
        plan.old = state.tiles.get(h)
        _common(state, seat, plan)
        plan.old = None
    return plan


def _attach(state: GameState, idx: LinkIndex, h: int, side: int
            ) -> tuple[End, Link | None, bool]:
    """What side ``side`` of hex ``h`` meets: (end of the new path's link that way, the link
    joined or None, whether the side faces a city directly)."""
    board = state.board
    if board.blocked[h][side]:
        return End(EndKind.OPEN, h, side), None, False
    n = board.nb[h][side]
    if n in state.city_hexes:
        return End(EndKind.CITY, n, (side + 3) % 6), None, True
    lid = idx.open_facing.get((h, side))
    if lid is None:
        return End(EndKind.OPEN, h, side), None, False
    link = idx.links[lid]
    return _far(state, link, h, side), link, False


def _plan_paths(state: GameState, seat: int, plan: Plan, added: list[Path]) -> None:
    """S-K8-S-K12 for each added path of a lay or an upgrade."""
    idx = state.links()
    h = plan.hex
    new_edges: list[tuple[int, int]] = []
    for p in added:
        spoke = p[1] == TOWN
        if spoke:
            end, link, direct = _attach(state, idx, h, p[0])
            ends = (end, End(EndKind.TOWN, h, p[0]))
            joined = [link] if link is not None else []
        else:
            end_a, link_a, direct_a = _attach(state, idx, h, p[0])
            end_b, link_b, direct_b = _attach(state, idx, h, p[1])
            ends = (end_a, end_b)
            joined = [x for x in (link_a, link_b) if x is not None]
            direct = direct_a or direct_b
            if link_a is not None and link_b is not None and link_a.id == link_b.id:
                plan.violations.append(Violation(
                    "S-K10", "Can't build there: track may not join a link to itself"))
        owner = seat
        claims: list[int] = []
        for link in joined:
            if link.owner == seat:
                continue
            if link.owner == NOBODY:
                if may_claim(state, idx, seat, link):
                    claims.append(link.id)
                elif spoke:
                    plan.violations.append(Violation(
                        "S-K11", "Can't lay that town tile: a spoke would meet abandoned track "
                                 "you may not claim (only from its city, or from a town where "
                                 "you control another link)"))
                else:
                    plan.violations.append(Violation(
                        "S-K12", "Can't build there: that abandoned link may be taken over only "
                                 "from its city, or from a town where you control another link"))
            elif spoke:
                owner = link.owner  # S-K11/D-17: the spoke completes their link
            else:
                plan.violations.append(Violation(
                    "S-K9", f"Can't build there: that would add to {state.name(link.owner)}'s "
                            "link"))
        if ends[0].stop and ends[1].stop and ends[0].hex == ends[1].hex:
            plan.violations.append(Violation(
                "S-K10", f"Can't build there: a link may not begin and end in "
                         f"{state.board.name_of(ends[0].hex)}"))
        if owner == seat and ends[0].stop and ends[1].stop:
            new_edges.append((ends[0].hex, ends[1].hex))
        plan.added.append(PathPlan(p, owner, tuple(x.id for x in joined), ends,
                                   tuple(claims) if owner == seat else (), direct))
    _connection(state, seat, plan, idx, new_edges)


def _connection(state: GameState, seat: int, plan: Plan, idx: LinkIndex,
                new_edges: list[tuple[int, int]]) -> None:
    """S-K8: every path the builder adds is in a link of theirs that ends in a city or in a
    town their complete links join to a city; at least one such path; the first tile action
    of the game adds a path that ends in a city (D-16)."""
    cities = state.city_hexes
    rooted = idx.rooted(seat, cities)
    graph = idx.complete_graph(seat)
    extra: dict[int, list[int]] = {}
    for a, b in new_edges:
        extra.setdefault(a, []).append(b)
        extra.setdefault(b, []).append(a)

    def reaches_city(town: int) -> bool:
        if town in rooted:
            return True
        seen = {town}
        stack = [town]
        while stack:
            x = stack.pop()
            if x in cities or x in rooted:
                return True
            for y in (*graph.get(x, ()), *extra.get(x, ())):
                if y not in seen:
                    seen.add(y)
                    stack.append(y)
        return False

    unjoined = False
    for pp in plan.added:
        if pp.owner != seat:
            continue
        pp.own = any(e.kind is EndKind.CITY or (e.kind is EndKind.TOWN and reaches_city(e.hex))
                     for e in pp.ends)
        unjoined = unjoined or not pp.own
    if unjoined:
        plan.violations.append(Violation(
            "S-K8", "Can't build there: new track must be part of a link of yours that reaches "
                    "a city, or a town your own complete links join to a city"))
    elif not any(pp.own for pp in plan.added):
        plan.violations.append(Violation(
            "S-K8", "That tile adds no track of your own"))
    if not state.players[seat].built and not any(
            pp.direct_city and pp.owner == seat for pp in plan.added):
        plan.violations.append(Violation(
            "S-K8", "Your first track must come out of a city"))


def _plan_redirect(state: GameState, seat: int, plan: Plan) -> None:
    """S-K15: which path turns, whose link it is, and what its new exit meets."""
    old = plan.old
    assert old is not None
    o = plan.orient
    h = plan.hex
    if old.orient.town:
        plan.violations.append(Violation("S-K15", "Town tiles can't be redirected (upgrade them "
                                                  "with more spokes instead)"))
        return
    removed = [p for p in old.paths if p not in o.paths]
    added = [p for p in o.paths if p not in old.paths]
    if len(removed) != 1 or len(added) != 1:
        plan.violations.append(Violation(
            "S-K15", "A redirect changes where one link leaves its last tile: every other path "
                     "stays where it is and nothing is added"))
        return
    q, q2 = removed[0], added[0]
    idx = state.links()
    link = idx.link_of(h, q)
    if link.last_path() != (h, q):
        plan.violations.append(Violation(
            "S-K15", "Only the last tile of an incomplete link can be redirected"))
        return
    open_end = link.open_end
    assert open_end is not None
    entry = q[0] if q[1] == open_end.side else q[1]
    if entry not in q2:
        plan.violations.append(Violation(
            "S-K15", "A redirect keeps the side by which the link arrives at its last tile"))
        return
    if link.owner not in (seat, NOBODY):
        plan.violations.append(Violation(
            "S-K15", f"Can't redirect {state.name(link.owner)}'s link"))
        return
    if link.owner == NOBODY and not may_claim(state, idx, seat, link):
        plan.violations.append(Violation(
            "S-K12", "That abandoned link may be redirected only from its city, or from a town "
                     "where you control another link"))
        return
    plan.redirect = (q, q2)
    far = link.other(open_end)
    exit_side = q2[0] if q2[1] == entry else q2[1]
    if state.board.blocked[h][exit_side]:
        plan.violations.append(Violation(
            "S-B4", "Can't build there: no track may cross or end against a thick black side "
                    "or the edge of the map"))
        end, joined, direct = End(EndKind.OPEN, h, exit_side), None, False
    else:
        end, joined, direct = _attach(state, idx, h, exit_side)
    claims: list[int] = [link.id] if link.owner == NOBODY else []
    if joined is not None:
        if joined.owner == NOBODY:
            if may_claim(state, idx, seat, joined):
                claims.append(joined.id)
            else:
                plan.violations.append(Violation(
                    "S-K12", "Can't redirect there: that abandoned link may be taken over only "
                             "from its city, or from a town where you control another link"))
        elif joined.owner != seat:
            plan.violations.append(Violation(
                "S-K9", f"Can't redirect there: that would add to {state.name(joined.owner)}'s "
                        "link"))
    ends = (far, end)
    if far.stop and end.stop and far.hex == end.hex:
        plan.violations.append(Violation(
            "S-K10", f"Can't redirect there: a link may not begin and end in "
                     f"{state.board.name_of(far.hex)}"))
    complete = far.stop and end.stop
    if not state.players[seat].built and not direct:
        plan.violations.append(Violation(  # D-16: literally, even for a redirect
            "S-K8", "Your first track must come out of a city"))
    # S-K15e: completing an uncontrolled link claims it; otherwise it stays uncontrolled.
    owner = seat if (link.owner == seat or complete) else NOBODY
    joined_ids = (link.id,) if joined is None else (link.id, joined.id)
    plan.added.append(PathPlan(q2, owner, joined_ids, ends,
                               tuple(claims) if owner == seat else (), direct, own=True))


def _common(state: GameState, seat: int, plan: Plan) -> None:
    """The tile-action limit (S-K4), the supply (S-K6/S-K14) and the money (S-M5, S-S9)."""
    used = state.build.used if state.build is not None else 0
    limit = tile_limit(state, seat)
    if used >= limit:
        plan.violations.append(Violation(
            "S-K4", f"You have made your {limit} tile actions this turn"
                    + ("" if limit == ENGINEER_TILE_ACTIONS else " (4 with Engineer, S-A5)")))
    old_face = plan.old.face if plan.old is not None else None
    if not supply_allows(state.face_counts, plan.orient.face, old_face):
        plan.violations.append(Violation(
            "S-K14", f"No {plan.orient.face} tile is left in the supply"))
    v = money.afford_violation(state, seat, plan.parts.total, "this tile")
    if v is not None:
        plan.violations.append(v)


# -- quote and apply -----------------------------------------------------------------------------


def quote_tile(state: GameState, action: TileAction) -> Quote:
    seat = builder(state)
    plan = _plan(state, seat, action)
    return Quote(action, plan.parts.total, tuple(plan.violations), _details(state, plan))


def tile_ok(state: GameState, action: TileAction) -> bool:
    """Whether a tile action is legal (its quote without the details, for legal_actions)."""
    return not _plan(state, builder(state), action).violations


def _details(state: GameState, plan: Plan) -> BuildDetails:
    completes = tuple((state.key(p.ends[0].hex), state.key(p.ends[1].hex)) for p in plan.added
                      if p.ends[0].stop and p.ends[1].stop)
    claims = tuple(sorted({state.key(state.links().links[c].paths[0][0])
                           for p in plan.added for c in p.claims})) if plan.hex >= 0 else ()
    new_links = sum(1 for p in plan.added if not p.joined)
    return BuildDetails(plan.parts, completes, claims, new_links)


def apply_tile(state: GameState, action: TileAction, quote: Quote) -> None:
    seat = builder(state)
    plan = _plan(state, seat, action)
    assert not plan.violations
    h, o, old = plan.hex, plan.orient, plan.old
    cost = plan.parts.total
    before = state.links()
    claimed_at = [before.links[c] for pp in plan.added for c in pp.claims]
    claimed_refs = [link.paths[0] for link in claimed_at]
    money.pay(state, seat, cost, Reason.TRACK)
    by_path = {pp.path: pp for pp in plan.added}
    owners: list[int] = []
    for p in o.paths:
        if p in by_path:
            owners.append(by_path[p].owner)
        else:
            assert old is not None
            owners.append(old.owner_of(p))
    state.tiles[h] = Tile(o, tuple(owners))
    if old is not None:
        state.face_counts[old.face] -= 1
    state.face_counts[o.face] = state.face_counts.get(o.face, 0) + 1
    state.track_changed()
    _unify(state, [(h, pp.path, pp.owner) for pp in plan.added])
    build = state.build
    assert build is not None
    touched_before = plan.redirect is not None and (h, plan.redirect[0]) in build.touched
    for pp in plan.added:
        if pp.owner == seat and (plan.redirect is None or touched_before):
            build.touched.add((h, pp.path))
    for ref in claimed_refs:  # S-K12d: a claimed link counts as claimed this phase
        build.touched.add(ref)
    build.used += 1
    build.spent += cost
    state.players[seat].built = True
    key = state.key(h)
    if isinstance(action, LayTile):
        state.log.append(TileLaid(seat, key, o.face, o.rotation, cost))
    elif isinstance(action, UpgradeTile):
        assert old is not None
        state.log.append(TileUpgraded(seat, key, old.face, o.face, o.rotation, cost))
    else:
        assert old is not None
        state.log.append(TileRedirected(seat, key, old.face, o.face, o.rotation, cost))
    for link in claimed_at:
        stop = link.a if link.a.stop else link.b
        state.log.append(LinkClaimed(seat, state.key(stop.hex), state.key(link.paths[-1][0])))
    for pp in plan.added:
        if pp.ends[0].stop and pp.ends[1].stop:
            state.log.append(LinkCompleted(pp.owner, state.key(pp.ends[0].hex),
                                           state.key(pp.ends[1].hex)))


def _unify(state: GameState, paths: Iterable[tuple[int, Path, int]]) -> None:
    """Give every path of the link through each (hex, path) the owner ``owner``: the links
    a new path joins or claims become one link with one controller (S-K3)."""
    idx = state.links()
    changes: dict[int, dict[Path, int]] = {}
    for h, path, owner in paths:
        for hx, px in idx.link_of(h, path).paths:
            tile = state.tiles[hx]
            if tile.owner_of(px) != owner:
                changes.setdefault(hx, {})[px] = owner
    if changes:
        for hx, ch in changes.items():
            state.tiles[hx] = state.tiles[hx].with_owners(ch)
        state.track_changed()


# -- Urban Growth and New Cities (S-A7, S-A9, S-A10) ---------------------------------------------


def _special_of(state: GameState, seat: int, tile: ActionTile) -> bool:
    return state.holder(tile) == seat and state.special.get(seat) is Special.PENDING


def _spaces_with_cubes(state: GameState) -> list[int]:
    return [i for i, sp in enumerate(state.reserve) if sum(sp)]


def growth_targets(state: GameState) -> list[int]:
    """S-A7/D-10: printed cities without an Urban Growth counter."""
    return [c.hex for c in state.board.cities if c.hex not in state.growth]


def growth_possible(state: GameState) -> bool:
    """D-24: Urban Growth can be carried out (a set of cubes, a city, a counter)."""
    return bool(_spaces_with_cubes(state)) and bool(growth_targets(state)) \
        and state.growth_supply > 0


def towns_left(state: GameState) -> list[int]:
    return [t for t in state.board.towns if t not in state.city_hexes]


def urbanization_possible(state: GameState) -> bool:
    """S-A9: a town hex and a New City counter are left."""
    return bool(towns_left(state)) and sum(state.new_city_supply) > 0


def quote_urban_growth(state: GameState, action: UrbanGrowth) -> Quote:
    seat = builder(state)
    vs: list[Violation] = []
    if not _special_of(state, seat, ActionTile.URBAN_GROWTH):
        vs.append(Violation("S-A7", "You have no Urban Growth to carry out this turn"))
        return Quote(action, 0, tuple(vs))
    h = state.board.hex_index(action.city)
    if h is None or h not in state.city_hexes:
        vs.append(Violation("S-A7", f"Urban Growth goes on a city; {action.city} is not one"))
    elif h in state.growth:
        what = "a New City carries the Urban Growth symbol" if h in state.new_cities else \
            "it already has an Urban Growth counter"
        vs.append(Violation("S-A7", f"{state.board.name_of(h)} can't grow: {what}"))
    if not (0 <= action.space < len(state.reserve)) or not sum(state.reserve[action.space]):
        vs.append(Violation("S-A7", "Choose a reserve space that holds cubes"))
    if state.growth_supply <= 0:
        vs.append(Violation("S-A7", "No Urban Growth counter is left"))
    return Quote(action, 0, tuple(vs))


def apply_urban_growth(state: GameState, action: UrbanGrowth, quote: Quote) -> None:
    seat = builder(state)
    h = state.board.hex_index(action.city)
    assert h is not None
    cubes = state.reserve[action.space]
    state.cubes[h] = add_cubes(state.cubes.get(h, NO_CUBES), cubes)
    state.reserve[action.space] = NO_CUBES
    state.growth.add(h)
    state.growth_supply -= 1
    state.special[seat] = Special.DONE
    state.log.append(UrbanGrowthDone(seat, state.key(h), action.space, cubes))


def quote_new_city(state: GameState, action: PlaceNewCity) -> Quote:
    seat = builder(state)
    vs: list[Violation] = []
    if not _special_of(state, seat, ActionTile.URBANIZATION):
        return Quote(action, 0, (Violation("S-A9", "You have no Urbanization to carry out "
                                                   "this turn"),))
    h = state.board.hex_index(action.hex)
    if h is None or not state.board.hexes[h].town:
        vs.append(Violation("S-A9", "A New City goes on a town hex"))
    elif h in state.city_hexes:
        vs.append(Violation("S-A9", f"{state.board.name_of(h)} is a city already"))
    if state.new_city_supply[COLOUR_INDEX[action.colour]] <= 0:
        vs.append(Violation("S-A9", f"No {action.colour} New City counter is left"))
    spaces = _spaces_with_cubes(state)
    if spaces and action.space not in spaces:
        vs.append(Violation("S-A9", "Choose a reserve space that holds cubes for the New City"))
    if not spaces and action.space is not None:
        vs.append(Violation("S-A9", "The goods reserve is empty: the New City gets no cubes"))
    return Quote(action, 0, tuple(vs))


def apply_new_city(state: GameState, action: PlaceNewCity, quote: Quote) -> None:
    """S-A9/S-A10: the town becomes a city of the counter's colour. A town tile there goes
    back to the supply and its spokes disappear; every link that ended in the town or faced
    the hex now ends in the city; uncontrolled links completed so are claimed by the placer
    when the placer may claim them (S-K12c), else stay uncontrolled for good (D-20)."""
    seat = builder(state)
    h = state.board.hex_index(action.hex)
    assert h is not None
    idx = state.links()
    claims: list[tuple[int, Path]] = []
    for s in range(6):
        lid = idx.open_facing.get((h, s))
        if lid is not None:
            link = idx.links[lid]
            if link.owner == NOBODY and may_claim(state, idx, seat, link):
                claims.append(link.paths[0] if link.paths[0][0] != h else link.paths[-1])
    build = state.build
    assert build is not None
    old = state.tiles.pop(h, None)
    carry: list[list[tuple[int, Path]]] = []
    if old is not None:
        state.face_counts[old.face] -= 1
        for path in old.paths:  # S-A10b: keep the deadline of a link whose spoke goes
            if (h, path) in build.touched:
                carry.append([r for r in idx.link_of(h, path).paths if r[0] != h])
        state.log.append(TileRemoved(state.key(h), old.face))
    state.city_hexes.add(h)
    state.new_cities[h] = action.colour
    ci = COLOUR_INDEX[action.colour]
    state.new_city_supply = cubes_of([n - (1 if i == ci else 0)
                                      for i, n in enumerate(state.new_city_supply)])
    state.growth.add(h)
    cubes = NO_CUBES
    if action.space is not None:
        cubes = state.reserve[action.space]
        state.reserve[action.space] = NO_CUBES
    state.cubes[h] = cubes
    state.special[seat] = Special.DONE
    state.track_changed()
    for refs in carry:
        build.touched.update(refs)
    state.log.append(NewCityPlaced(seat, state.key(h), str(action.colour), action.space, cubes))
    if claims:
        _unify(state, [(hx, px, seat) for hx, px in claims])
        for hx, _ in claims:
            state.log.append(LinkClaimed(seat, state.key(h), state.key(hx)))
    for lid in state.links().at_stop.get(h, ()):
        link = state.links().links[lid]
        if link.complete:
            state.log.append(LinkCompleted(link.owner, state.key(link.a.hex),
                                           state.key(link.b.hex)))


def quote_forgo(state: GameState, action: ForgoSpecial) -> Quote:
    seat = builder(state)
    if state.special.get(seat) is not Special.PENDING:
        return Quote(action, 0, (Violation("S-S8", "You have no Urban Growth or Urbanization "
                                                   "to give up"),))
    if state.options.game is Variant.BASIC:
        return Quote(action, 0, (Violation("S-A7", "In the Basic game a declared Urban Growth "
                                                   "or Urbanization must be carried out"),))
    return Quote(action)


def apply_forgo(state: GameState, action: ForgoSpecial, quote: Quote) -> None:
    seat = builder(state)
    state.special[seat] = Special.PASSED
    state.log.append(SpecialForgone(seat, state.tile_of[seat]))


def _special_possible(state: GameState, seat: int) -> bool:
    tile = state.tile_of.get(seat)
    if tile == ActionTile.URBAN_GROWTH:
        return growth_possible(state)
    return urbanization_possible(state)


def quote_end_build(state: GameState, action: EndBuild) -> Quote:
    seat = builder(state)
    if state.special.get(seat) is Special.PENDING and _special_possible(state, seat):
        tile = state.tile_of.get(seat)
        what = "Urban Growth" if tile == ActionTile.URBAN_GROWTH else "Urbanization"
        if state.options.game is Variant.STANDARD:
            return Quote(action, 0, (Violation("S-S8", f"Carry out or give up your {what} "
                                                       "before ending your build phase"),))
        rule = "S-A7" if tile == ActionTile.URBAN_GROWTH else "S-A9"
        return Quote(action, 0, (Violation(rule, f"You declared {what}: carry it out before "
                                                 "ending your build phase"),))
    return Quote(action)


def apply_end_build(state: GameState, action: EndBuild, quote: Quote) -> None:
    seat = builder(state)
    if state.special.get(seat) is Special.PENDING:  # D-24: it cannot be carried out
        state.special[seat] = Special.LAPSED
        state.log.append(SpecialLapsed(seat, state.tile_of[seat]))
    deadline(state, seat)
    build = state.build
    assert build is not None
    state.log.append(BuildEnded(seat, build.used))
    state.cursor += 1
    state.build = BuildTurn(state.queue[state.cursor]) if state.cursor < len(state.queue) \
        else None


def deadline(state: GameState, seat: int) -> None:
    """S-K12a (D-18): at the end of a player's build phase, every incomplete link they
    control and did not begin, extend or claim in it becomes uncontrolled."""
    build = state.build
    assert build is not None
    idx = state.links()
    lost: list[Link] = [link for link in idx.links
                        if link.owner == seat and not link.complete
                        and not any(ref in build.touched for ref in link.paths)]
    if not lost:
        return
    _unify(state, [(*link.paths[0], NOBODY) for link in lost])
    for link in lost:
        stop = link.a if link.a.stop else link.b
        state.log.append(LinkLost(seat, state.key(stop.hex) if stop.stop else "",
                                  state.key(link.paths[-1][0])))


# -- candidates for legal_actions ----------------------------------------------------------------


def useful_sides(state: GameState, seat: int) -> dict[int, int]:
    """Hex -> bit mask of its sides where a new plain path could meet something that makes
    it legal: a city (S-B5), or the open end of a link of ``seat`` or of an uncontrolled link
    ``seat`` may claim (S-K12c). Every plain path a legal tile action adds has an end on one of
    these (S-K8, S-K9), which bounds the search of :func:`tile_candidates`."""
    board = state.board
    idx = state.links()
    out: dict[int, int] = {}
    for c in state.city_hexes:
        for s in range(6):
            n = board.nb[c][s]
            if n >= 0 and not board.blocked[c][s] and n not in state.city_hexes:
                out[n] = out.get(n, 0) | 1 << ((s + 3) % 6)
    for (h, s), lid in idx.open_facing.items():
        link = idx.links[lid]
        if link.owner == seat or may_claim(state, idx, seat, link):
            out[h] = out.get(h, 0) | 1 << s
    return out


_LAYS: dict[tuple[bool, int, int], tuple[Orientation, ...]] = {}


def _lays(town: bool, mask: int, blocked: int) -> tuple[Orientation, ...]:
    """The faces worth trying in an empty hex with useful sides ``mask`` and impassable sides
    ``blocked``: town tiles touching a useful side; plain faces whose every path does."""
    found = _LAYS.get((town, mask, blocked))
    if found is None:
        if town:
            found = tuple(o for o in TOWN_ORIENTATIONS
                          if not o.side_mask & blocked and o.side_mask & mask)
        else:
            found = tuple(o for o in PLAIN_ORIENTATIONS if not o.side_mask & blocked
                          and all(pm & mask for pm in o.path_masks))
        _LAYS[(town, mask, blocked)] = found
    return found


def tile_candidates(state: GameState, seat: int) -> list[Action]:
    """Every tile action worth quoting: lays in empty hexes whose plain paths each touch a
    useful side (all town tiles on a town hex with one), upgrades adding such paths (spokes:
    any), redirects of the builder's or claimable incomplete links. A superset of the legal
    tile actions: the caller quotes each."""
    board = state.board
    out: list[Action] = []
    useful = useful_sides(state, seat)
    for h in sorted(useful):
        mask = useful[h]
        info = board.hexes[h]
        blocked = board.blocked_mask[h]
        tile = state.tiles.get(h)
        if tile is None:
            for o in _lays(info.town, mask, blocked):
                out.append(LayTile(info.key, o.face, o.rotation))
        elif not tile.orient.town:
            for o in upgrades_of(tile.orient):
                if o.side_mask & blocked:
                    continue
                if all(pm & mask for p, pm in zip(o.paths, o.path_masks, strict=True)
                       if p not in tile.paths):
                    out.append(UpgradeTile(info.key, o.face, o.rotation))
    for h in sorted(state.tiles):
        tile = state.tiles[h]
        if tile.orient.town:
            blocked = board.blocked_mask[h]
            for o in upgrades_of(tile.orient):
                if not o.side_mask & blocked:
                    out.append(UpgradeTile(board.hexes[h].key, o.face, o.rotation))
    idx = state.links()
    for link in idx.links:
        ref = link.last_path()
        if ref is None or not (link.owner == seat or may_claim(state, idx, seat, link)):
            continue
        h, q = ref
        tile = state.tiles[h]
        if tile.orient.town:
            continue
        open_end = link.open_end
        assert open_end is not None
        entry = q[0] if q[1] == open_end.side else q[1]
        others = [p for p in tile.paths if p != q]
        used = {e for p in others for e in p}
        for x in range(6):
            if x in used or x == entry or x == open_end.side or board.blocked[h][x]:
                continue
            turned = with_paths([*others, (min(entry, x), max(entry, x))])
            if turned is not None:
                out.append(RedirectTile(board.hexes[h].key, turned.face, turned.rotation))
    return out


def special_candidates(state: GameState, seat: int) -> list[Action]:
    """New City and Urban Growth actions, one per distinct set of reserve cubes (spaces
    holding the same cubes give the same game)."""
    out: list[Action] = []
    spaces: dict[tuple[int, ...], int] = {}
    for i, sp in enumerate(state.reserve):
        if sum(sp):
            spaces.setdefault(sp, i)
    if _special_of(state, seat, ActionTile.URBAN_GROWTH) and state.growth_supply > 0:
        for h in growth_targets(state):
            for i in spaces.values():
                out.append(UrbanGrowth(state.key(h), i))
    if _special_of(state, seat, ActionTile.URBANIZATION):
        colours = [c for c in COLOURS if state.new_city_supply[COLOUR_INDEX[c]] > 0]
        choices: list[int | None] = list(spaces.values()) if spaces else [None]
        for h in towns_left(state):
            for colour in colours:
                for space in choices:
                    out.append(PlaceNewCity(state.key(h), Colour(colour), space))
    if state.special.get(seat) is Special.PENDING and state.options.game is Variant.STANDARD:
        out.append(ForgoSpecial())
    return out


def begin_build_phase(state: GameState) -> None:
    """S-T5/S-A6: the holder of First Build builds first, then the others in turn order."""
    first = state.holder(ActionTile.FIRST_BUILD)
    rest = [s for s in state.order if s != first]
    state.queue = ([first] if first is not None else []) + rest
    state.cursor = 0
    state.step = Step.BUILD
    state.build = BuildTurn(state.queue[0]) if state.queue else None

