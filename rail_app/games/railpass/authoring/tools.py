"""Rail Pass's tools for configuration authors, as the authoring commands reach them: the
starter configuration (``new-map NAME --game railpass``). A configuration has no picture of
its own before the game's screen (a later part): ``render-map`` and ``preview`` say so."""

from __future__ import annotations

from pathlib import Path

from rail_app.authoring.kit import AuthoringTools, new_map_command
from rail_app.games.railpass.authoring.configtools import new_configuration


def _write(name: str, folder: Path, force: bool) -> Path:
    return new_configuration(name, folder, force=force)


TOOLS = AuthoringTools(new_map=new_map_command(_write, "validate-map"))
