"""What a game's own development tools are (:class:`GameTools`, listed by game id in
:mod:`rail_app.devtools.gametools`), and where a harness finds a game's bundled map. A module
without the games, so that a game's tools can import it."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rail_app.core.paths import resource_path


@dataclass(frozen=True)
class TournamentRules:
    """How a game's tournament (:mod:`rail_app.devtools.tournament`) differs from the
    table's usual one."""

    #: ``--levels`` alone plays every pairing of the levels (else one table of them dealt
    #: round the seats).
    pairings: bool = True
    #: Games per table, and seats at a table, when the command does not say.
    games: int = 20
    seats: int | None = None  # None: the game's usual number
    #: Its map when the command names none (None: the game's default map).
    map: str | None = None
    #: The seed of a seat's player in a game of a seed (game seed, seat).
    seat_seed: Callable[[int, int], int] = lambda seed, seat: seed
    #: Levels made for one run from others with other settings (``--level``): a message
    #: when one is wrong; and whether a name is one of them.
    define_levels: Callable[[Sequence[str]], str | None] | None = None
    defined_level: Callable[[str], bool] = lambda name: False


@dataclass(frozen=True)
class SoakRules:
    """How a game's soak (:mod:`rail_app.devtools.soak`) differs from the usual one: one
    player for every seat, made from the game's seed (None: the game's ``random`` player at
    each seat); the game's options for a seed; the number of seats of a seed's game (None:
    the game's usual number); and what a game's report adds (counts of the game's own,
    summed in the summary)."""

    player: Callable[[int], Any] | None = None
    seats: Callable[[int], int] | None = None
    options: Callable[[int], Mapping[str, object]] = lambda seed: {}
    figures: Callable[[Any], Mapping[str, int]] = lambda state: {}


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

    #: How its soak differs from the usual one.
    soak: SoakRules = SoakRules()
    #: ``bench`` for the game.
    bench: Callable[[argparse.Namespace], int] | None = None
    #: The map fuzzer (``fuzz maps``): the module with ``run`` and ``passed``.
    fuzz_maps: Callable[[], Any] | None = None
    #: The option sets the checked games of ``fuzz soak`` cycle through.
    option_cycle: tuple[Mapping[str, object], ...] = ()
    #: How its tournament differs from the usual one.
    tournament: TournamentRules = TournamentRules()
    #: The game's own commands by name (``autoplay``, ``screenshots``, ``make-records``...):
    #: the command line runs them by their names as it runs its own.
    commands: Mapping[str, GameCommand] = field(default_factory=dict)


def resolve(path: str) -> str:
    """A map path given on the command line or as a game's default (relative to the
    game's folder when it is not a file here)."""
    if Path(path).is_file():
        return path
    found = resource_path(*Path(path).parts)
    return str(found) if found.is_file() else path
