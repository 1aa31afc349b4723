"""What the standalone executable carries of each game on the table, read from the registry:
the PyInstaller spec (``ItalianRails.spec``) and ``tools/ci-exe.sh`` ask here, so that
neither names a game, and a game put on the table by its line in the registry is bundled,
checked and self-tested with nothing else changed.

``python -m rail_app.table.bundle`` prints, one a line, what ``tools/ci-exe.sh`` checks:
``game ID`` for each game with a screen (the executable's self-test plays it) and ``module
NAME`` for each module of a game that the bundle must hold.
"""

from __future__ import annotations

import sys
from pathlib import Path, PurePosixPath

from rail_app.core.world import pack_world
from rail_app.table import registry
from rail_app.table.registry import AnyGame


def package_of(game: AnyGame) -> str:
    """The game's package ("rail_app.games.steam"): the one that holds its rules package."""
    parts = game.load.module.split(".")
    return ".".join(parts[:parts.index("rules")] if "rules" in parts else parts[:-1])


def shipped_modules(game: AnyGame) -> list[str]:
    """The modules of the game's parts that play it (its rules, players, screen, replay and
    review words, map authors' tools): everything its definition names but its development
    tools."""
    parts = (game.load, game.ai, game.screens, game.replay, game.review_words, game.authoring)
    return sorted({p.module for p in parts if p is not None})


def devtools_packages() -> list[str]:
    """Every game's development tools package, which the executable leaves out."""
    return sorted({f"{package_of(g)}.devtools" for g in registry.GAMES})


def small_map_datas(root: Path) -> list[tuple[str, str]]:
    """Each game's small map (its self-test plays on it) and the files the map names beside
    it (the game's map parts: a deck, a background), as PyInstaller's ``datas``: (the file,
    relative to ``root``; the folder it goes to in the bundle)."""
    out: list[tuple[str, str]] = []
    for game in registry.GAMES:
        small = PurePosixPath(game.small_map)
        world = pack_world(root / small, game.map_parts)
        names = [f.name for f in world.files] if world is not None else [small.name]
        out += [(str(small.parent / name), str(small.parent)) for name in names]
    return sorted(set(out))


def main() -> int:
    for game in registry.GAMES:
        if game.screens is not None:
            print(f"game {game.id}")
        for module in shipped_modules(game):
            print(f"module {module}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
