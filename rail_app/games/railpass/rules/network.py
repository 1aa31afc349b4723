"""A configuration of Rail Pass (R-S2, R-K4): which cities are linked, by open track, a
tunnel or the bridge; where the blocked-track markers stand; which seat controls which city;
how long a round lasts. And what follows from it, worked out once: distances in hops (D-5),
the route arrows (R-A1, R-C7, R-S9, D-14: they advise, R-A4, and remind of each
engineer's range, R-A3; EX-10 is the rulebook's black arrow, R-A2), who may drive where
(R-E7, EX-18). The bridge is an obstacle like a tunnel (R-O5).

Cities, colours, trains and engineers are small whole numbers inside the rules (a city's
number is its place round the table, K 0 ... W 5, which is also its colour's number); their
letters (``LETTERS``) and names are what records and the screen show.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from rail_app.games.railpass.rules.identity import CITIES, LETTERS, MAX_SEATS, MIN_SEATS

#: DG-M1: ticks of 100 ms; a minute is 600 ticks.
TICKS_PER_MINUTE: Final = 600
#: R-K2, DG-C1: the longest round the published rules recommend for a number of seats.
PUBLISHED_MINUTES: Final = {2: 10, 3: 9, 4: 8, 5: 7, 6: 6}
#: DG-C3: the Dispatcher clock (provisional: DG-Q4 sets it).
DISPATCHER_MINUTES: Final = 8
#: R-C1: what the box holds of each obstacle.
MAX_TUNNELS: Final = 3
MAX_BRIDGES: Final = 1
MAX_BLOCKED: Final = 3
NO_CITY: Final = -1


class LinkKind(StrEnum):
    """What stands on a link (R-C8, R-O): nothing, a tunnel or the mountain-pass bridge."""

    OPEN = "open"
    TUNNEL = "tunnel"
    BRIDGE = "bridge"

    @property
    def obstacle(self) -> bool:
        return self is not LinkKind.OPEN


#: DG-M11, DG-D3: ticks a train spends inside the obstacle (never scaled by the tempo).
TRANSIT_TICKS: Final = {LinkKind.OPEN: 0, LinkKind.TUNNEL: 15, LinkKind.BRIDGE: 30}
#: D-14: the weight of an obstacle when the arrows break a tie between equally short routes.
ARROW_WEIGHT: Final = {LinkKind.OPEN: 0, LinkKind.TUNNEL: 1, LinkKind.BRIDGE: 2}


def letter(city: int) -> str:
    return LETTERS[city]


def city_of(text: str) -> int:
    """A city's number from its letter (ValueError for anything else)."""
    if len(text) != 1 or text not in LETTERS:
        raise ValueError(f"{text[:20]!r} is not a city (one of {', '.join(LETTERS)})")
    return LETTERS.index(text)


@dataclass(frozen=True)
class Link:
    """A link between two cities (R-S2): open track, a tunnel or the bridge."""

    a: int
    b: int
    kind: LinkKind = LinkKind.OPEN

    def other(self, city: int) -> int:
        return self.b if city == self.a else self.a

    def joins(self, x: int, y: int) -> bool:
        return (self.a, self.b) in ((x, y), (y, x))

    def __str__(self) -> str:
        tail = "" if self.kind is LinkKind.OPEN else f" {self.kind}"
        return f"{letter(self.a)}-{letter(self.b)}{tail}"


def default_stickers() -> tuple[tuple[int, int], ...]:
    """D-20, EX-D11: the long train of the city at ring position i carries the sticker of
    position i+1, its short train that of i+2."""
    return tuple(((i + 1) % CITIES, (i + 2) % CITIES) for i in range(CITIES))


def default_stickers_table() -> list[str]:
    """EX-D11: each city with its long train's and its short train's sticker ("KRG"...)."""
    return [LETTERS[c] + LETTERS[lo] + LETTERS[sh] for c, (lo, sh) in
            enumerate(default_stickers())]


@dataclass(frozen=True)
class Configuration:
    """One configuration, as its data file gives it (R-K4, D-30); every derived table is
    made once, when it is built."""

    id: str
    name: str
    seats: tuple[tuple[int, ...], ...]
    links: tuple[Link, ...]
    blocked: tuple[tuple[int, int], ...] = ()
    minutes: int = 6
    stickers: tuple[tuple[int, int], ...] = field(default_factory=default_stickers)
    description: str = ""
    #: The file it was read from, as shown in messages ("" when built in code).
    shown: str = ""
    # -- derived (filled in by __post_init__) ---------------------------------------------------
    controller: tuple[int, ...] = field(init=False, repr=False, compare=False)
    link_of: dict[tuple[int, int], Link] = field(init=False, repr=False, compare=False)
    neighbours: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    distance: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    arrows: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        controller = [NO_CITY] * CITIES
        for s, cities in enumerate(self.seats):
            for c in cities:
                controller[c] = s
        link_of: dict[tuple[int, int], Link] = {}
        for link in self.links:
            link_of[(link.a, link.b)] = link
            link_of[(link.b, link.a)] = link
        # neighbours of each city, nearest clockwise first (D-14's last tie-break)
        neighbours = tuple(_clockwise(c, [link.other(c) for link in self.links
                                          if c in (link.a, link.b)]) for c in range(CITIES))
        distance = tuple(_hops(neighbours, c) for c in range(CITIES))
        object.__setattr__(self, "controller", tuple(controller))
        object.__setattr__(self, "link_of", link_of)
        object.__setattr__(self, "neighbours", neighbours)
        object.__setattr__(self, "distance", distance)
        object.__setattr__(self, "arrows", _arrows(self, neighbours, distance))

    # -- questions the rules ask ------------------------------------------------------------------
    @property
    def seat_count(self) -> int:
        return len(self.seats)

    @property
    def ticks(self) -> int:
        """DG-M1: the round's length in ticks."""
        return self.minutes * TICKS_PER_MINUTE

    def link(self, x: int, y: int) -> Link | None:
        """The link between two cities, or None (no link, or a blocked marker: R-M9, D-5)."""
        return self.link_of.get((x, y))

    def in_range(self, home: int, city: int) -> bool:
        """R-E7, D-5: an engineer drives at home and in the cities one hop from it."""
        return self.distance[home][city] <= 1

    def arrow(self, city: int, colour: int) -> int:
        """R-A1, D-14: the neighbour the arrow of ``colour`` points to at ``city``
        (NO_CITY at the colour's own city)."""
        return self.arrows[city][colour]

    def drivers(self, x: int, z: int) -> tuple[int, ...]:
        """EX-18: the homes of the engineers who may drive the hop x -> z (parked at x, then
        at z, without quitting)."""
        return tuple(h for h in range(CITIES)
                     if self.in_range(h, x) and self.in_range(h, z))


def _clockwise(city: int, others: list[int]) -> tuple[int, ...]:
    """Cities in the order they sit clockwise from ``city`` (D-14's last tie-break)."""
    return tuple(sorted(others, key=lambda n: (n - city) % CITIES))


def _hops(neighbours: Sequence[Sequence[int]], start: int) -> tuple[int, ...]:
    """D-5: the distance in links from ``start`` to every city (a large number when a city
    cannot be reached: a configuration file is refused for that, D-30)."""
    far = 99
    dist = [far] * CITIES
    dist[start] = 0
    queue = deque([start])
    while queue:
        c = queue.popleft()
        for n in neighbours[c]:
            if dist[n] == far:
                dist[n] = dist[c] + 1
                queue.append(n)
    return tuple(dist)


def _arrows(config: Configuration, neighbours: Sequence[Sequence[int]],
            distance: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """D-14: fewest hops; then the lowest obstacle weight over the whole route; then the first
    hop nearest clockwise from the city."""
    far = 10**6
    # weight[x][c]: the lowest obstacle weight of a shortest route from x to c
    weight = [[far] * CITIES for _ in range(CITIES)]
    for c in range(CITIES):
        weight[c][c] = 0
        for x in sorted(range(CITIES), key=lambda x: distance[x][c]):  # noqa: B023
            if x == c or distance[x][c] >= 99:
                continue
            best = far
            for n in neighbours[x]:
                if distance[n][c] == distance[x][c] - 1:
                    link = config.link_of[(x, n)]
                    best = min(best, ARROW_WEIGHT[link.kind] + weight[n][c])
            weight[x][c] = best
    out = []
    for x in range(CITIES):
        row = []
        for c in range(CITIES):
            if c == x or distance[x][c] >= 99:
                row.append(NO_CITY)
                continue
            choices = [n for n in neighbours[x] if distance[n][c] == distance[x][c] - 1]
            row.append(min(choices, key=lambda n: (  # noqa: B023
                ARROW_WEIGHT[config.link_of[(x, n)].kind] + weight[n][c], (n - x) % CITIES)))
        out.append(tuple(row))
    return tuple(out)


def validity_problems(config: Configuration) -> list[tuple[tuple[str | int, ...], str]]:
    """D-30, R-K5, R-V4: what makes a configuration invalid (one of the players' own too), each
    with the key of the data file it concerns (the file reader turns them into
    ``file:line: key: message``)."""
    problems: list[tuple[tuple[str | int, ...], str]] = []
    n = len(config.seats)
    if not MIN_SEATS <= n <= MAX_SEATS:
        problems.append((("seats",), f"{n} seats: a configuration has {MIN_SEATS} to "
                                     f"{MAX_SEATS} (D-1, D-30)"))
    seen: dict[int, int] = {}
    for s, cities in enumerate(config.seats):
        if not cities:
            problems.append((("seats", s), "a seat controls at least one city (R-S8)"))
        for c in cities:
            if c in seen:
                problems.append((("seats", s), f"{letter(c)} is controlled by seat "
                                               f"{seen[c] + 1} already: each city has exactly "
                                               "one controlling player (R-S8, D-33)"))
            seen[c] = s
    missing = [letter(c) for c in range(CITIES) if c not in seen]
    if missing:
        problems.append((("seats",), f"no seat controls {', '.join(missing)}: all six cities "
                                     "are in play in every configuration (R-S7, D-30)"))
    pairs: dict[frozenset[int], int] = {}
    for i, link in enumerate(config.links):
        if link.a == link.b:
            problems.append((("links", i), f"{link}: a link joins two different cities"))
            continue
        key = frozenset((link.a, link.b))
        if key in pairs:
            problems.append((("links", i), f"{link}: these two cities are linked already "
                                           f"(links[{pairs[key]}])"))
        pairs.setdefault(key, i)
        if link.kind.obstacle and config.controller[link.a] == config.controller[link.b] \
                and config.controller[link.a] != NO_CITY:
            problems.append((("links", i), f"{link}: an obstacle stands only between the "
                                           "cities of two different seats (R-O2, D-13, D-30)"))
    kinds = [link.kind for link in config.links]
    if kinds.count(LinkKind.TUNNEL) > MAX_TUNNELS:
        problems.append((("links",), f"{kinds.count(LinkKind.TUNNEL)} tunnels: the box holds "
                                     f"{MAX_TUNNELS} (R-C1, D-30)"))
    if kinds.count(LinkKind.BRIDGE) > MAX_BRIDGES:
        problems.append((("links",), f"{kinds.count(LinkKind.BRIDGE)} bridges: the box holds "
                                     f"{MAX_BRIDGES} (R-C1, D-30)"))
    if len(config.blocked) > MAX_BLOCKED:
        problems.append((("blocked",), f"{len(config.blocked)} blocked-track markers: the box "
                                       f"holds {MAX_BLOCKED} (R-C1, D-30)"))
    marked: set[frozenset[int]] = set()
    for i, (x, y) in enumerate(config.blocked):
        key = frozenset((x, y))
        if x == y:
            problems.append((("blocked", i), "a blocked-track marker stands between two "
                                             "different cities"))
        elif key in pairs:
            problems.append((("blocked", i), f"{letter(x)}-{letter(y)} is linked: a "
                                             "blocked-track marker stands only between cities "
                                             "that are not linked (R-M9, D-30)"))
        elif key in marked:
            problems.append((("blocked", i), f"{letter(x)}-{letter(y)} is blocked already"))
        marked.add(key)
    far = [letter(c) for c in range(CITIES) if config.distance[0][c] >= 99]
    if far and not any(p[0][0] == "links" and len(p[0]) > 1 for p in problems):
        problems.append((("links",), f"{', '.join(far)} cannot be reached from "
                                     f"{letter(0)}: the links form one connected network, "
                                     "since every cube needs its own city (R-S7, D-30)"))
    top = PUBLISHED_MINUTES.get(n)
    if top is not None and not 1 <= config.minutes <= top:
        problems.append((("minutes",), f"{config.minutes} minutes: a round with {n} players "
                                       f"lasts 1 to {top} minutes (R-K2, D-19)"))
    return problems
