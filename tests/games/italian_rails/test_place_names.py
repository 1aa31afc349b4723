"""How the board names a dot for players (UX.md "Words a player reads"): a city by its name,
any other dot by its distance and direction from the nearest city, never by its grid key."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from rail_app.games.italian_rails.rules.board import Board, compass, load_board

ROOT = Path(__file__).resolve().parents[3]
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


@pytest.mark.parametrize("name", ["italy", "mini"])
def test_a_dot_is_named_from_its_nearest_city(name: str, request: pytest.FixtureRequest) -> None:
    """A spot near Foggia is named from Foggia, not "3 dots north-east of Napoli": a major
    city's wide hexagon does not draw in dots that lie nearer another city."""
    board: Board = request.getfixturevalue(name)
    wrong = []
    for d in range(len(board.dots)):
        if d in board.city_of_dot:
            continue
        dot = board.dots[d]
        km = {c.name: math.hypot(c.x - dot.x, c.y - dot.y) for c in board.city_list}
        named = board.place_name(d).rsplit(" of ", 1)[1]
        if km[named] > min(km.values()) + 1e-6:  # two cities as near: either will do
            wrong.append((board.place_name(d), min(km, key=lambda c: km[c])))
    assert wrong == []


def test_a_segment_s_two_ends_are_told_apart(italy: Board, mini: Board) -> None:
    """However alike :meth:`Board.place_name` names two dots, a segment's ends read apart:
    within a city by its edges, elsewhere the second from the first."""
    from rail_app.games.italian_rails.rules.places import Names

    for board in (italy, mini):
        names = Names(board)
        for a, b in board.edges:
            na, nb = board.place_names(a, b)
            assert na != nb, (board.key(a), board.key(b), na)
            assert f"from {na} to {nb}" in names.segment(a, b)
    alfa = mini.cities["Alfa"]
    outer = alfa.outer[0]
    assert mini.place_names(alfa.centre, outer)[0] == "Alfa"
    assert re.fullmatch(r"the [a-z-]+ edge of Alfa", mini.place_names(alfa.centre, outer)[1])
