"""Hostile maps are refused with one clear line and never crash or hang anything:
alias bombs, deep nesting, NaN and 5,000-digit numbers, devices, FIFOs, huge files, absurd
dot counts and polygons; validate-map and the game agree about the deck file; the menu's
map backdrop survives a broken map without hiding bugs.

The dangerous cases run ``validate-map`` in a child process with a memory limit and a
generous time-out (a hang guard: ``tests/waiting.py``), so that a regression fails the test
instead of taking the machine down. How quickly they are refused is ``bench``'s
``map_refusal_ratio`` (against loading the map of Italy in the same run).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rail_app import cli
from rail_app.games.italian_rails.devtools.fuzz_maps import (
    alias_bomb,
    base_copy,
    flow_nesting,
    polygon_geojson,
)
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))


def validate_child(path: Path) -> tuple[int, str]:
    """``validate-map`` in a child process: (exit status, stderr); a hang is a status of
    -1."""
    try:
        proc = subprocess.run([sys.executable, "-m", "rail_app", "validate-map", str(path)],
                              cwd=ROOT, capture_output=True, text=True, timeout=HANG_S,
                              preexec_fn=_limit_memory)
    except subprocess.TimeoutExpired:
        return -1, "timed out"
    return proc.returncode, proc.stderr


def validate_here(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = cli.main(["validate-map", str(path)])
    return code, capsys.readouterr().err


def italy_copy(tmp_path: Path, name: str = "", text: str | bytes | None = None,
               old: str = "", new: str = "") -> Path:
    """A copy of the map of Italy with its GeoJSON and deck, one file changed."""
    path = base_copy(tmp_path)
    if name:
        target = tmp_path / name
        if text is not None:
            target.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        else:
            content = target.read_text(encoding="utf-8")
            assert old in content
            target.write_text(content.replace(old, new, 1), encoding="utf-8")
    return path


def assert_one_clear_line(err: str, file: Path, phrase: str) -> None:
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert lines, "no message"
    assert "Traceback" not in err
    assert any(phrase in ln for ln in lines), err[:500]
    for ln in lines:
        assert ln.startswith(str(file.parent)) or ln.startswith("/dev/"), ln[:200]
        assert len(ln) < 400, f"a message of {len(ln)} characters"


# -- item 7: anchors and aliases -------------------------------------------------------------


def test_an_alias_bomb_map_is_refused_at_once_with_file_and_line(tmp_path: Path) -> None:
    path = italy_copy(tmp_path, "italy.yaml", alias_bomb())
    code, err = validate_child(path)
    assert code == 2, err[-500:]
    assert_one_clear_line(err, path, "anchors and aliases are not allowed")
    assert f"{path}:1:" in err


def test_an_alias_bomb_deck_is_refused_too(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = italy_copy(tmp_path, "italy-deck.yaml", alias_bomb())
    code, err = validate_child(path)
    assert code == 2 and "italy-deck.yaml:1: an anchor" in err


# -- item 8: nesting --------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [1000, 20_000])
def test_deep_nesting_is_refused_without_a_traceback(tmp_path: Path, depth: int,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = italy_copy(tmp_path, "italy.yaml", flow_nesting(depth))
    code, err = validate_here(path, capsys)
    assert code == 2
    assert_one_clear_line(err, path, "nested too deeply")


def test_nesting_50000_deep_does_not_kill_the_process(tmp_path: Path) -> None:
    """libyaml's composer overflows the C stack near this depth (a segmentation fault):
    the depth is checked on the parser's events, before anything is composed."""
    for name, key in (("italy.yaml", "name"), ("italy-deck.yaml", "cards")):
        folder = tmp_path / name
        folder.mkdir()
        path = italy_copy(folder, name, flow_nesting(50_000, key))
        code, err = validate_child(path)
        assert code == 2, f"exit status {code}: {err[-300:]}"
        assert_one_clear_line(err, path, "nested too deeply")


# -- item 9: numbers, devices, sizes --------------------------------------------------------------


@pytest.mark.parametrize("old, new, phrase", [
    ("spacing_km: 20", "spacing_km: .nan", "not a number"),
    ("spacing_km: 20", "spacing_km: 1.0e+400", "too large to be a number"),
    ("spacing_km: 20", "spacing_km: " + "7" * 5000, "a number of 5000 characters is too long"),
    ("starting_cash: 60", "starting_cash: " + "7" * 5000, "too long"),
])
def test_numbers_that_are_not_finite_or_absurdly_long_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str,
        phrase: str) -> None:
    path = italy_copy(tmp_path, "italy.yaml", old=old, new=new)
    code, err = validate_here(path, capsys)
    assert code == 2
    assert_one_clear_line(err, path, phrase)
    assert f"{path}:26:" in err or "starting_cash" in new


def test_a_5000_digit_payoff_in_the_deck_is_refused(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = italy_copy(tmp_path, "italy-deck.yaml", old="payoff: 1", new="payoff: 1" + "0" * 5000)
    code, err = validate_here(path, capsys)
    assert code == 2 and "italy-deck.yaml:" in err and "too long" in err


@pytest.mark.parametrize("key, value", [("geometry", "/dev/zero"), ("deck", "/dev/zero")])
def test_a_device_named_by_the_map_is_refused_without_reading_it(tmp_path: Path, key: str,
                                                                  value: str) -> None:
    current = {"geometry": "italy.geojson", "deck": "italy-deck.yaml"}[key]
    path = italy_copy(tmp_path, "italy.yaml", old=f"{key}: {current}", new=f"{key}: {value}")
    code, err = validate_child(path)
    assert code == 2, err[-300:]
    assert "/dev/zero: not a regular file" in err


@pytest.mark.parametrize("name", ["italy.yaml", "italy.geojson", "italy-deck.yaml"])
def test_a_fifo_in_place_of_a_map_file_is_refused_without_waiting(tmp_path: Path,
                                                                   name: str) -> None:
    path = base_copy(tmp_path)
    (tmp_path / name).unlink()
    os.mkfifo(tmp_path / name)
    code, err = validate_child(path)
    assert code == 2, err[-300:]
    assert f"{name}: not a regular file" in err


def test_a_folder_in_place_of_the_deck_is_refused(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = base_copy(tmp_path)
    (tmp_path / "italy-deck.yaml").unlink()
    (tmp_path / "italy-deck.yaml").mkdir()
    code, err = validate_here(path, capsys)
    assert code == 2 and "italy-deck.yaml: this is a folder, not a file" in err


def test_huge_map_files_are_refused_by_their_size(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = italy_copy(tmp_path, "italy.yaml", old="rules:", new="#" * (3 << 20) + "\nrules:")
    code, err = validate_here(path, capsys)
    assert code == 2 and "too large for a map file" in err


def test_a_map_of_100000_dots_is_refused_at_once(tmp_path: Path) -> None:
    path = italy_copy(tmp_path, "italy.yaml", old="spacing_km: 20", new="spacing_km: 2")
    code, err = validate_child(path)
    assert code == 2, err[-300:]
    assert f"{path}:26: grid.spacing_km: 2 km gives about" in err
    assert "a map has at most 20,000" in err


@pytest.mark.parametrize("points, phrase", [(1_400_000, "too large for a GeoJSON file"),
                                            (300_000, "more than 100,000 points in one shape")])
def test_polygons_of_absurd_size_are_refused_at_once(tmp_path: Path, points: int,
                                                     phrase: str) -> None:
    path = italy_copy(tmp_path, "italy.geojson", polygon_geojson(points))
    code, err = validate_child(path)
    assert code == 2, err[-300:]
    assert phrase in err


def test_a_polygon_that_crosses_itself_is_refused_not_repaired(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bow = ('{"type":"FeatureCollection","features":[{"type":"Feature","properties":'
           '{"layer":"land"},"geometry":{"type":"Polygon","coordinates":'
           '[[[10,40],[14,44],[14,40],[10,44],[10,40]]]}}]}')
    path = italy_copy(tmp_path, "italy.geojson", bow)
    code, err = validate_here(path, capsys)
    assert code == 2 and "not a valid polygon: it crosses itself near 12, 42" in err


def test_long_values_are_cut_in_messages(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = italy_copy(tmp_path, "italy.yaml", old="name: Torino", new="name: " + "T" * 100_000)
    code, err = validate_here(path, capsys)
    assert code == 2 and "(100000 characters)" in err
    assert max(len(ln) for ln in err.splitlines()) < 300


# -- item 10: validate-map and the game agree about the deck ---------------------------------


def test_validate_map_and_the_game_both_refuse_a_missing_deck_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rail_app.core.mapfile import MapError
    from rail_app.ui.session import HUMAN, GameSetup, Seat, Session

    path = italy_copy(tmp_path, "italy.yaml", old="deck: italy-deck.yaml",
                      new="deck: italy-dek.yaml")
    code, err = validate_here(path, capsys)
    assert code == 2
    assert f"{path}:19: deck: file 'italy-dek.yaml' not found" in err
    seats = [Seat("Anna", HUMAN, "normal", "blue"), Seat("Bruno", HUMAN, "normal", "orange")]
    for cards in (True, False):  # with cards or building only: the map is broken either way
        with pytest.raises(MapError) as exc:
            Session.new(GameSetup(str(path), seats, 1, {} if cards else {"building_only": True}))
        assert "deck: file 'italy-dek.yaml' not found" in str(exc.value)


def test_validate_map_and_the_game_both_accept_a_map_without_a_deck(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rail_app.ui.session import HUMAN, GameSetup, Seat, Session

    path = italy_copy(tmp_path, "italy.yaml", old="deck: italy-deck.yaml", new="")
    assert cli.main(["validate-map", str(path)]) == 0
    assert ": OK: Italia" in capsys.readouterr().out
    seats = [Seat("Anna", HUMAN, "normal", "blue"), Seat("Bruno", HUMAN, "normal", "orange")]
    session = Session.new(GameSetup(str(path), seats, 1, {"building_only": True}))
    assert session.state.phase == "build"


def test_validate_map_refuses_a_broken_deck_as_the_game_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rail_app.core.mapfile import MapError
    from rail_app.ui.session import HUMAN, GameSetup, Seat, Session

    path = italy_copy(tmp_path, "italy-deck.yaml", old="city: ", new="city: Atlantis")
    code, err = validate_here(path, capsys)
    seats = [Seat("Anna", HUMAN, "normal", "blue"), Seat("Bruno", HUMAN, "normal", "orange")]
    with pytest.raises(MapError) as exc:
        Session.new(GameSetup(str(path), seats, 1))
    assert code == 2 and "unknown city" in err and "unknown city" in str(exc.value)


# -- item 11: the menu's backdrop -------------------------------------------------------------


def _menu_frames(app: Any, n: int = 3) -> None:
    """``n`` menu frames, then (the map behind the menu loads in the background) a frame
    after the loading has ended."""
    from rail_app.ui import scenes

    for _ in range(n):
        app.step(1 / 60, [])
    assert scenes._BACKDROP.wait(HANG_S)
    app.step(1 / 60, [])


def test_the_menu_shows_at_once_over_a_hostile_first_map(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first map of the list is drawn behind the menu; a bomb or a device there must not
    hang or crash the menu. It shows plain paper and says why, once, on the terminal."""
    from rail_app.ui import scenes
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    path = italy_copy(tmp_path, "italy.yaml", alias_bomb())
    backdrop = scenes.Backdrop()
    monkeypatch.setattr(scenes, "_BACKDROP", backdrop)
    app = App(map_path=str(path), size=(1280, 720), fullscreen=False, settings=Settings())
    _menu_frames(app)
    assert type(app.scene).__name__ == "MenuScene"
    assert backdrop.problem is not None and "anchors and aliases" in backdrop.problem
    assert "the menu shows no map" in capsys.readouterr().err


def test_a_bug_while_drawing_the_backdrop_is_not_swallowed(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """Only a broken map file is expected; anything else is a bug and reaches the crash
    net instead of silently leaving the menu without its map."""
    from rail_app.games.italian_rails.rules import board as board_module
    from rail_app.ui import scenes
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug in the map loader")

    monkeypatch.setattr(board_module, "load_board", broken)
    monkeypatch.setattr(scenes, "_BACKDROP", scenes.Backdrop())
    app = App(size=(1280, 720), fullscreen=False, settings=Settings())
    with pytest.raises(RuntimeError, match="a bug in the map loader"):
        _menu_frames(app)


def test_the_bundled_maps_still_load(capsys: pytest.CaptureFixture[str]) -> None:
    for path in [ROOT / "maps" / "italy.yaml", *sorted((ROOT / "maps" / "test").glob("mini*.yaml"))]:
        if path.name.endswith("-deck.yaml"):
            continue
        assert cli.main(["validate-map", str(path)]) == 0, capsys.readouterr().err


# -- rivers: one line each, never crossing itself, and crossings found by what they cross --

def _with_rivers(tmp_path: Path, rivers: list[list[list[float]]]) -> Path:
    import json

    path = italy_copy(tmp_path)
    geo = tmp_path / "italy.geojson"
    doc = json.loads(geo.read_text(encoding="utf-8"))
    for i, coords in enumerate(rivers):
        doc["features"].append({"type": "Feature", "geometry": {
            "type": "LineString", "coordinates": coords},
            "properties": {"layer": "river", "name": f"Rio {i}", "system": f"S{i % 7}"}})
    geo.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_river_that_crosses_itself_is_refused_naming_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """500 rivers of 190 points scribbled over Italy, each crossing itself: refused at the
    first one, at once (the board never asks which segment crosses which scribble)."""
    import random

    rng = random.Random(1)
    scribbles = [[[round(rng.uniform(7, 18), 4), round(rng.uniform(37, 47), 4)]
                  for _ in range(190)] for _ in range(500)]
    code, err = validate_here(_with_rivers(tmp_path, scribbles), capsys)
    assert code == 2
    assert "(river)" in err and "the river crosses itself" in err
    assert len(err.strip().splitlines()) == 1


def test_river_crossings_are_shapelys_crosses_whatever_the_rivers(tmp_path: Path) -> None:
    """The crossings found from each river's straight pieces are exactly the pairs
    shapely's ``crosses`` names: on Italy, and on rivers winding over the whole map that
    also pass through dots, end on dots and run along segments (the cases asked of
    shapely)."""
    import random

    import numpy as np
    import shapely

    from rail_app.games.italian_rails.rules.board import load_board, river_crossings

    def both(board: Any) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        rivers = [f.geom for f in board.geometry.layer("river")]
        pairs = sorted(board.edges)
        ends = np.array([[[board.dots[a].x, board.dots[a].y],
                          [board.dots[c].x, board.dots[c].y]] for a, c in pairs])
        lines = shapely.linestrings(ends)
        li, fi = shapely.STRtree(rivers).query(lines, predicate="crosses")
        return (river_crossings(ends, lines, rivers),
                sorted(set(zip(li.tolist(), fi.tolist(), strict=True))))

    italy = load_board(ROOT / "maps" / "italy.yaml")
    mine, shapelys = both(italy)
    assert mine == shapelys and len(mine) > 400
    rng = random.Random(2)
    winding = [[[round(x0 + k * 0.06, 4), round(rng.uniform(37.5, 46.5), 4)]
                for k in range(120)] for x0 in (7.0, 7.3, 7.6, 8.1)]
    dots = sorted(italy.dots, key=lambda d: (d.q, d.r))[200:260]
    proj = italy.projection
    through = [list(proj.inverse(d.x, d.y)) for d in dots[::3]]  # through dots, ending on one
    along = [list(proj.inverse(dots[0].x, dots[0].y)), list(proj.inverse(dots[1].x,
                                                                        dots[1].y))]
    board = load_board(_with_rivers(tmp_path, [*winding, through, along]), use_cache=False)
    mine, shapelys = both(board)
    assert mine == shapelys and len(mine) > 1000


def test_a_list_longer_than_the_schema_allows_is_refused_before_its_items_are_checked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """2,100 cities more where 2,000 are allowed: refused for its length alone, the schema
    never asked to check each city (what keeps a 2 MB map of 33,000 cities from holding the
    checking program for seconds)."""
    import jsonschema

    text = (ROOT / "maps" / "italy.yaml").read_text(encoding="utf-8")
    at = text.index("cities:\n") + len("cities:\n")
    extra = "".join(f"  - {{name: c{k}, size: small, at: [12, 42], commodity: wine}}\n"
                    for k in range(2_100))
    path = italy_copy(tmp_path, "italy.yaml", text[:at] + extra + text[at:])

    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the schema checked the items one by one")

    monkeypatch.setattr(jsonschema.Draft7Validator, "iter_errors", never)
    code, err = validate_here(path, capsys)
    assert code == 2
    assert "cities: a list of 2141 items is too long (at most 2,000)" in err


def test_a_steam_map_of_too_many_cities_is_refused_for_its_length() -> None:
    from rail_app.core.mapfile import MapError
    from rail_app.games.steam.rules.mapfile import parse_board

    cities = "".join(f'  - {{name: c{k}, at: "{k},0", colour: red, number: 1}}\n'
                     for k in range(300))
    text = ("game: steam\nname: Long\ngrid: {orientation: pointy, spacing_km: 30, "
            "origin: [0, 0]}\ncities:\n" + cities)
    with pytest.raises(MapError) as err:
        parse_board(text, "long.yaml")
    assert "cities: a list of 300 items: needs at most 200 items" in str(err.value.problems[0])
