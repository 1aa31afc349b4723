"""``preview``: the map as the game draws it, redrawn when its files are saved, with the
inspector, the layers and the deck panel (driven headless, SDL dummy drivers)."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from buildhelp import MINI

from rail_app.cli import main
from rail_app.games.italian_rails.authoring.preview import LAYERS, Preview, card_zone, run

#: How many frames of a tenth of a second (the preview's own time) the test runs before it
#: calls a save unnoticed: the preview looks at its files every quarter of a second of
#: that time, so a few frames do; the rest is a generous bound, in frames, never the
#: machine's clock.
MAX_FRAMES = 100


@pytest.fixture
def screen() -> pygame.Surface:
    pygame.init()
    return pygame.display.set_mode((1280, 720))


def _copy_mini(tmp_path: Path) -> Path:
    for p in MINI.parent.glob("mini*.yaml"):
        shutil.copy(p, tmp_path / p.name)
    return tmp_path / "mini.yaml"


def _save(path: Path, text: str) -> None:
    """Save as an editor does, and make sure the modification time moves on."""
    st = path.stat()
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, max(st.st_mtime_ns + 1_000_000, time.time_ns())))


def _run_until(preview: Preview, screen: pygame.Surface, done: Callable[[], bool]) -> float:
    """Frames as the window runs them, a tenth of a second of the preview's time each,
    until ``done()`` holds; the preview's seconds it took."""
    for frame in range(MAX_FRAMES):
        if done():
            return frame * 0.1
        preview.update(0.1)
        preview.draw(screen)
    raise AssertionError(f"the preview did not notice the save in {MAX_FRAMES} frames")


def test_preview_shows_an_error_over_the_last_good_map_and_clears_it(
        tmp_path: Path, screen: pygame.Surface, capsys: pytest.CaptureFixture[str]) -> None:
    path = _copy_mini(tmp_path)
    good = path.read_text(encoding="utf-8")
    preview = Preview(path, screen.get_size())
    preview.draw(screen, complete=True)
    board = preview.model.board
    assert board is not None and board.name == "Mini" and not preview.model.problems
    assert preview.model.stats is not None and preview.model.stats.cards > 0

    # a mistake: the panel lists it as validate-map prints it; the last good map stays
    bad = good.replace("commodity: marble}", "commodity: marbel}", 1)
    _save(path, bad)
    _run_until(preview, screen, lambda: bool(preview.model.problems))
    assert preview.model.board is board
    assert main(["validate-map", str(path)]) == 2
    assert preview.problem_panel_lines() == capsys.readouterr().err.splitlines()
    line = bad[: bad.index("marbel")].count("\n") + 1
    assert preview.problem_panel_lines()[0].startswith(f"{path}:{line}: ")
    preview.draw(screen)  # the map and the panel over it

    # fixed: the error clears and the map is loaded again
    _save(path, good)
    _run_until(preview, screen, lambda: not preview.model.problems)
    assert preview.model.board is not None and preview.model.board is not board
    assert preview.problem_panel_lines() == []


def test_preview_watches_the_deck_too(tmp_path: Path, screen: pygame.Surface) -> None:
    path = _copy_mini(tmp_path)
    deck = tmp_path / "mini-deck.yaml"
    good = deck.read_text(encoding="utf-8")
    preview = Preview(path, screen.get_size())
    board = preview.model.board
    city = next(c for c in ("Gamma", "Zeta", "Delta") if f"city: {c}" in good)
    _save(deck, good.replace(f"city: {city}", "city: Omega", 1))
    _run_until(preview, screen, lambda: bool(preview.model.problems))
    assert preview.model.board is board  # only the deck was read again
    assert any("unknown city 'Omega'" in p.message for p in preview.model.problems)
    assert any("Omega" in r.text for r in preview.deck_panel_lines())
    _save(deck, good)
    _run_until(preview, screen, lambda: not preview.model.problems)


def test_preview_inspector_layers_and_event_zones(tmp_path: Path,
                                                  screen: pygame.Surface) -> None:
    preview = Preview(_copy_mini(tmp_path), screen.get_size())
    board, cam = preview.model.board, preview.camera
    assert board is not None and cam is not None
    cam.level = cam.level_for(60)
    # the inspector on a river crossing: its cost part by part
    e = next(e for e in board.edges.values()
             if any(c.name == "Fiume" for c in e.crossings) and e.forbidden is None)
    mx, my = (board.dots[e.a].x + board.dots[e.b].x) / 2, (board.dots[e.a].y
                                                           + board.dots[e.b].y) / 2
    cam.centre_on(mx, my)
    preview.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(
        map(int, cam.to_screen(mx, my))), rel=(0, 0), buttons=(0, 0, 0)))
    lines = preview.inspector_lines()
    cost = board.build_cost(e.a, e.b)
    assert lines[0] == f"Segment {board.key(e.a)} - {board.key(e.b)}"
    assert f"{cost}M = " in lines[1] and "river Fiume 2" in lines[1]
    assert any("Grande system" in x for x in lines)
    # on a dot: its key and terrain
    d = board.cities["Gamma"].centre
    cam.centre_on(board.dots[d].x, board.dots[d].y)
    preview.pointer = tuple(map(int, cam.dot_screen(d)))  # type: ignore[assignment]
    assert preview.inspector_lines()[0] == f"Dot {board.key(d)} \u00b7 Gamma"
    # every layer draws; keys 1-7 toggle them
    for i, (name, _) in enumerate(LAYERS):
        before = preview.layers[name]
        preview.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + i, mod=0))
        assert preview.layers[name] is not before
    preview.layers = {name: True for name, _ in LAYERS}
    preview.draw(screen, complete=True)
    # the zone of each event card is the one the rules work out
    deck = preview.model.deck
    assert deck is not None
    flood = next(c for c in deck.cards.values() if c.event == "flood")
    zone = card_zone(board, deck, flood)
    assert zone.edges and all(any(c.kind == "river" for c in board.edges[k].crossings)
                              for k in zone.edges)
    for _ in preview.model.event_cards():
        preview.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHTBRACKET,
                                                mod=0))
        preview.draw(screen)
    assert not preview.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE,
                                                       mod=0))


def test_preview_of_a_map_that_never_loaded_then_does(tmp_path: Path,
                                                      screen: pygame.Surface) -> None:
    path = _copy_mini(tmp_path)
    good = path.read_text(encoding="utf-8")
    _save(path, good.replace("name: Mini", "name: [Mini", 1))
    preview = Preview(path, screen.get_size())
    assert preview.model.board is None and "malformed YAML" in preview.problem_panel_lines()[0]
    preview.draw(screen)
    _save(path, good)
    _run_until(preview, screen, lambda: preview.model.board is not None)
    assert preview.camera is not None and not preview.model.problems


def test_preview_command_opens_a_new_map(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """new-map's output opens in the preview window (closed after a few frames)."""
    assert main(["new-map", "valle", "--dir", str(tmp_path)]) == 0
    seen: list[Preview] = []
    assert run(str(tmp_path / "valle.yaml"), (1280, 720), frames=3,
               on_frame=lambda p, n: seen.append(p)) == 0
    assert seen and seen[-1].model.board is not None and not seen[-1].model.problems
    assert seen[-1].model.stats is not None and seen[-1].model.stats.cards == 108
    assert main(["preview", str(tmp_path / "valle.yaml"), "--size", "12x7"]) == 2
    assert "--size" in capsys.readouterr().err


def test_preview_watches_the_geojson(tmp_path: Path, screen: pygame.Surface) -> None:
    """A map whose geometry is a sibling GeoJSON file: saving that file redraws too."""
    root = Path(__file__).resolve().parents[3] / "maps"
    for name in ("sicilia.yaml", "sicilia.geojson", "sicilia-deck.yaml"):
        shutil.copy(root / name, tmp_path / name)
    path, geo = tmp_path / "sicilia.yaml", tmp_path / "sicilia.geojson"
    preview = Preview(path, screen.get_size())
    board = preview.model.board
    assert board is not None and board.geometry_file == geo and not preview.model.problems
    good = geo.read_text(encoding="utf-8")
    _save(geo, good.replace('"layer":"river"', '"layer":"rivers"', 1))
    _run_until(preview, screen, lambda: bool(preview.model.problems))
    assert preview.model.board is board
    assert any("river" in line for line in preview.problem_panel_lines())
    _save(geo, good)
    _run_until(preview, screen, lambda: not preview.model.problems)
    assert preview.model.board is not board


def test_preview_of_a_map_whose_deck_is_stale_says_what_it_shows(
        tmp_path: Path, screen: pygame.Surface) -> None:
    """Two cities deleted from the map: the map loads and is drawn as saved; only the deck is
    refused, its problems in one line that says to run build-deck. The top bar and the panel
    say so, never "showing the last good map" over the new one."""
    path = _copy_mini(tmp_path)
    text = path.read_text(encoding="utf-8")
    preview = Preview(path, screen.get_size())
    old = preview.model.board
    assert old is not None and preview.status_text().startswith("OK")
    rows = [x for x in text.splitlines(keepends=True)
            if "{name: Gamma," not in x and "{name: Zeta," not in x]
    _save(path, "".join(rows))
    _run_until(preview, screen, lambda: bool(preview.model.problems))
    board = preview.model.board
    assert board is not None and board is not old and "Gamma" not in board.cities
    assert preview.model.map_is_current
    status = preview.status_text()
    assert "last good map" not in status
    assert status.startswith("map OK \u00b7 deck: ") and "last good deck's figures" in status
    assert "the map shown is the one saved" in preview.problem_panel_title()
    (line,) = preview.problem_panel_lines()
    n = len(preview.model.problems)
    assert line == (f"{tmp_path / 'mini-deck.yaml'}: {n} problems: the deck was made for an "
                    "older version of the map (its cards name 'Gamma', 'Zeta', 'marble'); make it "
                    f"again from the map with: python -m rail_app build-deck {path}")
    preview.draw(screen)
    # a mistake in the map itself: now the last good map is what stays on screen
    _save(path, "".join(rows).replace("name: Mini", "name: [Mini"))
    _run_until(preview, screen, lambda: not preview.model.map_is_current)
    assert preview.model.board is board
    assert preview.status_text().endswith("showing the last good map")
    assert "last good map stays on screen" in preview.problem_panel_title()


# -- the pointer's position, and a click that copies it ------------------------------------------


def _post(kind: int, pos: tuple[int, int], **kw: object) -> None:
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, **kw))


def _click_dot(path: Path, city: str, *, drag: int = 0) -> tuple[Preview, str, str, str]:
    """Open the preview window, point at ``city``'s dot and click there (or drag ``drag``
    pixels), all through posted events; the preview, the chip's text while pointing, the
    position the map file gives that dot, and the clipboard's text afterwards (read while
    the window is open: SDL keeps the clipboard of its dummy display with the display)."""
    from rail_app.games.italian_rails.authoring import position
    from rail_app.games.italian_rails.authoring.position import position_text

    seen: dict[str, object] = {}

    def on_frame(p: Preview, n: int) -> None:
        board, cam = p.model.board, p.camera
        assert board is not None and cam is not None
        d = board.cities[city].centre
        at = tuple(map(int, cam.dot_screen(d)))
        if n == 1:
            cam.level = cam.level_for(60)
            cam.centre_on(board.dots[d].x, board.dots[d].y)
            if position.copy_text("untouched") is False:
                seen["no clipboard"] = True
        elif n == 2:
            _post(pygame.MOUSEMOTION, at)  # type: ignore[arg-type]
        elif n == 3:
            seen["hover"] = p.position_chip_text()
            seen["at"] = position_text(board, *cam.to_km(*at))
            _post(pygame.MOUSEBUTTONDOWN, at)  # type: ignore[arg-type]
            _post(pygame.MOUSEBUTTONUP, (at[0] + drag, at[1]))
        elif n == 4:
            seen["preview"] = p
            seen["clipboard"] = pygame.scrap.get_text()

    assert run(str(path), (1280, 720), frames=5, on_frame=on_frame) == 0
    return (seen["preview"], str(seen["hover"]), str(seen["at"]),  # type: ignore[return-value]
            str(seen["clipboard"]))


def test_preview_shows_the_pointer_in_map_units_and_a_click_copies_it(tmp_path: Path) -> None:
    """On a map in lon/lat (Sicily and Calabria), the foot of the map shows the pointer's
    position as 'at:' takes it, with the nearest dot; a click puts it on the clipboard (the
    SDL clipboard works under the dummy driver too) and says "copied"; a drag copies
    nothing."""
    root = Path(__file__).resolve().parents[3] / "maps"
    for name in ("sicilia.yaml", "sicilia.geojson", "sicilia-deck.yaml"):
        shutil.copy(root / name, tmp_path / name)
    path = tmp_path / "sicilia.yaml"
    preview, hover, at, clipboard = _click_dot(path, "Catania")
    board = preview.model.board
    assert board is not None
    lon, lat = (float(v) for v in at.strip("[]").split(", "))
    cx, cy = board.projection.inverse(board.dots[board.cities["Catania"].centre].x,
                                      board.dots[board.cities["Catania"].centre].y)
    assert abs(lon - cx) < 0.01 and abs(lat - cy) < 0.01  # degrees, as at: is written
    assert len(at.split(", ")[0].split(".")[1]) <= 4
    key = board.key(board.cities["Catania"].centre)
    assert hover == f"{at} (lon, lat) \u00b7 nearest dot {key} \u00b7 click to copy"
    assert preview.copied is not None and preview.copied.ok and preview.copied.text == at
    assert clipboard == at
    assert preview.position_chip_text() == f"copied {at} \u00b7 paste it as an at: position"
    preview, _, _, clipboard = _click_dot(path, "Catania", drag=30)
    assert preview.copied is None and clipboard == "untouched"


def test_preview_positions_on_a_plane_map_are_km_and_no_clipboard_is_said(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A plane map's positions are x, y in km; where there is no clipboard the click still
    shows the position, saying it could not be copied."""
    import pygame.scrap

    def no_clipboard(text: str) -> None:
        raise pygame.error("no clipboard on this display")

    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    preview, hover, at, _ = _click_dot(_copy_mini(tmp_path), "Gamma")
    assert "(x, y in km)" in hover and at.startswith("[")
    assert preview.copied is not None and not preview.copied.ok
    assert preview.position_chip_text() == f"no clipboard here: {at} \u00b7 type it as an at: " \
        "position"


# -- a reference picture to trace from -------------------------------------------------------------


def _picture(path: Path, size: tuple[int, int] = (200, 100)) -> None:
    """A picture whose left half is red and right half blue, a black square in the middle."""
    from rail_app.ui.pngfile import save_png

    pic = pygame.Surface(size)
    pic.fill((220, 0, 0), pygame.Rect(0, 0, size[0] // 2, size[1]))
    pic.fill((0, 0, 220), pygame.Rect(size[0] // 2, 0, size[0] - size[0] // 2, size[1]))
    pic.fill((0, 0, 0), pygame.Rect(size[0] // 2 - 5, size[1] // 2 - 5, 10, 10))
    save_png(pic, path)


def test_preview_draws_a_reference_picture_placed_by_two_corners(
        tmp_path: Path, screen: pygame.Surface) -> None:
    """The picture lies between its two corners (given in the map's units, here km), under
    the layers, at its opacity; I hides it, O steps its opacity, and saving the picture
    again redraws it."""
    from rail_app.games.italian_rails.authoring.reference import ReferenceImage

    path = _copy_mini(tmp_path)
    image = tmp_path / "scan.png"
    _picture(image)
    corners = (20.0, 40.0, 220.0, 140.0)  # x1, y1, x2, y2: 200 x 100 km, y southwards
    ref = ReferenceImage(image, corners, opacity=100)
    preview = Preview(path, screen.get_size(), reference=ref)
    cam = preview.camera
    assert cam is not None and ref.error == "" and ref.box == corners

    def pixel(x: float, y: float) -> tuple[int, int, int]:
        preview.draw(screen, complete=True)
        sx, sy = cam.to_screen(x, y)
        c = screen.get_at((int(sx), int(sy)))
        return c.r, c.g, c.b

    assert pixel(60, 90)[0] > 200 and pixel(60, 90)[2] < 30  # the red half, opaque
    assert pixel(180, 90)[2] > 200 and pixel(180, 90)[0] < 30  # the blue half
    assert max(pixel(120, 90)) < 40  # the black square at the picture's middle
    preview.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0))
    assert not ref.visible
    base_left = pixel(60, 90)
    assert base_left[0] < 200 or base_left[1] > 60  # the map's own colours again
    preview.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0))
    assert ref.visible and ref.opacity == 25  # O shows it again, stepping 100 -> 25
    faint = pixel(60, 90)
    # a quarter red over the map: the green of the map's paper three quarters as strong
    assert abs(faint[1] - 0.75 * base_left[1]) < 12 and faint[1] > 60
    assert any("scan.png, 25% (O)" in row for row in preview.legend_texts())
    # saved again (now all green): read again at the next look at the files
    pic = pygame.Surface((200, 100))
    pic.fill((0, 200, 0))
    from rail_app.ui.pngfile import save_png

    st = image.stat()
    save_png(pic, image)
    os.utime(image, ns=(st.st_atime_ns, st.st_mtime_ns + 2_000_000_000))
    preview.update(1.0)
    assert pixel(60, 90)[1] > faint[1]


def test_preview_reference_picture_on_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _copy_mini(tmp_path)
    image = tmp_path / "scan.png"
    _picture(image)
    seen: list[Preview] = []
    from rail_app.games.italian_rails.authoring.reference import ReferenceImage, parse_corners

    corners = parse_corners("220, 140, 20, 40")  # either corner first
    assert corners is not None
    ref = ReferenceImage(image, corners, 75)
    assert run(str(path), (1280, 720), frames=2, on_frame=lambda p, n: seen.append(p),
               reference=ref) == 0
    assert ref.box == (20.0, 40.0, 220.0, 140.0) and ref.picture is not None
    assert any("scan.png, 75% (O)" in row for row in seen[-1].legend_texts())
    for bad in (["--image", str(image)], ["--corners", "1,2,3,4"],
                ["--image", str(image), "--corners", "1,2,3"],
                ["--image", str(image), "--corners", "1,2,1,4"],
                ["--image", str(tmp_path / "none.png"), "--corners", "1,2,3,4"],
                ["--image", str(image), "--corners", "1,2,3,4", "--opacity", "0"]):
        assert main(["preview", str(path), *bad]) == 2, bad
        assert capsys.readouterr().err.strip()
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"not a picture")
    ref = ReferenceImage(broken, (0.0, 0.0, 10.0, 10.0))
    ref.load()
    assert ref.picture is None and "broken.png: not a picture" in ref.error
