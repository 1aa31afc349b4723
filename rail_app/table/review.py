"""The post-game review of any game with an advisor: for each turn of one seat, the profit a
turn of the advisor's best plan from the position as that seat saw it, against what the
seat made over the same number of its turns (the played figure), and the turns where the
gap was largest.

The advisor is handed :meth:`~rail_app.table.gamedef.GameDef.seen_by` of the seat at the
start of its turn, never the state: the review knows what the seat knew then. The played
figure is what the seat made from the start of its turn to as many of its turns later as
the plan takes (fewer at the end of the game), per turn, and the best figure is the
plan's profit over the same whole turns, per turn. When the advisor says how
(:class:`Earnings`; Italian Rails: deliveries less building, rent and upgrades) what was
made is counted as the plan's profit is, and the building of those turns that is used
afterwards (the best plan from the position they reached runs over it, or the seat's own
train on the way to a later delivery) is kept at its cost rather than spent: the best
plan's own building all lies inside its turns, so a seat laying track early for a delivery
after them is compared like with like, while track nothing uses stays money gone. Else it
is the change of the seat's own score.

An advisor that values whole positions (:class:`Standings`; Steam) is reviewed as a chess
review is, by what each decision lost: at each of the seat's decisions the advisor weighs
(a run of the seat's actions of one kind, such as a whole build phase), its best choice
against what was played, both from the position as the seat saw it and in the advisor's
one measure (Steam: VP-equivalent of the final score against the others'). A turn's played
figure is what the played decisions added to the seat's standing, its gap the sum of what
each of them lost, and its best figure the two together (what the best choices would have
added); the plan shown is the advice at the decision that lost most, and the turn's
position is that decision's.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, runtime_checkable

from rail_app.table.gamedef import Advisor, GameDef
from rail_app.table.timeline import Timeline

#: How many of the largest gaps are marked: at least MARKS_MIN, at most MARKS_MAX.
MARKS_MIN = 3
MARKS_MAX = 5


@runtime_checkable
class Earnings(Protocol):
    """An advisor that counts what a seat made between two positions as its plans' profit
    is counted (without what no plan decides: loans, taxes, another seat's rent).
    ``ahead`` is the advisor's best plan from ``after`` (None: none, or the game is over)
    and ``end`` the record's last position: what was built between the two positions and
    used afterwards (by ``ahead``, or by the seat up to ``end``) is counted at its cost."""

    def earned(self, before: Any, after: Any, seat: int, ahead: Any = None,
               end: Any = None) -> int: ...


@runtime_checkable
class Standings(Protocol):
    """An advisor that values a whole position for a seat, so that each decision can be
    weighed as a chess review weighs a move. ``decision`` names the kind of decision
    ``seat`` makes at ``view`` (None: one the advisor does not weigh, or not the seat's);
    the seat's consecutive actions of one kind are one decision. ``weigh`` is handed the
    position before a decision and after what was played (both as the seat saw them) and
    answers, in the advisor's one measure: the seat's standing before, its standing after
    what was played, and what the played decision lost against the advisor's best choice
    from the same position."""

    def decision(self, view: Any, seat: int) -> object | None: ...

    def weigh(self, before: Any, after: Any, seat: int) -> tuple[float, float, float]: ...


@dataclass(frozen=True)
class TurnReview:
    """One turn of the reviewed seat (figures in the game's money a turn, or in the measure
    of a :class:`Standings` advisor)."""

    turn: int  # the game's turn
    seat: int
    position: int  # the timeline's position at the start of the turn
    best: float
    played: float
    plan: Any  # the advisor's suggestion

    @property
    def gap(self) -> float:
        return self.best - self.played

    def to_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "seat": self.seat, "best": round(self.best, 2),
                "played": round(self.played, 2), "gap": round(self.gap, 2),
                "plan": plain(self.plan)}


def plain(value: Any) -> Any:
    """A suggestion as JSON-ready data (dataclasses, tuples and enums taken apart)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [plain(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, float):
        return round(value, 3)
    return value


def own_turns(timeline: Timeline, seat: int) -> list[int]:
    """The positions where ``seat``'s turns begin: the start of each game turn it opens, or,
    in a game of rounds (every seat plays in each game turn), the first position of each game
    turn at which it acts."""
    game = timeline.game
    out = []
    ends = timeline.turn_starts[1:] + [timeline.last]
    for start, end in zip(timeline.turn_starts, ends, strict=True):
        if game.rounds:
            k = next((k for k in range(start, end) if timeline.actions[k][0] == seat), None)
        else:
            k = start if game.rules.to_act(timeline.state_at(start)) == seat else None
        if k is not None and game.rules.outcome(timeline.state_at(k)) is None:
            out.append(k)
    return out


def review(timeline: Timeline, seat: int,
           advisor: Callable[[], Advisor[Any] | None] | None = None) -> list[TurnReview]:
    """Every turn of ``seat`` the advisor has a plan for (see the module docstring).
    ``advisor`` makes a new advisor (the game's by default): one is made for each position
    asked about, and each position is asked about once."""
    return list(review_turns(timeline, seat, advisor))


def review_turns(timeline: Timeline, seat: int,
                 advisor: Callable[[], Advisor[Any] | None] | None = None
                 ) -> Iterator[TurnReview]:
    """:func:`review` one turn at a time (a screen works it out between frames)."""
    game: GameDef[Any, Any, Any] = timeline.game
    make = advisor if advisor is not None else game.advisor
    starts = own_turns(timeline, seat)
    ends = starts[1:] + [timeline.last]
    plans: dict[int, Any] = {}  # the best plan from a position, asked once
    counter = make()
    if isinstance(counter, Standings):
        yield from _decision_turns(timeline, seat, make, counter, starts)
        return
    final = timeline.state_at(timeline.last) if isinstance(counter, Earnings) else None

    def best_from(k: int) -> Any:
        if k not in plans:
            state = timeline.state_at(k)
            adv = make() if game.rules.outcome(state) is None else None
            plans[k] = adv.suggest(game.rules.seen_by(state, seat), seat) if adv is not None \
                else None
        return plans[k]

    for i, k in enumerate(starts):
        if ends[i] <= k:
            continue  # a turn with nothing played yet (the end of an unfinished game)
        plan = best_from(k)
        if plan is None:
            continue
        state = timeline.state_at(k)
        takes = float(plan.turns) if plan.turns > 0 else 1.0
        covers = max(1, math.ceil(takes - 1e-9))
        j = min(i + covers, len(starts)) - 1
        window = j - i + 1  # whole turns of the seat: the plan's, or what the game had left
        later = timeline.state_at(ends[j])
        if isinstance(counter, Earnings):
            made = counter.earned(state, later, seat, best_from(ends[j]), final)
        else:
            made = game.rules.scores(later)[seat] - game.rules.scores(state)[seat]
        # the best plan's profit over the same whole turns (all of it when it fits in them,
        # else its share of them), per turn, like what was made
        best = float(plan.per_turn) * min(takes, window) / window
        yield TurnReview(game.rules.turn(state), seat, k, best, made / window, plan)


def _decision_turns(timeline: Timeline, seat: int,
                    make: Callable[[], Advisor[Any] | None], judge: Standings,
                    starts: list[int]) -> Iterator[TurnReview]:
    """Each turn of ``seat`` weighed decision by decision (see the module docstring)."""
    game: GameDef[Any, Any, Any] = timeline.game
    ends = [timeline.next_turn(k) for k in starts]

    def view(k: int) -> Any:
        return game.rules.seen_by(timeline.state_at(k), seat)

    def kind(k: int) -> object | None:
        if k >= timeline.last or timeline.actions[k][0] != seat \
                or game.rules.outcome(timeline.state_at(k)) is not None:
            return None
        return judge.decision(view(k), seat)

    for start, end in zip(starts, ends, strict=True):
        played = lost = 0.0
        worst: tuple[float, int] | None = None  # the decision that lost most
        k = start
        while k < end:
            key = kind(k)
            j = k + 1
            while key is not None and j < end and kind(j) == key:
                j += 1
            if key is not None:
                before, after, loss = judge.weigh(view(k), view(j), seat)
                played += after - before
                lost += loss
                if worst is None or loss > worst[0]:
                    worst = (loss, k)
            k = j
        if worst is None:
            continue
        adv = make()
        plan = adv.suggest(view(worst[1]), seat) if adv is not None else None
        if plan is not None:
            yield TurnReview(game.rules.turn(timeline.state_at(start)), seat, worst[1],
                             played + lost, played, plan)


def largest_gaps(turns: list[TurnReview]) -> list[TurnReview]:
    """The turns to mark: the :data:`MARKS_MIN` to :data:`MARKS_MAX` largest gaps (beyond the
    third, only gaps at least half the largest), in the order of the game."""
    ranked = sorted((t for t in turns if t.gap > 0), key=lambda t: (-t.gap, t.position))
    if not ranked:
        return []
    top = ranked[0].gap
    chosen = ranked[:MARKS_MIN] + [t for t in ranked[MARKS_MIN:MARKS_MAX] if t.gap >= top / 2]
    return sorted(chosen, key=lambda t: t.position)
