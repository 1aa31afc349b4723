"""Map geometry: projection to kilometres and the layers (land, rivers, lakes...) as shapely.

All geometric questions of the board (is a dot on land, which rivers does a segment cross,
does it leave the land) are answered here with shapely 2 in vectorised form.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import shape
from shapely.geometry.base import BaseGeometry

from rail_app.core.mapfile import LineIndex, MapProblem

LAYERS = ("land", "border", "river", "lake", "inlet", "sea", "terrain", "context")
POLYGON_LAYERS = ("land", "lake", "inlet", "sea", "terrain", "context")
KM_PER_DEG_LAT = 110.574
KM_PER_DEG_LON_EQ = 111.320


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

    def geometry(self, geom: BaseGeometry) -> BaseGeometry:
        return shapely.transform(geom, self.forward_array)


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


def _fix(geom: BaseGeometry) -> BaseGeometry:
    if geom.geom_type in ("Polygon", "MultiPolygon") and not geom.is_valid:
        return shapely.make_valid(geom)
    return geom


def load_geometry(
    spec: Any,
    map_path: Path,
    shown: str,
    index: LineIndex,
    projection: Projection,
) -> tuple[MapGeometry, list[MapProblem]]:
    """Read the ``geometry:`` of a map: a sibling GeoJSON file or inline layers."""
    problems: list[MapProblem] = []
    features: dict[str, list[Feature]] = {name: [] for name in LAYERS}
    if isinstance(spec, str):
        gpath = map_path.parent / spec
        gshown = str(Path(shown).parent / spec)
        try:
            doc = json.loads(gpath.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return MapGeometry(features), [MapProblem(
                shown, index.line_of(("geometry",)), f"geometry: file {spec!r} not found")]
        except (OSError, ValueError) as exc:
            return MapGeometry(features), [MapProblem(
                gshown, getattr(exc, "lineno", None), f"not valid GeoJSON: {exc}")]
        raw = doc.get("features") if isinstance(doc, dict) else None
        if not isinstance(raw, list):
            return MapGeometry(features), [MapProblem(
                gshown, 1, "not a GeoJSON FeatureCollection (no 'features' list)")]
        for i, feat in enumerate(raw):
            props = (feat.get("properties") or {}) if isinstance(feat, dict) else {}
            layer = props.get("layer")
            where = f"features[{i}]"
            if layer not in LAYERS:
                problems.append(MapProblem(
                    gshown, None,
                    f"{where}: unknown layer {layer!r} (expected one of {', '.join(LAYERS)})"))
                continue
            try:
                geom = shape(feat["geometry"])
            except Exception as exc:  # shapely raises several kinds for bad input
                problems.append(MapProblem(gshown, None, f"{where} ({layer}): bad geometry: {exc}"))
                continue
            features[layer].append(_feature(layer, props, geom, projection))
    else:
        for layer, items in spec.items():
            for i, item in enumerate(items):
                kind = "Polygon" if layer in POLYGON_LAYERS else "LineString"
                try:
                    geom = shape({"type": kind, "coordinates": item["coordinates"]})
                    if geom.is_empty:
                        raise ValueError("empty geometry")
                except Exception as exc:
                    problems.append(MapProblem(
                        shown, index.line_of(("geometry", layer, i, "coordinates")),
                        f"geometry.{layer}[{i}]: bad coordinates for a {kind}: {exc}"))
                    continue
                features[layer].append(_feature(layer, item, geom, projection))
    for i, feat in enumerate(features["terrain"]):
        if feat.props.get("terrain") not in ("mountain", "alpine"):
            problems.append(MapProblem(
                shown, None,
                f"geometry terrain[{i}] {feat.name!r}: terrain must be 'mountain' or 'alpine', "
                f"not {feat.props.get('terrain')!r}"))
    if not features["land"]:
        problems.append(MapProblem(shown, index.line_of(("geometry",)), "geometry: no land"))
    return MapGeometry(features), problems


def _feature(layer: str, props: dict[str, Any], geom: BaseGeometry, proj: Projection) -> Feature:
    name = str(props.get("name") or "")
    return Feature(layer, name, _fix(proj.geometry(geom)), dict(props))
