"""The JSON Schemas beside a map author's files, so that an editor finds them.

A map made by ``new-map`` starts with ``# yaml-language-server: $schema=schema.json`` and
its deck with ``$schema=deck-schema.json``: names relative to the file, which the YAML
editor support resolves from the file's own folder. So the schemas the game checks with
are copied there (the game's own copy, describing the format this version reads), rather
than pointing at the installed game's folder, which moves when the game is reinstalled or
updated.
"""

from __future__ import annotations

from pathlib import Path

MAP_SCHEMA = "schema.json"
DECK_SCHEMA = "deck-schema.json"


def place_schema(folder: Path, name: str) -> Path | None:
    """Write the game's schema ``name`` into ``folder`` unless the same file is there
    already; the path written, or None. OSError if it cannot be written."""
    from rail_app.core.files import write_atomic
    from rail_app.core.paths import resource_path

    text = resource_path("maps", name).read_text(encoding="utf-8")
    target = folder / name
    try:
        if target.read_text(encoding="utf-8") == text:
            return None
    except (OSError, UnicodeDecodeError):
        pass
    write_atomic(target, text)
    return target
