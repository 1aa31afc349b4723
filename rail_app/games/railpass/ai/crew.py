"""The computer crew (DG-A): one seat's teammate, at a level (DG-A10).

It plays by the same rules, through the same actions and on the same clock as a person
(DG-A1): one action at a time, each keeping it busy for its duration, and it answers another
seat only after its reaction delay (DG-A2, DG-M13: the engine enforces both). It is handed
what its seat may see (:func:`rail_app.games.railpass.rules.view.seen_by`: the whole table,
which is public, but the offers and calls of the last moments, which it has not noticed yet)
and nothing else; its choice depends only on that view and its seat's random stream, which
breaks ties (DG-A12).

Each decision scores the tasks of DG-A6 as their value over their duration and takes the
best (ties: DG-A6's order, then the random stream):

1. take an offer it can park (or pass on);
2. park a held train (a delivery first);
3. park a train that must change crew or be loaded here;
4. dispatch a parked train toward the next hop most of its cargo shares, with an engineer
   who may drive that hop, to a receiver with room (DG-A6: never into a full city);
5. load a yard end onto the train going the cube's way;
6. change crew so that the next hop can be driven, sending engineers home;
7. move cubes between the two parked trains so that each goes one way;
8. shunt a short train off the long-train track when a long train is coming;
9. call for a train or crew when stuck.

A cube's value is the exact rise of the team's score if it arrives, counting the cubes on
their way (DG-A4), plus one, so that no cube is worth nothing while time remains; the Trainee
weighs every cube alike. The levels' habits are in ``levels.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rail_app.games.railpass.ai.ledger import coming, kept_free
from rail_app.games.railpass.ai.levels import HABITS, CrewLevel, Habits
from rail_app.games.railpass.ai.unjam import corners, still, unjam
from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.actions import (
    Call,
    CallKind,
    Dispatch,
    End,
    Load,
    MoveCube,
    MoveEngineer,
    MoveOwn,
    MoveOwnPark,
    Offer,
    Park,
    PickUp,
    Shunt,
    SwapEngineers,
    Take,
    TakePark,
    Wait,
    Withdraw,
)
from rail_app.games.railpass.rules.clock import DURATIONS
from rail_app.games.railpass.rules.crew import HOTEL, free_bed
from rail_app.games.railpass.rules.events import Offered, Withdrawn
from rail_app.games.railpass.rules.identity import CITIES, LETTERS
from rail_app.games.railpass.rules.mishaps import HOLD_TICKS
from rail_app.games.railpass.rules.network import TRANSIT_TICKS, Configuration
from rail_app.games.railpass.rules.rng import seat_stream
from rail_app.games.railpass.rules.state import (
    EMPTY,
    TRACKS,
    Place,
    RoundState,
    SeatKind,
    Track,
    capacity,
    engineer_name,
    home,
    train_name,
)
from rail_app.games.railpass.rules.trains import park_details
from rail_app.table.actions import Action

#: DG-A8: the endgame's last 45 s.
ENDGAME: Final = 450
#: DG-A9: an offer to the person waits up to 6 s; to a computer, longer.
PERSON_PATIENCE: Final = 60
CREW_PATIENCE: Final = 120
#: A seat that has done nothing for this long with cubes to move looks for any way on.
STILL: Final = 150
#: How long an idle seat waits before it looks again (it notices an offer or a call to it
#: after its reaction delay all the same).
IDLE: Final = 6
#: How long a stuck seat whose look-ahead found nothing waits to look again (an offer wakes it).
STUCK: Final = 15


@dataclass(frozen=True)
class Task:
    """A candidate action: its value (in cubes), its duration, DG-A6's order and the action."""

    value: float
    ticks: int
    order: int
    action: Action

    @property
    def rate(self) -> float:
        return self.value / max(1, self.ticks)


class CrewPlayer:
    """A computer seat at a level (see the module docstring)."""

    def __init__(self, level: CrewLevel | str, seat: int, seed: int = 0) -> None:
        self.level = CrewLevel(level)
        self.habits: Habits = HABITS[self.level] if self.level in HABITS else \
            HABITS[CrewLevel.TRAINEE]
        self.seat = seat
        self.rng = seat_stream(seed, seat)

    def choose(self, view: RoundState) -> Action:
        seat = self.seat
        if self.level is CrewLevel.ABSENT:
            return Wait(seat, 600)
        if self.habits.idle and self.rng.below(100) < self.habits.idle:
            return Wait(seat, 10)  # DG-Q5: the proxy's idle moments
        if still(view) and (action := unjam(view, seat, self.rng)) is not None:
            return action  # the table has stood still: whatever gets it moving first
        planner = Planner(view, seat, self.habits)
        tasks = planner.tasks()
        if tasks:
            top = max(t.rate for t in tasks)
            best = [t for t in tasks if t.rate >= top - 1e-9]
            first = min(t.order for t in best)
            best = [t for t in best if t.order == first]
            for task in (best[self.rng.below(len(best))], *sorted(
                    tasks, key=lambda t: (-t.rate, t.order))):
                q = engine.quote(view, task.action)
                if q.ok and not corners(view, seat, task.action, q):
                    return task.action
        if planner.stuck():
            action = unjam(view, seat, self.rng)
            if action is not None:
                return action
            return Wait(seat, STUCK)  # nothing helps now: look again a little later
        return Wait(seat, IDLE)


class Planner:
    """One decision's view of the table for one seat."""

    def __init__(self, view: RoundState, seat: int, habits: Habits) -> None:
        self.s = view
        self.seat = seat
        self.h = habits
        self.cfg: Configuration = view.config
        self.cities = view.seat_cities[seat]
        self.tempo = view.settings.tempo
        self.left = view.end - view.tick
        self.weights = self._weights()
        self.coming = coming(view)
        self.incoming = [len(trains) for trains in self.coming]

    # -- what things are worth -------------------------------------------------------------------
    def _weights(self) -> list[float]:
        """DG-A4: 1 + the rise of the team's score if one more cube of a colour arrives,
        counting the cubes on their way (relative to the largest rise)."""
        s = self.s
        if not self.h.balance:
            return [1.0] * CITIES
        projected = [s.storage[c][c] for c in range(CITIES)]
        for t in range(len(s.place)):
            if s.place[t] in (Place.PARKED, Place.HELD, Place.TRANSIT):
                for c in s.cubes[t]:
                    projected[c] += 1
        order = sorted(projected)
        base = order[0] * order[1]
        rise = []
        for c in range(CITIES):
            p = projected[:]
            p[c] += 1
            q = sorted(p)
            rise.append(q[0] * q[1] - base)
        top = max(rise) or 1
        return [1.0 + 2.0 * r / top for r in rise]

    def ticks(self, kind: str) -> int:
        return (DURATIONS[kind] * self.tempo + 99) // 100

    def hop(self, x: int, colour: int) -> int:
        return self.cfg.arrows[x][colour]

    def drives(self, e: int, z: int) -> bool:
        return e != EMPTY and self.cfg.distance[home(e)][z] <= 1

    def direction(self, t: int, x: int) -> tuple[int, float]:
        """The next hop most of a train's cargo shares (weighted), and its worth; (-1, 0)
        for an empty train."""
        worth = [0.0] * CITIES
        for c in self.s.cubes[t]:
            if c != x:
                worth[self.hop(x, c)] += self.weights[c]
        best = max(range(CITIES), key=lambda z: (worth[z], -z))
        return (best, worth[best]) if worth[best] > 0 else (-1, 0.0)

    def free_tracks(self, z: int, t: int) -> list[Track]:
        s = self.s
        out = [tr for tr in (Track.SHORT, Track.LONG) if s.tracks[z][tr.slot] == EMPTY]
        if t % 2 == 0:
            out = [tr for tr in out if tr is Track.LONG]
        return out

    def reserved(self, x: int, source: int = -1) -> int:
        """Places at ``x`` kept for trains that left it and may come back in an exchange:
        its seat's pending offers from there, and trains from there held by another seat
        next door (a seat's own moves leave those places free)."""
        s = self.s
        n = sum(1 for o in s.offers.values() if o.origin == x and o.sender == self.seat)
        for t in range(len(s.place)):
            if s.place[t] is Place.HELD and s.origin[t] == x and s.at[t] not in (x, source) \
                    and not s.offer_of[t]:
                n += 1  # (a train from ``source`` is that train's partner: no need to keep)
        return n

    def own_tracks(self, z: int, t: int) -> list[Track]:
        """The free tracks of ``z`` a seat's own move of train ``t`` may take (not those
        kept, above, but for the partner of an exchange)."""
        tracks = self.free_tracks(z, t)
        keep = self.reserved(z, self.s.at[t])
        if not keep:
            return tracks
        free = len([tr for tr in TRACKS if self.s.tracks[z][tr.slot] == EMPTY])
        return tracks if free > keep else []

    def room_at(self, z: int, t: int, x: int = -1) -> bool:
        """Whether a train sent to ``z`` finds room there (DG-A6 item 4: never into a full
        city): a free track that fits it (the Chief keeps one for every train already on
        its way there), or its seat's two free hands (it takes the train and makes room)."""
        s = self.s
        if not self.h.never_full:
            return True
        if s.free_hand(s.controller[z]) == EMPTY:
            return False  # even a train parked at once passes through a free hand
        tracks = self.free_tracks(z, t)
        if not self.h.ledger:
            return True  # DG-A10: the Conductor's rule: a free track or a free hand there
        if tracks and kept_free(s, z, t, self.coming[z]):
            return True
        freed = (x, s.track[t]) if s.place[t] is Place.PARKED else (x, -1)
        return self.buffer_free(s.controller[z]) and self.can_leave(z, freed, t)

    def waiting_trains(self, seat: int) -> list[int]:
        """The trains a seat holds that wait for a place (arrived or moved there, not
        offered, not picked up there to go on)."""
        s = self.s
        return [u for u in s.hands[seat] if u != EMPTY and s.place[u] is Place.HELD
                and not s.offer_of[u] and s.origin[u] != s.at[u]]

    def buffer_free(self, seat: int) -> bool:
        """Whether a seat may take a train it has no track for: both its hands are free (it
        keeps one for making room), and it holds no other train waiting for a place."""
        s = self.s
        return s.free_hands(seat) >= 2 and not self.waiting_trains(seat)

    def can_leave(self, z: int, freed: tuple[int, int] = (-1, -1), t: int = EMPTY) -> bool:
        """Whether a train parked at ``z`` could make room there for train ``t`` by an
        exchange: a train on a track that fits ``t`` (a long train needs the long-train
        track), empty or whose cargo wants to go to the city of ``freed`` (city, track),
        whose engineer may drive there and which fits that track; or, without ``freed``,
        any such train whose engineer may drive to a neighbour with a free track that
        fits."""
        s = self.s
        x, k = freed
        for u in s.parked_at(z):
            e = s.driver[u]
            if e == EMPTY:
                continue
            if t != EMPTY and t % 2 == 0 and s.track[u] != Track.LONG.slot:
                continue  # the place it would leave does not fit the long train
            if x >= 0:
                fits = (k == 0 or u % 2 == 1) if k >= 0 else bool(self.free_tracks(x, u))
                if fits and self.drives(e, x) and self.direction(u, z)[0] in (-1, x):
                    return True
                continue
            for n in self.cfg.neighbours[z]:
                if self.drives(e, n) and self.free_tracks(n, u):
                    return True
        return False

    def holding(self, z: int) -> bool:
        """DG-K3: the seat of ``z`` has called "Hold!" (noticed after the delay)."""
        if self.h.answers.isdisjoint({"hold"}):
            return False
        s = self.s
        seat = s.controller[z]
        for c in reversed(s.calls):
            if c.seat == seat and self.seat in c.to and s.tick < c.tick + HOLD_TICKS:
                return c.kind == CallKind.HOLD
        return False

    def stuck(self) -> bool:
        """Whether the seat has nothing planned while a train of its waits for a place, an
        offer to it waits, or it has done nothing for a while with cubes still to move."""
        s = self.s
        if self.waiting_trains(self.seat) or s.visible_offers(self.seat):
            return True
        if any(u != EMPTY and s.place[u] is Place.HELD and not s.offer_of[u]
               for u in s.hands[self.seat]):
            return True  # a train picked up to go on, going nowhere
        if not any(s.yard_left(x) or any(s.cubes[t] for t in s.parked_at(x))
                   for x in self.cities):
            return False
        last = 0
        for e in reversed(s.log[-400:]):
            if getattr(e, "seat", -1) == self.seat and e.kind != "called":
                last = e.tick
                break
        return s.tick - last > STILL

    # -- the tasks ---------------------------------------------------------------------------------
    def tasks(self) -> list[Task]:
        out: list[Task] = []
        self._offers(out)
        self._held(out)
        for x in self.cities:
            self._station(x, out)
        return out

    def _offers(self, out: list[Task]) -> None:
        """DG-A6 item 1: take an offer it can park."""
        s = self.s
        hand = s.free_hand(self.seat)
        for o in s.visible_offers(self.seat):
            t = o.train
            z = o.to
            if not self.drives(s.driver[t], z):
                continue  # its engineer would quit here: let the sender find another way
            value = 4.0 + sum(self.weights[c] * (3 if c == z else 1) for c in s.cubes[t])
            link = self.cfg.link(o.origin, z)
            tracks = self.free_tracks(z, t)
            if link is not None and not link.kind.obstacle and tracks and hand != EMPTY:
                out.append(Task(value, self.ticks("take-park"), 1,
                                TakePark(self.seat, o.id, tracks[0])))
            elif hand != EMPTY and (tracks or (self.buffer_free(self.seat)
                                               and self.can_leave(z, (o.origin, -1), t))):
                out.append(Task(value, self.ticks("take"), 1, Take(self.seat, o.id, hand)))

    def _held(self, out: list[Task]) -> None:
        """DG-A6 items 2 and 3: a held train is parked (a delivery first), or moved on along
        its way; an offer that waits too long is withdrawn (DG-A9)."""
        s = self.s
        spare = s.free_hands(self.seat)
        for t in s.hands[self.seat]:
            if t == EMPTY or s.place[t] is not Place.HELD:
                continue
            x = s.at[t]
            number = s.offer_of[t]
            if number:
                o = s.offers[number]
                # DG-A9: 6 s for the person; a computer's patience goes with its tempo
                patience = PERSON_PATIENCE if s.kind(o.receiver) is SeatKind.PERSON \
                    else (CREW_PATIENCE * self.tempo + 99) // 100
                if s.tick - o.tick > patience:
                    out.append(Task(2.0, self.ticks("withdraw"), 2, Withdraw(self.seat, number)))
                continue
            e = s.driver[t]
            tracks = self.free_tracks(x, t)
            here = self.drives(e, x) or self._spend(t, x)
            delivers = s.cubes[t].count(x)
            if delivers and tracks and here:
                out.append(Task(6.0 + 3.0 * delivers * self.weights[x], self.ticks("park"), 2,
                                Park(self.seat, train_name(t), tracks[0])))
                continue
            lifted = s.origin[t] == x  # picked up here to go on (not just arrived)
            z, worth = self.direction(t, x)
            if lifted or not here:
                targets = [n for n in self.cfg.neighbours[x] if self.drives(e, n)]
            elif self.h.relays or not tracks:
                # passing an arrived train straight on is a relay planned over two hops
                # (the Chief's); the others park it here first if they can
                targets = [z] if z >= 0 and self.drives(e, z) else []
            else:
                targets = []
            best = self._best_move(t, x, targets, spare)
            if best is not None:
                out.append(Task(4.0 + max(0.0, best[0]), self.ticks(best[1].kind), 2, best[1]))
            elif tracks and here:
                out.append(Task(1.0 if lifted else 3.0, self.ticks("park"), 2,
                                Park(self.seat, train_name(t), tracks[0])))
            else:
                # no way on and no place here: anywhere its engineer may stay, with a track
                # free there (back where it came from, as often as not)
                spots = [n for n in self.cfg.neighbours[x] if n not in targets
                         and self.drives(e, n) and self.free_tracks(n, t)]
                best = self._best_move(t, x, spots, 0)
                if best is not None:
                    out.append(Task(2.0, self.ticks(best[1].kind), 2, best[1]))

    def _score_move(self, t: int, x: int, n: int) -> float:
        """How good a move of train ``t`` from ``x`` to ``n`` is: its cargo's way, a free
        track there, its engineer's home."""
        s = self.s
        score = sum(self.weights[c] for c in s.cubes[t] if self.hop(x, c) == n)
        score -= 0.5 * sum(1 for c in s.cubes[t] if c != x and self.hop(x, c) != n)
        score += 1.0 if self.free_tracks(n, t) else 0.0
        e = s.driver[t]
        score += 0.5 if e != EMPTY and home(e) == n else 0.0
        return score

    def _best_move(self, t: int, x: int, targets: list[int], spare: int
                   ) -> tuple[float, Action] | None:
        best: tuple[float, Action] | None = None
        for n in targets:
            move = self._move_on(t, x, n, spare)
            if move is None:
                continue
            score = self._score_move(t, x, n)
            if best is None or score > best[0]:
                best = (score, move)
        return best

    def _move_on(self, t: int, x: int, z: int, spare: int) -> Action | None:
        """A held train at ``x`` on to ``z``: to another of the seat's cities over open track
        (parked there when a track is free, else held there while it makes room: an
        exchange, which takes another free hand), or offered to its player when there is
        room (never into a full city)."""
        s = self.s
        link = self.cfg.link(x, z)
        if link is None:
            return None
        if s.controller[z] == self.seat:
            if link.kind.obstacle:
                return None
            tracks = self.own_tracks(z, t)
            if tracks:
                return MoveOwnPark(self.seat, train_name(t), LETTERS[z], tracks[0])
            if spare >= 1 and self.can_leave(z, t=t) and not self.wanting(z) and not [
                    u for u in self.waiting_trains(self.seat) if u != t]:
                return MoveOwn(self.seat, train_name(t), LETTERS[z])
            return None
        if (self.holding(z) and z not in s.cubes[t]) or self.declined(t, z):
            return None
        if self.room_at(z, t, x):
            return Offer(self.seat, train_name(t), LETTERS[z])
        return None

    def declined(self, t: int, z: int) -> bool:
        """DG-A9: this seat withdrew an offer of train ``t`` to ``z`` not long ago (it
        re-plans rather than offering the same again at once)."""
        s = self.s
        gone: set[int] = set()
        for e in reversed(s.log[-300:]):
            if s.tick - e.tick > (CREW_PATIENCE * self.tempo + 99) // 100:
                break
            if isinstance(e, Withdrawn) and e.seat == self.seat and e.train == t:
                gone.add(e.offer)
            elif isinstance(e, Offered) and e.offer in gone and e.to == z:
                return True
        return False

    def _spend(self, t: int, x: int) -> bool:
        """DG-A8: in the endgame an engineer may be spent when the delivery gains more than
        the -2 it costs (never stranding the station, EX-22)."""
        if not self.h.endgame or self.left > ENDGAME:
            return False
        s = self.s
        n = s.cubes[t].count(x)
        if not n:
            return False
        totals = [s.storage[c][c] for c in range(CITIES)]
        order = sorted(totals)
        before = order[0] * order[1]
        totals[x] += n
        order = sorted(totals)
        return order[0] * order[1] - before > 2 and not park_details(s, t, x).strands

    def _send(self, t: int, x: int, z: int) -> Action | None:
        """A parked train at ``x`` sent toward ``z``: dispatched to another seat's city with
        room, or picked up for one of the seat's own cities (then moved on, ``_move_on``)."""
        s = self.s
        link = self.cfg.link(x, z)
        if link is None or not self.drives(s.driver[t], z):
            return None
        hand = s.free_hand(self.seat)
        if hand == EMPTY:
            return None
        if s.controller[z] == self.seat:
            if link.kind.obstacle:
                return None
            tracks = self.own_tracks(z, t)
            if tracks:  # one gesture: picked up, moved and parked (DG-N2)
                return MoveOwnPark(self.seat, train_name(t), LETTERS[z], tracks[0])
            if self.buffer_free(self.seat) and not self.wanting(z) \
                    and self.can_leave(z, (x, s.track[t]), t):
                return PickUp(self.seat, train_name(t), hand)  # an exchange: held there
            return None
        if (self.holding(z) and z not in s.cubes[t]) or self.declined(t, z):
            return None
        if self.room_at(z, t, x):
            return Dispatch(self.seat, train_name(t), LETTERS[z])
        return None

    def _station(self, x: int, out: list[Task]) -> None:
        """DG-A6 items 4-9 at one of the seat's cities."""
        s = self.s
        parked = s.parked_at(x)
        if s.free_hand(self.seat) == EMPTY:
            return  # D-31: everything here takes a free hand
        crowded = self.crowded(x)
        plans = {t: self.direction(t, x) for t in parked}
        for t in parked:
            self._train(x, t, plans, out)
        if crowded:
            self._make_room(x, parked, plans, out)
        self._loads(x, parked, plans, out)
        if len(parked) == 2 and self.h.sort_cubes:
            self._sort(x, parked, plans, out)
        self._shunt(x, out)

    def wanting(self, x: int) -> list[int]:
        """The trains that want a place at ``x``: held there by the seat, coming through an
        obstacle, or offered to it (noticed)."""
        s = self.s
        out = [o.train for o in s.visible_offers(self.seat) if o.to == x]
        out += [t for t in s.hands[self.seat]
                if t != EMPTY and s.at[t] == x and not s.offer_of[t] and s.origin[t] != x]
        return out

    def crowded(self, x: int) -> bool:
        """Whether the trains that want a place at ``x`` do not fit its free tracks (a long
        train fits only the long-train track)."""
        s = self.s
        want = self.wanting(x)
        if not want:
            return False
        free = [tr for tr in TRACKS if s.tracks[x][tr.slot] == EMPTY]
        longs = sum(1 for t in want if t % 2 == 0)
        if longs > (1 if Track.LONG in free else 0):
            return True
        return len(want) > len(free)

    def _train(self, x: int, t: int, plans: dict[int, tuple[int, float]],
               out: list[Task]) -> None:
        """DG-A6 item 4: dispatch a loaded train that is ready; or change its crew so that
        it can go (item 6)."""
        s = self.s
        z, worth = plans[t]
        if z < 0:
            # an empty train: where it is of use once the yard is empty; before, where a
            # neighbour has called for an engineer it carries (DG-K2)
            target = self._crew_target(x, t) if s.yard_left(x) else self._empty_target(x, t)
            if target >= 0:
                send = self._send(t, x, target)
                if send is not None:
                    out.append(Task(0.3, self.ticks(send.kind), 4, send))
            return
        if self.waiting_trains(self.seat):
            return  # a held train waits for a place: only making room for it (below)
        full = len(s.cubes[t]) >= capacity(t)
        ready = full or (not self.h.full_only and not self._feeds(x, z, t)
                         and self._blocked(x, plans))
        if self.h.endgame and self.left <= ENDGAME:
            ready = True
        if not ready:
            return
        if self.drives(s.driver[t], z):
            if self.h.relays and self._relay(x, t, z, worth, out):
                return
            send = self._send(t, x, z)
            if send is not None:
                out.append(Task(worth, self.ticks("dispatch"), 4, send))
            return
        if self.h.eager_crew or full:
            self._recrew(x, t, z, worth, out)

    def _relay(self, x: int, t: int, z: int, worth: float, out: list[Task]) -> bool:
        """DG-A10, Chief: a relay planned over two hops: when most of the cargo goes on from
        ``z`` and the train's engineer may not, an engineer of ``z`` (who drives on both
        sides of it) is put aboard first, so that ``z`` can pass the train on without
        parking it."""
        s = self.s
        onward = [0.0] * CITIES
        for c in s.cubes[t]:
            if c != z and self.hop(x, c) == z:
                onward[self.hop(z, c)] += self.weights[c]
        w = max(range(CITIES), key=lambda n: onward[n])
        if onward[w] <= 0 or self.drives(s.driver[t], w):
            return False
        e = s.driver[t]
        helpers = [f for f in s.hotel[x] if f != EMPTY and self.drives(f, z)
                   and self.drives(f, w)]
        if not helpers:
            return False
        if free_bed(s, x) == EMPTY:
            return False
        out.append(Task(worth, self.ticks("swap-engineers") // 2, 6,
                        MoveEngineer(self.seat, engineer_name(e), HOTEL)))
        return True

    def _make_room(self, x: int, parked: list[int], plans: dict[int, tuple[int, float]],
                   out: list[Task]) -> None:
        """A train that wants a place here finds none: send a parked train on, where its
        engineer may go and there is room (its cargo's way first, then a free track, then
        its engineer's home)."""
        s = self.s
        wants_long = any(t % 2 == 0 for t in self.wanting(x))
        best: tuple[float, Action] | None = None
        for t in parked:
            e = s.driver[t]
            if wants_long and s.tracks[x][0] != t and s.tracks[x][0] != EMPTY:
                continue  # the long-train track is the one to free
            if e == EMPTY:
                # a train with no engineer cannot leave: one from the hotel boards it first
                for f in s.hotel[x]:
                    if f != EMPTY and any(self.drives(f, n) and self.free_tracks(n, t)
                                          for n in self.cfg.neighbours[x]):
                        out.append(Task(5.0, self.ticks("move-engineer"), 3,
                                        MoveEngineer(self.seat, engineer_name(f),
                                                     train_name(t))))
                        break
                continue
            for n in self.cfg.neighbours[x]:
                send = self._send(t, x, n)
                if send is None:
                    continue
                score = self._score_move(t, x, n)
                if best is None or score > best[0]:
                    best = (score, send)
        if best is not None:
            out.append(Task(5.0 + max(0.0, best[0]), self.ticks(best[1].kind), 3, best[1]))

    def _blocked(self, x: int, plans: dict[int, tuple[int, float]]) -> bool:
        """Whether no yard end of ``x`` can go onto a train parked there now (the yard is
        empty, or each end's way is no train's with room): the trains waiting to be filled
        should go."""
        s = self.s
        for last in (False, True):
            c = s.yard_end(x, last)
            if c < 0:
                continue
            z = self.hop(x, c)
            for u, (d, _w) in plans.items():
                if len(s.cubes[u]) < capacity(u) and d in (z, -1):
                    return False
        return True

    def _feeds(self, x: int, z: int, t: int) -> bool:
        """Whether a yard end still has a cube for hop ``z`` that fits this train."""
        s = self.s
        if len(s.cubes[t]) >= capacity(t):
            return False
        for last in (False, True):
            c = s.yard_end(x, last)
            if c >= 0 and self.hop(x, c) == z:
                return True
        return False

    def _empty_target(self, x: int, t: int) -> int:
        """Where an empty train is of use once its own yard is empty: a neighbour with cubes
        in its yard and no train there with room for them (or one whose player has called
        for a train, DG-K1, or for an engineer this one carries, DG-K2); the engineer's home
        first (DG-A6 item 6). -1: nowhere."""
        s = self.s
        e = s.driver[t]
        if e == EMPTY:
            return -1
        best, score = -1, 0.0
        for n in self.cfg.neighbours[x]:
            if not self.drives(e, n):
                continue
            value = 0.0
            if s.yard_left(n) and not any(len(s.cubes[u]) < capacity(u)
                                          for u in s.parked_at(n)) and not self.incoming[n]:
                value = 1.0 + s.yard_left(n) / 20.0
            if "need-train" in self.h.answers:
                for c in s.calls:
                    if c.kind == CallKind.NEED_TRAIN and s.controller[n] == c.seat \
                            and self.seat in c.to and s.tick - c.tick < 200:
                        value += 1.0
            if "need-crew" in self.h.answers and self._crew_wanted(n, e, x):
                value += 1.0
            if value and home(e) == n:
                value += 0.5
            if value > score:
                best, score = n, value
        return best

    def _crew_target(self, x: int, t: int) -> int:
        """DG-K2: the neighbour of ``x`` whose seat has called "Need crew" for an engineer
        that empty train ``t`` carries (-1: none)."""
        e = self.s.driver[t]
        if "need-crew" not in self.h.answers or e == EMPTY:
            return -1
        return next((n for n in self.cfg.neighbours[x]
                     if self.drives(e, n) and self._crew_wanted(n, e, x)), -1)

    def _crew_wanted(self, n: int, e: int, x: int) -> bool:
        """DG-K2: whether the seat of ``n`` has called "Need crew" to this seat (noticed, in
        the last 20 s) for an engineer who can drive on from ``n``: toward the neighbour the
        call names, or, naming none, toward any neighbour but ``x`` (where it comes from);
        and engineer ``e`` could."""
        s = self.s
        for c in s.calls:
            if c.kind != CallKind.NEED_CREW or s.controller[n] != c.seat \
                    or self.seat not in c.to or s.tick - c.tick >= 200:
                continue
            ways = [c.city] if c.city >= 0 else [m for m in self.cfg.neighbours[n] if m != x]
            if any(m in self.cfg.neighbours[n] and self.drives(e, m) for m in ways):
                return True
        return False

    def _recrew(self, x: int, t: int, z: int, worth: float, out: list[Task]) -> None:
        """DG-A6 item 6: an engineer who may drive hop x -> z into train t (engineers whose
        home is z first: they go home)."""
        s = self.s
        e = s.driver[t]
        parked = s.parked_at(x)
        other = next((o for o in parked if o != t), EMPTY)
        pool = [f for f in s.hotel[x] if f != EMPTY and self.drives(f, z)]
        swap = False
        if other != EMPTY and self.drives(s.driver[other], z):
            # the other train's engineer, unless that train needs them for its own way
            # more than this one does
            way, its_worth = self.direction(other, x)
            if way < 0 or not self.drives(s.driver[other], way):
                pool.append(s.driver[other])
            elif e != EMPTY and worth > its_worth and not pool:
                swap = free_bed(s, x) != EMPTY
        if swap:
            out.append(Task(0.8 * worth, self.ticks("swap-engineers"), 6,
                            SwapEngineers(self.seat, train_name(t), train_name(other))))
            return
        if not pool:
            if "need-crew" in self.h.answers and not self._called(CallKind.NEED_CREW):
                out.append(Task(0.2, self.ticks("call"), 9,
                                Call(self.seat, CallKind.NEED_CREW, "", LETTERS[z])))
            return
        pool.sort(key=lambda f: (home(f) != z, home(f) != x))
        f = pool[0]
        value = 0.8 * worth
        if e == EMPTY:
            out.append(Task(value, self.ticks("move-engineer"), 6,
                            MoveEngineer(self.seat, engineer_name(f), train_name(t))))
        elif free_bed(s, x) != EMPTY:
            out.append(Task(value, self.ticks("move-engineer"), 6,
                            MoveEngineer(self.seat, engineer_name(e), HOTEL)))
        elif other != EMPTY and s.driver[other] == EMPTY:
            out.append(Task(value, self.ticks("move-engineer"), 6,
                            MoveEngineer(self.seat, engineer_name(e), train_name(other))))

    def _called(self, kind: CallKind) -> bool:
        s = self.s
        return any(c.seat == self.seat and c.kind == kind and s.tick - c.tick < 100
                   for c in s.calls)

    def _loads(self, x: int, parked: list[int], plans: dict[int, tuple[int, float]],
               out: list[Task]) -> None:
        """DG-A6 item 5: a yard end onto the train going the cube's way."""
        s = self.s
        if not parked:
            return
        ends = []
        for last in (False, True):
            c = s.yard_end(x, last)
            if c >= 0:
                ends.append((last, c))
        if len(ends) == 2 and s.lo[x] == s.hi[x] - 1:
            ends = ends[:1]  # one cube left: both ends are the same cube
        for last, c in ends:
            z = self.hop(x, c)
            if not self._arrives(x, c):
                continue
            best, best_key = EMPTY, (9, 9)
            for t in parked:
                if len(s.cubes[t]) >= capacity(t):
                    continue
                d = plans[t][0]
                drives = self.drives(s.driver[t], z)
                if d == z:
                    # the Chief fills first the trains whose engineer may drive that way
                    key = (0 if drives or not self.h.relays else 1, t)
                elif d < 0:
                    key = (2 if drives else 3, t)
                else:
                    continue
                if key < best_key:
                    best, best_key = t, key
            if best == EMPTY:
                continue
            value = self.weights[c] + (0.5 if best_key[0] == 0 else 0.0)
            if self.h.relays and not self.drives(s.driver[best], z):
                value -= 0.5  # a crew change will be needed before it goes
            if self.h.top_left and last:
                value -= 0.25  # the Trainee takes the top-left end unless the other fits better
            out.append(Task(value, self.ticks("load"), 5,
                            Load(self.seat, LETTERS[x], End.LAST if last else End.FIRST,
                                 train_name(best))))

    def _arrives(self, x: int, c: int) -> bool:
        """DG-A8: in the endgame a cube is loaded only if it can still arrive."""
        if not self.h.endgame or self.left > ENDGAME:
            return True
        hop_ticks = self.ticks("dispatch") + self.ticks("take") + self.ticks("park") + 15
        return self.left > self.ticks("load") + self.cfg.distance[x][c] * hop_ticks

    def _sort(self, x: int, parked: list[int], plans: dict[int, tuple[int, float]],
              out: list[Task]) -> None:
        """DG-A6 item 7: cubes between the two parked trains, so that each goes one way."""
        s = self.s
        a, b = parked
        for src, dst in ((a, b), (b, a)):
            d = plans[dst][0]
            if d < 0 or len(s.cubes[dst]) >= capacity(dst) or d == plans[src][0]:
                continue
            for c in s.cubes[src]:
                if c != x and self.hop(x, c) == d:
                    out.append(Task(0.6 * self.weights[c], self.ticks("move-cube"), 7,
                                    MoveCube(self.seat, LETTERS[x], train_name(src),
                                             train_name(dst), LETTERS[c])))
                    break

    def _shunt(self, x: int, out: list[Task]) -> None:
        """DG-A6 item 8: a short train off the long-train track when a long train comes."""
        s = self.s
        on_long = s.tracks[x][0]
        if on_long == EMPTY or on_long % 2 == 0 or s.tracks[x][1] != EMPTY:
            return
        if s.driver[on_long] == EMPTY:
            return
        coming = any(t % 2 == 0 for t in self.wanting(x)) or any(
            o.to == x and o.train % 2 == 0 for o in s.offers.values()) or any(
            s.place[t] is Place.TRANSIT and s.at[t] == x for t in range(0, len(s.place), 2))
        # a long train can use only the long-train track: keep it for one
        out.append(Task(2.0 if coming else 0.2, self.ticks("shunt"), 8,
                        Shunt(self.seat, train_name(on_long), Track.SHORT)))


def transit_ticks(config: Configuration, x: int, z: int) -> int:
    link = config.link(x, z)
    return TRANSIT_TICKS[link.kind] if link is not None else 0
