"""One player's plan for one moment of the game: what to build, what to deliver, which action
tile to take, what to bid, how much capital to raise, where to grow a city.

A :class:`Planner` reads a state (never changes it) for one seat at one level. Every choice
is judged the same way: make the hypothetical net the choice leads to (:class:`Net`), play
the rest of the game's deliveries on it (:func:`rollout.project`), and compare the seat's
projected score against the other players' (:meth:`rollout.Projection.utility`), money
counted at what it can still buy (:mod:`value`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import rail_app.games.steam.ai.rollout as rollout
import rail_app.games.steam.ai.value as value
from rail_app.games.steam.ai.levels import MODEL, Level
from rail_app.games.steam.ai.model import Edge, Net
from rail_app.games.steam.ai.projects import Project, TileAction, find_projects, realize
from rail_app.games.steam.rules import build as build_rules
from rail_app.games.steam.rules import goods
from rail_app.games.steam.rules.actions import (
    Action,
    PassMove,
    PlaceNewCity,
    UpgradeLocomotive,
    UrbanGrowth,
)
from rail_app.games.steam.rules.board import (
    COLOUR_INDEX,
    COLOURS,
    NO_CUBES,
    Colour,
    Cubes,
    add_cubes,
)
from rail_app.games.steam.rules.build import (
    ENGINEER_TILE_ACTIONS,
    TILE_ACTIONS,
    growth_targets,
    tile_limit,
    towns_left,
)
from rail_app.games.steam.rules.money import STEP, steps_available
from rail_app.games.steam.rules.state import (
    MAX_LOCO,
    ActionTile,
    BuildTurn,
    GameState,
    Phase,
    Special,
    Step,
    Variant,
)
from rail_app.games.steam.rules.turns import locomotive_cost, remaining_tiles

Tracks = tuple[int, int, int, int]  # cash, income, vp, locomotive
#: The other player's best single lines kept as what they would build instead when the
#: seat takes the hexes of their plan.
ALTERNATIVES = 6
#: Urbanization: the towns and colours looked at (closest towns, colours with most cubes).
CITY_TOWNS = 4
CITY_COLOURS = 3


@dataclass
class BuildPlan:
    """Lines to build in one build phase: the projects, with the tile actions each gets
    this turn; the links they finish (with the move round each is ready in); the price now
    and later; the utility it was judged at; and (once realized) the engine's actions."""

    projects: list[tuple[Project, int]] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    cost: int = 0
    later: int = 0
    utility: float = 0.0
    gain: float = 0.0  # utility over building nothing
    actions: list[TileAction] = field(default_factory=list)
    blocked: frozenset[int] = frozenset()  # hexes it builds on this turn

    @property
    def used(self) -> int:
        return sum(n for _, n in self.projects)

    @property
    def hexes(self) -> set[int]:
        return {h for p, n in self.projects for h in p.tiles[:n]}


@dataclass(frozen=True)
class Gain:
    """A line judged: its gain over building nothing more, the tile actions it gets now and
    their price."""

    gain: float
    project: Project
    now: int
    cost: int


@dataclass(frozen=True)
class Intent:
    """Another player's expected build: their plan, and the options they have (their plan
    first, then their best single lines), each as the hexes it builds on this turn and its
    links (owned by them, with the move round each is ready in); whether it is for next
    turn."""

    seat: int
    plan: BuildPlan
    options: tuple[tuple[frozenset[int], tuple[Edge, ...]], ...]
    next_turn: bool


@dataclass(frozen=True)
class SpecialOption:
    """A way to carry out Urban Growth or Urbanization, and its worth."""

    action: UrbanGrowth | PlaceNewCity
    gain: float


class Planner:
    """See the module. Cheap to make; what it works out is kept for the moment it reads."""

    def __init__(self, state: GameState, seat: int, level: Level) -> None:
        self.state = state
        self.seat = seat
        self.level = level = level.at(state.seats)
        self.params = level.params
        self.clock = value.Clock.of(state)
        self.net = Net.of(state)
        self.order = self._order()
        self.slots = rollout.schedule(state, self.order)
        turn = max(1, state.turn)
        self.next_turn = next((i for i, s in enumerate(self.slots) if s.turn > turn),
                              len(self.slots))
        self._projects: list[Project] | None = None
        self._screened: list[Project] | None = None
        self._stops: set[int] | None = None
        self._colours: tuple[list[int], list[bool]] | None = None
        self._gains: dict[tuple[object, ...], list[Gain]] = {}
        self._plans: dict[tuple[object, ...], BuildPlan] = {}
        self._intents: dict[int, Intent] | None = None
        self._worlds: dict[tuple[tuple[tuple[int, int], ...], tuple[Edge, ...]], Net] = {}
        #: utilities of lines already judged: (net, slots, tracks) -> (net, line -> utility)
        self._memo: dict[tuple[object, ...], tuple[Net, dict[tuple[object, ...], float]]] = {}

    def _order(self) -> list[int]:
        """The turn order the plans are made in: the game's; while the first auction
        (S-T2) is still deciding it, the places already won, then the seat (the place it
        is bidding for), then the others round the table from it."""
        st = self.state
        if st.order or st.auction is None or st.auction.standard \
                or st.phase is not Phase.FIRST_AUCTION:
            return list(st.order)
        placed = list(st.auction.placed)
        n = st.seats
        rest = [(self.seat + k) % n for k in range(n)]
        return placed + [s for s in rest if s not in placed]

    # -- judging -----------------------------------------------------------------------------

    def tracks(self, seat: int | None = None) -> Tracks:
        p = self.state.players[self.seat if seat is None else seat]
        return (p.cash, p.income, p.vp, p.loco)

    def project(self, net: Net, tracks: Mapping[int, Tracks] | None = None,
                slots: Sequence[rollout.Slot] | None = None,
                skip: Mapping[int, int] | None = None,
                upgrade_at: Mapping[int, int] | None = None) -> rollout.Projection:
        return rollout.project(self.state, net, self.params,
                               slots=self.slots if slots is None else slots, tracks=tracks,
                               skip=skip, upgrade_at=upgrade_at, horizon=self.level.horizon)

    def utility(self, net: Net, tracks: Mapping[int, Tracks] | None = None,
                slots: Sequence[rollout.Slot] | None = None,
                skip: Mapping[int, int] | None = None,
                upgrade_at: Mapping[int, int] | None = None) -> float:
        return self.project(net, tracks, slots, skip, upgrade_at).utility(self.seat, self.params)

    def money(self, cash: int, income: int, spendable: bool = False) -> float:
        return value.money_worth(self.params, self.clock, cash, income, spendable)

    def pay(self, tracks: Tracks, cost: int) -> Tracks | None:
        """The seat's tracks after paying ``cost`` now (borrowing as S-M3 allows in the Basic
        game or with novice borrowing, down to the level's income floor; cash only in the
        Standard game, S-S9), or None when it cannot or will not."""
        cash, income, vp, loco = tracks
        if cost <= cash:
            return (cash - cost, income, vp, loco)
        p = self.state.players[self.seat]
        if not (self.state.basic or p.novice):
            return None
        steps = -(-(cost - cash) // STEP)
        on_income = min(steps, max(0, income + 10))
        on_vp = steps - on_income
        left = cash + STEP * steps - cost
        # a negative income the cash left cannot pay is borrowed again at the income phase
        # (S-M6): count those steps against the floor too
        again = -(-max(0, -(income - on_income) - left) // STEP) if self.clock.incomes_left else 0
        if income - on_income - again < self.level.income_floor or on_vp * 2 > vp:
            return None
        probe = replace(p, income=income, vp=vp)
        if steps > steps_available(probe):
            return None
        return (cash + STEP * steps - cost, income - on_income, vp - 2 * on_vp, loco)

    def spend_worth(self, tracks: Tracks, cost: int, spendable: bool = False
                    ) -> float | None:
        """What paying ``cost`` now costs in VP-worth (None: it cannot be paid); with
        ``spendable``, money this turn's build could still use."""
        after = self.pay(tracks, cost)
        if after is None:
            return None
        return (self.money(tracks[0], tracks[1], spendable) + tracks[2]) - (
            self.money(after[0], after[1], spendable) + after[2])

    def bid_worth(self, due: int, build: int) -> float | None:
        """What paying ``due`` for a place costs in VP-worth (None: it cannot be paid), when
        the seat also pays ``build`` for this turn's track: a bid paid by borrowing (S-T2e,
        S-M3) shares the $5 steps the build borrows anyway, so what it costs is what it adds
        to the build's price, never more than paying it alone."""
        tr = self.tracks()
        alone = self.spend_worth(tr, due, spendable=True)
        if alone is None or build <= 0:
            return alone
        both = self.spend_worth(tr, build + due, spendable=True)
        base = self.spend_worth(tr, build, spendable=True)
        if both is None or base is None:
            return alone
        return min(alone, both - base)

    # -- building ----------------------------------------------------------------------------

    def projects(self) -> list[Project]:
        if self._projects is None:
            self._projects = find_projects(self.state, self.seat, self.level.max_actions)
        return self._projects

    def screened(self) -> list[Project]:
        """The lines worth a full look: every line carrying on one of the seat's incomplete
        links, and the best others by a quick score (:meth:`quick_score`) per dollar."""
        if self._screened is None:
            ps = self.projects()
            keep = [p for p in ps if p.extends]
            rest = sorted((p for p in ps if not p.extends),
                          key=lambda p: (-self.quick_score(p) / (p.cost + 2), p.cost, p.stroke))
            self._screened = keep + rest[:self.level.screen]
        return self._screened

    def quick_score(self, project: Project) -> float:
        """A quick guess at a line's worth, with no look at the game to come: cubes its
        links could carry straight to a city of their colour, cubes of the seat's network
        they open a city of their colour to, whether they touch the seat's network, and a
        point per link at the end (S-W2(3))."""
        st = self.state
        mine = self._my_stops()
        reach = self._network_colours()
        score = 0.0
        for a, b in project.links:
            ca, cb = st.colour_of(a), st.colour_of(b)
            cubes_a = st.cubes.get(a, NO_CUBES)
            cubes_b = st.cubes.get(b, NO_CUBES)
            if cb is not None:
                score += cubes_a[COLOUR_INDEX[cb]] + 0.5 * reach[0][COLOUR_INDEX[cb]] * (
                    a in mine)
            if ca is not None:
                score += cubes_b[COLOUR_INDEX[ca]] + 0.5 * reach[0][COLOUR_INDEX[ca]] * (
                    b in mine)
            for x, cubes in ((a, cubes_b), (b, cubes_a)):
                if x in mine:
                    score += 0.5 * sum(n for i, n in enumerate(cubes) if reach[1][i])
                    score += 0.5
            score += 0.5
        return score

    def _my_stops(self) -> set[int]:
        if self._stops is None:
            self._stops = {x for e in self.net.edges if e.owner == self.seat
                           for x in (e.a, e.b)}
        return self._stops

    def _network_colours(self) -> tuple[list[int], list[bool]]:
        """Cubes on the seat's network per colour, and the colours its cities take."""
        if self._colours is not None:
            return self._colours
        cubes = [0, 0, 0, 0, 0]
        takes = [False] * 5
        for h in self._my_stops():
            for i, n in enumerate(self.state.cubes.get(h, NO_CUBES)):
                cubes[i] += n
            c = self.state.colour_of(h)
            if c is not None:
                takes[COLOUR_INDEX[c]] = True
        self._colours = (cubes, takes)
        return self._colours

    def actions_left(self) -> int:
        """Tile actions left in the seat's build phase (the limit before it begins)."""
        st = self.state
        if st.build is not None and st.build.seat == self.seat:
            return tile_limit(st, self.seat) - st.build.used
        return tile_limit(st, self.seat)

    def _edges(self, project: Project, now: int) -> list[Edge]:
        ready = 0 if project.actions <= now else self.next_turn
        return [Edge(a, b, self.seat, ready) for a, b in project.links]

    def _keep(self) -> list[int]:
        return [] if self.level.others_use_links else [
            s for s in range(self.state.seats) if s != self.seat]

    def _cost_split(self, project: Project, now: int) -> tuple[int, int]:
        return sum(project.costs[:now]), sum(project.costs[now:])

    # -- the other players' builds (levels that foresee them) --------------------------------

    def intents(self) -> dict[int, Intent]:
        """What each other player is expected to build next (a Normal-level plan of theirs
        on the map as it is), with the move round its links are ready in: this turn's
        rounds for a player still to build this turn, next turn's for one who has built."""
        if self._intents is None:
            self._intents = {}
            if self.level.foresee and self.clock.builds_left > 0:
                for o in self.order:
                    if o == self.seat or self.state.players[o].out:
                        continue
                    later = self._built_this_turn(o)
                    if later and self.clock.builds_left <= 1:
                        continue
                    model = Planner(self.state, o, MODEL)
                    plan = model.plan_build()
                    if not plan.projects:
                        continue
                    ready = self.next_turn if later else 0
                    options = [(frozenset(plan.hexes), tuple(
                        Edge(e.a, e.b, o, max(e.ready, ready)) for e in plan.edges))]
                    # what they would build instead when the seat takes their hexes
                    for g in model.gains(model.actions_left())[:ALTERNATIVES]:
                        if g.gain <= 0:
                            break
                        edges = tuple(Edge(a, b, o, max(ready, 0 if g.now == g.project.actions
                                                        else self.next_turn))
                                      for a, b in g.project.links)
                        options.append((frozenset(g.project.tiles[:g.now]), edges))
                    self._intents[o] = Intent(o, plan, tuple(options), later)
        return self._intents

    def _built_this_turn(self, seat: int) -> bool:
        """Whether ``seat`` has had its build phase this turn already."""
        st = self.state
        if st.phase is Phase.BUILD:
            return seat in st.queue[:st.cursor]
        return st.phase not in (Phase.FIRST_AUCTION, Phase.CAPITAL, Phase.AUCTION, Phase.SELECT)

    def builds_before(self) -> frozenset[int]:
        """Other players who will build before this seat this turn unless it takes First
        Build (read at the action tiles, S-T5)."""
        st = self.state
        if st.phase is not Phase.SELECT:
            return frozenset()
        fb = st.holder(ActionTile.FIRST_BUILD)
        out = {fb} if fb is not None and fb != self.seat else set()
        for o in st.order:
            if o == self.seat:
                break
            out.add(o)
        return frozenset(out)

    def world(self, blocked: frozenset[int] = frozenset(), mine: tuple[Edge, ...] = ()
              ) -> Net:
        """The net with the other players' expected links and the seat's links ``mine``.
        A player whose expected build needs a hex in ``blocked`` (the seat builds there
        first) builds their best line that avoids those hexes instead, or nothing."""
        choice = self.replies(blocked)
        key = (choice, mine)
        found = self._worlds.get(key)
        if found is None:
            intents = self.intents()
            theirs = [e for o, i in choice if i >= 0 for e in intents[o].options[i][1]]
            base = self.net.plus(theirs) if theirs else self.net
            if mine:
                base = base.plus(mine, keep=self._keep())
            self._worlds[key] = found = base
        return found

    def replies(self, blocked: frozenset[int]) -> tuple[tuple[int, int], ...]:
        """Each other player's expected build with ``blocked`` hexes taken: (seat, index of
        the option, -1 for none)."""
        out = []
        for o, it in self.intents().items():
            pick = -1
            for i, (hexes, _) in enumerate(it.options):
                if blocked.isdisjoint(hexes):
                    pick = i
                    break
            out.append((o, pick))
        return tuple(out)

    # -- building ----------------------------------------------------------------------------

    def gains(self, actions: int, tracks: Tracks | None = None,
              slots: Sequence[rollout.Slot] | None = None, exclude: frozenset[int] = frozenset(),
              pool: Iterable[Project] | None = None, mine: tuple[Edge, ...] = (),
              blocked: frozenset[int] = frozenset(), key: tuple[object, ...] = ()
              ) -> list[Gain]:
        """Each line's worth with ``actions`` tile actions left, after the seat's links
        ``mine`` built on the hexes ``blocked``: the gain over building nothing more, best
        first. Lines through ``exclude`` hexes are left out. With the others' builds
        foreseen, a line through hexes another player is expected to build on makes them
        build their next best line instead (its gain counts what that costs them)."""
        cache_key = (actions, tracks, slots is None, exclude, mine, blocked, key) \
            if pool is None else None
        if cache_key is not None and cache_key in self._gains:
            return self._gains[cache_key]
        tr = self.tracks() if tracks is None else tracks
        ov = {self.seat: tr}
        base = self.utility(self.world(blocked, mine), ov, slots)
        last = self.clock.turn >= self.clock.last_turn or self.next_turn >= len(self.slots)
        later_worth = value.dollar(self.params, self.clock, self.clock.builds_after)
        out: list[Gain] = []
        keep = self._keep()
        slots_key = None if slots is None else tuple(slots)
        for p in (self.screened() if pool is None else pool):
            if exclude and not exclude.isdisjoint(p.tiles):
                continue
            now = min(p.actions, actions)
            if now <= 0:
                continue
            if p.actions > now and (last or p.actions - now > TILE_ACTIONS):
                continue
            cost_now, cost_later = self._cost_split(p, now)
            spend = self.spend_worth(tr, cost_now)
            if spend is None:
                continue
            taken = blocked | frozenset(p.tiles[:now]) if self.level.foresee else blocked
            world = self.world(taken, mine)
            memo_key = (self.replies(taken), mine, slots_key, tr)  # the world's own key
            memo = self._memo.get(memo_key)
            if memo is None:
                memo = (world, {})
                self._memo[memo_key] = memo
            # the same links judged once, whichever end the line is drawn from
            pk = (tuple(sorted((min(a, b), max(a, b)) for a, b in p.links)), now == p.actions)
            u = memo[1].get(pk)
            if u is None:
                net2 = world.plus(self._edges(p, now), keep=keep)
                u = self.utility(net2, ov, slots)
                memo[1][pk] = u
            out.append(Gain(u - base - spend - later_worth * cost_later, p, now, cost_now))
        out.sort(key=lambda g: (-g.gain, g.project.cost, g.project.stroke))
        if cache_key is not None:
            self._gains[cache_key] = out
        return out

    def plan_build(self, actions: int | None = None, tracks: Tracks | None = None,
                   slots: Sequence[rollout.Slot] | None = None,
                   exclude: frozenset[int] = frozenset(), key: tuple[object, ...] = ()
                   ) -> BuildPlan:
        """The lines to build now: the best line, then (levels that combine) the best of
        the next candidates with it, while tile actions and money last and a line adds
        worth. A level with a beam of k starts from each of its k best lines in turn and
        keeps the combination worth most. Worked out once for the same actions, tracks,
        excluded hexes and key."""
        left = self.actions_left() if actions is None else actions
        tr = self.tracks() if tracks is None else tracks
        if left <= 0 or self.clock.builds_left <= 0:
            return BuildPlan()
        cache_key = (left, tr, exclude, key) if slots is None else None
        if cache_key is not None and cache_key in self._plans:
            return self._plans[cache_key]
        plan = self._plan_build(left, tr, slots, exclude, key)
        if cache_key is not None:
            self._plans[cache_key] = plan
        return plan

    def _plan_build(self, left: int, tr: Tracks, slots: Sequence[rollout.Slot] | None,
                    exclude: frozenset[int], key: tuple[object, ...]) -> BuildPlan:
        ranked = self.gains(left, tr, slots, exclude, key=key)
        if not ranked or ranked[0].gain <= 0:
            return BuildPlan()
        pool = [g.project for g in ranked[:max(1, self.level.candidates)]]
        best: BuildPlan | None = None
        for first in ranked[:max(1, self.level.beam)]:
            if first.gain <= 0:
                break
            plan = self._combine(first, left, tr, slots, exclude, pool)
            if best is None or plan.utility > best.utility + 1e-9:
                best = plan
        assert best is not None
        return best

    def _combine(self, first: Gain, left: int, tr: Tracks,
                 slots: Sequence[rollout.Slot] | None, exclude: frozenset[int],
                 pool: list[Project]) -> BuildPlan:
        """``first``, then the best line of ``pool`` with it, and so on (see
        :meth:`plan_build`)."""
        plan = BuildPlan()
        mine: tuple[Edge, ...] = ()
        blocked: frozenset[int] = frozenset()
        after = tr
        used_hexes: set[int] = set()
        best = first
        while True:
            p, now = best.project, best.now
            paid = self.pay(after, best.cost)
            if paid is None:
                break
            after = paid
            used_hexes |= set(p.tiles)
            mine = (*mine, *self._edges(p, now))
            blocked |= frozenset(p.tiles[:now])
            plan.projects.append((p, now))
            plan.cost += best.cost
            plan.later += sum(p.costs[now:])
            plan.gain += best.gain
            left -= now
            if not (self.level.combine and left > 0 and now == p.actions):
                break
            rest = [q for q in pool if used_hexes.isdisjoint(q.tiles)]
            if not rest:
                break
            nxt = self.gains(left, after, slots, exclude, pool=rest, mine=mine,
                             blocked=blocked)
            if not nxt or nxt[0].gain <= 0:
                break
            best = nxt[0]
        plan.edges = list(mine)
        plan.blocked = blocked
        plan.utility = self.utility(self.world(blocked, mine), {self.seat: after}, slots)
        return plan

    def realize(self, plan: BuildPlan) -> BuildPlan:
        """The engine's tile actions for ``plan``, line after line (a line the engine stops
        short is kept as far as it goes)."""
        work = self.state
        actions: list[TileAction] = []
        for p, n in plan.projects:
            got, work, _ = realize(work, p, self.seat, n)
            actions.extend(got)
        plan.actions = actions
        return plan

    # -- moving ------------------------------------------------------------------------------

    def choose_move(self) -> tuple[Action, float]:
        """The delivery (or locomotive upgrade, or pass) worth most over the rest of the game,
        and its gain over passing."""
        st, seat = self.state, self.seat
        routes = goods.legal_routes(st, seat)
        p = st.players[seat]
        options: list[tuple[float, Action]] = []
        skip = {seat: 1}
        base = self.utility(self.net, skip=skip)
        ranked = sorted(routes, key=lambda r: (-r.points(st.seats)[seat],
                                               sum(r.points(st.seats)), len(r.stops)))
        seen: set[tuple[int, Colour, tuple[int, ...]]] = set()
        for r in ranked:
            pts = r.points(st.seats)
            k = (r.source, r.colour, pts)
            if k in seen:
                continue
            seen.add(k)
            if len(seen) > self.level.move_options:
                break
            options.append((self._after_delivery(r.source, r.colour, pts) - base,
                            r.action(st)))
        later = any(seat in slot.order for slot in self.slots[1:])
        if p.loco < MAX_LOCO and seat not in st.loco_upgraded and later:
            # on a tie with passing it upgrades, as its look at the game to come expects of a
            # player with nothing to deliver
            u = self.utility(self.net, upgrade_at={seat: 1})
            options.append((u - base, UpgradeLocomotive()))
        options.append((0.0, PassMove()))
        best = max(options, key=lambda o: o[0])
        return best[1], best[0]

    def _after_delivery(self, source: int, colour: Colour, pts: tuple[int, ...]) -> float:
        st = self.state
        have = st.cubes[source]
        ci = COLOUR_INDEX[colour]
        left = tuple(n - (1 if i == ci else 0) for i, n in enumerate(have))
        net2 = self.net.plus(cubes={source: (left[0], left[1], left[2], left[3], left[4])})
        tracks: dict[int, Tracks] = {}
        for s, n in enumerate(pts):
            if n <= 0:
                continue
            cash, income, vp, loco = self.tracks(s)
            if value.points_to_income(self.params, self.clock, income, n):
                income += n
            else:
                vp += n
            tracks[s] = (cash, income, vp, loco)
        return self.utility(net2, tracks, skip={self.seat: 1})

    def points_as_income(self, points: int) -> bool:
        """S-G6 for the seat's points now."""
        income = self.state.players[self.seat].income
        return value.points_to_income(self.params, self.clock, income, points)

    # -- Urban Growth and Urbanization -------------------------------------------------------

    def growth_options(self, net: Net | None = None, tracks: Tracks | None = None,
                       cost: int = 0) -> list[SpecialOption]:
        """Urban Growth (S-A7) on each city the net reaches, with each distinct reserve set,
        best first; the worth counts ``cost`` (Basic: $2 when declared)."""
        st = self.state
        base_net = self.net if net is None else net
        tr = self.tracks() if tracks is None else tracks
        spend = self.spend_worth(tr, cost) if cost else 0.0
        if spend is None:
            return []
        base = self.utility(base_net, {self.seat: tr})
        spaces = self._spaces()
        out: list[SpecialOption] = []
        mine = {x for e in base_net.edges if e.owner == self.seat for x in (e.a, e.b)}
        near = mine | {o for x in mine for o, _, _ in base_net.adj.get(x, ())}
        cities = [c for c in growth_targets(st) if c in near]
        if self.level.growth_cities is not None:
            links = {c: sum(1 for e in base_net.edges if e.owner == self.seat and c in (e.a, e.b))
                     for c in cities}
            cities = sorted(cities, key=lambda c: (-links[c], c))[:self.level.growth_cities]
        for city in cities:
            for sp, i in spaces.items():
                cubes = add_cubes(base_net.cubes.get(city, NO_CUBES), sp)
                net2 = base_net.plus(cubes={city: cubes})
                u = self.utility(net2, {self.seat: tr})
                out.append(SpecialOption(UrbanGrowth(st.key(city), i), u - base - spend))
        out.sort(key=lambda s: -s.gain)
        return out

    def growth_after(self, plan: BuildPlan | None = None, tracks: Tracks | None = None,
                     cost: int = 0) -> list[SpecialOption]:
        """:meth:`growth_options` on the net the seat's build plan leaves (Urban Growth is
        carried out after the seat's tile actions)."""
        plan = self.plan_build() if plan is None else plan
        return self.growth_options(self.world(plan.blocked, tuple(plan.edges)), tracks, cost)

    def city_options(self, tracks: Tracks | None = None, cost: int = 0,
                     near: Iterable[int] = ()) -> list[SpecialOption]:
        """Urbanization (S-A9): a New City on the towns where the seat's track ends or that
        its track or plan touches (the closest few), in the colours its network has most
        cubes for, each with every distinct reserve set; best first."""
        st = self.state
        tr = self.tracks() if tracks is None else tracks
        spend = self.spend_worth(tr, cost) if cost else 0.0
        if spend is None:
            return []
        base = self.utility(self.net, {self.seat: tr})
        mine = self._my_hexes() | set(near)
        stops = self._my_stops()
        board = st.board
        towns = sorted(
            (t for t in towns_left(st) if t in mine or any(board.nb[t][s] in mine
                                                           for s in range(6))),
            key=lambda t: (-(t in stops) - sum(board.nb[t][s] in mine for s in range(6)), t))
        spaces = self._spaces()
        held = self._network_colours()[0]
        colours = [c for c in COLOURS if st.new_city_supply[COLOUR_INDEX[c]] > 0]
        colours.sort(key=lambda c: -(held[COLOUR_INDEX[c]] + max(
            (sp[COLOUR_INDEX[c]] for sp in spaces), default=0)))
        takes = self._network_colours()[1]
        # the reserve set first tried: the most cubes of colours the seat's cities take
        first = max(spaces.items(), key=lambda kv: (sum(n for c, n in enumerate(kv[0])
                                                        if takes[c]), sum(kv[0]), -kv[1]),
                    default=(NO_CUBES, None))
        scored: list[tuple[float, int, Colour, Net]] = []
        for t in towns[:CITY_TOWNS]:
            for colour in colours[:CITY_COLOURS]:
                net = self._new_city_net(t, Colour(colour))
                if net is None:
                    continue
                net2 = net.plus(cubes={t: first[0]}) if sum(first[0]) else net
                scored.append((self.utility(net2, {self.seat: tr}), t, Colour(colour), net))
        scored.sort(key=lambda x: (-x[0], x[1], x[2]))
        out: list[SpecialOption] = []
        for u0, t, colour, net in scored[:2]:
            out.append(SpecialOption(PlaceNewCity(st.key(t), colour, first[1]),
                                     u0 - base - spend))
            for sp, i in spaces.items():
                if i == first[1]:
                    continue
                u = self.utility(net.plus(cubes={t: sp}), {self.seat: tr})
                out.append(SpecialOption(PlaceNewCity(st.key(t), colour, i), u - base - spend))
        out.sort(key=lambda s: -s.gain)
        return out

    def _new_city_net(self, town: int, colour: Colour) -> Net | None:
        """The net after a New City of ``colour`` on ``town`` with no cubes (the engine's own
        placement, on a copy as if it were the seat's build phase: links ending at the town
        or facing it now end in the city, S-A10)."""
        st = self.state
        work = st.copy()
        work.phase = Phase.BUILD
        work.step = Step.BUILD
        work.build = BuildTurn(self.seat)
        work.tile_of = {**work.tile_of, self.seat: int(ActionTile.URBANIZATION)}
        work.number_only = set(work.number_only) - {self.seat}
        work.special = {**work.special, self.seat: Special.PENDING}
        spaces = self._spaces()
        action = PlaceNewCity(st.key(town), colour, min(spaces.values()) if spaces else None)
        q = build_rules.quote_new_city(work, action)
        if not q.ok:
            return None
        build_rules.apply_new_city(work, action, q)
        net = Net.of(work)
        net.cubes[town] = NO_CUBES
        return net

    def _spaces(self) -> dict[Cubes, int]:
        """The reserve spaces holding cubes, one per distinct set (S-A7: same cubes, same
        game)."""
        spaces: dict[Cubes, int] = {}
        for i, sp in enumerate(self.state.reserve):
            if sum(sp):
                spaces.setdefault(sp, i)
        return spaces

    def _my_hexes(self) -> set[int]:
        """Hexes holding the seat's track, and the stops its links reach."""
        out: set[int] = set()
        for link in self.state.links().links:
            if link.owner == self.seat:
                out.update(h for h, _ in link.paths)
                for e in (link.a, link.b):
                    if e.stop:
                        out.add(e.hex)
        return out

    # -- action tiles ------------------------------------------------------------------------

    def tile_values(self, legal: Sequence[int]) -> dict[int, float]:
        """Each action tile's worth to the seat now (utility of the turn it leads to)."""
        st, seat = self.state, self.seat
        tr = self.tracks()
        values: dict[int, float] = {}
        intents = self.intents()
        # without First Build, the players before the seat in turn order build first
        first = frozenset(h for o in self.builds_before() if o in intents
                          for h in intents[o].options[0][0])
        base_plan = self.plan_build(TILE_ACTIONS, tr, exclude=first)
        base = base_plan.utility if base_plan.projects else self.utility(self.world(),
                                                                         {seat: tr})
        for t in legal:
            v = base
            if t == ActionTile.ENGINEER:
                v = max(base, self.plan_build(ENGINEER_TILE_ACTIONS, tr, exclude=first,
                                              key=("eng",)).utility)
            elif t == ActionTile.LOCOMOTIVE:
                cost = locomotive_cost(st, seat)
                paid = self.pay(tr, cost)
                if paid is None or tr[3] >= MAX_LOCO:
                    v = base - 100.0
                else:
                    up = (paid[0], paid[1], paid[2], paid[3] + 1)
                    v = self._plan_utility(base_plan, up)
            elif t == ActionTile.FIRST_MOVE:
                v = self._plan_utility(base_plan, tr, slots=self._first_move_slots())
            elif t == ActionTile.URBAN_GROWTH:
                opts = self.growth_after(base_plan, tr, 2 if st.basic else 0)
                if opts and opts[0].gain > 0:
                    v = base + opts[0].gain
            elif t == ActionTile.URBANIZATION:
                cost = 6 if st.basic else 0
                opts = self.city_options(tr, cost, near=base_plan.hexes)
                if opts and opts[0].gain > 0:
                    v = base + opts[0].gain
            elif t == ActionTile.FIRST_BUILD:
                if self.level.foresee:
                    v = max(base, self.plan_build(TILE_ACTIONS, tr, key=("fb",)).utility)
                else:
                    v = base + self.first_build_worth(base_plan)
            elif t == ActionTile.TURN_ORDER:
                v = base + self.turn_order_worth()
            values[t] = v - self.order_worth(t)
        return values

    def order_worth(self, tile: int) -> float:
        """What a tile's number costs in next turn's order (S-T4, Basic): a lower number
        chooses its tile, builds and moves earlier. In the Standard game the number only
        breaks a tie at the end (D-28)."""
        if not self.state.basic or self.clock.turn >= self.clock.last_turn:
            return 0.001 * tile
        return self.params.order_weight * (tile - 1) / 6

    def _plan_utility(self, plan: BuildPlan, tracks: Tracks,
                      slots: Sequence[rollout.Slot] | None = None) -> float:
        """The utility of ``plan`` (its cost paid) with other tracks or move order."""
        paid = self.pay(tracks, plan.cost)
        if paid is None:
            paid, net = tracks, self.world()
        else:
            net = self.world(plan.blocked, tuple(plan.edges))
        return self.utility(net, {self.seat: paid}, slots)

    def first_build_worth(self, plan: BuildPlan) -> float:
        """What building first is worth (S-A6) to a level that does not foresee the others'
        builds: a small fixed preference."""
        return 0.3 if plan.projects else 0.0

    def turn_order_worth(self) -> float:
        """Turn Order (S-A3; Standard S-S7): first choice of action tile next turn, or a free
        pass in the next auction."""
        if self.clock.turn >= self.clock.last_turn:
            return 0.0
        return 0.25

    def _first_move_slots(self) -> list[rollout.Slot]:
        turn = max(1, self.state.turn)
        out = []
        for s in self.slots:
            if s.turn == turn:
                order = (self.seat, *[x for x in s.order if x != self.seat])
                out.append(rollout.Slot(s.turn, s.round, order, s.upgraded))
            else:
                out.append(s)
        return out

    # -- auctions and capital ----------------------------------------------------------------

    def place_spread(self) -> float:
        """How much more the first place is worth than the last (S-T2, S-S5): the seat's best
        action tile against its n-th best."""
        legal = remaining_tiles(self.state)
        vals = sorted(self.tile_values(legal).values(), reverse=True)
        n = len(self.order) or self.state.seats
        if len(vals) < n:
            return 0.0
        return max(0.0, vals[0] - vals[n - 1])

    def capital_steps(self) -> int:
        """S-S4: the $5 steps to take now: enough for the build the seat can see, the
        maintenance and a negative income (S-S10), down to the level's income floor, while the
        plan's worth pays for them."""
        st, seat = self.state, self.seat
        p = st.players[seat]
        if self.clock.builds_left <= 0:
            need = max(0, -p.income) + p.loco - p.cash
            steps = max(0, -(-need // STEP))
            return min(steps, steps_available(p)) if steps else 0
        rich = (p.cash + 60, p.income, p.vp, p.loco)
        plan = self.plan_build(tile_limit(st, seat), rich, key=("capital",))
        upkeep = p.loco + max(0, -p.income) if st.options.game is Variant.STANDARD else 0
        need = plan.cost + upkeep - p.cash
        steps = max(0, -(-need // STEP))
        steps = min(steps, steps_available(p), max(0, p.income - self.level.income_floor))
        before = self.money(p.cash, p.income)
        while steps > 0:
            taken = self.money(p.cash + STEP * steps, p.income - steps) - before
            if plan.gain + taken > 0:
                break
            steps -= 1
        return steps
