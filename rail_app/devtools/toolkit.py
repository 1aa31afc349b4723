"""What a game's own development tools are (:class:`GameTools`, listed by game id in
:mod:`rail_app.devtools.gametools`), and where a harness finds a game's bundled map. A module
without the games, so that a game's tools can import it."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class GameCommand:
    """A command a game brings with its tools (``python -m rail_app NAME``, e.g. Italian
    Rails' ``autoplay``): what the help says of it, its arguments (the command line adds
    ``--game``) and what it runs (the exit status)."""

    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


@dataclass(frozen=True)
class GameTools:
    """A game's own tools; None where the shared tool's generic form serves."""

    #: ``soak`` for the game (the command's arguments; returns the exit status).
    soak: Callable[[argparse.Namespace], int] | None = None
    #: ``bench`` for the game.
    bench: Callable[[argparse.Namespace], int] | None = None
    #: The map fuzzer (``fuzz maps``): the module with ``run`` and ``passed``.
    fuzz_maps: Callable[[], Any] | None = None
    #: The option sets the checked games of ``fuzz soak`` cycle through.
    option_cycle: tuple[Mapping[str, object], ...] = ()
    #: ``tournament`` for a game whose tournament has options of its own (Steam's tables of
    #: N seats): it reads the command's arguments but ``--game`` and returns the exit status.
    tournament: Callable[[Sequence[str]], int] | None = None
    #: The game's own commands by name (``autoplay``, ``screenshots``, ``make-records``...):
    #: the command line runs them by their names as it runs its own.
    commands: Mapping[str, GameCommand] = field(default_factory=dict)


def resolve(path: str) -> str:
    """A map path given on the command line or as a game's default (relative to the
    game's folder when it is not a file here)."""
    from rail_app.core.paths import resource_path

    if Path(path).is_file():
        return path
    found = resource_path(*Path(path).parts)
    return str(found) if found.is_file() else path
