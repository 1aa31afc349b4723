"""The shell takes a game of 3-6 seats: with Relay (tests/fakegame.py, tests/fakefront.py)
put on the table by its one line in the registry and its one line in the table of game
screens, the menu's picker offers it, New game lays out as many seats as it takes (six with
its option, each its own ink), the game plays on the stack, game over ranks every seat, and
its saves list and load like Italian Rails'. Nothing of the shell is changed for it."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pygame
import pytest

from rail_app.core.lazy import Lazy
from rail_app.core.paths import user_maps_dir
from rail_app.table import registry
from rail_app.ui.kit.driver import Driver
from tests.fakegame import GAME_ID, RELAY, write_map


@pytest.fixture
def relay(monkeypatch: pytest.MonkeyPatch, _own_data_dir: Path) -> str:
    with_screen = dataclasses.replace(RELAY, screens=Lazy("tests.fakefront:RELAY_SCREENS"))
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, with_screen))
    return write_map(user_maps_dir())


def _menu_for_relay(app: Any) -> Any:
    d = Driver(app)
    d.frames(2)
    menu = app.scene
    assert list(menu.titles) == [g.title for g in registry.GAMES if g.screens is not None]
    assert list(menu.titles)[-1] == "Relay (test)"
    menu.choose_game(GAME_ID)
    menu = app.scene
    assert menu.game_id == GAME_ID and app.settings.game == GAME_ID
    assert "learn" not in menu.buttons.values()  # Relay has no lesson
    d.frames(2)
    return menu


def test_the_picker_and_new_game_take_three_to_six_seats(relay: str, app: Any) -> None:
    from rail_app.table.seats import SeatKind

    _menu_for_relay(app)
    new = app.push(app.screens.new_game())
    assert new.game_id == GAME_ID and [p.name for p in new.maps] == ["relay.yaml"]
    assert len(new.seat_widgets) == 4  # the game's usual table
    assert [o[0] if isinstance(o, tuple) else o
            for o in new.count_menu.options_list] == ["3", "4", "5", "6"]
    new.seat_widgets[1][0].set_text("Zoe")
    new.choose_count(6)  # six seats turn the option on, each seat its own ink
    assert len(new.seat_widgets) == 6 and new.option_box("six_players").is_checked
    assert new.seat_widgets[1][0].get_text() == "Zoe"  # what was typed is kept
    setup = new.setup()
    assert setup is not None and len(setup.seats) == 6
    assert len({s.ink for s in setup.seats}) == 6 and setup.options == {"six_players": True}
    assert [s.kind for s in setup.seats] == [SeatKind.HUMAN] + [SeatKind.COMPUTER] * 5
    new.option_changed("six_players", False)  # the option off: back to the largest usual
    assert len(new.seat_widgets) == 5
    new.choose_count(3)
    setup = new.setup()
    assert setup is not None and [s.name for s in setup.seats] == ["Anna", "Zoe", "Carla"]
    for size in ((1280, 720), (1920, 1080)):  # every seat's row fits the form's card
        app.resize(*size)
        new = app.scene
        new.choose_count(6)
        app.step(0.016, [])
        assert pygame.Rect((0, 0), size).contains(new.card)  # the whole form on the screen
        for entry, kind, ink in new.seat_widgets:
            for w in (entry, kind, ink):
                assert new.card.contains(w.rect), (size, w)


def test_a_game_of_five_plays_on_the_stack_ends_with_five_ranks_and_saves(
        relay: str, app: Any) -> None:
    from rail_app.ui.savelist import read_entries
    from rail_app.ui.session import Session
    from rail_app.ui.thumbnails import thumbnail

    _menu_for_relay(app)
    new = app.push(app.screens.new_game())
    new.choose_count(5)
    new.seed_entry.set_text("9")
    assert new.start()
    game = app.scene
    assert type(game).__name__ == "RelayScene" and app.stack == [game]
    d = Driver(app)
    for _ in range(3):
        d.key(pygame.K_SPACE)
    game.session.save(game.session.autosave_path())
    entry = next(e for e in read_entries() if e.game_id)
    assert entry.game is not None and entry.game.id == game.session.game_id
    assert len(entry.seats) == 5 and not entry.problem
    assert thumbnail(entry, (120, 80)) is not None
    loaded = Session.load(entry.path)
    assert loaded.setup.game == GAME_ID and len(loaded.setup.seats) == 5
    assert RELAY.rules.fingerprint(loaded.state) == RELAY.rules.fingerprint(game.session.state)
    for _ in range(200):
        if type(app.scene).__name__ == "GameOverScene":
            break
        d.key(pygame.K_SPACE)
    over = app.scene
    assert type(over).__name__ == "GameOverScene"
    lines = over.lines()
    assert len(lines) == 5 and lines[0].startswith("1st ")
    ranks = over.ranks()
    assert [ranks[i] for i in over.order()] == sorted(ranks) and min(ranks) == 1
    app.step(0.016, [])  # the ranks table and its inks draw for five seats
