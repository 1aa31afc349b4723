"""A seeded, goal-directed random player that only ever plays legal actions: the soak test of
the rules engine (rail_app/games/italian_rails/devtools/soak.py) plays whole games with it.

Every action it returns is legal (it is either one of :func:`engine.legal_actions` or a
candidate it has quoted itself). The randomness is weighted so that whole games progress:

- setup: keep two of the five dealt cards (C2);
- a pending choice (E7 derailment loss) is answered for ``state.pending.player``;
- phase A: deliver when possible, pick up loads locked to a planned demand, lock carried
  loads, move along the route towards the planned city (M1-M3), now and then another city,
  a ferry (M5), a drop, a swap (C6) or a loan (V2); end the phase when stuck;
- phase B: extend the network towards the planned supply and demand cities (a few segments,
  within the 20M and a cash reserve), sometimes erase the last segment (K10), take a ferry
  (K8) or upgrade the locomotive (K9); rich players build towards the major cities they have
  not joined yet (W1). Then end the turn.

The plan (which demand to serve) lives in the player object, so replaying the recorded
actions of a game needs nothing from here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import networkx as nx

from rail_app.games.italian_rails.rules import build, cards, engine, movement
from rail_app.games.italian_rails.rules.actions import (
    Action,
    BoardFerry,
    BuildFerry,
    BuildSegment,
    Deliver,
    Drop,
    EndPhase,
    EndTurn,
    EraseSegment,
    KeepCards,
    Lock,
    MoveTrain,
    PickUp,
    PlaceTrain,
    SwapDemands,
    TakeLoan,
    UpgradeLoco,
)
from rail_app.games.italian_rails.rules.board import Board, edge_key
from rail_app.games.italian_rails.rules.deckmodel import Deck
from rail_app.games.italian_rails.rules.engine import new_game
from rail_app.games.italian_rails.rules.state import VARIANT_LOANS, GameState, Phase

#: Weights of the kinds of legal action in phase A (anything else: DEFAULT_WEIGHT).
MOVE_WEIGHTS: dict[type[Action], float] = {
    Deliver: 1000.0, PickUp: 0.5, Lock: 2.0, MoveTrain: 2.0, BoardFerry: 1.0, Drop: 0.4,
    PlaceTrain: 1.0, SwapDemands: 0.3, TakeLoan: 0.2, EndPhase: 1.0, EndTurn: 0.05,
}
DEFAULT_WEIGHT = 0.2
PLANNED_PICKUP_WEIGHT = 200.0
PLANNED_MOVE_WEIGHT = 40.0
MAX_ACTIONS_PER_TURN = 60
CASH_RESERVE = 6  # M kept back when building, so that rent (M3) stays affordable
RICH = 180  # M: from here on, build towards the unjoined major cities (W1)


class GoalDirectedPlayer:
    """Chooses a legal action for whoever is to act (the player to move, or the player a
    pending choice waits for). Seeded: the same seed and states give the same choices."""

    name = "goal-directed"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.plan: dict[int, tuple[int, int]] = {}  # player -> (card, demand) being served
        self._turn_key: tuple[int, int] = (-1, -1)
        self._count = 0
        self._budget = 0
        self._path_key: tuple[int, int, tuple[int, ...]] | None = None
        self._path: list[tuple[int, int]] = []

    # -- entry point ---------------------------------------------------------------------

    def choose(self, state: GameState) -> Action:
        """A legal action for ``state`` (the game must not be over)."""
        if state.pending is not None:
            legal = engine.legal_actions(state)
            return self.rng.choice(legal)
        if state.phase is Phase.SETUP:
            me = state.players[state.current]
            return KeepCards(tuple(sorted(self.rng.sample(list(me.dealt), state.rules.keep))))
        key = (state.turn, state.current)
        if key != self._turn_key:
            self._turn_key = key
            self._count = 0
            self._budget = self.rng.choice((8, 12, 16, 20))
        self._count += 1
        if self._count > MAX_ACTIONS_PER_TURN:
            return EndTurn()
        if state.phase is Phase.SWAPPED:
            locks = [a for a in engine.legal_actions(state) if isinstance(a, Lock)]
            return self.rng.choice(locks) if locks else EndTurn()
        if state.phase is Phase.MOVE:
            return self._move_phase(state)
        if state.phase is Phase.BUILD:
            return self._build_phase(state)
        return EndTurn()

    # -- plans -----------------------------------------------------------------------------

    def _valid_plan(self, state: GameState, me: int) -> tuple[int, int] | None:
        plan = self.plan.get(me)
        if plan is None:
            return None
        card, _ = plan
        held = card in state.pool or card in state.players[me].private
        if held and (not cards.lock_violations(state, me, card, plan[1]) or any(
                x.card == card for x in state.players[me].loads)):
            return plan
        return None

    def _choose_plan(self, state: GameState, me: int) -> tuple[int, int] | None:
        """Pick a demand to serve, preferring those whose payoff is high against the cost
        of joining its supply and demand cities to the player's network."""
        board = state.board
        p = state.players[me]
        cost = self._costs_from_network(state, me)
        empty = not p.track
        options: list[tuple[float, tuple[int, int]]] = []
        for c in [*p.private, *state.pool]:
            for j, d in enumerate(cards.card_of(state, c).demands):
                if cards.lock_violations(state, me, c, j, d.commodity):
                    continue
                dest = board.cities[d.city].centre
                best: float | None = None
                for sup in board.suppliers.get(d.commodity) or []:
                    if sup.centre not in cost or dest not in cost:
                        continue
                    join = cost[sup.centre] + (2.0 * board.distance(sup.centre, dest)
                                               if empty else cost[dest])
                    if best is None or join < best:
                        best = join
                if best is not None:
                    options.append((d.payoff - best, (c, j)))
        if not options:
            return None
        options.sort(key=lambda x: -x[0])
        top = options[:3]
        plan = self.rng.choice([o for _, o in top])
        self.plan[me] = plan
        return plan

    def _costs_from_network(self, state: GameState, me: int) -> dict[int, float]:
        sources = build.network_dots(state, me)
        for m in state.board.majors:
            sources.update(m.outer)
        return dict(nx.multi_source_dijkstra_path_length(
            state.board.graph, sources, weight=self._weight(state, me)))

    @staticmethod
    def _weight(state: GameState, me: int) -> Callable[[int, int, dict[str, object]],
                                                       float | None]:
        """Building cost of a segment for path searches: own and free track cost nothing,
        the opponent's segments and ferries are avoided."""
        board = state.board
        owner = state.owner

        def weight(u: int, v: int, data: dict[str, object]) -> float | None:
            if data.get("kind") != "track":
                return None
            k = edge_key(u, v)
            if board.edges[k].free:
                return 0.0
            who = owner.get(k)
            if who == me:
                return 0.0
            if who is not None:
                return None
            return float(board.build_cost(u, v)) + 0.5

        return weight

    def _targets(self, state: GameState, me: int) -> list[int]:
        """Dots the player wants to reach: the demand city of a locked load, else the
        planned supply and demand cities (and, once rich, the unjoined major cities)."""
        board = state.board
        p = state.players[me]
        out: list[int] = []
        for load in p.loads:
            if load.card is not None and load.demand is not None:
                d = cards.card_of(state, load.card).demands[load.demand]
                out.append(board.cities[d.city].centre)
        plan = self._valid_plan(state, me) or self._choose_plan(state, me)
        if plan is not None:
            d = cards.card_of(state, plan[0]).demands[plan[1]]
            dest = board.cities[d.city].centre
            supply = board.suppliers.get(d.commodity) or []
            if supply and not any(x.card == plan[0] for x in p.loads):
                best = min(supply, key=lambda s: board.distance(s.centre, dest))
                out.append(best.centre)
            out.append(dest)
        return out

    def _rich(self, state: GameState, me: int) -> bool:
        return bool(state.players[me].cash >= min(RICH, state.rules.win_cash * 4 // 5))

    def _major_link(self, state: GameState, me: int) -> tuple[set[int], int] | None:
        """W1 for a rich player: (dots joined to the first major city by own and free
        track, the centre of a major city not joined to them), or None when all are."""
        board = state.board
        if not board.majors or cards.connects_all_majors(state, me):
            return None
        g = nx.Graph()
        g.add_edges_from(state.players[me].track)
        g.add_edges_from(e.key for e in board.edges.values() if e.free)
        for fi in state.players[me].ferries:
            g.add_edge(*board.ferries[fi].ports)
        joined = set(nx.node_connected_component(g, board.majors[0].centre))
        for m in board.majors[1:]:
            if m.centre not in joined:
                return joined, m.centre
        return None

    # -- phase A -----------------------------------------------------------------------------

    def _move_phase(self, state: GameState) -> Action:
        me = state.current
        p = state.players[me]
        board = state.board
        rng = self.rng
        legal = [a for a in engine.legal_actions(state)
                 if not isinstance(a, EndTurn) or rng.random() < 0.5]
        if not legal:
            return EndPhase()
        plan = self._valid_plan(state, me) or self._choose_plan(state, me)
        weights: list[float] = []
        for a in legal:
            w = MOVE_WEIGHTS.get(type(a), DEFAULT_WEIGHT)
            if isinstance(a, PickUp) and plan is not None and (a.card, a.demand) == plan:
                w = PLANNED_PICKUP_WEIGHT
            elif isinstance(a, PickUp) and a.card is None:
                w = 0.3
            elif isinstance(a, PlaceTrain):
                w = 0.1
            elif isinstance(a, TakeLoan) and p.cash > 20:
                w = 0.0
            weights.append(w)
        extra = self._planned_move(state, me)
        if extra is not None:
            weights = [w * 0.1 if isinstance(a, MoveTrain) else w
                       for a, w in zip(legal, weights, strict=True)]
            legal.append(extra)
            weights.append(PLANNED_MOVE_WEIGHT)
        if p.position is None:
            net = build.network_dots(state, me)
            targets = self._targets(state, me)
            joined = [t for t in targets
                      if any(d in net for d in board.city_of_dot[t].dots)]
            if joined or targets:
                city = board.city_of_dot[(joined or targets)[0]]
                legal.append(PlaceTrain(board.key(city.centre)))
                weights.append(100.0)
        if movement.moves_left(state, me) <= 0 or p.aboard is not None:
            weights = [w * 0.05 if isinstance(a, MoveTrain) else w
                       for a, w in zip(legal, weights, strict=True)]
            weights = [w + 5.0 if isinstance(a, EndPhase) else w
                       for a, w in zip(legal, weights, strict=True)]
        if sum(weights) <= 0:
            return EndPhase()
        return rng.choices(legal, weights=weights, k=1)[0]

    def _planned_move(self, state: GameState, me: int) -> MoveTrain | None:
        """A move along the route to the first target the train is not at, as far as this
        turn's movement allows (quoted: only a legal move is returned)."""
        p = state.players[me]
        if p.position is None or p.aboard is not None:
            return None
        left = movement.moves_left(state, me)
        if left <= 0:
            return None
        board = state.board
        here = board.city_of_dot.get(p.position)
        for t in self._targets(state, me):
            city = board.city_of_dot[t]
            if here is not None and city is here:
                continue
            path = movement.route(state, me, t)
            if not path:
                continue
            for i, d in enumerate(path):  # stop at the first dot of the target city
                if board.city_of_dot.get(d) is city:
                    path = path[: i + 1]
                    break
            move = MoveTrain(tuple(board.key(d) for d in path[:left]))
            if engine.quote(state, move).ok:
                return move
        return None

    # -- phase B -----------------------------------------------------------------------------

    def _build_phase(self, state: GameState) -> Action:
        me = state.current
        p = state.players[me]
        rng = self.rng
        if (state.variant(VARIANT_LOANS) and p.loan_due == 0 and p.cash < 15
                and rng.random() < 0.5):
            return TakeLoan()  # V2
        spendable = min(self._budget, state.rules.build_budget, p.cash - CASH_RESERVE)
        if state.phase_built and rng.random() < 0.03:
            (a, b), _, _ = state.phase_built[-1]
            erase = EraseSegment(state.board.key(a), state.board.key(b))
            if engine.quote(state, erase).ok:
                return erase
        if state.phase_upgrade is None and p.cash > 90 and rng.random() < 0.15:
            ups: list[Action] = [UpgradeLoco(to) for (frm, to) in state.rules.upgrades
                                 if frm == p.loco]
            ups = [u for u in ups if (q := engine.quote(state, u)).ok
                   and state.phase_spent + q.cost <= p.cash - CASH_RESERVE]
            if ups:
                return rng.choice(ups)
        if not state.phase_built and rng.random() < 0.01:
            ferries: list[Action] = [BuildFerry(f.name) for f in state.board.ferries
                                     if f.index not in p.ferries]
            ferries = [f for f in ferries if (q := engine.quote(state, f)).ok
                       and state.phase_spent + q.cost <= spendable]
            if ferries:
                return rng.choice(ferries)
        if state.phase_spent < spendable:
            seg = self._directed_build(state, me, spendable)
            if seg is not None:
                return seg
        return EndTurn()

    def _directed_build(self, state: GameState, me: int, spendable: int) -> Action | None:
        """The next buildable segment of the cheapest path that joins the network (or a major
        city) to the player's targets, in order; sometimes a random legal segment instead."""
        board = state.board
        rng = self.rng
        net = build.network_dots(state, me)
        for a, b in self._build_path(state, me):
            key = edge_key(a, b)
            if board.edges[key].free or key in state.owner:
                continue
            for frm, to in ((a, b), (b, a)):
                if frm in net or board.is_major_outer(frm):
                    seg = BuildSegment(board.key(frm), board.key(to))
                    q = build.quote_build(state, seg)
                    if q.ok and state.phase_spent + q.cost <= spendable:
                        return seg
            break  # the path is blocked here (K1-K7, events): try something else
        if rng.random() < 0.3:
            segs = [s for s in build.legal_builds(state)
                    if state.phase_spent + build.quote_build(state, s).cost <= spendable]
            if segs:
                return rng.choice(segs)
        return None

    def _build_path(self, state: GameState, me: int) -> list[tuple[int, int]]:
        """Segments (dot pairs, in travel order) of a cheap path from the network or a
        major city through each target not yet joined (own and free track cost nothing;
        the opponent's segments are avoided)."""
        board = state.board
        net = build.network_dots(state, me)
        targets: list[int] = []
        for t in self._targets(state, me):
            city = board.city_of_dot[t]
            if t not in targets and not any(d in net for d in city.dots):
                targets.append(t)
        sources = set(net)
        for m in board.majors:
            sources.update(m.outer)
        link = self._major_link(state, me) if self._rich(state, me) else None
        if link is not None:
            sources, goal = link
            targets = [goal]
        key = (state.turn, me, (-1 if link else 0, *targets))
        if key == self._path_key:
            return self._path
        weight = self._weight(state, me)
        path: list[tuple[int, int]] = []
        for t in targets[:2]:
            try:
                _, dots = nx.multi_source_dijkstra(board.graph, sources, t, weight=weight)
            except nx.NetworkXNoPath:
                continue
            path.extend(zip(dots, dots[1:], strict=False))
            sources = {t}
        self._path_key = key
        self._path = path
        return path


Observer = Callable[[GameState, Action, GameState], None]


def play_game(board: Board, deck: Deck | None, seed: int, *, turn_cap: int = 150,
              variants: Sequence[str] = (), observer: Observer | None = None,
              inplace: bool = False, max_actions: int = 100_000) -> tuple[GameState, bool]:
    """Play a whole game between two goal-directed random players (one seeded object for both seats).

    ``observer(before, action, after)`` is called after every action (with ``inplace`` the
    two states are the same object). The game ends by the rules (W1/W2) or, once both
    players have had ``turn_cap`` turns, by W2 at the cap. Returns (final state, capped).
    """

    state = new_game(board, deck, seed=seed, variants=variants)
    player = GoalDirectedPlayer(seed)
    for _ in range(max_actions):
        if state.outcome is not None:
            return state, False
        if state.pending is None and min(p.turns_taken for p in state.players) >= turn_cap:
            cards.finish_game(state)
            return state, True
        action = player.choose(state)
        after = engine.apply(state, action, inplace=inplace)
        if observer is not None:
            observer(state, action, after)
        state = after
    raise RuntimeError(f"seed {seed}: no end after {max_actions} actions")
