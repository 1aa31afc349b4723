"""Journeys: where the train goes over several turns, by track and by the player's own ferries
(M1-M6), turn by turn, as things stand now.

:func:`movement.route` finds a way over usable track only. A journey may also cross water on
a ferry the player has drawn (K8, M5): the train reaches the port, boards at the start of a
turn (boarding ends that turn's movement; a train that has already moved this turn boards
on the next one), and lands at the other port at the start of the turn after, moving at half
speed (M5, M6). :func:`plan` chooses the journey that arrives in the fewest turns (then the
fewest moves), and says what each turn does, so that the screen can tell the player exactly
where the train stands at the end of each turn and what a crossing costs. Events may end
(or start) before then: later turns are a plan, not a promise; a storm that closes a ferry
now is named (E5).

The search: one shortest-path tree from the train and one from each port of the player's
ferries (landing resets where the train came from, M2), combined over up to
:data:`MAX_CROSSINGS` crossings.
"""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass

from rail_app.games.italian_rails.rules import events, movement
from rail_app.games.italian_rails.rules.state import GameState

MAX_CROSSINGS = 2

Key = tuple[int, int | None]  # a dot and the dot the train came from (None at a city, M2)


@dataclass(frozen=True)
class Crossing:
    """A ferry crossing: ``ferry`` (its index) from port ``frm`` to port ``to``."""

    ferry: int
    frm: int
    to: int


@dataclass(frozen=True)
class TurnPlan:
    """One turn of a journey: the train lands first (``lands``: a crossing ends), runs
    ``dots`` (after where it stands), then boards (``boards``: a crossing starts)."""

    dots: tuple[int, ...] = ()
    lands: Crossing | None = None
    boards: Crossing | None = None
    half_speed: bool = False  # the turn's movement is halved (a landing, a slow zone)


@dataclass(frozen=True)
class Journey:
    """The train's way to ``target``: ``legs`` over track (the first from the train, each
    next one from the landing port of a crossing), ``crossings`` between them, and
    ``turns``, what each turn does (the first is this turn)."""

    target: int
    legs: tuple[tuple[int, ...], ...]
    crossings: tuple[Crossing, ...]
    turns: tuple[TurnPlan, ...]

    @property
    def moves(self) -> int:
        return sum(len(leg) for leg in self.legs)

    def closed_now(self, state: GameState) -> Crossing | None:
        """The first crossing whose ferry a storm closes now (E5), if any."""
        return next((c for c in self.crossings if events.ferry_closed(state, c.ferry)), None)


def plan(state: GameState, player: int, target: int) -> Journey | None:
    """The journey to ``target`` arriving soonest (M1-M6), or None if there is none. A
    journey without ferries is :func:`movement.route`'s way; ferries are used only when
    they arrive in fewer turns."""
    pl = state.players[player]
    if pl.position is None or pl.aboard is not None:
        return None
    direct = movement.route(state, player, target)
    best = _journey(state, player, target, [tuple(direct)], []) if direct is not None \
        else None
    ferries = [state.board.ferries[i] for i in sorted(pl.ferries)]
    if not ferries:
        return best
    start = (pl.position, None if pl.position in state.board.city_of_dot else pl.previous)
    trees = {pl.position: _tree(state, player, start)}
    for f in ferries:
        for port in f.ports:
            trees.setdefault(port, _tree(state, player, (port, None)))
    trees_from_port = {p: trees[p] for f in ferries for p in f.ports}
    crossings = [(f, a, f.other_port(a)) for f in ferries for a in f.ports]
    for n in range(1, MAX_CROSSINGS + 1):
        for seq in itertools.product(crossings, repeat=n):
            if len({c[0].index for c in seq}) < n:
                continue  # no ferry twice
            legs: list[tuple[int, ...]] = []
            here_tree = trees[pl.position]
            ok = True
            for _ferry, a, b in seq:
                leg = _path(here_tree, a)
                if leg is None:
                    ok = False
                    break
                legs.append(leg)
                here_tree = trees_from_port[b]
            if not ok:
                continue
            last = _path(here_tree, target)
            if last is None:
                continue
            legs.append(last)
            cand = _journey(state, player, target, legs,
                            [Crossing(f.index, a, b) for f, a, b in seq])
            if best is None or (len(cand.turns), cand.moves) < (len(best.turns), best.moves):
                best = cand
    return best


# -- shortest paths --------------------------------------------------------------------------


@dataclass
class _Tree:
    start: Key
    best: dict[int, Key]  # the best key reaching each dot
    parent: dict[Key, Key | None]


def _tree(state: GameState, player: int, start: Key) -> _Tree:
    """Shortest ways over usable track from ``start`` to every dot (fewest moves, then the
    fewest steps on the opponent's track; M1-M3, E4), never reversing between cities (M2)."""
    board = state.board
    dist: dict[Key, tuple[int, int]] = {start: (0, 0)}
    parent: dict[Key, Key | None] = {start: None}
    best: dict[int, Key] = {start[0]: start}
    tie = itertools.count()
    heap: list[tuple[tuple[int, int], int, Key]] = [((0, 0), next(tie), start)]
    while heap:
        cost, _, key = heapq.heappop(heap)
        if cost > dist[key]:
            continue
        d, prev = key
        if d not in best or dist[best[d]] > cost:
            best[d] = key
        for n in board.adj[d]:
            if n == prev:
                continue
            kind, bad = movement.step_kind(state, player, d, n)
            if bad is not None:
                continue
            nc = (cost[0] + 1, cost[1] + (1 if kind == movement.RENT else 0))
            nk: Key = (n, None if n in board.city_of_dot else d)
            if nc < dist.get(nk, (1 << 30, 0)):
                dist[nk] = nc
                parent[nk] = key
                heapq.heappush(heap, (nc, next(tie), nk))
    return _Tree(start, best, parent)


def _path(tree: _Tree, target: int) -> tuple[int, ...] | None:
    """The dots after the tree's start on the way to ``target`` (None: no way)."""
    key = tree.best.get(target)
    if key is None:
        return None
    out: list[int] = []
    k: Key | None = key
    while k is not None and tree.parent[k] is not None:
        out.append(k[0])
        k = tree.parent[k]
    return tuple(reversed(out))


# -- turn by turn ------------------------------------------------------------------------------


def _journey(state: GameState, player: int, target: int, legs: list[tuple[int, ...]],
             crossings: list[Crossing]) -> Journey:
    """What each turn of the journey does (see the module docstring)."""
    pl = state.players[player]
    zone = events.slow_dots(state)
    full = max(1, movement.base_speed(state, player))
    left = movement.moves_left(state, player)
    halved = movement.halved_now(state, player)
    moved = player == state.current and state.moves_left is not None  # moved this turn
    here = pl.position
    turns: list[TurnPlan] = []
    dots: list[int] = []
    lands: Crossing | None = None

    def close() -> None:
        nonlocal dots, lands
        turns.append(TurnPlan(tuple(dots), lands, None, halved))
        dots, lands = [], None

    for i, leg in enumerate(legs):
        for d in leg:
            if left <= 0:
                close()
                halved = here in zone
                left, moved = (movement.half(full) if halved else full), False
            left -= 1
            if d in zone and not halved:
                left, halved = movement.half(left), True
            dots.append(d)
            here, moved = d, True
        if i < len(crossings):
            c = crossings[i]
            if moved:  # M5: a ferry is boarded at the start of a turn
                close()
                halved = False
            turns.append(TurnPlan(tuple(dots), lands, c, halved))
            dots = []
            lands, here, moved = c, c.to, False
            halved = True  # M5: the landing turn is at half speed
            left = movement.half(full)
    if dots or lands is not None or not turns:
        close()
    return Journey(target, tuple(legs), tuple(crossings), tuple(turns))


def ferries_needed(state: GameState, player: int, target: int) -> list[int]:
    """M5/K8: the ferries ``player`` has not taken that the journey to ``target`` would
    cross if every ferry were theirs (empty when no journey leads there even then); for
    the screen's "why can't my train go there" (the state given is not changed)."""
    trial = state.copy()
    trial.players[player].ferries = {f.index for f in state.board.ferries}
    j = plan(trial, player, target)
    mine = state.players[player].ferries
    return [c.ferry for c in j.crossings if c.ferry not in mine] if j is not None else []
