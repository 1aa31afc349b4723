"""The maps the menu and the New game screen list for a game: the bundled ones, the
player's own and the one given on the command line, each a game's by its ``game:`` key."""

from __future__ import annotations

import contextlib
from pathlib import Path

from rail_app.core.paths import resolved, resource_path, user_maps_dir


def available_maps(extra: str | None = None, game: str | None = None) -> list[Path]:
    """The maps of ``game`` (every map when None): the bundled ones (the game's own map
    first), the player's own maps and the one given on the command line. A map is a game's
    by its ``game:`` key (none: Italian Rails); a map that cannot be read is listed for the
    first game, where New game says what is wrong with it."""
    out: list[Path] = []
    if extra:
        out.append(Path(extra))
    bundled = sorted(resource_path("maps").glob("*.yaml"))
    first = _default_map(game)
    bundled.sort(key=lambda p: (p.name != first, p.stem))
    out.extend(bundled)
    with contextlib.suppress(OSError):
        out.extend(sorted(user_maps_dir().glob("*.yaml")))
    seen: set[Path] = set()
    uniq = []
    for p in out:
        r = resolved(p)  # a link loop among the player's maps is only that map's fault
        if p.stem.endswith("-deck") and str(p) != extra:
            continue  # a map's deck file (maps/README.md: NAME-deck.yaml), not a map
        if r not in seen:
            seen.add(r)
            uniq.append(p)
    if game is not None:
        uniq = [p for p in uniq if map_game(p) == game]
    return uniq


def _default_map(game: str | None) -> str:
    from rail_app.table import registry

    return Path(registry.game(game).default_map).name


def map_game(path: Path) -> str:
    """The game a map file is for (its ``game:`` key; Italian Rails without one, and for a
    file that cannot be read)."""
    from rail_app.core.mapfile import game_key
    from rail_app.table import registry

    return game_key(path) or registry.DEFAULT_GAME
