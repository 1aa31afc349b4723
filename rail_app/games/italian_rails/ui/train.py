"""Moving the train with the mouse (M1-M6): placing it, the route preview, the run.

The preview asks the engine: ``movement.route`` finds the way over usable track (own,
major-city, the opponent's, ferries are boarded separately), the ``MoveTrain`` quote says
how far the train gets this turn, where it stops, the movement left and whether the 4M rent
is due (M3). The same quote is applied on confirmation, so preview and move never differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rail_app.core.i18n import _
from rail_app.games.italian_rails.rules import journeys, movement
from rail_app.games.italian_rails.rules.actions import Action, BoardFerry, MoveTrain, PlaceTrain
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.journeys import Journey
from rail_app.games.italian_rails.rules.quotes import MoveDetails, Quote
from rail_app.games.italian_rails.rules.state import GameState, Phase
from rail_app.games.italian_rails.rules.words import refusal

if TYPE_CHECKING:
    from rail_app.ui.session import Session

SEGMENT_TIME = 0.16  # seconds per segment of a train run (a person can follow it)


@dataclass
class Preview:
    """What a click on ``target`` would do."""

    target: int
    action: Action | None  # PlaceTrain or MoveTrain (None: impossible)
    quote: Quote | None
    now: list[int] = field(default_factory=list)  # dots moved this turn (after the start)
    later: list[int] = field(default_factory=list)  # the rest of the route (next turns)
    reason: str = ""  # why not, when action is None
    stops: list[int] = field(default_factory=list)  # segments run by the end of each turn
    journey: Journey | None = None  # a way across the player's own ferries (M5)

    @property
    def route(self) -> list[int]:
        """The whole route (dots after the train's), this turn's part first."""
        return [*self.now, *self.later]

    @property
    def turns(self) -> int:
        """How many turns the whole route takes, this one included (M1)."""
        return max(1, len(self.stops))

    def stop_dots(self) -> list[int]:
        """Where the train stands at the end of each turn but the last (it arrives then)."""
        route = self.route
        return [route[n - 1] for n in self.stops[:-1] if n > 0]

    @property
    def ok(self) -> bool:
        return self.action is not None and self.quote is not None and self.quote.ok

    @property
    def rent(self) -> bool:
        d = self.quote.detail(MoveDetails) if self.quote is not None else None
        return d is not None and d.rental


class TrainTool:
    """The move phase's preview, cached per game version."""

    def __init__(self, session: Session[GameState]) -> None:
        self.session = session
        self.preview: Preview | None = None
        self._reach: tuple[int, int, dict[int, list[int]]] | None = None

    @property
    def state(self) -> GameState:
        return self.session.state

    def reach(self, player: int) -> dict[int, list[int]]:
        """Dots the train can reach this turn -> path (movement.reachable_paths)."""
        key = (self.session.version, player)
        if self._reach is None or self._reach[:2] != key:
            st = self.state
            paths = movement.reachable_paths(st, player) if st.phase is Phase.MOVE else {}
            self._reach = (*key, paths)
        return self._reach[2]

    def clear(self) -> None:
        self.preview = None

    def plan(self, target: int) -> Preview:
        """The preview for a click on dot ``target`` by the player to act."""
        st = self.state
        board = st.board
        me = st.current
        pl = st.players[me]
        if pl.position is None:
            city = board.city_of_dot.get(target)
            act = PlaceTrain(board.key(city.centre if city and not city.major else target)) \
                if city else None
            if act is None:
                return Preview(target, None, None, reason=_("Place the train on a city (M1)"))
            q = self.session.quote(act)
            return Preview(target, act if q.ok else None, q, reason=refusal(board, q))
        if pl.aboard is not None:
            return Preview(target, None, None,
                           reason=_("Your train is on a ferry until your next turn (M5)"))
        path = movement.route(st, me, target)
        journey = journeys.plan(st, me, target) if pl.ferries else None
        if journey is not None and journey.crossings:
            return self._by_ferry(target, journey)
        if path is None:
            return Preview(target, None, None, reason=self._no_way(target))
        city = board.city_of_dot.get(target)
        if city is not None and city.major and board.city_of_dot.get(pl.position) is not city:
            # a major city is reached at any of its dots: stop at the first one
            cut = next((i for i, d in enumerate(path) if board.city_of_dot.get(d) is city), None)
            if cut is not None:
                path = path[:cut + 1]
        if not path:
            return Preview(target, None, None, reason=_("The train is already here"))
        keys = tuple(board.key(d) for d in path)
        q = self.session.quote(MoveTrain(keys))
        d = q.detail(MoveDetails)
        steps = d.steps if d is not None else 0
        if not q.ok and steps < len(path):
            # too far (or blocked on the way): the train goes as far as it can this turn
            if steps == 0:
                return Preview(target, None, q, later=path, reason=refusal(board, q),
                               stops=movement.turn_stops(st, me, path))
            q = self.session.quote(MoveTrain(keys[:steps]))
        if not q.ok:
            return Preview(target, None, q, later=path, reason=refusal(board, q))
        return Preview(target, q.action, q, now=path[:steps], later=path[steps:],
                       stops=movement.turn_stops(st, me, path))


    def _by_ferry(self, target: int, j: Journey) -> Preview:
        """A journey across the player's own ferries: this turn's part is a move (to the
        port) or boarding the ferry (M5); the rest is planned turn by turn."""
        st = self.state
        board = st.board
        first = j.turns[0]
        if first.boards is not None and not first.dots:
            act: Action = BoardFerry(board.ferries[first.boards.ferry].name)
        else:
            act = MoveTrain(tuple(board.key(d) for d in first.dots))
        route: list[int] = []
        stops: list[int] = []
        for t in j.turns:
            if t.lands is not None:
                route.append(t.lands.to)
            route.extend(t.dots)
            stops.append(len(route))
        q = self.session.quote(act)
        now = list(first.dots)
        if not q.ok:
            return Preview(target, None, q, later=route, reason=refusal(board, q), stops=stops,
                           journey=j)
        return Preview(target, act, q, now=now, later=route[len(now):], stops=stops,
                       journey=j)

    def _no_way(self, target: int) -> str:
        """Why the train cannot get there, naming the ferry it would need (K8, M5)."""
        st = self.state
        needed = [st.board.ferries[f].name
                  for f in journeys.ferries_needed(st, st.current, target)]
        if needed:
            return (_("No usable track leads there. It lies across the water: take the {needed} ferry while building (connect to a port, K8); then the train can board it (M5)").format(needed=needed[0]))
        return (_("No usable track leads there: your own, the major cities', the opponent's "
                "or your ferries (M1, M3, M5)"))


@dataclass
class TrainRun:
    """A train running along ``dots`` (the start first), for the screen only."""

    player: int
    dots: list[int]
    t: float = 0.0
    seg_time: float = SEGMENT_TIME

    @property
    def done(self) -> bool:
        return self.t >= self.seg_time * (len(self.dots) - 1)

    def where(self, board: Board) -> tuple[float, float]:
        """The train's position in km."""
        if len(self.dots) < 2:
            d = board.dots[self.dots[0]]
            return d.x, d.y
        f = min(self.t / self.seg_time, len(self.dots) - 1.0)
        i = min(int(f), len(self.dots) - 2)
        u = f - i
        # ease in and out on each segment, so the run reads as a train, not a slide
        u = u * u * (3 - 2 * u) * 0.35 + u * 0.65
        a, b = board.dots[self.dots[i]], board.dots[self.dots[i + 1]]
        return a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u
