"""Map geometry: projection to kilometres and the layers (land, rivers, lakes...) as shapely.

All geometric questions of the board (is a dot on land, which rivers does a segment cross,
does it leave the land) are answered here with shapely 2 in vectorised form.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import shape
from shapely.geometry.base import BaseGeometry

from rail_app.core import guarded
from rail_app.core.mapfile import LineIndex, MapProblem

LAYERS = ("land", "border", "river", "lake", "inlet", "sea", "terrain", "context")
POLYGON_LAYERS = ("land", "lake", "inlet", "sea", "terrain", "context")
KM_PER_DEG_LAT = 110.574
KM_PER_DEG_LON_EQ = 111.320
#: Coordinates beyond this (degrees or km) belong to no map.
MAX_COORDINATE = 1_000_000.0
#: No shape of a map lies farther than this from its projection's centre, once projected:
#: the Earth's circumference. Every picture of a map fits within it, so what the screens
#: draw stays within what they can draw (rail_app/ui/drawguard.py).
MAX_KM = 40_000.0


@dataclass
class Projection:
    """``equirectangular``: [lon, lat] degrees -> km around (lon0, lat0); ``plane``: km as is.

    y grows southwards, as on the screen.
    """

    kind: str
    lon0: float = 0.0
    lat0: float = 0.0

    @property
    def kx(self) -> float:
        return KM_PER_DEG_LON_EQ * math.cos(math.radians(self.lat0))

    def forward(self, x: float, y: float) -> tuple[float, float]:
        if self.kind == "plane":
            return x, y
        return (x - self.lon0) * self.kx, -(y - self.lat0) * KM_PER_DEG_LAT

    def inverse(self, x: float, y: float) -> tuple[float, float]:
        if self.kind == "plane":
            return x, y
        return x / self.kx + self.lon0, -y / KM_PER_DEG_LAT + self.lat0

    def forward_array(self, coords: np.ndarray) -> np.ndarray:
        if self.kind == "plane":
            return coords
        out = np.empty_like(coords)
        out[:, 0] = (coords[:, 0] - self.lon0) * self.kx
        out[:, 1] = -(coords[:, 1] - self.lat0) * KM_PER_DEG_LAT
        return out

    def inverse_array(self, coords: np.ndarray) -> np.ndarray:
        """km back to [lon, lat] degrees, for an (n, 2) array (the map generators)."""
        if self.kind == "plane":
            return coords
        out = np.empty_like(coords)
        out[:, 0] = coords[:, 0] / self.kx + self.lon0
        out[:, 1] = -coords[:, 1] / KM_PER_DEG_LAT + self.lat0
        return out

    def geometry(self, geom: BaseGeometry) -> BaseGeometry:
        return shapely.transform(geom, self.forward_array)

    def inverse_geometry(self, geom: BaseGeometry) -> BaseGeometry:
        """A shape in km back in the map file's degrees (the map generators write them)."""
        return shapely.transform(geom, self.inverse_array)


@dataclass
class Feature:
    layer: str
    name: str
    geom: BaseGeometry  # in km
    props: dict[str, Any] = field(default_factory=dict)


@dataclass
class MapGeometry:
    """The layers of a map, projected to km."""

    features: dict[str, list[Feature]]

    def layer(self, name: str) -> list[Feature]:
        return self.features.get(name, [])

    def union(self, name: str) -> BaseGeometry:
        geoms = [f.geom for f in self.layer(name)]
        if not geoms:
            return shapely.Polygon()
        return shapely.union_all(geoms)


def load_geometry(
    spec: Any,
    map_path: Path,
    shown: str,
    index: LineIndex,
    projection: Projection,
) -> tuple[MapGeometry, list[MapProblem]]:
    """Read the ``geometry:`` of a map: a sibling GeoJSON file or inline layers.

    Polygons and lines are counted before shapely sees them (at most
    :data:`~rail_app.core.guarded.MAX_FEATURE_POINTS` points each and
    :data:`~rail_app.core.guarded.MAX_GEOMETRY_POINTS` in all), so that an absurd file is
    refused at once instead of keeping the board builder busy for minutes.
    """
    problems: list[MapProblem] = []
    features: dict[str, list[Feature]] = {name: [] for name in LAYERS}
    budget = _PointBudget()
    # (layer, properties, GeoJSON geometry, file, line, label) of each shape, checked for
    # names and sizes first, and only then handed to shapely
    todo: list[tuple[str, dict[str, Any], Any, str, int | None, str]] = []
    # where each named river and sea is written: (file, line, label, index of a GeoJSON
    # feature or -1); a GeoJSON feature's line is found only when a name is written twice
    places: dict[tuple[str, str], list[tuple[str, int | None, str, int]]] = {}
    geojson_text = ""
    if isinstance(spec, str):
        gpath = map_path.parent / spec
        gshown = str(Path(shown).parent / spec)
        try:
            raw_bytes = guarded.read_bytes(gpath, guarded.GEOJSON, gshown)
            doc = guarded.parse_json(raw_bytes, guarded.GEOJSON, gshown)
            geojson_text = raw_bytes.decode("utf-8", errors="replace")
        except guarded.GuardError as exc:
            if exc.message == "file not found":
                return MapGeometry(features), [MapProblem(
                    shown, index.line_of(("geometry",)),
                    f"geometry: file {guarded.shorten(spec)} not found")]
            return MapGeometry(features), [MapProblem(exc.file, exc.line, exc.message)]
        bad = guarded.first_non_text(doc)
        if bad is not None:
            from rail_app.core.mapfile import not_text_message

            return MapGeometry(features), [MapProblem(gshown, None, not_text_message(*bad))]
        raw = doc.get("features") if isinstance(doc, dict) else None
        if not isinstance(raw, list):
            return MapGeometry(features), [MapProblem(
                gshown, 1, "not a GeoJSON FeatureCollection (no 'features' list)")]
        for i, feat in enumerate(raw):
            props = feat.get("properties") if isinstance(feat, dict) else None
            props = props if isinstance(props, dict) else {}
            layer = props.get("layer")
            where = f"features[{i}]"
            if not isinstance(layer, str) or layer not in LAYERS:
                problems.append(MapProblem(
                    gshown, None, f"{where}: unknown layer {guarded.shorten(layer)} "
                    f"(expected one of {', '.join(LAYERS)})"))
                continue
            named = _bad_names(props)
            if named:
                problems.append(MapProblem(gshown, None, f"{where} ({layer}): {named}"))
                continue
            geometry = feat.get("geometry")
            coords = geometry.get("coordinates") if isinstance(geometry, dict) else None
            too_many = budget.take(coords)
            if too_many:
                problems.append(MapProblem(gshown, None, f"{where} ({layer}): {too_many}"))
                if budget.exhausted:
                    break
                continue
            todo.append((layer, props, geometry, gshown, None, f"{where} ({layer}): bad geometry"))
            if layer in NAMED_ONCE and props.get("name"):
                places.setdefault((layer, str(props["name"])), []).append(
                    (gshown, None, where, i))
    else:
        for layer, items in spec.items():
            for i, item in enumerate(items):
                kind = _inline_kind(layer, item["coordinates"])
                line = index.line_of(("geometry", layer, i, "coordinates"))
                too_many = budget.take(item["coordinates"])
                if too_many:
                    problems.append(MapProblem(shown, line, f"geometry.{layer}[{i}]: {too_many}"))
                    if budget.exhausted:
                        return MapGeometry(features), problems
                    continue
                todo.append((layer, item, {"type": kind, "coordinates": item["coordinates"]},
                             shown, line, f"geometry.{layer}[{i}]: bad coordinates for a {kind}"))
                if layer in NAMED_ONCE and item.get("name"):
                    places.setdefault((layer, str(item["name"])), []).append((
                        shown, index.line_of(("geometry", layer, i)), f"geometry.{layer}[{i}]",
                        -1))
    problems += _named_twice(places, geojson_text)
    if problems:
        return MapGeometry(features), problems
    for layer, props, geometry, file, line, label in todo:
        try:
            geom = _checked(shape(geometry), layer)
            feature = _feature(layer, props, geom, projection)
        except Exception as exc:  # shapely raises several kinds for bad input
            # One bad shape is enough to refuse the map; checking a scribble costs time,
            # so the rest waits until this one is fixed.
            problems.append(MapProblem(file, line, f"{label}: {guarded.clip(str(exc))}"))
            return MapGeometry(features), problems
        features[layer].append(feature)
    for i, feat in enumerate(features["terrain"]):
        if feat.props.get("terrain") not in ("mountain", "alpine"):
            problems.append(MapProblem(
                shown, None,
                f"geometry terrain[{i}] {feat.name!r}: terrain must be 'mountain' or 'alpine', "
                f"not {guarded.shorten(feat.props.get('terrain'))}"))
    if not features["land"]:
        problems.append(MapProblem(shown, index.line_of(("geometry",)), "geometry: no land"))
    return MapGeometry(features), problems


#: Layers whose names the rules use (floods name rivers, storms name seas): each name once.
NAMED_ONCE = ("river", "sea")
_ONE_SHAPE = {"river": "a MultiLineString", "sea": "a MultiPolygon"}
_ONE_ITEM = {"river": "a list of lines", "sea": "a list of polygons"}


def _inline_kind(layer: str, coords: Any) -> str:
    """The geometry an inline item's coordinates write, told by their nesting: a line or a
    polygon, or several of them (a river in pieces, a sea in parts)."""
    depth = 0
    node = coords
    while isinstance(node, list) and node:
        depth += 1
        node = node[0]
    if layer in POLYGON_LAYERS:
        return "MultiPolygon" if depth >= 4 else "Polygon"
    return "MultiLineString" if depth >= 3 else "LineString"


def _named_twice(places: dict[tuple[str, str], list[tuple[str, int | None, str, int]]],
                 geojson_text: str) -> list[MapProblem]:
    """A river or a sea written twice, with both places: a flood card naming the river, or
    a storm naming the sea, would otherwise take both for one."""
    out: list[MapProblem] = []
    lines: list[int] | None = None
    for (layer, name), where in places.items():
        if len(where) < 2:
            continue
        found: list[tuple[str, int | None, str]] = []
        for file, line, label, feature in where:
            if feature >= 0:
                lines = lines if lines is not None else feature_lines(geojson_text)
                line = lines[feature] if feature < len(lines) else None
            found.append((file, line, label))
        first_file, first_line, first_label = found[0]
        first = f"{first_file}:{first_line}" if first_line is not None else first_file
        how = (f"one {layer} is one feature: draw one in pieces as {_ONE_SHAPE[layer]}"
               if where[0][3] >= 0 else
               f"one {layer} is one item: write one in pieces with coordinates as "
               f"{_ONE_ITEM[layer]}")
        for file, line, label in found[1:]:
            out.append(MapProblem(file, line, (
                f"{label} ({layer}) {guarded.shorten(name)}: a second {layer} named "
                f"{guarded.shorten(name)} (the first: {first_label}, {first}); {how}, or "
                f"give the other {layer} its own name")))
    return out


def feature_lines(text: str) -> list[int]:
    """The line (from 1) where each element of a GeoJSON text's top-level ``features`` list
    begins, read from the characters: json.loads keeps no positions."""
    out: list[int] = []
    stack: list[str] = []  # "{", "[", or "F" for the features list
    line = 1
    key = ""  # the last text read in the top-level object: the key before a value
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if stack == ["{"]:
                key = text[i + 1:j]
            i = j
        elif c in "{[":
            if stack and stack[-1] == "F":
                out.append(line)
            stack.append("F" if c == "[" and stack == ["{"] and key == "features" else c)
        elif c in "}]" and stack:
            stack.pop()
        i += 1
    return out


class _PointBudget:
    """Counts the points of a map's geometry against the limits."""

    def __init__(self) -> None:
        self.total = 0
        self.exhausted = False

    def take(self, coords: Any) -> str | None:
        """None if ``coords`` fits, else why not."""
        n = guarded.count_points(coords, guarded.MAX_FEATURE_POINTS)
        if n > guarded.MAX_FEATURE_POINTS:
            return (f"more than {guarded.MAX_FEATURE_POINTS:,} points in one shape (the "
                    "limit; simplify the geometry)")
        self.total += n
        if self.total > guarded.MAX_GEOMETRY_POINTS:
            self.exhausted = True
            return (f"the geometry has more than {guarded.MAX_GEOMETRY_POINTS:,} points in "
                    "all (the limit; simplify it)")
        return None


def _bad_names(props: dict[str, Any]) -> str | None:
    """Why a feature's ``name`` or ``system`` cannot be used (names are shown to players)."""
    for key in ("name", "system"):
        value = props.get(key)
        if value is not None and (not isinstance(value, str) or len(value) > 60):
            return f"{key} must be a text of at most 60 characters, not {guarded.shorten(value)}"
    return None


_INVALID = {
    "Self-intersection": "it crosses itself",
    "Ring Self-intersection": "a ring touches itself",
    "Too few points": "too few points",
    "Hole lies outside shell": "a hole lies outside the outline",
    "Nested shells": "one outline lies inside another",
    "Interior is disconnected": "its inside is cut in two",
}


def _checked(geom: BaseGeometry, layer: str = "") -> BaseGeometry:
    """A non-empty geometry whose coordinates are within :data:`MAX_COORDINATE`, and a valid
    one if it is a polygon. A polygon that crosses itself is refused, not repaired: repairing
    costs time that grows with the square of its crossings (minutes for a scribble of a
    thousand points), and the map's author should see where the mistake is. A river is a
    line that never crosses itself (its pieces may meet at their ends): a board asks which
    segments cross which river, and a scribble of rivers crossing themselves everywhere
    would keep that question busy for minutes."""
    if geom.is_empty:
        raise ValueError("empty geometry")
    if not all(abs(v) <= MAX_COORDINATE for v in geom.bounds):
        raise ValueError("coordinates far outside any map")
    if layer == "river" and geom.geom_type in ("LineString", "MultiLineString") \
            and not geom.is_simple:
        raise ValueError("the river crosses itself (a river is drawn without loops; fix it "
                         "in a map editor)")
    if geom.geom_type in ("Polygon", "MultiPolygon") and not geom.is_valid:
        reason = str(shapely.is_valid_reason(geom))
        where = re.search(r"\[(-?[\d.e+-]+) (-?[\d.e+-]+)\]", reason)
        what = reason.split("[", 1)[0].strip()
        what = _INVALID.get(what, what.lower() or "it is not valid")
        near = f" near {float(where.group(1)):g}, {float(where.group(2)):g}" if where else ""
        raise ValueError(f"not a valid polygon: {what}{near} (fix it in a map editor)")
    return geom


def _feature(layer: str, props: dict[str, Any], geom: BaseGeometry, proj: Projection) -> Feature:
    """The shape as the board uses it, in km (ValueError when it lies farther from the
    projection's centre than :data:`MAX_KM`)."""
    name = str(props.get("name") or "")
    km = proj.geometry(geom)
    if not all(abs(v) <= MAX_KM for v in km.bounds):
        raise ValueError(f"coordinates far outside any map (more than {MAX_KM:,.0f} km from "
                         "the map's centre)")
    return Feature(layer, name, km, dict(props))
