"""How the board names a dot for players (UX.md "Words a player reads"): a city by its name,
any other dot by its distance and direction from the nearest city, never by its grid key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rail_app.games.italian_rails.rules.board import Board, compass, load_board

ROOT = Path(__file__).resolve().parent.parent
GRID_KEY = re.compile(r"-?\d+,-?\d+")


@pytest.fixture(scope="module")
def mini() -> Board:
    return load_board(ROOT / "maps" / "test" / "mini.yaml")


@pytest.fixture(scope="module")
def italy() -> Board:
    return load_board(ROOT / "maps" / "italy.yaml")


def test_a_city_dot_is_named_by_its_city(mini: Board) -> None:
    alfa = mini.cities["Alfa"]
    assert {mini.place_name(d) for d in alfa.dots} == {"Alfa"}  # centre and outer dots
    assert mini.place_name(mini.cities["Zeta"].centre) == "Zeta"


def test_a_dot_next_to_a_city_is_one_dot_away_in_a_compass_direction(mini: Board) -> None:
    zeta = mini.cities["Zeta"]
    names = {mini.key(n): mini.place_name(n) for n in mini.adj[zeta.centre]}
    assert names == {"8,0": "1 dot west of Zeta", "10,0": "1 dot east of Zeta",
                     "9,1": "1 dot south-east of Zeta", "8,1": "1 dot south-west of Zeta"}


def test_farther_dots_count_steps_from_the_nearest_dot_of_a_major_city(mini: Board) -> None:
    alfa = mini.cities["Alfa"]
    ring = {d for o in alfa.outer for d in mini.adj[o]} - set(alfa.dots)
    for d in ring:
        assert mini.place_name(d).startswith("1 dot "), mini.place_name(d)
    two = next(d for d in range(len(mini.dots)) if mini.nearest_city(d) is alfa
               and min(mini.distance(d, x) for x in alfa.dots) == 2)
    assert re.fullmatch(r"2 dots [a-z-]+ of Alfa", mini.place_name(two))


def test_italy_names_every_dot_without_a_grid_key(italy: Board) -> None:
    for d in range(len(italy.dots)):
        name = italy.place_name(d)
        assert not GRID_KEY.search(name), name
    bologna = italy.cities["Bologna"]
    east = next(n for n in italy.adj[bologna.centre]
                if italy.dots[n].x > bologna.x and abs(italy.dots[n].y - bologna.y) < 1)
    assert italy.place_name(east) == "1 dot east of Bologna"


@pytest.mark.parametrize(("dx", "dy", "word"), [
    (1, 0, "east"), (1, 1, "south-east"), (0, 1, "south"), (-1, 1, "south-west"),
    (-1, 0, "west"), (-1, -1, "north-west"), (0, -1, "north"), (1, -1, "north-east"),
    (10, 1, "east"), (1, 10, "south")])
def test_compass_directions_with_y_pointing_south(dx: float, dy: float, word: str) -> None:
    assert compass(dx, dy) == word
