"""Steam's saves and boards from outside: a save that loads on one disk loads on every disk
(its world read from the save when the disk takes no file); a board whose numbers (hex
spacing, origin) no picture can show is refused by the map's reader, in a save or as a map
file, before any screen divides by its size."""

from __future__ import annotations

import base64
import errno
import hashlib
import json
import shutil
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.diskfaults import fail_writes

ROOT = Path(__file__).resolve().parents[3]
ITALIA = str(ROOT / "maps" / "steam-italia.yaml")
SMALL = str(ROOT / "maps" / "test" / "steam-small.yaml")


def steam_save(folder: Path, map_path: str = ITALIA, actions: int = 12,
               name: str = "steam.json") -> Path:
    """A Steam game of three people after ``actions`` random legal actions, saved."""
    from rail_app.table.seats import Level, Seat, SeatKind
    from rail_app.ui.session import GameSetup, Session

    seats = [Seat(n, SeatKind.HUMAN, Level.NORMAL, ink)
             for n, ink in (("Alex", "blue"), ("Joan", "orange"), ("Marta", "black"))]
    session = Session.new(GameSetup(map_path, seats, 3, {}, "steam"))
    players = [session.game.player("random", i, 3 + i) for i in range(3)]
    for _ in range(actions):
        seat = session.game.rules.to_act(session.state)
        assert seat is not None
        session.apply(players[seat].choose(session.game.rules.seen_by(session.state, seat)))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    session.save(path)
    return path


def rewrite_world(path: Path, role: str, change: Callable[[bytes], bytes]) -> None:
    """The save's packed file of ``role`` changed, its size and digests made anew (as a
    save made on the changed map would carry it)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    entry = data["world"][role]
    new = change(zlib.decompress(base64.b64decode(entry["zlib"])))
    entry.update(size=len(new), sha256=hashlib.sha256(new).hexdigest(),
                 zlib=base64.b64encode(zlib.compress(new, 9)).decode("ascii"))
    if role == "map":
        data["record"]["map_sha256"] = entry["sha256"]
    path.write_text(json.dumps(data), encoding="utf-8")


# -- a save loads on every disk -------------------------------------------------------------

@pytest.mark.parametrize("code", [errno.EROFS, errno.ENOSPC])
def test_a_steam_save_with_a_background_loads_on_a_read_only_or_full_disk(
        _own_data_dir: Path, monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """Steam: Italia names its background (coast, rivers) in a file beside the map; the
    save carries it. With no room to unpack the world, the map and its background are read
    from the save itself, and the game loads as it does on a writable disk."""
    from rail_app.ui.savedir import worlds_dir
    from rail_app.ui.session import Session

    path = steam_save(_own_data_dir / "saves")
    writable = Session.load(path)
    shutil.rmtree(worlds_dir())
    fail_writes(monkeypatch, code)
    loaded = Session.load(path)
    assert loaded.game.rules.history(loaded.state) == writable.game.rules.history(writable.state)
    assert loaded.state.board.background == "steam-italia.geojson"
    assert not worlds_dir().exists() or not any(worlds_dir().iterdir())


# -- a board's numbers are bounded before any picture is made ----------------------------

#: (what, the line of steam-italia.yaml changed, the change, what the refusal says)
HOSTILE_GRIDS = [
    ("a spacing of 1e-300", "spacing_km: 50", "spacing_km: 1.0e-300", "grid.spacing_km"),
    ("a spacing of 1e-6", "spacing_km: 50", "spacing_km: 1.0e-6", "grid.spacing_km"),
    ("a spacing of 1e300", "spacing_km: 50", "spacing_km: 1.0e+300", "out of range"),
    ("a spacing of 9,999", "spacing_km: 50", "spacing_km: 9999", "grid.spacing_km"),
    ("an origin of 1e300", "origin: [13.0591, 41.7944]", "origin: [1.0e+300, 41.7944]",
     "out of range"),
    ("an origin of -1e-300, 1e8", "origin: [13.0591, 41.7944]", "origin: [-1.0e-300, 1.0e+8]",
     "grid.origin[1]"),
    ("an origin at the pole", "origin: [13.0591, 41.7944]", "origin: [13.0591, 89.9]",
     "latitude -85 to 85"),
    ("a projection at the pole", "lat0: 42.0", "lat0: 90", "projection.lat0"),
    ("a board 100,000 hexes wide", 'at: "-5,-8"', 'at: "-99999,-8"', "spans at most"),
]


def _changed(old: str, new: str) -> Callable[[bytes], bytes]:
    def change(data: bytes) -> bytes:
        text = data.decode("utf-8")
        assert old in text, old
        return text.replace(old, new, 1).encode("utf-8")

    return change


@pytest.mark.parametrize("what, old, new, said", HOSTILE_GRIDS,
                         ids=[c[0] for c in HOSTILE_GRIDS])
def test_a_board_no_picture_can_show_is_refused_by_its_reader(
        tmp_path: Path, what: str, old: str, new: str, said: str) -> None:
    from rail_app.core.mapfile import MapError
    from rail_app.games.steam.rules.mapfile import load_board

    folder = tmp_path / "map"
    folder.mkdir()
    shutil.copy(ROOT / "maps" / "steam-italia.geojson", folder)
    path = folder / "steam-italia.yaml"
    path.write_bytes(_changed(old, new)((ROOT / "maps" / "steam-italia.yaml").read_bytes()))
    with pytest.raises(MapError) as err:
        load_board(path)
    first = str(err.value.problems[0])
    assert first.startswith(f"{path}:") and said in first, first
    assert len(first) < 300


@pytest.mark.parametrize("what, old, new, said", HOSTILE_GRIDS[:6],
                         ids=[c[0] for c in HOSTILE_GRIDS[:6]])
def test_a_save_carrying_such_a_board_is_refused_on_the_load_screen_and_by_continue(
        _own_data_dir: Path, what: str, old: str, new: str, said: str) -> None:
    """The save's world holds the board: the Load screen lists the save and draws its row
    and the Continue button takes the menu back with the reason, every frame drawn
    without the crash net (no division by the size of a board of no size)."""
    from rail_app.games.italian_rails.ui.selftest import Driver
    from rail_app.ui import screens
    from rail_app.ui.app import App
    from rail_app.ui.settings import Settings

    path = steam_save(_own_data_dir / "saves")
    rewrite_world(path, "map", _changed(old, new))
    settings = Settings()
    settings.game = "steam"
    app = App(size=(1280, 720), fullscreen=False, settings=settings)
    d = Driver(app)
    d.frames(2)
    menu = app.scene
    assert menu.resumable == path
    d.click_button(next(b for b, w in menu.buttons.items() if w == "continue"))
    d.frames(2)
    assert type(app.scene).__name__ == "MenuScene"
    assert said in app.scene.error_text and path.name in app.scene.error_text
    app.push(screens.saves(app))
    d.frames(3)
    assert type(app.scene).__name__ == "SavesScene"


# -- a crash report describes the game being played, of any game ------------------------------


def test_a_crash_report_describes_a_steam_game(tmp_path: Path) -> None:
    """The crash report's game part (the game, its map and seed, the seats, the turn, who
    was to act and the last actions) is written from the game's rules for Steam as for
    Italian Rails: it never says the game "could not be described"."""
    from rail_app.ui import crash
    from rail_app.ui.session import Session

    session = Session.load(steam_save(tmp_path, SMALL, actions=8))
    text = "\n".join(crash.game_lines(session))
    for part in ("game: Steam (steam, rules version", f"map: {SMALL}, seed 3",
                 "seats: Alex (human), Joan (human), Marta (human)", "turn 1",
                 "to act", "last actions:", "  8. player "):
        assert part in text, (part, text)


@pytest.mark.parametrize("spacing", ["1", "1000"])
def test_the_game_screen_shows_the_smallest_and_largest_boards_the_reader_allows(
        app: Any, tmp_path: Path, spacing: str) -> None:
    """Steam's game screen fits, zooms and draws a board of the least and the most hex
    spacing its map's reader takes (1 km, 1,000 km): its view is never a division by the
    board's size, never a scale no picture can show."""
    import math

    from rail_app.table.seats import Level, Seat, SeatKind
    from rail_app.ui.session import GameSetup, Session

    text = Path(SMALL).read_text(encoding="utf-8").replace("spacing_km: 25", f"spacing_km: {spacing}")
    path = tmp_path / "spaced.yaml"
    path.write_text(text, encoding="utf-8")
    seats = [Seat(n, SeatKind.HUMAN, Level.NORMAL, ink)
             for n, ink in (("Alex", "blue"), ("Joan", "orange"), ("Marta", "black"))]
    session = Session.new(GameSetup(str(path), seats, 3, {}, "steam"))
    scene = app.reset(app.screens.game(session))
    app.step(0.02, [])
    lo, hi = scene.map.zoom_limits()
    assert 0 < lo < hi and math.isfinite(hi)
    middle = scene.map.camera.rect.center
    for factor in [2.0] * 12 + [0.5] * 24:  # beyond the closest zoom, then the farthest
        scene.map.zoom(factor, middle)
        app.step(0.02, [])
        assert lo * 0.999 <= scene.map.camera.scale <= hi * 1.001
    assert scene is app.scene
