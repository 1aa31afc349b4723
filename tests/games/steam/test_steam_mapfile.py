"""Steam map files (S-B1-S-B11): the format, its JSON Schema (draft-07, a description on
every key) and the errors a map author reads: ``file:line: key: value: message``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from steamhelp import MAPS, ROOT, board

from rail_app.games.steam.rules.board import Colour, Terrain
from rail_app.games.steam.rules.mapfile import MapError, load_board, parse_board

SCHEMA = ROOT / "maps" / "steam-schema.json"
TINY = """game: steam
name: Tiny
grid: {orientation: pointy, spacing_km: 30, origin: [0, 0]}
plain: ["0..4,0..2"]
hexes:
  - {at: "2,1", town: true, name: Mid, river: true}
  - {at: "3,1", terrain: hill}
cities:
  - {name: West, at: "0,1", colour: red, number: 2}
  - {name: East, at: "4,1", colour: blue, number: 2}
sea: ["4,2"]
impassable:
  - ["1,1", "1,2"]
"""


def errors(text: str, tmp_path: Path, name: str = "bad.yaml") -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MapError) as err:
        load_board(path, shown=f"maps/{name}")
    return [str(p) for p in err.value.problems]


@pytest.mark.parametrize("name", ["row", "delivery", "small"])
def test_the_test_maps_load(name: str) -> None:
    b = board(name)
    assert len(b.cities) >= 5 and b.name


def test_S_B1_hexes_cities_and_sea() -> None:
    """S-B1: land and city hexes are hexes; sea hexes are drawn but are not hexes."""
    b = parse_board(TINY, "tiny.yaml")
    assert len(b.hexes) == 15 - 1  # the range less the sea hex
    assert b.hex_index("4,2") is None and (4, 2) in b.sea
    assert b.hexes[b.hex_index("0,1") or 0].name == "West"


def test_S_B2_S_B3_S_B6_terrain_river_town() -> None:
    """S-B2/S-B3/S-B6: hill, river and town are map data (a town may have a river)."""
    b = parse_board(TINY, "tiny.yaml")
    mid = b.hexes[b.hex_index("2,1") or 0]
    assert mid.town and mid.river and mid.terrain is Terrain.PLAIN
    assert b.hexes[b.hex_index("3,1") or 0].terrain is Terrain.HILL
    assert b.towns == (b.hex_index("2,1"),)


def test_S_B4_impassable_sides() -> None:
    """S-B4: a thick black side (both ways), the edge of the map and a side facing the sea
    are impassable."""
    b = parse_board(TINY, "tiny.yaml")
    a, c = b.hex_index("1,1"), b.hex_index("1,2")
    assert a is not None and c is not None
    assert b.blocked[a][1] and b.blocked[c][4]  # 1,1 -> 1,2 is direction (0, 1): side 1
    east = b.hex_index("4,1")
    assert east is not None and b.blocked[east][0]  # off the map
    assert b.blocked[east][1]  # the sea hex 4,2
    assert not b.blocked[a][0]


def test_S_B5_S_B7_cities_and_colours() -> None:
    """S-B5/S-B7: a city has a name, colour and printed number; no printed city is grey."""
    b = parse_board(TINY, "tiny.yaml")
    assert [(c.name, c.colour, c.number) for c in b.cities] == [
        ("West", Colour.RED, 2), ("East", Colour.BLUE, 2)]
    with pytest.raises(MapError, match="colour: 'grey': not one of red, blue, yellow, purple"):
        parse_board(TINY.replace("colour: blue", "colour: grey"), "g.yaml")


def test_S_B8_S_B9_components_and_reserve() -> None:
    """S-B8/S-B9 (D-7, D-8): the box's counts by default, changed by the map; 12 reserve
    spaces unless the map says otherwise."""
    b = parse_board(TINY, "tiny.yaml")
    assert b.components.cubes == (20, 20, 20, 20, 16) and b.reserve_spaces == 12
    assert b.components.new_cities == (1, 1, 1, 1, 4) and b.components.urban_growth == 10
    more = parse_board(TINY + "reserve_spaces: 5\ncomponents: {cubes: {grey: 10}, "
                              "urban_growth: 3}\n", "m.yaml")
    assert more.reserve_spaces == 5 and more.components.cubes[4] == 10
    assert more.components.urban_growth == 3


def test_S_B11_cube_changes_and_recommended_players() -> None:
    """S-B11: a change to the cubes per city for one player count, and the player counts the
    map suits, are map data."""
    b = parse_board(TINY + "cube_changes: [{players: 3, per_city: -1}]\n"
                           "recommended_players: [4, 5]\n", "c.yaml")
    assert b.cube_change(3) == -1 and b.cube_change(4) == 0 and b.recommended == (4, 5)


def test_a_map_without_game_is_an_italian_rails_map(tmp_path: Path) -> None:
    problems = errors(TINY.replace("game: steam\n", ""), tmp_path)
    assert problems == ["maps/bad.yaml:1: game: missing key 'game': this looks like an Italian "
                        "Rails map (a Steam map starts with 'game: steam')"]


def test_errors_name_file_line_key_and_value(tmp_path: Path) -> None:
    """Every mistake as ``file:line: key: value: message``, all of them at once."""
    text = TINY.replace("colour: red", "colour: gray").replace("citys", "cities")
    text = text.replace("sea: [", "seas: [")
    problems = errors(text, tmp_path)
    assert problems[0] == ("maps/bad.yaml:9: cities[0].colour: 'gray': not one of red, blue, "
                           "yellow, purple")
    assert problems[1] == "maps/bad.yaml:11: seas: 'seas': unknown key (did you mean 'sea'?)"


@pytest.mark.parametrize(("change", "expected"), [
    (('at: "3,1", terrain: hill', 'at: "3,1", terrain: hill, town: true'), None),
    (('["1,1", "1,2"]', '["1,1", "3,2"]'), r"bad\.yaml:13: impassable\[0\]: .*not neighbours"),
    (('["1,1", "1,2"]', '["1,1", "4,2"]'),
     r"bad\.yaml:13: impassable\[0\]\[1\]: '4,2': a sea hex"),
    (('{at: "3,1", terrain: hill}', '{at: "2,1", terrain: hill}'),
     r"bad\.yaml:7: hexes\[1\]\.at: '2,1': hex 2,1 is already given at hexes\[0\]\.at"),
    (('"0..4,0..2"', '"4..0,0..2"'), r"bad\.yaml:4: plain\[0\]: '4\.\.0,0\.\.2': a range"),
    (('spacing_km: 30', 'spacing_km: -3'), r"bad\.yaml:3: grid\.spacing_km: -3: too small"),
    (('name: Tiny', 'name: Tiny\nbackground: missing.geojson'),
     r"bad\.yaml:3: background: 'missing\.geojson': no such file beside the map"),
    (('at: "0,1"', 'at: "0;1"'), r"bad\.yaml:9: cities\[0\]\.at: '0;1': not written as "
                                 r"expected: A hex, written 'q,r'"),
])
def test_map_mistakes(tmp_path: Path, change: tuple[str, str], expected: str | None) -> None:
    text = TINY.replace(*change)
    assert text != TINY
    if expected is None:
        assert parse_board(text, "ok.yaml")
        return
    problems = errors(text, tmp_path)
    assert any(re.search(expected, p) for p in problems), problems


def test_a_map_whose_setup_needs_more_cubes_than_the_bag_is_refused(tmp_path: Path) -> None:
    """S-I1: cities' cubes plus 3 per reserve space must come out of the bag."""
    text = TINY + "reserve_spaces: 31\n"  # 4 + 31 x 3 = 97 > 96
    problems = errors(text, tmp_path)
    assert problems == ["maps/bad.yaml:14: reserve_spaces: the set-up with 4 players needs 97 "
                        "cubes (cities 4 + 31 reserve spaces x 3) but the bag holds 96 (S-I1)"]
    assert parse_board(TINY + "reserve_spaces: 30\n", "ok.yaml").reserve_spaces == 30


def test_hostile_files_are_refused_with_a_reason(tmp_path: Path) -> None:
    assert "malformed YAML" in errors("game: steam\nname: [\n", tmp_path)[0]
    assert "anchors and aliases" in errors("game: steam\nname: &a x\nb: *a\n", tmp_path)[0]
    with pytest.raises(MapError, match="folder"):
        load_board(tmp_path)
    with pytest.raises(MapError, match="file not found"):
        load_board(tmp_path / "none.yaml")
    huge = TINY.replace('"0..4,0..2"', '"0..99999,0..99999"')
    assert "too many hexes" in errors(huge, tmp_path)[0]


def _walk(node: Any, path: str, defs: dict[str, Any], out: list[str]) -> None:
    if isinstance(node, dict):
        for k, sub in node.get("properties", {}).items():
            target = sub
            if "$ref" in sub:
                target = defs[sub["$ref"].rsplit("/", 1)[-1]]
            if "description" not in sub and "description" not in target:
                out.append(f"{path}.{k}")
            _walk(target, f"{path}.{k}", defs, out)
        if isinstance(node.get("items"), dict):
            _walk(node["items"], f"{path}[]", defs, out)


def test_the_schema_describes_every_key() -> None:
    """maps/steam-schema.json is draft-07, refers only to itself, and every key has a
    description (editors show it)."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    missing: list[str] = []
    _walk(schema, "", schema["definitions"], missing)
    for name, d in schema["definitions"].items():
        if "description" not in d:
            missing.append(f"definitions.{name}")
        _walk(d, f"definitions.{name}", schema["definitions"], missing)
    assert missing == []
    refs = re.findall(r'"\$ref": "([^"]+)"', SCHEMA.read_text(encoding="utf-8"))
    assert refs and all(r.startswith("#/definitions/") for r in refs)


def test_the_schema_alone_accepts_the_test_maps() -> None:
    """An editor with the schema agrees with the game about the shipped test maps."""
    import jsonschema
    import yaml

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    for path in sorted(MAPS.glob("steam-*.yaml")):
        jsonschema.Draft7Validator(schema).validate(yaml.safe_load(path.read_text("utf-8")))
