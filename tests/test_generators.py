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

ROOT = Path(__file__).resolve().parent.parent
GEODATA = ROOT / "tools" / "geodata"


def test_italy_map_is_what_the_generator_makes(tmp_path: Path) -> None:
    assert GEODATA.is_dir(), f"the map is made from {GEODATA}"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_italy_map.py"),
                    "--geodata", str(GEODATA), "--out", str(tmp_path)],
                   check=True, capture_output=True, cwd=ROOT, timeout=300)
    for name in ("italy.yaml", "italy.geojson"):
        assert (tmp_path / name).read_bytes() == (ROOT / "maps" / name).read_bytes(), \
            f"maps/{name} is stale: python tools/build_italy_map.py"


def test_sicilia_map_is_what_its_recipe_makes(tmp_path: Path) -> None:
    assert GEODATA.is_dir(), f"the map is made from {GEODATA}"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_italy_map.py"),
                    "--geodata", str(GEODATA), "--recipe", "maps/recipes/sicilia.yaml",
                    "--out", str(tmp_path)], check=True, capture_output=True, cwd=ROOT,
                   timeout=300)
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
