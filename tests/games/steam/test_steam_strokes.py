"""From a pen stroke to tile actions (``strokes.tile_for`` and ``plan_stroke``): the engine
chooses the tile for each hex a stroke crosses, and quotes each step on the state the
previous steps leave (S-K7, S-K11, S-K15, S-K16)."""

from __future__ import annotations

from steamhelp import at_build, game, h, key, links_of, put_paths

from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules.actions import LayTile, RedirectTile, UpgradeTile
from rail_app.games.steam.rules.links import NOBODY
from rail_app.games.steam.rules.strokes import ChoiceKind, plan_stroke, tile_for

ALEX, JOAN = 0, 1


def test_a_straight_and_curves_in_empty_hexes() -> None:
    """S-K7: an empty plain hex gets the one path the stroke asks for, priced with terrain."""
    s = at_build(game("row", 3), ALEX)
    c = tile_for(s, "1,0", 3, 0)  # a, from Albany straight on: a river hex
    assert c.kind is ChoiceKind.LAY and c.action == LayTile("1,0", "#21", 0)
    assert c.quote is not None and c.quote.ok and c.quote.cost == 3
    gentle = tile_for(s, "0,1", 4, 0)  # the hill hex, a gentle curve
    assert gentle.action is not None and gentle.action.face == "#22"
    assert gentle.quote is not None and gentle.quote.cost == 4
    sharp = tile_for(s, "1,-1", 2, 1)
    assert sharp.action is not None and sharp.action.face == "#23"


def test_a_town_gets_a_town_tile_with_the_sides_used() -> None:
    """S-K11: through a town, the two-spoke town tile of the stroke's angle; ending in it, the
    one-spoke tile."""
    s = at_build(game("row", 3), ALEX)
    town = key(s, "Poughkeepsie")
    through = tile_for(s, town, 3, 0)
    assert through.action is not None and through.action.face == "T21"
    ends = tile_for(s, town, 3, None)
    assert ends.action is not None and ends.action.face == "T11"


def test_a_stroke_across_a_rivals_curve_upgrades_to_a_crossing() -> None:
    """S-K16 (EX-11): across another player's curve the stroke asks for the crossing face,
    priced by its exits only."""
    s = at_build(game("row", 3), ALEX)
    s.players[ALEX].built = True
    put_paths(s, "1,0", [(3, 5)], JOAN)
    put_paths(s, "1,-1", [(1, 2)], ALEX)
    c = tile_for(s, "1,0", 4, 1)
    assert c.kind is ChoiceKind.UPGRADE and isinstance(c.action, UpgradeTile)
    assert c.action.face == "#42" and c.quote is not None and c.quote.ok and c.quote.cost == 4


def test_a_new_exit_for_ones_own_last_tile_is_a_redirect() -> None:
    """S-K15 (EX-10): the stroke enters the last tile of one's incomplete link by the same
    side and leaves by another: the tile is redirected for its exits."""
    s = at_build(game("row", 3), ALEX)
    s.players[ALEX].built = True
    put_paths(s, "0,1", [(0, 4)], ALEX)
    c = tile_for(s, "0,1", 4, 1)
    assert c.kind is ChoiceKind.REDIRECT and isinstance(c.action, RedirectTile)
    assert c.quote is not None and c.quote.ok and c.quote.cost == 2


def test_existing_track_and_nothing_fitting() -> None:
    """A stroke along one's own track asks for nothing; a side already taken asks for what no
    tile can give, with the rule that says so (S-K16); a city takes no tile (S-K5)."""
    s = at_build(game("row", 3), ALEX)
    put_paths(s, "1,0", [(0, 3)], JOAN)
    other = tile_for(s, "1,0", 3, 1)  # Joan's incomplete link: a redirect, refused
    assert other.kind is ChoiceKind.REDIRECT and other.quote is not None
    assert other.quote.rules == ["S-K15"]
    put_paths(s, "Poughkeepsie", [(3, 6)], JOAN)  # now complete
    assert tile_for(s, "1,0", 3, 0).kind is ChoiceKind.EXISTING
    none = tile_for(s, "1,0", 3, 1)
    assert none.kind is ChoiceKind.NONE and none.rule == "S-K16"
    assert tile_for(s, key(s, "Albany"), 0, 3).rule == "S-K5"
    assert tile_for(s, "1,-1", 4, 4).rule == "S-K1"


def test_plan_stroke_EX_06_by_pen() -> None:
    """EX-06 drawn as one stroke Albany-a-Poughkeepsie-c-New York: three lays, $3, $4, $3,
    each legal on the state the earlier ones leave; the state given is untouched."""
    s = at_build(game("row", 3), ALEX)
    before = (dict(s.tiles), len(s.log))
    hexes = [key(s, n) for n in ("Albany", "1,0", "Poughkeepsie", "3,0", "New York")]
    plan = plan_stroke(s, hexes)
    assert [c.kind for c in plan] == [ChoiceKind.LAY] * 3
    assert [c.quote.cost for c in plan if c.quote is not None] == [3, 4, 3]
    assert all(c.ok for c in plan)
    assert (dict(s.tiles), len(s.log)) == before
    for c in plan:
        assert c.action is not None
        s = engine.apply(s, c.action)
    assert links_of(s, ALEX) == [("Albany", "Poughkeepsie", True),
                                 ("New York", "Poughkeepsie", True)]


def test_plan_stroke_refuses_a_fourth_tile_and_gaps() -> None:
    """S-K4: the fourth tile of a stroke is refused; hexes that do not touch are named."""
    s = at_build(game("row", 3), ALEX)
    plan = plan_stroke(s, [key(s, "Albany"), "0,1", "1,1", "2,1", "3,1", key(s, "New York")])
    assert [c.ok for c in plan] == [True, True, True, False]
    assert plan[3].quote is not None and plan[3].quote.rules == ["S-K4"]
    gap = plan_stroke(s, [key(s, "Albany"), "1,0", "3,0"])
    assert gap[-1].rule == "S-K1"


def test_a_stroke_over_abandoned_track_claims_it() -> None:
    """S-K12d: a stroke continuing an abandoned link from a city claims it."""
    s = at_build(game("row", 3), ALEX)
    s.players[ALEX].built = True
    put_paths(s, "1,-1", [(1, 2)], NOBODY)
    plan = plan_stroke(s, [key(s, "Albany"), "1,-1", "1,0", "1,1"])
    assert plan[0].kind is ChoiceKind.EXISTING
    assert plan[1].ok
    assert plan[1].action is not None
    s = engine.apply(s, plan[1].action)
    assert s.links().link_of(h(s, "1,-1"), (1, 2)).owner == ALEX
