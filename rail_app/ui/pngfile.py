"""Pictures written as PNG files, whole or not at all."""

from __future__ import annotations

import io
import os

import pygame

from rail_app.core.files import write_atomic


def save_png(surface: pygame.Surface, path: str | os.PathLike[str]) -> None:
    """Write ``surface`` to ``path`` as a PNG, atomically: a run interrupted while it writes
    leaves the old file or none, never half a picture."""
    picture = io.BytesIO()
    pygame.image.save(surface, picture, "picture.png")
    write_atomic(path, picture.getvalue())
