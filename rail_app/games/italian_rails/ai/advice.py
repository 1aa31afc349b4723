"""Advice for a person from the computer opponent's planner, on what that person's seat may
know (:meth:`~rail_app.games.italian_rails.rules.state.GameState.seen_by`: it never peeks at the draw pile, the
opponent's hidden cash or cards being chosen).

- :func:`suggest`: the plan the Hard computer would choose for the seat now: the demands,
  the order of pickups and deliveries, the track still to build (and what of it this turn),
  the ferries to take, the payoff, the turns and the profit a turn.
- :func:`demand_route`: the cheapest way to serve one demand from the seat's network (or
  its train): the supplier, the track still to build and its cost, the turns, and whether
  the network already reaches it.

Both are read-only and built on :class:`~rail_app.games.italian_rails.ai.planner.Planner` and its
:class:`~rail_app.games.italian_rails.ai.paths.CostGraph` through their public methods. :class:`Adviser` keeps
the seat's cost graph while the game stays the same, so that hovering one demand after
another costs one search each.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from rail_app.games.italian_rails.ai.paths import FERRY, NEW, CostGraph, Weights
from rail_app.games.italian_rails.ai.planner import (
    DELIVER,
    LEVELS,
    PICKUP,
    Event,
    Job,
    Plan,
    Planner,
)
from rail_app.games.italian_rails.rules import build, movement
from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.games.italian_rails.rules.state import Edge, GameState
from rail_app.table.seats import Level as TableLevel

LEVEL = TableLevel.HARD  # whose plan a suggestion is


@dataclass(frozen=True)
class Stop:
    """A stop of a plan: pick up ``commodity`` at ``city``, or deliver it there."""

    pickup: bool
    city: str
    commodity: str
    card: int
    demand: int
    payoff: int
    to: str  # the city that wants it


@dataclass(frozen=True)
class Advice:
    """A plan for one seat (see :func:`suggest`); dots are board ids."""

    seat: int
    stops: tuple[Stop, ...]
    route: tuple[int, ...]  # the train's way, from where it starts the plan
    stop_at: tuple[int, ...]  # the route index of each stop
    new_track: tuple[Edge, ...]  # segments still to build along the route, in order
    this_turn: tuple[Edge, ...]  # ... of which these are built this turn
    ferries: tuple[str, ...]  # ferries to take on the way (K8)
    build_cost: int  # M of track and ferries the plan builds
    rent: int
    payoff: int
    turns: float
    per_turn: float  # profit a turn: (payoff - building - rent) over the turns
    cash: int = 0  # the seat's cash when the plan was made (M)
    #: the plan is carried out with the money in hand (K7); False: the least bad plan for a
    #: locked load, which the cash cannot pay for (its figures are estimates)
    pays: bool = True

    @property
    def short(self) -> int:
        """M of the building the cash in hand does not cover (0 when it does)."""
        return max(0, self.build_cost - self.cash)


@dataclass(frozen=True)
class DemandRoute:
    """The cheapest way to serve a demand (see :func:`demand_route`)."""

    commodity: str
    city: str
    supplier: str | None  # None: a load already on the train
    route: tuple[int, ...]
    new_track: tuple[Edge, ...]
    ferries: tuple[str, ...]
    build_cost: int
    turns: float  # about how many turns, the building included (0: no estimate)
    possible: bool = True  # False: no way the rules allow (K5, the border, the sea)

    @property
    def reached(self) -> bool:
        """The seat's network (and ferries) already reaches it: nothing to build."""
        return self.possible and not self.new_track and not self.ferries


_POSITION = object()  # the key of a position asked about without a key of its own


class Adviser:
    """Keeps one seat's cost graph while the game it was made for stays the same (``key``,
    e.g. the game's version), and answers :func:`suggest` and :func:`demand_route` on it.
    Without a key the position itself is the key: the graph is kept only while the very
    same state is asked about again, unchanged (as many actions and log lines as before);
    any other position is worked out afresh."""

    def __init__(self) -> None:
        self._key: object = None
        self._graph: CostGraph | None = None
        self._seen: GameState | None = None
        self._asked: GameState | None = None  # the last state asked about without a key
        self._asked_sizes = (0, 0)  # its actions and log lines then
        self._position = 0  # counts the positions asked about without a key

    def planner(self, state: GameState, seat: int, key: object) -> Planner:
        if key is None:
            sizes = (len(state.history), len(state.log))
            if self._asked is not state or self._asked_sizes != sizes:
                self._position += 1
                self._asked, self._asked_sizes = state, sizes
            key = (_POSITION, self._position)
        full = (key, seat)
        if self._graph is None or self._seen is None or self._key != full:
            seen = state.seen_by(seat)
            self._graph = CostGraph(seen, seat, movement.base_speed(seen, seat), Weights(),
                                    previous=self._graph if self._graph is not None
                                    and self._graph.seat == seat else None)
            self._seen = seen
            self._key = full
        return Planner(self._seen, seat, self._graph, LEVELS[LEVEL])

    def suggest(self, state: GameState, seat: int, key: object = None) -> Advice | None:
        planner = self.planner(state, seat, key)
        plan = planner.choose()
        if plan is None:
            return None
        return _advice(planner, _private_first(planner, plan))

    def demand_route(self, state: GameState, seat: int, commodity: str, city: str,
                     key: object = None) -> DemandRoute:
        return _demand_route(self.planner(state, seat, key), commodity, city)

    def earned(self, before: GameState, after: GameState, seat: int,
               ahead: Advice | None = None, end: GameState | None = None) -> int:
        """What ``seat`` made from ``before`` to ``after`` as a plan's profit counts it (the
        post-game review's played figure): deliveries less building, ferries and upgrades
        (K10) and rent paid (M3); loans, taxes and rent received are not the plan's.

        Track laid for a delivery still to come is worth what it cost: the segments and
        ferries the seat built between the two positions and still holds at ``after`` are
        kept at their cost, not spent, when they are used afterwards: ``ahead`` (the best
        plan from ``after``) runs over them, or the seat's train runs over them after
        ``after`` on its way to one of its deliveries before ``end`` (the record's last
        position). Track nothing uses is money gone."""
        from rail_app.games.italian_rails.rules import log as ev

        total = 0
        built: dict[Edge, int] = {}
        ferries: dict[int, int] = {}
        for entry in after.log[len(before.log):]:
            if entry.player != seat:
                continue
            e = entry.event
            if isinstance(e, ev.Delivered):
                total += e.payoff
            elif isinstance(e, ev.BuildingPaid):
                total -= e.cost
            elif isinstance(e, ev.RentPaid):
                total -= e.fee
            elif isinstance(e, ev.SegmentBuilt):
                built[edge_key(e.a, e.b)] = e.cost
            elif isinstance(e, ev.FerryTaken):
                ferries[e.ferry] = e.cost
            elif isinstance(e, ev.Erased):
                if e.a is not None and e.b is not None:
                    built.pop(edge_key(e.a, e.b), None)
                if e.ferry is not None:
                    ferries.pop(e.ferry, None)
        me = after.players[seat]
        built = {k: c for k, c in built.items() if k in me.track}
        ferries = {f: c for f, c in ferries.items() if f in me.ferries}
        if not (built or ferries):
            return total
        used, sailed = _used_later(after, seat, ahead, end)
        return total + sum(c for k, c in built.items() if k in used) + sum(
            c for f, c in ferries.items() if f in sailed)


def _used_later(after: GameState, seat: int, ahead: Advice | None, end: GameState | None
                ) -> tuple[set[Edge], set[int]]:
    """The segments and ferries ``seat`` uses after ``after``: those ``ahead``'s train runs
    over, and those its own train ran over, from ``after`` to its last delivery before
    ``end``."""
    from rail_app.games.italian_rails.rules.actions import (
        BoardFerry,
        Deliver,
        MoveTrain,
        PlaceTrain,
    )

    board = after.board
    used: set[Edge] = set()
    sailed: set[int] = set()
    if ahead is not None and ahead.seat == seat:
        for a, b in zip(ahead.route, ahead.route[1:], strict=False):
            used.add(edge_key(a, b))
            ferry = board.ferry_between(a, b)
            if ferry is not None:
                sailed.add(ferry.index)
    if end is None:
        return used, sailed
    later = [action for player, action in end.history[len(after.history):] if player == seat]
    last = max((i for i, action in enumerate(later) if isinstance(action, Deliver)),
               default=-1)
    by_name = {f.name: f for f in board.ferries}
    at = after.players[seat].position  # where the train is (a move names the dots after it)
    for action in later[:last]:
        if isinstance(action, PlaceTrain):
            at = board.find_dot(action.dot)
        elif isinstance(action, MoveTrain):
            for d in (board.find_dot(k) for k in action.path):
                if at is not None and d is not None and d in board.adj[at]:
                    used.add(edge_key(at, d))
                at = d
        elif isinstance(action, BoardFerry) and action.ferry in by_name:
            ferry = by_name[action.ferry]
            sailed.add(ferry.index)
            if at is not None and at in ferry.ports:
                at = ferry.other_port(at)
    return used, sailed


#: Suggest prefers a plan that serves one of the player's private cards when it earns at
#: least this share of the best plan's profit a turn: the cards a person chose to keep are
#: theirs alone (C2) and are what they expect a plan to start from.
PRIVATE_SHARE = 0.8


def _private_first(planner: Planner, plan: Plan) -> Plan:
    """``plan``, or the best plan serving a private card when it earns nearly as much."""
    private = set(planner.state.players[planner.seat].private)
    if not private or not plan.pays or plan.score <= 0 or any(
            j.card in private for j in plan.jobs):
        return plan
    best: Plan | None = None
    for p in planner.candidates(planner.level.full_evals):
        if not any(j.card in private for j in p.jobs):
            continue
        planner.simulate(p)
        if p.score > float("-inf") and (best is None or p.score > best.score):
            best = p
    if best is not None and best.score >= PRIVATE_SHARE * plan.score:
        return best
    return plan


def suggest(state: GameState, seat: int) -> Advice | None:
    """The plan the Hard computer would choose for ``seat`` now (None: no demand can be
    served), from what the seat may know."""
    return Adviser().suggest(state, seat)


def demand_route(state: GameState, seat: int, commodity: str, city: str) -> DemandRoute:
    """The cheapest way for ``seat`` to bring ``commodity`` to ``city`` (``possible`` is
    False when there is none)."""
    return Adviser().demand_route(state, seat, commodity, city)


# -- the work --------------------------------------------------------------------------------


def _stops(events: tuple[Event, ...]) -> tuple[Stop, ...]:
    return tuple(Stop(e.kind == PICKUP, e.city, e.job.commodity, e.job.card, e.job.demand,
                      e.job.payoff, e.job.city) for e in events)


def _track(planner: Planner, route: list[int]) -> tuple[tuple[Edge, ...], tuple[str, ...], int]:
    """The segments still to build along ``route``, the ferries to take, and their cost."""
    graph = planner.graph
    state = planner.state
    board = planner.board
    new: list[Edge] = []
    ferries: list[str] = []
    cost = 0
    for a, b in zip(route, route[1:], strict=False):
        kind = graph.edge_kind(a, b)
        if kind == NEW:
            e = edge_key(a, b)
            if e not in new:
                new.append(e)
                cost += board.build_cost(a, b)
        elif kind == FERRY:
            f = board.ferry_between(a, b)
            if f is not None and f.index not in state.players[planner.seat].ferries \
                    and f.name not in ferries:
                ferries.append(f.name)
                cost += build.ferry_cost(state, planner.seat, f)
    return tuple(new), tuple(ferries), cost


def _prune(planner: Planner, route: list[int], stop_at: list[int]
           ) -> tuple[list[int], list[int]]:
    """The route again over only the new track it needs: the planner may lay a second new
    branch to a city where reversing along the first would do (it weighs the train's time
    against money), so any new segment whose removal still leaves the start and every stop
    joined is left out, the dearest first, and the train's way is found again, the fewest
    steps between stops, over what is left (a person reads the ghost as the track a plan
    needs and its cost)."""
    graph = planner.graph
    board = planner.board
    steps = list(zip(route, route[1:], strict=False))
    kept = {edge_key(a, b) for a, b in steps if graph.edge_kind(a, b) == NEW}
    if len(kept) < 2:
        return route, stop_at
    ferries = {(a, b) for a, b in steps if graph.edge_kind(a, b) == FERRY}
    ferries |= {(b, a) for a, b in ferries}
    terminals = [route[0], *(route[i] for i in stop_at)]

    def usable(a: int, b: int) -> bool:
        kind = graph.edge_kind(a, b)
        if kind == FERRY:
            return (a, b) in ferries
        if kind == NEW:
            return edge_key(a, b) in kept
        return board.edges[edge_key(a, b)].forbidden is None

    def way(frm: int, to: int) -> list[int] | None:
        """The fewest steps from ``frm`` to ``to`` over usable track (breadth first)."""
        if frm == to:
            return [frm]
        prev = {frm: frm}
        todo = [frm]
        for u in todo:
            nexts = list(board.adj[u]) + [f.other_port(u) for f in board.ferries_at.get(u, ())]
            for v in nexts:
                if v in prev or not usable(u, v):
                    continue
                prev[v] = u
                if v == to:
                    out = [v]
                    while out[-1] != frm:
                        out.append(prev[out[-1]])
                    return out[::-1]
                todo.append(v)
        return None

    def joined() -> bool:
        return all(way(a, b) is not None for a, b in zip(terminals, terminals[1:],
                                                          strict=False))

    for e in sorted(kept, key=lambda e: -min(board.build_cost(*e),
                                             board.build_cost(e[1], e[0]))):
        kept.discard(e)
        if not joined():
            kept.add(e)
    out = [terminals[0]]
    at: list[int] = []
    for a, b in zip(terminals, terminals[1:], strict=False):
        part = way(a, b)
        if part is None:
            return route, stop_at
        out.extend(part[1:])
        at.append(len(out) - 1)
    return out, at


def _this_turn(planner: Planner, new: tuple[Edge, ...]) -> tuple[Edge, ...]:
    """The first of the segments still to build (in the route's order) that this turn's
    building can pay for: within the phase's budget and the cash in hand (K7)."""
    state = planner.state
    me = state.players[planner.seat]
    spent = state.phase_spent if state.current == planner.seat else 0
    left = min(state.rules.build_budget - spent, me.cash - spent)
    out: list[Edge] = []
    for a, b in new:
        c = min(planner.board.build_cost(a, b), planner.board.build_cost(b, a))
        if c > left:
            break
        left -= c
        out.append((a, b))
    return tuple(out)


def _rent(planner: Planner, plan: Plan, route: list[int], stop_at: list[int]) -> int:
    """The rent (M3) the train pays on the route Suggest shows: the plan played out turn by
    turn on that route, a fee in each turn it enters the opponent's track, as the move
    charges it. The shown route may differ from the one the plan was ranked on (it is
    refined and pruned), so the plan's own figure may miss it."""
    shown = copy.copy(plan)
    planner.simulate(shown, (list(route), list(stop_at)))
    if shown.score > float("-inf"):
        return shown.rent
    # the plan cannot be played out yet (track still to pay for): at least one fee when the
    # route runs on the opponent's track at all
    owner = planner.state.owner
    on_theirs = any(owner.get(edge_key(a, b), planner.seat) != planner.seat
                    for a, b in zip(route, route[1:], strict=False))
    return max(plan.rent, planner.state.rules.rental_fee if on_theirs else 0)


def _advice(planner: Planner, plan: Plan) -> Advice:
    got = planner.route_for(plan.events, refine=True)
    route, stop_at = got if got is not None else (plan.route, plan.stop_at)
    route, stop_at = _prune(planner, route, stop_at)
    new, ferries, cost = _track(planner, route)
    stops = _stops(plan.events)
    # the figures a person reads are the plan's own: the payoffs of its deliveries, the
    # building along its way, the turns the train needs at its speed
    payoff = sum(s.payoff for s in stops if not s.pickup)
    moves = max(0, len(route) - 1)
    if plan.pays and plan.score > float("-inf"):
        turns = plan.turns
    else:
        budget_turns = -(-cost // max(1, planner.budget))
        turns = planner.build_only_turns() + max(moves / max(1, planner.speed),
                                                 float(budget_turns))
    turns = max(turns, 1.0)
    rent = _rent(planner, plan, route, stop_at)
    per_turn = (payoff - cost - rent) / turns
    me = planner.state.players[planner.seat]
    return Advice(planner.seat, stops, tuple(route), tuple(stop_at), new,
                  _this_turn(planner, new), ferries, cost, rent, payoff, turns, per_turn,
                  me.cash, plan.pays and plan.score > float("-inf"))


def _demand_route(planner: Planner, commodity: str, city: str) -> DemandRoute:
    state = planner.state
    board = planner.board
    me = state.players[planner.seat]
    jobs: list[Job] = []
    if any(x.commodity == commodity and (x.card is None or (
            state.deck.card(x.card).demands[x.demand or 0].city == city)) for x in me.loads):
        jobs.append(Job(-1, 0, commodity, city, 0, None, True))
    jobs += [Job(-1, 0, commodity, city, 0, src.name) for src in
             board.suppliers.get(commodity, []) if src.name != city]
    best: DemandRoute | None = None
    for job in jobs:
        events = (Event.of(DELIVER, job),) if job.source is None else \
            (Event.of(PICKUP, job), Event.of(DELIVER, job))
        got = planner.route_for(events, refine=True)
        if got is None:
            continue
        route = _prune(planner, *got)[0]
        new, ferries, cost = _track(planner, route)
        plan = Plan(events)
        planner.simulate(plan)
        turns = plan.turns if plan.score > float("-inf") else 0.0
        found = DemandRoute(commodity, city, job.source, tuple(route), new, ferries, cost,
                            turns)
        if best is None or (cost, turns or 99.0, len(route)) < (
                best.build_cost, best.turns or 99.0, len(best.route)):
            best = found
    return best or DemandRoute(commodity, city, None, (), (), (), 0, 0.0, possible=False)
