"""What a game offers map authors (:class:`AuthoringTools`, listed by game id in
:mod:`rail_app.authoring.games`), and what every game's ``new-map`` does alike
(:func:`write_starter`, :func:`new_map_command`). A module without the games, so that a
game's authoring tools can import it."""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rail_app.core.files import write_atomic
from rail_app.core.mapfile import MapError, MapProblem
from rail_app.core.paths import resource_path, user_maps_dir

#: A starter's name: 1 to 40 letters, digits, '-' or '_' (it becomes ``NAME.yaml``).
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")


@dataclass(frozen=True)
class AuthoringTools:
    """A game's tools for map authors; None where the game has none."""

    #: Warnings of a valid map (``validate-map`` prints them; the map is still valid).
    map_warnings: Callable[[Any], list[MapProblem]] | None = None
    #: ``preview PATH``: the map as the game draws it, redrawn when it is saved; called with
    #: the command's arguments (its path and the game's own options) and the window size.
    preview: Callable[[argparse.Namespace, tuple[int, int]], int] | None = None
    #: ``new-map NAME``: write a small valid starter map.
    new_map: Callable[[argparse.Namespace], int] | None = None
    #: ``build-deck PATH``: make a balanced deck for a map.
    build_deck: Callable[[argparse.Namespace], int] | None = None
    #: ``render-map``: the map (a board of the game's ``load_board``) as a PNG picture of a
    #: width; its size. None: the game screen's picture of the map.
    render_map: Callable[[Any, str, int], tuple[int, int]] | None = None
    #: Lines ``validate-map`` prints after a valid map's summary (a table of its figures,
    #: say), and lists under ``report`` in ``--json``.
    map_report: Callable[[Any], list[str]] | None = None


class StarterError(Exception):
    """A starter map that cannot be written: the sentence says why."""


def write_starter(name: str, folder: str | Path, *, text: Callable[[str], str], schema: str,
                  load: Callable[[Path], object], force: bool = False, noun: str = "map",
                  example: str = "toscana") -> Path:
    """Write the starter ``NAME.yaml`` (``text(NAME)``) into ``folder`` (made if needed), with
    the game's schema ``schema`` beside it (copied from ``maps/`` unless the same file is there
    already) so that the file's ``$schema`` line finds it, and read it back with ``load`` to
    prove it valid. Returns its path; :class:`StarterError` says what stopped it (``noun`` and
    ``example`` word its messages: "a configuration's name ..., e.g. my-circle")."""
    stem = name[:-5] if name.endswith(".yaml") else name
    if not NAME_RE.match(stem):
        raise StarterError(f"{name!r}: a {noun}'s name is 1 to 40 letters, digits, '-' or '_', "
                           f"e.g. {example}")
    where = Path(folder)
    path = where / f"{stem}.yaml"
    if path.exists() and not force:
        raise StarterError(f"{path} exists already (--force writes over it)")
    schema_src = resource_path("maps", schema)
    schema_dst = where / schema
    try:
        where.mkdir(parents=True, exist_ok=True)
        if schema_dst.resolve() != schema_src.resolve() and (
                not schema_dst.is_file() or schema_dst.read_bytes() != schema_src.read_bytes()):
            shutil.copyfile(schema_src, schema_dst)
        write_atomic(path, text(stem))
    except OSError as exc:
        raise StarterError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        load(path)
    except MapError as exc:  # every game's tests load its starter; a clear line anyway
        raise StarterError(f"the starter {noun} does not load: {exc.problems[0]}") from None
    return path


def new_map_command(write: Callable[[str, Path, bool], Path], next_step: str
                    ) -> Callable[[argparse.Namespace], int]:
    """``new-map NAME [--dir DIR] [--force]`` for a game whose ``write(name, folder, force)``
    writes its starter: into ``--dir`` or the player's maps folder; it prints the file written
    and ``next: python -m rail_app NEXT_STEP PATH``, or why not (exit 2)."""

    def run(args: argparse.Namespace) -> int:
        folder = Path(args.dir) if args.dir else user_maps_dir()
        try:
            path = write(args.name, folder, args.force)
        except StarterError as exc:
            print(exc, file=sys.stderr)
            return 2
        print(f"wrote {path}")
        print(f"next: python -m rail_app {next_step} {path}")
        return 0

    return run
