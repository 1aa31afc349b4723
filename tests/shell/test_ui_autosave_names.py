"""Each game's autosaves carry a name a player tells apart from another game's (the
players, the map and when the game began), in the save list and in the file's name; an
autosave written before names were given still loads, is listed and is played on. Driven
with posted mouse and key events."""

from __future__ import annotations

import json
from typing import Any

from rail_app.ui import screens
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import start
from tests.shell.test_ui_saves import autosaves, end_turns, saved_turn


def test_two_games_of_the_same_players_have_autosaves_told_apart(app: Any) -> None:
    from rail_app.ui.savelist import list_entries, summary

    d = Driver(app)
    first = start(app)
    first.session.began = "2026-11-24 20:15"  # a game begun the day before
    end_turns(d, first, 2)
    second = start(app)
    end_turns(d, second, 2)
    a, b = autosaves(first.session.game_id), autosaves(second.session.game_id)
    assert a and b
    # the file names: the players and the map in plain words, and the day the game began
    for path in (*a, *b):
        assert "anna-bruno-mini" in path.name, path.name
    assert "2026-11-24" in a[-1].name and "2026-11-24" not in b[-1].name
    # the list: the two games' autosaves have names of their own
    app.push(screens.saves(app))
    d.frames(2)
    rows = {e.path: e for e in list_entries()}
    ta, tb = rows[a[-1]].title, rows[b[-1]].title
    assert ta != tb
    assert "2026-11-24 20:15" in ta and "Mini" in ta and "Anna & Bruno" in ta
    assert second.session.began in tb
    assert rows[a[-1]].kind == "autosave" and "turn 3" in summary(rows[a[-1]])
    # every turn of one game keeps its name
    assert {rows[p].title for p in a} == {ta}


def test_an_autosave_of_the_older_name_still_loads_and_plays_on(app: Any) -> None:
    from rail_app.ui.savelist import list_entries
    from rail_app.ui.scenes import open_saved_game
    from rail_app.ui.session import saves_dir

    d = Driver(app)
    scene = start(app)
    end_turns(d, scene, 2)
    gid = scene.session.game_id
    newest = autosaves(gid)[-1]
    data = json.loads(newest.read_text(encoding="utf-8"))
    data["game"].pop("began", None)  # as an autosave was written before
    data["game"]["name"] = "Anna & Bruno, turn 3"
    old = saves_dir() / f"autosave-{gid}-0003.json"
    for p in autosaves(gid):
        p.unlink()
    old.write_text(json.dumps(data), encoding="utf-8")
    listed = {e.path: e for e in list_entries()}
    assert old in listed and not listed[old].problem
    assert listed[old].title == "Anna & Bruno, turn 3" and listed[old].kind == "autosave"
    assert open_saved_game(app, old)
    again = app.scene
    d.frames(1)
    assert again.session.game_id == gid and again.session.name == ""
    end_turns(d, again, 3)
    mine = autosaves(gid)
    assert [saved_turn(p) for p in mine] == [4, 5, 6]  # the old one pruned by its turn
    assert all(p.name.startswith(f"autosave-{gid}-") for p in mine)
    assert not old.exists()
