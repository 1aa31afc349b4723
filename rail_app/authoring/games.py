"""Map files and their games: which game a map is for (its ``game:`` key; a map without one
is an Italian Rails map, as every map was before the table), and each game's tools for map
authors, keyed by game id: the one place where the authoring commands reach a game's
``authoring`` package (the registry gives its rules)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from rail_app.authoring.kit import AuthoringTools
from rail_app.core.mapfile import MapError, MapProblem, read_yaml
from rail_app.table import registry


class MapGame(Protocol):
    """What the map commands ask of a map's game: a game on the table
    (:class:`rail_app.table.gamedef.GameDef`) or a map kind of :data:`GAME_AUTHORING`
    (:class:`rail_app.authoring.kit.MapKind`)."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    def load_board(self, path: str | os.PathLike[str]) -> Any: ...

    def map_summary(self, board: Any) -> dict[str, Any]: ...

    def board_name(self, board: Any) -> str: ...


def game_of_map(path: str | os.PathLike[str]) -> MapGame:
    """The game a map file is for; MapError (file:line: key and value) for a game this
    program does not have. A game not on the table yet whose map tools read its maps
    (:attr:`AuthoringTools.map_kind`) is found there."""
    data, index = read_yaml(Path(path), str(path))
    wanted = data.get("game") if isinstance(data, dict) else None
    if wanted is None:
        return registry.game()
    if isinstance(wanted, str) and wanted in registry.ids():
        return registry.game(wanted)
    kind = authoring_of(wanted).map_kind if isinstance(wanted, str) else None
    if kind is not None:
        return kind
    shown = repr(wanted) if isinstance(wanted, str) else "a non-text value"
    known = [*registry.ids(), *(g for g in GAME_AUTHORING if g not in registry.ids())]
    raise MapError([MapProblem(str(path), index.line_of(("game",)),
                               f"game: {shown} is not a game on the table (games: "
                               f"{', '.join(known)})")])


def _italian_rails() -> AuthoringTools:
    from rail_app.games.italian_rails.authoring.tools import TOOLS

    return TOOLS


def _steam() -> AuthoringTools:
    from rail_app.games.steam.authoring.tools import TOOLS

    return TOOLS


def _ttr() -> AuthoringTools:
    from rail_app.games.ttr.authoring.tools import TOOLS

    return TOOLS


#: Each game's tools for map authors, by game id (made when first asked for).
GAME_AUTHORING: dict[str, Callable[[], AuthoringTools]] = {
    "italian-rails": _italian_rails,
    "steam": _steam,
    "ttr": _ttr,
}


def authoring_of(game_id: str) -> AuthoringTools:
    make = GAME_AUTHORING.get(game_id)
    return make() if make is not None else AuthoringTools()
