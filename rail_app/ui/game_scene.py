"""The game screen: the map, the pen, the HUD and the in-game menu.

Layout (UX.md): a top bar, the map taking most of the screen, a collapsible side panel on the
right and a collapsible history bar at the bottom with the phase's buttons. The map area is
what the panels leave free, so they never cover the map by default.
"""

from __future__ import annotations

import math
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel
from pygame_gui.windows import UIConfirmationDialog

from rail_app.core.board import edge_key
from rail_app.rules.actions import EndPhase, EndTurn, UpgradeLoco
from rail_app.rules.engine import Quote
from rail_app.ui import hud
from rail_app.ui import maprender as mr
from rail_app.ui.app import App, Scene
from rail_app.ui.computer import SimpleComputer
from rail_app.ui.mapview import (
    BaseLayer,
    Camera,
    Ink,
    TrackLayer,
    draw_stroke,
    edges_near,
    ink_width,
    mix,
)
from rail_app.ui.pen import Pen, erase_action
from rail_app.ui.session import Session, new_save_path
from rail_app.ui.settings import INKS

COMPUTER_STEP = 0.33  # seconds per computer action, so a person can follow it
PHASE_NAMES = {"build": "BUILD", "move": "MOVE", "setup": "CHOOSING CARDS", "over": "GAME OVER"}


class GameScene(Scene):
    def __init__(self, app: App, session: Session) -> None:
        self.session = session
        self.board = session.board
        self.pen = Pen(session)
        self.side_open = True
        self.history_open = True
        self.base = BaseLayer(self.board)
        self.track = TrackLayer()
        self.camera = Camera(self.board, pygame.Rect(0, 0, 100, 100))
        self.computers = {i: SimpleComputer(session.setup.seed * 7 + i, s.level)
                          for i, s in enumerate(session.setup.seats) if s.computer}
        self.computer_clock = 0.0
        self.skip_computer = False
        self.toasts: list[hud.Toast] = []
        self.help = False
        self.curtain: int | None = None  # seat waiting behind the curtain
        self.menu_panel: UIPanel | None = None
        self.upgrade_panel: UIPanel | None = None
        self.confirm: UIConfirmationDialog | None = None
        self.confirm_action = ""
        self.pointer = (0, 0)
        self.pan_from: tuple[int, int] | None = None
        self.pan_moved = 0.0
        self.last_build: int | None = None
        self.messages: list[str] = []
        self.turn_key = self._turn_key()
        self.game_over_delay = -1.0
        self.flash: dict[str, float] = {}
        super().__init__(app)
        self.camera.fit()
        self._check_curtain(initial=True)

    # -- layout --------------------------------------------------------------------------------
    def layout(self) -> dict[str, pygame.Rect]:
        w, h = self.app.size
        px = self.app.px
        top = px(44)
        side = px(300) if self.side_open else 0
        bottom = px(124) if self.history_open else px(52)
        return {
            "top": pygame.Rect(0, 0, w, top),
            "side": pygame.Rect(w - side, top, side, h - top - bottom),
            "bottom": pygame.Rect(0, h - bottom, w, bottom),
            "map": pygame.Rect(0, top, w - side, h - top - bottom),
        }

    def build(self) -> None:
        rects = self.layout()
        self.rects = rects
        self.camera.set_rect(rects["map"])
        px = self.app.px
        top, bottom, side = rects["top"], rects["bottom"], rects["side"]
        bh = px(40)
        self.menu_button = UIButton(pygame.Rect(top.right - px(110), top.y + px(4), px(100),
                                                top.h - px(8)), "Menu", self.ui,
                                    tool_tip_text="Save, load, settings (Esc)")
        self.help_button = UIButton(pygame.Rect(top.right - px(160), top.y + px(4), px(44),
                                                top.h - px(8)), "?", self.ui,
                                    tool_tip_text="Controls and rules (F1)")
        y = bottom.y + (bottom.h - bh) // 2 if not self.history_open else bottom.bottom - bh - px(10)
        x = bottom.right - px(10)
        self.end_button = UIButton(pygame.Rect(x - px(170), y, px(170), bh), "End build",
                                   self.ui, object_id="#primary",
                                   tool_tip_text="Pay for this phase's track and end the turn "
                                                 "(Enter)")
        x -= px(180)
        self.upgrade_button = UIButton(pygame.Rect(x - px(130), y, px(130), bh), "Upgrade…",
                                       self.ui, tool_tip_text="Buy a better locomotive (K9)")
        x -= px(140)
        self.clear_button = UIButton(pygame.Rect(x - px(100), y, px(100), bh), "Clear", self.ui,
                                     tool_tip_text="Erase everything drawn this phase (K10)")
        x -= px(110)
        self.undo_button = UIButton(pygame.Rect(x - px(100), y, px(100), bh), "Erase last",
                                    self.ui, tool_tip_text="Erase the last segment (Backspace)")
        self.history_button = UIButton(pygame.Rect(px(8), bottom.y + px(6), px(28), px(24)),
                                       "-" if self.history_open else "+", self.ui,
                                       tool_tip_text="Show or hide the history")
        self.side_button = UIButton(pygame.Rect(top.right - px(200), top.y + px(4), px(34),
                                                top.h - px(8)),
                                    ">" if self.side_open else "<", self.ui,
                                    tool_tip_text="Show or hide the side panel")
        del side
        self.menu_panel = None
        self.upgrade_panel = None
        self._refresh_buttons()

    def resized(self) -> None:
        self.rebuild()

    # -- helpers -------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.session.state

    def _turn_key(self) -> tuple[int, int, str]:
        st = self.session.state
        return (st.turn, st.current, st.phase)

    def human_turn(self) -> bool:
        return not self.session.seat.computer and not self.session.over

    def viewer(self) -> int:
        """Whose private things the screen shows: the human to act, or the only human."""
        seats = self.session.setup.seats
        if not seats[self.state.current].computer:
            return int(self.state.current)
        humans = [i for i, s in enumerate(seats) if not s.computer]
        return humans[0] if len(humans) == 1 else int(self.state.current)

    def ink(self, seat: int) -> Ink:
        name = self.session.setup.seats[seat].ink
        colour = INKS.get(name, self.app.settings.ink(seat))
        return Ink(colour, "dots" if seat == 1 else "")

    def dot_at(self, pos: tuple[float, float], reach: float = 0.5) -> int | None:
        if not self.camera.rect.collidepoint(pos):
            return None
        kx, ky = self.camera.to_km(*pos)
        d = self.board.nearest_dot(kx, ky)
        if d is None:
            return None
        sx, sy = self.camera.dot_screen(d)
        if math.hypot(sx - pos[0], sy - pos[1]) > max(8.0, self.camera.dot_px * reach):
            return None
        return d

    def overlay_open(self) -> bool:
        return (self.curtain is not None or self.help or self.menu_panel is not None
                or self.confirm is not None)

    def toast(self, headline: str, reason: str = "", colour: tuple[int, int, int] = hud.RED,
              pos: tuple[float, float] | None = None) -> None:
        self.toasts = [t for t in self.toasts if t.alive][-2:]
        self.toasts.append(hud.Toast(headline, reason, pos or self.pointer, colour))
        self.messages.append(f"{headline} {reason}".strip())

    # -- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
            return
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            what, self.confirm_action = self.confirm_action, ""
            self.confirm = None
            self._confirmed(what)
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.confirm:
            self.confirm = None
            return
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.curtain is not None:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN) and (
                    event.type != pygame.KEYDOWN or event.key != pygame.K_ESCAPE):
                self.curtain = None
            return
        if self.help:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_ESCAPE) or event.type == pygame.MOUSEBUTTONDOWN:
                self.help = False
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(event)
        elif event.type == pygame.MOUSEMOTION:
            self._mouse_move(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._mouse_up(event)
        elif event.type == pygame.MOUSEWHEEL and self.menu_panel is None \
                and self.camera.rect.collidepoint(self.pointer):
            self.zoom(1 if event.y > 0 else -1, self.pointer)

    def zoom(self, steps: int, pos: tuple[float, float]) -> None:
        self.base.snapshot(self.app.screen, self.camera)
        self.camera.zoom_at(steps, *pos)

    def _key(self, event: pygame.event.Event) -> None:
        if self.app.typing():
            return
        k = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        if k == pygame.K_ESCAPE:
            if self.pen.active:
                self.pen.cancel()
            elif self.upgrade_panel is not None:
                self._close_upgrade()
            elif self.menu_panel is not None:
                self._close_menu()
            else:
                self._open_menu()
            return
        if self.menu_panel is not None or self.confirm is not None:
            return
        step = self.app.px(80)
        if k == pygame.K_F1:
            self.help = True
        elif k in (pygame.K_HOME, pygame.K_f):
            self.camera.fit()
        elif k == pygame.K_b:
            self.jump_to_last_build()
        elif k == pygame.K_LEFT:
            self.camera.pan_px(step, 0)
        elif k == pygame.K_RIGHT:
            self.camera.pan_px(-step, 0)
        elif k == pygame.K_UP:
            self.camera.pan_px(0, step)
        elif k == pygame.K_DOWN:
            self.camera.pan_px(0, -step)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom(1, self.camera.rect.center)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom(-1, self.camera.rect.center)
        elif k == pygame.K_BACKSPACE or (k == pygame.K_z and ctrl):
            self.erase_last()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.end_phase()
        elif k == pygame.K_SPACE and self.session.seat.computer:
            self.skip_computer = True

    def _mouse_down(self, event: pygame.event.Event) -> None:
        if self.menu_panel is not None or self.confirm is not None:
            return
        if not self.camera.rect.collidepoint(event.pos):
            return
        if event.button in (2, 3):
            self.pan_from = event.pos
            self.pan_moved = 0.0
        elif event.button == 1:
            self.pen_down(event.pos)

    def _mouse_move(self, event: pygame.event.Event) -> None:
        if self.pan_from is not None and event.buttons and (event.buttons[1] or event.buttons[2]):
            self.camera.pan_px(*event.rel)
            self.pan_moved += abs(event.rel[0]) + abs(event.rel[1])
        elif self.pen.active:
            self.pen_move(event.pos)

    def _mouse_up(self, event: pygame.event.Event) -> None:
        if event.button in (2, 3) and self.pan_from is not None:
            if event.button == 3 and self.pan_moved < 6:
                self.erase_at(event.pos)
            self.pan_from = None
        elif event.button == 1 and self.pen.active:
            self.pen_up(event.pos)

    # -- the pen -----------------------------------------------------------------------------
    def pen_down(self, pos: tuple[float, float]) -> bool:
        st = self.state
        if not self.human_turn():
            return False
        if st.phase != "build":
            if st.phase == "move":
                self.toast("Move phase", "Press Enter (End move) to start building.", hud.GREEN)
            return False
        d = self.dot_at(pos)
        if d is None:
            return False
        if self.pen.start(d):
            return True
        self.toast("Can't start here",
                   "Start at an outer dot of a red hexagon or from your own track (K1)")
        self.app.sounds.play("error")
        return False

    def pen_move(self, pos: tuple[float, float]) -> None:
        before = self.pen.refusal
        n = len(self.pen.steps)
        self.pen.move_to(self.dot_at(pos, 0.42))
        if len(self.pen.steps) > n:
            self.app.sounds.play("squeak")
        r = self.pen.refusal
        if r is not None and (before is None or (before.frm, before.to) != (r.frm, r.to)):
            self.app.sounds.play("error")

    def pen_up(self, pos: tuple[float, float]) -> list[Quote]:
        refusal = self.pen.refusal
        quotes = self.pen.release()
        if quotes:
            self.last_build = self.pen_last_dot(quotes)
        if refusal is not None:
            self.toast("Can't build here", refusal.reason.removeprefix("Can't build here: "),
                       pos=pos)
        return quotes

    def pen_last_dot(self, quotes: list[Quote]) -> int | None:
        act = quotes[-1].action
        key = getattr(act, "b", None)
        return self.board.dot(key) if key else None

    def erase_last(self) -> bool:
        if not self.human_turn() or self.state.phase != "build":
            return False
        if self.pen.active:
            if self.pen.steps:
                self.pen.move_to(self.pen.path[-2])
            return True
        act = erase_action(self.session)
        if act is None:
            self.toast("Nothing to erase", "Only track drawn this phase can be erased (K10)",
                       hud.GREEN)
            return False
        q = self.session.apply(act)
        if not q.ok:
            self.toast("Can't erase", q.headline)
        return q.ok

    def erase_at(self, pos: tuple[float, float]) -> bool:
        if not self.human_turn() or self.state.phase != "build":
            return False
        fresh = [e for e, _, _ in self.state.phase_built]
        e = edges_near(self.board, self.camera, pos[0], pos[1], fresh)
        if e is None:
            return False
        act = erase_action(self.session, e)
        if act is None:
            return False
        q = self.session.apply(act)
        if not q.ok:
            self.toast("Can't erase", q.headline, pos=pos)
        return q.ok

    def clear_phase(self) -> int:
        n = 0
        while True:
            act = erase_action(self.session)
            if act is None or not self.session.apply(act).ok:
                return n
            n += 1

    def end_phase(self) -> bool:
        if not self.human_turn():
            return False
        st = self.state
        action = EndPhase() if st.phase == "move" else EndTurn()
        paid = st.phase_spent
        q = self.session.apply(action)
        if not q.ok:
            self.toast("Not yet", q.headline, pos=self.end_button.rect.center)
            return False
        if isinstance(action, EndTurn) and paid:
            self.app.sounds.play("coins")
        self.pen.cancel()
        return True

    def upgrade(self, to: str) -> Quote:
        q = self.session.apply(UpgradeLoco(to))
        if q.ok:
            self.app.sounds.play("coins")
            self.toast("New locomotive", f"{to} bought for {q.cost}M", hud.GREEN)
        else:
            self.toast("Can't upgrade", q.headline)
        return q

    def jump_to_last_build(self) -> None:
        d = self.last_build
        if d is None:
            mine = self.state.players[self.viewer()].track
            if mine:
                d = max(mine)[1]
        if d is None:
            self.toast("No track yet", "Your last build will be found with B", hud.GREEN)
            return
        dot = self.board.dots[d]
        self.camera.level = max(self.camera.level, 4)
        self.camera.centre_on(dot.x, dot.y)

    # -- buttons and menus -----------------------------------------------------------------
    def _button(self, el: Any) -> None:
        if el is self.menu_button:
            self._open_menu()
        elif el is self.help_button:
            self.help = True
        elif el is self.end_button:
            self.end_phase()
        elif el is self.clear_button:
            if self.human_turn():
                self.clear_phase()
        elif el is self.undo_button:
            self.erase_last()
        elif el is self.upgrade_button:
            self._open_upgrade()
        elif el is self.history_button:
            self.history_open = not self.history_open
            self.rebuild()
        elif el is self.side_button:
            self.side_open = not self.side_open
            self.rebuild()
        elif self.menu_panel is not None and el in self.menu_items:
            self._menu_choice(self.menu_items[el])
        elif self.upgrade_panel is not None and el in self.upgrade_items:
            to = self.upgrade_items[el]
            self._close_upgrade()
            if to:
                self.upgrade(to)

    def _open_menu(self) -> None:
        if self.menu_panel is not None:
            return
        px = self.app.px
        w, h = self.app.size
        items = [("Resume", "resume"), ("Save game", "save"), ("Load game", "load"),
                 ("Settings", "settings"), ("Quit to menu", "quit")]
        ph = px(30) + len(items) * px(58)
        rect = pygame.Rect(w // 2 - px(150), h // 2 - ph // 2, px(300), ph)
        self.menu_panel = UIPanel(rect, starting_height=5, manager=self.ui)
        self.menu_items: dict[Any, str] = {}
        y = px(14)
        for text, what in items:
            b = UIButton(pygame.Rect(px(20), y, px(256), px(48)), text, self.ui,
                         container=self.menu_panel,
                         object_id="#primary" if what == "resume" else None)
            self.menu_items[b] = what
            y += px(58)

    def _close_menu(self) -> None:
        if self.menu_panel is not None:
            self.menu_panel.kill()
        self.menu_panel = None

    def _menu_choice(self, what: str) -> None:
        if what == "resume":
            self._close_menu()
        elif what == "save":
            self.save_game()
            self._close_menu()
        elif what in ("load", "quit"):
            if self.session.dirty:
                self._ask(what, "Progress since the last save will be lost. Continue?")
            else:
                self._confirmed(what)
        elif what == "settings":
            self.app.switch("settings", back="game", session=self.session)

    def _ask(self, what: str, text: str) -> None:
        w, h = self.app.size
        self.confirm_action = what
        self.confirm = UIConfirmationDialog(pygame.Rect(w // 2 - 220, h // 2 - 110, 440, 220),
                                            text, self.ui, window_title="Unsaved progress",
                                            action_short_name="Continue")

    def _confirmed(self, what: str) -> None:
        if what == "quit":
            self.app.switch("menu")
        elif what == "load":
            self.app.switch("load")

    def save_game(self) -> bool:
        path = new_save_path()
        try:
            self.session.save(path)
        except Exception as exc:  # disk full, permissions: say so, keep playing
            self.toast("Could not save", str(exc), pos=self.app.screen.get_rect().center)
            return False
        self.toast("Game saved", path.stem, hud.GREEN, pos=self.app.screen.get_rect().center)
        return True

    def _open_upgrade(self) -> None:
        if self.upgrade_panel is not None:
            self._close_upgrade()
            return
        st = self.state
        px = self.app.px
        rules = st.rules
        mine = st.player.loco
        opts = [(to, cost) for (frm, to), cost in sorted(rules.upgrades.items()) if frm == mine]
        cur = rules.locomotives.get(mine)
        ph = px(64) + max(1, len(opts)) * px(54) + px(50)
        r = self.upgrade_button.rect
        rect = pygame.Rect(r.right - px(440), r.top - ph - px(6), px(440), ph)
        self.upgrade_panel = UIPanel(rect, starting_height=4, manager=self.ui)
        self.upgrade_items: dict[Any, str] = {}
        from pygame_gui.elements import UILabel

        UILabel(pygame.Rect(px(12), px(8), px(410), px(28)),
                f"Now: {mine}" + (f" (speed {cur.speed}, {cur.capacity} loads)" if cur else ""),
                self.ui, container=self.upgrade_panel)
        y = px(44)
        for to, cost in opts:
            loco = rules.locomotives.get(to)
            q = self.session.quote(UpgradeLoco(to))
            what = f"speed {loco.speed}, {loco.capacity} loads" if loco else ""
            b = UIButton(pygame.Rect(px(12), y, px(410), px(46)), f"{to} — {cost}M: {what}",
                         self.ui, container=self.upgrade_panel,
                         tool_tip_text=None if q.ok else q.headline)
            if not q.ok:
                b.disable()
            self.upgrade_items[b] = to
            y += px(54)
        if not opts:
            UILabel(pygame.Rect(px(12), y, px(410), px(30)), "No better locomotive exists.",
                    self.ui, container=self.upgrade_panel)
        b = UIButton(pygame.Rect(px(12), y + px(4), px(120), px(38)), "Cancel", self.ui,
                     container=self.upgrade_panel)
        self.upgrade_items[b] = ""

    def _close_upgrade(self) -> None:
        if self.upgrade_panel is not None:
            self.upgrade_panel.kill()
        self.upgrade_panel = None

    def _refresh_buttons(self) -> None:
        st = self.state
        mine = self.human_turn()
        build = st.phase == "build"
        self.end_button.set_text("End move" if st.phase == "move" else "End build")
        for b in (self.end_button,):
            (b.enable if mine and st.phase in ("build", "move") else b.disable)()
        for b in (self.upgrade_button, self.clear_button, self.undo_button):
            (b.enable if mine and build else b.disable)()

    # -- turn flow ---------------------------------------------------------------------------
    def _check_curtain(self, initial: bool = False) -> None:
        """Two people at one screen: hide the board between their turns (private cards)."""
        if self.session.two_humans() and not self.session.over and (
                not initial or self.state.turn > 1 or self.state.phase == "setup"):
            self.curtain = int(self.state.current)

    def _after_actions(self) -> None:
        key = self._turn_key()
        if key[:2] != self.turn_key[:2]:
            # a turn passed: autosave, show the curtain between two humans
            self.session.autosave()
            self.pen.cancel()
            self._close_upgrade()
            prev_turn = self.turn_key
            self.turn_key = key
            if prev_turn[1] != key[1]:
                self._check_curtain()
        self.turn_key = key
        if self.session.over and self.game_over_delay < 0:
            self.session.autosave()
            self.game_over_delay = 1.2

    def update(self, dt: float) -> None:
        super().update(dt)
        for t in self.toasts:
            t.age += dt
        self.toasts = [t for t in self.toasts if t.alive]
        if self.game_over_delay >= 0:
            self.game_over_delay -= dt
            if self.game_over_delay < 0:
                self.app.switch("gameover", session=self.session)
            return
        if self.session.seat.computer and not self.session.over and self.curtain is None \
                and self.menu_panel is None:
            self.computer_clock += dt
            me = self.state.current
            while self.state.current == me and not self.session.over and (
                    self.skip_computer or self.computer_clock >= COMPUTER_STEP):
                self.computer_clock = max(0.0, self.computer_clock - COMPUTER_STEP)
                if not self.computer_act():
                    break
            if self.state.current != me or self.session.over:
                self.skip_computer = False
                self.computer_clock = 0.0
        self._after_actions()
        self._refresh_buttons()

    def computer_act(self) -> bool:
        seat = int(self.state.current)
        player = self.computers.get(seat)
        if player is None:
            self.computers[seat] = player = SimpleComputer(seat, "normal")
        from rail_app.rules.build import legal_builds

        act = player.next_action(self.state, legal_builds)
        q = self.session.apply(act)
        if not q.ok:
            for fallback in (EndTurn(), EndPhase()):
                q = self.session.apply(fallback)
                if q.ok:
                    break
        if q.ok and getattr(act, "kind", "") == "build":
            self.last_build = self.board.dot(act.b)  # type: ignore[attr-defined]
            if not self.skip_computer:
                self.app.sounds.play("squeak")
        return q.ok

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        cam = self.camera
        self.base.draw(surface, cam)
        self.track.ensure(cam, (self.session.version, self._ink_key()), self.draw_track)
        self.track.draw(surface, cam)
        clip = surface.get_clip()
        surface.set_clip(cam.rect)
        self.draw_pen(surface)
        self.draw_hover(surface)
        surface.set_clip(clip)
        self.draw_hud(surface)
        for t in self.toasts:
            t.draw(surface, self.app.px(15), self.camera.rect)
        self.ui.draw_ui(surface)
        if self.help:
            hud.help_page(surface, self.app.px(16))
        if self.curtain is not None:
            self.draw_curtain(surface)

    def _ink_key(self) -> tuple[str, ...]:
        return tuple(s.ink for s in self.session.setup.seats)

    def draw_track(self, surface: pygame.Surface, view: mr.MapView) -> None:
        """Everyone's track (the cached track layer)."""
        st = self.state
        b = self.board
        sp = b.layout.spacing * view.scale
        w = ink_width(sp)
        fresh = {e for e, _, _ in st.phase_built}
        inks = [self.ink(i) for i in range(len(st.players))]
        # ferries taken: a thick dashed arc in the taker's ink, with the price paid
        for f in b.ferries:
            takers = st.ferry_takers.get(f.index, [])
            for k, who in enumerate(takers):
                pts = mr.ferry_curve(b, view, *f.ports)
                off = (k - (len(takers) - 1) / 2) * w * 0.9
                dx = pts[-1][0] - pts[0][0]
                dy = pts[-1][1] - pts[0][1]
                ln = math.hypot(dx, dy) or 1.0
                nx, ny = -dy / ln * off, dx / ln * off
                pts = [(x + nx, y + ny) for x, y in pts]
                for i in range(0, len(pts) - 1, 2):
                    pygame.draw.line(surface, (*inks[who].colour, 255), pts[i], pts[i + 1],
                                     max(2, w * 2 // 3))
                price = f.high if k == 0 else f.low
                mid = pts[len(pts) // 2]
                hud.pill(surface, f"{price}M", (mid[0], mid[1] - w * 1.6), max(10, int(w * 1.2)),
                         inks[who].colour)
        order = sorted(st.owner.items(), key=lambda kv: (kv[0] in fresh, kv[0]))
        for (a, c), who in order:
            pa = view.to_px(b.dots[a].x, b.dots[a].y)
            pc = view.to_px(b.dots[c].x, b.dots[c].y)
            draw_stroke(surface, pa, pc, inks[who], w, seed=a * 7919 + c,
                        fresh=(a, c) in fresh)

    def draw_pen(self, surface: pygame.Surface) -> None:
        cam = self.camera
        pen = self.pen
        sp = cam.dot_px
        w = ink_width(sp)
        size = max(11, min(18, int(sp * 0.45)))
        me = int(self.state.current)
        ink = self.ink(me)
        if not pen.active:
            # the dot under the pointer: ringed if a stroke may start there
            if self.human_turn() and self.state.phase == "build" and not self.overlay_open():
                d = self.dot_at(self.pointer)
                if d is not None and pen.can_start(d):
                    pygame.draw.circle(surface, ink.colour, cam.dot_screen(d), max(6, sp * 0.42),
                                       2)
            return
        for s in pen.steps:
            draw_stroke(surface, cam.dot_screen(s.frm), cam.dot_screen(s.to), ink, w,
                        seed=s.frm * 7919 + s.to, fresh=True)
        for s in pen.steps:
            a, b = cam.dot_screen(s.frm), cam.dot_screen(s.to)
            hud.pill(surface, f"+{s.cost}", ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - w),
                     max(10, size - 3), hud.TEXT)
        last = pen.path[-1]
        # the next legal dots glow faintly
        glow_r = max(5.0, sp * 0.32)
        glow = pygame.Surface((int(glow_r * 2 + 2), int(glow_r * 2 + 2)), pygame.SRCALPHA)
        pygame.draw.circle(glow, (*ink.colour, 70), (glow_r + 1, glow_r + 1), glow_r)
        for n in pen.legal_next():
            x, y = cam.dot_screen(n)
            surface.blit(glow, (x - glow_r - 1, y - glow_r - 1))
        # an illegal next segment: red, with a small cross and the engine's reason
        r = pen.refusal
        if r is not None:
            a, b = cam.dot_screen(r.frm), cam.dot_screen(r.to)
            pygame.draw.line(surface, hud.RED, a, b, max(2, w // 2))
            hud.cross(surface, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), max(4, w * 0.7))
        # the dot under the pen is ringed
        x, y = cam.dot_screen(last)
        pygame.draw.circle(surface, (255, 255, 255), (x, y), max(7, sp * 0.45), 3)
        pygame.draw.circle(surface, ink.colour, (x, y), max(7, sp * 0.45), 2)
        # the running cost follows the pen
        st = pen.state
        budget = self.state.rules.build_budget
        spent = self.state.phase_spent + pen.total
        cash = self.state.player.cash
        colour = hud.TEXT
        if spent > budget or spent > cash:
            colour = hud.RED
        elif spent >= budget - 4:
            colour = hud.AMBER
        del st
        lines = [(f"+{pen.total}M · {spent}/{budget}M", colour, True)]
        if r is not None:
            reason = r.reason.removeprefix("Can't build here: ")
            lines = [("Can't build here", hud.RED, True), (reason, hud.TEXT, False), *lines]
        hud.bubble(surface, lines, self.pointer, size, bg=(255, 252, 244), alpha=240,
                   bounds=cam.rect, above=True)

    def draw_hover(self, surface: pygame.Surface) -> None:
        if self.pen.active or self.overlay_open() or not self.camera.rect.collidepoint(
                self.pointer):
            return
        lines = self.hover_lines(self.pointer)
        if lines:
            hud.bubble(surface, lines, self.pointer, self.app.px(14), bounds=self.camera.rect)

    def hover_lines(self, pos: tuple[float, float]) -> list[tuple[str, tuple[int, int, int], bool]]:
        """What the pointer is over: a dot, a segment or a ferry (tooltip text)."""
        b = self.board
        st = self.state
        white = (255, 255, 255)
        soft = (220, 212, 198)
        d = self.dot_at(pos, 0.28)
        if d is not None:
            dot = b.dots[d]
            city = b.city_of_dot.get(d)
            out = []
            if city is not None:
                kind = {"major": "major city", "medium": "medium city", "small": "small city"}
                out.append((f"{city.name} ({kind[city.size]})", white, True))
                out.append((f"offers {city.commodity}", (150, 230, 160), False))
            else:
                out.append((dot.terrain.capitalize() + (" · coast" if dot.coastal else ""),
                            white, True))
            out.append((f"Building into this dot costs {b.dot_cost[d]}M (B1)", soft, False))
            for f in b.ferries_at.get(d, []):
                out.append((f"Ferry port: {f.name}", soft, False))
            return out
        e = edges_near(b, self.camera, pos[0], pos[1])
        if e is not None:
            edge = b.edge(*e)
            if edge is None:
                return []
            a, c = e
            out = [(f"Segment {b.key(a)} – {b.key(c)}", white, True)]
            if edge.free:
                city = b.major_of_dot.get(a)
                out.append((f"Free track of {city.name if city else 'the city'} (B4)", soft,
                            False))
                return out
            if edge.forbidden:
                out.append((f"Forbidden: {edge.forbidden} (B3)", (255, 170, 160), False))
                return out
            for cr in edge.crossings:
                extra = b.rules.crossing_costs.get(cr.kind, 0)
                out.append((f"Crosses {cr.kind} {cr.name} (+{extra}M, B2)", (160, 200, 255),
                            False))
            out.append((f"Costs {b.build_cost(a, c)}M towards {b.key(c)}, "
                        f"{b.build_cost(c, a)}M towards {b.key(a)}", soft, False))
            who = st.owner.get(edge_key(a, c))
            if who is not None:
                fresh = any(k == edge_key(a, c) for k, _, _ in st.phase_built)
                out.append((f"Track of {st.players[who].name}"
                            + (" (drawn this phase)" if fresh else ""), soft, False))
            return out
        # ferries: near their arc
        for f in b.ferries:
            pts = mr.ferry_curve(b, self.camera.view(), *f.ports)
            ox, oy = self.camera.rect.topleft
            if any(math.hypot(x + ox - pos[0], y + oy - pos[1]) < max(10, self.camera.dot_px * 0.4)
                   for x, y in pts[3:-3]):
                takers = [st.players[t].name for t in st.ferry_takers.get(f.index, [])]
                out = [(f"Ferry {f.name}", white, True),
                       (f"First taker pays {f.high}M, the second {f.low}M (K8)", soft, False),
                       ("Taken by " + ", ".join(takers) if takers else "Not taken yet", soft,
                        False)]
                return out
        return []

    def draw_hud(self, surface: pygame.Surface) -> None:
        rects = self.rects
        px = self.app.px
        st = self.state
        viewer = self.viewer()
        top = rects["top"]
        pygame.draw.rect(surface, hud.PANEL, top)
        pygame.draw.line(surface, hud.PANEL_EDGE, top.bottomleft, top.bottomright)
        me = st.players[st.current]
        ink = self.ink(int(st.current))
        x = px(14)
        cy = top.centery
        pygame.draw.circle(surface, ink.colour, (x + px(8), cy), px(8))
        x += px(24)
        loco = st.rules.locomotives.get(me.loco)
        phase = PHASE_NAMES.get(st.phase, st.phase.upper())
        parts = [f"Turn {st.turn}", f"{me.name} — {phase}"]
        if st.phase == "build":
            parts.append(f"spent {st.phase_spent}/{st.rules.build_budget}M")
        cash_shown = st.current == viewer or st.cash_public or self._all_computers()
        parts.append(f"cash {me.cash}M" if cash_shown else "cash hidden")
        if loco is not None:
            parts.append(f"{me.loco} {loco.speed}/{loco.capacity}")
        parts.append(f"{len(me.track)} segments")
        r = hud.label(surface, "  ·  ".join(parts), (x, cy), px(17), hud.TEXT, bold=True,
                      anchor="midleft")
        if self.session.seat.computer:
            hud.label(surface, "computer playing — Space to skip", (r.right + px(16), cy),
                      px(14), hud.MUTED, anchor="midleft")
        self.draw_side(surface, rects["side"], viewer)
        self.draw_bottom(surface, rects["bottom"])
        if self.app.settings.hints and self.human_turn() and st.phase == "build" \
                and not st.player.track and not self.pen.active:
            m = rects["map"]
            hud.bubble(surface, [("Start from the edge of a red hexagon:", hud.TEXT, True),
                                 ("press on one of its outer dots and drag to draw track.",
                                  hud.TEXT, False)],
                       (m.x + px(4), m.bottom), px(15), bg=(255, 250, 220), alpha=235,
                       bounds=m)

    def _all_computers(self) -> bool:
        return all(s.computer for s in self.session.setup.seats)

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect, viewer: int) -> None:
        if rect.w <= 0:
            return
        px = self.app.px
        st = self.state
        pygame.draw.rect(surface, hud.PANEL, rect)
        pygame.draw.line(surface, hud.PANEL_EDGE, rect.topleft, rect.bottomleft)
        x = rect.x + px(14)
        y = rect.y + px(12)
        size = px(15)
        for i, p in enumerate(st.players):
            ink = self.ink(i)
            sw = pygame.Rect(x, y + px(4), px(34), px(12))
            pygame.draw.rect(surface, ink.colour, sw, border_radius=px(6))
            if ink.pattern == "dots":
                for k in range(4):
                    pygame.draw.circle(surface, mix(ink.colour, (255, 255, 255), 0.7),
                                       (sw.x + px(5) + k * px(8), sw.centery), max(1, px(2)))
            turn = "  (to play)" if i == st.current else ""
            hud.label(surface, p.name + turn, (x + px(44), y), size + 1, hud.TEXT, bold=True)
            y += px(24)
            visible = i == viewer or st.cash_public or self._all_computers()
            loco = st.rules.locomotives.get(p.loco)
            lines = [f"Cash {p.cash}M" if visible else "Cash hidden",
                     f"{p.loco}" + (f" · speed {loco.speed} · {loco.capacity} loads"
                                    if loco else ""),
                     f"{len(p.track)} segments · {len(p.ferries)} ferries"]
            if self.session.setup.seats[i].computer:
                lines.append(f"computer ({self.session.setup.seats[i].level})")
            for line in lines:
                hud.label(surface, line, (x + px(10), y), size, hud.MUTED)
                y += px(20)
            y += px(10)
        if st.phase == "build":
            hud.label(surface, "This phase", (x, y), size + 1, hud.TEXT, bold=True)
            y += px(24)
            budget = st.rules.build_budget
            frac = min(1.0, st.phase_spent / max(1, budget))
            bar = pygame.Rect(x, y, rect.w - px(28), px(12))
            pygame.draw.rect(surface, (225, 218, 200), bar, border_radius=px(6))
            colour = hud.AMBER if st.phase_spent >= budget - 4 else self.ink(st.current).colour
            pygame.draw.rect(surface, colour, (bar.x, bar.y, round(bar.w * frac), bar.h),
                             border_radius=px(6))
            y += px(18)
            hud.label(surface, f"{st.phase_spent}M of {budget}M · {len(st.phase_built)} "
                               f"segments", (x + px(10), y), size, hud.MUTED)
            y += px(20)
            if st.phase_upgrade:
                hud.label(surface, f"locomotive {st.phase_upgrade[1]} ({st.phase_upgrade[2]}M)",
                          (x + px(10), y), size, hud.MUTED)
                y += px(20)
            y += px(10)
        # cards and events (shown when the game has them)
        me = st.players[viewer]
        if me.private or st.pool:
            hud.label(surface, "Your cards", (x, y), size + 1, hud.TEXT, bold=True)
            y += px(24)
            y = self._cards(surface, me.private, x, y, rect)
            hud.label(surface, "Public pool", (x, y), size + 1, hud.TEXT, bold=True)
            y += px(24)
            y = self._cards(surface, st.pool, x, y, rect)
        if st.events:
            hud.label(surface, "Events in force", (x, y), size + 1, hud.TEXT, bold=True)
            y += px(24)
            for ev in st.events:
                hud.label(surface, ev.kind.replace("_", " "), (x + px(10), y), size, hud.RED)
                y += px(20)

    def _cards(self, surface: pygame.Surface, numbers: list[int], x: int, y: int,
               rect: pygame.Rect) -> int:
        px = self.app.px
        for n in numbers:
            if y > rect.bottom - px(30):
                break
            card = self.state.deck.cards.get(n)
            if card is None:
                continue
            if card.is_event:
                hud.label(surface, f"#{n} {card.title}", (x + px(10), y), px(13), hud.RED)
                y += px(18)
                continue
            hud.label(surface, f"#{n}", (x + px(4), y), px(13), hud.MUTED, bold=True)
            for dm in card.demands:
                hud.label(surface, f"{dm.commodity} to {dm.city}  {dm.payoff}M", (x + px(40), y),
                          px(13), hud.TEXT)
                y += px(17)
            y += px(6)
        return y + px(6)

    def draw_bottom(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.app.px
        pygame.draw.rect(surface, hud.PANEL, rect)
        pygame.draw.line(surface, hud.PANEL_EDGE, rect.topleft, rect.topright)
        x = rect.x + px(44)
        if not self.history_open:
            last = self.state.log[-1].text if self.state.log else ""
            hud.label(surface, last, (x, rect.centery), px(14), hud.MUTED, anchor="midleft")
            return
        hud.label(surface, "History", (x, rect.y + px(8)), px(15), hud.TEXT, bold=True)
        lh = px(19)
        n = max(1, (rect.h - px(40)) // lh)
        lines = [(e.text, e.kind) for e in self.state.log[-n:]]
        y = rect.y + px(32)
        width = rect.w - px(720)
        for text, kind in lines:
            colour = {"event": hud.RED, "payment": hud.GREEN}.get(kind, hud.MUTED)
            f = mr.font(px(14))
            while f.size(text)[0] > width and len(text) > 4:
                text = text[:-4] + "…"
            hud.label(surface, text, (x, y), px(14), colour)
            y += lh

    def draw_curtain(self, surface: pygame.Surface) -> None:
        seat = self.curtain if self.curtain is not None else 0
        w, h = surface.get_size()
        surface.fill((246, 241, 226))
        name = self.state.players[seat].name
        ink = self.ink(seat)
        pygame.draw.circle(surface, ink.colour, (w // 2, h // 2 - self.app.px(90)),
                           self.app.px(28))
        hud.label(surface, f"Pass to {name}", (w // 2, h // 2 - self.app.px(20)),
                  self.app.px(44), hud.TEXT, bold=True, anchor="center")
        hud.label(surface, "click when ready", (w // 2, h // 2 + self.app.px(36)),
                  self.app.px(20), hud.MUTED, anchor="center")
