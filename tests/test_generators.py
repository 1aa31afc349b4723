"""The committed map of Italy and its deck are exactly what their generators make.

The map is rebuilt from the shared geography (../shared/geodata beside the project), and
the deck from the map, so anyone can regenerate them and get the same bytes.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GEODATA = ROOT.parent / "shared" / "geodata"


def test_italy_map_is_what_the_generator_makes(tmp_path: Path) -> None:
    assert GEODATA.is_dir(), f"the map is made from {GEODATA}: put ../shared beside the project"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_italy_map.py"),
                    "--geodata", str(GEODATA), "--out", str(tmp_path)],
                   check=True, capture_output=True, cwd=ROOT, timeout=300)
    for name in ("italy.yaml", "italy.geojson"):
        assert (tmp_path / name).read_bytes() == (ROOT / "maps" / name).read_bytes(), name


def test_italy_deck_is_what_the_generator_makes(tmp_path: Path) -> None:
    out = tmp_path / "deck.yaml"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_deck.py"), "--out", str(out)],
                   check=True, capture_output=True, cwd=ROOT, timeout=300)
    assert out.read_bytes() == (ROOT / "maps" / "italy-deck.yaml").read_bytes()
