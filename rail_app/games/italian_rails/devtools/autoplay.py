"""Whole games through the real window, one seat played with posted mouse and key events
(``python -m rail_app autoplay``): the mouse player is :mod:`rail_app.games.italian_rails.ui.mouseplayer`."""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from typing import Any

import pygame

from rail_app.games.italian_rails.rules.words import outcome_sentence
from rail_app.games.italian_rails.ui.mouseplayer import Frame, MousePlayer, ui_button
from rail_app.games.italian_rails.ui.scene import GameScene
from rail_app.table.seats import Level
from rail_app.ui import screens
from rail_app.ui.app import App
from rail_app.ui.pngfile import save_png
from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session


def play(map_path: str, level: str = "normal", opponent: str = "normal", seed: int = 1,
         size: tuple[int, int] = (1920, 1080), limit_s: float = 3600.0,
         shots: str | None = None, fast: bool = False) -> dict[str, Any]:
    """Start the app with a window, a new game (seat 0 played with the mouse, seat 1 a
    computer), and play it to the end through the real main loop. Returns the figures."""
    app = App(map_path=map_path, size=size, fullscreen=False)
    seats = [Seat("Anna", HUMAN, Level.NORMAL, "blue"),
             Seat("Bruno", COMPUTER, Level(opponent), "orange")]
    scene = app.reset(screens.game(app, Session.new(GameSetup(map_path, seats, seed))))
    assert isinstance(scene, GameScene)
    player = MousePlayer(app, 0, level, seed)
    gen = player.frames()
    t0 = time.time()
    n = 0
    session = scene.session
    while app.running and time.time() - t0 < limit_s:
        if type(app.scene).__name__ == "GameOverScene":
            for _ in range(30):
                app.step(1 / 60 if fast else None)
            break
        for ev in next(gen):
            pygame.event.post(ev)
        app.step(1 / 60 if fast else None)
        n += 1
        if shots and n % 1800 == 0:
            save_png(app.screen, f"{shots}-{n // 1800:03d}.png")
    st = session.state
    out = {
        "seconds": round(time.time() - t0, 1),
        "frames": n,
        "turns": st.turn,
        "turns_each": [p.turns_taken for p in st.players],
        "cash": [p.cash for p in st.players],
        "outcome": outcome_sentence(st) or None,
        "mouse_actions": player.actions,
        "refused": player.refused,
    }
    if shots:
        save_png(app.screen, f"{shots}-end.png")
    pygame.quit()
    return out


def play_via_main(map_path: str, limit_s: float = 7200.0,
                  shots: str | None = None) -> dict[str, Any]:
    """Start the game as ``python main.py`` does and play through its window: the main menu's
    New game, the dialog's Start game (seat 1 a computer by default), then the game with
    :class:`MousePlayer` on seat 0, until the game over screen shows."""
    real_step = App.step
    info: dict[str, Any] = {"frames": 0}
    t0 = time.time()
    state: dict[str, Any] = {}

    def menu_frames(app: Any) -> Iterator[Frame]:
        while type(app.scene).__name__ != "MenuScene":
            yield []
        yield []
        new = next(b for b, what in app.scene.buttons.items() if what == "new")
        yield ui_button(new)
        yield []
        yield ui_button(app.scene.start_button)
        while type(app.scene).__name__ != "GameScene":
            yield []
        player = MousePlayer(app, 0, "normal", app.scene.session.setup.seed)
        state["player"] = player
        state["session"] = app.scene.session
        yield from player.frames()

    def step(self: Any, dt: float | None = None, events: Any = None) -> None:
        gen = state.get("gen")
        if gen is None:
            gen = state["gen"] = menu_frames(self)
        if type(self.scene).__name__ == "GameOverScene":
            state.setdefault("over_frames", 0)
            state["over_frames"] += 1
            if state["over_frames"] == 60 and shots:
                save_png(self.screen, f"{shots}-gameover.png")
            if state["over_frames"] > 90:
                self.quit(0)
        elif time.time() - t0 > limit_s:
            self.quit(1)
        else:
            for ev in next(gen):
                pygame.event.post(ev)
        info["frames"] += 1
        if shots and info["frames"] % 3600 == 0:
            save_png(self.screen, f"{shots}-{info['frames'] // 3600:03d}.png")
        real_step(self, dt, events)

    App.step = step  # type: ignore[method-assign]
    try:
        code = App(map_path=map_path, size=(1920, 1080), fullscreen=False).run()
    finally:
        App.step = real_step  # type: ignore[method-assign]
    session = state.get("session")
    st = session.state if session is not None else None
    player = state.get("player")
    return {
        "exit": code,
        "seconds": round(time.time() - t0, 1),
        "frames": info["frames"],
        "turns": st.turn if st else None,
        "turns_each": [p.turns_taken for p in st.players] if st else None,
        "cash": [p.cash for p in st.players] if st else None,
        "outcome": (outcome_sentence(st) or None) if st else None,
        "mouse_actions": player.actions if player else 0,
        "refused": player.refused if player else 0,
    }


def run_command(args: argparse.Namespace) -> int:
    """``python -m rail_app autoplay``: a whole game through the window."""
    if args.via_main:
        print(play_via_main(args.map, shots=args.shots))
    else:
        print(play(args.map, opponent=args.opponent, seed=args.seed, shots=args.shots))
    return 0
