"""The computer opponent's planner: which demands to serve, in which order, by which route.

A *job* is one demand (card, demand) served from one supply city, or from a load already on
the train. A *plan* is one to three jobs (at most one demand per card, C1) with an order of
their pickups and deliveries that never carries more loads than the train holds (C3).

Plans are chosen in two stages, both on the game as the seat sees it
(:meth:`~rail_app.games.italian_rails.rules.state.GameState.seen_by`):

1. cheap: every sequence is costed by adding up city-to-city legs read from shortest-path
   trees computed once per turn (:mod:`rail_app.games.italian_rails.ai.paths`); pairs are formed from the best
   single jobs and triples by inserting a third job into the best pairs;
2. full: the best few are *simulated* turn by turn along their real route: building at most
   the phase budget and the cash in hand (K7), moving at the train's speed (M1), paying rent
   on the opponent's track (M3), waiting a turn at a ferry (M5), collecting payoffs as they
   come (C5). A plan that gets stuck for lack of money is dropped.

Plans are ranked by profit per turn (payoffs minus building and rent, over the turns the
plan takes).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from rail_app.core.cache import BoundedCache
from rail_app.games.italian_rails.ai.paths import BUILT, FERRY, INF, NEW, RENT, CostGraph
from rail_app.games.italian_rails.ai.races import foreseen_races, lost_races
from rail_app.games.italian_rails.rules import build, cards, movement
from rail_app.games.italian_rails.rules.board import Board, edge_key
from rail_app.games.italian_rails.rules.state import Edge, GameState, Phase
from rail_app.games.italian_rails.rules.turns import BUILD_ONLY_TURNS
from rail_app.table.seats import Level as TableLevel

MAX_SIM_TURNS = 40


@dataclass(frozen=True, slots=True)
class Job:
    """Serve ``commodity`` to ``city`` for ``payoff`` (card, demand), picking it up at
    ``source`` (None: a load already on the train)."""

    card: int
    demand: int
    commodity: str
    city: str
    payoff: int
    source: str | None
    locked: bool = False  # already locked on the train: it must be delivered
    public: bool = False


class Stop(StrEnum):
    """What a plan does at a city: pick a job's load up, or deliver it."""

    PICKUP = "P"
    DELIVER = "D"


PICKUP = Stop.PICKUP
DELIVER = Stop.DELIVER


@dataclass(frozen=True, slots=True)
class Event:
    kind: Stop
    job: Job
    city: str = ""

    @staticmethod
    def of(kind: Stop, job: Job) -> Event:
        return Event(kind, job, job.city if kind is DELIVER else str(job.source))


@dataclass(slots=True)
class Plan:
    events: tuple[Event, ...]
    cheap: float = 0.0  # cheap score
    score: float = -INF  # simulated profit per turn
    route: list[int] = field(default_factory=list)  # dots from the start
    stop_at: list[int] = field(default_factory=list)  # route index of each event
    turns: float = 0.0
    build: int = 0
    rent: int = 0
    payoff: int = 0
    first_build: list[tuple[int, int]] = field(default_factory=list)
    #: False for the least bad plan of a locked load that the money in hand cannot carry
    #: out (K7): its score is no simulated profit
    pays: bool = True

    @property
    def jobs(self) -> list[Job]:
        seen: list[Job] = []
        for e in self.events:
            if e.job not in seen:
                seen.append(e.job)
        return seen

    def describe(self) -> str:
        parts = []
        for e in self.events:
            j = e.job
            parts.append(f"{'pick' if e.kind is PICKUP else 'drop'} {j.commodity}@{e.city}")
        return ", ".join(parts) + f" (score {self.score:.1f}, {self.turns:.1f} turns)"


@dataclass
class Level:
    name: str
    max_jobs: int = 2
    singles_for_pairs: int = 20
    pairs_for_triples: int = 0
    thirds: int = 0
    full_evals: int = 10
    upgrades: bool = True
    swaps: bool = True
    race: bool = False  # count a contested public demand only if it can be won (ai/races)
    foresee: bool = False  # ... and one the opponent can serve along the track on the map
    build_value: float = 0.8  # how much of the build cost counts against a plan
    connect_margin: int = 70  # start joining the major cities this far below the win cash
    fast_at: int = 45  # cash from which the first, faster locomotive is bought (K9)


LEVELS: dict[TableLevel, Level] = {
    TableLevel.EASY: Level("easy", max_jobs=1, singles_for_pairs=0, full_evals=3, upgrades=False,
                  swaps=False, build_value=1.0, connect_margin=10),
    TableLevel.NORMAL: Level("normal", max_jobs=2, singles_for_pairs=6, full_evals=4),
    TableLevel.HARD: Level("hard", max_jobs=2, singles_for_pairs=18, full_evals=14, race=True,
                  foresee=True),
}


def locked_public(state: GameState) -> dict[int, int]:
    """C4: the public cards somebody has locked, with the demand locked."""
    out: dict[int, int] = {}
    for c in state.pool:
        d = cards.locked_demand(state, c)
        if d is not None:
            out[c] = d
    return out


# -- jobs -----------------------------------------------------------------------------------


def mandatory_jobs(state: GameState, seat: int) -> list[Job]:
    """Loads locked on the train: they must be delivered."""
    out = []
    for load in state.players[seat].loads:
        if load.card is None or load.demand is None:
            continue
        d = state.deck.card(load.card).demands[load.demand]
        out.append(Job(load.card, load.demand, d.commodity, d.city, d.payoff, None, True,
                       load.card in state.pool))
    return out


def optional_jobs(state: GameState, seat: int) -> list[Job]:
    """Every demand this seat could still take on, with each way to get the load."""
    board = state.board
    me = state.players[seat]
    used = {x.card for x in me.loads if x.card is not None}
    carried = {x.commodity for x in me.loads if x.card is None}
    locked = locked_public(state)
    out: list[Job] = []
    hand = [(c, False) for c in me.private] + [(c, True) for c in state.pool]
    for number, public in hand:
        if number in used:
            continue
        card = state.deck.card(number)
        if card.is_event:
            continue
        for j, d in enumerate(card.demands):
            if public and number in locked and locked[number] != j:
                continue  # C4: another demand of this card is locked
            pay = d.payoff
            if d.commodity in carried:
                out.append(Job(number, j, d.commodity, d.city, pay, None, False, public))
            for src in board.suppliers.get(d.commodity, []):
                if src.name != d.city:
                    out.append(Job(number, j, d.commodity, d.city, pay, src.name, False,
                                   public))
    return out


# -- sequences ------------------------------------------------------------------------------


_TEMPLATES: BoundedCache[tuple[tuple[bool, ...], int, int],
                          list[tuple[tuple[int, Stop], ...]]] = BoundedCache(256)


def _templates(shape: tuple[bool, ...], cap: int, carried: int
               ) -> list[tuple[tuple[int, Stop], ...]]:
    """Orders of (job index, stop) for jobs with (True) or without a pickup."""
    key = (shape, cap, carried)
    found = _TEMPLATES.peek(key)
    if found is not None:
        return found
    out: list[tuple[tuple[int, Stop], ...]] = []
    n = len(shape)
    picked = [not s for s in shape]
    delivered = [False] * n
    cur: list[tuple[int, Stop]] = []

    def rec(load: int) -> None:
        if len(cur) == n + sum(shape):
            out.append(tuple(cur))
            return
        for i in range(n):
            if not picked[i]:
                if load < cap:
                    picked[i] = True
                    cur.append((i, PICKUP))
                    rec(load + 1)
                    cur.pop()
                    picked[i] = False
            elif not delivered[i]:
                delivered[i] = True
                cur.append((i, DELIVER))
                rec(load - 1)
                cur.pop()
                delivered[i] = False

    rec(carried)
    _TEMPLATES.put(key, out)
    return out


def sequences(jobs: list[Job], cap: int, carried: int) -> Iterator[tuple[Event, ...]]:
    """Every order of the jobs' pickups and deliveries that respects C3 (a pickup before its
    delivery; never more than ``cap`` loads, ``carried`` of them on the train already)."""
    shape = tuple(j.source is not None for j in jobs)
    ev = {(i, k): Event.of(k, j) for i, j in enumerate(jobs) for k in (PICKUP, DELIVER)
          if k is DELIVER or j.source is not None}
    for t in _templates(shape, cap, carried):
        yield tuple(ev[x] for x in t)


def insertions(seq: tuple[Event, ...], job: Job, cap: int, carried: int
               ) -> Iterator[tuple[Event, ...]]:
    """``seq`` with the job's pickup and delivery inserted at every place allowed by C3."""
    d = Event.of(DELIVER, job)
    n = len(seq)
    if job.source is None:
        for j in range(n + 1):
            yield (*seq[:j], d, *seq[j:])
        return
    p = Event.of(PICKUP, job)
    loads = [carried]
    for e in seq:
        loads.append(loads[-1] + (1 if e.kind == PICKUP else -1))
    for i in range(n + 1):
        for j in range(i, n + 1):
            # between the pickup and the delivery the train carries one load more (the
            # places i..j-1 were checked for the shorter stretches already)
            if loads[j] + 1 > cap:
                break
            yield (*seq[:i], p, *seq[i:j], d, *seq[j:])


# -- the planner ---------------------------------------------------------------------------


class Planner:
    """Plans for one seat at one moment: holds the cost graph and the leg tables."""

    def __init__(self, state: GameState, seat: int, graph: CostGraph, level: Level) -> None:
        self.state = state
        self.seat = seat
        self.graph = graph
        self.level = level
        self.board: Board = state.board
        self.speed = movement.base_speed(state, seat)
        self.cap = cards.capacity(state, seat)
        self.budget = state.rules.build_budget
        me = state.players[seat]
        board = self.board
        # where the train starts the plan
        self.start_dot: int | None = None
        self.moving_now = False
        if me.position is None:
            sources: set[int] = set()
            for c in board.majors:
                sources.update(c.dots)
            for d in graph.my_dots:
                if d in board.city_of_dot:
                    sources.add(d)
            self.start_sources = tuple(sorted(sources))
            self.start_tree = graph.tree(self.start_sources)
        elif me.aboard is not None:
            other = board.ferries[me.aboard].other_port(me.position)
            self.start_sources = (graph.start_node(other),)
            self.start_dot = other
            self.start_tree = graph.tree(self.start_sources)
        else:
            node = graph.start_node(me.position)
            if node >= graph.n and graph.stranded(me.position):
                node = me.position  # no track here (a flood): track is drawn to the train
            self.start_sources = (node,)
            self.start_dot = me.position
            prev = me.previous
            no_back = None
            if prev is not None and me.position not in board.city_of_dot:
                no_back = (me.position, prev)
            self.start_tree = graph.tree(self.start_sources, no_back)
        self._legs: dict[tuple[str | None, int, str], tuple[float, int, float, int]] = {}
        self.carried_used = sum(1 for x in me.loads if x.card is not None)
        self.lenient = False  # accept plans that run short of money (locked loads)
        sc = board.city_of_dot.get(self.start_dot) if self.start_dot is not None else None
        self._start_city = sc.name if sc is not None else None
        self._start_layer = 1 if self.start_sources and self.start_sources[0] >= graph.n else 0
        self._wait = self.build_only_turns() + 0.5
        self.cash = me.cash - state.phase_spent
        #: (card, demand) the opponent has locked -> the first turn of ours by which they
        #: could have delivered it: a race this seat only wins by delivering earlier. A load
        #: this seat has locked already counts in full: if the race is lost its cube comes
        #: back (C5) and the plan is made again.
        self.races = lost_races(state, seat) if level.race else {}
        if level.foresee:
            for key, turn in foreseen_races(state, seat).items():
                self.races.setdefault(key, turn)

    # -- cheap legs ---------------------------------------------------------------------------
    def leg(self, frm: str | None, to: str, layer: int = 0) -> tuple[float, int, float, int]:
        """(weight, build money, steps, target node) from city ``frm`` (None: the start),
        left in ``layer`` (1: reached over the opponent's track only)."""
        key = (frm, layer, to)
        found = self._legs.get(key)
        if found is not None:
            return found
        if frm == to:
            best = (0.0, 0, 0.0, self.board.cities[to].centre + self.graph.n * layer)
        elif frm is None:
            best = self.graph.leg_in(self.start_tree, to)
        else:
            best = self.graph.city_leg(frm, layer, to)  # kept by the graph for every planner
        self._legs[key] = best
        return best

    def build_only_turns(self) -> int:
        """Turns (from now) before the train first moves (T2)."""
        me = self.state.players[self.seat]
        left = max(0, BUILD_ONLY_TURNS - me.turns_taken)
        return left

    def cheap(self, seq: tuple[Event, ...]) -> float:
        """Profit per turn estimated from the leg tables (no simulation)."""
        w = 0.0
        build = 0
        steps = 0.0
        cur: str | None = None
        at_start_city = self._start_city
        payoff = 0
        layer = 0
        n = self.graph.n
        cash = self.cash
        short = False
        legs = self._legs
        for e in seq:
            city = e.city
            if cur is None and at_start_city == city:
                lw, lb, ls = 0.0, 0, 0.0
                layer = self._start_layer
            else:
                got = legs.get((cur, layer, city))
                if got is None:
                    got = self.leg(cur, city, layer)
                lw, lb, ls, node = got
                if lw == INF:
                    return -INF
                layer = 1 if node >= n else 0
            w += lw
            build += lb
            steps += ls
            cur = city
            if e.kind == DELIVER:
                if build > cash + payoff:
                    short = True  # K7: the building must be paid before this payoff
                payoff += e.job.payoff
        if short and not self.lenient:
            return -INF
        turns = max(steps / self.speed, build / self.budget) + self._wait
        profit = payoff - build * self.level.build_value - (w - steps - build) * 0.5
        return profit / turns

    def best_sequence(self, jobs: list[Job]) -> tuple[float, tuple[Event, ...] | None]:
        best: tuple[float, tuple[Event, ...] | None] = (-INF, None)
        carried = self.carried_used + sum(1 for j in jobs if j.source is None and not j.locked)
        for seq in sequences(jobs, self.cap, carried):
            s = self.cheap(seq)
            if s > best[0]:
                best = (s, seq)
        return best

    # -- enumeration --------------------------------------------------------------------------
    def candidates(self, limit: int | None = None) -> list[Plan]:
        """Plans worth simulating, best cheap score first: every single job (all orders),
        pairs of the best singles and triples from the best pairs (by inserting the new
        job's pickup and delivery into the best order found so far); the first ``limit``
        of them (None: all)."""
        lvl = self.level
        must = mandatory_jobs(self.state, self.seat)
        opts = optional_jobs(self.state, self.seat)
        carried_free = sum(1 for x in self.state.players[self.seat].loads if x.card is None)
        plans: dict[tuple[Event, ...], float] = {}
        base_carried = self.carried_used

        def allowed(new: list[Job]) -> bool:
            if sum(1 for j in new if j.source is None) > carried_free:
                return False
            cards = [j.card for j in new] + [j.card for j in must]
            return len(set(cards)) == len(cards)  # C1: one demand per card

        def carried_for(new: list[Job]) -> int:
            return base_carried + sum(1 for j in new if j.source is None)

        def consider(new: list[Job]) -> tuple[float, tuple[Event, ...] | None]:
            if not allowed(new):
                return -INF, None
            s, seq = self.best_sequence(must + new)
            if seq is not None and s > -INF:
                plans[seq] = s
            return s, seq

        def extend(seq: tuple[Event, ...], prev: list[Job], job: Job
                   ) -> tuple[float, tuple[Event, ...] | None]:
            new = [*prev, job]
            if not allowed(new):
                return -INF, None
            best: tuple[float, tuple[Event, ...] | None] = (-INF, None)
            for cand in insertions(seq, job, self.cap, carried_for(new)):
                sc = self.cheap(cand)
                if sc > best[0]:
                    best = (sc, cand)
            if best[1] is not None and best[0] > -INF:
                plans[best[1]] = best[0]
            return best

        if must:
            consider([])
            if not plans:
                self.lenient = True  # the locked loads must go somewhere anyway
                consider([])
                self.lenient = False
        singles: list[tuple[float, Job, tuple[Event, ...]]] = []
        for j in opts:
            s, seq = consider([j])
            if s > -INF and seq is not None:
                singles.append((s, j, seq))
        singles.sort(key=lambda x: -x[0])
        max_new = max(1, lvl.max_jobs - len(must))
        pairs: list[tuple[float, list[Job], tuple[Event, ...]]] = []
        if max_new >= 2 and lvl.singles_for_pairs:
            top = singles[: lvl.singles_for_pairs]
            for (_, a, seq_a), (_, b, seq_b) in itertools.combinations(top, 2):
                if a.card == b.card:
                    continue
                s1, q1 = extend(seq_a, [a], b)
                s2, q2 = extend(seq_b, [b], a)
                if q2 is not None and (q1 is None or s2 > s1):
                    s1, q1 = s2, q2
                if q1 is not None and s1 > -INF:
                    pairs.append((s1, [a, b], q1))
            pairs.sort(key=lambda x: -x[0])
        if max_new >= 3 and lvl.pairs_for_triples:
            thirds = [j for _, j, _ in singles[: lvl.thirds]]
            seen: set[frozenset[Job]] = set()
            for _, pair, seq in pairs[: lvl.pairs_for_triples]:
                for c in thirds:
                    if c.card in (pair[0].card, pair[1].card):
                        continue
                    key = frozenset((*pair, c))
                    if key in seen:
                        continue
                    seen.add(key)
                    extend(seq, pair, c)
        ranked = sorted(plans.items(), key=lambda kv: -kv[1])
        return [Plan(seq, cheap=s) for seq, s in ranked[:limit]]

    def choose(self, keep: Plan | None = None, keep_bonus: float = 1.15) -> Plan | None:
        """The best plan by simulated profit per turn (``keep``: the plan committed to)."""
        cands = self.candidates(self.level.full_evals)
        best: Plan | None = None
        for p in cands:
            self.simulate(p)
            if p.score > -INF and (best is None or p.score > best.score):
                best = p
        if best is None and mandatory_jobs(self.state, self.seat):
            for p in cands:  # locked loads: the least bad plan that delivers them
                if self.route_for(p.events) is not None:
                    p.route, p.stop_at = self.route_for(p.events)  # type: ignore[misc]
                    p.score = -1000.0 + p.cheap
                    p.pays = False
                    best = p
                    break
        if keep is not None:
            kept = Plan(keep.events)
            if self.valid(kept):
                self.simulate(kept)
                if kept.score > -INF and (best is None or kept.score * keep_bonus
                                          >= best.score):
                    best = kept
        return best

    def valid(self, plan: Plan) -> bool:
        """Can the plan's remaining events still be carried out (cards still there)?"""
        state = self.state
        locked = locked_public(state)
        for e in plan.events:
            j = e.job
            if j.card not in state.players[self.seat].private and j.card not in state.pool:
                return False
            if e.kind == PICKUP and j.card in locked and locked[j.card] != j.demand:
                return False
        return True

    # -- routes and simulation ------------------------------------------------------------------
    def route_for(self, events: tuple[Event, ...], refine: bool = False
                  ) -> tuple[list[int], list[int]] | None:
        """The dots of the whole route and the route index of each event. With ``refine``
        each leg reuses the new track of the legs before it (slower: one search a leg)."""
        board = self.board
        route: list[int] = []
        stop_at: list[int] = []
        cur: str | None = None
        at_city = board.city_of_dot.get(self.start_dot) if self.start_dot is not None else None
        n = self.graph.n
        layer = 0
        planned: set[tuple[int, int]] = set()
        for e in events:
            city = e.city
            if cur is None and at_city is not None and at_city.name == city:
                if not route:
                    route.append(self.start_dot)  # type: ignore[arg-type]
                stop_at.append(len(route) - 1)
                cur = city
                layer = 1 if self.start_sources[0] >= n else 0
                continue
            if cur == city:
                stop_at.append(len(route) - 1)
                continue
            tree = self.start_tree if cur is None else self.graph.city_tree(cur, layer)
            _, _, _, target = self.leg(cur, city, layer)
            if target < 0:
                return None
            if refine and planned and cur is not None:
                off = n * layer
                tree = self.graph.tree_with(tuple(d + off for d in board.cities[cur].dots),
                                            planned)
                target = tree.best_node(board.cities[city].dots)
                if target < 0:
                    return None
            path = tree.path_to(target)
            if refine:
                for a, b in zip(path, path[1:], strict=False):
                    planned.add((a, b))
                    planned.add((b, a))
            if not path:
                return None
            layer = 1 if target >= n else 0
            if route:
                last = route[-1]
                if path[0] != last:
                    route.extend(self._join(last, path[0]))
                route.extend(path[1:])
            else:
                route.extend(path)
            stop_at.append(len(route) - 1)
            cur = city
        if not route:
            return None
        return route, stop_at

    def _join(self, a: int, b: int) -> list[int]:
        """Free track inside one major city from dot ``a`` to dot ``b`` (B4)."""
        if a == b:
            return []
        if self.board.edge(a, b) is not None:
            return [b]
        city = self.board.major_of_dot.get(a)
        if city is None:
            return [b]
        return [city.centre, b]

    def simulate(self, plan: Plan,
                 on: tuple[list[int], list[int]] | None = None) -> None:
        """Play the plan out turn by turn (see the module docstring); sets its score. ``on``
        is the route and the route index of each event to play it on (by default the one
        :meth:`route_for` finds)."""
        got = self.route_for(plan.events) if on is None else on
        if got is None:
            plan.score = -INF
            return
        route, stop_at = got
        plan.route, plan.stop_at = route, stop_at
        state = self.state
        me = state.players[self.seat]
        graph = self.graph
        board = self.board
        rules = state.rules
        fee = rules.rental_fee
        cash = self.cash
        speed = self.speed
        n = len(route)
        # the steps of the route and what each one needs
        kinds: list[int] = []
        costs: list[int] = []
        for i in range(n - 1):
            a, b = route[i], route[i + 1]
            k = graph.edge_kind(a, b)
            if k == FERRY:
                f = board.ferry_between(a, b)
                if f is None:
                    plan.score = -INF
                    return
                mine = f.index in me.ferries
                costs.append(0 if mine else build.ferry_cost(state, self.seat, f))
            elif k == NEW:
                costs.append(board.build_cost(a, b))
            else:
                costs.append(0)
            kinds.append(k)
        owned_ferry: set[int] = set()
        built = [k != NEW and not (k == FERRY and costs[i] > 0) for i, k in enumerate(kinds)]
        first_unbuilt = 0  # every step before it is built
        while first_unbuilt < n - 1 and built[first_unbuilt]:
            first_unbuilt += 1
        events_at: dict[int, list[int]] = {}
        for ei, idx in enumerate(stop_at):
            events_at.setdefault(idx, []).append(ei)
        done = 0
        total_events = len(plan.events)
        pos = 0
        payoff = 0
        spent = 0
        rent = 0
        first_build: list[tuple[int, int]] = []
        build_only = self.build_only_turns()
        in_move_phase = state.phase is Phase.MOVE and state.current == self.seat
        aboard = me.aboard is not None
        half_next = me.half_speed_next
        finish = None
        for k in range(MAX_SIM_TURNS):
            moved = False
            # phase A
            can_move = k >= build_only and (k > 0 or in_move_phase) and not (k == 0 and aboard)
            if k == 0 and aboard:
                half_next = True
            if can_move:
                if k == 0 and state.moves_left is not None:
                    m = state.moves_left
                else:
                    m = (speed + 1) // 2 if half_next else speed
                half_next = False
                full = m
                rent_paid = k == 0 and state.rental_paid
                while True:
                    while done < total_events and stop_at[done] == pos:
                        ev = plan.events[done]
                        if ev.kind == DELIVER and (ev.job.locked or k < self.races.get(
                                (ev.job.card, ev.job.demand), MAX_SIM_TURNS)):
                            payoff += ev.job.payoff
                            cash += ev.job.payoff
                        done += 1
                        moved = True
                    if done >= total_events:
                        finish = k + (1.0 - m / max(1, full)) * 0.9 + 0.1
                        break
                    if m <= 0 or pos >= n - 1:
                        break
                    kind = kinds[pos]
                    if not built[pos]:
                        break
                    if kind == FERRY:
                        if m < full or (k == 0 and state.moves_left is not None):
                            break  # M5: board at the start of a move
                        pos += 1
                        half_next = True
                        m = 0
                        moved = True
                        break
                    if kind == RENT and not rent_paid:
                        if cash < fee:
                            break
                        cash -= fee
                        rent += fee
                        rent_paid = True
                    pos += 1
                    m -= 1
                    moved = True
                if finish is not None:
                    break
            # phase B: build along the route, in order, from the train onward
            budget = min(self.budget - (state.phase_spent if k == 0 else 0), cash)
            if k == 0 and state.phase is Phase.BUILD and state.current == self.seat:
                budget = min(self.budget - state.phase_spent, cash)
            i = pos if k > 0 or me.position is not None else 0
            i = max(i, first_unbuilt)  # the built steps before it need no looking at
            built_now = False
            while i < n - 1 and budget > 0:
                if built[i]:
                    i += 1
                    continue
                c = costs[i]
                if c > budget:
                    break
                if kinds[i] == FERRY:
                    f = board.ferry_between(route[i], route[i + 1])
                    if f is not None:
                        owned_ferry.add(f.index)
                budget -= c
                cash -= c
                spent += c
                built[i] = True
                built_now = True
                if k == 0:
                    first_build.append((route[i], route[i + 1]))
                i += 1
            while first_unbuilt < n - 1 and built[first_unbuilt]:
                first_unbuilt += 1
            if not moved and not built_now and k >= build_only + 1 and cash < min(
                    [c for c, b in zip(costs, built, strict=True) if not b] or [0]):
                plan.score = -INF  # stuck: no money to build on and nothing to earn
                return
        if finish is None:
            plan.score = -INF
            return
        plan.turns = finish
        plan.build = spent
        plan.rent = rent
        plan.payoff = payoff
        plan.first_build = first_build
        profit = payoff - spent * self.level.build_value - rent
        plan.score = profit / max(0.5, finish + 0.5)


def unbuilt_route_edges(graph: CostGraph, route: list[int], start: int) -> list[Edge]:
    out = []
    for i in range(start, len(route) - 1):
        if graph.edge_kind(route[i], route[i + 1]) == NEW:
            out.append(edge_key(route[i], route[i + 1]))
    return out


__all__ = ["BUILT", "DELIVER", "FERRY", "LEVELS", "PICKUP", "Event", "Job", "Level", "Plan", "Planner", "RENT", "Stop",
           "locked_public", "mandatory_jobs", "optional_jobs", "sequences",
           "unbuilt_route_edges"]
