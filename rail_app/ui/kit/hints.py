"""First-game hints (UX.md "Help": the first game offers short hints, which can be turned
off): which are read, kept in the settings so that a hint read once is never shown again,
and the card a hint stands on with its "Got it".

A game says which hint applies at a moment (by a key of its own, e.g. the phase's) and
what it says; :class:`Hints` says whether it is still to be read and keeps it read;
:class:`HintCard` lays out and paints the card at a corner of the map.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rail_app.core.i18n import _
from rail_app.ui import hud
from rail_app.ui.fonts import font
from rail_app.ui.scene import Host

Colour = tuple[int, int, int]
Px = Callable[[float], int]  # the screen's scale: pixels at 100% to pixels


class Hints:
    """The hints of one screen: read ones are kept in the settings (and hidden at once on
    this screen); all of them may be switched off."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.hidden: set[str] = set()  # read on this screen (even if the settings were not saved)

    @property
    def on(self) -> bool:
        return self.host.settings.hints

    def unread(self, key: str) -> bool:
        """Whether the hint ``key`` is to be shown (hints on, not read yet)."""
        return self.on and key not in self.host.settings.hints_seen and key not in self.hidden

    def dismiss(self, key: str) -> None:
        """The hint ``key`` has been read: it is not shown again, on this screen or later."""
        self.hidden.add(key)
        seen = self.host.settings.hints_seen
        if key not in seen:
            seen.append(key)
            self.host.save_settings()

    def off(self) -> None:
        """No more first-game hints (Settings turns them on again)."""
        self.host.settings.hints = False
        self.host.save_settings()

    def key(self) -> tuple[object, ...]:
        """What the hints shown depend on (for a screen's layout key)."""
        return (self.on, len(self.host.settings.hints_seen), tuple(sorted(self.hidden)))


class HintCard:
    """A hint's card at a lower corner of the map: "First game", its words, and a "Got it"
    button at its foot; its picture is kept while its words and size stay the same."""

    def __init__(self, ground: Colour, ink: Colour) -> None:
        self.ground = ground
        self.ink = ink
        self._kept: tuple[tuple[object, ...], pygame.Surface] | None = None

    @staticmethod
    def box(area: pygame.Rect, text: str, px: Px, width: int, right: bool = False
            ) -> pygame.Rect:
        """Where the card of ``text`` stands in ``area`` (the map), ``width`` wide: at the
        lower left, or at the lower right."""
        lines = hud.wrap(text, px(14), width - px(24))
        lh = font(px(14)).get_linesize()
        hgt = lh * (len(lines) + 1) + px(44)
        box = pygame.Rect(area.x + px(12), area.bottom - hgt - px(12), width, hgt)
        if right:
            box.right = area.right - px(12)
        return box

    @staticmethod
    def got_it(box: pygame.Rect, px: Px) -> tuple[pygame.Rect, str]:
        """The "Got it" button's place on the card, and its words."""
        got = _("Got it")
        gw = max(px(62), font(px(15), True).size(got)[0] + px(16))
        return pygame.Rect(box.right - gw - px(8), box.bottom - px(26), gw, px(20)), got

    def paint(self, surface: pygame.Surface, box: pygame.Rect, text: str, px: Px) -> None:
        key = (text, box.size, px(14))
        if self._kept is None or self._kept[0] != key:
            pic = pygame.Surface(box.size, pygame.SRCALPHA)
            hud.panel(pic, pic.get_rect(), 245, colour=self.ground)
            y = px(10)
            hud.label(pic, _("First game"), (px(12), y), px(14), self.ink, bold=True)
            y += px(20)
            for line in hud.wrap(text, px(14), box.w - px(24)):
                hud.label(pic, line, (px(12), y), px(14), self.ink)
                y += font(px(14)).get_linesize()
            self._kept = (key, pic)
        surface.blit(self._kept[1], box)
