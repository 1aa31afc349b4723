"""The screens around the game: the forms stand on an opaque card over the menu's map, the
mute key answers on screen, the window goes at once, and the game over chart has one point
per turn for each player."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rail_app.games.italian_rails.rules.actions import EndTurn
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import click, prepare_network, start


@pytest.mark.parametrize("name", ["newgame", "settings", "load"])
def test_forms_stand_on_an_opaque_card_over_the_menus_map(app: Any, name: str) -> None:
    d = Driver(app)
    d.frames(2)
    from rail_app.ui import screens

    make = {"newgame": screens.new_game, "settings": screens.settings, "load": screens.saves}
    scene = app.push(make[name](app))
    d.frames(2)
    card = scene.card
    widgets = [e for e in scene.ui.get_sprite_group().sprites()
               if e.rect.w < app.size[0] and e.visible]
    assert widgets
    for e in widgets:
        assert card.contains(e.rect), f"{e} stands outside the card, over the map"
    from rail_app.ui.palette import PAPER

    # the card is opaque: its corner inside is paper, whatever the map behind shows
    inside = (card.x + app.px(10), card.bottom - app.px(10))
    assert tuple(app.screen.get_at(inside))[:3] == PAPER


def test_the_mute_key_answers_on_screen(app: Any) -> None:
    d = Driver(app)
    d.frames(1)
    before = app.screen.copy()
    d.key(pygame.K_m)
    top = pygame.Rect(app.size[0] // 2 - 60, app.px(52), 120, app.px(20))
    changed = [p for p in ((x, y) for x in range(top.x, top.right, 4)
                           for y in range(top.y, top.bottom, 3))
               if app.screen.get_at(p) != before.get_at(p)]
    assert changed  # a word is drawn over the menu
    assert app.settings.muted and app.notice == "Sound off (M)"
    d.key(pygame.K_m)
    assert not app.settings.muted and app.notice == "Sound on (M)"
    d.frames(120)
    assert app.notice_left == 0


def test_closing_hides_the_window_before_anything_else(app: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    real = app.save_settings

    def save() -> None:
        seen.append(pygame.display.get_init())
        real()

    monkeypatch.setattr(app, "save_settings", save)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0
    assert seen == [False]  # the window was gone before the settings were written


def test_the_game_over_chart_has_one_point_per_turn_for_each_player(app: Any) -> None:
    scene = start(app, cards=True, seed=4)
    d = Driver(app)
    prepare_network(scene)
    s = scene.session
    s.state.players[0].cash = 300  # prepare: Anna reaches the goal this turn (W1)
    s.version += 1
    d.frames(1)
    if scene.table.curtain.down:
        click(d, (640, 360))
    d.key(pygame.K_RETURN)  # end the move
    d.key(pygame.K_RETURN)  # end the build: the last round begins
    assert s.state.end_triggered_by == 0
    s.state.players[0].cash += 4  # prepare: rent paid to Anna after her last turn (M3)
    click(d, (640, 360))  # Bruno's curtain
    while s.state.outcome is None:
        assert s.apply(EndTurn()).ok
    d.frames(30, 0.1)
    over = app.scene
    assert type(over).__name__ == "GameOverScene"
    series, end = over.series()
    taken = [p.turns_taken for p in s.state.players]
    assert taken[0] == taken[1]
    assert end  # Anna's cash changed after her last turn: every line has an end point
    assert [len(cash) for _, _, cash in series] == [taken[0] + 1, taken[1] + 1]
    assert series[0][2][-1] == s.state.players[0].cash


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_menus_title_and_blurb_keep_clear_of_the_map(size: tuple[int, int],
                                                         _own_data_dir: Any) -> None:
    """Each game's blurb under its title in the main menu is written on lines that fit the
    left half of the window (the game's map is on the right), all of it, above the game
    picker."""
    from rail_app.core.i18n import _
    from rail_app.table import registry
    from rail_app.ui.app import App
    from rail_app.ui.fonts import font
    from rail_app.ui.gamescreens import playable
    from rail_app.ui.settings import Settings

    app = App(size=size, fullscreen=False, settings=Settings())
    for game in playable():
        app.settings.game = game.id
        app.reset(app.screens.menu())
        app.step(0.02, [])
        menu = app.scene
        lines = [label.text for label in menu.subtitles]
        assert " ".join(lines) == _(registry.game(game.id).blurb)
        for label in menu.subtitles:
            r = label.get_abs_rect()
            assert r.right <= size[0] // 2  # the map's picture starts half-way across
            assert font(app.px(17)).size(label.text)[0] <= r.w - app.px(8)
        assert menu.subtitles[-1].get_abs_rect().bottom <= menu.game_menu.get_abs_rect().y
