"""Each game's own development tools, as its definition names them (``GameDef.tools``): the
one place where the shared development tools reach a game's ``devtools`` package.

Everything here is optional for a game: the harnesses (``simulate``, ``tournament``,
``soak``, ``fuzz``, ``bench``, ``selftest``) work for every registered game through its
definition and its screen parts alone; a game that has richer tools of its own (Italian
Rails' map fuzzer, its benchmarks, the lesson's tools) names them in its definition.
"""

from __future__ import annotations

from rail_app.devtools.toolkit import GameTools
from rail_app.table import registry


def tools_of(game_id: str) -> GameTools:
    """A game's own tools (all None for a game that names none)."""
    part = registry.game(game_id).tools
    if part is None:
        return GameTools()
    tools = part.get()
    if not isinstance(tools, GameTools):
        raise TypeError(f"{game_id}: its tools are a {type(tools).__name__}, not GameTools")
    return tools
