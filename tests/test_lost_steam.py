"""Steam's saves and boards from outside: a save that loads on one disk loads on every disk
(its world read from the save when the disk takes no file); a board whose numbers (hex
spacing, origin) no picture can show is refused by the map's reader, in a save or as a map
file, before any screen divides by its size."""

from __future__ import annotations

import base64
import errno
import hashlib
import json
import shutil
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.diskfaults import fail_writes

ROOT = Path(__file__).resolve().parent.parent
ITALIA = str(ROOT / "maps" / "steam-italia.yaml")
SMALL = str(ROOT / "maps" / "test" / "steam-small.yaml")


def steam_save(folder: Path, map_path: str = ITALIA, actions: int = 12,
               name: str = "steam.json") -> Path:
    """A Steam game of three people after ``actions`` random legal actions, saved."""
    from rail_app.table.seats import Level, Seat, SeatKind
    from rail_app.ui.session import GameSetup, Session

    seats = [Seat(n, SeatKind.HUMAN, Level.NORMAL, ink)
             for n, ink in (("Alex", "blue"), ("Joan", "orange"), ("Marta", "black"))]
    session = Session.new(GameSetup(map_path, seats, 3, {}, "steam"))
    players = [session.game.player("random", i, 3 + i) for i in range(3)]
    for _ in range(actions):
        seat = session.game.to_act(session.state)
        assert seat is not None
        session.apply(players[seat].choose(session.game.seen_by(session.state, seat)))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    session.save(path)
    return path


def rewrite_world(path: Path, role: str, change: Callable[[bytes], bytes]) -> None:
    """The save's packed file of ``role`` changed, its size and digests made anew (as a
    save made on the changed map would carry it)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    entry = data["world"][role]
    new = change(zlib.decompress(base64.b64decode(entry["zlib"])))
    entry.update(size=len(new), sha256=hashlib.sha256(new).hexdigest(),
                 zlib=base64.b64encode(zlib.compress(new, 9)).decode("ascii"))
    if role == "map":
        data["record"]["map_sha256"] = entry["sha256"]
    path.write_text(json.dumps(data), encoding="utf-8")


# -- a save loads on every disk -------------------------------------------------------------

@pytest.mark.parametrize("code", [errno.EROFS, errno.ENOSPC])
def test_a_steam_save_with_a_background_loads_on_a_read_only_or_full_disk(
        _own_data_dir: Path, monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """Steam: Italia names its background (coast, rivers) in a file beside the map; the
    save carries it. With no room to unpack the world, the map and its background are read
    from the save itself, and the game loads as it does on a writable disk."""
    from rail_app.ui.savedir import worlds_dir
    from rail_app.ui.session import Session

    path = steam_save(_own_data_dir / "saves")
    writable = Session.load(path)
    shutil.rmtree(worlds_dir())
    fail_writes(monkeypatch, code)
    loaded = Session.load(path)
    assert loaded.game.history(loaded.state) == writable.game.history(writable.state)
    assert loaded.state.board.background == "steam-italia.geojson"
    assert not worlds_dir().exists() or not any(worlds_dir().iterdir())
