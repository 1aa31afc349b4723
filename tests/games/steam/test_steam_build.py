"""Building track in Steam (S-K1-S-K16, S-A5, S-A7, S-A9, S-A10, S-B4, S-B5): the rulebook's
building examples (EX-05-EX-12, EX-26-EX-29) on the test map ``steam-row.yaml`` (Albany, a
river hex, the town of Poughkeepsie with a river, a river hex and New York in a row;
Hartford and the town of New Haven to the north-east) and one test per rule."""

from __future__ import annotations

import pytest
from steamhelp import (
    at_build,
    at_select,
    chain,
    game,
    h,
    key,
    links_of,
    put,
    put_paths,
    run,
)

from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules.actions import (
    ChooseTile,
    Declare,
    EndBuild,
    ForgoSpecial,
    LayTile,
    PlaceNewCity,
    RedirectTile,
    UpgradeTile,
    UrbanGrowth,
)
from rail_app.games.steam.rules.board import Colour, cubes_of
from rail_app.games.steam.rules.events import LinkClaimed, LinkLost, SpecialLapsed
from rail_app.games.steam.rules.links import NOBODY, EndKind
from rail_app.games.steam.rules.state import ActionTile, GameState, Special
from rail_app.games.steam.rules.tiles import with_paths

ALEX, JOAN, DAVID = 0, 1, 2


def lay(state: GameState, where: str, paths: list[tuple[int, int]]) -> LayTile:
    o = with_paths(paths)
    assert o is not None
    return LayTile(key(state, where), o.face, o.rotation)


def upgrade(state: GameState, where: str, paths: list[tuple[int, int]]) -> UpgradeTile:
    o = with_paths(paths)
    assert o is not None
    return UpgradeTile(key(state, where), o.face, o.rotation)


def redirect(state: GameState, where: str, paths: list[tuple[int, int]]) -> RedirectTile:
    o = with_paths(paths)
    assert o is not None
    return RedirectTile(key(state, where), o.face, o.rotation)


def diagram_turn() -> GameState:
    """Turn 1 of the rulebook's building diagrams: Alex (First Build), Joan (Engineer) and
    David (Urbanization, declared and paid in phase 1)."""
    s = game("row", 3)
    s = at_build(s, ALEX, tiles={ALEX: ActionTile.FIRST_BUILD, JOAN: ActionTile.ENGINEER,
                                DAVID: ActionTile.URBANIZATION}, order=[ALEX, JOAN, DAVID])
    s.special[DAVID] = Special.PENDING
    return s


# -- the rulebook's examples ---------------------------------------------------------------------


def test_EX_06_build_costs_diagram_1() -> None:
    """EX-06 (S-K7, S-K11, S-K4): Alex, First Build, lays a straight in the river hex a ($2 +
    $1), the straight town tile T21 in Poughkeepsie ($2 + $1 town + $1 river) and a straight
    in the river hex c ($3): $10, 3 tile actions, the limit; two complete links."""
    s = diagram_turn()
    costs = []
    for action in (lay(s, "1,0", [(0, 3)]), lay(s, "Poughkeepsie", [(0, 6), (3, 6)]),
                   lay(s, "3,0", [(0, 3)])):
        q = engine.quote(s, action)
        assert q.ok, q.violations
        costs.append(q.cost)
        s = engine.apply(s, action)
    assert costs == [3, 4, 3]
    assert s.build is not None and s.build.spent == 10 and s.build.used == 3
    assert s.tiles[h(s, "Poughkeepsie")].face == "T21"
    fourth = engine.quote(s, lay(s, "0,1", [(0, 4)]))
    assert fourth.rules == ["S-K4"]
    assert links_of(s, ALEX) == [("Albany", "Poughkeepsie", True),
                                 ("New York", "Poughkeepsie", True)]


def test_EX_07_S_A5_build_costs_diagram_2_engineer() -> None:
    """EX-07 (S-K7, S-A5): Joan, with Engineer, builds one link Albany-New York with four
    tiles: a curve in a hill hex ($2 + $2), two straights ($2 each), a gentle curve into New
    York ($2): $10, 4 tile actions, one complete link."""
    s = diagram_turn()
    s = engine.apply(s, EndBuild())  # Alex builds nothing this time
    assert engine.to_act(s) == JOAN
    steps = [lay(s, "0,1", [(0, 4)]), lay(s, "1,1", [(0, 3)]), lay(s, "2,1", [(0, 3)]),
             lay(s, "3,1", [(3, 5)])]
    costs = []
    for action in steps:
        q = engine.quote(s, action)
        assert q.ok, q.violations
        costs.append(q.cost)
        s = engine.apply(s, action)
    assert costs == [4, 2, 2, 2] and sum(costs) == 10
    assert s.build is not None and s.build.used == 4
    assert links_of(s, JOAN) == [("Albany", "New York", True)]
    assert engine.quote(s, lay(s, "-1,1", [(1, 5)])).rules == ["S-K4"]


def test_EX_08_build_costs_diagram_3_urbanization() -> None:
    """EX-08 (S-K7, S-A9, S-A10): David takes Urbanization in phase 1 and pays $6; he lays a
    straight from Albany ($2), a gentle curve in a hill hex into Hartford ($2 + $2), a curve
    from Hartford toward the town of New Haven, which has no tile ($2, incomplete), then a grey
    New City on New Haven completes Hartford-New Haven: $14 in all, two links."""
    s = at_select(game("row", 3), DAVID)
    cash, income = s.players[DAVID].cash, s.players[DAVID].income
    s = run(s, [ChooseTile(ActionTile.URBANIZATION), Declare(True)])
    paid = (cash - s.players[DAVID].cash) + 5 * (income - s.players[DAVID].income)
    assert paid == 6
    s = at_build(s, DAVID)
    costs = []
    for action in (lay(s, "1,-1", [(2, 5)]), lay(s, "2,-2", [(0, 2)]),
                   lay(s, "3,-1", [(0, 4)])):
        q = engine.quote(s, action)
        assert q.ok, q.violations
        costs.append(q.cost)
        s = engine.apply(s, action)
    assert costs == [2, 4, 2]
    assert links_of(s, DAVID) == [("Albany", "Hartford", True), ("Hartford", "", False)]
    s = engine.apply(s, PlaceNewCity(key(s, "New Haven"), Colour.GREY, 0))
    assert links_of(s, DAVID) == [("Albany", "Hartford", True), ("Hartford", "New Haven", True)]
    assert sum(costs) + paid == 14
    assert s.build is not None and s.build.used == 3  # the New City is no tile action


def test_EX_05_urbanization_is_no_tile_action() -> None:
    """EX-05 (S-A9, S-K4): with Urbanization a player lays two tiles and puts a New City on
    Poughkeepsie, completing two links; a third tile action is still allowed."""
    s = at_build(game("row", 3), ALEX, tiles={ALEX: ActionTile.URBANIZATION})
    s.special[ALEX] = Special.PENDING
    s = run(s, [lay(s, "1,0", [(0, 3)]), lay(s, "3,0", [(0, 3)])])
    assert [c for _, _, c in links_of(s, ALEX)] == [False, False]
    s = engine.apply(s, PlaceNewCity(key(s, "Poughkeepsie"), Colour.PURPLE, 1))
    assert links_of(s, ALEX) == [("Albany", "Poughkeepsie", True),
                                 ("New York", "Poughkeepsie", True)]
    assert engine.quote(s, lay(s, "0,1", [(0, 4)])).ok


def test_EX_09_cost_classes_by_exits() -> None:
    """EX-09 (S-K13, S-K7): $1 per exit: straights and gentle curves $2; a one-spoke town tile
    $1 + $1 town; a three-spoke town tile $3 + $1; a 4-exit tile $4; a four-spoke town tile
    $4 + $1 (quoted on plain hexes without river: (2,1) and the town Cinque)."""
    from rail_app.games.steam.rules.tiles import FACES

    assert [FACES[f].base_cost for f in ("#21", "#22", "T11", "T31", "#41", "T41")] == \
        [2, 2, 2, 4, 4, 5]
    s = at_build(game("small", 3), ALEX)
    assert engine.quote(s, lay(s, "2,1", [(0, 3)])).cost == 2
    assert engine.quote(s, lay(s, "2,1", [(1, 3)])).cost == 2
    assert engine.quote(s, lay(s, "2,1", [(0, 3), (1, 4)])).cost == 4
    assert engine.quote(s, lay(s, "Cinque", [(5, 6)])).cost == 2
    assert engine.quote(s, lay(s, "Cinque", [(1, 6), (3, 6), (5, 6)])).cost == 4
    assert engine.quote(s, lay(s, "Cinque", [(0, 6), (2, 6), (3, 6), (5, 6)])).cost == 5


def test_EX_10_redirect_costs_exits_only() -> None:
    """EX-10 (S-K15): redirecting the last tile of an incomplete link to a 2-exit face costs
    $2 whatever the terrain (here a hill hex), and it is one of the tile actions."""
    s = at_build(game("row", 3), JOAN)
    s.players[JOAN].built = True
    put_paths(s, "0,1", [(0, 4)], JOAN)  # from Albany, toward (1,1)
    action = redirect(s, "0,1", [(1, 4)])  # now toward (0,2)
    q = engine.quote(s, action)
    assert q.ok, q.violations
    assert q.cost == 2
    s = engine.apply(s, action)
    assert s.build is not None and s.build.used == 1
    assert s.tiles[h(s, "0,1")].paths == ((1, 4),)


def test_EX_11_crossing_a_rival() -> None:
    """EX-11 (S-K16): black's gentle curve lies in the river hex a, across green's way;
    green replaces it with a crossing face that keeps the curve and adds a straight: $4 (4
    exits; the river is not charged). Black's link is unchanged; green's link is extended."""
    s = at_build(game("row", 3), ALEX)  # green = Alex, black = Joan
    s.players[ALEX].built = True
    put_paths(s, "1,0", [(3, 5)], JOAN)  # black: Albany -> a -> toward (2,-1)
    put_paths(s, "1,-1", [(1, 2)], ALEX)  # green: Albany -> (1,-1) -> facing a from above
    black = s.links().link_of(h(s, "1,0"), (3, 5))
    cross = upgrade(s, "1,0", [(3, 5), (1, 4)])
    q = engine.quote(s, cross)
    assert q.ok, q.violations
    assert q.cost == 4 and s.tiles[h(s, "1,0")].face == "#22"
    s = engine.apply(s, cross)
    assert s.tiles[h(s, "1,0")].face == "#42"
    assert s.links().link_of(h(s, "1,0"), (3, 5)).paths == black.paths
    assert s.links().link_of(h(s, "1,0"), (3, 5)).owner == JOAN
    green = s.links().link_of(h(s, "1,0"), (1, 4))
    assert green.owner == ALEX and len(green.paths) == 2


def test_EX_12_complex_tile_in_an_empty_hex() -> None:
    """EX-12 (S-K7, S-K8): beside Hartford green lays a tile with two separate paths in an
    empty river hex: one extends green's link from Hartford, the other starts a new link from
    the grey New City next to it. $4 + $1 river = $5."""
    s = at_build(game("row", 3), ALEX)
    s.players[ALEX].built = True
    nh = h(s, "New Haven")
    s.city_hexes.add(nh)
    s.new_cities[nh] = Colour.GREY
    s.growth.add(nh)
    s.new_city_supply = (1, 1, 1, 1, 3)
    s.cubes[nh] = (0, 0, 0, 0, 0)
    put_paths(s, "4,-3", [(1, 2)], ALEX)  # from Hartford, facing (4,-2)
    assert links_of(s, ALEX) == [("Hartford", "", False)]
    action = lay(s, "4,-2", [(0, 4), (1, 2)])  # (0,4) extends it; (1,2) leaves New Haven
    q = engine.quote(s, action)
    assert q.ok, q.violations
    assert q.cost == 5
    s = engine.apply(s, action)
    assert links_of(s, ALEX) == [("Hartford", "", False), ("New Haven", "", False)]


def test_EX_26_legal_and_illegal_building() -> None:
    """EX-26 (S-K5, S-K8, S-K10, S-B4): legal: extending one's link (A), a new link from a city
    (B). Illegal: a link back into its own city (C), track into a thick black side (D) or off
    the map (F), track joined to no city (E), a tile off the hexes (G), a tile on a city (H)."""
    s = at_build(game("row", 3), ALEX, tiles={ALEX: ActionTile.ENGINEER})
    s = engine.apply(s, lay(s, "1,-1", [(1, 2)]))  # from Albany, curving toward a
    assert engine.quote(s, lay(s, "1,0", [(4, 1)])).ok  # A
    assert engine.quote(s, lay(s, "3,1", [(5, 2)])).ok  # B, from New York
    assert engine.quote(s, lay(s, "1,0", [(3, 4)])).rules == ["S-K10"]  # C
    assert engine.quote(s, lay(s, "5,-1", [(1, 2)])).rules == ["S-B4"]  # D, from New York
    assert engine.quote(s, lay(s, "6,-4", [(1, 5)])).rules == ["S-B4"]  # F, from Providence
    assert engine.quote(s, lay(s, "Pittsfield", [(0, 6)])).rules == ["S-K8"]  # E
    assert engine.quote(s, lay(s, "0,-2", [(0, 3)])).rules == ["S-K8"]  # E
    assert engine.quote(s, LayTile("9,9", "#21", 0)).rules == ["S-K5"]  # G
    assert engine.quote(s, LayTile(key(s, "Albany"), "#21", 0)).rules == ["S-K5"]  # H


def ex27_position() -> GameState:
    """Poughkeepsie with a three-spoke tile: black (Joan) controls the link from Albany into
    it and an incomplete link leaving it south-west; link A, leaving it north-east, is
    uncontrolled."""
    s = game("row", 3)
    put_paths(s, "1,0", [(0, 3)], JOAN)
    put_paths(s, "Poughkeepsie", [(2, 6), (3, 6), (5, 6)], (JOAN, JOAN, NOBODY))
    put_paths(s, "1,1", [(3, 5)], JOAN)
    put_paths(s, "3,-1", [(2, 5)], NOBODY)
    s.players[JOAN].built = True
    s.players[ALEX].built = True
    return s


def test_EX_27_losing_an_incomplete_link() -> None:
    """EX-27 (S-K12a): black must extend or complete the incomplete link in its next build
    phase, or lose it."""
    s = at_build(ex27_position(), JOAN)
    sw = s.links().link_of(h(s, "1,1"), s.tiles[h(s, "1,1")].paths[0])
    assert sw.owner == JOAN and not sw.complete
    lost = engine.apply(s, EndBuild())
    assert lost.links().link_of(h(s, "1,1"), s.tiles[h(s, "1,1")].paths[0]).owner == NOBODY
    assert any(isinstance(e, LinkLost) and e.seat == JOAN for e in lost.log)
    kept = engine.apply(s, lay(s, "0,1", [(0, 3)]))  # extends it toward (-1,1)
    kept = engine.apply(kept, EndBuild())
    assert kept.links().link_of(h(s, "1,1"), s.tiles[h(s, "1,1")].paths[0]).owner == JOAN


def test_EX_27_only_black_may_claim_link_a() -> None:
    """EX-27 (S-K12c, S-K12d): link A is uncontrolled and leaves a town; only black controls
    another link at that town, so only black may claim it (by extending it)."""
    s = ex27_position()
    extend_a = lay(s, "4,-2", [(2, 5)])  # joins link A's open end from the south-west
    green = at_build(s.copy(), ALEX)
    assert "S-K12" in engine.quote(green, extend_a).rules
    black = at_build(s.copy(), JOAN)
    assert engine.quote(black, extend_a).ok
    black = engine.apply(black, extend_a)
    assert black.links().link_of(h(s, "3,-1"), (2, 5)).owner == JOAN
    assert any(isinstance(e, LinkClaimed) for e in black.log)


def test_EX_29_counting_links() -> None:
    """EX-29 (S-K2, S-K3, S-W2): chains of tiles from city to town, town to city and city to
    city are one link each, one marker each. Orange controls 2 complete links and 1
    incomplete one, green 2 complete ones: at the end both score 2 VP for links."""
    from rail_app.games.steam.rules.turns import score

    s = game("small", 3)
    orange, green = ALEX, JOAN
    chain(s, orange, ["Aosta", "2,1", "Tre", "4,1", "Brera"])
    put_paths(s, "6,0", [(0, 3)], orange)  # from Brera toward the town Sette: incomplete
    chain(s, green, ["Dosso", "1,4", "1,5", "Nervi"])
    chain(s, green, ["Nervi", "3,4", "Erbe"])
    assert links_of(s, orange) == [("Aosta", "Tre", True), ("Brera", "", False),
                                   ("Brera", "Tre", True)]
    assert links_of(s, green) == [("Dosso", "Nervi", True), ("Erbe", "Nervi", True)]
    assert score(s, orange).links == 2 and score(s, green).links == 2


# -- one test per rule ---------------------------------------------------------------------------


def test_S_K1_two_paths_of_a_tile_never_join() -> None:
    """S-K1: the crossing tile #41 carries two straights; they are two links, not one."""
    s = game("small", 3)
    put(s, "2,1", "#41", 0, ALEX)  # 0-3 and 1-4
    assert len(s.links().links) == 2


def test_S_K2_ends_of_links() -> None:
    """S-K2 (D-6): an end facing a city is a city end; facing a town hex without a tile, or a
    tile without track on that side, it is open; a spoke's inner end is a town."""
    s = game("row", 3)
    put(s, "1,0", "#21", 0, ALEX)  # Albany - (faces Poughkeepsie, no tile yet)
    link = s.links().link_of(h(s, "1,0"), (0, 3))
    kinds = sorted((link.a.kind, link.b.kind))
    assert kinds == [EndKind.CITY, EndKind.OPEN] and not link.complete
    put(s, "Poughkeepsie", "T11", 3, ALEX)  # a spoke on side 3: toward a
    link = s.links().link_of(h(s, "1,0"), (0, 3))
    assert sorted((link.a.kind, link.b.kind)) == [EndKind.CITY, EndKind.TOWN] and link.complete
    put(s, "Poughkeepsie", "T11", 0, ALEX)  # the spoke now faces c: a's track meets nothing
    link = s.links().link_of(h(s, "1,0"), (0, 3))
    assert not link.complete


def test_S_K3_a_complete_link_is_never_lost() -> None:
    """S-K3/S-K12f: at the end of a build phase a complete link stays with its controller
    (only incomplete ones can be lost)."""
    s = at_build(game("row", 3), ALEX)
    chain(s, ALEX, ["Albany", "1,-1", "2,-2", "Hartford"])
    s = engine.apply(s, EndBuild())
    assert links_of(s, ALEX) == [("Albany", "Hartford", True)]


def test_S_K4_tile_action_limit_and_engineer() -> None:
    """S-K4/S-A5: 3 tile actions without Engineer (EX-06, EX-07: 4 with it)."""
    s = at_build(game("small", 3), ALEX)
    s = run(s, [lay(s, "2,1", [(0, 3)]), lay(s, "0,2", [(1, 5)]), lay(s, "0,1", [(0, 4)])])
    assert engine.quote(s, lay(s, "2,0", [(0, 2)])).rules == ["S-K4"]


def test_S_K5_where_tiles_may_lie() -> None:
    """S-K5/S-B6: only town tiles on a town hex, no town tile elsewhere, one tile a hex."""
    s = at_build(game("row", 3), ALEX)
    assert engine.quote(s, lay(s, "Poughkeepsie", [(0, 3)])).rules == ["S-K5"]
    assert engine.quote(s, lay(s, "1,0", [(3, 6)])).rules == ["S-K5"]
    s = engine.apply(s, lay(s, "1,0", [(0, 3)]))
    assert engine.quote(s, lay(s, "1,0", [(0, 3)])).rules == ["S-K5"]


def test_S_K6_S_K14_the_double_sided_supply() -> None:
    """S-K6/S-K14: a face is laid only while a piece can show it: with four T11 on the map no
    fifth; with two #44 and four #45 out, no third #44 (#44 and #45 share 6 pieces)."""
    s = at_build(game("small", 3), ALEX)
    assert engine.quote(s, lay(s, "Cinque", [(5, 6)])).ok
    s.face_counts["T11"] = 4
    assert engine.quote(s, lay(s, "Cinque", [(5, 6)])).rules == ["S-K14"]
    s.face_counts.update({"#44": 2, "#45": 4})
    assert "S-K14" in engine.quote(s, lay(s, "2,1", [(0, 3), (1, 2)])).rules
    s.face_counts["#45"] = 3
    assert "S-K14" not in engine.quote(s, lay(s, "2,1", [(0, 3), (1, 2)])).rules


def test_S_K7_cost_of_laying_adds_terrain() -> None:
    """S-K7 (D-35): $1 per exit, +$1 town, +$1 river, +$2 hill; hill and river add up. On the
    small map Due is a town with a river; (5,3) a hill with a river."""
    s = at_build(game("small", 3), ALEX)
    assert engine.quote(s, lay(s, "Due", [(0, 6), (3, 6)])).cost == 2 + 1 + 1
    s2 = at_build(game("small", 3), ALEX)
    q = engine.quote(s2, lay(s2, "5,3", [(3, 0)]))  # from Erbe (4,3)
    assert q.cost == 2 + 1 + 2


def test_S_K8_first_track_comes_out_of_a_city() -> None:
    """S-K8 (D-16): a player's first tile action adds a path ending in a city, so picking up
    an abandoned link from a city is not enough the first time."""
    s = at_build(game("row", 3), ALEX)
    put_paths(s, "1,-1", [(1, 2)], NOBODY)  # abandoned: from Albany, facing a
    join = lay(s, "1,0", [(4, 1)])
    assert engine.quote(s, join).rules == ["S-K8"]
    s.players[ALEX].built = True
    assert engine.quote(s, join).ok  # later, claiming it is fine


def test_S_K8_a_town_must_be_joined_to_a_city_by_own_complete_links() -> None:
    """S-K8: a new link may start from a town only when the builder's complete links join the
    town to a city; a town tile whose other spoke completes such a link counts at once."""
    s = at_build(game("row", 3), ALEX)
    s.players[ALEX].built = True
    alone = lay(s, "Pittsfield", [(0, 6)])
    assert engine.quote(s, alone).rules == ["S-K8"]
    s = engine.apply(s, lay(s, "1,0", [(0, 3)]))
    both = lay(s, "Poughkeepsie", [(3, 6), (0, 6)])  # completes Albany-P, starts P-c
    assert engine.quote(s, both).ok


def test_S_K9_no_joining_another_players_link_but_blocking_is_allowed() -> None:
    """S-K9 (D-15): a path may not join another player's link; a tile in the hex their open
    end points at, using other sides, is allowed and blocks them."""
    s = at_build(game("row", 3), ALEX)
    put_paths(s, "1,-1", [(0, 2)], JOAN)  # Joan: Albany -> (1,-1) -> facing (2,-1)
    assert engine.quote(s, lay(s, "2,-1", [(3, 5)])).rules == ["S-K9"]
    assert engine.quote(s, lay(s, "2,-1", [(1, 5)])).ok  # from Hartford: blocks Joan


def test_S_K10_no_loops() -> None:
    """S-K10: a link may not begin and end in the same city."""
    s = at_build(game("row", 3), ALEX)
    s.players[ALEX].built = True
    put_paths(s, "1,-1", [(1, 2)], ALEX)
    assert engine.quote(s, lay(s, "1,0", [(3, 4)])).rules == ["S-K10"]


def test_S_K11_a_spoke_completes_another_players_link() -> None:
    """S-K11 (D-17): the builder pays for every spoke; a spoke meeting another player's
    arriving track completes that player's link and is theirs."""
    s = at_build(game("row", 3), ALEX)
    put_paths(s, "3,0", [(0, 3)], JOAN)  # Joan: New York -> c -> facing Poughkeepsie
    s = engine.apply(s, lay(s, "1,0", [(0, 3)]))
    q = engine.quote(s, lay(s, "Poughkeepsie", [(0, 6), (3, 6)]))
    assert q.ok and q.cost == 4
    s = engine.apply(s, lay(s, "Poughkeepsie", [(0, 6), (3, 6)]))
    assert links_of(s, ALEX) == [("Albany", "Poughkeepsie", True)]
    assert links_of(s, JOAN) == [("New York", "Poughkeepsie", True)]


def test_S_K12_deadline_and_claims() -> None:
    """S-K12: see EX-27; also a claimed link counts as claimed this phase and is kept."""
    s = at_build(ex27_position(), JOAN)
    s = engine.apply(s, lay(s, "4,-2", [(2, 5)]))  # claims link A
    s = engine.apply(s, EndBuild())
    a = s.links().link_of(h(s, "3,-1"), s.tiles[h(s, "3,-1")].paths[0])
    assert a.owner == JOAN


def test_S_K15_redirect_rules() -> None:
    """S-K15: only the last tile of an incomplete link, keeping its entry side, never another
    player's link; a redirect is not an extension (S-K12b): the link is lost at the end."""
    s = at_build(game("row", 3), ALEX)
    s.players[ALEX].built = True
    put_paths(s, "1,-1", [(2, 5)], ALEX)  # from Albany toward (2,-2)
    assert engine.quote(s, redirect(s, "1,-1", [(0, 2)])).ok
    assert engine.quote(s, redirect(s, "1,-1", [(0, 5)])).rules == ["S-K15"]  # entry moved
    s.tiles[h(s, "1,-1")] = s.tiles[h(s, "1,-1")].with_owners({(2, 5): JOAN})
    s.track_changed()
    assert engine.quote(s, redirect(s, "1,-1", [(0, 2)])).rules == ["S-K15"]
    s.tiles[h(s, "1,-1")] = s.tiles[h(s, "1,-1")].with_owners({(2, 5): ALEX})
    s.track_changed()
    s = engine.apply(s, redirect(s, "1,-1", [(0, 2)]))
    s = engine.apply(s, EndBuild())
    assert links_of(s, ALEX) == []


def test_S_K15_a_town_tile_is_never_redirected() -> None:
    """S-K15a: town tiles are upgraded, never redirected."""
    s = at_build(game("row", 3), ALEX)
    put_paths(s, "1,0", [(0, 3)], ALEX)
    put_paths(s, "Poughkeepsie", [(3, 6), (0, 6)], ALEX)
    assert engine.quote(s, redirect(s, "Poughkeepsie", [(3, 6), (1, 6)])).rules == ["S-K15"]


def test_S_K16_upgrade_keeps_paths_and_costs_exits() -> None:
    """S-K16: an upgrade keeps every path and adds one; it costs exits (+$1 town), no
    terrain; the old paths keep their owner."""
    s = at_build(game("row", 3), ALEX)
    s.players[ALEX].built = True
    put_paths(s, "1,0", [(0, 3)], JOAN)
    put_paths(s, "0,1", [(4, 5)], ALEX)  # Alex: Albany -> (0,1) -> facing a
    q = engine.quote(s, upgrade(s, "1,0", [(0, 3), (2, 4)]))
    assert q.ok and q.cost == 4
    assert engine.quote(s, upgrade(s, "1,0", [(1, 4), (2, 5)])).rules == ["S-K16"]
    s = engine.apply(s, upgrade(s, "1,0", [(0, 3), (2, 4)]))
    assert s.tiles[h(s, "1,0")].owner_of((0, 3)) == JOAN
    s2 = at_build(game("row", 3), ALEX)
    s2.players[ALEX].built = True
    put_paths(s2, "1,0", [(0, 3)], ALEX)
    put_paths(s2, "Poughkeepsie", [(3, 6)], ALEX)
    q2 = engine.quote(s2, upgrade(s2, "Poughkeepsie", [(3, 6), (0, 6)]))
    assert q2.ok and q2.cost == 2 + 1


def test_S_A7_urban_growth_in_the_build_phase() -> None:
    """S-A7 (D-10): the cubes of one reserve space go on a printed city without a counter,
    with a counter; not twice on a city; a declared one must be carried out (Basic)."""
    s = at_build(game("row", 3), ALEX, tiles={ALEX: ActionTile.URBAN_GROWTH})
    s.special[ALEX] = Special.PENDING
    assert engine.quote(s, EndBuild()).rules == ["S-A7"]
    assert engine.quote(s, ForgoSpecial()).rules == ["S-A7"]
    albany = key(s, "Albany")
    space = next(i for i, sp in enumerate(s.reserve) if sum(sp))
    before = sum(s.cubes[h(s, "Albany")])
    got = sum(s.reserve[space])
    s = engine.apply(s, UrbanGrowth(albany, space))
    assert sum(s.cubes[h(s, "Albany")]) == before + got and sum(s.reserve[space]) == 0
    assert h(s, "Albany") in s.growth and s.special[ALEX] is Special.DONE
    assert engine.quote(s, EndBuild()).ok


def test_S_A7_a_declared_urban_growth_lapses_when_the_reserve_is_empty() -> None:
    """S-A7 (D-24): with no cubes left in the reserve the declared Urban Growth lapses at the
    end of the build phase; nothing is refunded."""
    s = at_build(game("row", 3), ALEX, tiles={ALEX: ActionTile.URBAN_GROWTH})
    s.special[ALEX] = Special.PENDING
    s.bag = cubes_of([b + sum(sp[i] for sp in s.reserve) for i, b in enumerate(s.bag)])
    s.reserve = [(0, 0, 0, 0, 0)] * len(s.reserve)
    assert engine.quote(s, EndBuild()).ok
    s = engine.apply(s, EndBuild())
    assert any(isinstance(e, SpecialLapsed) for e in s.log)


def test_S_A9_new_city_on_a_town_with_a_tile() -> None:
    """S-A9/S-A10: a New City replaces a town tile (back to the supply); links that ended in
    the town end in the city; a link that was only a spoke is gone; a New City can't grow."""
    s = at_build(game("row", 3), ALEX, tiles={ALEX: ActionTile.URBANIZATION})
    s.special[ALEX] = Special.PENDING
    chain(s, ALEX, ["Albany", "1,0", "Poughkeepsie"])
    put(s, "Poughkeepsie", "T21", 0, ALEX)  # spokes 0 and 3: a spoke alone toward c
    assert [c for _, _, c in links_of(s, ALEX)] == [True, False]
    s = engine.apply(s, PlaceNewCity(key(s, "Poughkeepsie"), Colour.BLUE, 0))
    assert links_of(s, ALEX) == [("Albany", "Poughkeepsie", True)]
    assert h(s, "Poughkeepsie") not in s.tiles and s.face_counts["T21"] == 0
    assert h(s, "Poughkeepsie") in s.growth


def test_S_A10_new_city_claims_only_a_claimable_link() -> None:
    """S-A10 (D-20): a New City completes an uncontrolled link facing it; the placer claims it
    only if they may (its other end a city), else it stays uncontrolled for good."""
    s = at_build(game("row", 3), ALEX, tiles={ALEX: ActionTile.URBANIZATION})
    s.special[ALEX] = Special.PENDING
    put_paths(s, "1,0", [(0, 3)], NOBODY)  # from Albany: claimable
    s = engine.apply(s, PlaceNewCity(key(s, "Poughkeepsie"), Colour.RED, 0))
    assert links_of(s, ALEX) == [("Albany", "Poughkeepsie", True)]


def test_S_S8_standard_urban_growth_may_be_given_up() -> None:
    """S-S8 (D-34): in the Standard game the holder may give up Urban Growth in the build
    phase, and must either carry it out or give it up before ending it."""
    s = at_build(game("row", 3, options={"game": "standard"}), ALEX,
                 tiles={ALEX: ActionTile.URBAN_GROWTH})
    s.special[ALEX] = Special.PENDING
    assert engine.quote(s, EndBuild()).rules == ["S-S8"]
    s = engine.apply(s, ForgoSpecial())
    assert s.special[ALEX] is Special.PASSED and engine.quote(s, EndBuild()).ok


def test_declare_is_not_a_build_action() -> None:
    """Wrong moment: declaring perform or pass belongs to phase 1 (S-A7)."""
    s = at_build(game("row", 3), ALEX)
    q = engine.quote(s, Declare(True))
    assert q.wrong_moment and len(q.violations) == 1


@pytest.mark.parametrize("seat", [ALEX, JOAN, DAVID])
def test_S_K8_legal_builds_all_touch_a_city_or_own_track(seat: int) -> None:
    """S-K8: every tile action legal_actions offers at the start of a game comes out of a
    city."""
    s = at_build(game("small", 3), seat)
    for a in engine.legal_actions(s):
        if isinstance(a, LayTile):
            after = engine.apply(s, a)
            assert links_of(after, seat), a


def test_legal_actions_lists_every_legal_tile_action() -> None:
    """The bound of legal_actions is complete: at build steps of seeded games, every lay,
    upgrade and redirect the engine would accept (every face, rotation and hex tried) is in
    legal_actions, and everything there is accepted (S-K4-S-K16)."""
    from rail_app.games.steam.ai.simple import GreedyBot, RandomBot
    from rail_app.games.steam.rules.state import Step
    from rail_app.games.steam.rules.tiles import ALL_ORIENTATIONS

    s = game("small", 4, seed=9)
    bots = [GreedyBot(1), RandomBot(2), GreedyBot(3), RandomBot(4)]
    checked = 0
    while not s.over and checked < 4:
        seat = engine.to_act(s)
        assert seat is not None
        if s.step is Step.BUILD and s.turn >= 2 and len(s.history) % 3 == 0:
            listed = {a for a in engine.legal_actions(s)
                      if isinstance(a, (LayTile, UpgradeTile, RedirectTile))}
            found = set()
            for info in s.board.hexes:
                for o in ALL_ORIENTATIONS:
                    for cls in (LayTile, UpgradeTile, RedirectTile):
                        a = cls(info.key, o.face, o.rotation)
                        if engine.quote(s, a).ok:
                            found.add(a)
            assert found == listed
            checked += 1
        s = engine.apply(s, bots[seat].choose(s, seat), seat)
    assert checked == 4


def test_a_quote_lists_every_violation() -> None:
    """A quote returns all the violations: a tile on an occupied hex (S-K5) beyond the tile
    limit (S-K4) that the player cannot pay for (S-M5) names all three."""
    s = at_build(game("row", 3), ALEX)
    s = run(s, [lay(s, "1,0", [(0, 3)]), lay(s, "3,0", [(0, 3)]), lay(s, "1,-1", [(2, 5)])])
    p = s.players[ALEX]
    p.cash, p.income, p.vp = 0, -10, 0
    assert engine.quote(s, lay(s, "1,0", [(0, 3)])).rules == ["S-K5", "S-K4", "S-M5"]
