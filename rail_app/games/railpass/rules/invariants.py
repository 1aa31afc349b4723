"""What must hold after every action and every tick of every round (DG-D8), for the table's
checker (:class:`rail_app.table.invariants.Checker`: the soak, the tests):

- cubes conserved: yards + trains + storages + pile = 120, 20 of each colour (R-S7, R-C2);
- engineers conserved: cabs + hotels + pile = 18, each in one place (R-E3, D-11);
- trains conserved: tracks + hands + transit + pile (+ set aside after the end) = 12, each in
  one place at a time, and every place agreeing with it (R-M4, DG-M3);
- no hotel holds more than 3 (R-E6), no train more cubes than its capacity (R-L4; the
  sticker's rule with the Expert version, D-20), no seat more hands than it has (R-M3);
- every engineer in a hotel or on a parked train is at most one hop from home (R-E9, D-6);
- no storage holds a cube of another colour (R-L7), and no parked train its city's colour
  (R-L8, D-9);
- offers and transits agree with the trains (DG-M9, DG-M11);
- the clock is monotone and within the round (DG-M1); yards only shrink (R-L6), storages and
  the pile only grow (R-L8, R-X4);
- the score is the sum of its deliveries: each city's total is what the log delivered there
  (R-W3), and the final score is the one counted at the end (R-W4-R-W7).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.common import sticker_ok
from rail_app.games.railpass.rules.events import Delivered, Ended
from rail_app.games.railpass.rules.identity import CITIES, LETTERS
from rail_app.games.railpass.rules.rng import CUBES_PER_COLOUR
from rail_app.games.railpass.rules.scoring import score
from rail_app.games.railpass.rules.state import (
    BEDS,
    EMPTY,
    ENGINEERS,
    NOBODY,
    TRAINS,
    Place,
    RoundState,
    capacity,
    engineer_name,
    home,
    train_name,
)
from rail_app.table.invariants import Checker
from rail_app.table.quotes import Quote

#: R-S7, R-C2: 20 cubes of each colour (4 in each of the five other yards).
CUBES_OF_A_COLOUR = CUBES_PER_COLOUR * (CITIES - 1)


def fingerprint(state: RoundState) -> Hashable:
    """Everything that may change in a round, as comparable data (the checker's "was the
    state it was given left as it was")."""
    return (state.tick, state.over, state.paused, tuple(state.lo), tuple(state.hi),
            tuple(map(tuple, state.storage)), tuple(state.pile_cubes),
            tuple(state.pile_engineers), tuple(state.pile_trains),
            tuple(map(tuple, state.cubes)), tuple(state.driver), tuple(state.place),
            tuple(state.at), tuple(state.track), tuple(state.holder), tuple(state.hand),
            tuple(state.due), tuple(state.origin), tuple(state.offer_of),
            tuple(state.spilled), tuple(map(tuple, state.tracks)),
            tuple(map(tuple, state.hotel)), tuple(state.cab), tuple(state.bed),
            tuple(map(tuple, state.hands)), tuple(state.busy), tuple(state.waiting),
            tuple(sorted(state.offers.items())), state.next_offer, tuple(state.calls),
            len(state.log), len(state.history))


def state_problems(state: RoundState) -> list[str]:
    """What is wrong with one state (empty when nothing is)."""
    out: list[str] = []
    _cubes(state, out)
    _trains(state, out)
    _engineers(state, out)
    _offers(state, out)
    if not 0 <= state.tick < state.end:
        out.append(f"tick {state.tick} outside the round's 0-{state.end - 1} (DG-M1)")
    if state.over and state.tick != state.end - 1:
        out.append(f"the round ended at tick {state.tick}, not at its last (R-W1)")
    return out


def delivered(log: list[Any]) -> list[int]:
    """Each city's cubes delivered, by the log (R-W3)."""
    out = [0] * CITIES
    for e in log:
        if isinstance(e, Delivered):
            out[e.city] += e.count
    return out


def _cubes(state: RoundState, out: list[str]) -> None:
    count = list(state.pile_cubes)
    for c in range(CITIES):
        lo, hi = state.lo[c], state.hi[c]
        if not 0 <= lo <= hi <= len(state.yard[c]):
            out.append(f"{LETTERS[c]}'s yard runs from {lo} to {hi} (D-4)")
        for x in state.yard[c][lo:hi]:
            count[x] += 1
        row = state.storage[c]
        for colour in range(CITIES):
            n = row[colour]
            if n:
                count[colour] += n
                if colour != c:
                    out.append(f"{LETTERS[c]}'s storage holds {n} cube(s) of "
                               f"{LETTERS[colour]} (R-L7, R-W6)")
    expert = state.settings.expert
    for t in range(TRAINS):
        cubes = state.cubes[t]
        if not cubes:
            continue
        for x in cubes:
            count[x] += 1
        if len(cubes) > capacity(t) or (expert and not sticker_ok(state, t, cubes)):
            out.append(f"{train_name(t)} carries {len(cubes)} cubes (R-L4, D-20)")
        if state.place[t] is Place.PARKED and state.at[t] in cubes:
            out.append(f"{train_name(t)} stands at {LETTERS[state.at[t]]} with its colour "
                       "(R-L8, D-9)")
    if count != _TWENTY:
        out.append(f"cubes of each colour {count}: 20 each expected (R-S7, R-C2)")


_TWENTY = [CUBES_OF_A_COLOUR] * CITIES


def _trains(state: RoundState, out: list[str]) -> None:
    seen_tracks: dict[int, tuple[int, int]] = {}
    for c in range(CITIES):
        for k, t in enumerate(state.tracks[c]):
            if t != EMPTY:
                seen_tracks[t] = (c, k)
    seen_hands: dict[int, tuple[int, int]] = {}
    for s, hands in enumerate(state.hands):
        if len(hands) != state.hands_per_seat:
            out.append(f"seat {s} has {len(hands)} hands (R-M3)")
        for h, t in enumerate(hands):
            if t != EMPTY:
                if t in seen_hands:
                    out.append(f"{train_name(t)} in two hands (DG-M3)")
                seen_hands[t] = (s, h)
    for t in range(TRAINS):
        p = state.place[t]
        name = train_name(t)
        on_track = seen_tracks.get(t)
        in_hand = seen_hands.get(t)
        if p is Place.PARKED:
            if on_track != (state.at[t], state.track[t]) or in_hand is not None:
                out.append(f"{name} is parked at {state.at[t]}/{state.track[t]} but the "
                           f"tracks say {on_track} and the hands {in_hand} (DG-M3)")
            if state.track[t] == 1 and t % 2 == 0:
                out.append(f"{name}, a long train, on a short-train track (R-M5)")
        elif p in (Place.HELD, Place.TRANSIT):
            if in_hand != (state.holder[t], state.hand[t]) or on_track is not None:
                out.append(f"{name} is held by {state.holder[t]}/{state.hand[t]} but the "
                           f"hands say {in_hand} and the tracks {on_track} (DG-M3)")
            elif state.controller[state.at[t]] != state.holder[t]:
                out.append(f"{name} is held at {LETTERS[state.at[t]]} by a seat that does not "
                           "control it (D-8)")
            if p is Place.TRANSIT and not state.due[t] > state.tick:
                out.append(f"{name} is overdue in its obstacle (DG-M11)")
            if p is Place.HELD and state.driver[t] == EMPTY:
                out.append(f"{name} held without an engineer (R-M1)")
        else:
            if on_track is not None or in_hand is not None:
                out.append(f"{name} is {p.name.lower()} but still on a track or in a hand")
            if p is Place.WRECKED and t not in state.pile_trains:
                out.append(f"{name} wrecked but not on the pile (R-X3)")
            if p is Place.ASIDE and not state.over:
                out.append(f"{name} set aside before the end (R-W2)")
    if sorted(state.pile_trains) != [t for t in range(TRAINS)
                                     if state.place[t] is Place.WRECKED]:
        out.append(f"the pile's trains {state.pile_trains} disagree with the wrecks (R-X3)")
    if state.over and seen_hands:
        out.append("a train still in a hand after the end (R-W2, D-17)")


def _engineers(state: RoundState, out: list[str]) -> None:
    places = [0] * ENGINEERS
    for t in range(TRAINS):
        e = state.driver[t]
        if e != EMPTY:
            places[e] += 1
            if state.cab[e] != t:
                out.append(f"{engineer_name(e)} drives {train_name(t)} but sits in "
                           f"{state.cab[e]} (R-E2)")
            if state.place[t] is Place.PARKED and not state.config.in_range(home(e),
                                                                             state.at[t]):
                out.append(f"{engineer_name(e)} parked at {LETTERS[state.at[t]]}, more than "
                           "one hop from home (R-E9)")
    for c in range(CITIES):
        if len(state.hotel[c]) != BEDS:
            out.append(f"{LETTERS[c]}'s hotel has {len(state.hotel[c])} beds (R-E6)")
        for b, e in enumerate(state.hotel[c]):
            if e != EMPTY:
                places[e] += 1
                if state.bed[e] != c * BEDS + b:
                    out.append(f"{engineer_name(e)} in {LETTERS[c]}'s hotel, bed {b}, but "
                               f"its bed says {state.bed[e]} (R-E6)")
                if not state.config.in_range(home(e), c):
                    out.append(f"{engineer_name(e)} asleep at {LETTERS[c]}, too far from home "
                               "(R-E9)")
    for e in state.pile_engineers:
        places[e] += 1
    bad = [engineer_name(e) for e in range(ENGINEERS) if places[e] != 1]
    if bad:
        out.append(f"engineers not in exactly one place: {bad} (R-E3)")


def _offers(state: RoundState, out: list[str]) -> None:
    for number, o in state.offers.items():
        t = o.train
        if state.offer_of[t] != number or state.place[t] is not Place.HELD \
                or state.holder[t] != o.sender or state.at[t] != o.origin:
            out.append(f"offer #{number} of {train_name(t)} disagrees with the train (DG-M9)")
        if state.config.link(o.origin, o.to) is None or state.controller[o.to] != o.receiver:
            out.append(f"offer #{number} goes where no link leads (D-23)")
    for t in range(TRAINS):
        if state.offer_of[t] and state.offer_of[t] not in state.offers:
            out.append(f"{train_name(t)} names a lapsed offer (D-25)")


class RoundInvariants:
    """Rail Pass's invariants for the table's checker."""

    def state(self, state: RoundState) -> list[str]:
        return state_problems(state)

    def step(self, before: RoundState, action: Any, quote: Quote[Any, Any],
             after: RoundState) -> list[str]:
        out: list[str] = []
        if after.tick < before.tick:
            out.append(f"the clock went back from {before.tick} to {after.tick} (DG-M1)")
        for c in range(CITIES):
            if after.lo[c] < before.lo[c] or after.hi[c] > before.hi[c]:
                out.append(f"cubes went back into {LETTERS[c]}'s yard (R-L6)")
            if any(a < b for a, b in zip(after.storage[c], before.storage[c], strict=True)):
                out.append(f"a cube left {LETTERS[c]}'s storage (R-L8)")
        if any(a < b for a, b in zip(after.pile_cubes, before.pile_cubes, strict=True)) \
                or len(after.pile_engineers) < len(before.pile_engineers) \
                or len(after.pile_trains) < len(before.pile_trains):
            out.append("something came back from the pile (R-X4, D-15)")
        if before.over and not after.over:
            out.append("a round that was over started again (R-W1)")
        more = delivered(after.log[len(before.log):])
        rise = [a - b for a, b in zip(after.totals(), before.totals(), strict=True)]
        if more != rise:
            out.append(f"totals rose by {rise} but the log delivered {more} (R-W3)")
        return out

    def end(self, state: RoundState, capped: bool) -> list[str]:
        out: list[str] = []
        if not state.over:
            out.append("the round did not reach its end (R-W1)")
            return out
        if delivered(state.log) != state.totals():
            out.append(f"totals {state.totals()} but the log delivered {delivered(state.log)} "
                       "(R-W3)")
        ends = [e for e in state.log if isinstance(e, Ended)]
        s = score(state)
        if len(ends) != 1:
            out.append(f"the round ended {len(ends)} times (R-W1)")
        elif (ends[0].totals, ends[0].base, ends[0].final, ends[0].won) != \
                (s.totals, s.base, s.final, s.won):
            out.append(f"the end's score {ends[0]} disagrees with the storages and the pile "
                       "(R-W3-R-W7)")
        if any(p in (Place.HELD, Place.TRANSIT) for p in state.place):
            out.append("a train still held or in an obstacle after the end (R-W2, D-17)")
        if any(h != NOBODY for h in state.holder):
            out.append("a train still has a holder after the end (D-17)")
        return out


class _Rules:
    """What the kit's checker needs of the rules."""

    def quote(self, state: RoundState, action: Any, player: int | None = None) -> Any:
        return engine.quote(state, action, player)

    def fingerprint(self, state: RoundState) -> Hashable:
        return fingerprint(state)

    def history(self, state: RoundState) -> list[tuple[int, Any]]:
        return state.history


def where(state: RoundState, action: Any) -> str:
    return f"tick {state.tick}, {action!r}" if action is not None else "at the end"


def checker(state: RoundState) -> Checker[RoundState, Any]:
    """The kit's checker with Rail Pass's invariants, for the round starting at ``state``."""
    return Checker(_Rules(), RoundInvariants(), where)
