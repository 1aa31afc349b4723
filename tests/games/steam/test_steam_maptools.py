"""Steam: Italia and the map author's tools for Steam maps.

The committed map is what tools/build_steam_map.py makes from tools/geodata (byte for byte)
and obeys the map's own rules (cities two hexes apart with two usable sides at least,
Sicily joined by the one side across the strait, every cube at set-up with a city of its
colour to go to); ``validate`` sums a map up or names file, line, key and value;
``render`` draws a picture; ``new_map`` writes a starter that loads; the preview reloads on
save and keeps the last good map while the file is broken.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import deque
from pathlib import Path

import pygame
import pytest

from rail_app.core.geometry import Projection
from rail_app.games.steam.authoring import maptools
from rail_app.games.steam.authoring import preview as pv
from rail_app.games.steam.devtools import mapstats
from rail_app.games.steam.devtools.maptools import main as tools_main
from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules.board import COLOURS, Board, Colour
from rail_app.games.steam.rules.mapfile import MapError, load_board
from rail_app.games.steam.ui import maprender as mr
from rail_app.games.steam.ui import palette as pal
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[3]
MAP = ROOT / "maps" / "steam-italia.yaml"
GEODATA = ROOT / "tools" / "geodata"
PRINTED = (Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.PURPLE)


@pytest.fixture(scope="module")
def italia() -> Board:
    return load_board(MAP)


@pytest.mark.slow
def test_steam_italia_is_what_the_generator_makes(tmp_path: Path) -> None:
    assert GEODATA.is_dir(), f"the map is made from {GEODATA}"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_steam_map.py"),
                    "--geodata", str(GEODATA), "--out", str(tmp_path)],
                   check=True, capture_output=True, cwd=ROOT, timeout=HANG_S)
    for name in ("steam-italia.yaml", "steam-italia.geojson"):
        assert (tmp_path / name).read_bytes() == (ROOT / "maps" / name).read_bytes(), \
            f"maps/{name} is stale: python tools/build_steam_map.py"


def test_maps_holds_steam_italia_and_no_other_steam_map() -> None:
    steam = sorted(p.name for p in (ROOT / "maps").glob("*.yaml")
                   if re.search(r"(?m)^game:\s*steam\s*$", p.read_text(encoding="utf-8")))
    assert steam == ["steam-italia.yaml"]


def test_steam_italia_validates_with_its_summary(italia: Board) -> None:
    info = maptools.validate(MAP)
    assert info["name"] == "Steam: Italia" and info["cities"] == 24
    assert [info[str(c)] for c in PRINTED] == [6, 6, 6, 6]
    assert 100 <= info["hexes"] <= 160, "about the size of the published boards"
    assert info["towns"] >= 15 and info["hills"] >= 20 and info["rivers"] >= 20
    assert info["printed_cubes"] == sum(c.number for c in italia.cities) == 60
    line = maptools.summary_line("maps/steam-italia.yaml", info)
    assert line.startswith("maps/steam-italia.yaml: OK: Steam: Italia: ")
    assert "6 red, 6 blue, 6 yellow, 6 purple" in line
    text = MAP.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=steam-schema.json\n")
    assert "game: steam\n" in text and "Natural Earth" in text and "GeoNames" in text


def _reach(board: Board, start: int, cut: frozenset[int] | None = None) -> set[int]:
    """Hexes reachable over passable sides (S-B4), without crossing the side ``cut``."""
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for s in range(6):
            n = board.nb[h][s]
            if n < 0 or board.blocked[h][s] or n in seen or frozenset((h, n)) == cut:
                continue
            seen.add(n)
            todo.append(n)
    return seen


def test_S_B4_S_B5_every_city_can_be_reached_two_ways_and_sicily_by_one_side(
        italia: Board) -> None:
    """S-B4, S-B5: on Steam: Italia the impassable sides leave every hex reachable, every
    city two usable sides and two hexes from the next, and Sicily one side to the mainland."""
    by_name = {c.name: c.hex for c in italia.cities}
    everything = _reach(italia, by_name["Roma"])
    assert everything == set(range(len(italia.hexes))), "every hex joins the rest"
    for city in italia.cities:
        usable = [s for s in range(6) if not italia.blocked[city.hex][s]]
        assert len(usable) >= 2, f"{city.name}: one link would shut everyone else out"
        others = [c.hex for c in italia.cities if c is not city]
        from rail_app.core.hexgrid import distance
        me = (italia.hexes[city.hex].q, italia.hexes[city.hex].r)
        assert all(distance(me, (italia.hexes[o].q, italia.hexes[o].r)) >= 2 for o in others)
    # the Strait of Messina is the one side whose loss parts Sicily from the mainland
    bridges = []
    for h in range(len(italia.hexes)):
        for s in range(6):
            n = italia.nb[h][s]
            if n > h and not italia.blocked[h][s]:
                cut = frozenset((h, n))
                if by_name["Palermo"] not in _reach(italia, by_name["Roma"], cut):
                    bridges.append((italia.name_of(h), italia.name_of(n)))
    assert len(bridges) == 1 and "Messina" in bridges[0]


def test_S_I1_every_cube_at_setup_has_a_city_of_its_colour_to_go_to(italia: Board) -> None:
    """S-I1: every cube the set-up may draw onto a city of Steam: Italia has a city of its
    colour 2 to 8 hexes away."""
    near = mapstats.nearest_taker(italia)
    for city in italia.cities:
        for colour in PRINTED:
            d = near[(city.hex, colour)]
            assert d is not None and 2 <= d <= 8, (city.name, colour, d)
        assert near[(city.hex, Colour.GREY)] is not None  # a town for a grey New City
    for players in (3, 4, 5, 6):
        counts = mapstats.setup_distances(italia, players, range(5))
        assert all(None not in c for c in counts.values())


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_S_B8_S_I1_the_setup_finds_its_cubes_in_the_bag(italia: Board, players: int) -> None:
    """S-B8, S-I1: the bag of the box holds every cube the set-up draws, at every size of
    table."""
    names = [f"P{i}" for i in range(players)]
    state = engine.new_game(italia, names, {"six_players": players == 6}, seed=players)
    on_cities = sum(sum(c) for c in state.cubes.values())
    in_reserve = sum(sum(c) for c in state.reserve)
    assert on_cities == 60 and in_reserve == 12 * (2 if players == 3 else 3)
    assert min(state.bag) >= 0 and on_cities + in_reserve + sum(state.bag) == 96


def test_the_grid_places_cities_where_they_are(italia: Board) -> None:
    """An equirectangular map's origin is projected: Roma's hex holds Roma."""
    proj = Projection(italia.grid.projection, italia.grid.lon0, italia.grid.lat0)
    roma = next(c for c in italia.cities if c.name == "Roma")
    x, y = mr.hex_centre(italia, roma.hex)
    rx, ry = proj.forward(12.51133, 41.89193)
    assert ((x - rx) ** 2 + (y - ry) ** 2) ** 0.5 < italia.grid.spacing_km / 3 ** 0.5


def _broken(tmp_path: Path, pattern: str, new: str) -> tuple[Path, int]:
    """A copy of the map (and its background) with ``pattern`` replaced once; the line."""
    text = MAP.read_text(encoding="utf-8")
    found = re.search(pattern, text)
    assert found is not None
    line = text[:found.start()].count("\n") + 1
    out = tmp_path / "broken.yaml"
    out.write_text(text[:found.start()] + found.expand(new) + text[found.end():],
                   encoding="utf-8")
    (tmp_path / "steam-italia.geojson").write_bytes(
        (ROOT / "maps" / "steam-italia.geojson").read_bytes())
    return out, line


def test_a_broken_copy_names_file_line_key_and_value(tmp_path: Path) -> None:
    path, line = _broken(tmp_path, r'(name: Roma, at: "[-0-9,]+", colour: )\w+', r"\1pink")
    with pytest.raises(MapError) as err:
        maptools.validate(path)
    first = str(err.value.problems[0])
    assert re.fullmatch(rf"{re.escape(str(path))}:{line}: cities\[\d+\]\.colour: 'pink': "
                        r"not one of red, blue, yellow, purple.*", first), first
    assert tools_main(["validate", str(path)]) == 2
    assert tools_main(["validate", str(path), "--json"]) == 2


def test_a_map_needing_more_cubes_than_the_bag_is_refused(tmp_path: Path) -> None:
    path, _ = _broken(tmp_path, r"(name: Roma, [^}]*number: )4", r"\g<1>5")
    with pytest.raises(MapError, match=r"needs 97 cubes .* but the bag holds 96 \(S-I1\)"):
        maptools.validate(path)


def test_a_broken_background_is_named(tmp_path: Path) -> None:
    path, _ = _broken(tmp_path, "game: steam", "game: steam")  # the map as it is
    (tmp_path / "steam-italia.geojson").write_text('{"type": "FeatureCollection"}',
                                                   encoding="utf-8")
    with pytest.raises(MapError, match="steam-italia.geojson.*not a GeoJSON FeatureCollection"):
        maptools.validate(path)


def test_validate_prints_a_summary_or_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert tools_main(["validate", str(MAP)]) == 0
    assert ": OK: Steam: Italia: " in capsys.readouterr().out
    assert tools_main(["validate", str(MAP), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["cities"] == 24 and info["impassable_sides"] >= 1 and info["edge_sides"] > 50


def test_render_draws_the_map(tmp_path: Path) -> None:
    out = tmp_path / "italia.png"
    w, h = maptools.render(MAP, out, 800)
    assert w == 800 and 700 < h < 1200  # Italy stands taller than it is wide
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (w, h)
    seen = {tuple(picture.get_at((x, y)))[:3] for x in range(0, w, 7) for y in range(0, h, 7)}
    assert len(seen) > 50, "not a blank picture"
    for colour in (pal.SEA, pal.PLAIN, pal.HILL, pal.WALL, *(pal.CITY[c] for c in PRINTED)):
        assert colour in seen, colour
    with pytest.raises(ValueError):
        maptools.render(MAP, out, 100)


def test_the_map_layer_draws_at_any_view(italia: Board) -> None:
    """The game screen draws the map under its track at its own pan and zoom."""
    background = mr.load_background(italia, MAP)
    surface = pygame.Surface((400, 300))
    roma = next(c for c in italia.cities if c.name == "Roma")
    x, y = mr.hex_centre(italia, roma.hex)
    view = mr.View(4.0, x - 50.0, y - 37.5)  # 4 px per km, Roma in the middle
    mr.draw_map(surface, view, italia, background)
    assert tuple(surface.get_at((200, 150)))[:3] == pal.CITY[roma.colour] or \
        tuple(surface.get_at((200, 150)))[:3] == pal.HALO  # the number's disc
    assert view.km(*view.px(x, y)) == pytest.approx((x, y))


def test_new_map_writes_a_starter_that_loads(tmp_path: Path) -> None:
    folder = tmp_path / "my maps"
    path = maptools.new_map("toscana", folder)
    board = load_board(path)
    assert board.name == "Toscana" and len(board.cities) >= 4
    assert {c.colour for c in board.cities} == set(PRINTED)
    first = path.read_text(encoding="utf-8").splitlines()[0]
    schema = first.split("$schema=")[1]
    assert (path.parent / schema).read_bytes() == (ROOT / "maps" /
                                                  "steam-schema.json").read_bytes()
    assert maptools.validate(path)["cities"] == len(board.cities)
    with pytest.raises(maptools.NewMapError, match="exists already"):
        maptools.new_map("toscana", folder)
    assert maptools.new_map("toscana", folder, force=True) == path
    with pytest.raises(maptools.NewMapError, match="a map's name"):
        maptools.new_map("../escape", folder)
    assert tools_main(["new-map", "umbria", "--dir", str(folder)]) == 0
    assert load_board(folder / "umbria.yaml").cities


def test_the_preview_reloads_on_save_and_keeps_the_last_good_map(tmp_path: Path) -> None:
    path = maptools.new_map("prova", tmp_path)
    model = pv.PreviewModel(path)
    model.load()
    assert model.board is not None and not model.problems and model.generation == 1
    assert not model.check()  # nothing changed
    good = path.read_text(encoding="utf-8")
    path.write_text(good.replace("colour: red", "colour: rosso", 1) + "\n", encoding="utf-8")
    assert model.check()
    assert model.board is not None and model.generation == 1  # the last good map stays
    assert "colour: 'rosso'" in str(model.problems[0])
    window = pv.PreviewWindow(model)
    surface = pygame.Surface((800, 500))
    window.draw(surface, (400, 250))
    path.write_text(good.replace("name: Prova", "name: Prova due") + "\n", encoding="utf-8")
    assert model.check() and not model.problems and model.board is not None
    assert model.board.name == "Prova due" and model.generation == 2
    window.draw(surface, (400, 250))
    assert window.view is not None
    alba = next(c for c in model.board.cities if c.name == "Alba")
    at = window.view.px(*mr.hex_centre(model.board, alba.hex))
    assert pv.hover_text(model.board, window.view, (round(at[0]), round(at[1]))) == \
        "1,1: city Alba, red, printed number 3; sea or no hex beyond sides 2"
    before = window.view
    window.zoom((200, 100), 2.0)
    assert window.view.scale == pytest.approx(2 * before.scale) and not window.fitted
    assert window.view.km(200, 100) == pytest.approx(before.km(200, 100))
    window.pan(30, -10)
    assert window.view.px(*before.km(200, 100)) == pytest.approx((230, 90))
    window.fitted = True
    window.draw(surface, None)
    assert window.view == before
    assert pv.parse_size("1600x900") == (1600, 900) and pv.parse_size("10x10") is None


def test_the_preview_window_runs(tmp_path: Path) -> None:
    path = maptools.new_map("finestra", tmp_path)
    assert pv.run(path, (800, 500), frames=3) == 0
    assert pv.run(tmp_path / "missing.yaml", (800, 500), frames=1) == 2


def test_mapstats_figures_and_a_harness_game() -> None:
    board = load_board(ROOT / "maps" / "test" / "steam-small.yaml")
    fig = mapstats.board_figures(board)
    assert sum(len(v) for v in fig.cities.values()) == len(board.cities)
    assert fig.terrain["plain"] + fig.terrain["hill"] + fig.terrain["city"] == len(board.hexes)
    fig.setup[3] = mapstats.setup_distances(board, 3, range(3))
    fig.games[3] = mapstats.harness(board, 3, 2)
    wins = fig.games[3]["seat_wins"]
    assert isinstance(wins, list) and sum(wins) == 2
    table = mapstats.markdown(fig)
    assert "| red |" in table and "| 3 | 2 |" in table
    assert set(fig.setup[3]) == {str(c) for c in COLOURS}
