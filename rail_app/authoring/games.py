"""Map files and their games: which game a map is for (its ``game:`` key; a map without one
is an Italian Rails map, as every map was before the table), and each game's tools for map
authors, as its definition names them: the one place where the authoring commands reach a
game's ``authoring`` package."""

from __future__ import annotations

import os
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


def authoring_of(game_id: str) -> AuthoringTools:
    """A game's tools for map authors, as its definition names them (all None for a game
    that names none)."""
    part = registry.game(game_id).authoring
    if part is None:
        return AuthoringTools()
    tools = part.get()
    if not isinstance(tools, AuthoringTools):
        raise TypeError(f"{game_id}: its map tools are a {type(tools).__name__}, not "
                        "AuthoringTools")
    return tools
