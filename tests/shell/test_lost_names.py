"""Names and seeds: one rule for what a name is (rail_app/core/names.py), used where a name
is typed (New game, the save screen's name field, Rename) and where a save is read, so that
every name a player can type saves, loads and continues; the seed field takes numbers in
range; a zero-width character typed in any field is refused, never drawn."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rail_app.core import names
from rail_app.ui import screens
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import MINI, click

INVISIBLE = ["\u00ad", "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\ufeff",
             "\u2060", "\u202e", "\ufe0f", "\U000e0067", "\x00", "\ud800"]


def type_into(d: Driver, entry: Any, text: str, *, select: bool = True) -> None:
    click(d, entry.rect.center)
    if select:
        d.key(pygame.K_a, pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    d.frames(1)


def new_game_form(app: Any) -> Any:
    app.push(screens.new_game(app))
    d = Driver(app)
    d.frames(1)
    return app.scene


# -- the rule -----------------------------------------------------------------------------

def test_the_rule_strips_what_draws_nothing_and_normalises() -> None:
    assert names.clean("Anna\u00adMaria", 16) == "AnnaMaria"
    assert names.clean("Family 👨\u200d👩\u200d👧", 80) == "Family 👨👩👧"
    assert names.clean("  Cafe\u0301   de\tla\nPaz ", 40) == "Café de la Paz"
    assert names.clean("\u200b\u200d", 16) == ""
    assert names.clean("\u0301\u0302", 16) == ""  # combining marks alone draw nothing
    assert names.clean("x\ud800y", 16) == "xy"
    assert names.clean("a" * 50, 16) == "a" * 16
    assert names.player_name("\u200b", 1) == "Player 2"
    for ch in INVISIBLE:
        assert not names.typeable(ch)
        assert names.is_clean(names.clean(f"A{ch}B", 16), 16)


def test_the_seed_is_a_number_in_range() -> None:
    assert names.parse_seed("42") == 42
    assert names.parse_seed(str(names.MAX_SEED)) == names.MAX_SEED
    for bad in ("9" * 41, "9" * 4301, "²", "٣", "-1", "1e5", "", " "):
        assert names.parse_seed(bad) is None


# -- item: an invisible character in a name ----------------------------------------------

def test_a_name_with_an_invisible_character_saves_loads_and_continues(app: Any) -> None:
    """Player 1 typed "Anna<soft hyphen>Maria": the game's autosaves and saves load, and
    Continue resumes it."""
    from rail_app.ui.savelist import latest_game_path, read_entries
    from rail_app.ui.session import Session

    d = Driver(app)
    form = new_game_form(app)
    entry = form.seat_widgets[0][0]
    type_into(d, entry, "Anna\u00adMaria")
    assert entry.get_text() == "AnnaMaria"  # the soft hyphen was never taken
    click(d, form.option_box("building_only").rect.center)
    assert form.start()
    scene = app.scene
    assert scene.session.setup.seats[0].name == "AnnaMaria"
    assert scene.session.autosave() is not None
    assert scene.controller.save_game()
    entries = read_entries()
    assert entries and all(not e.problem for e in entries)
    resumed = latest_game_path()
    assert resumed is not None
    assert Session.load(resumed).setup.seats[0].name == "AnnaMaria"


def test_a_save_written_with_an_invisible_character_in_a_name_still_loads(app: Any) -> None:
    """A save an older version wrote with a soft hyphen in a player's name, and a zero-width
    joiner in the game's name: read by the same rule as typed, it loads."""
    from rail_app.table.seats import Level, SeatKind
    from rail_app.ui.savelist import read_entries
    from rail_app.ui.session import GameSetup, Seat, Session, saves_dir

    seats = [Seat("Anna\u00adMaria", SeatKind.HUMAN, Level.NORMAL, "blue"),
             Seat("Bruno\u200b", SeatKind.HUMAN, Level.NORMAL, "orange")]
    s = Session.new(GameSetup(MINI, seats, 3, {"building_only": True}))
    s.name = "Family 👨\u200d👩\u200d👧"
    path = saves_dir() / "old.json"
    # written as the older writer did: names as typed
    from rail_app.table.saves import SaveFile, write_save

    write_save(path, SaveFile(s.record(), list(seats), s.world, game=s.info()), s.game)
    import json

    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["game"]["name"] = "Family 👨\u200d👩\u200d👧"
    path.write_text(json.dumps(raw), encoding="utf-8")
    (e,) = read_entries()
    assert not e.problem, e.problem
    assert e.title == "Family 👨👩👧"
    loaded = Session.load(path)
    assert [x.name for x in loaded.setup.seats] == ["AnnaMaria", "Bruno"]


def test_renaming_a_save_to_an_emoji_sequence_keeps_it_loadable(app: Any) -> None:
    from rail_app.ui.savelist import read_entries, rename
    from rail_app.ui.session import Session
    from tests.games.italian_rails.test_ui_support import start

    scene = start(app)
    assert scene.controller.save_game()
    (e,) = read_entries()
    after = rename(e, "Family 👨\u200d👩\u200d👧")
    assert not after.problem, after.problem
    assert after.title == "Family 👨👩👧"
    Session.load(after.path)


def test_the_save_screen_rename_field_refuses_invisible_characters(app: Any) -> None:
    from tests.games.italian_rails.test_ui_support import start

    scene = start(app)
    assert scene.controller.save_game()
    d = Driver(app)
    saves = app.push(screens.saves(app))
    d.frames(1)
    type_into(d, saves.name_entry, "Family 👨\u200d👩\u200d👧")
    d.click_button(saves.rename_button)
    assert saves.message.text == "Renamed."
    assert not saves.entries[0].problem
    assert saves.entries[0].title == "Family 👨👩👧"


# -- item: a seed too long ----------------------------------------------------------------

@pytest.mark.parametrize("digits", [41, 4301])
def test_a_long_seed_is_refused_by_the_field_and_every_save_loads(app: Any,
                                                                  digits: int) -> None:
    from rail_app.ui.savelist import read_entries

    d = Driver(app)
    form = new_game_form(app)
    type_into(d, form.seed_entry, "9" * digits)
    assert len(form.seed_entry.get_text()) <= names.SEED_DIGITS
    click(d, form.option_box("building_only").rect.center)
    assert form.start()
    session = app.scene.session
    assert session.setup.seed <= names.MAX_SEED
    assert session.autosave() is not None
    assert all(not e.problem for e in read_entries())


def test_a_seed_set_out_of_range_is_refused_with_a_word(app: Any) -> None:
    form = new_game_form(app)
    form.seed_entry.text = "9" * 41  # whatever reached the field
    assert form.setup() is None
    assert "seed" in form.message.text


# -- item: a zero-width character typed first ---------------------------------------------

@pytest.mark.parametrize("ch", ["\u200b", "\u200d", "\u200c", "\ufeff", "\U000e0067",
                                "\u00ad", "\u2060"])
def test_a_zero_width_character_typed_first_in_any_field_is_refused(app: Any,
                                                                   ch: str) -> None:
    from tests.games.italian_rails.test_ui_support import start

    d = Driver(app)
    form = new_game_form(app)
    for entry in [w[0] for w in form.seat_widgets] + [form.seed_entry]:
        type_into(d, entry, ch)
        d.frames(1)
    scene = start(app)
    assert scene.controller.save_game()
    saves = app.push(screens.saves(app, scene.session))
    d.frames(1)
    type_into(d, saves.name_entry, ch)
    # a letter, the zero-width character after it, the letter deleted
    type_into(d, saves.name_entry, "a")
    type_into(d, saves.name_entry, ch, select=False)
    d.key(pygame.K_HOME)
    d.key(pygame.K_DELETE)
    d.frames(2)
    assert ch not in saves.name_entry.get_text()

