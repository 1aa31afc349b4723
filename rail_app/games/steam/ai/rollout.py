"""A quick look at the rest of the game: every player delivering greedily over a fixed net.

:func:`project` plays the move rounds still to come (S-G2: two a turn) on a :class:`Net`
with nothing built any more: in each round each player, in order, delivers the cube whose
best route earns them the most points (the cube leaves play, S-G5), or raises their
locomotive when they have nothing to deliver (S-L3). Points go to income or to VP as
:func:`value.points_to_income` says; income is paid and, in the Standard game, maintenance
(S-S10). The result is each player's projected final score in VP-equivalent (cash left
counted at what it can still buy). Planners compare these projections before and after a
choice; the absolute figures matter less than their differences.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import rail_app.games.steam.ai.value as value
from rail_app.games.steam.ai.model import Net, Route
from rail_app.games.steam.rules.goods import ROUNDS
from rail_app.games.steam.rules.state import MAX_LOCO, ActionTile, GameState, Phase, Step

_BEFORE_MOVE = (Phase.FIRST_AUCTION, Phase.CAPITAL, Phase.AUCTION, Phase.SELECT, Phase.BUILD)
_BEFORE_INCOME = (*_BEFORE_MOVE, Phase.MOVE)


@dataclass(frozen=True)
class Slot:
    """One move round still to come: its turn, and the seats in the order they move."""

    turn: int
    round: int
    order: tuple[int, ...]
    upgraded: frozenset[int] = frozenset()  # seats that raised their locomotive this turn


def schedule(state: GameState, order: Sequence[int] | None = None) -> list[Slot]:
    """The move rounds still to come, from the state's moment: the rest of the current move
    phase, then two rounds a turn in the current turn order (First Move holder first this
    turn, when known). ``order`` stands for a turn order not yet known (the first auction's,
    S-T2)."""
    out: list[Slot] = []
    turn = max(1, state.turn)
    order = tuple(state.order) if order is None or state.order else tuple(order)
    if state.phase is Phase.MOVE:
        queue = tuple(state.queue)
        # while points are being taken the mover's move is made already
        rest = queue[state.cursor + (1 if state.step is Step.POINTS else 0):]
        if rest:
            out.append(Slot(turn, state.round, rest, frozenset(state.loco_upgraded)))
        if state.round < ROUNDS:
            out.append(Slot(turn, state.round + 1, queue, frozenset(state.loco_upgraded)))
        turn += 1
    elif state.phase in _BEFORE_MOVE and state.phase is not Phase.OVER:
        first = state.holder(ActionTile.FIRST_MOVE)
        now = tuple(([first] if first is not None else []) + [s for s in order if s != first])
        for r in range(1, ROUNDS + 1):
            out.append(Slot(turn, r, now))
        turn += 1
    else:
        turn += 1
    for t in range(turn, state.last_turn + 1):
        for r in range(1, ROUNDS + 1):
            out.append(Slot(t, r, order))
    return out


@dataclass
class Ledger:
    """One player's tracks as the projection moves them, and the VP-worth of the money
    their income changes bring."""

    income: int
    vp: int
    loco: int
    points: int = 0  # points earned in the projection (for figures)
    worth: float = 0.0  # VP-worth of income and maintenance changes in the projection
    late: float = 0.0  # what the discount takes off points earned in later turns


@dataclass
class Projection:
    """Each seat's projected final score in VP-equivalent, and the points earned."""

    scores: list[float]
    points: list[int]
    #: with ``keep_deliveries``: each seat's deliveries, with the turn of each
    deliveries: list[list[tuple[int, Route]]] = field(default_factory=list)

    def points_in(self, seat: int, turn: int) -> int:
        """Points ``seat`` earns in ``turn`` (from every delivery kept, its own and others')."""
        return sum(r.points[seat] for ds in self.deliveries for t, r in ds if t == turn)

    def utility(self, seat: int, params: value.Params) -> float:
        """``seat``'s projected score against the others' (the best and the mean)."""
        others = [s for i, s in enumerate(self.scores) if i != seat]
        if not others:
            return self.scores[seat]
        return (self.scores[seat] - params.versus_best * max(others)
                - params.versus_mean * sum(others) / len(others))


def _sorted(net: Net, seat: int, loco: int) -> list[Route]:
    return net.sorted_for(seat, loco)


def project(state: GameState, net: Net, params: value.Params, *,
            slots: Sequence[Slot] | None = None,
            tracks: Mapping[int, tuple[int, int, int, int]] | None = None,
            links: Mapping[int, int] | None = None,
            skip: Mapping[int, int] | None = None,
            upgrade_at: Mapping[int, int] | None = None,
            horizon: int | None = None,
            keep_deliveries: bool = False) -> Projection:
    """Play the move rounds of ``slots`` (default: all still to come) on ``net``.

    ``tracks`` overrides a seat's (cash, income, vp, loco); ``links`` a seat's count of
    complete links (default: from the net); ``skip[seat] = k`` makes the seat pass its
    first k moves (a choice already made); ``upgrade_at[seat] = k`` makes it raise its
    locomotive at its k-th move; ``horizon`` stops after that many rounds (later deliveries
    are not counted).

    A projected score is VP + income's share (S-W2(1)) + complete links + what the money
    is worth: cash now at a dollar's present worth, and each income step (less, in the
    Standard game, each locomotive level's maintenance, S-S10) at its worth over the
    income phases still to come from the moment it is gained."""
    clock = value.Clock.of(state)
    sl = list(schedule(state) if slots is None else slots)
    if horizon is not None:
        sl = sl[:horizon]
    seats = state.seats
    flows = [value.income_flow(params, clock, j) for j in range(clock.incomes_left + 1)]
    next_income = clock.turn if state.phase in _BEFORE_INCOME else clock.turn + 1
    worth_now = value.dollar(params, clock, clock.builds_after)
    ledgers: list[Ledger] = []
    for s, p in enumerate(state.players):
        cash, income, vp, loco = tracks[s] if tracks is not None and s in tracks else (
            p.cash, p.income, p.vp, p.loco)
        led = Ledger(income, vp, loco)
        led.worth = worth_now * cash + flows[0] * (income - (loco if clock.standard else 0))
        ledgers.append(led)
    left: dict[tuple[int, int], int] = {}
    for h, cubes in net.cubes.items():
        for c, n in enumerate(cubes):
            if n:
                left[(h, c)] = n
    discounts = [params.discount ** k for k in range(clock.last_turn + 2)]
    done: list[list[tuple[int, Route]]] = [[] for _ in range(seats)]
    moves = [0] * seats
    upgraded: set[int] = set()
    last_turn = -1
    out = [p.out for p in state.players]

    def flow_from(turn: int) -> float:
        j = max(0, turn - next_income)
        return flows[j] if j < len(flows) else 0.0

    for k, slot in enumerate(sl):
        if slot.turn != last_turn:
            upgraded = set(slot.upgraded)
            last_turn = slot.turn
        for s in slot.order:
            if out[s]:
                continue
            led = ledgers[s]
            moves[s] += 1
            if skip is not None and moves[s] <= skip.get(s, 0):
                continue
            if upgrade_at is not None and upgrade_at.get(s) == moves[s]:
                if led.loco < MAX_LOCO and s not in upgraded:
                    led.loco += 1
                    upgraded.add(s)
                    if clock.standard:
                        led.worth -= flow_from(slot.turn)
                continue
            pick: Route | None = None
            for r in _sorted(net, s, led.loco):
                if r.ready <= k and left.get((r.source, r.colour), 0) > 0:
                    pick = r
                    break
            if pick is None:
                if led.loco < MAX_LOCO and s not in upgraded:
                    led.loco += 1  # S-L3: nothing to deliver, a longer reach next time
                    upgraded.add(s)
                    if clock.standard:
                        led.worth -= flow_from(slot.turn)
                continue
            left[(pick.source, pick.colour)] -= 1
            if keep_deliveries:
                done[s].append((slot.turn, pick))
            j = max(0, slot.turn - next_income)
            weight = discounts[slot.turn - clock.turn] if slot.turn - clock.turn < len(
                discounts) else 0.0
            for r_seat, pts in enumerate(pick.points):
                if pts <= 0 or out[r_seat]:
                    continue
                rl = ledgers[r_seat]
                rl.points += pts
                if value.points_to_income(params, clock, rl.income, pts, j):
                    rl.income += pts
                    rl.worth += pts * flow_from(slot.turn) * weight
                    rl.late += pts * (1.0 - weight)
                else:
                    rl.vp += pts
                    rl.late += pts * (1.0 - weight)
    scores: list[float] = []
    for s, led in enumerate(ledgers):
        if out[s]:
            scores.append(-1000.0)
            continue
        n_links = links[s] if links is not None and s in links else net.owned(s)
        scores.append(led.vp + n_links + value.income_vp(led.income) + led.worth - led.late)
    return Projection(scores, [led.points for led in ledgers], done)
