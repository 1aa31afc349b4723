"""The table's icon is the project's own drawing (tools/make_icon.py): the committed PNG, ICO
and ICNS are exactly what the script draws, and each container is well formed, with every
size Windows and macOS ask for."""

from __future__ import annotations

import importlib.util
import io
import struct
import sys
from pathlib import Path
from types import ModuleType

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "assets" / "icon"


def _tool(name: str) -> ModuleType:
    """A script of tools/, loaded from its file (tools/ is not put on the import path: its
    i18n.py would hide the library of that name)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and typing look modules up by name
    spec.loader.exec_module(module)
    return module


make_icon = _tool("make_icon")


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _ico_entries(data: bytes) -> list[tuple[int, bytes]]:
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1), "not an icon file"
    out = []
    for i in range(count):
        w, h, colours, zero, planes, bits, size, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        assert w == h and (colours, zero, planes, bits) == (0, 0, 1, 32)
        assert offset + size <= len(data)
        out.append((w or 256, data[offset:offset + size]))
    return out


def _icns_entries(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data), "the length in the header"
    out, at = [], 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack(">I", data[at + 4:at + 8])[0]
        assert length > 8 and at + length <= len(data)
        out.append((kind, data[at + 8:at + length]))
        at += length
    return out


@pytest.fixture(scope="module")
def drawn() -> dict[str, bytes]:
    return make_icon.icon_files()


def test_the_committed_icons_are_what_the_script_draws(drawn: dict[str, bytes]) -> None:
    for name, data in drawn.items():
        assert (ICONS / name).read_bytes() == data, \
            f"assets/icon/{name} is not what tools/make_icon.py draws: run it again"


def test_the_ico_holds_every_size_windows_asks_for() -> None:
    entries = _ico_entries((ICONS / "table.ico").read_bytes())
    assert [size for size, _ in entries] == list(make_icon.ICO_SIZES)
    for size, png in entries:
        assert _png_size(png) == (size, size)


def test_the_icns_holds_every_size_macos_asks_for() -> None:
    entries = _icns_entries((ICONS / "table.icns").read_bytes())
    assert [(kind, _png_size(png)[0]) for kind, png in entries] == \
        list(make_icon.ICNS_TYPES)
    for _kind, png in entries:
        width, height = _png_size(png)
        assert width == height


def test_the_window_icon_is_a_picture_with_a_transparent_frame() -> None:
    """Not blank and not a square: see-through corners, the felt and the tile inside."""
    icon = pygame.image.load(io.BytesIO((ICONS / "table.png").read_bytes()))
    assert icon.get_size() == (make_icon.WINDOW_SIZE,) * 2
    assert icon.get_at((0, 0)).a == 0 and icon.get_at((255, 255)).a == 0
    middle = icon.get_at((128, 128))
    assert middle.a == 255
    colours = {tuple(icon.get_at((x, y))) for x in range(0, 256, 8) for y in range(0, 256, 8)}
    assert len(colours) > 20


def test_each_size_is_drawn_for_its_size() -> None:
    """The small sizes are simpler drawings, not the large one shrunk: a 16 px icon has no
    sleepers, a 256 px one does."""
    sleeper = make_icon.SLEEPER

    def has_sleeper_colour(size: int) -> bool:
        icon = make_icon.draw_icon(size)
        return any(
            sum(abs(a - b) for a, b in zip(tuple(icon.get_at((x, y)))[:3], sleeper,
                                           strict=True)) < 30
            for x in range(size) for y in range(size))

    assert not has_sleeper_colour(16)
    assert has_sleeper_colour(256)
