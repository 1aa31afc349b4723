"""The shape of the game screen's code (DESIGN.md habits 8, 9, 13): caches keyed on the
game's version, drawing that changes nothing, every enabled button a working one, small
modules (the shell's, the screen kit's and every game's screen's), no attributes conjured
with getattr."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from rail_app.games.italian_rails.ui.mouseplayer import MousePlayer
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import centre_on_dot, start

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "rail_app" / "ui"
GAMES = ROOT / "rail_app" / "games"


def test_the_pens_legal_dots_follow_the_game_not_the_state_objects_identity(app: Any) -> None:
    """The pen's answers change with the game, even when the new state is an object with
    the identity of an older one (its cache was once keyed by id(state); Python reuses the
    ids of freed objects, and an engine may change a state in place)."""
    scene = start(app)
    d = Driver(app)
    board = scene.board
    alfa = board.cities["Alfa"]
    outer = alfa.outer[0]
    x = next(n for n in board.adj[outer] if n not in alfa.dots and board.edge(outer, n)
             and not board.edge(outer, n).forbidden)
    centre_on_dot(scene, x)
    d.frames(1)
    p = scene.camera.dot_screen(x)
    d.mouse(pygame.MOUSEMOTION, p)  # the pen looks at the dot under the pointer
    d.frames(1)
    assert not scene.pen.can_start(x)  # not a start dot (K1) ...
    st = scene.state  # ... until Anna's own track reaches it: the same state object, changed
    st.owner[(min(outer, x), max(outer, x))] = 0
    st.players[0].track.add((min(outer, x), max(outer, x)))
    scene.session.version += 1
    d.mouse(pygame.MOUSEMOTION, (p[0] + 1, p[1]))
    d.mouse(pygame.MOUSEBUTTONDOWN, p)
    assert scene.pen.active, "the pen answered for the game as it was"
    d.mouse(pygame.MOUSEBUTTONUP, p)


def _table_picture(scene: Any) -> tuple[Any, ...]:
    t = scene.table
    cam = t.camera
    return (repr([(k, v) for k, v in vars(t).items() if k not in ("camera", "pen")]),
            cam.level, cam.ox, cam.oy, tuple(cam.rect), tuple(t.pen.path), len(t.pen.steps),
            scene.session.version)


def test_drawing_changes_nothing_and_every_enabled_button_works(app: Any) -> None:
    """A few turns played through the screen by the mouse player: after every frame,
    drawing it again changes neither the table nor the frame, and every enabled button's
    action is one the engine would take."""
    from tests.games.italian_rails.test_ui_controls import enabled_buttons_work

    scene = start(app, cards=True, seed=11, computer=True)
    player = MousePlayer(app, 0, "normal", 11, pause=1)
    frames = player.frames()
    checked = 0
    for _ in range(1500):
        for ev in next(frames):
            pygame.event.post(ev)
        app.step(1 / 30)
        if app.scene is not scene or scene.session.over:
            break
        before, frame = _table_picture(scene), scene.frame
        widgets = list(frame.widgets)
        scene.draw(app.screen)
        assert _table_picture(scene) == before
        assert scene.frame is frame and frame.widgets == widgets
        enabled_buttons_work(scene)
        checked += 1
        if scene.state.players[0].deliveries or scene.state.turn >= 12:
            break
    assert checked > 100 and scene.state.turn >= 6


#: The most lines a module of the shell (rail_app/ui, the screen kit with it) may have.
SHELL_MOST = 400
#: The most lines a module of a game's screen (rail_app/games/<game>/ui) may have.
GAME_MOST = 450


def _screen_modules() -> dict[Path, int]:
    """Every module of the shell and of every game's screen, with its limit."""
    out = {f: SHELL_MOST for f in sorted(UI.rglob("*.py"))}
    for game in sorted(GAMES.iterdir()):
        if (game / "ui").is_dir():
            out.update({f: GAME_MOST for f in sorted((game / "ui").rglob("*.py"))})
    return out


def test_the_screens_modules_are_small_and_never_conjure_attributes() -> None:
    """Every module of the shell, of the screen kit and of every game's screen is small:
    a game's screen is parts with their own state, not one object of a thousand lines."""
    files = _screen_modules()
    screens = {f.parent.parent.name for f in files if f.parent.name == "ui"
               and f.parent.parent.parent == GAMES}
    from rail_app.table import bundle, registry

    shown = {bundle.package_of(g).rpartition(".")[2] for g in registry.GAMES
             if g.screens is not None}
    assert shown and shown <= screens  # every game's screen is scanned
    assert any(f.parent.name == "kit" for f in files)  # ... and the screen kit
    big = {str(f.relative_to(ROOT)): n for f, most in files.items()
           if (n := len(f.read_text(encoding="utf-8").splitlines())) > most}
    assert big == {}
    conjured = [f"{f.relative_to(ROOT)}:{i}" for f in files
                for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
                if re.search(r"getattr\(self\s*,", line)]
    assert conjured == []


def test_the_size_check_finds_a_screen_module_too_big(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: a game's screen module one line over its limit is named."""
    ui = tmp_path / "games" / "bigscreen" / "ui"
    ui.mkdir(parents=True)
    (ui / "scene.py").write_text("x = 1\n" * (GAME_MOST + 1), encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "GAMES", tmp_path / "games")
    files = _screen_modules()
    over = [f.name for f, most in files.items()
            if len(f.read_text(encoding="utf-8").splitlines()) > most]
    assert over == ["scene.py"]


def _scene_picture(scene: Any) -> tuple[Any, ...]:
    """What a game screen keeps besides the game: its table model (when it has one), the
    game's version and fingerprint, and the widgets of its frame."""
    game = scene.session.game
    table = getattr(scene, "table", None)
    frame = getattr(scene, "frame", None)
    return (repr(vars(table)) if table is not None else None, scene.session.version,
            game.rules.fingerprint(scene.session.state),
            list(frame.widgets) if frame is not None else None)


def _playable() -> list[Any]:
    from rail_app.table import registry

    return [pytest.param(g.id, id=g.id) for g in registry.GAMES if g.screens is not None]


@pytest.mark.parametrize("game_id", _playable())
def test_drawing_any_games_screen_changes_nothing(game_id: str, app: Any) -> None:
    """Every game's screen, its computer seats playing on the small map: after each frame,
    drawing it again changes neither what the screen keeps nor the game, and draws the very
    same picture."""
    from rail_app.core.paths import resource_path
    from rail_app.table import registry
    from rail_app.table.seats import Level, Seat, SeatKind
    from rail_app.ui.kit.driver import keys
    from rail_app.ui.session import GameSetup, Session

    game = registry.game(game_id)
    inks = ("blue", "orange", "vermillion", "sky blue", "bluish green", "reddish purple")
    level = game.levels[0] if game.levels else Level.NORMAL
    seats = [Seat(f"C{i}", SeatKind.COMPUTER, level, inks[i])
             for i in range(game.seats.default)]
    session = Session.new(GameSetup(str(resource_path(game.small_map)), seats, 5,
                                    game=game_id))
    scene = app.reset(app.screens.game(session))
    checked = 0
    for _ in range(16):
        app.step(0.1, keys(pygame.K_SPACE)[:1])
        if app.scene is not scene or session.over:
            break
        before = _scene_picture(scene)
        scene.draw(app.screen)
        first = pygame.image.tobytes(app.screen, "RGB")
        scene.draw(app.screen)
        assert _scene_picture(scene) == before
        assert pygame.image.tobytes(app.screen, "RGB") == first
        checked += 1
    assert checked >= 8 and session.version > 0
