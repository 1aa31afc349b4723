"""What things are worth to a computer player, in victory points (VP-equivalent).

Only the final score counts (S-W2): VP, plus floor(income / 2) for a positive income or
minus 2 per step of a negative one, plus 1 per complete link. Cash is not scored, so a
dollar is worth what it can still buy: track in the build phases left. A dollar's worth
falls from :attr:`Params.dollar_early` in the first turns to :attr:`Params.dollar_late` in
the last build phase and to nothing after it.

An income step is worth the dollars it brings at every income phase still to come, plus its
share of the final score: half a point while income is positive, two points while it is
negative (S-W2(1)). That is why points go to income early and to VP late (S-G6), and why
borrowing (S-M3) is dear when income is low.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rail_app.games.steam.rules.state import GameState, Phase, Variant

_BEFORE_BUILD = (Phase.FIRST_AUCTION, Phase.CAPITAL, Phase.AUCTION, Phase.SELECT, Phase.BUILD)
_BEFORE_INCOME = (*_BEFORE_BUILD, Phase.MOVE)


@dataclass(frozen=True)
class Params:
    """The economic judgement of a level (how much a dollar is worth, and how it weighs the
    other players' scores against its own)."""

    dollar_early: float = 0.45
    dollar_late: float = 0.2
    #: weight of the best other player's and of the other players' mean projected score
    versus_best: float = 0.5
    versus_mean: float = 0.5
    #: a delivery one turn further off counts this much less (the other players build too,
    #: and take the cubes first)
    discount: float = 0.85
    #: VP-worth of the first place in next turn's order over the last (Basic, S-T4)
    order_weight: float = 1.0


@dataclass(frozen=True)
class Clock:
    """Where a game stands in time, as the economy needs it."""

    turn: int
    last_turn: int
    builds_left: int  # build phases still to come, the current one included
    incomes_left: int  # income phases still to come, the current one included
    standard: bool
    building: bool = False  # the turn's build phase is still to come or under way

    @property
    def builds_after(self) -> int:
        """Build phases after the one the current plans are for: what money kept beyond
        this turn's build can still buy."""
        return self.builds_left - (1 if self.building else 0)

    @classmethod
    def of(cls, state: GameState) -> Clock:
        turn = max(1, state.turn)
        left = state.last_turn - turn
        builds = left + (1 if state.phase in _BEFORE_BUILD else 0)
        incomes = left + (1 if state.phase in _BEFORE_INCOME else 0)
        if state.phase is Phase.OVER:
            builds = incomes = 0
        return cls(turn, state.last_turn, builds, incomes,
                   state.options.game is Variant.STANDARD,
                   state.phase in _BEFORE_BUILD and state.phase is not Phase.OVER)


def dollar(params: Params, clock: Clock, builds_left: int) -> float:
    """The VP-worth of a dollar that can still be spent in ``builds_left`` build phases."""
    if builds_left <= 0:
        return 0.0
    span = max(1, clock.last_turn - 1)
    frac = min(1.0, (builds_left - 1) / span)
    return params.dollar_late + (params.dollar_early - params.dollar_late) * frac


@lru_cache(maxsize=4096)
def income_flow(params: Params, clock: Clock, first_income: int = 0) -> float:
    """The VP-worth of $1 at every income phase from the ``first_income``-th still to come
    (0: the next one) to the last: an income step's cash, without its share of the final
    score."""
    total = 0.0
    for j in range(first_income, clock.incomes_left):
        # income phase j comes after build phases of the current turn (+ j); money it brings
        # can be spent in the build phases after it
        builds_after = clock.builds_left - j - (1 if clock.builds_left >= clock.incomes_left
                                                else 0)
        total += dollar(params, clock, builds_after)
    return total


def end_step(income: int) -> float:
    """The final score's change for one more income step from ``income`` (S-W2(1)): +2 while
    income is negative, +0.5 on average while it is 0 or more (floor of half)."""
    return 2.0 if income < 0 else 0.5


def income_vp(income: int) -> int:
    """S-W2(1)."""
    return income // 2 if income > 0 else 2 * income


def step_value(params: Params, clock: Clock, income: int, first_income: int = 0) -> float:
    """What one more income step is worth now to a player with ``income``."""
    return income_flow(params, clock, first_income) + end_step(income)


def points_to_income(params: Params, clock: Clock, income: int, points: int,
                     first_income: int = 0) -> bool:
    """S-G6: whether ``points`` are worth more as income than as VP."""
    if points <= 0:
        return False
    gain = income_flow(params, clock, first_income) * points + (
        income_vp(income + points) - income_vp(income))
    return gain > points


def money_worth(params: Params, clock: Clock, cash: int, income: int,
                spendable: bool = False) -> float:
    """The VP-worth of a player's cash and income level: the cash at what it can buy after
    this turn's build (``spendable``: in this turn's build too), the income at its worth over
    the income phases to come and its share of the final score (S-W2(1)). Differences of
    this measure what spending and borrowing cost."""
    builds = clock.builds_left if spendable else clock.builds_after
    return (dollar(params, clock, builds) * cash
            + income_flow(params, clock) * income + income_vp(income))
