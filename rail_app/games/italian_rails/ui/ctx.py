"""What the screen's builders and painters read: the session, the table model and a few
answers worked out once per frame (whose things are shown, who may act, the inks)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rail_app.games.italian_rails.rules.state import GameState
from rail_app.games.italian_rails.ui.ink import Ink
from rail_app.games.italian_rails.ui.layout import Px, Rects
from rail_app.games.italian_rails.ui.table import Table
from rail_app.ui.session import Session
from rail_app.ui.settings import INKS, Settings


def inks(session: Session[GameState], settings: Settings) -> tuple[Ink, ...]:
    """Each seat's ink; player 2's carries a dotted pattern (UX.md "Colours and shapes")."""
    return tuple(Ink(INKS.get(s.ink, settings.ink(i)), "dots" if i == 1 else "")
                 for i, s in enumerate(session.setup.seats))


@dataclass(frozen=True)
class Ctx:
    session: Session[GameState]
    table: Table
    rects: Rects
    px: Px
    viewer: int  # whose private cards and cash the screen shows
    human: bool  # a person acts now
    free: bool  # ... and nothing runs or waits to be read
    inks: tuple[Ink, ...]
    hints: bool
    names: tuple[pygame.Rect, ...] = ()  # where the map's city names are on the screen
    seen_hints: tuple[str, ...] = ()  # the first-game hints already read

    @property
    def state(self) -> GameState:
        return self.session.state

    def ink(self, seat: int) -> Ink:
        return self.inks[seat]

    @property
    def cards(self) -> bool:
        """The game is played with cards and a train (not the building-only practice)."""
        return bool(self.session.state.deck.cards)

    def cash_shown(self, seat: int) -> bool:
        """A seat's cash is shown to its own player, to everyone once it is public (E3),
        and when only computers play."""
        st = self.state
        return (seat == self.viewer or st.cash_public
                or all(s.computer for s in self.session.setup.seats))
