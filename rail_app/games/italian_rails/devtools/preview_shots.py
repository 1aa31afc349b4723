"""Pictures of the map preview for maps/README.md (``docs/screenshots/preview-*.png``).

    xvfb-run -s "-screen 0 1920x1080x24" python -m rail_app.games.italian_rails.devtools.preview_shots [OUTDIR]

Each picture is taken from the real preview window (``python -m rail_app preview``), driven
by posting mouse and key events and by saving files, as a map author would: the inspector on
a crossing of the Simeto, the problem panel over the last good map after a bad save, an
event card's zone with the deck panel, and (at 1280x720 and 1920x1080) an atlas-like
reference picture under the map with the pointer's position in lon/lat, just copied by a
click in the smaller one. The map of Sicily and Calabria is copied to a
temporary folder first, so the files in maps/ are never touched. Without a display it
renders through SDL's dummy driver.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from rail_app.core.paths import resource_path
from rail_app.games.italian_rails.authoring.preview import Preview, parse_size, run
from rail_app.games.italian_rails.authoring.reference import ReferenceImage
from rail_app.games.italian_rails.rules.board import load_board
from rail_app.games.italian_rails.rules.deck import load_board_deck
from rail_app.ui.pngfile import save_png

MAP = "sicilia"


def _copy(folder: Path) -> Path:
    """The map's files in ``folder``/maps, and ``folder`` the working folder, so that the
    window shows the path an author types: maps/sicilia.yaml."""
    (folder / "maps").mkdir()
    for name in (f"{MAP}.yaml", f"{MAP}.geojson", f"{MAP}-deck.yaml"):
        shutil.copy(resource_path("maps", name), folder / "maps" / name)
    os.chdir(folder)
    return Path("maps") / f"{MAP}.yaml"


def _shoot(path: Path, size: tuple[int, int], out: Path,
           steps: dict[int, Callable[..., None]], last: int, reference: object = None,
           cursor: Callable[..., tuple[float, float]] | None = None) -> None:
    """Run the preview for ``last`` frames, doing ``steps`` at their frames, and save the
    last one; ``cursor`` (the pointer's place on the screen) draws the pointer into the
    picture, as a person sees it (a screenshot leaves the system's pointer out)."""
    assert reference is None or isinstance(reference, ReferenceImage)

    def on_frame(preview: Preview, n: int) -> None:
        if n in steps:
            steps[n](preview)
        screen = pygame.display.get_surface()
        if n == last and screen is not None:
            picture = screen.copy()
            if cursor is not None:
                _arrow(picture, cursor(preview))
            save_png(picture, out)
            print(f"wrote {out}")

    run(str(path), size, frames=last, on_frame=on_frame, reference=reference)


def _arrow(surface: pygame.Surface, at: tuple[float, float]) -> None:
    """The usual pointer, an arrow with its tip at ``at``."""
    x, y = at
    shape = [(0, 0), (0, 17), (4, 13), (7, 20), (10, 19), (7, 12), (12, 12)]
    points = [(x + dx, y + dy) for dx, dy in shape]
    pygame.draw.polygon(surface, (255, 255, 255), points)
    pygame.draw.polygon(surface, (0, 0, 0), points, 1)


def _point_at(preview: object, x: float, y: float, dot_px: float) -> None:
    """Zoom to ``dot_px`` pixels between dots, centre on km (x, y), and move the mouse
    there (a real motion event, handled by the window's loop)."""
    assert isinstance(preview, Preview) and preview.camera is not None
    cam = preview.camera
    cam.level = cam.level_for(dot_px)
    cam.centre_on(x, y)
    sx, sy = cam.to_screen(x, y)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(sx), int(sy)),
                                         rel=(0, 0), buttons=(0, 0, 0)))


def _key(key: int) -> Callable[..., None]:
    def press(_preview: object) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    return press


def river_crossing(folder: Path, size: tuple[int, int], out: Path) -> None:
    path = _copy(folder)
    board = load_board(path)
    e = min((e for e in board.edges.values()
             if e.forbidden is None and any(c.name == "Simeto" for c in e.crossings)),
            key=lambda e: (len(board.adj[e.a]) + len(board.adj[e.b]), e.key), default=None)
    assert e is not None, "no segment crosses the Simeto"
    mx = (board.dots[e.a].x + board.dots[e.b].x) / 2
    my = (board.dots[e.a].y + board.dots[e.b].y) / 2
    _shoot(path, size, out, {
        2: _key(pygame.K_3),  # rivers by system
        3: _key(pygame.K_2),  # terrain of each dot
        4: lambda p: _point_at(p, mx, my, 64),
    }, 60)


def problem_panel(folder: Path, size: tuple[int, int], out: Path) -> None:
    """A save with a misspelt commodity: the panel over the last good map."""
    path = _copy(folder)
    text = path.read_text(encoding="utf-8")

    def break_it(_preview: object) -> None:
        path.write_text(text.replace("commodity: electronics", "commodity: electronic", 1),
                        encoding="utf-8")

    _shoot(path, size, out, {3: break_it}, 75)


def event_zone(folder: Path, size: tuple[int, int], out: Path) -> None:
    path = _copy(folder)
    board = load_board(path)
    events = [c for _, c in sorted(load_board_deck(board).cards.items()) if c.is_event]
    etna = next(i for i, c in enumerate(events) if c.event == "volcano")
    steps: dict[int, Callable[..., None]] = {2: _key(pygame.K_6), 3: _key(pygame.K_5)}
    for i in range(etna):
        steps[4 + i] = _key(pygame.K_RIGHTBRACKET)
    _shoot(path, size, out, steps, 60)


#: The reference picture's box, west, south, east, north (degrees): Sicily and Calabria.
REFERENCE_BOX = (12.0, 36.4, 17.4, 40.0)
REFERENCE_SIZES = ((1280, 720), (1920, 1080))


def reference_picture(out: Path, box: tuple[float, float, float, float] = REFERENCE_BOX,
                      px_per_degree: int = 300) -> None:
    """An atlas-like picture to trace from: the detailed coast, lakes and rivers of the
    project's geodata (tools/geodata, Natural Earth) in lon/lat, with a graticule every
    half degree, as a scan of a printed map would look."""
    import json

    geodata = resource_path("tools", "geodata", "italy_geo.geojson")  # the source tree's
    doc = json.loads(geodata.read_text(encoding="utf-8"))
    west, south, east, north = box
    size = (round((east - west) * px_per_degree), round((north - south) * px_per_degree))
    pic = pygame.Surface(size)
    pic.fill((196, 214, 222))  # sea

    def px(lon: float, lat: float) -> tuple[float, float]:
        return (lon - west) * px_per_degree, (north - lat) * px_per_degree

    def rings(geom: dict[str, Any]) -> list[list[list[float]]]:
        coords = geom["coordinates"]
        polys = [coords] if geom["type"] == "Polygon" else coords
        return [ring for poly in polys for ring in poly]

    def lines(geom: dict[str, Any]) -> list[list[list[float]]]:
        coords = geom["coordinates"]
        return [coords] if geom["type"] == "LineString" else list(coords)

    for layer, colour in (("land", (236, 226, 198)), ("lake", (196, 214, 222))):
        for f in doc["features"]:
            if f["properties"].get("layer") == layer:
                for ring in rings(f["geometry"]):
                    if len(ring) > 2:
                        pygame.draw.polygon(pic, colour, [px(x, y) for x, y in ring])
                        pygame.draw.lines(pic, (120, 96, 70), True,
                                          [px(x, y) for x, y in ring], 2)
    for f in doc["features"]:
        if f["properties"].get("layer") == "river":
            for line in lines(f["geometry"]):
                if len(line) > 1:
                    pygame.draw.lines(pic, (70, 110, 170), False, [px(x, y) for x, y in line], 2)
    font = pygame.font.Font(None, 26)
    for i in range(int(west * 2), int(east * 2) + 2):
        x = px(i / 2, north)[0]
        pygame.draw.line(pic, (150, 120, 100), (x, 0), (x, size[1]), 1)
        pic.blit(font.render(f"{i / 2:g}\u00b0E", True, (110, 80, 60)), (x + 4, 4))
    for j in range(int(south * 2), int(north * 2) + 2):
        y = px(west, j / 2)[1]
        pygame.draw.line(pic, (150, 120, 100), (0, y), (size[0], y), 1)
        pic.blit(font.render(f"{j / 2:g}\u00b0N", True, (110, 80, 60)), (4, y + 4))
    save_png(pic, out)


def reference_and_pointer(folder: Path, size: tuple[int, int], out: Path,
                          click: bool, pointer: bool = False) -> None:
    """The reference picture under the map (at 50%, the rivers layer on) and the pointer on
    Milazzo's coast: its position in lon/lat at the foot of the map, or,
    with ``click``, the position just copied (``pointer``: the pointer drawn in)."""
    path = _copy(folder)
    picture = folder / "atlas-sicilia.png"
    reference_picture(picture)
    board = load_board(path)
    milazzo = board.cities["Milazzo"]
    x, y = milazzo.x + 6.0, milazzo.y - 4.0
    if pointer:  # drawn in: on the coast north of the city, clear of its name
        x, y = milazzo.x, milazzo.y - 0.85 * board.layout.spacing

    def press(preview: object) -> None:
        assert isinstance(preview, Preview) and preview.camera is not None
        sx, sy = map(int, preview.camera.to_screen(x, y))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(sx, sy), button=1))

    steps: dict[int, Callable[..., None]] = {
        2: _key(pygame.K_3),  # rivers by system
        3: _key(pygame.K_d),  # the deck panel away: the map is what is looked at here
        4: lambda p: _point_at(p, x, y, 64),
    }
    if click:
        steps[40] = press
    ref = ReferenceImage(picture, REFERENCE_BOX, 50)

    def where(preview: object) -> tuple[float, float]:
        assert isinstance(preview, Preview) and preview.camera is not None
        return preview.camera.to_screen(x, y)

    _shoot(path, size, out, steps, 60, reference=ref, cursor=where if pointer else None)


def main(argv: list[str] | None = None) -> int:
    def size(text: str) -> tuple[int, int]:
        got = parse_size(text)
        if got is None:
            raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1600x900")
        return got

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("outdir", nargs="?", default=str(resource_path("docs", "screenshots")))
    ap.add_argument("--size", type=size, default=(1600, 900))
    ap.add_argument("--only", default="", help="take only the pictures whose names start so")
    args = ap.parse_args(argv)
    outdir = Path(args.outdir).resolve()
    outdir.mkdir(parents=True, exist_ok=True)
    here = os.getcwd()
    shots: list[tuple[str, Callable[[Path, tuple[int, int], Path], None], tuple[int, int]]]
    shots = [("preview-river", river_crossing, args.size),
             ("preview-problems", problem_panel, args.size),
             ("preview-zone", event_zone, args.size)]
    for w, h in REFERENCE_SIZES:  # the pointer's position and a picture to trace, both sizes
        shots.append((f"preview-reference-{w}x{h}", _reference_shot, (w, h)))
    pygame.font.init()
    for name, shot, shot_size in shots:
        if not name.startswith(args.only):
            continue
        with tempfile.TemporaryDirectory(prefix="italian-rails-preview-") as tmp:
            try:
                shot(Path(tmp), shot_size, outdir / f"{name}.png")
            finally:
                os.chdir(here)
    return 0


def _reference_shot(folder: Path, size: tuple[int, int], out: Path) -> None:
    """The smaller picture shows the position just copied, the larger the pointer's."""
    reference_and_pointer(folder, size, out, click=size[0] < 1920)


if __name__ == "__main__":
    sys.exit(main())
