"""Relay's screen parts (tests/fakegame.py), for the tests only: a plain screen that shows
the runners and plays the seat to act's first legal action on Space, so that the shell (New
game, the stack, saves, game over) is shown to take a game of 3-6 seats through its one
line in the registry and its one line in the table of game screens."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pygame

from rail_app.ui import hud
from rail_app.ui.gameparts import Colour, FinalTable
from rail_app.ui.palette import PAPER, TEXT
from rail_app.ui.scene import Host, Scene
from tests.fakegame import RELAY


class RelayScene(Scene):
    def __init__(self, app: Host, session: Any) -> None:
        self.session = session
        super().__init__(app)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.play()
            return True
        return False

    def play(self) -> None:
        """The seat to act plays its first legal action; at the end, game over."""
        if not self.session.over:
            self.session.apply(RELAY.rules.legal_actions(self.session.state)[0])
        if self.session.over:
            self.app.reset(self.app.screens.game_over(self.session))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(PAPER)
        st = self.session.state
        for i, (name, pos) in enumerate(zip(st.names, st.positions, strict=True)):
            hud.label(surface, f"{name}: {pos}", (40, 40 + 30 * i), 18, TEXT)
        self.ui.draw_ui(surface)


class RelayScreens:
    def open(self, host: Host, session: Any, lesson: int | None = None) -> Scene:
        return RelayScene(host, session)

    def picture_board(self, map_path: Path) -> Any:
        return RELAY.rules.load_board(map_path)

    def backdrop(self, board: Any, size: tuple[int, int]) -> pygame.Surface:
        return pygame.Surface(size)

    def thumbnail(self, board: Any, summary: Mapping[str, Any], inks: Sequence[Colour],
                  size: tuple[int, int]) -> pygame.Surface:
        pic = pygame.Surface(size)
        pic.fill(PAPER)
        for i, (ink, pos) in enumerate(zip(inks, summary.get("positions", ()), strict=False)):
            pygame.draw.line(pic, ink, (2, 4 + 4 * i), (2 + pos * 4, 4 + 4 * i), 2)
        return pic

    def final_table(self, session: Any) -> FinalTable:
        st = session.state
        return FinalTable(("Space",), tuple((str(p),) for p in st.positions),
                          reason="The first runner reached the end of the track.")

    def render_map(self, board: Any, path: str, width: int) -> tuple[int, int]:
        raise NotImplementedError

    def selftest(self, app: Any, map_path: str, turns: int, verbose: bool) -> int | None:
        return None  # the shell's self-test plays it

    def has_lesson(self) -> bool:
        return False

    def lesson_resumable(self) -> bool:
        return False

    def lesson(self) -> tuple[Any, int]:
        raise NotImplementedError


RELAY_SCREENS = RelayScreens()
