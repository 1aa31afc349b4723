"""A new game costs its package and one line in the registry (docs/architecture.md, "Where a
new game goes"). Parcels (tests/parcels: hidden hands, 2-5 seats, a map file of its own kind,
its own scoring), put on the table by the one line of the fixture below, plays through every
shared surface of the table: the command line's ``games``, the menu's picker and New game, a
whole game at one screen between two people and a computer seat with the curtain between
the people, save, load and Continue, game over with its own figures, the career, the replay
screen and ``replay``, ``review``, ``simulate``, ``soak``, ``tournament``, ``fuzz soak`` and
the self-test; and no shared file names it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from rail_app import cli
from rail_app.core.paths import user_data_dir, user_maps_dir
from rail_app.table import career, registry
from rail_app.ui.kit.driver import Driver, click
from rail_app.ui.newgame import HUMAN_WORDS
from tests.parcels.rules import GAME_ID, PARCELS, Deliver, write_map
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def parcels(monkeypatch: pytest.MonkeyPatch, _own_data_dir: Path) -> str:
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, PARCELS))  # the one line
    return write_map(user_maps_dir())


def _json(capsys: pytest.CaptureFixture[str]) -> Any:
    return json.loads(capsys.readouterr().out)


def test_no_shared_file_names_the_new_game() -> None:
    """Nothing outside the tests knows Parcels: not the registry, not the shell, not the
    tools, not the executable's spec."""
    shared = [*(ROOT / "rail_app").rglob("*.py"), *(ROOT / "tools").rglob("*"),
              ROOT / "ItalianRails.spec", ROOT / "main.py"]
    named = [str(p.relative_to(ROOT)) for p in shared if p.is_file()
             and "parcels" in p.read_text(encoding="utf-8", errors="replace").lower()]
    assert named == []


def test_the_executable_bundles_and_self_tests_the_games_of_the_registry(parcels: str) -> None:
    """The spec and tools/ci-exe.sh name no game: they ask rail_app/table/bundle.py, which
    reads the registry, so a game on the table is bundled with its small map, its modules
    are checked to be in the bundle and the executable's self-test plays it."""
    from rail_app.table import bundle

    assert ("tests/parcels/parcels.yaml", "tests/parcels") in bundle.small_map_datas(ROOT)
    assert "tests.parcels.devtools" in bundle.devtools_packages()
    assert bundle.shipped_modules(PARCELS) == ["tests.parcels.front", "tests.parcels.rules"]
    spec = (ROOT / "ItalianRails.spec").read_text(encoding="utf-8")
    ci = (ROOT / "tools" / "ci-exe.sh").read_text(encoding="utf-8")
    assert "bundle.small_map_datas(" in spec and "bundle.devtools_packages()" in spec
    assert "python -m rail_app.table.bundle" in ci and '--selftest --game "$game"' in ci
    for game in registry.GAMES:
        for text in (spec, ci):
            assert game.id not in text and bundle.package_of(game) not in text, game.id
    code = ("from rail_app.table import bundle, registry\n"
            "from tests.parcels.rules import PARCELS\n"
            "registry.GAMES = (*registry.GAMES, PARCELS)\n"
            "bundle.main()\n")
    listed = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=HANG_S, check=True).stdout.splitlines()
    assert [line for line in listed if line.startswith("game ")] == \
        [f"game {g.id}" for g in registry.GAMES if g.screens is not None]
    assert "module tests.parcels.front" in listed


def _person_plays(app: Any, scene: Any) -> None:
    """The person to act plays what the game's normal player would in their seat, by a
    click on the parcel or the town."""
    seat = scene.session.actor
    action = PARCELS.player("normal", seat, 1).choose(PARCELS.seen_by(scene.state, seat))
    if isinstance(action, Deliver):
        pos = scene.card_rects()[action.card].center
    else:
        pos = scene.town_at(action.to)
    version = scene.session.version
    click(app, pos)
    assert scene.session.version == version + 1, f"the click at {pos} did not play {action!r}"


def _play_on(app: Any, until: Any, limit: int = 2000) -> dict[str, int]:
    """Frames of the game screen until ``until()``: the curtain lifted by a click when it is
    down, a person's turn played by clicks, the computer's by the pacer (Space hurries it)."""
    d = Driver(app)
    seen = {"curtains": 0, "person": 0, "computer": 0}
    last_person: int | None = None
    for _ in range(limit):
        if until():
            return seen
        scene = app.scene
        if scene.curtain.down:
            # the game opened, or passed between two people: the board is hidden, and a
            # click only lifts the curtain
            assert scene.curtain.seat == scene.session.actor
            assert last_person is None or last_person != scene.session.actor
            version = scene.session.version
            click(app, scene.town_at(0))
            assert scene.session.version == version and not scene.curtain.down
            seen["curtains"] += 1
        elif scene.session.seat.computer:
            d.key(pygame.K_SPACE)
            d.frames(3, 0.4)
            seen["computer"] += 1
        else:
            last_person = scene.session.actor
            _person_plays(app, scene)
            seen["person"] += 1
    raise AssertionError("the game did not get there")


def test_a_whole_game_at_one_screen_saved_continued_and_kept(parcels: str, app: Any,
                                                             capsys: pytest.CaptureFixture[str]
                                                             ) -> None:
    from rail_app.ui.careerscene import CareerScene
    from rail_app.ui.session import Session

    d = Driver(app)
    d.frames(2)
    menu = app.scene
    assert list(menu.titles) == [g.title for g in registry.GAMES if g.screens is not None]
    menu.choose_game(GAME_ID)
    new = app.push(app.screens.new_game())
    assert new.game_id == GAME_ID and [p.name for p in new.maps] == ["parcels.yaml"]
    assert [o[0] if isinstance(o, tuple) else o
            for o in new.count_menu.options_list] == ["2", "3", "4", "5"]
    assert len(new.seat_widgets) == 3  # the game's usual table
    new.seat_widgets[1][0].set_text("Zoe")
    new.seat_widgets[1][1].selected_option = (HUMAN_WORDS, HUMAN_WORDS)  # two people
    new.seed_entry.set_text("4")
    assert new.start()
    game = app.scene
    assert type(game).__name__ == "ParcelsScene" and app.stack == [game]
    assert [s.computer for s in game.session.setup.seats] == [False, False, True]

    # some turns, then saved, left for the menu, and continued from there
    first = _play_on(app, lambda: app.scene.session.state.turn >= 3)
    session = app.scene.session
    session.save(session.autosave_path())
    app.reset(app.screens.menu())
    d.frames(2)
    menu = app.scene
    assert menu.game_id == GAME_ID and menu.resumable is not None
    continued = next(b for b, what in menu.buttons.items() if what == "continue")
    d.click_button(continued)
    assert type(app.scene).__name__ == "ParcelsScene"
    assert PARCELS.rules.fingerprint(app.scene.session.state) == \
        PARCELS.rules.fingerprint(session.state)
    # ... and played to its end through the screen
    rest = _play_on(app, lambda: type(app.scene).__name__ == "GameOverScene", 5000)
    assert first["curtains"] + rest["curtains"] >= 3
    assert first["computer"] + rest["computer"] > 0

    over = app.scene
    final = over.session.state
    assert PARCELS.rules.outcome(final) is not None
    table = PARCELS.screens.get().final_table(over.session)
    assert table.headings == ("Points", "Parcels")  # its own scoring
    lines = over.lines()
    assert len(lines) == 3 and lines[0].startswith("1st ")
    ranks = over.ranks()
    assert [ranks[i] for i in over.order()] == sorted(ranks) and min(ranks) == 1
    app.step(0.016, [])

    # kept in the career, counted on its page
    kept = career.kept_saves(user_data_dir())
    assert len(kept) == 1
    entries = career.read(career.career_path(user_data_dir()))
    assert [e.game for e in entries] == [GAME_ID]
    page = app.push(CareerScene(app))
    assert any("Parcels (test)" in left for left, _, _ in page.lines())
    app.pop()

    # loaded again, replayed on the replay screen, by the command line, and reviewed
    loaded = Session.load(kept[0])
    assert PARCELS.rules.fingerprint(loaded.state) == PARCELS.rules.fingerprint(final)
    replay = app.push(app.screens.replay(loaded))
    d.frames(3)
    assert app.scene is replay
    capsys.readouterr()
    assert cli.main(["replay", "--json", str(kept[0])]) == 0
    doc = _json(capsys)
    assert len(doc["actions"]) == len(PARCELS.rules.history(final)) and not doc["warnings"]
    assert doc["final"]["points"] == final.points and doc["final"]["over"]
    assert cli.main(["review", "--json", "--seat", "0", str(kept[0])]) == 0
    assert _json(capsys)["turns"]


def test_games_simulate_soak_tournament_and_fuzz(parcels: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games", "--json"]) == 0
    listed = next(g for g in _json(capsys)["games"] if g["id"] == GAME_ID)
    assert listed["seats"]["min"] == 2 and listed["seats"]["max"] == 5
    args = ["simulate", "--game", GAME_ID, "--map", parcels, "--players", "normal,random",
            "--games", "4", "--seed", "1", "--workers", "1", "--json"]
    assert cli.main(args) == 0
    doc = _json(capsys)
    assert len(doc["games"]) == 4 and all(g["error"] is None for g in doc["games"])
    assert cli.main(["soak", "--game", GAME_ID, "--map", parcels, "--games", "4",
                     "--workers", "1", "--json"]) == 0
    summary = _json(capsys)["summary"]
    assert (summary["games"], summary["exceptions"], summary["invariant_violations"]) == \
        (4, 0, 0)
    assert cli.main(["tournament", "--game", GAME_ID, "--map", parcels, "--levels",
                     "normal,random", "--games", "2", "--jobs", "1", "--quiet", "--json"]) == 0
    doc = _json(capsys)
    assert doc["summary"]["errors"] == 0 and doc["games"]
    assert cli.main(["fuzz", "soak", "--game", GAME_ID, "--count", "3", "--json"]) == 0
    doc = _json(capsys)
    assert doc["games"] == 3 and doc["failures"] == [] and doc["actions_checked"] > 0
    assert cli.main(["fuzz", "ui", "--game", GAME_ID, "--count", "40", "--json"]) == 0
    assert _json(capsys)["crashes"] == 0


def test_the_self_test_plays_it_through_the_shell(tmp_path: Path) -> None:
    """``selftest --game`` of a game that has no self-test of its own: the shell's, headless,
    in a program of its own (the self-test ends pygame)."""
    code = ("import sys\n"
            "from rail_app import cli\n"
            "from rail_app.table import registry\n"
            "from tests.parcels.rules import PARCELS, write_map\n"
            "registry.GAMES = (*registry.GAMES, PARCELS)\n"
            f"path = write_map({str(tmp_path)!r})\n"
            f"sys.exit(cli.main(['selftest', '--game', {GAME_ID!r}, '--map', path]))\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "all checks passed" in proc.stdout
