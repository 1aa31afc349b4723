"""Two simple computer players for the harnesses: a random player and a greedy one.

Both act only through the engine's actions (``legal_actions``, ``quote``, the stroke planner),
never change the state they are given, and draw only from their own ``random.Random``.

- :class:`RandomBot` picks a kind of legal action at random, then one of that kind; bids and
  capital lean towards small amounts (a uniformly random bid would be the whole of what the
  player could raise, and the game a race to bankruptcy).
- :class:`GreedyBot` builds toward the most deliverable cubes (a city holding cubes of some
  colour, joined by the shortest buildable line of hexes to a city of that colour), delivers
  the cube that earns it the most points, raises its locomotive when that opens longer
  deliveries, takes points as income early and as VP late, and bids and borrows little.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Protocol

from rail_app.games.steam.rules import engine, goods
from rail_app.games.steam.rules.actions import (
    Action,
    Bid,
    ChooseTile,
    Declare,
    EndBuild,
    ForgoSpecial,
    MoveCube,
    PassBid,
    PassMove,
    PlaceNewCity,
    TakeCapital,
    TakePoints,
    UpgradeLocomotive,
    UrbanGrowth,
)
from rail_app.games.steam.rules.board import COLOUR_INDEX, Colour
from rail_app.games.steam.rules.build import tile_limit
from rail_app.games.steam.rules.money import may_borrow, steps_available
from rail_app.games.steam.rules.state import ActionTile, GameState, Special, Step
from rail_app.games.steam.rules.strokes import plan_stroke
from rail_app.table.players import Pick, RandomPlayer, small_first

NAMES = ("random", "greedy")


class Bot(Protocol):
    def choose(self, state: GameState, seat: int) -> Action: ...


class RandomBot:
    """The kit's random player (:class:`rail_app.table.players.RandomPlayer`) over Steam's
    engine: uniformly random among the kinds of legal action, then among the actions of a
    kind, checking only as many candidates as it takes to find a legal one; bids and
    capital, of which small amounts are likelier, are all checked."""

    def __init__(self, seed: int = 0) -> None:
        small: Pick[Action] = small_first(0.7)
        self.player: RandomPlayer[GameState, Action] = RandomPlayer(
            engine.ENGINE, -1, seed, picks={"bid": small, "capital": small})

    def choose(self, state: GameState, seat: int) -> Action:
        self.player.seat = seat
        return self.player.choose(state)


class GreedyBot:
    """A plain greedy player: see the module's description."""

    def __init__(self, seed: int = 0, income_floor: int = -3) -> None:
        self.rng = random.Random(seed)
        self.income_floor = income_floor

    def choose(self, state: GameState, seat: int) -> Action:
        step = state.step
        if step is Step.BID:
            return self._bid(state, seat)
        if step is Step.CAPITAL:
            return self._capital(state, seat)
        if step is Step.CHOOSE:
            return self._tile(state, seat)
        if step is Step.DECLARE:
            return Declare(False)
        if step is Step.BUILD:
            return self._build(state, seat)
        if step is Step.POINTS:
            return TakePoints(state.turn <= (state.last_turn + 1) // 2)
        return self._move(state, seat)

    # -- auctions, capital, tiles ------------------------------------------------------------

    def _bid(self, state: GameState, seat: int) -> Action:
        a = state.auction
        assert a is not None
        low = a.high + 1 if a.high >= 0 else 0
        if low <= 1 and engine.quote(state, Bid(low)).ok:
            return Bid(low)
        return PassBid()

    def _capital(self, state: GameState, seat: int) -> Action:
        """Enough for this turn's expenses (a shortfall costs income 1 per $2, capital only 1
        per $5), and some $12 for track while income stays above the bot's floor."""
        p = state.players[seat]
        need = max(0, -p.income) + p.loco
        if p.income > self.income_floor:
            need += 12
        steps = max(0, -(-(need - p.cash) // 5))
        return TakeCapital(min(steps, steps_available(p)))

    def _tile(self, state: GameState, seat: int) -> Action:
        legal = {a.tile for a in engine.legal_actions(state) if isinstance(a, ChooseTile)}
        p = state.players[seat]
        prefs: list[int] = []
        mine = sum(1 for link in state.links().links if link.owner == seat and link.complete)
        if state.turn < state.last_turn - 1 and (p.loco < 2 or (p.loco < 4 and mine > p.loco)):
            prefs.append(ActionTile.LOCOMOTIVE)
        prefs += [ActionTile.FIRST_BUILD, ActionTile.ENGINEER, ActionTile.FIRST_MOVE,
                  ActionTile.TURN_ORDER, ActionTile.LOCOMOTIVE, ActionTile.URBAN_GROWTH,
                  ActionTile.URBANIZATION]
        for t in prefs:
            if t in legal and (t != ActionTile.LOCOMOTIVE or self._spendable(state, seat) >=
                               engine.quote(state, ChooseTile(t)).cost):
                return ChooseTile(t)
        return ChooseTile(min(legal))

    def _spendable(self, state: GameState, seat: int) -> int:
        """What the bot is willing to spend now: cash, plus borrowing down to its income
        floor (Basic or novice), keeping this turn's expenses aside in the Standard game."""
        p = state.players[seat]
        if may_borrow(state, seat):
            return p.cash + 5 * max(0, p.income - self.income_floor)
        if state.basic:
            return p.cash
        return p.cash - max(0, -p.income) - p.loco

    # -- building ----------------------------------------------------------------------------

    def _build(self, state: GameState, seat: int) -> Action:
        if state.special.get(seat) is Special.PENDING:
            done = self._special(state, seat)
            if done is not None:
                return done
        if state.turn >= state.last_turn:
            return EndBuild()
        for stroke in self._strokes(state, seat):
            choices = plan_stroke(state, stroke, seat)
            for c in choices:
                if c.action is not None and c.quote is not None:
                    if c.quote.ok and c.quote.cost <= self._spendable(state, seat):
                        return c.action
                    break  # the next tile of this stroke is not possible now
        return EndBuild()

    def _special(self, state: GameState, seat: int) -> Action | None:
        for a in engine.legal_actions(state):
            if isinstance(a, (UrbanGrowth, PlaceNewCity)):
                return a
        if not state.basic:
            return ForgoSpecial()
        return None

    def _strokes(self, state: GameState, seat: int) -> list[list[str]]:
        """Lines of hexes worth building along, best first: the bot's own incomplete links
        carried on to the nearest city, then new links from cubes to the nearest city of
        their colour."""
        board = state.board
        idx = state.links()
        out: list[tuple[float, list[str]]] = []
        for link in idx.links:
            end = link.open_end
            if link.owner != seat or end is None:
                continue
            start = link.other(end)
            n = board.nb[end.hex][end.side]
            if n < 0:
                continue
            path = self._path(state, n, _city_but(state, start.hex), first_from=end.hex)
            if path is not None:
                out.append((-100.0 + len(path), [board.hexes[end.hex].key] +
                            [board.hexes[h].key for h in path]))
        for city, cubes in sorted(state.cubes.items()):
            if not sum(cubes):
                continue
            wanted = {c for c in COLOUR_INDEX if cubes[COLOUR_INDEX[c]] > 0}
            path = self._path(state, city, _city_of(state, city, wanted))
            if path is None or len(path) < 2:
                continue
            colour = state.colour_of(path[-1])
            count = cubes[COLOUR_INDEX[colour]] if colour is not None else 0
            tiles = len(path) - 2
            soon = 0.0 if tiles <= tile_limit(state, seat) else 10.0  # complete this turn
            out.append((soon - count / (tiles + 1), [board.hexes[h].key for h in path]))
        out.sort(key=lambda x: x[0])
        return [s for _, s in out[:4]]

    def _path(self, state: GameState, start: int, goal: Callable[[int], bool],
              first_from: int | None = None) -> list[int] | None:
        """The shortest line of empty hexes from ``start`` (a city, or the hex an open end
        faces) to a hex where ``goal(h)`` holds (a city), at most 5 tiles long."""
        board = state.board
        prev: dict[int, int] = {start: -1}
        queue = deque([start])
        while queue:
            h = queue.popleft()
            depth = 0
            x = h
            while prev[x] >= 0:
                depth += 1
                x = prev[x]
            if depth > 5:
                continue
            for s in range(6):
                if board.blocked[h][s]:
                    continue
                n = board.nb[h][s]
                if n in prev:
                    continue
                if goal(n) and (h != start or first_from is not None):
                    prev[n] = h
                    out = [n]
                    while out[-1] != start:
                        out.append(prev[out[-1]])
                    return list(reversed(out))
                if n in state.city_hexes or n in state.tiles:
                    continue
                if first_from is not None and n == first_from:
                    continue
                prev[n] = h
                queue.append(n)
        return None

    # -- moving ------------------------------------------------------------------------------

    def _move(self, state: GameState, seat: int) -> Action:
        routes = goods.legal_routes(state, seat)
        if routes:
            best = max(routes, key=lambda r: (r.points(state.seats)[seat],
                                              -sum(r.points(state.seats))))
            move: MoveCube = best.action(state)
            return move
        p = state.players[seat]
        if p.loco < 6 and seat not in state.loco_upgraded and state.turn < state.last_turn:
            longer = [r for c in sorted(state.cubes)
                      for r in goods.routes_from(state, c, seat, p.loco + 1)]
            if longer or p.loco < 2:
                return UpgradeLocomotive()
        return PassMove()


def _city_but(state: GameState, start: int) -> Callable[[int], bool]:
    """A goal for :meth:`GreedyBot._path`: any city but ``start``."""
    return lambda h: h != start and h in state.city_hexes


def _city_of(state: GameState, source: int, colours: set[Colour]) -> Callable[[int], bool]:
    """A goal: a city other than ``source`` taking one of ``colours``."""
    return lambda h: h != source and state.colour_of(h) in colours


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (:data:`NAMES`)."""
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    raise ValueError(f"unknown Steam player {name!r}; the players are {', '.join(NAMES)}")

