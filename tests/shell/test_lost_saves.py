"""A save's history is checked as it is replayed: a save whose recorded actions were
reversed, moved to another seat, or whose seed or deck was changed (so that they stop
replaying before their end) is never opened as if nothing were wrong. Loading it says up
to where it loads and why, the Load screen and Continue ask before they open it, and
playing on from there is a new branch of the game (the file is never overwritten by it).

And saves from outside that used to crash the loader: an older save whose map path holds
a NUL, a world whose GeoJSON is nested 100,000 deep."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rail_app.games.italian_rails.ui.selftest import Driver
from rail_app.ui import screens
from tests.games.italian_rails.test_ui_support import MINI
from tests.games.steam.test_lost_steam import rewrite_world

ROOT = Path(__file__).resolve().parents[2]
STEAM_SMALL = str(ROOT / "maps" / "test" / "steam-small.yaml")


def played(game: str, folder: Path, actions: int = 40, name: str = "game.json") -> Path:
    """A game of people after ``actions`` random legal actions, saved in ``folder``."""
    from rail_app.table import registry
    from rail_app.table.seats import Level, Seat, SeatKind
    from rail_app.ui.session import GameSetup, Session

    rules = registry.game(game)
    inks = ("blue", "orange", "black", "sky blue")
    n = rules.seats.default
    seats = [Seat(f"P{i + 1}", SeatKind.HUMAN, Level.NORMAL, inks[i]) for i in range(n)]
    session = Session.new(GameSetup(MINI if game == "italian-rails" else STEAM_SMALL, seats,
                                    4, {}, game))
    players = [rules.player("random", i, 4 + i) for i in range(n)]
    for _ in range(actions):
        seat = rules.rules.to_act(session.state)
        assert seat is not None
        session.apply(players[seat].choose(rules.rules.seen_by(session.state, seat)))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    session.save(path)
    return path


def _reversed(d: dict[str, Any]) -> None:
    d["record"]["actions"].reverse()


def _other_seats(d: dict[str, Any]) -> None:
    seats = len(d["seats"])
    for entry in d["record"]["actions"]:
        entry["player"] = (entry["player"] + 1) % seats


def _one_moved(d: dict[str, Any]) -> None:
    entry = d["record"]["actions"][5]
    entry["player"] = (entry["player"] + 1) % len(d["seats"])


def _seed(d: dict[str, Any]) -> None:
    d["record"]["seed"] += 1


CHANGES: dict[str, Callable[[dict[str, Any]], None]] = {
    "reversed": _reversed, "other seats": _other_seats, "one moved": _one_moved,
    "seed": _seed}


def spoiled(path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    out = path.with_name("spoiled.json")
    out.write_text(json.dumps(data), encoding="utf-8")
    return out


@pytest.mark.parametrize("game", ["italian-rails", "steam"])
@pytest.mark.parametrize("how", list(CHANGES))
def test_a_history_that_stops_replaying_is_said_and_loads_as_a_new_branch(
        _own_data_dir: Path, game: str, how: str) -> None:
    from rail_app.ui.session import Session

    whole = played(game, _own_data_dir / "saves")
    original = Session.load(whole)
    assert original.cut_short == ""
    path = spoiled(whole, CHANGES[how])
    before = path.read_bytes()
    session = Session.load(path)
    kept = len(session.game.rules.history(session.state))
    recorded = len(original.game.rules.history(original.state))
    assert kept < recorded
    assert session.cut_short.startswith("This game loads up to turn ")
    assert f"so the {recorded - kept} actions from there on are left out." in session.cut_short
    assert session.game_id != original.game_id  # a new branch: its own autosaves
    assert session.autosave() is not None
    assert path.read_bytes() == before


def test_a_changed_deck_stops_the_history_where_the_cards_differ(_own_data_dir: Path) -> None:
    from rail_app.ui.session import Session

    path = played("italian-rails", _own_data_dir / "saves")

    def one_card_fewer(deck: bytes) -> bytes:
        lines = deck.decode("utf-8").splitlines(keepends=True)
        cut = next(i for i, line in enumerate(lines) if "{number: 17," in line)
        return "".join(lines[:cut] + lines[cut + 1:]).encode("utf-8")

    rewrite_world(path, "deck", one_card_fewer)
    session = Session.load(path)
    assert session.cut_short and "left out" in session.cut_short


def _menu(app: Any) -> tuple[Driver, Any]:
    d = Driver(app)
    menu = app.reset(screens.menu(app))
    d.frames(2)
    return d, menu


@pytest.mark.parametrize("answer", ["cancel", "load"])
def test_continue_asks_before_it_opens_a_game_that_loads_only_in_part(
        app: Any, _own_data_dir: Path, answer: str) -> None:
    import pygame

    whole = played("italian-rails", _own_data_dir / "saves")
    path = spoiled(whole, _reversed)
    whole.unlink()
    d, menu = _menu(app)
    assert menu.resumable == path
    d.click_button(next(b for b, w in menu.buttons.items() if w == "continue"))
    d.frames(1)
    assert app.scene is menu and menu.opening.question is not None
    assert menu.opening.question.confirm_button.text == "Load up to there"
    app.resize(1400, 800)  # the question stays through a change of the window's size
    d.frames(1)
    assert menu.opening.question is not None
    if answer == "cancel":
        d.key(pygame.K_ESCAPE)
        d.frames(1)
        assert app.scene is menu and app.running and menu.opening.question is None
    else:
        d.click_button(menu.opening.question.confirm_button)
        d.frames(1)
        assert type(app.scene).__name__ == "GameScene"
        assert app.scene.session.cut_short


def test_the_load_screen_asks_before_it_opens_a_game_that_loads_only_in_part(
        app: Any, _own_data_dir: Path) -> None:
    import pygame

    whole = played("steam", _own_data_dir / "saves")
    path = spoiled(whole, _one_moved)
    d, _menu_scene = _menu(app)
    scene = app.push(screens.saves(app))
    d.frames(1)
    scene.select([e.path for e in scene.entries].index(path))
    d.key(pygame.K_RETURN)
    d.frames(1)
    assert app.scene is scene and scene.opening.question is not None
    d.key(pygame.K_RETURN)  # Enter: load it up to there
    d.frames(1)
    assert type(app.scene).__name__ == "SteamScene"


def test_an_older_save_whose_map_path_holds_a_nul_is_refused(app: Any,
                                                             _own_data_dir: Path) -> None:
    """A record with a .seats file beside it (an older save) whose map is named with a
    NUL: Load and Continue say why; the Load screen lists it as one that cannot be
    loaded."""
    from rail_app.ui.session import LoadError, Session

    whole = played("italian-rails", _own_data_dir / "saves")
    record = json.loads(whole.read_text(encoding="utf-8"))["record"]
    record["map"] = "maps/test/mi\u0000ni.yaml"
    record.pop("map_sha256", None)
    whole.unlink()
    old = _own_data_dir / "saves" / "older.json"
    old.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(LoadError, match="NUL"):
        Session.load(old)
    d, menu = _menu(app)
    if menu.resumable is not None:
        d.click_button(next(b for b, w in menu.buttons.items() if w == "continue"))
        d.frames(1)
        assert "NUL" in app.scene.error_text
    scene = app.push(screens.saves(app))
    d.frames(2)
    assert "NUL" in scene.entries[0].problem


def test_a_world_nested_100000_deep_is_refused_when_loaded(_own_data_dir: Path) -> None:
    from rail_app.ui.savelist import read_entry
    from rail_app.ui.session import LoadError, Session

    path = played("italian-rails", _own_data_dir / "saves", actions=5)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert "geometry" not in data["world"]  # the Mini map's geometry is in its map file
    rewrite_world(path, "map", lambda raw: raw.replace(
        b"geometry:", b"geometry: mini.geojson\nold_geometry:", 1))
    data = json.loads(path.read_text(encoding="utf-8"))
    deep = b"[" * 100_000 + b"]" * 100_000
    import base64
    import hashlib
    import zlib

    data["world"]["geometry"] = {"name": "mini.geojson", "size": len(deep),
                                 "sha256": hashlib.sha256(deep).hexdigest(),
                                 "zlib": base64.b64encode(zlib.compress(deep)).decode()}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LoadError, match="nested too deeply|old_geometry"):
        Session.load(path)
    read_entry(path)  # listed, whatever it says
