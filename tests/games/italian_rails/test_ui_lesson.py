"""A guided first game: "Learn to play" from the main menu, played to its end with posted
events; left and resumed at the step reached; what it does not let the player do yet, said
in its words; its fixed deal still teaching it. And the first-game hints of the main game,
the first time each phase, the cards and an event appear, switched off in Settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from rail_app.games.italian_rails.devtools.lessonplay import play_lesson
from rail_app.games.italian_rails.rules.actions import PickUp
from rail_app.games.italian_rails.ui.commands import DismissHint, Intent, ToggleCard
from rail_app.games.italian_rails.ui.lesson import STEPS
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import click, press, start


def menu_button(app: Any, what: str) -> Any:
    return next(b for b, w in app.scene.buttons.items() if w == what)


def test_the_lesson_is_played_to_its_end_from_the_main_menu(app: Any) -> None:
    from rail_app.games.italian_rails.ui import lessonfiles as lesson
    from rail_app.ui.session import list_saves

    d = Driver(app)
    d.frames(2)
    d.click_button(menu_button(app, "learn"))
    scene = app.scene
    assert scene.table.lesson is not None and scene.table.lesson.step == 0
    seen: set[int] = set()
    play_lesson(d, scene, seen.add)
    assert seen == set(range(len(STEPS))) and len(STEPS) >= 12  # every step, in order
    assert type(app.scene).__name__ == "MenuScene"  # Finish: back to the menu
    st = scene.state
    me = st.players[0]
    assert me.deliveries == 1 and me.ferries and me.track  # it was all really played
    assert any(a.kind == "swap" for _, a in st.history)
    assert lesson.saved_step() is None  # finished: nothing to resume
    assert list_saves() == []  # the lesson never writes among the saved games
    assert next(b.text for b in app.scene.buttons
                                   if app.scene.buttons[b] == "learn") == "Learn to play"


def test_the_lesson_can_be_left_and_resumed_at_its_step(app: Any) -> None:
    d = Driver(app)
    d.frames(2)
    d.click_button(menu_button(app, "learn"))
    scene = app.scene
    press(d, scene, Intent.LESSON_NEXT)  # past the welcome
    plan = scene.table.lesson.plan
    for c in plan.keep:
        press(d, scene, ToggleCard(c))
    press(d, scene, Intent.KEEP_CHOSEN)
    d.frames(10, 0.05)
    press(d, scene, Intent.LESSON_NEXT)
    cam = scene.camera
    d.drag([cam.dot_screen(x) for x in plan.line[:3]])
    track = set(scene.state.players[0].track)
    assert track and scene.table.lesson.step == 2
    press(d, scene, Intent.LESSON_LEAVE)
    assert type(app.scene).__name__ == "MenuScene"
    button = menu_button(app, "learn")
    assert button.text == "Learn to play (resume)"
    d.click_button(button)
    again = app.scene
    assert again is not scene and again.table.lesson.step == 2  # the step reached
    assert set(again.state.players[0].track) == track  # and the game as it was
    assert again.table.lesson.plan == plan
    d.frames(2)
    press(d, again, Intent.LESSON_NEXT)  # that step's wish was met: on to the next
    assert again.table.lesson.step == 3
    press(d, again, Intent.LESSON_RESTART)  # start over: a new lesson
    assert app.scene.table.lesson.step == 0 and not app.scene.state.players[0].track


def test_the_lesson_says_what_it_does_not_let_the_player_do_yet(app: Any) -> None:
    d = Driver(app)
    d.frames(2)
    d.click_button(menu_button(app, "learn"))
    scene = app.scene
    ctrl = scene.controller
    plan = scene.table.lesson.plan
    q = ctrl.core.do(PickUp(plan.commodity, plan.card + 1, 0))
    assert not q.ok and q.headline.startswith(f"In this lesson, pick up {plan.commodity}")
    assert "()" not in q.headline  # no empty rule id shown


def test_the_lessons_deal_still_teaches_it() -> None:
    from rail_app.games.italian_rails.devtools.lessonseed import why_not
    from rail_app.games.italian_rails.ui.lessonfiles import SEED

    why = why_not(SEED)
    assert why == "", (f"the lesson's seed {SEED} no longer fits ({why}): the map or its deck "
                       "changed; run `python -m rail_app lesson-seed` and set the seed it "
                       "prints in rail_app/games/italian_rails/ui/lessonfiles.py")


def test_first_game_hints_show_once_each_and_can_be_switched_off(app: Any) -> None:
    from rail_app.ui.settings import load_settings

    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    for _ in range(2):  # both keep their first two cards
        s = scene.session
        if s.state.phase.value == "setup" and not s.seat.computer:
            for c in sorted(s.state.players[0].dealt)[:2]:
                press(d, scene, ToggleCard(c))
            press(d, scene, Intent.KEEP_CHOSEN)
        d.frames(10, 0.05)
    d.key(pygame.K_SPACE)
    assert d.until(lambda: scene.state.current == 0 and scene.state.phase.value == "build",
                   dt=0.05)
    d.frames(1)
    assert scene.frame.hint == "build"  # the first build phase
    press(d, scene, DismissHint("build"))
    assert scene.frame.hint == "cards"  # then the cards
    assert "build" in app.settings.hints_seen
    assert "build" in load_settings().hints_seen  # kept for the next games
    press(d, scene, Intent.HINTS_OFF)
    assert scene.frame.hint is None and not app.settings.hints
    # Settings switches them on again
    d.key(pygame.K_ESCAPE)
    press(d, scene, Intent.SETTINGS)
    settings = app.scene
    click(d, settings.hints.rect.center)
    assert app.settings.hints
    d.key(pygame.K_ESCAPE)
    assert app.scene is scene
    d.frames(1)
    assert scene.frame.hint == "cards"  # the one not read yet


def test_an_event_card_shows_its_hint_the_first_time(app: Any) -> None:
    from rail_app.games.italian_rails.rules import events

    scene = start(app, cards=True, seed=4, computer=True)
    from tests.games.italian_rails.test_ui_support import to_anna_move

    to_anna_move(scene)
    d = Driver(app)
    app.settings.hints_seen[:] = ["build", "move", "cards"]
    events.resolve_event(scene.state, 27, 1)  # prepare: a storm, drawn by Bruno
    scene.session.version += 1
    d.frames(2)
    assert scene.frame.dialog.value == "event" and scene.frame.hint == "event"
    press(d, scene, DismissHint("event"))  # the hint's button works over the card
    assert "event" in app.settings.hints_seen and scene.table.popups


def test_lesson_xvfb_says_what_it_needs_without_an_x_display(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The X-input walk-through of the lesson (README pictures) needs an X server: without
    one it says how to run it, writes nothing and does not open a window."""
    from rail_app.cli import main

    monkeypatch.delenv("DISPLAY", raising=False)
    assert main(["lesson-xvfb", "--out", str(tmp_path / "steps")]) == 2
    assert "xvfb-run" in capsys.readouterr().out
    assert not (tmp_path / "steps").exists()


def _panel_text(scene: Any) -> str:
    from rail_app.games.italian_rails.ui.coach import lesson_panel
    from rail_app.games.italian_rails.ui.dialogs import current

    p = lesson_panel(scene.frame.ctx, current(scene.frame.ctx))
    return " ".join(p.lines)


def test_the_lesson_acknowledges_each_action_and_the_first_end_build(app: Any) -> None:
    """Each step says what the player did once it is done, even when it was done before it
    showed (drawing on ahead); the first End build is acknowledged at once (the second turn
    of building is a step of its own)."""
    from rail_app.games.italian_rails.devtools.lessonplay import drag, next_step, settle_run

    d = Driver(app)
    d.frames(2)
    d.click_button(menu_button(app, "learn"))
    scene = app.scene
    plan = scene.table.lesson.plan
    next_step(d, scene)
    for c in plan.keep:
        press(d, scene, ToggleCard(c))
    press(d, scene, Intent.KEEP_CHOSEN)
    settle_run(d, scene)
    d.frames(2)
    next_step(d, scene)
    assert STEPS[scene.table.lesson.step].title == "Build out of a major city"
    line = list(plan.line)
    drag(d, scene, line[:3])  # on ahead, over the first river
    d.frames(2)
    assert "Done: your track leaves" in _panel_text(scene)
    next_step(d, scene)
    assert STEPS[scene.table.lesson.step].title == "Cross a river"
    d.frames(2)
    assert "Done:" not in _panel_text(scene)  # the river crossed before does not count
    titles = [s.title for s in STEPS]
    k = titles.index("End the build")
    scene.table.lesson.step = k
    scene.table.lesson.met = -1
    d.key(pygame.K_RETURN)  # the first End build
    settle_run(d, scene)
    d.frames(2)
    text = _panel_text(scene)
    assert "Done: you paid for your track (K10) and Bruno passed" in text
    next_step(d, scene)
    assert STEPS[scene.table.lesson.step].title == "A second turn of building"


def test_the_river_step_waits_for_a_river_crossed_after_it_shows_and_lights_it(app: Any) -> None:
    """The river step is not done by the river the first segment crossed before it showed:
    it lights the dot past the next river of the line, its words name that river, and a
    segment drawn over it does the step, its acknowledgement naming only that river."""
    from rail_app.games.italian_rails.devtools.lessonplay import drag, next_step, settle_run
    from rail_app.games.italian_rails.ui.lesson import Target, next_river

    d = Driver(app)
    d.frames(2)
    d.click_button(menu_button(app, "learn"))
    scene = app.scene
    plan = scene.table.lesson.plan
    board = scene.board
    next_step(d, scene)
    for c in plan.keep:
        press(d, scene, ToggleCard(c))
    press(d, scene, Intent.KEEP_CHOSEN)
    settle_run(d, scene)
    d.frames(2)
    next_step(d, scene)
    line = list(plan.line)
    first = board.edge(line[0], line[1])
    before = [c.name for c in first.crossings if c.kind == "river"]
    assert before  # the lesson's first segment crosses a river already
    drag(d, scene, line[:2])
    d.frames(2)
    next_step(d, scene)
    assert STEPS[scene.table.lesson.step].title == "Cross a river"
    d.frames(3)
    look = scene.controller.teaching.lesson_look()
    assert not STEPS[scene.table.lesson.step].done(look)
    text = _panel_text(scene)
    assert "Done:" not in text and "lit line" not in text
    nxt = next_river(scene.state, plan)
    assert nxt is not None and not set(nxt[2]) & set(before)
    assert f"crosses the {' and the '.join(nxt[2])}" in text
    assert STEPS[scene.table.lesson.step].targets(look) == [Target(dot=nxt[1])]
    drag(d, scene, line[1:line.index(nxt[1]) + 1])
    d.frames(2)
    text = _panel_text(scene)
    assert f"Done: your line crosses the {' and the '.join(nxt[2])}." in text
    assert before[0] not in text.split("Done:")[1]


def test_the_lesson_covers_a_whole_game_s_ideas() -> None:
    """Boarding a ferry (M5), rent (M3), locking a public card (C4), upgrading (K9) and
    the end of the game (W1, W2) each have a step of the lesson."""
    texts = {s.title: s.text for s in STEPS}
    for title, rules in (("Board a ferry", ("M5",)), ("Rent", ("M3",)),
                         ("Lock a public card", ("C4",)), ("A faster train", ("K9",)),
                         ("How the game ends", ("W1", "W2"))):
        assert title in texts and all(r in texts[title] for r in rules), title


def test_the_lesson_s_lit_ferry_route_stays_on_the_map(app: Any) -> None:
    """The lit route of the lesson's ferry is drawn within the map, never over the history
    bar or the side panel around it."""
    from rail_app.games.italian_rails.ui import coach
    from rail_app.games.italian_rails.ui.lesson import Target

    d = Driver(app)
    d.frames(2)
    d.click_button(menu_button(app, "learn"))
    scene = app.scene
    ctx = scene.frame.ctx
    plan = scene.table.lesson.plan
    cam = scene.camera
    cam.level = cam.level_for(200)  # close in: the route runs far beyond the map area
    port = scene.board.dots[scene.board.ferries[plan.ferry].ports[0]]
    outside: list[tuple[int, int]] = []
    for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)):  # the port at each edge of the map
        cam.centre_on(port.x, port.y)
        cam.pan_px(dx * (cam.rect.w // 2 - 4), dy * (cam.rect.h // 2 - 4))
        surface = pygame.Surface(app.screen.get_size())
        surface.fill((0, 0, 0))
        coach._targets(surface, ctx, [Target(ferry=plan.ferry)], coach.Dialog.NONE, [])
        outside += [(x, y) for x in range(0, surface.get_width(), 3)
                    for y in range(0, surface.get_height(), 3)
                    if not cam.rect.collidepoint(x, y)
                    and surface.get_at((x, y))[:3] != (0, 0, 0)]
    assert outside == []


def test_the_lesson_prices_the_upgrade_and_the_ferry_as_the_rules_do_K8_K9() -> None:
    """K9: the lesson's faster train costs what the player's locomotive's first upgrade
    costs (20M from a Freight), not the 5M of a swap between two upgraded trains; K8: once
    the player has taken the ferry, the other player would pay its lower price."""
    from rail_app.games.italian_rails.ui import lessonfiles
    from rail_app.games.italian_rails.ui.lesson import LessonState, Look, words

    st = lessonfiles.new_session().state
    plan = lessonfiles.plan_for(st)
    assert plan is not None
    steps = {s.title: s for s in STEPS}
    first = min(c for (frm, _to), c in st.rules.upgrades.items() if frm == st.players[0].loco)
    text = words(steps["A faster train"].text, st, plan)
    assert f"for {first}M in the build phase" in text
    assert first == 20  # the map's K9: Freight to Fast or Heavy Freight
    ferry = st.board.ferries[plan.ferry]
    said = steps["Take a ferry"].ack(Look(st, LessonState(plan), None, False))
    assert f"lower price, {ferry.low}M (K8)" in said and "more" not in said


def test_the_side_panel_counts_one_segment_in_the_singular(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The players' lines of the side panel say "1 segment", not "1 segments", once one
    segment is drawn with the pen, and "0 deliveries" before the first one."""
    from rail_app.games.italian_rails.devtools.lessonplay import drag, next_step, settle_run
    from tests.games.italian_rails.test_ui_support import drawn_text

    d = Driver(app)
    d.frames(2)
    d.click_button(menu_button(app, "learn"))
    scene = app.scene
    plan = scene.table.lesson.plan
    next_step(d, scene)
    for c in plan.keep:
        press(d, scene, ToggleCard(c))
    press(d, scene, Intent.KEEP_CHOSEN)
    settle_run(d, scene)
    d.frames(2)
    next_step(d, scene)
    drag(d, scene, list(plan.line[:2]))  # one segment out of the major city
    d.frames(2)
    assert len(scene.state.players[0].track) == 1
    text = " | ".join(drawn_text(app, monkeypatch))
    assert "1 segment · 0 deliveries" in text and "1 segments" not in text


def test_the_lesson_s_panel_and_a_hovered_card_s_words_keep_clear_of_each_other(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1280x720, while the cards to keep are chosen, the lesson's panel covers neither
    the hovered card's words nor the dialog, and those words stay clear of the panel."""
    from rail_app.games.italian_rails.devtools.lessonplay import next_step
    from rail_app.games.italian_rails.ui import dialogs, ghosts

    assert app.screen.get_size() == (1280, 720)
    d = Driver(app)
    d.frames(2)
    d.click_button(menu_button(app, "learn"))
    scene = app.scene
    next_step(d, scene)
    assert STEPS[scene.table.lesson.step].title == "Keep two cards"
    painted: list[pygame.Rect] = []
    real = ghosts.paint_card_help

    def spy(*args: Any, **kw: Any) -> pygame.Rect | None:
        r = real(*args, **kw)
        if r is not None:
            painted.append(r)
        return r

    monkeypatch.setattr(ghosts, "paint_card_help", spy)
    for card in scene.table.lesson.plan.keep:
        r = scene.find(ToggleCard(card))
        d.mouse(pygame.MOUSEMOTION, r.center)
        assert d.until(lambda c=card: scene.table.card_help is not None
                       and scene.table.card_help[0] == c, dt=0.05)
        painted.clear()
        d.frames(2)
        assert painted, "the hovered card's words are not painted"
        coach = scene.frame.coach.box
        assert not coach.colliderect(painted[-1]), (coach, painted[-1])
        assert not coach.colliderect(dialogs._box(scene.frame.ctx, dialogs.Dialog.KEEP))
        assert painted[-1].bottom > scene.frame.ctx.rects.map.top
