"""The computer players of Steam: one :class:`Bot` per seat, at one level.

``bot(level, seat, seed).choose(state, seat)`` returns the seat's next action in whatever
phase the game is in: bids in the auctions (S-T2, S-S5), capital (S-S4), the action tile
(S-A1) and whether to perform Urban Growth or Urbanization (S-A7, S-A9), the build phase's
tile actions, New City and Urban Growth (S-K, S-A10), deliveries or a locomotive upgrade
(S-G, S-L3), and income or VP for its points (S-G6). A bot reads the state and never changes
it; it never draws from the game's random generator (it has its own, seeded, and uses it
only to break exact ties). Every action it returns is one the engine accepts: when nothing
is worth doing it passes, ends its build phase, or takes the tile the rules leave it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from rail_app.games.steam.ai.levels import LEVELS, Level
from rail_app.games.steam.ai.planner import Planner
from rail_app.games.steam.ai.projects import TileAction
from rail_app.games.steam.rules import engine, goods
from rail_app.games.steam.rules.actions import (
    Action,
    Bid,
    ChooseTile,
    Declare,
    EndBuild,
    ForgoSpecial,
    MoveCube,
    PassBid,
    PassMove,
    PlaceNewCity,
    TakeCapital,
    TakePoints,
    UpgradeLocomotive,
    UrbanGrowth,
)
from rail_app.games.steam.rules.auction import bid_payment, min_bid
from rail_app.games.steam.rules.build import TILE_ACTIONS, growth_possible, urbanization_possible
from rail_app.games.steam.rules.money import STEP, steps_available
from rail_app.games.steam.rules.state import MAX_LOCO, ActionTile, GameState, Special, Step
from rail_app.table.seats import Level as SeatLevel


class Bot(Protocol):
    """What the game boundary asks of a computer player."""

    def choose(self, state: GameState, seat: int) -> Action: ...


@dataclass
class _Kept:
    """A plan kept between the actions of one phase: valid while the state's history has
    the length it expects."""

    turn: int
    history: int
    actions: list[TileAction]


class PlanningBot:
    """A computer player at one :class:`Level` (see the module)."""

    def __init__(self, level: Level, seat: int, seed: int = 0) -> None:
        self.level = level
        self.seat = seat
        self.rng = random.Random(seed)
        self._kept: _Kept | None = None
        self._spread: tuple[int, int, float, int] | None = None

    @property
    def name(self) -> str:
        return str(self.level.name)

    def planner(self, state: GameState, seat: int) -> Planner:
        return Planner(state, seat, self.level)

    def choose(self, state: GameState, seat: int | None = None) -> Action:
        """The seat's next action (``seat`` defaults to the bot's own)."""
        seat = self.seat if seat is None else seat
        step = state.step
        if step is Step.BID:
            return self._bid(state, seat)
        if step is Step.CAPITAL:
            return TakeCapital(self._capital(state, seat))
        if step is Step.CHOOSE:
            return self._tile(state, seat)
        if step is Step.DECLARE:
            return Declare(self._declare(state, seat))
        if step is Step.BUILD:
            return self._build(state, seat)
        if step is Step.POINTS:
            return TakePoints(self._as_income(state, seat))
        if step is Step.MOVE:
            return self._move(state, seat)
        raise ValueError(f"Steam: no input is awaited from seat {seat} now ({state.phase})")

    # -- auctions and capital ----------------------------------------------------------------

    def _place_spread(self, state: GameState, seat: int) -> tuple[float, int]:
        """The worth of going first rather than last, and the price of the build the seat
        plans this turn, worked out once per auction."""
        key = (state.turn, seat)
        if self._spread is None or self._spread[:2] != key:
            spread, build = 0.0, 0
            if self.level.judge_tiles:
                planner = self.planner(state, seat)
                spread, build = planner.place_spread(), planner.plan_build(TILE_ACTIONS).cost
            self._spread = (key[0], key[1], spread, build)
        return self._spread[2], self._spread[3]

    def _bid(self, state: GameState, seat: int) -> Action:
        a = state.auction
        assert a is not None
        low = min_bid(a)
        if a.standard and a.free_pass == seat and low > 0:
            return PassBid()  # S-S7: the Turn Order tile's pass keeps the seat in
        if not engine.quote(state, Bid(low), seat).ok:
            return PassBid()
        if low == 0:
            return Bid(0)  # an opening bid of nothing costs nothing
        spread, build = self._place_spread(state, seat)
        planner = self.planner(state, seat)
        due = low
        if a.standard:
            due = bid_payment(2 if len(a.active) > 2 else 1, len(a.seats), low)
        cost = planner.bid_worth(due, build)
        if cost is None or cost > 0.6 * spread:
            return PassBid()
        return Bid(low)

    def _capital(self, state: GameState, seat: int) -> int:
        if self.level.judge_tiles:
            return self.planner(state, seat).capital_steps()
        p = state.players[seat]
        need = 10 + max(0, -p.income) + p.loco - p.cash
        steps = max(0, -(-need // STEP))
        return min(steps, steps_available(p), max(0, p.income - self.level.income_floor))

    # -- action tiles ------------------------------------------------------------------------

    def _tile(self, state: GameState, seat: int) -> Action:
        legal = [a.tile for a in engine.legal_actions(state) if isinstance(a, ChooseTile)]
        if len(legal) == 1:
            return ChooseTile(legal[0])
        if not self.level.judge_tiles:
            return ChooseTile(self._preferred(state, seat, legal))
        values = self.planner(state, seat).tile_values(legal)
        best = max(values.values())
        ties = sorted(t for t, v in values.items() if v >= best - 1e-9)
        return ChooseTile(ties[0] if len(ties) == 1 else self.rng.choice(ties))

    def _preferred(self, state: GameState, seat: int, legal: list[int]) -> int:
        """A fixed order of preference (Easy)."""
        p = state.players[seat]
        prefs: list[int] = []
        if p.loco < 3 and state.turn < state.last_turn - 1:
            prefs.append(ActionTile.LOCOMOTIVE)
        prefs += [ActionTile.FIRST_BUILD, ActionTile.ENGINEER, ActionTile.FIRST_MOVE,
                  ActionTile.TURN_ORDER, ActionTile.LOCOMOTIVE, ActionTile.URBAN_GROWTH,
                  ActionTile.URBANIZATION]
        for t in prefs:
            if t in legal and (t != ActionTile.LOCOMOTIVE or engine.quote(
                    state, ChooseTile(t), seat).cost <= p.cash):
                return t
        return min(legal)

    def _declare(self, state: GameState, seat: int) -> bool:
        """S-A7/S-A9 (Basic): perform only when the best way to carry it out is worth its
        price."""
        if not self.level.judge_tiles:
            return False
        planner = self.planner(state, seat)
        tile = state.tile_of.get(seat)
        if tile == ActionTile.URBAN_GROWTH:
            opts = planner.growth_after(cost=2)
        else:
            opts = planner.city_options(cost=6)
        return bool(opts) and opts[0].gain > 0

    # -- building ----------------------------------------------------------------------------

    def _build(self, state: GameState, seat: int) -> Action:
        """A New City first (the lines are then planned to and from it); then the tile
        actions of the plan, one by one; Urban Growth last, on the track just built."""
        pending = state.special.get(seat) is Special.PENDING
        if pending and state.tile_of.get(seat) == ActionTile.URBANIZATION:
            special = self.special_action(state, seat)
            if special is not None:
                self._kept = None
                return special
        kept = self._kept
        if kept is not None and kept.turn == state.turn and kept.history == len(state.history) \
                and kept.actions:
            action = kept.actions[0]
            if engine.quote(state, action, seat).ok:
                kept.actions.pop(0)
                kept.history += 1
                return action
        planner = self.planner(state, seat)
        plan = planner.realize(planner.plan_build())
        for i, action in enumerate(plan.actions):
            if engine.quote(state, action, seat).ok:
                self._kept = _Kept(state.turn, len(state.history) + 1, plan.actions[i + 1:])
                return action
            break
        self._kept = None
        if pending:
            special = self.special_action(state, seat)
            if special is not None:
                return special
        return EndBuild()

    def special_action(self, state: GameState, seat: int) -> Action | None:
        """Urban Growth or the New City, carried out first in the build phase (the lines are
        then planned on the map it leaves); given up in the Standard game when worth nothing
        (S-S8). None when it cannot be carried out (it lapses, D-24)."""
        tile = state.tile_of.get(seat)
        growth = tile == ActionTile.URBAN_GROWTH
        if not (growth_possible(state) if growth else urbanization_possible(state)):
            return None
        planner = self.planner(state, seat)
        opts = planner.growth_options() if growth else planner.city_options()
        choice: UrbanGrowth | PlaceNewCity | None = None
        for o in opts:
            if engine.quote(state, o.action, seat).ok:
                if o.gain > 0 or state.basic:
                    choice = o.action
                break
        if choice is None and state.basic:
            # a declared one must be carried out (S-A7): any legal way
            legal = [a for a in engine.legal_actions(state)
                     if isinstance(a, (UrbanGrowth, PlaceNewCity))]
            choice = legal[0] if legal else None
        if choice is not None:
            return choice
        if not state.basic:
            return ForgoSpecial()
        return None

    # -- moving ------------------------------------------------------------------------------

    def _move(self, state: GameState, seat: int) -> Action:
        if self.level.move_options <= 1:
            return self._greedy_move(state, seat)
        action, _ = self.planner(state, seat).choose_move()
        return action

    def _greedy_move(self, state: GameState, seat: int) -> Action:
        """The delivery that earns the most points now (Easy); with none, a longer reach."""
        routes = goods.legal_routes(state, seat)
        if routes:
            best = max(routes, key=lambda r: (r.points(state.seats)[seat],
                                              -sum(r.points(state.seats))))
            move: MoveCube = best.action(state)
            return move
        p = state.players[seat]
        if p.loco < MAX_LOCO and seat not in state.loco_upgraded \
                and state.turn < state.last_turn:
            return UpgradeLocomotive()
        return PassMove()

    def _as_income(self, state: GameState, seat: int) -> bool:
        if not self.level.judge_tiles:
            return state.turn <= (state.last_turn + 1) // 2
        return self.planner(state, seat).points_as_income(state.points[0][1])


def bot(level: str | SeatLevel, seat: int, seed: int = 0) -> PlanningBot:
    """The computer player of ``level`` (easy, normal, hard) for ``seat``."""
    found = LEVELS.get(str(level))
    if found is None:
        raise ValueError(f"unknown Steam level {level!r}; the levels are "
                         f"{', '.join(LEVELS)}")
    return PlanningBot(found, seat, seed)
