"""Steam's guided first game ("Learn to play", from the main menu): a Basic game on Steam:
Italia against two Easy computer players, with a card that walks the player through the
first turn and moves on as the game shows each step done; Next on the first and the last;
left and resumed at the step reached; over once the last step's Next is pressed."""

from __future__ import annotations

from typing import Any

from rail_app.games.steam.ai import make_player
from rail_app.games.steam.ui import lesson
from rail_app.games.steam.ui.commands import LessonNext
from rail_app.games.steam.ui.scene import SteamScene
from rail_app.ui.kit.driver import Driver, click
from rail_app.ui.scenes import MenuScene


def _learn(app: Any) -> SteamScene:
    app.settings.game = "steam"
    menu = app.reset(app.screens.menu())
    app.step(0.02, [])
    assert isinstance(menu, MenuScene)
    button = next(b for b, what in menu.buttons.items() if what == "learn")
    Driver(app).click_button(button)
    scene = app.scene
    assert isinstance(scene, SteamScene)
    app.step(0.02, [])
    return scene


def _next(app: Any, scene: SteamScene) -> None:
    rect = scene.find(LessonNext())
    assert rect is not None, "no Next on the lesson's card"
    click(app, rect.center)
    app.step(0.02, [])


def _heading(scene: SteamScene) -> str:
    hint = scene.current_hint()
    assert hint is not None
    return hint[0]


def test_learn_to_play_walks_through_the_first_turn(app: Any) -> None:
    scene = _learn(app)
    session = scene.session
    assert scene.table.lesson == 0
    assert [s.name for s in session.setup.seats] == [lesson.PLAYER, *lesson.OTHERS]
    assert [s.computer for s in session.setup.seats] == [False, True, True]
    assert _heading(scene) == f"Learn to play · 1 of {len(lesson.STEPS)}"
    assert scene.current_hint()[1].startswith("Welcome to Steam.")
    app.step(0.5, [])
    assert scene.table.lesson == 0  # the welcome waits for Next
    _next(app, scene)
    assert scene.table.lesson == 1 and scene.find(LessonNext()) is None
    assert "auction" in scene.current_hint()[1]
    assert lesson.saved_step() == 1
    # the player plays as the greedy player would; the computer plays its seats
    bot = make_player("greedy", 0, 1)
    seen = [scene.table.lesson]
    for _ in range(4000):
        if session.state.turn >= 2 and scene.table.lesson == len(lesson.STEPS) - 1:
            break
        if session.actor == 0 and not session.over:
            assert session.apply(bot.choose(session.state, 0)).ok
        app.step(0.02, [])
        scene.controller.computer.skip()
        app.step(0.02, [])
        if scene.table.lesson != seen[-1]:
            seen.append(scene.table.lesson)
    # every step shown in order (none skipped by a player who did what it asked)
    assert seen == list(range(1, len(lesson.STEPS))), seen
    assert scene.find(LessonNext()) is not None
    _next(app, scene)  # the last: the lesson is over, the game goes on
    assert scene.table.lesson is None and lesson.saved_step() is None
    assert scene.current_hint() is None or not scene.current_hint()[0].startswith("Learn")


def test_learn_to_play_resumes_where_it_was_left(app: Any) -> None:
    scene = _learn(app)
    _next(app, scene)
    turn_before = scene.session.state.turn
    scene.controller.quit_to_menu()
    menu = app.scene
    assert isinstance(menu, MenuScene)
    app.step(0.02, [])
    labels = [b.text for b, what in menu.buttons.items() if what == "learn"]
    assert labels == ["Learn to play (resume)"]
    again = _learn(app)
    assert again.table.lesson == 1
    assert again.session.state.turn == turn_before
    assert again.session.autosave_file == lesson.game_path()
