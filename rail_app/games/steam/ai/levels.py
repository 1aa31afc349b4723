"""The three computer levels of Steam, as settings of one planner.

The levels differ in how well they plan, never in what they may know or do: every level
reads the whole table (Steam hides nothing after set-up, S-I1) and acts through the same
actions as a person.

- **Easy** is greedy: it looks only at the deliveries of the current turn, builds the one
  line that pays best now, and takes its points as income in the first half of the game.
- **Normal** plans its turn: every line it could build is judged by the deliveries it
  opens for the rest of the game (its own points, and the other players' over its links),
  several lines are combined within the tile actions and the cash, and each action tile is
  judged by what it does to that plan.
- **Hard** looks ahead: it foresees the other players' builds (a Normal-level model of
  each), so it counts the cubes they will take and the lines they will block or that
  block them, values First Build as the right to build where they want to, weighs the links
  the others will have to use, and searches more lines and combinations.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rail_app.games.steam.ai.value import Params
from rail_app.table.seats import Level as SeatLevel


@dataclass(frozen=True)
class Level:
    """The settings of a level (see the module)."""

    name: SeatLevel
    params: Params = field(default_factory=Params)
    #: the longest line searched, in tile actions
    max_actions: int = 5
    #: lines judged by a full look at the rest of the game (chosen by a quick score)
    screen: int = 30
    #: the best lines kept for combining with the first
    candidates: int = 12
    #: several lines in one build phase (else one)
    combine: bool = True
    #: combinations tried, each from one of the best lines
    beam: int = 1
    #: move rounds looked at (None: the rest of the game)
    horizon: int | None = None
    #: the other players' deliveries over the level's new links are worked out
    others_use_links: bool = False
    #: the other players' builds are foreseen (a Normal-level model of each)
    foresee: bool = False
    #: judge each action tile by its effect on the plan (else a fixed preference)
    judge_tiles: bool = True
    #: the lowest income it borrows down to (Basic, S-M3) or takes capital down to (S-S4)
    income_floor: int = -4
    #: delivery options judged by a look at the rest of the game
    move_options: int = 8
    #: Urban Growth looked for on this many cities, those with most of its links first
    #: (None: every city its network reaches or touches)
    growth_cities: int | None = None
    #: at tables of more seats than this, fewer lines are judged and combined (in
    #: proportion) and Urban Growth is looked for on fewer cities, so that a turn takes no
    #: longer than at this many seats (None: all)
    full_seats: int | None = None
    #: beyond :attr:`full_seats`, the lines judged and combined start from these before
    #: they shrink (None: :attr:`screen` and :attr:`candidates`): a level may search more
    #: at tables of up to ``full_seats`` than a larger table's turn time allows
    crowded_screen: int | None = None
    crowded_candidates: int | None = None
    #: what next turn's order is worth (:attr:`Params.order_weight`) grows by this for each
    #: seat beyond three: the more players, the more of them choose, build and move before
    #: the last place
    order_weight_per_seat: float = 0.0

    def at(self, seats: int) -> Level:
        """The level's settings at a table of ``seats``: each more player makes every look
        at the rest of the game longer (more moves in each round) and, for a level that
        foresees them, adds a plan to foresee; beyond :attr:`full_seats` the lines judged
        and combined shrink in proportion, and Urban Growth is looked for on the
        :data:`GROWTH_CITIES` cities with most of its links, to keep a turn's time. Next
        turn's order weighs more at tables of more than three (:attr:`order_weight_per_seat`)."""
        level = self
        if self.order_weight_per_seat and seats > 3:
            weight = self.params.order_weight + self.order_weight_per_seat * (seats - 3)
            level = replace(level, params=replace(level.params, order_weight=weight),
                            order_weight_per_seat=0.0)
        if level.full_seats is None or seats <= level.full_seats:
            return level
        k = level.full_seats / seats
        screen = level.screen if level.crowded_screen is None else level.crowded_screen
        candidates = level.candidates if level.crowded_candidates is None \
            else level.crowded_candidates
        return replace(level, screen=max(1, round(screen * k)),
                       candidates=max(1, round(candidates * k)),
                       growth_cities=GROWTH_CITIES, full_seats=None)


#: The cities a level looks at for Urban Growth at tables beyond its ``full_seats``.
GROWTH_CITIES = 4


EASY = Level(SeatLevel.EASY, Params(dollar_early=0.5, dollar_late=0.25), max_actions=4,
             screen=12, candidates=4, combine=False, horizon=2, judge_tiles=False, income_floor=-2,
             move_options=1)
#: Normal looks at the deliveries of this turn and the next (four move rounds).
NORMAL = Level(SeatLevel.NORMAL, horizon=4)
#: Hard judges 100 lines and combines the best 40 at 3 and 4 seats; at 5 and 6 it judges and
#: combines fewer (36 and 16 at 5, 30 and 13 at 6) and looks for Urban Growth on the 4 cities
#: with most of its links; it weighs next turn's order once at 3 seats, twice at 4, three
#: times at 5, four times at 6.
HARD = Level(SeatLevel.HARD, max_actions=6, screen=100, candidates=40, foresee=True,
             move_options=12, full_seats=4, crowded_screen=45, crowded_candidates=20,
             order_weight_per_seat=1.0)

#: How a level that foresees the other players' builds models each of them.
MODEL = NORMAL

LEVELS: dict[str, Level] = {lvl.name: lvl for lvl in (EASY, NORMAL, HARD)}
