"""DG-D1's test hook: building any reachable position of a round by hand (a train parked here
with these cubes and that engineer, another in a seat's hand, a hotel's beds, a yard's
order, the clock at a tick), keeping every piece in exactly one place, so that a scenario
test can then apply actions tick by tick. Tests and the measures' examples use it; the game
itself never does."""

from __future__ import annotations

from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.identity import LETTERS
from rail_app.games.railpass.rules.network import Configuration, city_of
from rail_app.games.railpass.rules.state import (
    BEDS,
    EMPTY,
    NOBODY,
    Clocking,
    Mode,
    Place,
    RoundState,
    SeatKind,
    Settings,
    Track,
    engineer_of,
    train_of,
)


def colours(text: str) -> list[int]:
    """"RGGGB" -> the cubes' colours."""
    return [LETTERS.index(c) for c in text.replace(" ", "")]


class Scenario:
    """A round set up by hand: ``Scenario(config).park("L_K", "K", Track.LONG, "RGGGB",
    "K1")``... then ``.state`` (see the module docstring)."""

    def __init__(self, config: Configuration, *, seed: int = 1,
                 kinds: tuple[SeatKind, ...] = (), mode: Mode = Mode.CREW,
                 clocking: Clocking = Clocking.TICKS, expert: bool = False,
                 table_rules: bool = False, minutes: int | None = None,
                 tempo: int = 100) -> None:
        seats = 1 if mode is Mode.DISPATCHER else config.seat_count
        self.state: RoundState = engine.new_round(config, Settings(
            mode=mode, kinds=kinds or (SeatKind.COMPUTER,) * seats, clocking=clocking,
            expert=expert, table_rules=table_rules, minutes=minutes, tempo=tempo), seed)

    # -- pieces out of their places -----------------------------------------------------------
    def _lift_train(self, t: int) -> None:
        s = self.state
        if s.place[t] is Place.PARKED:
            s.tracks[s.at[t]][s.track[t]] = EMPTY
        elif s.place[t] in (Place.HELD, Place.TRANSIT):
            s.hands[s.holder[t]][s.hand[t]] = EMPTY
            if s.offer_of[t]:
                del s.offers[s.offer_of[t]]
        s.offer_of[t] = 0
        s.track[t] = EMPTY
        s.holder[t] = NOBODY
        s.hand[t] = EMPTY
        s.due[t] = EMPTY

    def _lift_engineer(self, e: int) -> None:
        s = self.state
        if s.cab[e] != EMPTY:
            s.driver[s.cab[e]] = EMPTY
            s.cab[e] = EMPTY
        elif s.bed[e] != EMPTY:
            c, b = divmod(s.bed[e], BEDS)
            s.hotel[c][b] = EMPTY
            s.bed[e] = EMPTY
        elif e in s.pile_engineers:
            s.pile_engineers.remove(e)

    def _crew(self, t: int, engineer: str | None) -> None:
        """``None``: keep the train's engineer; "": none; a name: that one."""
        s = self.state
        if engineer is None:
            return
        old = s.driver[t]
        if old != EMPTY:
            s.driver[t] = EMPTY
            s.cab[old] = EMPTY
            self._sleep_somewhere(old)
        if engineer:
            e = engineer_of(engineer)
            self._lift_engineer(e)
            s.driver[t] = e
            s.cab[e] = t

    def _sleep_somewhere(self, e: int, avoid: int = -1) -> None:
        """An engineer taken off a train by the set-up goes to a free bed of its home's
        hotel, or of any hotel (it must be somewhere, R-E3)."""
        s = self.state
        for c in (e // 3, *range(len(s.hotel))):
            if c == avoid:
                continue
            for b in range(BEDS):
                if s.hotel[c][b] == EMPTY:
                    s.hotel[c][b] = e
                    s.bed[e] = c * BEDS + b
                    return
        s.pile_engineers.append(e)

    def _cubes(self, t: int, cubes: str | None) -> None:
        """The train's cubes (a scenario does not keep 20 cubes of each colour: its tests
        check rules, the soak checks the counts)."""
        if cubes is not None:
            self.state.cubes[t] = colours(cubes)

    # -- placing --------------------------------------------------------------------------------
    def park(self, train: str, city: str, track: Track, cubes: str | None = None,
             engineer: str | None = None) -> Scenario:
        """Train ``train`` on that track; a train standing there takes ``train``'s old place
        (the two change places, each with its engineer and cubes)."""
        s = self.state
        t, c = train_of(train), city_of(city)
        other = s.tracks[c][track.slot]
        old = (s.place[t], s.at[t], s.track[t], s.holder[t], s.hand[t])
        self._lift_train(t)
        if other != EMPTY and other != t:
            self._lift_train(other)
            self._put(other, *old)
        s.place[t] = Place.PARKED
        s.at[t] = c
        s.track[t] = track.slot
        s.tracks[c][track.slot] = t
        self._cubes(t, cubes)
        self._crew(t, engineer)
        return self

    def _put(self, u: int, place: Place, x: int, k: int, seat: int, h: int) -> None:
        """Train ``u`` (lifted) into a place: a track or a hand."""
        s = self.state
        if place is Place.PARKED:
            if k == 1 and u % 2 == 0:
                raise ValueError("a long train cannot take a short-train track")
            s.place[u], s.at[u], s.track[u] = Place.PARKED, x, k
            s.tracks[x][k] = u
        elif place is Place.HELD:
            s.place[u], s.at[u], s.holder[u], s.hand[u] = Place.HELD, x, seat, h
            s.origin[u] = x
            s.hands[seat][h] = u
        else:
            raise ValueError("the train to move is not on a track or in a hand")

    def away(self, train: str, seat: int, hand: int, city: str) -> Scenario:
        """A train out of the way: held by ``seat`` at ``city`` (its track left free)."""
        return self.hold(train, seat, hand, city)

    def hold(self, train: str, seat: int, hand: int, city: str, cubes: str | None = None,
             engineer: str | None = None, origin: str | None = None) -> Scenario:
        """Train ``train`` in a seat's hand at ``city`` (its track is left free)."""
        s = self.state
        t, c = train_of(train), city_of(city)
        if s.hands[seat][hand] not in (EMPTY, t):
            raise ValueError(f"seat {seat}'s hand {hand} holds a train already")
        self._lift_train(t)
        self._put(t, Place.HELD, c, EMPTY, seat, hand)
        s.origin[t] = city_of(origin) if origin else c
        self._cubes(t, cubes)
        self._crew(t, engineer)
        return self

    def hotel(self, city: str, engineers: str) -> Scenario:
        """The hotel's beds, e.g. "R3 K1" (engineers taken from wherever they were; those
        who slept there before and are not named go to other hotels)."""
        s = self.state
        c = city_of(city)
        names = engineers.split()
        for b, e in enumerate(s.hotel[c]):
            if e != EMPTY:
                s.hotel[c][b] = EMPTY
                s.bed[e] = EMPTY
        for b, name in enumerate(names):
            e = engineer_of(name)
            self._lift_engineer(e)
            s.hotel[c][b] = e
            s.bed[e] = c * BEDS + b
        for e in range(len(s.cab)):
            if s.cab[e] == EMPTY and s.bed[e] == EMPTY and e not in s.pile_engineers:
                self._sleep_somewhere(e, avoid=c)
        return self

    def yard(self, city: str, cubes: str) -> Scenario:
        """A yard's cubes in reading order (the places before them are taken)."""
        s = self.state
        c = city_of(city)
        order = colours(cubes)
        s.yard[c] = [*([EMPTY] * (20 - len(order))), *order] if len(order) < 20 else order
        s.yard = [list(y) for y in s.yard]
        s.lo[c] = 20 - len(order)
        s.hi[c] = 20
        return self

    def storage(self, city: str, count: int, colour: str | None = None) -> Scenario:
        s = self.state
        c = city_of(city)
        s.storage[c][city_of(colour) if colour else c] = count
        return self

    def at(self, tick: int) -> Scenario:
        """The clock at ``tick`` (a scenario starts there; nothing happens in between)."""
        self.state.tick = tick
        return self

    def busy(self, seat: int, until: int) -> Scenario:
        self.state.busy[seat] = until
        return self
