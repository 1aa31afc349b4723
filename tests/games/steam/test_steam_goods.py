"""Moving goods (S-G1-S-G7) and the locomotive (S-L1-S-L3), with the rulebook's delivery
examples (EX-13-EX-16) on ``maps/test/steam-delivery.yaml``: cities S (yellow), B (blue), R1
and R2 (red), P (purple), Y (yellow), Boston (red) and N (blue). Green's links: S-B, B-R1,
R2-P, R1-Boston (three tiles), N-Boston; black's: R1-R2, P-Y, S-Boston."""

from __future__ import annotations

from steamhelp import at_move, at_select, chain, game, h, key, set_cubes

from rail_app.games.steam.rules import engine, goods
from rail_app.games.steam.rules.actions import (
    ChooseTile,
    MoveCube,
    PassMove,
    TakePoints,
    UpgradeLocomotive,
)
from rail_app.games.steam.rules.board import COLOUR_INDEX, Colour
from rail_app.games.steam.rules.events import CubeDelivered
from rail_app.games.steam.rules.links import NOBODY
from rail_app.games.steam.rules.state import ActionTile, GameState, Step

GREEN, BLACK, THIRD = 0, 1, 2


def diagram(with_black: bool = True, level: int = 6) -> GameState:
    s = game("delivery", 3)
    for name in ("S", "B", "R1", "R2", "P", "Y", "Boston", "N"):
        set_cubes(s, name, {})
    set_cubes(s, "S", {"yellow": 1, "purple": 1})
    set_cubes(s, "B", {"red": 1})
    set_cubes(s, "N", {"blue": 1})
    chain(s, GREEN, ["S", "1,0", "B"])
    chain(s, GREEN, ["B", "3,0", "R1"])
    chain(s, GREEN, ["R2", "7,0", "P"])
    chain(s, GREEN, ["R1", "4,-1", "3,-1", "2,-1", "Boston"])
    chain(s, GREEN, ["N", "2,-3", "Boston"])
    if with_black:
        chain(s, BLACK, ["R1", "5,0", "R2"])
        chain(s, BLACK, ["P", "9,0", "Y"])
        chain(s, BLACK, ["S", "1,-1", "Boston"])
    s.players[GREEN].loco = level
    return at_move(s, GREEN)


def best(s: GameState, source: str, colour: Colour, level: int) -> list[tuple[int, ...]]:
    """The points per seat of every legal delivery of that cube within ``level`` links."""
    routes = goods.routes_from(s, h(s, source), GREEN, level, (colour,))
    return sorted((r.points(s.seats) for r in routes), reverse=True)


def move(s: GameState, source: str, colour: Colour, stops: list[str]) -> MoveCube:
    """The MoveCube over the unique links joining each stop to the next."""
    at = h(s, source)
    exits = []
    for stop in stops:
        target = h(s, stop)
        found = [side for side, _, other, _ in goods._leaving(s.links(), at) if other == target]
        assert found, (s.board.name_of(at), stop)
        exits.append(found[0])
        at = target
    return MoveCube(key(s, source), colour, tuple(key(s, x) for x in stops), tuple(exits))


def test_EX_14_own_links_only() -> None:
    """EX-14 (S-G3, S-G5): on green's own links with level 2 the red cube scores 1 point, not
    2 (it must stop at the first red city); at level 3 the blue cube scores 3; the purple and
    yellow cubes cannot be delivered on green's links alone."""
    s = diagram(with_black=False)
    assert best(s, "B", Colour.RED, 2) == [(1, 0, 0)]
    assert engine.quote(s, move(s, "B", Colour.RED, ["R1", "Boston"])).rules == ["S-G3"]
    assert best(s, "N", Colour.BLUE, 3) == [(3, 0, 0)]
    assert best(s, "N", Colour.BLUE, 2) == []
    assert best(s, "S", Colour.PURPLE, 6) == [] and best(s, "S", Colour.YELLOW, 6) == []


def test_EX_14_with_blacks_links() -> None:
    """EX-14 (S-G3e, S-G5): with black's links, red at level 2 scores 2 (1 to black);
    purple at level 4 scores 4 (1 to black); yellow at level 5 scores 5 (2 to black), passing
    a blue, two red and a purple city."""
    s = diagram()
    assert (1, 1, 0) in best(s, "B", Colour.RED, 2)
    assert (3, 1, 0) in best(s, "S", Colour.PURPLE, 4)
    assert best(s, "S", Colour.YELLOW, 5) == [(3, 2, 0)]
    yellow = goods.routes_from(s, h(s, "S"), GREEN, 5, (Colour.YELLOW,))[0]
    passed = [s.colour_of(x) for x in yellow.stops[:-1]]
    assert passed == [Colour.BLUE, Colour.RED, Colour.RED, Colour.PURPLE]


def test_EX_13_own_links_at_least_as_many() -> None:
    """EX-13 (S-G3e): a 5-link delivery over 2 own + 2 of a second player + 1 of a third is
    legal; 2 own + 3 of a second is not; only other players' links is not."""
    assert goods.ownership_ok((0, 0, 1, 1, 2), 0)
    assert not goods.ownership_ok((0, 0, 1, 1, 1), 0)
    assert not goods.ownership_ok((1, 1), 0)
    assert goods.ownership_ok((0, NOBODY, NOBODY), 0)  # D-23: nobody's links count for neither
    s = diagram(level=5)
    yellow = move(s, "S", Colour.YELLOW, ["B", "R1", "R2", "P", "Y"])
    owners = {"7,0": BLACK, "9,0": THIRD}  # links: green, green, black, black, third
    for hx, seat in owners.items():
        tile = s.tiles[h(s, hx)]
        s.tiles[h(s, hx)] = tile.with_owners({p: seat for p in tile.paths})
    s.track_changed()
    assert engine.quote(s, yellow).ok
    tile = s.tiles[h(s, "9,0")]
    s.tiles[h(s, "9,0")] = tile.with_owners({p: BLACK for p in tile.paths})  # 2 + 3 black
    s.track_changed()
    assert engine.quote(s, yellow).rules == ["S-G3"]
    only_black = move(s, "S", Colour.RED, ["Boston"])
    set_cubes(s, "S", {"red": 1})
    assert engine.quote(s, only_black).rules == ["S-G3"]


def test_EX_15_split_of_points() -> None:
    """EX-15 (S-G5, S-G6): Alex (green, level 5) moves the yellow cube over 5 links, 3 his and
    2 of black's: Alex takes his 3 as income, black its 2 as VP."""
    s = diagram(level=5)
    inc, vp = s.players[GREEN].income, s.players[BLACK].vp
    s = engine.apply(s, move(s, "S", Colour.YELLOW, ["B", "R1", "R2", "P", "Y"]))
    assert s.step is Step.POINTS and s.points == [(GREEN, 3), (BLACK, 2)]
    assert engine.to_act(s) == GREEN
    assert engine.quote(s, PassMove()).wrong_moment
    s = engine.apply(s, TakePoints(True), GREEN)
    s = engine.apply(s, TakePoints(False), BLACK)
    assert s.players[GREEN].income == inc + 3 and s.players[BLACK].vp == vp + 2
    assert s.step is Step.MOVE


def test_EX_16_two_locomotive_steps_in_a_turn() -> None:
    """EX-16 (S-L3, S-A8): Pedro, at level 4, took Locomotive in phase 1 (level 5); in round 2
    of phase 3 he upgrades instead of moving and reaches level 6, for no VP; no more upgrades
    all game."""
    s = at_select(game("delivery", 3), THIRD)
    s.players[THIRD].loco = 4
    s = engine.apply(s, ChooseTile(ActionTile.LOCOMOTIVE))
    assert s.players[THIRD].loco == 5
    s = at_move(s, THIRD, round=2)
    vp = s.players[THIRD].vp
    s = engine.apply(s, UpgradeLocomotive())
    assert s.players[THIRD].loco == 6 and s.players[THIRD].vp == vp
    s = at_move(s, THIRD)
    s.loco_upgraded.clear()
    assert engine.quote(s, UpgradeLocomotive()).rules == ["S-L3"]


def test_S_L3_once_per_turn() -> None:
    """S-L3: a player who upgraded in round 1 may only move a cube or pass in round 2."""
    s = diagram(level=2)
    s = engine.apply(s, UpgradeLocomotive())
    s.round, s.cursor = 2, 0
    assert engine.quote(s, UpgradeLocomotive()).rules == ["S-L3"]
    assert engine.quote(s, PassMove()).ok


def test_S_L1_locomotive_limits_the_links() -> None:
    """S-L1/S-G3a: a cube travels at most the mover's level in links."""
    s = diagram(level=1)
    q = engine.quote(s, move(s, "N", Colour.BLUE, ["Boston", "R1", "B"]))
    assert q.rules == ["S-L1"]


def test_S_G1_a_delivered_cube_leaves_play() -> None:
    """S-G1 (D-37): the cube leaves its city and goes back into the bag, out of play."""
    s = diagram()
    bag = s.bag
    s = engine.apply(s, move(s, "B", Colour.RED, ["R1"]))
    assert s.cubes[h(s, "B")][COLOUR_INDEX[Colour.RED]] == 0
    assert s.bag[COLOUR_INDEX[Colour.RED]] == bag[COLOUR_INDEX[Colour.RED]] + 1
    assert any(isinstance(e, CubeDelivered) for e in s.log)


def test_S_G2_S_A4_two_rounds_first_move_first() -> None:
    """S-G2/S-T5/S-A4: each player acts once a round, the holder of First Move first in both
    rounds, then the others in turn order."""
    s = diagram()
    s.order = [GREEN, BLACK, THIRD]
    s.tile_of = {THIRD: ActionTile.FIRST_MOVE, GREEN: 1, BLACK: 3}
    goods.begin_move_phase(s)
    seen = []
    while s.step is Step.MOVE and s.phase.value == "move":
        seen.append((s.round, engine.to_act(s)))
        s = engine.apply(s, PassMove())
    assert seen == [(1, THIRD), (1, GREEN), (1, BLACK), (2, THIRD), (2, GREEN), (2, BLACK)]


def test_S_G3_never_back_to_the_start() -> None:
    """S-G3c/S-G3d (D-23): no stop twice and never back to the starting city; a cube stops at
    the first city of its colour."""
    s = diagram()
    set_cubes(s, "S", {"yellow": 1, "purple": 1, "red": 1})
    back = move(s, "S", Colour.RED, ["B", "R1"])
    assert engine.quote(s, back).ok
    loop = move(s, "B", Colour.RED, ["S", "Boston"])
    assert engine.quote(s, loop).ok
    q = engine.quote(s, MoveCube(key(s, "B"), Colour.RED,
                                 (key(s, "S"), key(s, "B")), (3, 0)))
    assert "S-G3" in q.rules


def test_S_G4_only_to_a_city_of_its_colour() -> None:
    """S-G4: a red cube is delivered only to a red city."""
    s = diagram()
    q = engine.quote(s, move(s, "B", Colour.RED, ["S"]))
    assert "S-G4" in q.rules


def test_S_G5_links_of_nobody_score_nothing() -> None:
    """S-G5: a link of nobody counts toward length but gives no point."""
    s = diagram()
    for hx in ("1,-1",):
        tile = s.tiles[h(s, hx)]
        s.tiles[h(s, hx)] = tile.with_owners({p: NOBODY for p in tile.paths})
    s.track_changed()
    q = engine.quote(s, move(s, "B", Colour.RED, ["S", "Boston"]))
    assert q.ok and q.details is not None
    assert q.details.points == (1, 0, 0)  # type: ignore[union-attr]


def test_S_G6_receivers_choose_in_turn_order() -> None:
    """S-G6 (D-27): the mover chooses first, then the other receivers in turn order (not the
    First Move order)."""
    s = diagram(level=5)
    s.order = [THIRD, BLACK, GREEN]
    s = engine.apply(s, move(s, "S", Colour.YELLOW, ["B", "R1", "R2", "P", "Y"]))
    assert [seat for seat, _ in s.points] == [GREEN, BLACK]


def test_S_G7_vp_have_no_top() -> None:
    """S-G7 (D-11): VP above 50 (and 100) simply go on."""
    s = diagram()
    s.players[GREEN].vp = 99
    s.players[GREEN].cash = 0
    from rail_app.games.steam.rules.events import Money, Reason

    s.log.append(Money(GREEN, Reason.POINTS, vp=99))
    s = engine.apply(s, move(s, "B", Colour.RED, ["R1"]))
    s = engine.apply(s, TakePoints(False))
    assert s.players[GREEN].vp == 100
