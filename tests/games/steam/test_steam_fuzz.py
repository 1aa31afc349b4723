"""Quote never breaks: actions of every kind with random, often absurd fields (hexes off the
map, faces that do not exist, spaces out of range, routes that go nowhere) are answered with
violations, never an exception; any action the engine accepts applies and keeps the
invariants."""

from __future__ import annotations

import random

from steamhelp import NAMES, board

from rail_app.games.steam.ai.simple import GreedyBot
from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules.actions import (
    Action,
    Bid,
    ChooseTile,
    Declare,
    EndBuild,
    ForgoSpecial,
    LayTile,
    MoveCube,
    PassBid,
    PassMove,
    PlaceNewCity,
    RedirectTile,
    TakeCapital,
    TakePoints,
    UpgradeLocomotive,
    UpgradeTile,
    UrbanGrowth,
)
from rail_app.games.steam.rules.board import COLOURS
from rail_app.games.steam.rules.invariants import invariants
from rail_app.games.steam.rules.state import GameState
from rail_app.games.steam.rules.tiles import FACES

FACE_NAMES = [*FACES, "#99", "", "T"]


def random_action(rng: random.Random, s: GameState) -> Action:
    keys = [h.key for h in s.board.hexes] + ["99,99", "x", "", "0,0,0"]
    hexkey = rng.choice(keys)
    n = rng.randint(-3, 60)
    kind = rng.randrange(17)
    if kind == 0:
        return Bid(n)
    if kind == 1:
        return PassBid()
    if kind == 2:
        return TakeCapital(rng.randint(-2, 30))
    if kind == 3:
        return ChooseTile(rng.randint(-1, 9))
    if kind == 4:
        return Declare(rng.random() < 0.5)
    if kind in (5, 6, 7):
        cls = (LayTile, UpgradeTile, RedirectTile)[kind - 5]
        return cls(hexkey, rng.choice(FACE_NAMES), rng.randint(-1, 7))
    if kind == 8:
        return PlaceNewCity(hexkey, rng.choice(COLOURS), rng.choice([None, -1, 0, 3, 40]))
    if kind == 9:
        return UrbanGrowth(hexkey, rng.randint(-1, 15))
    if kind == 10:
        return ForgoSpecial()
    if kind == 11:
        return EndBuild()
    if kind == 12:
        stops = tuple(rng.choice(keys) for _ in range(rng.randint(0, 4)))
        exits = tuple(rng.randint(-1, 7) for _ in range(rng.randint(0, 4)))
        return MoveCube(hexkey, rng.choice(COLOURS), stops, exits)
    if kind == 13:
        return UpgradeLocomotive()
    if kind == 14:
        return PassMove()
    return TakePoints(rng.random() < 0.5)


def test_random_actions_are_quoted_not_crashed() -> None:
    rng = random.Random(4)
    for game, seed in (("basic", 1), ("standard", 2)):
        s = engine.new_game(board("small"), NAMES[:4], {"game": game}, seed)
        bots = [GreedyBot(i) for i in range(4)]
        accepted = 0
        while not s.over:
            for _ in range(40):
                a = random_action(rng, s)
                for player in (None, 0, 3):
                    q = engine.quote(s, a, player)
                    if q.ok and player is None:
                        after = engine.apply(s, a)
                        assert invariants(after) == [], (a, invariants(after))
                        accepted += 1
                    elif not q.ok:
                        assert all(v.message for v in q.violations)
            seat = engine.to_act(s)
            assert seat is not None
            s = engine.apply(s, bots[seat].choose(s, seat), seat, inplace=True)
        assert accepted > 20
