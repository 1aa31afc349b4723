"""Pictures of the map preview for maps/README.md (``docs/screenshots/preview-*.png``).

    xvfb-run -s "-screen 0 1920x1080x24" python -m rail_app.games.italian_rails.devtools.preview_shots [OUTDIR]

Each picture is taken from the real preview window (``python -m rail_app preview``), driven
by posting mouse and key events and by saving files, as a map author would: the inspector on
a crossing of the Simeto, the problem panel over the last good map after a bad save, and an
event card's zone with the deck panel. The map of Sicily and Calabria is copied to a
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

import pygame

from rail_app.core.paths import resource_path
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
           steps: dict[int, Callable[..., None]], last: int) -> None:
    from rail_app.games.italian_rails.authoring.preview import Preview, run

    def on_frame(preview: Preview, n: int) -> None:
        if n in steps:
            steps[n](preview)
        screen = pygame.display.get_surface()
        if n == last and screen is not None:
            save_png(screen, out)
            print(f"wrote {out}")

    run(str(path), size, frames=last, on_frame=on_frame)


def _point_at(preview: object, x: float, y: float, dot_px: float) -> None:
    """Zoom to ``dot_px`` pixels between dots, centre on km (x, y), and move the mouse
    there (a real motion event, handled by the window's loop)."""
    from rail_app.games.italian_rails.authoring.preview import Preview

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
    from rail_app.games.italian_rails.rules.board import load_board

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
    from rail_app.games.italian_rails.rules.board import load_board
    from rail_app.games.italian_rails.rules.deck import load_board_deck

    path = _copy(folder)
    board = load_board(path)
    events = [c for _, c in sorted(load_board_deck(board).cards.items()) if c.is_event]
    etna = next(i for i, c in enumerate(events) if c.event == "volcano")
    steps: dict[int, Callable[..., None]] = {2: _key(pygame.K_6), 3: _key(pygame.K_5)}
    for i in range(etna):
        steps[4 + i] = _key(pygame.K_RIGHTBRACKET)
    _shoot(path, size, out, steps, 60)


def main(argv: list[str] | None = None) -> int:
    from rail_app.games.italian_rails.authoring.preview import parse_size

    def size(text: str) -> tuple[int, int]:
        got = parse_size(text)
        if got is None:
            raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1600x900")
        return got

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("outdir", nargs="?", default=str(resource_path("docs", "screenshots")))
    ap.add_argument("--size", type=size, default=(1600, 900))
    args = ap.parse_args(argv)
    outdir = Path(args.outdir).resolve()
    outdir.mkdir(parents=True, exist_ok=True)
    here = os.getcwd()
    for name, shot in (("preview-river", river_crossing), ("preview-problems", problem_panel),
                       ("preview-zone", event_zone)):
        with tempfile.TemporaryDirectory(prefix="italian-rails-preview-") as tmp:
            try:
                shot(Path(tmp), args.size, outdir / f"{name}.png")
            finally:
                os.chdir(here)
    return 0


if __name__ == "__main__":
    sys.exit(main())
