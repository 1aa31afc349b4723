"""The curtain: several people at one screen, in a game that hides things from some of them
(private cards, a hand, tickets). When the turn passes from one person to another, the board
is hidden behind a plain page ("Pass to Anna") until the next person is ready: a click (a
new press and its release, so that the click that ended the last turn does not count) or a
key. Computer seats need no curtain; a game that hides nothing has none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from rail_app.core.i18n import _
from rail_app.ui import hud
from rail_app.ui.palette import PAPER

Px = Callable[[float], int]


@dataclass
class Curtain:
    """Whether the curtain is down, and for whom (:attr:`seat`: the person waiting to be
    shown the board)."""

    hides: bool  # the game hides something from some seats
    seat: int | None = None
    armed: bool = False  # a new press came: its release lifts the curtain

    @property
    def down(self) -> bool:
        return self.seat is not None

    def between_people(self, session: Any) -> bool:
        """Whether the person to act now must not see the last person's screen: the game
        hides things, more than one person sits at the table, and the game goes on."""
        people = sum(1 for s in session.setup.seats if not s.computer)
        return self.hides and people > 1 and not session.over and not session.seat.computer

    def lower(self, seat: int) -> None:
        """Hide the board until ``seat``'s player is ready."""
        self.seat = seat
        self.armed = False

    def turn_passed(self, session: Any) -> None:
        """The seat to act has changed: lower the curtain if it passes between people."""
        if self.between_people(session):
            self.lower(session.actor)

    def handle(self, event: pygame.event.Event) -> bool:
        """While it is down, every event goes to it (True: used); a click or a key other
        than Escape lifts it."""
        if self.seat is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.armed = True
        elif (event.type == pygame.MOUSEBUTTONUP and self.armed) or (
                event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE):
            self.seat = None
        return event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
                              pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN)


def paint_curtain(surface: pygame.Surface, name: str, ink: tuple[int, int, int], px: Px) -> None:
    """The page in front of the board: the next person's ink, "Pass to <name>" and
    "click when ready"."""
    w, h = surface.get_size()
    surface.fill(PAPER)
    pygame.draw.circle(surface, ink, (w // 2, h // 2 - px(90)), px(28))
    hud.label(surface, _("Pass to {name}").format(name=name), (w // 2, h // 2 - px(20)),
              px(44), hud.TEXT, bold=True, anchor="center")
    hud.label(surface, _("click when ready"), (w // 2, h // 2 + px(36)), px(20), hud.MUTED,
              anchor="center")
