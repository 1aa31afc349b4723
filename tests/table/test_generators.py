"""The committed maps (Italy, Sicily and Calabria) and their decks are exactly what their
generators make.

The map is rebuilt from the project's own geography (tools/geodata), and
the deck from the map, so anyone can regenerate them and get the same bytes.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rail_app.cli import main
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]
GEODATA = ROOT / "tools" / "geodata"


def test_italy_map_is_what_the_generator_makes(tmp_path: Path) -> None:
    assert GEODATA.is_dir(), f"the map is made from {GEODATA}"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_italy_map.py"),
                    "--geodata", str(GEODATA), "--out", str(tmp_path)],
                   check=True, capture_output=True, cwd=ROOT, timeout=HANG_S)
    for name in ("italy.yaml", "italy.geojson"):
        assert (tmp_path / name).read_bytes() == (ROOT / "maps" / name).read_bytes(), \
            f"maps/{name} is stale: python tools/build_italy_map.py"


def test_sicilia_map_is_what_its_recipe_makes(tmp_path: Path) -> None:
    assert GEODATA.is_dir(), f"the map is made from {GEODATA}"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_italy_map.py"),
                    "--geodata", str(GEODATA), "--recipe", "maps/recipes/sicilia.yaml",
                    "--out", str(tmp_path)], check=True, capture_output=True, cwd=ROOT,
                   timeout=HANG_S)
    for name in ("sicilia.yaml", "sicilia.geojson"):
        assert (tmp_path / name).read_bytes() == (ROOT / "maps" / name).read_bytes(), \
            f"maps/{name} is stale: python tools/build_italy_map.py --recipe " \
            "maps/recipes/sicilia.yaml"


def test_sicilia_deck_is_what_build_deck_makes(tmp_path: Path) -> None:
    out = tmp_path / "deck.yaml"
    assert main(["build-deck", str(ROOT / "maps" / "sicilia.yaml"), "-o", str(out)]) == 0
    assert out.read_bytes() == (ROOT / "maps" / "sicilia-deck.yaml").read_bytes(), \
        "maps/sicilia-deck.yaml is stale: python -m rail_app build-deck maps/sicilia.yaml"


def test_italy_deck_is_what_build_deck_makes(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deck.yaml"
    assert main(["build-deck", str(ROOT / "maps" / "italy.yaml"), "-o", str(out)]) == 0
    assert out.read_bytes() == (ROOT / "maps" / "italy-deck.yaml").read_bytes(), \
        "maps/italy-deck.yaml is stale: python -m rail_app build-deck maps/italy.yaml"
    report = capsys.readouterr().out
    assert f"wrote {out}" in report and "cards: 108 (93 demand cards, 15 events)" in report


def test_the_generators_share_the_cores_projection_and_hex_grid() -> None:
    """tools/build_italy_map.py and tools/build_steam_map.py project and lay their grids
    with rail_app.core (the formulas the game reads their maps with) and share the rest of
    their geometry in tools/mapgen.py: no copy of a projection, grid or helper of their
    own."""
    import ast

    own = {"fwd", "inv", "fwd_array", "inv_array", "to_km", "to_deg", "hexdist", "neighbours",
           "Grid", "nearest_array", "rounded", "simplify_deg", "polygons", "lines",
           "yaml_quote", "france_side"}
    for name in ("build_italy_map.py", "build_steam_map.py"):
        tree = ast.parse((ROOT / "tools" / name).read_text(encoding="utf-8"))
        defined = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
        assert not defined & own, (name, defined & own)
        imported = {f"{n.module}.{a.name}" for n in tree.body if isinstance(n, ast.ImportFrom)
                    for a in n.names}
        assert {"rail_app.core.hexgrid", "rail_app.core.geometry.Projection",
                "mapgen.rounded"} <= imported, name


def test_the_cores_grid_and_projection_answer_what_the_generators_ask() -> None:
    import numpy as np

    from rail_app.core.geometry import Projection
    from rail_app.core.hexgrid import Layout, distance

    proj = Projection("equirectangular", 12.5, 42.0)
    deg = np.array([[7.0, 36.5], [12.5, 42.0], [18.5, 47.0]])
    back = proj.inverse_array(proj.forward_array(deg))
    assert np.allclose(back, deg, atol=1e-12)
    for orientation in ("pointy", "flat"):
        grid = Layout(20.0, orientation, (3.0, -7.0))
        cover = grid.covering((-100.0, -80.0, 150.0, 60.0))
        assert len(cover) == len(set(cover))
        rng = np.random.default_rng(1)
        xs, ys = rng.uniform(-100, 150, 500), rng.uniform(-80, 60, 500)
        qs, rs = grid.nearest_array(xs, ys)
        for x, y, q, r in zip(xs, ys, qs, rs, strict=True):
            assert grid.nearest(x, y) == (q, r) and (q, r) in cover
        corners = grid.corners(2, -1)
        centre = grid.to_xy(2, -1)
        assert len(corners) == 6
        for cx, cy in corners:  # each corner spacing / sqrt 3 from the centre
            assert abs(np.hypot(cx - centre[0], cy - centre[1]) - 20.0 / np.sqrt(3)) < 1e-9
        # the corners shared with a neighbour are two
        shared = {(round(x, 6), round(y, 6)) for x, y in corners} & \
            {(round(x, 6), round(y, 6)) for x, y in grid.corners(3, -1)}
        assert len(shared) == 2 and distance((2, -1), (3, -1)) == 1
