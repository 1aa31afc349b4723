"""A Ticket to Ride map's background: the GeoJSON file beside the map (longitude, latitude),
projected onto the board. Its layers are drawn under the routes and tell the checks where
the water and the mountains are (a ferry crosses water, T-F1; a tunnel a mountain range,
T-T1):

- ``land``: polygons of dry land (what is not land is water);
- ``lake``: polygons of lakes (water inside the land);
- ``sea``: named seas (drawn as labels; the checks use the land);
- ``mountain_range``: polygons of the ranges a tunnel may cross (``name``, ``range``).

The file is read through the guarded reader (a regular file within the GeoJSON limits, at
most :data:`rail_app.core.guarded.MAX_GEOMETRY_POINTS` points in all); every problem is a
:class:`MapProblem`. Pure: shapely, no pygame.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from rail_app.core import guarded
from rail_app.core.cache import BoundedCache
from rail_app.core.mapfile import MapError, MapProblem
from rail_app.games.ttr.rules.board import Point, Projection

LAYERS = ("land", "lake", "sea", "mountain_range")

Ring = tuple[Point, ...]


@dataclass(frozen=True)
class Shape:
    """One polygon of a layer on the board (mm): its outer ring and its holes."""

    name: str
    outer: Ring
    holes: tuple[Ring, ...] = ()
    #: For a mountain range: the family it belongs to ("Alps", "Carpathians"...).
    family: str = ""


@dataclass(frozen=True, eq=False)
class Background:
    """The layers of a background, projected to the board (mm)."""

    land: tuple[Shape, ...] = ()
    lakes: tuple[Shape, ...] = ()
    seas: tuple[Shape, ...] = ()
    ranges: tuple[Shape, ...] = ()
    #: shapely forms, made once: dry land (land less lakes) and each range's polygon.
    dry: BaseGeometry = field(default_factory=Polygon, repr=False)
    range_geoms: tuple[tuple[Shape, BaseGeometry], ...] = field(default=(), repr=False)


def _polygons(geom: Any, where: str, gshown: str) -> list[list[list[list[float]]]]:
    """The polygons of a GeoJSON geometry as lists of rings; GuardError for anything else."""
    if not isinstance(geom, dict):
        raise guarded.GuardError(gshown, None, f"{where}: no geometry")
    kind, coords = geom.get("type"), geom.get("coordinates")
    if kind == "Polygon" and isinstance(coords, list):
        return [coords]
    if kind == "MultiPolygon" and isinstance(coords, list):
        return list(coords)
    raise guarded.GuardError(gshown, None, f"{where}: a {guarded.shorten(kind)} where a "
                                           "Polygon or MultiPolygon is expected")


def _ring(points: Any, projection: Projection, where: str, gshown: str) -> Ring:
    if not isinstance(points, list) or len(points) < 4:
        raise guarded.GuardError(gshown, None, f"{where}: a ring needs at least 4 points")
    for p in points:
        if (not isinstance(p, list) or len(p) < 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                           for v in p[:2])
                or not (-180 <= p[0] <= 180 and -90 <= p[1] <= 90)):
            raise guarded.GuardError(gshown, None, f"{where}: {guarded.shorten(p)} is not a "
                                                   "position [lon, lat] in degrees")
    return tuple(projection.project_many(points))


def _read(path: Path, gshown: str, projection: Projection) -> Background:
    doc = guarded.read_json(path, guarded.GEOJSON, gshown)
    feats = doc.get("features") if isinstance(doc, dict) else None
    if not isinstance(feats, list):
        raise guarded.GuardError(gshown, 1, "not a GeoJSON FeatureCollection (no 'features' "
                                            "list)")
    points = guarded.count_points([f["geometry"].get("coordinates") for f in feats
                                   if isinstance(f, dict) and isinstance(f.get("geometry"), dict)],
                                  guarded.MAX_GEOMETRY_POINTS)
    if points > guarded.MAX_GEOMETRY_POINTS:
        raise guarded.GuardError(gshown, None, f"more than {guarded.MAX_GEOMETRY_POINTS:,} "
                                               "points of geometry")
    layers: dict[str, list[Shape]] = {name: [] for name in LAYERS}
    for i, feat in enumerate(feats):
        props = feat.get("properties") if isinstance(feat, dict) else None
        props = props if isinstance(props, dict) else {}
        layer = props.get("layer")
        where = f"features[{i}]"
        if layer not in LAYERS:
            raise guarded.GuardError(gshown, None, f"{where}: unknown layer "
                                                   f"{guarded.shorten(layer)} (expected one "
                                                   f"of {', '.join(LAYERS)})")
        name = props.get("name")
        name = name if isinstance(name, str) else ""
        family = props.get("range")
        family = family if isinstance(family, str) else name
        for rings in _polygons(feat.get("geometry"), f"{where} ({layer})", gshown):
            if not rings:
                continue
            outer = _ring(rings[0], projection, where, gshown)
            holes = tuple(_ring(r, projection, where, gshown) for r in rings[1:])
            layers[str(layer)].append(Shape(guarded.clip(name), outer, holes,
                                            guarded.clip(family)))

    def solid(shapes: list[Shape]) -> BaseGeometry:
        polys = [Polygon(s.outer, s.holes).buffer(0) for s in shapes]
        return unary_union(polys) if polys else MultiPolygon()

    land = solid(layers["land"])
    lakes = solid(layers["lake"])
    return Background(
        land=tuple(layers["land"]), lakes=tuple(layers["lake"]), seas=tuple(layers["sea"]),
        ranges=tuple(layers["mountain_range"]),
        dry=land.difference(lakes) if not lakes.is_empty else land,
        range_geoms=tuple((s, Polygon(s.outer, s.holes).buffer(0))
                          for s in layers["mountain_range"]))


_CACHE: BoundedCache[tuple[str, int, int, Projection], Background] = BoundedCache(4)


def load_background(name: str, map_path: str | os.PathLike[str], shown: str,
                    projection: Projection, line: int | None = None) -> Background:
    """The background ``name`` beside the map ``map_path`` (``shown``: the map as messages
    name it; ``line``: the map's ``background:`` line), kept per file version.
    :class:`MapError` names what is wrong with it."""
    if not guarded.plain_file_name(name):
        raise MapError([MapProblem(shown, line, f"background: {guarded.shorten(name)}: a "
                                                "plain file name beside the map")])
    path = Path(map_path).parent / name
    gshown = str(Path(shown).parent / name)
    try:
        st = path.stat()
    except OSError:
        raise MapError([MapProblem(shown, line, f"background: {guarded.shorten(name)}: no "
                                                "such file beside the map")]) from None

    def read() -> Background:
        try:
            return _read(path, gshown, projection)
        except guarded.GuardError as exc:
            raise MapError([MapProblem(exc.file, exc.line, exc.message)]) from None

    return _CACHE.get((str(path.resolve()), st.st_mtime_ns, st.st_size, projection), read)
