"""Each game's own development tools, keyed by game id: the one place where the shared
development tools reach a game's ``devtools`` package (as the registry is for its rules and
the shell's table of screens for its screen).

Everything here is optional for a game: the harnesses (``simulate``, ``tournament``,
``soak``, ``fuzz``, ``bench``, ``selftest``) work for every registered game through its
:class:`~rail_app.table.gamedef.GameDef` and its screen parts alone; a game that has
richer tools of its own (Italian Rails' soak with its goal-directed player, its map fuzzer,
its benchmarks, the lesson's tools; Steam's tournament of N-seat tables) lists them here
(its interface self-test is part of the game proper:
:meth:`rail_app.ui.gameparts.GameScreens.selftest`).
"""

from __future__ import annotations

from collections.abc import Callable

from rail_app.devtools.toolkit import GameTools


def _italian_rails() -> GameTools:
    from rail_app.games.italian_rails.devtools.tools import TOOLS

    return TOOLS


def _steam() -> GameTools:
    from rail_app.games.steam.devtools.tools import TOOLS

    return TOOLS


def _railpass() -> GameTools:
    from rail_app.games.railpass.devtools.tools import TOOLS

    return TOOLS


#: The games' own tools, by game id (made when first asked for).
GAME_TOOLS: dict[str, Callable[[], GameTools]] = {
    "italian-rails": _italian_rails,
    "steam": _steam,
    "railpass": _railpass,
}


def tools_of(game_id: str) -> GameTools:
    """A game's own tools (all None for a game that lists none)."""
    make = GAME_TOOLS.get(game_id)
    return make() if make is not None else GameTools()
