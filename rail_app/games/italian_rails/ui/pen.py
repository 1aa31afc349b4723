"""The pen: turning a drag over the map into BuildSegment actions, segment by segment.

Every pending segment is quoted by the engine on the state that the earlier pending segments
would leave (the same ``quote`` that commits them), so the preview never disagrees with the
result (DESIGN.md habit 3). Nothing changes in the game until the stroke is released; then
the game screen's controller applies the stroke's actions.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from rail_app.core.cache import BoundedCache
from rail_app.core.i18n import _
from rail_app.games.italian_rails.rules.actions import (
    Action,
    BuildFerry,
    BuildSegment,
    EraseSegment,
)
from rail_app.games.italian_rails.rules.board import Board, edge_key
from rail_app.games.italian_rails.rules.quotes import Quote
from rail_app.games.italian_rails.rules.state import GameState
from rail_app.games.italian_rails.rules.words import refusal
from rail_app.ui.session import Session

GAP_LIMIT = 6  # the pen fills gaps of at most this many dots when the pointer moves fast


@dataclass
class Step:
    frm: int
    to: int
    action: Action
    quote: Quote
    after: GameState  # the hypothetical state after this step
    #: The game's version the stroke was quoted from: the step applies as quoted when the
    #: game stands at ``base`` plus the steps before it (``Session.apply_quoted``).
    base: int = 0

    @property
    def cost(self) -> int:
        return self.quote.cost


@dataclass
class Refusal:
    frm: int
    to: int
    quote: Quote

    def reason(self, board: Board) -> str:
        """Why the pen stopped here, in a player's words, under the headline "Can't build
        here"."""
        return refusal(board, self.quote, under=_("Can't build here"))


class Pen:
    def __init__(self, session: Session[GameState]) -> None:
        self.session = session
        self.path: list[int] = []
        self.steps: list[Step] = []
        self.refusal: Refusal | None = None
        # legal next dots, keyed by the game's version, the pending stroke and the dot
        self._legal_cache: BoundedCache[tuple[int, tuple[Action, ...], int], list[int]] = \
            BoundedCache(256)
        # the quotes the glow made, by the same key and the action: the pen's next step
        # reuses its quote instead of quoting the segment again
        self._quoted: BoundedCache[tuple[int, tuple[Action, ...], Action], Quote] = \
            BoundedCache(256)

    # -- queries ---------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return bool(self.path)

    @property
    def board(self) -> Board:
        return self.session.state.board

    @property
    def state(self) -> GameState:
        """The state the next pending segment is quoted on."""
        return self.steps[-1].after if self.steps else self.session.state

    @property
    def total(self) -> int:
        return sum(s.cost for s in self.steps)

    def action_for(self, frm: int, to: int) -> Action | None:
        b = self.board
        if b.edge(frm, to) is not None:
            return BuildSegment(b.key(frm), b.key(to))
        for f in b.ferries_at.get(frm, []):
            if f.other_port(frm) == to:
                return BuildFerry(f.name)
        return None

    def legal_next(self, frm: int | None = None) -> list[int]:
        """Dots the pen may draw to from ``frm`` (default: the pen's dot) on the state the
        pending stroke leaves — they glow."""
        if frm is None:
            if not self.path:
                return []
            frm = self.path[-1]
        return self._legal_from(frm, self.state, tuple(s.action for s in self.steps))

    def _legal_from(self, frm: int, st: GameState, pending: tuple[Action, ...]) -> list[int]:
        """Legal next dots from ``frm`` on ``st``: the session's state after the actions
        ``pending``. Kept per game version (never per object identity: a new state may
        reuse a freed one's id)."""
        key = (self.session.version, pending, frm)
        hit = self._legal_cache.peek(key)
        if hit is not None:
            return hit
        out = []
        targets = list(self.board.adj[frm]) + [f.other_port(frm)
                                               for f in self.board.ferries_at.get(frm, [])]
        for n in targets:
            e = self.board.edge(frm, n)
            if e is not None and (e.free or e.forbidden):
                continue
            act = self.action_for(frm, n)
            if act is None:
                continue
            q = self.session.quote(act, st)
            if q.ok:
                out.append(n)
                self._quoted.put((self.session.version, pending, act), q)
        self._legal_cache.put(key, out)
        return out

    def can_start(self, dot: int) -> bool:
        """K1: a major city's dot, or a dot from which some segment is legal."""
        if self.session.state.phase != "build":
            return False
        if dot in self.board.major_of_dot:
            return True
        return bool(self._legal_from(dot, self.session.state, ()))

    # -- the gesture -----------------------------------------------------------------------
    def start(self, dot: int) -> bool:
        self.cancel()
        if not self.can_start(dot):
            return False
        self.path = [dot]
        return True

    def cancel(self) -> None:
        self.path = []
        self.steps = []
        self.refusal = None

    def move_to(self, dot: int | None) -> None:
        """The pointer is over ``dot``: extend, take back or refuse."""
        if not self.path or dot is None:
            return
        last = self.path[-1]
        if dot == last:
            return
        if dot in self.path:  # moving back over the stroke takes segments back
            i = self.path.index(dot)
            del self.path[i + 1:]
            del self.steps[i:]
            self.refusal = None
            return
        b = self.board
        # inside a major city before the first segment: the pen just slides along the free track
        if not self.steps:
            city = b.major_of_dot.get(last)
            if city is not None and b.major_of_dot.get(dot) is city:
                self.path = [dot]
                self.refusal = None
                return
        if self.action_for(last, dot) is not None:
            self._try(last, dot)
            return
        # a gap: fill it with the cheapest legal path over a few dots
        route = self._gap_route(last, dot)
        if route is None:
            return
        prev = last
        for d in route:
            if not self._try(prev, d):
                return
            prev = d

    def _try(self, frm: int, to: int) -> bool:
        act = self.action_for(frm, to)
        if act is None:
            return False
        pending = tuple(s.action for s in self.steps)
        glowed = self._quoted.peek((self.session.version, pending, act))
        after: GameState | None
        if glowed is not None:  # quoted by the glow on this very state
            q, after = glowed, self.session.preview_quoted(self.state, glowed)
        else:
            q, after = self.session.preview(self.state, act)
        if after is None:
            self.refusal = Refusal(frm, to, q)
            return False
        base = self.steps[0].base if self.steps else self.session.version
        self.steps.append(Step(frm, to, act, q, after, base))
        self.path.append(to)
        self.refusal = None
        return True

    def _gap_route(self, src: int, dst: int) -> list[int] | None:
        """Cheapest path (build costs) from ``src`` to ``dst`` over unowned, allowed segments,
        limited to a few dots; None if the gap is too wide."""
        b = self.board
        if b.distance(src, dst) > GAP_LIMIT:
            return None
        owner = self.state.owner
        limit = b.distance(src, dst) + 1
        dist = {src: 0}
        prev: dict[int, int] = {}
        heap = [(0, src)]
        on_path = set(self.path)
        while heap:
            c, d = heapq.heappop(heap)
            if d == dst:
                break
            if c > dist.get(d, 1 << 30):
                continue
            for n in b.adj[d]:
                if n in on_path or b.distance(n, dst) + b.distance(src, n) > limit + 1:
                    continue
                e = b.edge(d, n)
                if e is None or e.forbidden or e.free or edge_key(d, n) in owner:
                    continue
                nc = c + b.build_cost(d, n)
                if nc < dist.get(n, 1 << 30):
                    dist[n] = nc
                    prev[n] = d
                    heapq.heappush(heap, (nc, n))
        if dst not in prev:
            # nothing legal: refuse the direct neighbour step toward the pointer if there is one
            return None
        route = [dst]
        while route[-1] != src:
            route.append(prev[route[-1]])
        route.reverse()
        return route[1:]

    def release(self) -> list[Action]:
        """End the gesture: the legal part of the stroke, its actions in order (the caller
        applies them)."""
        out = [step.action for step in self.steps]
        self.cancel()
        return out


def erase_action(session: Session[GameState], edge: tuple[int, int] | None = None) -> Action | None:
    """K10 eraser: the segment ``edge`` drawn this phase, or the last one drawn this phase."""
    built = list(session.state.phase_built)
    if not built:
        return None
    b = session.state.board
    for (ek, frm, _cost) in reversed(built):
        if edge is None or ek == edge_key(*edge):
            a, c = ek
            to = c if frm == a else a
            return EraseSegment(b.key(frm), b.key(to))
    return None
