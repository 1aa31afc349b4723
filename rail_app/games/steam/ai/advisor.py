"""Suggest for Steam: the Hard computer player's plan for the seat to move, as data a screen
can draw as a ghost with its figures, and a standing a review can compare across turns.

:func:`suggest` never changes the state and never draws from its random generator. Its
:class:`Advice` holds the action the Hard player would take now and, for the phase under
way, what it plans: the action tile, the tiles it would lay this build phase (hex, face,
rotation, price) and the lines they draw, the New City or Urban Growth it would carry out,
the cube and route it would move, whether it would take points as income. Its figures:
the dollars the plan costs, the points the seat can expect this turn, the income it
expects to gain, and ``gain``: what the plan is worth over doing nothing in this phase
(passing, ending the build phase, bidding nothing), in VP-equivalent of the final score.

:func:`standing` is the same measure of a whole position for one seat (its projected final
score against the others'), so a review can weigh a move actually played against the one
suggested: ``standing`` after each, in VP-equivalent, on any turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import rail_app.games.steam.ai.rollout as rollout
from rail_app.games.steam.ai.bots import PlanningBot
from rail_app.games.steam.ai.levels import HARD, Level
from rail_app.games.steam.ai.planner import BuildPlan, Planner
from rail_app.games.steam.rules import engine, goods
from rail_app.games.steam.rules.actions import (
    Action,
    Bid,
    ChooseTile,
    Declare,
    LayTile,
    MoveCube,
    PlaceNewCity,
    RedirectTile,
    TakeCapital,
    TakePoints,
    UpgradeLocomotive,
    UpgradeTile,
    UrbanGrowth,
)
from rail_app.games.steam.rules.state import GameState, Special, Step


@dataclass(frozen=True)
class GhostTile:
    """A tile the plan lays (``lay``), upgrades or redirects, and its price (S-K7, S-K15,
    S-K16)."""

    hex: str
    face: str
    rotation: int
    kind: str
    cost: int


@dataclass(frozen=True)
class GhostRoute:
    """A delivery the plan makes: the cube (city and colour), its stops, and the points each
    seat earns (S-G5)."""

    source: str
    colour: str
    stops: tuple[str, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class Advice:
    """See the module."""

    seat: int
    step: str
    action: Action
    tile: int | None = None
    builds: tuple[GhostTile, ...] = ()
    lines: tuple[tuple[str, ...], ...] = ()
    special: Action | None = None
    route: GhostRoute | None = None
    upgrade_locomotive: bool = False
    as_income: bool | None = None
    cost: int = 0
    points: int = 0
    income: int = 0
    gain: float = 0.0
    standing: float = 0.0
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def per_turn(self) -> float:
        """What the plan is worth this turn, in VP-equivalent (:attr:`gain`)."""
        return self.gain

    @property
    def turns(self) -> float:
        """The plan covers the turn under way (its gain is this turn's)."""
        return 1.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "step": self.step, "action": self.action.to_dict(),
            "tile": self.tile,
            "builds": [vars(b) for b in self.builds],
            "lines": [list(x) for x in self.lines],
            "special": self.special.to_dict() if self.special is not None else None,
            "route": None if self.route is None else {
                "source": self.route.source, "colour": self.route.colour,
                "stops": list(self.route.stops), "points": list(self.route.points)},
            "upgrade_locomotive": self.upgrade_locomotive, "as_income": self.as_income,
            "cost": self.cost, "points": self.points, "income": self.income,
            "gain": round(self.gain, 2), "standing": round(self.standing, 2),
        }


def standing(state: GameState, seat: int, level: Level = HARD) -> float:
    """``seat``'s projected final score against the other players' (VP-equivalent), as the
    level judges the position: the measure :func:`suggest` states its gain in."""
    if state.over:
        scores = state.outcome.scores if state.outcome is not None else ()
        mine = scores[seat] if seat < len(scores) and scores[seat] is not None else -1000
        others = [s for i, s in enumerate(scores) if i != seat and s is not None]
        if not others:
            return float(mine or 0)
        return float((mine or 0) - level.params.versus_best * max(others)
                     - level.params.versus_mean * sum(others) / len(others))
    planner = Planner(state, seat, level)
    return planner.utility(planner.world())


def suggest(state: GameState, seat: int | None = None, level: Level = HARD) -> Advice:
    """The plan of the computer player of ``level`` (Hard by default) for ``seat`` (default:
    the seat to move) at this moment. ValueError when the game is over or no input is awaited
    from that seat."""
    who = state.actor() if seat is None else seat
    if state.over or who is None:
        raise ValueError("Steam: the game is over; there is nothing to suggest")
    if who != state.actor():
        raise ValueError(f"Steam: seat {who} is not the one to move")
    bot = PlanningBot(level, who, seed=0)
    action = bot.choose(state, who)
    planner = Planner(state, who, level)
    here = planner.utility(planner.world())
    step = state.step
    if step is Step.BUILD:
        return _build_advice(state, who, action, planner, here)
    if step is Step.MOVE:
        return _move_advice(state, who, action, planner, here)
    if step is Step.CHOOSE:
        assert isinstance(action, ChooseTile)
        legal = [action.tile]
        values = planner.tile_values(legal)
        plan = planner.realize(planner.plan_build())
        return Advice(who, str(step), action, tile=action.tile,
                      builds=_ghost_tiles(state, plan.actions), lines=_lines(plan),
                      cost=plan.cost, points=_points(planner, plan, who),
                      gain=values[action.tile] - here, standing=values[action.tile])
    if step is Step.POINTS:
        assert isinstance(action, TakePoints)
        return Advice(who, str(step), action, as_income=action.as_income,
                      income=state.points[0][1] if action.as_income else 0, standing=here)
    if step is Step.BID:
        cost = action.amount if isinstance(action, Bid) else 0
        return Advice(who, str(step), action, cost=cost, standing=here)
    if step is Step.CAPITAL:
        assert isinstance(action, TakeCapital)
        return Advice(who, str(step), action, cost=-5 * action.steps,
                      income=-action.steps, standing=here)
    if step is Step.DECLARE:
        assert isinstance(action, Declare)
        return Advice(who, str(step), action, standing=here)
    return Advice(who, str(step), action, standing=here)


def _build_advice(state: GameState, seat: int, action: Action, planner: Planner,
                  here: float) -> Advice:
    plan = planner.realize(planner.plan_build())
    special: Action | None = None
    if isinstance(action, (PlaceNewCity, UrbanGrowth)):
        special = action
    elif state.special.get(seat) is Special.PENDING:
        probe = PlanningBot(planner.level, seat, seed=0)
        found = probe.special_action(state, seat)
        special = found if isinstance(found, (PlaceNewCity, UrbanGrowth)) else None
    after = plan.utility if plan.projects else here
    return Advice(seat, str(state.step), action, builds=_ghost_tiles(state, plan.actions),
                  lines=_lines(plan), special=special, cost=plan.cost,
                  points=_points(planner, plan, seat), gain=after - here, standing=after)


def _move_advice(state: GameState, seat: int, action: Action, planner: Planner,
                 here: float) -> Advice:
    _, gain = planner.choose_move()
    route: GhostRoute | None = None
    if isinstance(action, MoveCube):
        for r in goods.legal_routes(state, seat):
            if r.action(state) == action:
                route = GhostRoute(action.source, str(action.colour), action.stops,
                                   r.points(state.seats))
                break
    pts = route.points[seat] if route is not None else 0
    return Advice(seat, str(state.step), action, route=route,
                  upgrade_locomotive=isinstance(action, UpgradeLocomotive), points=pts,
                  gain=gain, standing=here + gain)


def _ghost_tiles(state: GameState, actions: list[LayTile | UpgradeTile | RedirectTile]
                 ) -> tuple[GhostTile, ...]:
    out: list[GhostTile] = []
    work = state
    for a in actions:
        q = engine.quote(work, a)
        out.append(GhostTile(a.hex, a.face, a.rotation, a.kind, q.cost))
        if not q.ok:
            break
        work = engine.apply(work, a)
    return tuple(out)


def _lines(plan: BuildPlan) -> tuple[tuple[str, ...], ...]:
    return tuple(p.stroke[:n + 1] if n < p.actions else p.stroke for p, n in plan.projects)


def _points(planner: Planner, plan: BuildPlan, seat: int) -> int:
    """The points ``seat`` can expect this turn once ``plan`` is built."""
    net = planner.world(plan.blocked, tuple(plan.edges))
    proj = rollout.project(planner.state, net, planner.params, keep_deliveries=True,
                           horizon=planner.level.horizon)
    return proj.points_in(seat, max(1, planner.state.turn))


#: The decisions the post-game review weighs: each bid or pass of an auction, the capital
#: taken (the Standard game), the action tile, whether to carry out Urban Growth or
#: Urbanization, the build phase, each goods move and the points taken as income or VP.
WEIGHED_STEPS = frozenset({Step.BID, Step.CAPITAL, Step.CHOOSE, Step.DECLARE, Step.BUILD,
                           Step.MOVE, Step.POINTS})


def weigh(before: GameState, after: GameState, seat: int, level: Level = HARD
          ) -> tuple[float, float, float]:
    """``seat``'s decision from ``before`` to ``after`` (an action tile, a whole build phase
    or a goods move) as a review weighs it, in VP-equivalent: :func:`standing` before and
    after it, and what it lost against ``level``'s choice from ``before``. A build or a move
    is played out as :func:`suggest` advises it, action by action, and both positions are judged by
    :func:`standing`; an action tile, whose worth lies in the turn it leads to, is judged
    by the value ``level`` gives each tile (its chosen tile's against the one taken)."""
    here, there = standing(before, seat, level), standing(after, seat, level)
    key = SteamAdvisor.decision(before, seat)
    if before.step is Step.CHOOSE:
        taken = after.tile_of.get(seat)
        legal = [a.tile for a in engine.legal_actions(before) if isinstance(a, ChooseTile)]
        if taken is None or taken not in legal or len(legal) < 2:
            return here, there, 0.0
        values = Planner(before, seat, level).tile_values(legal)
        return here, there, max(values.values()) - values[taken]
    best = before
    while SteamAdvisor.decision(best, seat) == key:  # each action as :func:`suggest` gives it
        best = engine.apply(best, PlanningBot(level, seat, seed=0).choose(best, seat))
    return here, there, standing(best, seat, level) - there


class SteamAdvisor:
    """Suggest for the game boundary: :func:`suggest` for ``seat`` when it is that seat's
    move, else None; and the post-game review's weighing of a decision
    (:class:`rail_app.table.review.Standings`): each action tile, build phase and goods move,
    by :func:`weigh`."""

    def suggest(self, view: GameState, seat: int) -> Advice | None:
        if view.over or view.actor() != seat:
            return None
        return suggest(view, seat)

    @staticmethod
    def decision(view: GameState, seat: int) -> object | None:
        """The turn, phase, step and move round of ``seat``'s decision now (None when it is
        not the seat's, or not one of :data:`WEIGHED_STEPS`)."""
        if view.over or view.actor() != seat or view.step not in WEIGHED_STEPS:
            return None
        return (view.turn, str(view.phase), str(view.step), view.round)

    def weigh(self, before: GameState, after: GameState, seat: int
              ) -> tuple[float, float, float]:
        return weigh(before, after, seat)


ADVISOR = SteamAdvisor()
