"""The computer opponent: one action at a time, through the engine's actions only.

``Bot(level, seat, seed).next_action(state)`` looks at the game as a person in that seat
sees it (:meth:`~rail_app.games.italian_rails.rules.state.GameState.seen_by`), quotes its actions there with the
engine, keeps a plan
across turns (:mod:`rail_app.games.italian_rails.ai.planner`) and returns the next action: keep cards (C2),
choose a lost load (E7), swap demands (C6), place and move the train (M1-M5), pick up,
lock, deliver (C3-C5), build along the plan's route and towards the major cities
(K1-K10, W1), upgrade the locomotive (K9), end the phase or the turn.

The expensive work (the cost graph, the plan, the turn's building) is done on the first
call of a turn and cached, so later calls return at once; ``last_think_s`` tells the app
how long the last call took (to show a "thinking" status while it runs).
"""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any

from rail_app.games.italian_rails.ai.connect import Connection, plan_connection
from rail_app.games.italian_rails.ai.paths import FERRY, NEW, RENT, CostGraph, Weights
from rail_app.games.italian_rails.ai.planner import (
    DELIVER,
    LEVELS,
    PICKUP,
    Event,
    Job,
    Level,
    Plan,
    Planner,
    locked_public,
)
from rail_app.games.italian_rails.rules import build, cards, engine, movement
from rail_app.games.italian_rails.rules.actions import (
    Action,
    BoardFerry,
    BuildFerry,
    BuildSegment,
    ChooseLoss,
    Deliver,
    Drop,
    EndPhase,
    EndTurn,
    KeepCards,
    Lock,
    MoveTrain,
    PickUp,
    PlaceTrain,
    SwapDemands,
    UpgradeLoco,
)
from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.games.italian_rails.rules.quotes import Quote
from rail_app.games.italian_rails.rules.state import GameState, Phase
from rail_app.table.seats import Level as TableLevel

#: Swap demands (C6) only when the best plan of the hand and the pool earns less than this
#: many millions per turn. In the first two turns (T2: building only) the best plan of 40
#: seeded openings on Italy earned 1.0 to 4.7M per turn (median 2.0): the two turns without
#: a train weigh on every opening alike. A swap there throws away that turn's 20M of track
#: and renews only three of the six public cards, so it pays only for a hopeless hand, below
#: OPENING_SWAP_BELOW (worse than any of those 40). Later, a plan under SWAP_BELOW per turn
#: means the train has nothing worth doing: a swap is the cheaper way out. Before it throws an
#: opening away, every level looks for plans as widely as Hard does (_look_wider): a narrow
#: search that finds nothing good is not yet a hopeless hand.
OPENING_SWAP_BELOW = 0.75
SWAP_BELOW = 2.0
MAX_REPLANS_PER_TURN = 5  # full re-plans in one turn; later triggers keep the plan
MAX_ACTIONS_PER_TURN = 80  # a guard against any back-and-forth: end the phase


def _quote(state: GameState, action: Action) -> Quote:
    return engine.quote(state, action)


def _quote_ok(state: GameState, action: Action) -> bool:
    return engine.quote(state, action).ok


class Bot:
    """A computer player for one seat (see the module docstring)."""

    def __init__(self, level: str = "normal", seat: int = 0, seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.level_name = str(level)
        self.level: Level = LEVELS[TableLevel(level)]
        self.seat = seat
        self.rng = random.Random(seed * 1009 + seat * 7 + 1)
        self.plan: Plan | None = None
        self._plan_key: Any = None
        self._plan_turn: int = -1
        self._graph_key: Any = None
        self._graph: CostGraph | None = None
        self._script: list[Action] = []
        self._script_turn: tuple[int, int] | None = None
        self._banned: set[tuple[int, int]] = set()
        self._last_swap_turn = -99
        self.swap_score: float | None = None  # the best plan's score at the last swap
        self._failed: set[Any] = set()
        self._replans = 0
        self._replans_turn = -1
        self._actions = 0
        self._actions_turn = -1
        self._route_key: Any = None
        self._route_val: tuple[list[int], list[int]] | None = None
        self._stall = 0
        self._stall_turn = -1
        self._stall_snap: Any = None
        self.last_think_s = 0.0

    # -- public -----------------------------------------------------------------------------
    def clone(self) -> Bot:
        """An independent copy with the same plan and memory (caches are rebuilt)."""
        import copy

        new = Bot(self.level_name, self.seat, 0)
        new.rng.setstate(self.rng.getstate())
        new.plan = copy.deepcopy(self.plan)
        new._plan_key = self._plan_key
        new._plan_turn = self._plan_turn
        new._script = list(self._script)
        new._script_turn = self._script_turn
        new._banned = set(self._banned)
        new._last_swap_turn = self._last_swap_turn
        new._failed = set(self._failed)
        new._stall, new._stall_turn, new._stall_snap = (self._stall, self._stall_turn,
                                                        self._stall_snap)
        new._replans, new._replans_turn = self._replans, self._replans_turn
        new._actions, new._actions_turn = self._actions, self._actions_turn
        return new

    def next_action(self, state: GameState) -> Action:
        t0 = time.perf_counter()
        try:
            return self._next(state)
        finally:
            self.last_think_s = time.perf_counter() - t0

    def will_think(self, state: GameState) -> bool:
        """Whether the next :meth:`next_action` has real work to do (a new turn, a new card,
        a delivery): the app shows its "thinking" status then, and otherwise just paces the
        moves."""
        if state.phase is Phase.SETUP:
            return True
        if state.phase is Phase.BUILD:
            return self._script_turn != (state.turn, self.seat)
        seen = state.seen_by(self.seat)
        return self._trigger_key(seen) != self._plan_key or self._plan_turn != seen.turn

    def play_turn(self, state: GameState) -> list[Action]:
        """All the actions of this seat's current turn (applied to a copy)."""
        s = state.copy()
        out: list[Action] = []
        for _ in range(500):
            if s.outcome is not None:
                break
            acting = s.pending.player if s.pending is not None else s.current
            if acting != self.seat:
                break
            a = self.next_action(s)
            s = engine.apply(s, a)
            out.append(a)
        return out

    # -- dispatch ---------------------------------------------------------------------------
    def _next(self, real: GameState) -> Action:
        state = real.seen_by(self.seat)  # everything below sees only what the seat sees
        if (state.pending is not None and state.pending.player == self.seat):
            return self._choose_loss(state)
        if state.phase is Phase.SETUP:
            return self._keep_cards(state)
        if not state.deck.cards:
            return self._practice(state)
        if self._actions_turn != state.turn:
            self._actions_turn = state.turn
            self._actions = 0
        self._actions += 1
        if self._actions > MAX_ACTIONS_PER_TURN:
            return EndPhase() if state.phase is Phase.MOVE else EndTurn()
        if state.phase is Phase.MOVE:
            return self._move(state)
        return self._build(state)

    # -- caches -----------------------------------------------------------------------------
    def _graph_for(self, state: GameState) -> CostGraph:
        """The cost graph of this seat, kept (with the shortest-path trees it has grown) for
        as long as everything it is made of stays the same, from one turn to the next too:
        the key holds all of it (the track of both players, the events in force and their
        zones, washed-out track, the ferries and their takers, the locomotive, the segments
        given up on, the variants)."""
        me = state.players[self.seat]
        key = (
            state.board, state.variants, frozenset(state.owner.items()),
            tuple((e.card, e.kind, e.edges, e.ferries) for e in state.events),
            frozenset(me.ferries), tuple(sorted((k, v) for k, v in state.ferry_takers.items())),
            me.loco, len(self._banned), tuple((w.edge, w.owner) for w in state.washed_out),
        )
        if key != self._graph_key or self._graph is None:
            self._graph = CostGraph(state, self.seat, movement.base_speed(state, self.seat), Weights(),
                                    self._banned, previous=self._graph)
            self._graph_key = key
        return self._graph

    def _trigger_key(self, state: GameState) -> Any:
        """Re-plan when any of this changes: a delivery, a new card, an event, a lock."""
        me = state.players[self.seat]
        return (
            tuple(me.private), tuple(state.pool), me.deliveries,
            tuple(e.card for e in state.events), tuple(sorted(locked_public(state).items())),
            tuple((x.commodity, x.card, x.demand) for x in me.loads), me.loco,
        )

    def _remaining(self, state: GameState, plan: Plan) -> tuple[Event, ...] | None:
        """The plan's events still to do, in the terms of the state now; None if broken."""
        me = state.players[self.seat]
        locked = {(x.card, x.demand) for x in me.loads if x.card is not None}
        live = set(me.private) | set(state.pool)
        public_locks = locked_public(state)
        mapping: dict[Job, Job] = {}
        out: list[Event] = []
        for e in plan.events:
            j = e.job
            if (j.card, j.demand) in locked and j.source is not None:
                nj = mapping.setdefault(j, dataclasses.replace(j, source=None, locked=True))
                if e.kind == PICKUP:
                    continue
                out.append(Event.of(DELIVER, nj))
                continue
            if j.card not in live:
                if e.kind == DELIVER and (j.card, j.demand) not in locked:
                    continue  # delivered (or gone): nothing left of this job
                return None
            if e.kind == PICKUP and j.card in public_locks and public_locks[j.card] != j.demand:
                return None
            out.append(e)
        # every locked load must be in the plan
        planned = {(e.job.card, e.job.demand) for e in out if e.kind == DELIVER}
        if not locked <= planned:
            return None
        # loads to lock later must still be on the train, unlocked
        free: dict[str, int] = {}
        for x in me.loads:
            if x.card is None:
                free[x.commodity] = free.get(x.commodity, 0) + 1
        for e in out:
            j = e.job
            if e.kind == DELIVER and j.source is None and not j.locked:
                if free.get(j.commodity, 0) <= 0:
                    return None
                free[j.commodity] -= 1
        return tuple(out)

    def _route(self, state: GameState, planner: Planner, plan: Plan
               ) -> tuple[list[int], list[int]] | None:
        """The plan's route from the train, each leg reusing the track of the legs before
        (cached while the train, the plan and the cost graph stay the same)."""
        key = (self._graph_key, state.players[self.seat].position, state.players[self.seat].previous, state.players[self.seat].aboard,
               plan.events)
        if self._route_key != key:
            self._route_key = key
            self._route_val = planner.route_for(plan.events, refine=True)
        return self._route_val

    def _planner(self, state: GameState) -> Planner:
        return Planner(state, self.seat, self._graph_for(state), self.level)

    def _ensure_plan(self, state: GameState, force: bool = False) -> tuple[Planner, Plan | None]:
        planner = self._planner(state)
        key = self._trigger_key(state)
        kept: Plan | None = None
        if state.turn != self._stall_turn:
            self._stall_turn = state.turn
            snap = (state.players[self.seat].position, state.players[self.seat].cash, len(state.players[self.seat].track),
                    tuple((x.commodity, x.card) for x in state.players[self.seat].loads), state.players[self.seat].aboard)
            self._stall = self._stall + 1 if snap == self._stall_snap else 0
            self._stall_snap = snap
            if self._stall >= 2:
                force = True  # nothing has moved for two turns: think again from scratch
                self.plan = None
        if self.plan is not None:
            rem = self._remaining(state, self.plan)
            if rem:
                kept = Plan(rem)
        if not force and kept is not None and key == self._plan_key:
            if self._plan_turn == state.turn and self.plan is not None and \
                    self.plan.events == kept.events:
                return planner, self.plan
            planner.simulate(kept)
            if kept.score > -float("inf"):
                self.plan = kept
                self._plan_turn = state.turn
                return planner, kept
        if self._replans_turn != state.turn:
            self._replans_turn = state.turn
            self._replans = 0
        self._replans += 1
        if self._replans > MAX_REPLANS_PER_TURN and kept is not None:
            planner.simulate(kept)  # enough thinking for one turn: go on with the plan
            if kept.score > -float("inf"):
                self.plan = kept
                self._plan_key = key
                return planner, kept
        best = planner.choose(kept)
        self.plan = best
        self._plan_key = key
        self._plan_turn = state.turn
        return planner, best

    # -- setup (C2) -------------------------------------------------------------------------
    def _keep_cards(self, state: GameState) -> Action:
        """C2: keep the two dealt cards that allow the best plans. All plans over the five
        dealt cards are costed once; each pair of cards is scored by the best plan using only
        its own cards, plus a share of the best plan of its weaker card."""
        import itertools

        dealt = sorted(state.players[self.seat].dealt)
        keep = state.rules.keep
        graph = self._graph_for(state)
        if self.level.name == "easy":
            def easy_score(combo: tuple[int, ...]) -> float:
                return float(sum(max(d.payoff for d in state.deck.card(c).demands)
                                 for c in combo))
            return KeepCards(max(itertools.combinations(dealt, keep), key=easy_score))
        fake = state.copy()  # as if the five dealt cards were all kept, with no pool yet
        fake.players[self.seat].private = list(dealt)
        fake.players[self.seat].dealt = []
        fake.pool = []
        planner = Planner(fake, self.seat, graph, dataclasses.replace(
            self.level, max_jobs=2, singles_for_pairs=14, full_evals=0))
        cands = planner.candidates()
        single: dict[int, float] = {}
        for p in cands:
            cards = {e.job.card for e in p.events}
            if len(cards) == 1:
                c = next(iter(cards))
                single[c] = max(single.get(c, -1e9), p.cheap)
        best: tuple[float, tuple[int, ...]] | None = None
        for combo in itertools.combinations(dealt, keep):
            inside = set(combo)
            top = max((p.cheap for p in cands if {e.job.card for e in p.events} <= inside),
                      default=-1e9)
            weak = min(single.get(c, -1e9) for c in combo)
            score = top + 0.3 * max(weak, -10.0)
            if best is None or score > best[0]:
                best = (score, combo)
        assert best is not None
        return KeepCards(best[1])

    # -- derailment (E7) ----------------------------------------------------------------------
    def _choose_loss(self, state: GameState) -> Action:
        best_i = 0
        best_v = float("inf")
        for i, load in enumerate(state.players[self.seat].loads):
            if load.card is None:
                v = 0.0
            else:
                v = float(state.deck.card(load.card).demands[load.demand or 0].payoff)
            if v < best_v:
                best_i, best_v = i, v
        return ChooseLoss(best_i, False)

    # -- phase A -----------------------------------------------------------------------------
    def _move(self, state: GameState) -> Action:
        me = state.players[self.seat]
        board = state.board
        if me.aboard is not None:
            return EndPhase()
        planner, plan = self._ensure_plan(state)
        if (me.position is not None and state.turn - self._last_swap_turn > 4
                and self._swaps(state, plan, SWAP_BELOW)):
            return SwapDemands()
        if me.position is None:
            if plan is not None and plan.route:
                a: Action = PlaceTrain(board.key(plan.route[0]))
                if _quote_ok(state, a):
                    return a
            return PlaceTrain(board.key(board.majors[0].centre if board.majors
                                        else board.city_list[0].centre))
        city = board.city_of_dot.get(me.position)
        # deliver whatever can be delivered here (C5)
        if city is not None:
            for load in me.loads:
                if load.card is not None:
                    d = state.deck.card(load.card).demands[load.demand or 0]
                    if d.city == city.name:
                        a = Deliver(load.card, load.demand or 0)
                        if _quote_ok(state, a):
                            return a
        lock = self._lock_carried(state)
        if lock is not None:
            return lock
        if plan is None:
            return self._drift(state)
        # pick up what the plan picks up here
        if city is not None:
            for e in plan.events:
                if e.kind == PICKUP and e.job.source == city.name:
                    a = PickUp(e.job.commodity, e.job.card, e.job.demand)
                    key = ("pickup", state.turn, a)
                    if key not in self._failed:
                        if _quote_ok(state, a):
                            return a
                        self._failed.add(key)
                        drop = self._drop_useless(state, plan)
                        if drop is not None:
                            return drop
                if e.kind == PICKUP:
                    break
        # ferries: board at the start of the move (M5)
        route = self._route(state, planner, plan)
        if route is not None:
            dots, stops = route
            if state.moves_left is None and len(dots) > 1:
                f = board.ferry_between(dots[0], dots[1])
                if f is not None:
                    a = BoardFerry(f.name)
                    if _quote_ok(state, a):
                        return a
            path = self._path_along(state, planner, dots, stops)
            if path:
                a = MoveTrain(tuple(board.key(d) for d in path))
                q_ok = _quote_ok(state, a)
                while not q_ok and len(path) > 1:
                    path = path[:-1]
                    a = MoveTrain(tuple(board.key(d) for d in path))
                    q_ok = _quote_ok(state, a)
                if q_ok:
                    return a
        return EndPhase()

    def _look_wider(self, state: GameState, planner: Planner,
                    plan: Plan | None) -> tuple[Planner, Plan | None]:
        """The opening's plan, looked for as widely as Hard does when this
        level's own search found nothing worth its two turns; the better plan is kept."""
        hard = LEVELS[TableLevel.HARD]
        wide = Planner(state, self.seat, self._graph_for(state), dataclasses.replace(
            self.level, max_jobs=max(self.level.max_jobs, hard.max_jobs),
            singles_for_pairs=hard.singles_for_pairs, full_evals=hard.full_evals))
        best = wide.choose(None)
        if best is not None and (plan is None or best.score > plan.score):
            self.plan = best
            return wide, best
        return planner, plan

    def _swaps(self, state: GameState, plan: Plan | None, below: float) -> bool:
        """C6/T3: swap demands now? Only at the start of a turn, with no locked load, when
        the best plan earns less than ``below`` per turn (see OPENING_SWAP_BELOW). The plan's
        score is kept in ``swap_score`` for whoever asks why."""
        score = plan.score if plan is not None else -float("inf")
        if (not self.level.swaps or state.turn_started or score >= below
                or any(x.card is not None for x in state.players[self.seat].loads)
                or not _quote_ok(state, SwapDemands())):
            return False
        self.swap_score = score
        self._last_swap_turn = state.turn
        self.plan = None
        return True

    def _path_along(self, state: GameState, planner: Planner, dots: list[int],
                    stops: list[int]) -> list[int]:
        """The part of the route the train can run now: up to its movement, the next stop,
        a city where a carried load can be delivered, a ferry port, or missing track."""
        if len(dots) < 2:
            return []
        speed = movement.base_speed(state, self.seat)
        me = state.players[self.seat]
        m = state.moves_left
        if m is None:
            m = (speed + 1) // 2 if me.half_speed_next else speed
        if m <= 0:
            return []
        graph = planner.graph
        board = state.board
        deliver_cities = set()
        for load in me.loads:
            if load.card is not None:
                deliver_cities.add(state.deck.card(load.card).demands[load.demand or 0].city)
        next_stop = stops[0] if stops else len(dots) - 1
        path: list[int] = []
        cash = me.cash - state.phase_spent
        rent_ok = state.rental_paid or cash >= state.rules.rental_fee
        for i in range(len(dots) - 1):
            if len(path) >= m or i >= next_stop:
                break
            a, b = dots[i], dots[i + 1]
            k = graph.edge_kind(a, b)
            if k in (NEW, FERRY):
                break
            if k == RENT and not rent_ok:
                break
            path.append(b)
            c = board.city_of_dot.get(b)
            if c is not None and c.name in deliver_cities:
                break
        return path

    def _lock_carried(self, state: GameState) -> Action | None:
        """Lock unlocked loads on the train to the demands the plan uses them for (C3, C4).
        Nothing else is locked: a locked load can be neither dropped (C3) nor swapped away
        (C6), so a lock the plan cannot deliver would hold the train for good."""
        free = [x.commodity for x in state.players[self.seat].loads if x.card is None]
        if not free or self.plan is None:
            return None
        for e in self.plan.events:
            j = e.job
            if e.kind == DELIVER and j.source is None and not j.locked and j.commodity in free:
                a = Lock(j.card, j.demand)
                if _quote_ok(state, a):
                    return a
        return None

    def _drop_useless(self, state: GameState, plan: Plan) -> Action | None:
        wanted = {e.job.commodity for e in plan.events if e.job.source is None}
        for load in state.players[self.seat].loads:
            if load.card is None and load.commodity not in wanted:
                a = Drop(load.commodity)
                if _quote_ok(state, a):
                    return a
        return None

    def _drift(self, state: GameState) -> Action:
        """No plan: nothing worth doing on the move."""
        return EndPhase()

    # -- phase B -----------------------------------------------------------------------------
    def _practice(self, state: GameState) -> Action:
        """A game of building only (no cards, no train): join the major cities (W1)."""
        if state.phase is Phase.MOVE:
            return EndPhase()
        turn_id = (state.turn, self.seat)
        if self._script_turn != turn_id:
            self._script_turn = turn_id
            me = state.players[self.seat]
            budget = max(0, min(state.rules.build_budget, me.cash) - state.phase_spent)
            conn = plan_connection(state, self.seat, self._banned)
            self._script = []
            self._add_steps(state, conn.steps, budget, self._script)
        return self._next_scripted(state)

    def _build(self, state: GameState) -> Action:
        if state.phase is Phase.SWAPPED:
            # C6: lock only what the new cards' best plan delivers; a load locked to a demand
            # out of reach could never be dropped (C3) nor swapped away (C6)
            self._ensure_plan(state)
            lock = self._lock_carried(state)
            return lock if lock is not None else EndTurn()
        turn_id = (state.turn, self.seat)
        if self._script_turn != turn_id:
            self._script_turn = turn_id
            # T3: in the build-only turns a hopeless hand may be swapped instead
            self._script = self._build_script(state)
            if self._script and isinstance(self._script[0], SwapDemands):
                self._script = []
                return SwapDemands()
        return self._next_scripted(state)

    def _next_scripted(self, state: GameState) -> Action:
        """The next legal action of this turn's building script, or the end of the turn."""
        while self._script:
            a = self._script.pop(0)
            q = _quote(state, a)
            if q.ok:
                return a
            if isinstance(a, BuildSegment):
                rev = BuildSegment(a.b, a.a)
                if _quote_ok(state, rev):
                    return rev
                if set(q.rules) & {"K2", "K4", "K5", "B3", "E4", "E6"}:
                    board = state.board
                    self._banned.add(edge_key(board.dot(a.a), board.dot(a.b)))
                # the segments after this one would hang in the air: drop them
                self._script = [x for x in self._script if not isinstance(x, BuildSegment)]
        return EndTurn()

    def _build_script(self, state: GameState) -> list[Action]:
        board = state.board
        me = state.players[self.seat]
        rules = state.rules
        planner, plan = self._ensure_plan(state)
        if (me.turns_taken < 2 and state.turn - self._last_swap_turn > 2 and self.level.swaps
                and not state.turn_started
                and (plan is None or plan.score < OPENING_SWAP_BELOW)):
            planner, plan = self._look_wider(state, planner, plan)
            if self._swaps(state, plan, OPENING_SWAP_BELOW):
                return [SwapDemands()]
        cash = me.cash - state.phase_spent
        budget = min(rules.build_budget - state.phase_spent, cash)
        if plan is not None:
            got = self._route(state, planner, plan)
            if got is not None and any(planner.graph.edge_kind(a, b) == RENT
                                       for a, b in zip(got[0], got[0][1:], strict=False)):
                # M3: keep the rent for the opponent's track the route runs on
                budget = min(budget, cash - rules.rental_fee)
        budget = max(0, budget)
        out: list[Action] = []
        spent = 0
        win = rules.win_cash
        if cash >= win - max(self.level.connect_margin, 40) - 40:
            conn = plan_connection(state, self.seat, self._banned)
        else:
            conn = Connection()  # far from the win: not worth the search yet
            conn.missing = []
        connect_first = conn.missing and cash - conn.cost >= win
        connect_late = conn.missing and cash >= win - self.level.connect_margin
        if connect_first:
            spent += self._add_steps(state, conn.steps, budget - spent, out)
        if plan is not None:
            got = self._route(state, planner, plan)
            if got is not None:
                dots, _ = got
                steps: list[tuple[int, int]] = []
                graph = planner.graph
                if me.position is not None and dots and dots[0] not in graph.anchor:
                    # a stranded train: draw the first stretch from the network to it
                    j = 0
                    while j < len(dots) - 1 and graph.edge_kind(dots[j], dots[j + 1]) == NEW:
                        j += 1
                    if j > 0 and dots[j] in graph.anchor:
                        steps.extend((dots[k + 1], dots[k]) for k in reversed(range(j)))
                for a, b in zip(dots, dots[1:], strict=False):
                    k = planner.graph.edge_kind(a, b)
                    if k == NEW:
                        steps.append((a, b))
                    elif k == FERRY:
                        f = board.ferry_between(a, b)
                        if f is not None and f.index not in me.ferries:
                            steps.append((a, b))
                spent += self._add_steps(state, steps, budget - spent, out)
        if connect_late and not connect_first:
            spent += self._add_steps(state, conn.steps, budget - spent, out)
        # K9: a faster train pays once the network carries it
        if self.level.upgrades and spent == 0 and state.phase_spent == 0:
            up = self._upgrade(state, plan, conn)
            if up is not None:
                out.append(up)
        return out

    def _add_steps(self, state: GameState, steps: list[tuple[int, int]], budget: int,
                   out: list[Action]) -> int:
        board = state.board
        spent = 0
        done = {edge_key(board.dot(x.a), board.dot(x.b)) for x in out
                if isinstance(x, BuildSegment)}
        bought = {x.ferry for x in out if isinstance(x, BuildFerry)}
        for a, b in steps:
            e = board.edge(a, b)
            if e is None:
                f = board.ferry_between(a, b)
                if f is None or f.name in bought or f.index in state.players[self.seat].ferries:
                    continue
                c = build.ferry_cost(state, self.seat, f)
                if spent + c > budget:
                    break
                out.append(BuildFerry(f.name))
                bought.add(f.name)
                spent += c
                continue
            if edge_key(a, b) in state.owner or edge_key(a, b) in done:
                continue
            c = board.build_cost(a, b)
            if spent + c > budget:
                break
            out.append(BuildSegment(board.key(a), board.key(b)))
            done.add(edge_key(a, b))
            spent += c
        return spent

    def _upgrade(self, state: GameState, plan: Plan | None, conn: Any) -> Action | None:
        me = state.players[self.seat]
        rules = state.rules
        cash = me.cash
        track = sum(1 for w in state.owner.values() if w == self.seat)
        win = rules.win_cash
        if conn.missing and cash >= win - 40:
            return None  # the money goes to joining the major cities
        if plan is not None and plan.first_build:
            return None
        if me.loco == rules.start_locomotive:
            if cash >= self.level.fast_at and track >= 18 and me.turns_taken >= 4:
                to = "Fast Freight" if ("Freight", "Fast Freight") in rules.upgrades else None
                if to is None:
                    return None
                return UpgradeLoco(to)
        elif self.level.max_jobs >= 3 and cash >= 110 and cards.capacity(state, self.seat) < 3:
            for (frm, to), cost in rules.upgrades.items():
                if frm == me.loco and cost <= cash - 80 and \
                        rules.locomotives[to].capacity > rules.locomotives[frm].capacity and \
                        rules.locomotives[to].speed >= rules.locomotives[frm].speed:
                    return UpgradeLoco(to)
        return None

