"""The state of a round of Rail Pass: everything that changes, in whole numbers (DG-M1: no
floating-point number, no clock of the machine), cheap to copy.

A city board (R-C4) has its yard, two tracks, a hotel and a storage. Where things are
(DG-M3, DG-M4, DG-M5):

- a **train** (12: ``2 * city + 0`` the long train that started in the city, ``+ 1`` the short
  one, R-S5) is parked (city, track), held (seat, hand, city; perhaps offered), in transit
  inside an obstacle (toward a city, into a reserved hand, with an arrival tick), wrecked (on
  the pile) or set aside (after the end);
- an **engineer** (18: ``3 * city + k``, k = 0 the long train's, 1 the short train's, 2 the
  hotel's, R-S6) drives a train, sleeps in a hotel bed, or has quit (on the pile); never in a
  hand (R-E3, D-11);
- a **cube** is in a yard place, on a train (in the order loaded), in a storage or on the pile;
  never in a hand (every cube action happens within one tick).

The clock (DG-M1) is part of the state: ``tick`` is the tick under way (its steps 1 and 2 done,
DG-M14), ``end`` the number of ticks of the round.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Any, Final

from rail_app.games.railpass.rules.identity import CITIES, LETTERS
from rail_app.games.railpass.rules.network import Configuration

TRAINS: Final = 2 * CITIES
ENGINEERS: Final = 3 * CITIES
#: R-C3: a long train holds 5 cubes, a short train 3.
CAPACITY: Final = (5, 3)
#: R-E6: the hotel's beds.
BEDS: Final = 3
#: DG-M2, DG-N1: hands per seat in Crew, and of the one seat in Dispatcher.
CREW_HANDS: Final = 2
DISPATCHER_HANDS: Final = 4
NOBODY: Final = -1
EMPTY: Final = -1


class Place(IntEnum):
    """DG-M3: where a train is."""

    PARKED = 0
    HELD = 1
    TRANSIT = 2
    WRECKED = 3
    ASIDE = 4


class Track(StrEnum):
    """R-M5: the long-train track (index 0) and the short-train track (index 1)."""

    LONG = "long"
    SHORT = "short"

    @property
    def slot(self) -> int:
        return 0 if self is Track.LONG else 1


TRACKS: Final = (Track.LONG, Track.SHORT)


class Mode(StrEnum):
    """DG-M2: Crew (each seat its cities, two hands) or Dispatcher (one seat, every city,
    four hands)."""

    CREW = "crew"
    DISPATCHER = "dispatcher"


class Clocking(StrEnum):
    """Who moves the clock on. ``seats``: every seat is a computer (or absent), and the clock
    runs on by itself once no seat is free (the harnesses, the measures). ``ticks``: a
    driver applies each tick (the screen, 10 a second; a test, tick by tick)."""

    SEATS = "seats"
    TICKS = "ticks"


class SeatKind(StrEnum):
    """DG-M13: a person's actions take no ticks; a computer's take their durations and answer
    others only after its reaction delay; an absent seat never acts (DG-Q5)."""

    PERSON = "person"
    COMPUTER = "computer"
    ABSENT = "absent"


@dataclass(frozen=True)
class Settings:
    """What a round is played with besides its configuration and seed."""

    mode: Mode = Mode.CREW
    #: One kind per seat of the mode (Crew: the configuration's seats; Dispatcher: one).
    kinds: tuple[SeatKind, ...] = ()
    clocking: Clocking = Clocking.SEATS
    #: DG-D3, DG-Q3: the computers' durations and reaction delays in percent of the golden
    #: tempo (100).
    tempo: int = 100
    #: DG-M13, DG-Q5: each seat's reaction delay at the golden tempo (default 10 ticks).
    reactions: tuple[int, ...] = ()
    #: DG-X: the physical mishaps (off by default, DG-X1).
    table_rules: bool = False
    #: R-V1: the Expert version's stickers.
    expert: bool = False
    #: D-19, DG-C2: the round's length in whole minutes (None: the configuration's).
    minutes: int | None = None
    #: D-18, DG-W3: the round's number within a session (0-based; it deals the yards).
    round_no: int = 0


@dataclass(frozen=True)
class OfferInfo:
    """DG-M9: a pending offer: the train held at ``origin`` by ``sender``, offered to the
    linked city ``to`` (controlled by ``receiver``) at ``tick``."""

    id: int
    train: int
    origin: int
    to: int
    sender: int
    receiver: int
    tick: int


@dataclass(frozen=True)
class CallInfo:
    """DG-K: a call made by ``seat`` at ``tick`` to the seats in ``to``; ``city``: the
    neighbour a crew call names (or -1)."""

    kind: str
    seat: int
    to: tuple[int, ...]
    tick: int
    city: int = -1


def train_name(t: int) -> str:
    """§0: L_X and S_X, the long and the short train that started in city X."""
    return f"{'LS'[t % 2]}_{LETTERS[t // 2]}"


def engineer_name(e: int) -> str:
    """§0: X1, X2 (started on X's long and short trains) and X3 (started in X's hotel)."""
    return f"{LETTERS[e // 3]}{e % 3 + 1}"


def train_of(name: str) -> int:
    """A train's number from its name (ValueError for anything else)."""
    if len(name) == 3 and name[0] in "LS" and name[1] == "_" and name[2] in LETTERS:
        return 2 * LETTERS.index(name[2]) + (0 if name[0] == "L" else 1)
    raise ValueError(f"{name[:20]!r} is not a train (L_K ... S_W)")


def engineer_of(name: str) -> int:
    if len(name) == 2 and name[0] in LETTERS and name[1] in "123":
        return 3 * LETTERS.index(name[0]) + int(name[1]) - 1
    raise ValueError(f"{name[:20]!r} is not an engineer (K1 ... W3)")


def home(engineer: int) -> int:
    """R-C5: an engineer's home is the city of its colour."""
    return engineer // 3


def capacity(train: int) -> int:
    return CAPACITY[train % 2]


def is_long(train: int) -> bool:
    return train % 2 == 0


@dataclass
class RoundState:
    """One round (D-18): everything that changes, and what it was dealt with."""

    config: Configuration
    settings: Settings
    seed: int
    #: The seats of the mode: the cities each controls, and each city's seat.
    seat_cities: tuple[tuple[int, ...], ...]
    controller: tuple[int, ...]
    hands_per_seat: int
    end: int
    #: The seats' names, as records keep them.
    names: tuple[str, ...] = ()
    tick: int = 0
    over: bool = False
    paused: bool = False
    # cubes (R-S7, D-4): each yard's 20 places; what is left runs from lo to hi - 1
    yard: list[list[int]] = field(default_factory=list)
    lo: list[int] = field(default_factory=list)
    hi: list[int] = field(default_factory=list)
    storage: list[list[int]] = field(default_factory=list)  # [city][colour] counts
    pile_cubes: list[int] = field(default_factory=list)  # [colour] counts
    pile_engineers: list[int] = field(default_factory=list)
    pile_trains: list[int] = field(default_factory=list)
    # trains
    cubes: list[list[int]] = field(default_factory=list)  # [train]: colours, in load order
    driver: list[int] = field(default_factory=list)  # [train]: engineer or EMPTY
    place: list[Place] = field(default_factory=list)
    at: list[int] = field(default_factory=list)  # [train]: its city (parked, held, going to)
    track: list[int] = field(default_factory=list)  # [train]: 0 long, 1 short, or EMPTY
    holder: list[int] = field(default_factory=list)  # [train]: seat holding it, or NOBODY
    hand: list[int] = field(default_factory=list)  # [train]: its hand, or EMPTY
    due: list[int] = field(default_factory=list)  # [train]: arrival tick in transit, or EMPTY
    origin: list[int] = field(default_factory=list)  # [train]: the city it was taken from
    offer_of: list[int] = field(default_factory=list)  # [train]: its pending offer's id, or 0
    spilled: list[int] = field(default_factory=list)  # [train]: tick of its last spill
    tracks: list[list[int]] = field(default_factory=list)  # [city][track]: train or EMPTY
    # engineers
    hotel: list[list[int]] = field(default_factory=list)  # [city][bed]: engineer or EMPTY
    cab: list[int] = field(default_factory=list)  # [engineer]: train driven, or EMPTY
    bed: list[int] = field(default_factory=list)  # [engineer]: 3 * city + bed, or EMPTY
    # seats
    hands: list[list[int]] = field(default_factory=list)  # [seat][hand]: train or EMPTY
    busy: list[int] = field(default_factory=list)  # [seat]: the tick it is free again
    waiting: list[bool] = field(default_factory=list)  # [seat]: idling (Wait), not working
    offers: dict[int, OfferInfo] = field(default_factory=dict)
    next_offer: int = 1
    calls: list[CallInfo] = field(default_factory=list)
    #: The typed events (``events.py``), in the order they happened.
    log: list[Any] = field(default_factory=list)
    #: The actions applied, with their seats (the record).
    history: list[tuple[int, Any]] = field(default_factory=list)
    #: Refused attempts (tick, seat, action, codes): logged, never replayed (DG-M7).
    refusals: list[tuple[int, int, Any, tuple[str, ...]]] = field(default_factory=list)

    def copy(self) -> RoundState:
        """An independent copy (the configuration and settings are shared: they never
        change)."""
        new = RoundState.__new__(RoundState)
        d = new.__dict__
        d.update(self.__dict__)
        d["yard"] = self.yard  # places never change: lo and hi move
        d["lo"] = self.lo[:]
        d["hi"] = self.hi[:]
        d["storage"] = [row[:] for row in self.storage]
        d["pile_cubes"] = self.pile_cubes[:]
        d["pile_engineers"] = self.pile_engineers[:]
        d["pile_trains"] = self.pile_trains[:]
        d["cubes"] = [c[:] for c in self.cubes]
        for name in ("driver", "place", "at", "track", "holder", "hand", "due", "origin", "offer_of",
                     "spilled", "cab", "bed", "busy", "waiting", "calls", "log", "history",
                     "refusals"):
            d[name] = getattr(self, name)[:]
        d["tracks"] = [row[:] for row in self.tracks]
        d["hotel"] = [row[:] for row in self.hotel]
        d["hands"] = [row[:] for row in self.hands]
        d["offers"] = dict(self.offers)
        return new

    # -- small questions --------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.seat_cities)

    def kind(self, seat: int) -> SeatKind:
        return self.settings.kinds[seat]

    def computer(self, seat: int) -> bool:
        return self.settings.kinds[seat] is SeatKind.COMPUTER

    def yard_left(self, city: int) -> int:
        return self.hi[city] - self.lo[city]

    def yard_end(self, city: int, last: bool) -> int:
        """The colour of a yard end (D-4), or EMPTY when the yard is empty."""
        if self.lo[city] >= self.hi[city]:
            return EMPTY
        return self.yard[city][self.hi[city] - 1 if last else self.lo[city]]

    def free_hand(self, seat: int, but: int = EMPTY) -> int:
        """The first free hand of ``seat`` (not ``but``), or EMPTY (DG-M8)."""
        for i, t in enumerate(self.hands[seat]):
            if t == EMPTY and i != but:
                return i
        return EMPTY

    def free_hands(self, seat: int) -> int:
        return sum(1 for t in self.hands[seat] if t == EMPTY)

    def parked_at(self, city: int) -> list[int]:
        return [t for t in self.tracks[city] if t != EMPTY]

    def totals(self) -> list[int]:
        """R-W3: each city's cubes of its own colour in its storage."""
        return [self.storage[c][c] for c in range(CITIES)]

    def visible_offers(self, seat: int) -> list[OfferInfo]:
        """The offers to ``seat`` it has noticed (DG-M13: a computer sees another seat's
        offer only after its reaction delay)."""
        wait = reaction(self, seat)
        return [o for o in self.offers.values()
                if o.receiver == seat and self.tick >= o.tick + wait]


def reaction(state: RoundState, seat: int) -> int:
    """DG-M13, DG-D3: a computer seat's reaction delay, scaled by the tempo (a person's is
    0: the person's time is their own)."""
    if not state.computer(seat):
        return 0
    base = state.settings.reactions[seat] if state.settings.reactions else 10
    return scaled(base, state.settings.tempo)


def scaled(ticks: int, tempo: int) -> int:
    """A golden duration at a tempo in percent, rounded up to whole ticks."""
    return (ticks * tempo + 99) // 100
