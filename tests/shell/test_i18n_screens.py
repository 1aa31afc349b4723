"""Every word a player reads on Italian Rails' screens and the shell's comes through the
catalog: every screen the screenshots tool draws (the menu, new game, settings, choosing
cards, building with its costs and a refused segment, the popups, a route, the card panel,
an event card and its zones, game over, the saves, the ferries, Suggest, a hint and the
lesson) is drawn in the pseudo-locale, where every catalog word is in accented look-alike
letters, while the drawn-text audit watches what the game's font layer and pygame_gui render.
A plain English word left on a screen is one that was drawn without ``_()``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rail_app.core import i18n
from rail_app.core.paths import resource_path
from rail_app.devtools.textaudit import pygame_gui_text_audited

#: The people of the pictures and the words that are names in every language.
PEOPLE = ("Anna", "Bruno", "Sunday game with Bruno")
NAMES = ("Italian Rails", "Steam", "Steam: Italia", "italy", "sicilia", "mini", "mini-short",
         "Noto")


def _names() -> list[str]:
    """The names that stay as they are (habit: places are never translated): every city,
    ferry, sea, river, lake and volcano of the shipped maps, the players and the maps."""
    from rail_app.games.italian_rails.rules.board import load_board

    out: set[str] = set(PEOPLE) | set(NAMES)
    for path in sorted(resource_path("maps").glob("*.yaml")) + [
            resource_path("maps", "test", "mini.yaml")]:
        if path.name.endswith("-deck.yaml"):
            continue
        try:
            board = load_board(path)
        except Exception:  # a file of maps/ that is not a map (the schemas)
            continue
        out.add(board.name)
        out.update(board.cities)
        out.update(f.name for f in board.ferries)
        out.update(board.coast)
        out.update(v.name for v in board.volcanoes)
        for e in board.edges.values():
            out.update(c.name for c in e.crossings)
            out.update(c.system for c in e.crossings if c.system)
        out.update(f.name for layer in ("river", "lake", "inlet", "sea")
                   for f in board.geometry.layer(layer) if f.name)
    # a name wrapped over two lines ("Reggio / Calabria") is judged a line at a time
    out |= {word for name in list(out) for word in name.split()}
    return sorted(n for n in out if n)


@pytest.fixture
def pseudo() -> Iterator[None]:
    with i18n.using_language(i18n.PSEUDO):
        yield


@pytest.mark.slow
def test_every_screen_speaks_through_the_catalog(pseudo: None, tmp_path: Path) -> None:
    from rail_app.games.italian_rails.devtools.screenshots import shoot

    with i18n.audit_drawn_text(_names()) as audit, pygame_gui_text_audited():
        try:
            shoot((1280, 720), tmp_path, str(resource_path("maps", "italy.yaml")),
                  pictures=False)
        finally:  # the tool quits pygame: its fonts are dead for the tests after this one
            from rail_app.ui.fonts import font

            font.cache_clear()
    assert audit.drawn > 500
    audit.assert_clean()
