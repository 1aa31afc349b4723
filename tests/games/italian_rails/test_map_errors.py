"""Bad maps give one clear line each, naming file, line, key and value, and exit status 2.

Each case takes the valid mini map, makes one mistake in it, and checks the single message.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rail_app.cli import main
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[3]
MINI = ROOT / "maps" / "test" / "mini.yaml"

# (case id, text to replace, replacement, pattern the one message must match)
CASES = [
    ("malformed-yaml", "name: Mini", "name: [Mini", r"malformed YAML"),
    ("unknown-top-key", "volcanoes:", "volcanos:",
     r"unknown key 'volcanos' \(did you mean 'volcanoes'\?\)"),
    ("misspelt-key", "name: Zeta, size: small, at: [180, 10], commodity: marble",
     "name: Zeta, size: small, at: [180, 10], comodity: marble",
     r"^cities\[5\]: unknown key 'comodity' \(did you mean 'commodity'\?\)$"),
    ("misspelt-ferry-key", "costs: [8, 4]", "cost: [8, 4]",
     r"^ferries\[0\]: unknown key 'cost' \(did you mean 'costs'\?\)$"),
    ("unknown-key-and-missing-one", "name: Zeta, size: small, at: [180, 10], commodity: marble",
     "name: Zeta, at: [180, 10], commodity: marble, wares: marble",
     r"^cities\[5\]: unknown key 'wares'; missing 'size'$"),
    ("wrong-type", "spacing_km: 20", "spacing_km: twenty", r"grid\.spacing_km: 'twenty' is not"),
    ("bad-city-size", "name: Gamma, size: medium", "name: Gamma, size: huge",
     r"cities\[2\]\.size: 'huge' is not one of"),
    ("unknown-commodity", "name: Zeta, size: small, at: [180, 10], commodity: marble",
     "name: Zeta, size: small, at: [180, 10], commodity: marbel",
     r"cities\[5\] 'Zeta': unknown commodity 'marbel' \(did you mean 'marble'\?\)"),
    ("duplicate-city", "name: Zeta, size: small", "name: Gamma, size: small",
     r"cities\[5\] 'Gamma': duplicate city name \(also cities\[2\]\)"),
    ("city-in-sea", "at: [302, 70]", "at: [270, 70]",
     r"cities\[3\] 'Delta': position 270, 70 is in the sea"),
    ("two-cities-one-dot", "name: Zeta, size: small, at: [180, 10]",
     "name: Zeta, size: small, at: [80, 150]",
     r"cities\[5\] 'Zeta': two cities on one dot: dot \S+ is also taken by 'Gamma'"),
    ("overlapping-majors", "at: [200, 120]", "at: [60, 17]",
     r"cities\[1\] 'Beta': overlapping major cities: dot \S+ is also taken by 'Alfa'"),
    ("ferry-port-inland", "ports: [{at: [240, 69]}", "ports: [{at: [150, 69]}",
     r"ferries\[0\] 'Beta - Delta': port 1 \(dot \S+\) is not a port: it is not next to the sea"),
    ("ferry-unknown-city", "{city: Delta}", "{city: Delt}",
     r"ferries\[0\] 'Beta - Delta': port 2: unknown city 'Delt' \(did you mean 'Delta'\?\)"),
    ("strait-not-neighbours", "to: [40, 191]", "to: [100, 231]",
     r"straits\[0\] 'Stretto': its ends snap to dots \S+ and \S+, which are not neighbouring"),
    ("duplicate-key", "name: Mini", "name: Mini\nname: Maxi", r"duplicate key 'name'"),
    ("ferry-costs-reversed", "costs: [8, 4]", "costs: [4, 8]",
     r"costs must be written \[higher, lower\], not \[4, 8\]"),
    ("override-not-a-dot", '"3,5": mountain', '"300,5": mountain',
     r"terrain_overrides: '300,5' is not a dot of this map"),
    ("override-bad-terrain", '"3,5": mountain', '"3,5": swamp',
     r"terrain_overrides\.3,5: 'swamp' is not one of"),
    ("unknown-sea", "sea: East Sea", "sea: East See",
     r"unknown sea 'East See' \(did you mean 'East Sea'\?\)"),
    ("bad-geometry", "coordinates: [[-5, 52], [50, 52]]", "coordinates: [[-5]]",
     r"geometry\.border\[0\]: bad coordinates for a LineString"),
]


def _write_bad_map(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    text = MINI.read_text(encoding="utf-8")
    assert old in text, f"test case out of date: {old!r} not in mini.yaml"
    bad = text.replace(old, new, 1)
    path = tmp_path / "mini.yaml"
    path.write_text(bad, encoding="utf-8")
    for sib in MINI.parent.glob("mini-*.yaml"):
        shutil.copy(sib, tmp_path / sib.name)
    line = bad[: bad.index(new)].count("\n") + 1 + (new.count("\n") if "\n" in new else 0)
    return path, line


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_bad_map_gives_one_clear_line(
    case: tuple[str, str, str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _id, old, new, pattern = case
    path, line = _write_bad_map(tmp_path, old, new)
    code = main(["validate-map", str(path)])
    out = capsys.readouterr()
    assert code == 2
    lines = [x for x in out.err.splitlines() if x.strip()]
    assert len(lines) == 1, lines
    message = lines[0]
    assert "Traceback" not in out.err + out.out
    m = re.match(r"^(.*?):(\d+): (.*)$", message)
    assert m, message
    assert m.group(1) == str(path)
    assert abs(int(m.group(2)) - line) <= 1, (message, line)
    assert re.search(pattern, m.group(3)), message


def test_bad_map_json_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, line = _write_bad_map(tmp_path, "commodity: marble}", "commodity: marbel}")
    code = main(["validate-map", str(path), "--json"])
    import json

    doc = json.loads(capsys.readouterr().out)
    assert code == 2
    assert len(doc["errors"]) == 1
    err = doc["errors"][0]
    assert err["file"] == str(path) and err["line"] == line
    assert "marbel" in err["message"]


def test_missing_file_and_not_a_mapping(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-map", str(tmp_path / "nope.yaml")]) == 2
    assert "file not found" in capsys.readouterr().err
    listing = tmp_path / "list.yaml"
    listing.write_text("- a\n- b\n", encoding="utf-8")
    assert main(["validate-map", str(listing)]) == 2
    assert "a map file is a mapping" in capsys.readouterr().err


def test_missing_geometry_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.yaml"
    text = MINI.read_text(encoding="utf-8")
    start = text.index("geometry:")
    end = text.index("commodities:")
    path.write_text(text[:start] + "geometry: missing.geojson\n" + text[end:], encoding="utf-8")
    assert main(["validate-map", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert re.match(rf"^{re.escape(str(path))}:\d+: geometry: file 'missing.geojson' not found$",
                    err), err


def test_real_command_prints_no_traceback(tmp_path: Path) -> None:
    path, _ = _write_bad_map(tmp_path, "size: medium", "size: huge")
    proc = subprocess.run([sys.executable, "-m", "rail_app", "validate-map", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=HANG_S)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1


def test_C1_a_deck_older_than_its_map_is_one_line_that_says_to_run_build_deck(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Deleting a few cities from the map of Italy leaves dozens of demand cards (C1) naming
    them: validate-map prints one line for all of them, with their count, what they name and
    the command that makes the deck again; --all lists each one in file order, and --json
    stays complete."""
    italy = ROOT / "maps" / "italy.yaml"
    for sib in ("italy.geojson", "italy-deck.yaml"):
        shutil.copy(italy.parent / sib, tmp_path / sib)
    gone = ("Torino", "Bari", "Siena")
    lines = italy.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [x for x in lines if not any(f"{{name: {c}," in x for c in gone)]
    assert len(kept) == len(lines) - len(gone), "test out of date: the cities' lines moved"
    path = tmp_path / "italy.yaml"
    path.write_text("".join(kept), encoding="utf-8")

    assert main(["validate-map", str(path), "--json"]) == 2
    import json

    every = json.loads(capsys.readouterr().out)["errors"]
    assert len(every) > 25
    assert all(any(c in e["message"] for c in gone) or "offers 'cars'" in e["message"]
               for e in every)
    deck = str(tmp_path / "italy-deck.yaml")
    assert [(e["file"], e["line"]) for e in every] == sorted(
        (e["file"], e["line"]) for e in every) and {e["file"] for e in every} == {deck}

    assert main(["validate-map", str(path)]) == 2
    out = capsys.readouterr()
    assert out.err.splitlines() == [
        f"{deck}: {len(every)} problems: the deck was made for an older version of the map "
        "(its cards name 'Bari', 'Siena', 'Torino', 'cars'); make it again from the map with: "
        f"python -m rail_app build-deck {path} (--all lists them)"]
    assert "Traceback" not in out.err + out.out

    assert main(["validate-map", str(path), "--all"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"{e['file']}:{e['line']}: {e['message']}" for e in every]

    # the command it names mends the deck
    assert main(["build-deck", str(path)]) == 0
    assert main(["validate-map", str(path)]) == 0


# -- a name written twice -------------------------------------------------------------------------

TWICE = [
    # (what, text after which the copy goes, the copy, the first's text, pattern)
    ("ferry", "    sea: East Sea\n",
     "  - name: Beta - Delta\n    ports: [{at: [240, 69]}, {city: Delta}]\n    costs: [6, 3]\n",
     "  - name: Beta - Delta\n", r"ferries\[1\] 'Beta - Delta': a second ferry named 'Beta - Delta' "
     r"\(the first: ferries\[0\], {first}\); players take and board a ferry by its name"),
    ("volcano", "  - {name: Monte, at: [60, 225]}\n", "  - {name: Monte, at: [320, 60]}\n",
     "  - {name: Monte, at: [60, 225]}", r"volcanoes\[1\] 'Monte': a second volcano named 'Monte' "
     r"\(the first: volcanoes\[0\], {first}\); an eruption card names its volcano"),
    ("strait", "  - {name: Stretto, from: [30, 173], to: [40, 191]}\n",
     "  - {name: Stretto, from: [30, 173], to: [40, 191]}\n",
     "  - {name: Stretto, from", r"straits\[1\] 'Stretto': a second strait named 'Stretto'"),
    ("river", "    - {name: Rio, system: Rio, coordinates: [[-5, 120], [90, 125]]}\n",
     "    - {name: Rio, system: Rio, coordinates: [[150, 10], [150, 60]]}\n",
     "    - {name: Rio,", r"geometry\.river\[2\] \(river\) 'Rio': a second river named 'Rio' "
     r"\(the first: geometry\.river\[1\], {first}\); one river is one item: write one in "
     r"pieces with coordinates as a list of lines"),
    ("sea", "      coordinates: [[[-50, 178], [245, 178], [245, 184], [-50, 184], [-50, 178]]]\n",
     "    - name: South Sea\n      coordinates: [[[245, 300], [300, 300], [300, 320], "
     "[245, 320], [245, 300]]]\n",
     "    - name: South Sea\n", r"geometry\.sea\[2\] \(sea\) 'South Sea': a second sea named "
     r"'South Sea' \(the first: geometry\.sea\[1\], {first}\); one sea is one item"),
]


@pytest.mark.parametrize("case", TWICE, ids=[c[0] for c in TWICE])
def test_a_name_written_twice_is_refused_with_both_places(
        case: tuple[str, str, str, str, str], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Ferries are taken and boarded by name, eruption cards name volcanoes, floods rivers
    and storms seas: a name written twice would make the second one a copy of the first (or
    merge them). It is refused, naming both places."""
    _what, after, copy, first_text, pattern = case
    text = MINI.read_text(encoding="utf-8")
    assert after in text and first_text in text, "test out of date"
    bad = text.replace(after, after + copy, 1)
    path = tmp_path / "mini.yaml"
    path.write_text(bad, encoding="utf-8")
    for sib in MINI.parent.glob("mini-*.yaml"):
        shutil.copy(sib, tmp_path / sib.name)
    first = bad[: bad.index(first_text)].count("\n") + 1 + first_text[:1].count("\n")
    second = bad[: bad.index(after) + len(after)].count("\n") + 1
    assert main(["validate-map", str(path)]) == 2
    out = capsys.readouterr()
    lines = [x for x in out.err.splitlines() if x.strip()]
    assert len(lines) == 1, lines
    m = re.match(r"^(.*?):(\d+): (.*)$", lines[0])
    assert m and m.group(1) == str(path), lines[0]
    places = sorted({first, second})
    assert int(m.group(2)) in places and f"{path}:" in m.group(3), lines[0]
    assert re.search(pattern.format(first=re.escape(f"{path}:{first}")), m.group(3)), lines[0]
    other = [p for p in places if p != int(m.group(2))]
    assert not other or f"{path}:{other[0]})" in m.group(3), (lines[0], places)


def test_a_river_written_twice_in_a_geojson_file_names_both_lines(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """GeoJSON keeps no line numbers: the loader finds the line of each feature, so both
    places are named as in a map file."""
    import json

    italy = ROOT / "maps" / "italy.yaml"
    for name in ("italy.yaml", "italy-deck.yaml"):
        shutil.copy(italy.parent / name, tmp_path / name)
    rows = (italy.parent / "italy.geojson").read_text(encoding="utf-8").splitlines()
    po = next(i for i, r in enumerate(rows) if '"name":"Po"' in r)
    copy = json.loads(rows[po].rstrip(","))
    copy["properties"]["system"] = "Adige"  # another river, given the Po's name
    rows.insert(len(rows) - 1, "," + json.dumps(copy))  # as the last feature
    (tmp_path / "italy.geojson").write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert main(["validate-map", str(tmp_path / "italy.yaml")]) == 2
    err = capsys.readouterr().err.strip()
    geo = tmp_path / "italy.geojson"
    index = json.loads((tmp_path / "italy.geojson").read_text(encoding="utf-8"))["features"]
    last = len(index) - 1
    first = next(i for i, f in enumerate(index) if f["properties"].get("name") == "Po")
    assert err == (
        f"{geo}:{len(rows) - 1}: features[{last}] (river) 'Po': a second river named 'Po' "
        f"(the first: features[{first}], {geo}:{po + 1}); one river is one feature: draw one "
        "in pieces as a MultiLineString, or give the other river its own name"), err


def test_a_river_in_pieces_is_one_river(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A river cut by a lake is written once, its coordinates a list of lines: it loads,
    each piece crossed as that river (B2)."""
    from rail_app.games.italian_rails.rules.board import load_board

    text = MINI.read_text(encoding="utf-8")
    old = "    - {name: Rio, system: Rio, coordinates: [[-5, 120], [90, 125]]}\n"
    new = ("    - {name: Rio, system: Rio, coordinates: [[[-5, 120], [90, 125]], "
           "[[150, 10], [150, 60]]]}\n")
    assert old in text
    path = tmp_path / "mini.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    for sib in MINI.parent.glob("mini-*.yaml"):
        shutil.copy(sib, tmp_path / sib.name)
    assert main(["validate-map", str(path)]) == 0, capsys.readouterr().err
    board = load_board(path)
    before = load_board(MINI)
    crossed = [e for e in board.edges.values() if any(c.name == "Rio" for c in e.crossings)]
    crossed_before = [e for e in before.edges.values()
                      if any(c.name == "Rio" for c in e.crossings)]
    assert len(crossed) > len(crossed_before)
    assert all(c.system == "Rio" for e in crossed for c in e.crossings if c.name == "Rio")
