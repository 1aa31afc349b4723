"""The career: every finished game kept and counted once, the figures per game on the table
(against each level, on each map, the median turns to win, the best score a turn, streaks,
hotseat names), the file rebuilt from the kept games when it is lost or damaged, and the
career page from the main menu, driven with posted events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from rail_app.core.paths import resource_path, user_data_dir
from rail_app.devtools.replaybench import computer_game
from rail_app.table import career, registry
from rail_app.table.career import GameEntry, SeatResult
from rail_app.ui import screens
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import click

SHORT = str(resource_path("maps", "test", "mini-short.yaml"))
IR = registry.game("italian-rails")


def _entry(i: int, rank: int, level: str = "hard", map_: str = "Italia", turns: int = 30,
           people: tuple[str, ...] = ("Anna",)) -> GameEntry:
    seats = [SeatResult(n, "human", "normal", rank if k == 0 else 1, 250, turns)
             for k, n in enumerate(people)]
    if len(people) == 1:
        seats.append(SeatResult("Computer", "computer", level, 1 if rank != 1 else 2, 200,
                                turns))
    return GameEntry(f"g{i}", "italian-rails", map_, f"2026-01-{i + 1:02d}", turns,
                     tuple(seats))


def test_the_figures_count_levels_maps_turns_to_win_and_streaks() -> None:
    entries = [_entry(0, 1, "easy", turns=20), _entry(1, 2, "hard"), _entry(2, 1, "hard",
                                                                            "Sicilia", 40),
               _entry(3, 1, "hard", turns=30), _entry(4, 1, "normal", turns=10),
               _entry(5, 2, people=("Anna", "Bruno"))]
    c = career.figures(entries)["italian-rails"]
    assert c.games == 6
    assert career.as_mapping(c)["by_level"] == {"easy": [1, 0, 0], "hard": [2, 1, 0],
                                                "normal": [1, 0, 0]}
    assert career.as_mapping(c)["by_map"] == {"Italia": [3, 1, 0], "Sicilia": [1, 0, 0]}
    assert c.median_turns_to_win == 25  # 20, 40, 30, 10
    assert c.streak == 3 and c.best_streak == 3
    assert c.best_per_turn == 25.0  # 250 in 10 turns
    assert career.as_mapping(c)["hotseat"] == {"Anna": [0, 1, 0], "Bruno": [1, 0, 0]}


def _finished_session() -> Any:
    from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session

    board, final, names, actions = computer_game("italian-rails", SHORT, 12)
    setup = GameSetup(SHORT, [Seat(names[0], HUMAN, "normal", "blue"),
                              Seat(names[1], COMPUTER, "hard", "orange")], 5,
                      IR.rules.options_of(final))
    session = Session(setup, board, final)
    assert session.over
    return session


def test_game_over_keeps_the_game_once_and_autosaves_never_prune_it(app: Any) -> None:
    session = _finished_session()
    app.reset(screens.game_over(app, session))
    app.reset(screens.game_over(app, session))  # shown again: still one game
    data = user_data_dir()
    kept = career.kept_saves(data)
    assert [p.stem for p in kept] == [session.game_id]
    entries = career.read(career.career_path(data))
    assert len(entries) == 1 and entries[0].id == session.game_id
    for _ in range(5):
        session.autosave()
    assert career.kept_saves(data) == kept


@pytest.mark.parametrize("damage", ["lost", "cut", "foreign"])
def test_a_lost_or_damaged_career_is_rebuilt_from_the_kept_games(app: Any, damage: str
                                                                 ) -> None:
    from rail_app.ui.careerfiles import load

    session = _finished_session()
    app.reset(screens.game_over(app, session))
    path = career.career_path(user_data_dir())
    whole = career.read(path)
    if damage == "lost":
        path.unlink()
    elif damage == "cut":
        path.write_text(path.read_text("utf-8")[:40], encoding="utf-8")
    else:
        path.write_text('{"format": "something else"}', encoding="utf-8")
    entries, note = load()
    assert [e.to_dict() | {"when": ""} for e in entries] == \
        [e.to_dict() | {"when": ""} for e in whole]
    assert bool(note) == (damage != "lost")
    assert career.read(path) == entries  # written back whole


def test_the_career_page_from_the_menu(app: Any) -> None:
    d = Driver(app)
    session = _finished_session()
    app.reset(screens.game_over(app, session))
    menu = app.reset(screens.menu(app))
    d.frames(1)
    button = next(b for b, what in menu.buttons.items() if what == "career")
    click(d, button.rect.center)
    d.frames(1)
    page = app.scene
    assert type(page).__name__ == "CareerScene"
    rows = page.lines()
    assert rows[0] == ("Italian Rails", "1 game finished", True)
    won = session.game.rules.outcome(session.state).ranks[0] == 1
    tally = "1 won · 0 lost · 0 drawn" if won else "0 won · 1 lost · 0 drawn"
    assert ("Against the computer", tally, False) in rows
    assert ("Hard", tally, False) in rows
    assert any(r[0] == "Median turns to win" for r in rows)
    d.key(pygame.K_ESCAPE)
    assert app.scene is menu


def test_the_career_page_says_when_nothing_is_finished(app: Any, tmp_path: Path) -> None:
    page = app.push(screens.career(app))
    assert ("No finished games yet.", "", False) in page.lines()
