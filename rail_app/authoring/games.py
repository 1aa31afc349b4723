"""Map files and their games: which game a map is for (its ``game:`` key; a map without one
is an Italian Rails map, as every map was before the table), and each game's tools for map
authors, keyed by game id: the one place where the authoring commands reach a game's
``authoring`` package (the registry gives its rules)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from rail_app.authoring.kit import AuthoringTools
from rail_app.core.mapfile import MapError, MapProblem, read_yaml
from rail_app.table import registry


def game_of_map(path: str | os.PathLike[str]) -> registry.AnyGame:
    """The game a map file is for; MapError (file:line: key and value) for a game this
    program does not have."""
    data, index = read_yaml(Path(path), str(path))
    wanted = data.get("game") if isinstance(data, dict) else None
    if wanted is None:
        return registry.game()
    if not isinstance(wanted, str) or wanted not in registry.ids():
        shown = repr(wanted) if isinstance(wanted, str) else "a non-text value"
        raise MapError([MapProblem(str(path), index.line_of(("game",)),
                                   f"game: {shown} is not a game on the table (games: "
                                   f"{', '.join(registry.ids())})")])
    return registry.game(wanted)


def _italian_rails() -> AuthoringTools:
    from rail_app.games.italian_rails.authoring.tools import TOOLS

    return TOOLS


def _steam() -> AuthoringTools:
    from rail_app.games.steam.authoring.tools import TOOLS

    return TOOLS


def _railpass() -> AuthoringTools:
    from rail_app.games.railpass.authoring.tools import TOOLS

    return TOOLS


#: Each game's tools for map authors, by game id (made when first asked for).
GAME_AUTHORING: dict[str, Callable[[], AuthoringTools]] = {
    "italian-rails": _italian_rails,
    "steam": _steam,
    "railpass": _railpass,
}


def authoring_of(game_id: str) -> AuthoringTools:
    make = GAME_AUTHORING.get(game_id)
    return make() if make is not None else AuthoringTools()
