"""Nothing lost: every game keeps its own autosaves (the last few turns), a new game never
destroys another's progress, and the save and load screen names, describes, renames and
deletes saved games; Continue resumes the most recent game. Driven with posted events."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from rail_app.games.italian_rails.ui.commands import Intent
from rail_app.ui import screens
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import click, drawn_text, press, start


def end_turns(d: Driver, scene: Any, n: int) -> None:
    """End ``n`` turns with Enter (the move phase, then the build), raising the curtain
    between two people."""
    for _ in range(n):
        before = scene.state.turn
        for _ in range(2):
            d.key(pygame.K_RETURN)
            if scene.state.turn != before:
                break
        if scene.table.curtain.down:
            click(d, (640, 360))
        if scene.session.seat.computer:  # Space: the computer plays its turn at once
            d.key(pygame.K_SPACE)
            assert d.until(lambda: not scene.session.seat.computer, dt=0.05)
        else:
            assert scene.state.turn == before + 1
    d.frames(1)


def autosaves(game_id: str) -> list[Path]:
    from rail_app.ui.session import saves_dir

    return sorted(saves_dir().glob(f"autosave-{game_id}-*.json"))


def saved_turn(path: Path) -> int:
    return int(json.loads(path.read_text(encoding="utf-8"))["game"]["turn"])


def type_text(d: Driver, entry: Any, text: str) -> None:
    """Click into a text field, select what it holds and type ``text`` over it."""
    click(d, entry.rect.center)
    d.key(pygame.K_a, pygame.KMOD_CTRL)
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    d.frames(1)


def pick(d: Driver, scene: Any, row: int) -> None:
    """Scroll the list with the wheel until the row shows, and click it."""
    from tests.games.italian_rails.test_ui_support import wheel

    for _ in range(20):
        r = scene.row_rect(row)
        if scene.list_rect.contains(r):
            break
        wheel(d, scene.list_rect.center, -1 if r.top > scene.list_rect.top else 1)
    click(d, scene.row_rect(row).center)
    assert scene.selected == row


def test_every_game_keeps_its_own_autosaves_and_a_new_game_destroys_none(app: Any) -> None:
    d = Driver(app)
    first = start(app)
    end_turns(d, first, 6)
    mine = autosaves(first.session.game_id)
    # the last three turns of the game, each in its own file, the newest its turn now
    assert len(mine) == 3
    assert [saved_turn(p) for p in mine] == [5, 6, 7]
    assert first.state.turn == 7
    # a new game (from the menu, as a player starts one) autosaves beside it
    d.key(pygame.K_ESCAPE)
    press(d, first, Intent.QUIT)
    menu = app.scene
    d.click_button(next(b for b, what in menu.buttons.items() if what == "new"))
    click(d, app.scene.option_box("building_only").rect.center)  # building only, against the computer
    assert app.scene.start()
    second = app.scene
    end_turns(d, second, 2)
    assert second.session.game_id != first.session.game_id
    assert autosaves(first.session.game_id) == mine
    assert [saved_turn(p) for p in mine] == [5, 6, 7]
    assert len(autosaves(second.session.game_id)) >= 2


def test_an_earlier_save_played_on_keeps_the_later_turns(app: Any) -> None:
    from rail_app.ui.scenes import open_saved_game

    d = Driver(app)
    scene = start(app)
    end_turns(d, scene, 1)
    assert scene.controller.save_game()  # a save at turn 2
    early = max(Path(p) for p in scene.session.autosave_path().parent.glob("game-*.json"))
    end_turns(d, scene, 4)
    later = autosaves(scene.session.game_id)
    assert saved_turn(later[-1]) == 6
    assert open_saved_game(app, early)
    again = app.scene
    click(d, (640, 360))  # the curtain
    end_turns(d, again, 3)
    # playing on from turn 2 is a branch of its own: the turns up to 6 are all still there
    assert again.session.game_id != scene.session.game_id
    assert autosaves(scene.session.game_id) == later
    assert [saved_turn(p) for p in later] == [4, 5, 6]


def test_save_screen_names_the_game_and_comes_back(app: Any) -> None:
    from rail_app.ui.savelist import read_entries

    d = Driver(app)
    scene = start(app)
    end_turns(d, scene, 2)
    d.key(pygame.K_ESCAPE)
    press(d, scene, Intent.SAVE)
    saves = app.scene
    assert type(saves).__name__ == "SavesScene"
    assert saves.name_entry.get_text() == "Anna & Bruno, turn 3"  # players and turn
    type_text(d, saves.name_entry, "Sunday match")
    d.click_button(saves.go_button)
    assert app.scene is scene  # back in the game, which says so
    assert any(n.headline == "Game saved" and n.reason == "Sunday match"
               for n in scene.table.notices)
    (entry,) = [e for e in read_entries() if e.kind == "saved"]
    assert entry.title == "Sunday match"
    assert entry.game is not None and entry.game.turn == 3
    assert [s.name for s in entry.seats] == ["Anna", "Bruno"]


def _three_games(app: Any) -> list[Any]:
    """Three saved games, oldest first: A (turn 3), B (turn 2, named), C (turn 4)."""
    import time

    d = Driver(app)
    out = []
    for turns, name in ((2, ""), (1, "Practice on the mini map"), (3, "")):
        scene = start(app)
        end_turns(d, scene, turns)
        scene.session.name = name
        assert scene.controller.save_game()
        out.append(scene.session)
        time.sleep(0.02)  # distinct modification times: newest first is well defined
    return out


def test_load_screen_lists_renames_deletes_and_loads(app: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from rail_app.ui.savelist import read_entries

    sessions = _three_games(app)
    d = Driver(app)
    scene = app.push(screens.saves(app))
    d.frames(2)
    manual = [e for e in scene.entries if e.kind == "saved"]
    # newest first, each with its name, players, map, turn, cash and date
    assert [e.title for e in manual] == ["Anna & Bruno, turn 4", "Practice on the mini map",
                                          "Anna & Bruno, turn 3"]
    row = scene.entries.index(manual[1])
    pick(d, scene, row)
    assert scene.selected == row
    assert scene.name_entry.get_text() == "Practice on the mini map"
    texts = " ".join(drawn_text(app, monkeypatch))
    for words in ("Anna (person, blue ink)", "Bruno (person, orange ink)", "Map: Mini",
                  "Game turn 2", "Cash: cash hidden"):
        assert words in texts, words
    # rename it
    type_text(d, scene.name_entry, "Mini rehearsal")
    d.click_button(scene.rename_button)
    assert [e.title for e in read_entries() if e.kind == "saved"][1] == "Mini rehearsal"
    # delete the oldest, after saying yes
    row = scene.entries.index(next(e for e in scene.entries if e.title == "Anna & Bruno, "
                                   "turn 3" and e.kind == "saved"))
    pick(d, scene, row)
    d.click_button(scene.delete_button)
    assert scene.asking is not None
    gone = scene.current().path
    assert gone.exists()  # nothing happens before the yes
    d.click_button(scene.asking.confirm_button)
    d.frames(1)  # the dialog says yes with an event of its own
    assert not gone.exists()
    assert "Anna & Bruno, turn 3" not in [e.title for e in read_entries() if e.kind == "saved"]
    # a double click loads
    row = scene.entries.index(next(e for e in scene.entries if e.title == "Mini rehearsal"))
    pick(d, scene, row)
    click(d, scene.row_rect(row).center)
    assert type(app.scene).__name__ == "GameScene"
    assert app.scene.session.game_id == sessions[1].game_id
    assert app.scene.session.name == "Mini rehearsal"


def test_continue_resumes_the_most_recent_game(app: Any) -> None:
    d = Driver(app)
    sessions = _three_games(app)
    app.reset(screens.menu(app))
    d.frames(1)
    menu = app.scene
    cont = next(b for b, what in menu.buttons.items() if what == "continue")
    d.click_button(cont)
    assert app.scene.session.game_id == sessions[-1].game_id
    assert app.scene.state.turn == 4


def test_the_menu_offers_no_continue_without_a_game_to_resume(app: Any) -> None:
    d = Driver(app)
    d.frames(1)
    assert "continue" not in app.scene.buttons.values()


def test_continue_passes_over_a_hostile_save_to_the_game_behind_it(app: Any) -> None:
    """The menu reads the saves' own words to find the game Continue resumes (before the
    rules are loaded): a newer save with hostile JSON (deep nesting, a 5,000-digit number,
    a huge file) is passed over through the same guards as Load, never crashing the menu."""
    import os
    import time

    from rail_app.ui.savedir import saves_dir

    d = Driver(app)
    sessions = _three_games(app)
    folder = saves_dir()
    hostile = {"nested.json": "[" * 100_000 + "]" * 100_000,
               "digits.json": '{"record": ' + "9" * 5000 + "}",
               "huge.json": '{"record": "' + "x" * (17 * 1024 * 1024) + '"}'}
    later = time.time() + 60
    for name, text in hostile.items():
        (folder / name).write_text(text, encoding="utf-8")
        os.utime(folder / name, (later, later))
    app.reset(screens.menu(app))
    d.frames(1)
    cont = next(b for b, what in app.scene.buttons.items() if what == "continue")
    d.click_button(cont)
    assert app.scene.session.game_id == sessions[-1].game_id


def test_the_save_and_load_screens_keep_the_computer_s_cash_hidden(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Against the computer, the Save screen (over the game) and the Load screen show the
    person's cash and keep the computer's hidden, as the game does, until it is public (E3)."""
    from rail_app.games.italian_rails.rules.actions import KeepCards

    d = Driver(app)
    scene = start(app, computer=True, cards=True)
    s = scene.session
    while s.state.phase == "setup":
        s.apply(KeepCards(tuple(sorted(s.state.players[s.state.current].dealt)[:2])))
    s.state.players[1].cash = 66
    anna = s.state.players[0].cash
    d.frames(2)
    assert scene.controller.save_game()
    d.key(pygame.K_ESCAPE)
    press(d, scene, Intent.SAVE)  # the Save screen, over the game
    saves = app.scene
    assert type(saves).__name__ == "SavesScene"
    for _ in range(2):
        row = next(i for i, e in enumerate(saves.entries) if e.kind == "saved")
        pick(d, saves, row)
        texts = " ".join(drawn_text(app, monkeypatch))
        assert f"Anna {anna}M" in texts and "Bruno cash hidden (E3)" in texts
        assert "66M" not in texts
        app.pop()
        d.frames(1)
        app.push(screens.saves(app))  # the Load screen, from the menu's way in
        d.frames(2)
        saves = app.scene
    # once public, both are shown
    s.state.cash_public = True
    assert scene.controller.save_game()
    app.pop()
    app.push(screens.saves(app))
    d.frames(2)
    saves = app.scene
    row = next(i for i, e in enumerate(saves.entries) if e.kind == "saved")
    pick(d, saves, row)
    texts = " ".join(drawn_text(app, monkeypatch))
    assert "Bruno 66M" in texts
