"""The screenshots tools' means: an app drawn headless at a given size, a game set up and
played on by the computer opponent to a given moment, and a :class:`Shooter` that clicks,
drags and saves the screen as a picture."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rail_app.games.italian_rails.ai.bot import Bot
from rail_app.games.italian_rails.rules.actions import EndTurn, KeepCards
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.table.seats import Level
from rail_app.ui.app import App
from rail_app.ui.headless import use_dummy_drivers
from rail_app.ui.kit.driver import Driver
from rail_app.ui.pngfile import save_png
from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session
from rail_app.ui.settings import Settings


def _app(size: tuple[int, int]) -> Any:
    use_dummy_drivers()
    # a player past the first game: the first-game hints are read (helpshots shows one)
    return App(size=size, fullscreen=False, settings=Settings(hints=False))


def new_session(map_path: str, seed: int = 7, computer: bool = True, keep: bool = True) -> Any:
    """A new game with cards; with ``keep`` both players keep their first two cards (through
    the engine) and the game is at Anna's first build."""
    seats = [Seat("Anna", HUMAN, Level.NORMAL, "blue"),
             Seat("Bruno", COMPUTER if computer else HUMAN, Level.NORMAL, "orange")]
    session = Session.new(GameSetup(map_path, seats, seed))
    while keep and session.state.phase is Phase.SETUP:
        dealt = sorted(session.state.players[session.state.current].dealt)
        session.apply(KeepCards(tuple(dealt[:2])))
    if keep and session.state.current != 0:
        session.apply(EndTurn())
    return session


def play_on(session: Any, seed: int, until: Callable[[Any], bool], limit: int = 6000) -> None:
    """Both seats played by the computer opponent (through the session) until ``until``."""
    bots = [Bot("hard", i, seed) for i in range(2)]
    for _ in range(limit):
        st = session.state
        if st.outcome is not None or until(st):
            return
        who = st.pending.player if st.pending is not None else st.current
        session.apply(bots[who].next_action(st))


def anna_moves(turn: int) -> Callable[[Any], bool]:
    def until(st: Any) -> bool:
        return bool(st.turn >= turn and st.current == 0 and st.phase is Phase.MOVE
                    and st.pending is None and st.players[0].position is not None
                    and not st.turn_started)
    return until


class Shooter:
    def __init__(self, size: tuple[int, int], outdir: Path, pictures: bool = True) -> None:
        self.app = _app(size)
        self.d = Driver(self.app)
        self.out = outdir
        #: False: every screen is drawn, none is written (the translation's audit).
        self.pictures = pictures
        if pictures:
            outdir.mkdir(parents=True, exist_ok=True)

    def settle(self, frames: int = 3) -> None:
        scene = self.app.scene
        view = getattr(scene, "view", None)
        if view is not None:
            view.layers.base.render_all(scene.camera)
        for _ in range(frames):
            self.app.step(1 / 60, events=[])

    def shot(self, name: str) -> None:
        if self.pictures:
            save_png(self.app.screen, self.out / f"{name}.png")

    def click(self, pos: tuple[float, float]) -> None:
        import pygame

        self.d.mouse(pygame.MOUSEMOTION, pos)
        self.d.mouse(pygame.MOUSEBUTTONDOWN, pos)
        self.d.mouse(pygame.MOUSEBUTTONUP, pos)

    def press(self, key: object) -> bool:
        """Click the game screen's widget for ``key`` (a command), if it is shown."""
        r = self.app.scene.find(key)
        if r is None:
            return False
        self.click(r.center)
        return True

    def hold(self, points: list[tuple[float, float]]) -> None:
        """Press at the first point and drag through the others, still holding."""
        import pygame

        self.d.mouse(pygame.MOUSEMOTION, points[0])
        self.d.mouse(pygame.MOUSEBUTTONDOWN, points[0])
        for a, b in zip(points[:-1], points[1:], strict=True):
            self.d.mouse(pygame.MOUSEMOTION, b, rel=(b[0] - a[0], b[1] - a[1]),
                         buttons=(1, 0, 0))


