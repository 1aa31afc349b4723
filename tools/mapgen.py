"""What the map generators (``build_italy_map.py``, ``build_steam_map.py``) share beside the
core's projection and hex grid (``rail_app.core.geometry.Projection``,
``rail_app.core.hexgrid.Layout``): shapes rounded to the precision the map files are written
in, simplified in kilometres, taken apart into polygons and lines; the French land the
geodata's Italian piece holds; YAML scalars and flow lists written as the map files write
them; the check of the geodata folder; the lands around a board beyond its geodata's box."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import shapely
import yaml
from shapely.geometry import LineString, Polygon, box, shape
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from rail_app.core.geometry import Projection

DECIMALS = 4  # lon/lat decimals written (about 10 m)


def rounded(g: BaseGeometry) -> BaseGeometry:
    """Round to the written precision and repair, so checks see exactly what is written."""
    if not g.is_valid:
        g = shapely.make_valid(g)
    try:
        g = shapely.set_precision(g, 10.0**-DECIMALS)
    except shapely.errors.GEOSException:
        g = shapely.set_precision(g, 10.0**-DECIMALS, mode="pointwise")
    if not g.is_valid:
        g = shapely.make_valid(g)
    return g


def simplify_deg(g: BaseGeometry, tol_km: float, proj: Projection) -> BaseGeometry:
    """Simplify a lon/lat geometry with a tolerance in kilometres (``proj``'s), then round."""
    simple = proj.geometry(g).simplify(tol_km, preserve_topology=True)
    return rounded(proj.inverse_geometry(simple))


def polygons(g: BaseGeometry) -> list[Polygon]:
    """The polygons of a shape of any kind (none of an empty one)."""
    if isinstance(g, Polygon):
        return [] if g.is_empty else [g]
    if hasattr(g, "geoms"):
        return [p for part in g.geoms for p in polygons(part)]
    return []


def lines(g: BaseGeometry) -> list[LineString]:
    """The lines of a shape of any kind (none of no length)."""
    if isinstance(g, LineString):
        return [] if g.is_empty or g.length == 0 else [g]
    if hasattr(g, "geoms"):
        return [ln for part in g.geoms for ln in lines(part)]
    return []


def yaml_quote(s: str) -> str:
    """A YAML flow scalar: plain when safe, double-quoted otherwise."""
    plain = yaml.safe_dump(s, default_flow_style=True, width=1000).strip()
    if plain.endswith("..."):
        plain = plain[:-3].strip()
    return plain


def flow_rows(items: Iterable[str], width: int = 92) -> list[str]:
    """The inside of a YAML flow list, ``items`` comma separated, in rows of at most
    ``width`` characters indented by three spaces (the list's brackets are the caller's)."""
    rows: list[str] = []
    row = "   "
    for text in items:
        item = f" {text},"
        if len(row) + len(item) > width:
            rows.append(row)
            row = "   "
        row += item
    rows.append(row.rstrip(","))
    return rows


def france_side(borders: Iterable[tuple[Mapping[str, Any], BaseGeometry]]) -> Polygon:
    """West of the France-Italy border line (of the geodata's ``border`` layer), closed
    through France and the sea. The geodata's Italian mainland piece wrongly holds Provence
    and the French Alps (the border line did not split Natural Earth's land there): the
    generators cut it off with this."""
    line = next(g for p, g in borders if {p["left"], p["right"]} == {"FRA", "ITA"})
    pts = list(line.coords)
    if pts[0][1] > pts[-1][1]:
        pts.reverse()  # from the coast (south) to the Swiss tripoint (north)
    (slon, slat), nlon = pts[0], pts[-1][0]
    return Polygon([*pts, (nlon, 47.6), (5.0, 47.6), (5.0, 42.5), (slon, 42.5), (slon, slat)])


def geodata_problem(folder: Path, names: Iterable[str]) -> str | None:
    """Why ``folder`` is not the geodata folder (a file it must hold is missing), or None."""
    missing = [name for name in names if not (folder / name).is_file()]
    if not missing:
        return None
    return (f"{folder}: not the geodata folder (missing {', '.join(missing)}); the "
            "repository's own is tools/geodata")


#: The widest map area the table fits a board into, width over height (an ultra-wide
#: window's): a background reaches this far on either side of its board.
WIDE_ASPECT = 2.6
#: The Europe layer (Natural Earth 50m land, tools/extract_europe_geodata.py) the lands
#: beyond a board's own geodata come from.
EUROPE_GEO = "europe_geo.geojson"


def wide_box(proj: Projection, x0: float, y0: float, x1: float, y1: float
             ) -> tuple[float, float, float, float]:
    """The lon/lat box of the km box ``x0, y0, x1, y1`` made at least WIDE_ASPECT times as
    wide as it is high (grown on both sides): what the widest window shows around a board."""
    grow = max(0.0, (WIDE_ASPECT * (y1 - y0) - (x1 - x0)) / 2.0)
    lon_a, lat_a = proj.inverse(x0 - grow, y0)
    lon_b, lat_b = proj.inverse(x1 + grow, y1)
    return min(lon_a, lon_b), min(lat_a, lat_b), max(lon_a, lon_b), max(lat_a, lat_b)


def surroundings(folder: Path, frame: tuple[float, float, float, float],
                 own: tuple[float, float, float, float]) -> BaseGeometry:
    """The land within the lon/lat box ``frame`` but outside the box ``own`` that a
    board's geodata covers, from the Europe layer: drawn as the lands around the board, so
    that a wide window shows land and sea beyond the board's geodata, never a blank frame."""
    geo = json.loads((folder / EUROPE_GEO).read_text(encoding="utf-8"))
    land = unary_union([shape(f["geometry"]) for f in geo["features"]
                        if f["properties"].get("layer") == "land"])
    return land.intersection(box(*frame)).difference(box(*own))
