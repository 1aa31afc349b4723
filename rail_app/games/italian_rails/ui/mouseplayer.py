"""A player at the mouse: plays a seat of a running app through posted mouse and key events.

The choices come from the computer opponent (``rail_app.games.italian_rails.ai``) or, when the screen refuses
them, from the random player; every choice is then carried out the way a person would:
clicking cards, dragging strokes, clicking a city twice to move, clicking the buttons of the
card panel, pressing Enter. The self-test (``--selftest``) plays its seat with it; the
development tools and the interface tests use it to play whole games through the screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pygame_gui

from rail_app.games.italian_rails.ai.bot import Bot
from rail_app.games.italian_rails.ai.randomplayer import RandomPlayer
from rail_app.games.italian_rails.rules.actions import (
    Action,
    BoardFerry,
    BuildFerry,
    BuildSegment,
    ChooseLoss,
    Deliver,
    Drop,
    EndPhase,
    EndTurn,
    KeepCards,
    Lock,
    MoveTrain,
    PickUp,
    PlaceTrain,
    SwapDemands,
    TakeLoan,
    UpgradeLoco,
)
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.ui.commands import BuyLoco, Command, Intent, Play, ToggleCard
from rail_app.ui.kit.driver import Events, clicking, keys, motion, press, release, wheel

Frame = Events


def ui_button(el: Any) -> Frame:
    """A pygame_gui button pressed (its event, as the widget posts it)."""
    return [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el,
                               ui_object_id=el.most_specific_combined_id)]


class MousePlayer:
    """Plays ``seat`` of the game on ``app``'s screen (see the module docstring)."""

    def __init__(self, app: Any, seat: int, level: str = "normal", seed: int = 1,
                 pause: int = 2) -> None:
        self.app = app
        self.seat = seat
        self.brain = Bot(level, seat, seed)
        self.fallback = RandomPlayer(seat, seed * 7 + seat)
        self.pause = pause  # frames between gestures
        self.actions = 0
        self.refused = 0
        self._simple = False

    @property
    def scene(self) -> Any:
        return self.app.scene

    def frames(self) -> Iterator[Frame]:
        """Events to post, one list per frame, for as long as the game lasts."""
        while True:
            sc = self.scene
            if type(sc).__name__ != "GameScene":
                yield []
                continue
            t = sc.table
            if t.curtain.down:
                yield from clicking(sc.camera.rect.center)
                continue
            if t.popups:
                ok = sc.find(Intent.DISMISS_EVENT)
                if ok is None:
                    yield []
                else:
                    yield from clicking(ok.center)
                continue
            if sc.session.over or t.run is not None or sc.session.actor != self.seat \
                    or sc.session.seat.computer:
                yield []
                continue
            yield from self.act(sc)
            for _ in range(self.pause):
                yield []

    # -- one choice ------------------------------------------------------------------------
    def choose(self, sc: Any) -> Action:
        if self._simple:
            return self.fallback.next_action(sc.state)
        return self.brain.next_action(sc.state)

    def act(self, sc: Any) -> Iterator[Frame]:
        st = sc.state
        version = sc.session.version
        a = self.choose(sc)
        self.actions += 1
        if isinstance(a, KeepCards):
            yield from self.keep(sc, a)
        elif isinstance(a, BuildSegment):
            yield from self.stroke(sc, [sc.board.dot(a.a), sc.board.dot(a.b)])
        elif isinstance(a, BuildFerry):
            f = next(f for f in sc.board.ferries if f.name == a.ferry)
            p, q = f.ports
            mine = {x for e in st.player.track for x in e}
            if q in mine or any(q in c.outer for c in sc.board.majors):
                p, q = q, p
            yield from self.stroke(sc, [p, q])
        elif isinstance(a, UpgradeLoco):
            yield from self.press(sc, Intent.OPEN_UPGRADE)
            yield []
            yield from self.press(sc, BuyLoco(a.to))
        elif isinstance(a, PlaceTrain | MoveTrain):
            target = sc.board.dot(a.dot if isinstance(a, PlaceTrain) else a.path[-1])
            yield from self.move(sc, target)
        elif isinstance(a, PickUp | Lock | Deliver | Drop | BoardFerry | ChooseLoss | TakeLoan):
            yield []
            yield from self.panel_button(sc, a)
        elif isinstance(a, SwapDemands):
            yield from self.press(sc, Intent.ASK_SWAP)
            yield []
            yield from self.press(sc, Intent.CONFIRM)
        elif isinstance(a, EndPhase | EndTurn):
            if isinstance(a, EndTurn) and st.phase is Phase.MOVE:
                yield keys(pygame.K_RETURN)  # end the move phase, then the build phase
                yield []
            yield keys(pygame.K_RETURN)
        else:
            yield []
        yield []
        if sc.session.version == version and not sc.session.over:
            # the screen did not take it (e.g. a route differing from the plan): note it and
            # let the simple player pick for the rest of this turn if it keeps happening
            self.refused += 1
            if self.refused % 5 == 0:
                self._simple = True
            if self.refused % 12 == 0:
                yield keys(pygame.K_RETURN)
        else:
            self._simple = False

    def show(self, sc: Any, dots: list[int]) -> None:
        """Bring these dots into view (as panning with the arrow keys would)."""
        cam = sc.camera
        if cam.level < cam.level_for(22):
            cam.level = cam.level_for(22)
        inner = cam.rect.inflate(-120, -120)
        if not all(inner.collidepoint(cam.dot_screen(d)) for d in dots):
            xs = [sc.board.dots[d].x for d in dots]
            ys = [sc.board.dots[d].y for d in dots]
            cam.centre_on((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)

    def press(self, sc: Any, cmd: Command) -> Iterator[Frame]:
        """Click the widget giving ``cmd``, if it is on screen."""
        r = sc.find(cmd)
        if r is not None:
            yield from clicking(r.center)

    def keep(self, sc: Any, a: KeepCards) -> Iterator[Frame]:
        yield []
        for c in a.cards:
            yield from self.press(sc, ToggleCard(c))
        yield []
        yield from self.press(sc, Intent.KEEP_CHOSEN)

    def stroke(self, sc: Any, dots: list[int]) -> Iterator[Frame]:
        self.show(sc, dots)
        yield []
        pts = [sc.camera.dot_screen(d) for d in dots]
        yield [motion(pts[0])]
        yield [press(pts[0])]
        prev = pts[0]
        for p in pts[1:]:
            yield [motion(p, (1, 0, 0), (p[0] - prev[0], p[1] - prev[1]))]
            prev = p
        yield [release(pts[-1])]

    def move(self, sc: Any, target: int) -> Iterator[Frame]:
        me = sc.state.players[self.seat]
        self.show(sc, [target] + ([me.position] if me.position is not None else []))
        yield []
        p = sc.camera.dot_screen(target)
        yield from clicking(p)
        yield [motion((p[0] + 1, p[1]))]
        yield []
        yield from clicking(p)

    def panel_button(self, sc: Any, a: Action) -> Iterator[Frame]:
        for attempt in range(12):
            r = sc.find(Play(a))
            if r is not None:
                yield from clicking(r.center)
                return
            # a panel longer than the screen: from its top, scroll down with the wheel
            yield wheel(sc.rects.side.center, 50 if attempt == 0 else -2)
            yield []
