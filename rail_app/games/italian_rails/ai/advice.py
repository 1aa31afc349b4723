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
    per_turn: float  # profit a turn, as the planner ranks plans


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


class Adviser:
    """Keeps one seat's cost graph while the game it was made for stays the same (``key``,
    e.g. the game's version), and answers :func:`suggest` and :func:`demand_route` on it."""

    def __init__(self) -> None:
        self._key: object = None
        self._graph: CostGraph | None = None
        self._seen: GameState | None = None

    def planner(self, state: GameState, seat: int, key: object) -> Planner:
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
        return _advice(planner, plan)

    def demand_route(self, state: GameState, seat: int, commodity: str, city: str,
                     key: object = None) -> DemandRoute:
        return _demand_route(self.planner(state, seat, key), commodity, city)

    def earned(self, before: GameState, after: GameState, seat: int) -> int:
        """What ``seat`` made from ``before`` to ``after`` as a plan's profit counts it (the
        post-game review's played figure): deliveries less building, ferries and upgrades
        (K10) and rent paid (M3); loans, taxes and rent received are not the plan's."""
        from rail_app.games.italian_rails.rules import log as ev

        total = 0
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
        return total


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


def _advice(planner: Planner, plan: Plan) -> Advice:
    got = planner.route_for(plan.events, refine=True)
    route, stop_at = got if got is not None else (plan.route, plan.stop_at)
    new, ferries, cost = _track(planner, route)
    first = tuple(edge_key(a, b) for a, b in plan.first_build
                  if planner.graph.edge_kind(a, b) == NEW)
    return Advice(planner.seat, _stops(plan.events), tuple(route), tuple(stop_at), new, first,
                  ferries, cost, plan.rent, plan.payoff, plan.turns, plan.score)


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
        got = planner.route_for(events)
        if got is None:
            continue
        route = got[0]
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
