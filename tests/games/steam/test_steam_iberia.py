"""Steam: Iberia, the second original Steam board (Spain and Portugal c. 1900, 4-5 players).

The committed map is what tools/build_steam_iberia.py makes from tools/geodata (byte for
byte); it obeys the board's rules (every hex joined to the rest, cities two hexes apart with
two usable sides, every cube with a city of its colour to go to, the bag enough for the
set-up); New game lists it, and a game on it saves, loads and draws its thumbnail.
"""

from __future__ import annotations

import subprocess
import sys
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from rail_app.core.hexgrid import distance
from rail_app.games.steam.authoring import maptools
from rail_app.games.steam.devtools import mapstats
from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules.board import Board, Colour
from rail_app.games.steam.rules.mapfile import load_board
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[3]
MAP = ROOT / "maps" / "steam-iberia.yaml"
GEODATA = ROOT / "tools" / "geodata"
PRINTED = (Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.PURPLE)


@pytest.fixture(scope="module")
def iberia() -> Board:
    return load_board(MAP)


@pytest.mark.slow
def test_steam_iberia_is_what_the_generator_makes(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_steam_iberia.py"),
                    "--geodata", str(GEODATA), "--out", str(tmp_path)],
                   check=True, capture_output=True, cwd=ROOT, timeout=HANG_S)
    for name in ("steam-iberia.yaml", "steam-iberia.geojson"):
        assert (tmp_path / name).read_bytes() == (ROOT / "maps" / name).read_bytes(), \
            f"maps/{name} is stale: python tools/build_steam_iberia.py"


def test_steam_iberia_validates_with_its_summary(iberia: Board) -> None:
    info = maptools.validate(MAP)
    assert info["name"] == "Steam: Iberia" and info["cities"] == 24
    assert [info[str(c)] for c in PRINTED] == [6, 6, 6, 6]
    assert 120 <= info["hexes"] <= 170, "about the size of the published boards"
    assert info["towns"] >= 15 and info["hills"] >= 30 and info["rivers"] >= 30
    assert info["printed_cubes"] == sum(c.number for c in iberia.cities) == 59
    assert tuple(iberia.recommended) == (4, 5)
    text = MAP.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=steam-schema.json\n")
    for source in ("GSHHG", "ETOPO1", "GeoNames", "1900"):
        assert source in text, source
    names = {c.name for c in iberia.cities}
    assert {"Madrid", "Barcelona", "Lisboa", "Porto", "Sevilla", "Valencia"} <= names


def _reach(board: Board, start: int) -> set[int]:
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for s in range(6):
            n = board.nb[h][s]
            if n < 0 or board.blocked[h][s] or n in seen:
                continue
            seen.add(n)
            todo.append(n)
    return seen


def test_S_B4_S_B5_every_hex_joins_and_every_city_has_room(iberia: Board) -> None:
    """S-B4, S-B5: every hex of the board can be reached from Madrid; every city has two
    usable sides and lies two hexes or more from the next."""
    madrid = next(c.hex for c in iberia.cities if c.name == "Madrid")
    assert _reach(iberia, madrid) == set(range(len(iberia.hexes)))
    for city in iberia.cities:
        usable = [s for s in range(6) if not iberia.blocked[city.hex][s]]
        assert len(usable) >= 2, city.name
        me = (iberia.hexes[city.hex].q, iberia.hexes[city.hex].r)
        for other in iberia.cities:
            if other is not city:
                you = (iberia.hexes[other.hex].q, iberia.hexes[other.hex].r)
                assert distance(me, you) >= 2, (city.name, other.name)


def test_S_I1_every_cube_at_setup_has_a_city_of_its_colour_to_go_to(iberia: Board) -> None:
    """S-I1: from every city, a city of each printed colour 2 to 8 hexes away, and a town
    for a grey New City."""
    near = mapstats.nearest_taker(iberia)
    for city in iberia.cities:
        for colour in PRINTED:
            d = near[(city.hex, colour)]
            assert d is not None and 2 <= d <= 8, (city.name, colour, d)
        assert near[(city.hex, Colour.GREY)] is not None


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_S_B8_S_I1_the_bag_holds_the_setup(iberia: Board, players: int) -> None:
    """S-B8, S-I1: the box's bag holds every cube the set-up draws, at every size of table."""
    names = [f"P{i}" for i in range(players)]
    state = engine.new_game(iberia, names, {"six_players": players == 6}, seed=players)
    on_cities = sum(sum(c) for c in state.cubes.values())
    in_reserve = sum(sum(c) for c in state.reserve)
    assert on_cities == 59 and in_reserve == 12 * (2 if players == 3 else 3)
    assert on_cities + in_reserve + sum(state.bag) == 96


def test_new_game_offers_iberia_for_steam() -> None:
    from rail_app.ui.newgame import _map_label
    from rail_app.ui.scenes import available_maps

    steam = available_maps(game="steam")
    assert [p.name for p in steam][:1] == ["steam-italia.yaml"]  # the game's own map first
    assert "steam-iberia.yaml" in [p.name for p in steam]
    assert "Steam: Iberia" in [_map_label(p) for p in steam]
    assert "steam-iberia.yaml" not in [p.name for p in available_maps(game="italian-rails")]


def test_a_game_on_iberia_saves_loads_and_draws_its_thumbnail(app: Any) -> None:
    from rail_app.games.steam.ai import make_player
    from rail_app.table.seats import Level, Seat, SeatKind
    from rail_app.ui.savelist import read_entries
    from rail_app.ui.session import GameSetup, Session, saves_dir
    from rail_app.ui.thumbnails import thumbnail

    names, inks = ("Ana", "Bea", "Caio", "Duda"), ("blue", "orange", "vermillion",
                                                     "bluish green")
    seats = [Seat(names[i], SeatKind.HUMAN, Level.NORMAL, inks[i]) for i in range(4)]
    session = Session.new(GameSetup(str(MAP), seats, 3, game="steam"))
    players = [make_player("greedy", i, 3) for i in range(4)]
    for _ in range(40):
        state = session.state
        seat = engine.to_act(state)
        assert seat is not None
        session.state = engine.apply(state, players[seat].choose(state, seat), seat)
    path = saves_dir() / "iberia.json"
    session.save(path)
    back = Session.load(path)
    assert back.game.rules.board_name(back.board) == "Steam: Iberia"
    assert back.game.rules.summary(back.state) == session.game.rules.summary(session.state)
    entry = next(e for e in read_entries() if e.path == path)
    assert not entry.problem and thumbnail(entry, (160, 120)) is not None
