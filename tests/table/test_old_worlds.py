"""A save carries its map's files (its world). Saves made before a river's pieces had to
be one feature carry GeoJSON with one river written as several features of one name; the
board then read them as one river. Such a save still opens, on the same board."""

from __future__ import annotations

import json
from pathlib import Path

from rail_app.core.paths import resource_path
from rail_app.core.world import World, WorldFile, join_named_twice, open_world, pack_world
from rail_app.table import registry

ITALY = resource_path("maps", "italy.yaml")


def _in_pieces(data: bytes) -> bytes:
    """The GeoJSON as an older version wrote it: each river in pieces, a feature a piece."""
    doc = json.loads(data)
    out = []
    for feat in doc["features"]:
        geom = feat["geometry"]
        if feat["properties"].get("layer") == "river" and geom["type"] == "MultiLineString":
            out += [dict(feat, geometry={"type": "LineString", "coordinates": part})
                    for part in geom["coordinates"]]
        else:
            out.append(feat)
    assert len(out) > len(doc["features"])  # Italy has rivers in pieces
    doc["features"] = out
    return json.dumps(doc).encode("utf-8")


def test_an_older_saves_map_with_a_river_in_pieces_opens_on_the_same_board(
        tmp_path: Path) -> None:
    world = pack_world(ITALY, registry.game("italian-rails").map_parts)
    assert world is not None
    geometry = world.file("geometry")
    assert geometry is not None
    old = World(tuple(WorldFile.of(f.role, f.name, _in_pieces(f.data), f.kind)
                      if f is geometry else f for f in world.files))
    game = registry.game("italian-rails")
    # today's reader refuses a river named twice in a map an author writes ...
    written = tmp_path / "authored"
    written.mkdir()
    for f in old.files:
        (written / f.name).write_bytes(f.data)
    try:
        game.rules.load_board(written / "italy.yaml")
    except Exception as exc:  # noqa: BLE001 - the map error's words are what matter
        assert "a second river named" in str(exc)
    else:
        raise AssertionError("a river named twice was accepted in an authored map")
    # ... but a save's own copy opens, with the pieces joined as the board read them
    board = game.rules.load_board(open_world(old, tmp_path / "worlds"))
    today = game.rules.load_board(ITALY)
    assert board.board.summary() == today.board.summary()
    assert board.board.edges == today.board.edges  # every crossing of every river alike


def test_a_map_with_each_name_once_is_left_as_it_is() -> None:
    data = (ITALY.parent / "italy.geojson").read_bytes()
    assert join_named_twice(data) is data
    assert join_named_twice(b"not json") == b"not json"
