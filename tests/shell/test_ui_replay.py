"""The replay screen, driven with posted events as a person uses it: opened from the save
screen and from game over; the scrubber clicked and dragged; stepping by action and by turn
with the keys and the buttons; play and pause at a chosen speed; the review's marks on the
scrubber, each with its sentence and its plan on the map."""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from rail_app.core.paths import resource_path
from rail_app.devtools.replaybench import computer_game
from rail_app.table import registry
from rail_app.ui import screens
from rail_app.ui.kit.driver import Driver
from rail_app.ui.replay import SPEEDS, ReplayScene
from tests.games.italian_rails.test_ui_support import click
from tests.waiting import HANG_S, frames_until


def push(d: Driver, button: Any) -> None:
    """Click a button with the mouse, as a person does (its press is handled a frame
    later)."""
    click(d, button.rect.center)
    d.frames(1)


MINI = str(resource_path("maps", "test", "mini.yaml"))
SHORT = str(resource_path("maps", "test", "mini-short.yaml"))
IR = registry.game("italian-rails")


@pytest.fixture(scope="module")
def unfinished() -> Any:
    return computer_game("italian-rails", MINI, 12)


def _session(played: Any, path: str) -> Any:
    from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session

    board, final, names, actions = played
    setup = GameSetup(path, [Seat(names[0], HUMAN, "normal", "blue"),
                             Seat(names[1], COMPUTER, "hard", "orange")], 5,
                      IR.rules.options_of(final))
    return Session(setup, board, final)


def _from_the_save_screen(app: Any, played: Any) -> tuple[Driver, ReplayScene]:
    from rail_app.ui.session import new_save_path

    _session(played, MINI).save(new_save_path())
    d = Driver(app)
    app.reset(screens.menu(app))
    saves = app.push(screens.saves(app))
    d.frames(2)
    assert saves.current() is not None
    push(d, saves.extras.replay_button)
    scene = app.scene
    assert isinstance(scene, ReplayScene), saves.message.text
    d.frames(1)
    return d, scene


def test_the_save_screen_opens_a_replay_and_the_keys_step_through_it(
        app: Any, unfinished: Any) -> None:
    d, scene = _from_the_save_screen(app, unfinished)
    tl = scene.timeline
    assert scene.pos == 0 and scene.viewer == 0 and not tl.over
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)
    assert scene.pos == 2
    d.key(pygame.K_LEFT)
    assert scene.pos == 1
    d.key(pygame.K_PAGEDOWN)
    assert scene.pos == tl.turn_starts[1]
    d.key(pygame.K_PAGEDOWN)
    assert scene.pos == tl.turn_starts[2]
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_PAGEUP)
    assert scene.pos == tl.turn_starts[2]
    d.key(pygame.K_PAGEUP)
    assert scene.pos == tl.turn_starts[1]
    d.key(pygame.K_END)
    assert scene.pos == tl.last
    words = scene.words()
    assert words[0].endswith(f"action {tl.last} of {tl.last}")
    d.key(pygame.K_HOME)
    assert scene.pos == 0
    # the words say what the action did, as the history says it
    d.key(pygame.K_PAGEDOWN)
    d.key(pygame.K_RIGHT)
    assert any("builds" in w or "Turn" in w for w in scene.words()[1:])
    d.key(pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "SavesScene"


def test_the_scrubber_jumps_where_it_is_clicked_and_follows_a_drag(
        app: Any, unfinished: Any) -> None:
    d, scene = _from_the_save_screen(app, unfinished)
    r = scene.scrub
    click(d, (r.x + r.w // 2, r.centery))
    assert abs(scene.pos - scene.timeline.last // 2) <= 1
    d.drag([(r.x + r.w // 2, r.centery), (r.x + r.w // 4, r.centery),
            (r.x + r.w * 3 // 4, r.centery)])
    assert abs(scene.pos - scene.timeline.last * 3 // 4) <= 1
    click(d, (r.right - 1, r.centery))
    assert scene.pos == scene.timeline.last
    click(d, (r.x, r.centery))
    assert scene.pos == 0


def test_the_buttons_step_and_play_at_the_chosen_speed(app: Any, unfinished: Any) -> None:
    d, scene = _from_the_save_screen(app, unfinished)
    b = scene.buttons
    tl = scene.timeline
    push(d, b["next"])
    push(d, b["next"])
    push(d, b["prev"])
    assert scene.pos == 1
    push(d, b["next_turn"])
    assert scene.pos == tl.turn_starts[1]
    push(d, b["prev_turn"])
    assert scene.pos == 0
    push(d, b["last"])
    assert scene.pos == tl.last
    push(d, b["first"])
    assert scene.pos == 0
    push(d, b["speed"])  # 4 actions a second
    assert SPEEDS[scene.speed] == 4.0
    push(d, b["play"])
    assert scene.playing and b["play"].text == "Pause"
    d.frames(4, dt=0.5)  # two seconds: eight actions
    assert scene.pos == 8
    d.key(pygame.K_SPACE)
    assert not scene.playing
    d.frames(4, dt=0.5)
    assert scene.pos == 8
    d.key(pygame.K_SPACE)
    assert d.until(lambda: scene.pos == tl.last, dt=1.0)
    assert not scene.playing  # it stops at the end


def test_the_review_marks_the_largest_gaps_on_the_scrubber(app: Any, unfinished: Any,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    import threading

    from rail_app.ui import replayreview

    release = threading.Event()
    real = replayreview.review_turns

    def held(timeline: Any, seat: int) -> Any:  # the first turn, then held until released
        turns = real(timeline, seat)
        yield next(turns)
        release.wait(HANG_S)
        yield from turns

    monkeypatch.setattr(replayreview, "review_turns", held)
    d, scene = _from_the_save_screen(app, unfinished)
    try:
        push(d, scene.buttons["review"])
        run = scene.reviewing
        assert run is not None
        # the button says how far the review has come: a turn done, the next under way
        frames_until(app, lambda: bool(run.found)
                     and scene.buttons["review"].text == run.progress())
        shown = re.fullmatch(r"Reviewing (\d+)/(\d+)…", scene.buttons["review"].text)
        assert shown is not None and 1 < int(shown[1]) <= int(shown[2]), shown
        assert int(shown[1]) == run.found[-1].turn + 1
        assert scene.reviewing is run
    finally:
        release.set()
    frames_until(app, lambda: scene.reviewing is None)  # the review done, however busy
    assert 3 <= len(scene.marks) <= 5
    px = app.px
    for m in scene.marks:
        click(d, (scene.x_of(m.position), scene.scrub.top - px(8)))
        assert scene.pos == m.position
        words = scene.words()
        assert words[-1] == m.text and "a turn more than what was played" in m.text
        assert m.detail.gap > 0 and m.detail.seat == 0
        # the mark lands on the reviewed seat's own action, not the one before it
        assert scene.timeline.seat_at(m.position) == 0 and m.position == m.detail.position + 1
    # the better plan is drawn on the map at a mark, not elsewhere
    d.frames(1)
    at_mark = pygame.image.tobytes(scene._map[1], "RGB") if scene._map else b""
    scene.parts.draw(probe := pygame.Surface(scene.map_rect.size), scene.session.board,
                     scene.shown()[1], scene.shown()[0], scene.inks())
    assert pygame.image.tobytes(probe, "RGB") != at_mark


def test_game_over_opens_the_replay_of_the_whole_game(app: Any) -> None:
    played = computer_game("italian-rails", SHORT, 12)
    session = _session(played, SHORT)
    assert session.over
    d = Driver(app)
    over = app.reset(screens.game_over(app, session))
    d.frames(1)
    push(d, over.replay_button)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    assert scene.viewer is None  # the game is over: everything is shown
    d.key(pygame.K_END)
    assert scene.pos == scene.timeline.last
    assert any("The game is over" in w or "wins" in w or "cash" in w for w in scene.words())
    push(d, scene.buttons["close"])
    assert app.scene is over


def test_the_review_is_worked_out_off_the_frames(app: Any, unfinished: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The review looks at every turn of the seat with a computer player (a second or two
    of Steam's a turn): the frames go on while it works, in the background; here its
    every turn is held until the frames are drawn."""
    import threading

    from rail_app.ui import replayreview

    release = threading.Event()
    real = replayreview.review_turns
    threads: list[str] = []

    def held(timeline: Any, seat: int) -> Any:
        threads.append(threading.current_thread().name)
        release.wait(HANG_S)
        yield from real(timeline, seat)

    monkeypatch.setattr(replayreview, "review_turns", held)
    d, scene = _from_the_save_screen(app, unfinished)
    push(d, scene.buttons["review"])
    try:
        frames_until(app, lambda: bool(threads))  # drawn while the review is held
        d.frames(5)
        assert scene.reviewing is not None and "MainThread" not in threads
    finally:
        release.set()
    frames_until(app, lambda: scene.reviewing is None)  # the review done, however busy
    assert 3 <= len(scene.marks) <= 5
