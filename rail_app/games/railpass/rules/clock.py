"""The clock (DG-M1, DG-M13, DG-M14): a round of m minutes is 600·m ticks of 100 ms, numbered
0 ... T-1; the state after tick T-1 is final (R-W1). Within a tick (DG-M14):

1. seats whose busy time has ended are free again (a seat is free when ``busy <= tick``);
2. trains in transit arrive (``trains.arrivals``);
3. the person's actions are applied, in the order their gestures ended;
4. each free computer seat chooses at most one action, in seat order (an action keeps it busy
   for its duration, DG-D3, so one a tick at most);
5. after tick T-1 the round ends: held, offered and in-transit trains are set aside (R-W2,
   D-17) and the final score is counted (R-W3-R-W7).

Steps 3 and 4 are the drivers' (the screen, a test, the harnesses): they apply actions at the
tick under way, the person's first. :class:`~rail_app.games.railpass.rules.actions.Tick` ends
a tick and starts the next. In a round where every seat is a computer (``Clocking.SEATS``) the
clock runs on by itself once no seat is free, straight to the next tick where one is or a train
arrives (nothing happens in between).

Also here: setting a round up (R-S4-R-S11, EX-19: the round starts when the clock does,
R-S10; each round of a session is dealt afresh, R-S3, D-18), the durations of the actions (DG-D3), and
:class:`Wait`, a computer's idling.
"""

from __future__ import annotations

from typing import Final

from rail_app.core.i18n import _
from rail_app.games.railpass.rules import common
from rail_app.games.railpass.rules.actions import Pause, Resume, Tick, Wait
from rail_app.games.railpass.rules.common import AnyQuote
from rail_app.games.railpass.rules.events import Ended
from rail_app.games.railpass.rules.identity import CITIES
from rail_app.games.railpass.rules.network import (
    DISPATCHER_MINUTES,
    TICKS_PER_MINUTE,
    Configuration,
)
from rail_app.games.railpass.rules.rng import deal_yard
from rail_app.games.railpass.rules.scoring import score
from rail_app.games.railpass.rules.state import (
    BEDS,
    CREW_HANDS,
    DISPATCHER_HANDS,
    EMPTY,
    ENGINEERS,
    NOBODY,
    TRAINS,
    Clocking,
    Mode,
    Place,
    RoundState,
    SeatKind,
    Settings,
)
from rail_app.games.railpass.rules.trains import arrivals
from rail_app.table.quotes import Violation

#: The longest a computer seat may idle at once (a minute).
MAX_WAIT: Final = 600
#: The most ticks a Tick action runs on.
MAX_TICKS: Final = 60 * TICKS_PER_MINUTE


def settle_settings(config: Configuration, settings: Settings) -> Settings:
    """The settings with every seat's kind and reaction delay spelt out (ValueError for
    settings that do not fit the configuration)."""
    seats = 1 if settings.mode is Mode.DISPATCHER else config.seat_count
    kinds = settings.kinds or (SeatKind.COMPUTER,) * seats
    if len(kinds) != seats:
        raise ValueError(f"{len(kinds)} seat kinds for {seats} seats")
    reactions = settings.reactions or (10,) * seats
    if len(reactions) != seats or not all(0 <= r <= 600 for r in reactions):
        raise ValueError(f"reaction delays: {seats} whole numbers from 0 to 600 expected")
    if not 10 <= settings.tempo <= 1000:
        raise ValueError("tempo: a percentage from 10 to 1000 expected")
    if settings.minutes is not None and not 1 <= settings.minutes <= 60:
        raise ValueError("minutes: 1 to 60 expected")
    if not 0 <= settings.round_no <= 15:
        raise ValueError("round: 0 to 15 expected")
    if settings.clocking is Clocking.SEATS and SeatKind.PERSON in kinds:
        raise ValueError("a round with a person at the table runs on the screen's clock")
    return Settings(settings.mode, tuple(kinds), settings.clocking, settings.tempo,
                    tuple(reactions), settings.table_rules, settings.expert, settings.minutes,
                    settings.round_no)


def new_round(config: Configuration, settings: Settings, seed: int,
              names: tuple[str, ...] = ()) -> RoundState:
    """R-S4-R-S11, EX-19: each city's long train on its long-train track and its short train
    on the short-train track, each with one of its engineers, the third in the hotel; 20 cubes
    in each yard (DG-D2); storages and the pile empty; the clock at tick 0."""
    settings = settle_settings(config, settings)
    if settings.mode is Mode.DISPATCHER:
        seat_cities: tuple[tuple[int, ...], ...] = (tuple(range(CITIES)),)
        minutes = settings.minutes or DISPATCHER_MINUTES
        hands = DISPATCHER_HANDS
    else:
        seat_cities = config.seats
        minutes = settings.minutes or config.minutes
        hands = CREW_HANDS
    controller = [NOBODY] * CITIES
    for s, cities in enumerate(seat_cities):
        for c in cities:
            controller[c] = s
    n = len(seat_cities)
    state = RoundState(config=config, settings=settings, seed=seed, seat_cities=seat_cities,
                       controller=tuple(controller), hands_per_seat=hands,
                       end=minutes * TICKS_PER_MINUTE,
                       names=names or tuple(f"seat {s + 1}" for s in range(len(seat_cities))))
    if len(state.names) != len(seat_cities):
        raise ValueError(f"{len(state.names)} names for {len(seat_cities)} seats")
    state.yard = [deal_yard(seed, settings.round_no, c) for c in range(CITIES)]
    state.lo = [0] * CITIES
    state.hi = [len(y) for y in state.yard]
    state.storage = [[0] * CITIES for _ in range(CITIES)]
    state.pile_cubes = [0] * CITIES
    state.cubes = [[] for _ in range(TRAINS)]
    state.driver = [EMPTY] * TRAINS
    state.place = [Place.PARKED] * TRAINS
    state.at = [t // 2 for t in range(TRAINS)]
    state.track = [t % 2 for t in range(TRAINS)]
    state.holder = [NOBODY] * TRAINS
    state.hand = [EMPTY] * TRAINS
    state.due = [EMPTY] * TRAINS
    state.origin = [EMPTY] * TRAINS
    state.offer_of = [0] * TRAINS
    state.spilled = [-1] * TRAINS
    state.tracks = [[2 * c, 2 * c + 1] for c in range(CITIES)]
    state.hotel = [[EMPTY] * BEDS for _ in range(CITIES)]
    state.cab = [EMPTY] * ENGINEERS
    state.bed = [EMPTY] * ENGINEERS
    for c in range(CITIES):
        for k in range(2):  # X1 on the long train, X2 on the short one (R-S6)
            state.driver[2 * c + k] = 3 * c + k
            state.cab[3 * c + k] = 2 * c + k
        state.hotel[c][0] = 3 * c + 2  # X3 asleep in the hotel
        state.bed[3 * c + 2] = c * BEDS
    state.hands = [[EMPTY] * hands for _ in range(n)]
    state.busy = [0] * n
    state.waiting = [False] * n
    run_on(state)
    return state


# -- durations (DG-D3) ----------------------------------------------------------------------------

#: DG-D3: each action's duration for a computer seat at the golden tempo, by its kind.
DURATIONS: Final = {
    "load": 12, "move-cube": 12, "swap-cubes": 20,
    "pick-up": 8, "park": 8, "offer": 8, "take": 8, "move-own": 8,
    "shunt": 16, "dispatch": 16, "take-park": 16, "move-own-park": 16,
    "withdraw": 4, "move-engineer": 15, "swap-engineers": 45, "call": 5,
}


def duration(state: RoundState, seat: int, kind: str) -> int:
    """DG-M13, DG-D3: how long an action keeps a computer seat busy (a person's take no
    ticks: the gesture's time is the person's own)."""
    if not state.computer(seat):
        return 0
    base = DURATIONS.get(kind, 0)
    return (base * state.settings.tempo + 99) // 100


def after_action(state: RoundState, seat: int, kind: str) -> None:
    """DG-M13: a computer seat is busy for its action's duration from the tick it chose it."""
    if state.computer(seat):
        state.busy[seat] = state.tick + max(1, duration(state, seat, kind))
        state.waiting[seat] = False


# -- Wait and Tick --------------------------------------------------------------------------------


@common.quoting
def quote_wait(state: RoundState, action: Wait) -> list[Violation]:
    """A computer seat's idling (a person needs none)."""
    out: list[Violation] = []
    if not state.computer(action.seat):
        out.append(Violation("DG-M13", _("Only a computer seat waits: a person's time is "
                                         "their own")))
    if not 1 <= action.ticks <= MAX_WAIT:
        out.append(Violation("DG-M13", _("A wait lasts 1 to 600 ticks")))
    return out


def apply_wait(state: RoundState, action: Wait, quote: AnyQuote) -> None:
    state.busy[action.seat] = state.tick + action.ticks
    state.waiting[action.seat] = True


@common.quoting
def quote_tick(state: RoundState, action: Tick) -> list[Violation]:
    """DG-M1, DG-M14: the screen's clock (in a round of computers only, the clock runs on by
    itself)."""
    out: list[Violation] = []
    if state.settings.clocking is Clocking.SEATS:
        out.append(Violation("DG-M14", _("This round's clock runs on by itself")))
    if not 1 <= action.count <= MAX_TICKS:
        out.append(Violation("DG-M1", _("A tick action runs 1 to 36,000 ticks")))
    return out


def apply_tick(state: RoundState, action: Tick, quote: AnyQuote) -> None:
    for _tick in range(action.count):
        if state.over:
            return
        next_tick(state)


def next_tick(state: RoundState) -> None:
    """Step 5 of the tick under way (the end, after tick T-1), then steps 1 and 2 of the
    next."""
    if state.tick >= state.end - 1:
        finish(state)
        return
    state.tick += 1
    arrivals(state)


def free_seats(state: RoundState) -> list[int]:
    """The computer seats free at the tick under way, in seat order (DG-M14 step 4)."""
    return [s for s, k in enumerate(state.settings.kinds)
            if k is SeatKind.COMPUTER and state.busy[s] <= state.tick]


def run_on(state: RoundState) -> None:
    """``Clocking.SEATS``: while no computer seat is free, the clock runs on to the next tick
    where one is, or where a train arrives, or to the end."""
    if state.settings.clocking is not Clocking.SEATS:
        return
    kinds = state.settings.kinds
    while not state.over:
        if any(k is SeatKind.COMPUTER and state.busy[s] <= state.tick
               for s, k in enumerate(kinds)):
            return
        stop = min([state.busy[s] for s, k in enumerate(kinds) if k is SeatKind.COMPUTER]
                   + [state.due[t] for t in range(TRAINS) if state.place[t] is Place.TRANSIT]
                   + [state.end - 1])
        if stop > state.tick + 1:
            state.tick = stop - 1  # nothing happens in the ticks skipped
        next_tick(state)


def finish(state: RoundState) -> None:
    """R-W1, R-W2, D-17, DG-M14 step 5, DG-C5: time is up, within the tick. Every train not parked is set aside with
    its cubes, which count for nobody; offers lapse; the final score is counted."""
    aside = []
    for t in range(TRAINS):
        if state.place[t] in (Place.HELD, Place.TRANSIT):
            state.place[t] = Place.ASIDE
            state.holder[t] = NOBODY
            state.hand[t] = EMPTY
            state.due[t] = EMPTY
            state.offer_of[t] = 0
            aside.append(t)
    for hands in state.hands:
        hands[:] = [EMPTY] * len(hands)
    state.offers.clear()
    state.over = True
    s = score(state)
    state.log.append(Ended(state.tick, s.totals, s.base, s.penalty, s.final, s.won,
                           tuple(aside)))


# -- the pause (DG-P1) ------------------------------------------------------------------------------


@common.quoting
def quote_pause(state: RoundState, action: Pause) -> list[Violation]:
    """DG-P1: only a person pauses (computers never do)."""
    if state.kind(action.seat) is not SeatKind.PERSON:
        return [Violation("DG-P1", _("Only a person pauses the round"))]
    return []


def apply_pause(state: RoundState, action: Pause, quote: AnyQuote) -> None:
    state.paused = True


@common.quoting
def quote_resume(state: RoundState, action: Resume) -> list[Violation]:
    if not state.paused:
        return [Violation("DG-P1", _("The round is not paused"))]
    return []


def apply_resume(state: RoundState, action: Resume, quote: AnyQuote) -> None:
    state.paused = False
