"""pygame_gui's text through the translation audit, for the completeness test.

The game's own font layer calls :func:`rail_app.core.i18n.drawn` with every string it
renders; pygame_gui renders the text of its buttons, labels, text boxes and dialogs inside
its own font classes, which the game does not own. While :func:`pygame_gui_text_audited` is
open, those classes pass every piece of text they render through the same hook, so that an
:func:`rail_app.core.i18n.audit_drawn_text` block sees the whole screen::

    with using_language(PSEUDO), audit_drawn_text(names) as audit, pygame_gui_text_audited():
        draw_every_screen()
    audit.assert_clean()

A development tool: the game never patches a library.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from rail_app.core import i18n


def _hooked(render: Callable[..., Any]) -> Callable[..., Any]:
    def render_audited(self: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        return render(self, i18n.drawn(text), *args, **kwargs)

    return render_audited


@contextlib.contextmanager
def pygame_gui_text_audited() -> Iterator[None]:
    """Route every string pygame_gui renders through :func:`rail_app.core.i18n.drawn` until
    the block ends (both of its font back ends: SDL_ttf and FreeType)."""
    from pygame_gui.core.gui_font_freetype import GUIFontFreetype
    from pygame_gui.core.gui_font_pygame import GUIFontPygame

    saved: list[tuple[type, str, Any]] = []
    try:
        for cls in (GUIFontPygame, GUIFontFreetype):
            for name in ("render_premul", "render_premul_to"):
                original = getattr(cls, name)
                saved.append((cls, name, original))
                setattr(cls, name, _hooked(original))
        yield
    finally:
        for cls, name, original in reversed(saved):
            setattr(cls, name, original)
