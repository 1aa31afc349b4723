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

from rail_app.ai.bot import Bot
from rail_app.core.board import edge_key
from rail_app.rules import movement
from rail_app.rules.actions import (
    Action,
    BuildSegment,
    ChooseLoss,
    Deliver,
    EndPhase,
    EndTurn,
    PlaceTrain,
    SwapDemands,
    UpgradeLoco,
)
from rail_app.rules.quotes import DeliverDetails, IllegalAction, MoveDetails, Quote
from rail_app.rules.state import GameState, Phase
from rail_app.ui import hud, zones
from rail_app.ui import maprender as mr
from rail_app.ui import panels as pn
from rail_app.ui.mapview import (
    BaseLayer,
    Camera,
    Ink,
    TrackLayer,
    draw_stroke,
    edges_near,
    ink_width,
)
from rail_app.ui.pen import Pen, erase_action
from rail_app.ui.scene import Host, Scene
from rail_app.ui.session import Session, new_save_path
from rail_app.ui.settings import INKS
from rail_app.ui.train import TrainRun, TrainTool
from rail_app.ui.widgets import Button, hit


def movement_moves_left(state: GameState, player: int) -> int:
    return movement.moves_left(state, player)

COMPUTER_STEP = 0.33  # seconds per computer action, so a person can follow it
FADE_TIME = 1.6  # seconds for washed-out track to fade away
POPUP_TIME = 5.0  # seconds an event card drawn by a computer stays unless clicked away
CIRCLE_TIME = 4.0  # seconds a derailment circle stays on the map
PHASE_NAMES = {Phase.BUILD: "BUILD", Phase.MOVE: "MOVE", Phase.SETUP: "CHOOSING CARDS",
               Phase.SWAPPED: "DEMANDS SWAPPED", Phase.OVER: "GAME OVER"}


class GameScene(Scene):
    def __init__(self, app: Host, session: Session) -> None:
        self.session = session
        self.board = session.board
        self.pen = Pen(session)
        self.side_open = True
        self.history_open = True
        self.base = BaseLayer(self.board)
        self.track = TrackLayer()
        self.camera = Camera(self.board, pygame.Rect(0, 0, 100, 100))
        self.computers = {i: Bot(s.level, i, session.setup.seed)
                          for i, s in enumerate(session.setup.seats) if s.computer}
        self.trains = TrainTool(session)
        self.run: TrainRun | None = None
        self.buttons: list[Button] = []  # hand-drawn buttons of the last frame
        self.hover_demand: tuple[str, str] | None = None  # (commodity, city) under the pointer
        self.keep_choice: set[int] = set()
        self.popups: list[int] = []  # event cards drawn, shown one at a time
        self.fades: list[tuple[tuple[int, int], int, float]] = []  # washed-out track fading
        self.circles: list[tuple[list[int], int, float]] = []  # derailment zones, briefly
        self.history_filter: int | None = None
        self.history_scroll = 0
        self.log_seen = len(session.state.log)
        self.thinking = 0.0
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
        for note in session.notes:  # e.g. an older save whose map has changed since
            self.toasts.append(hud.Toast("Note", note, self.camera.rect.center, hud.AMBER,
                                         life=10.0))
            self.messages.append(f"Note: {note}")

    # -- layout --------------------------------------------------------------------------------
    def layout(self) -> dict[str, pygame.Rect]:
        w, h = self.app.size
        px = self.app.px
        top = px(44)
        side = px(340) if self.side_open else 0
        bottom = px(132) if self.history_open else px(52)
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
        x -= px(110)
        self.swap_button = UIButton(pygame.Rect(x - px(150), y, px(150), bh), "Swap demands…",
                                    self.ui, tool_tip_text="Discard three unlocked public cards "
                                    "and draw three new ones; replaces this turn (C6)")
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
    def state(self) -> GameState:
        return self.session.state

    def _turn_key(self) -> tuple[int, int, str]:
        st = self.session.state
        return (st.turn, self.session.actor, st.phase)

    def human_turn(self) -> bool:
        return not self.session.seat.computer and not self.session.over

    def my_move(self) -> bool:
        """A person may act on the map now: their move phase, nothing running or asked."""
        st = self.state
        return (self.human_turn() and st.phase is Phase.MOVE and st.pending is None
                and self.run is None and not self.popups)

    def viewer(self) -> int:
        """Whose private things the screen shows: the human to act, or the only human."""
        seats = self.session.setup.seats
        actor = self.session.actor
        if not seats[actor].computer:
            return actor
        humans = [i for i, s in enumerate(seats) if not s.computer]
        return humans[0] if len(humans) == 1 else actor

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
                or self.confirm is not None or self.dialog() is not None)

    def dialog(self) -> str | None:
        """The dialog that waits for the person at the screen: an event card, choosing the
        private cards (C2) or the load lost in a derailment (E7)."""
        st = self.state
        if self.popups:
            return "event"
        if self.session.over or self.session.seat.computer:
            return None
        if st.pending is not None:
            return "loss"
        if st.phase is Phase.SETUP:
            return "keep"
        return None

    def toast(self, headline: str, reason: str = "", colour: tuple[int, int, int] = hud.RED,
              pos: tuple[float, float] | None = None) -> None:
        self.toasts = [t for t in self.toasts if t.alive and t.headline != headline][-2:]
        self.toasts.append(hud.Toast(headline, reason, pos or self.pointer, colour))
        self.messages.append(f"{headline} {reason}".strip())

    # -- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
            return
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and \
                event.ui_element is self.confirm:
            what, self.confirm_action = self.confirm_action, ""
            if self.confirm is not None and self.confirm.alive():
                self.confirm.kill()
            self.confirm = None
            self._confirmed(what)
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.confirm:
            self.confirm = None
            return
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.curtain is not None:
            # a click raised the curtain: only a new press, released, takes it away
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.curtain_armed = True
            elif (event.type == pygame.MOUSEBUTTONUP and getattr(self, "curtain_armed", False)) \
                    or (event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE):
                self.curtain = None
            return
        if self.help:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_ESCAPE) or event.type == pygame.MOUSEBUTTONDOWN:
                self.help = False
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.menu_panel is None and self.confirm is None:
            b = hit(self.buttons, event.pos)
            if b is not None:
                if b.enabled:
                    self.press(b.value)
                return
            if self.dialog() == "event":
                self.popups.pop(0)
                return
            if self.dialog() is not None:
                return
        if event.type == pygame.MOUSEWHEEL and self.rects["bottom"].collidepoint(self.pointer):
            self.history_scroll = max(0, self.history_scroll + (1 if event.y > 0 else -1) * 2)
            return
        if event.type == pygame.MOUSEWHEEL and self.rects["side"].collidepoint(self.pointer):
            self.side_scroll = max(0, getattr(self, "side_scroll", 0) - event.y * self.app.px(48))
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
        if self.dialog() == "event" and k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                                              pygame.K_ESCAPE):
            self.popups.pop(0)
            if k == pygame.K_SPACE and self.session.seat.computer:
                self.skip_computer = True
            return
        if k == pygame.K_ESCAPE:
            if self.trains.preview is not None:
                self.trains.clear()
                return
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
            if self.dialog() == "keep":
                self.keep_cards()
            elif self.trains.preview is not None and self.trains.preview.ok:
                self.confirm_move()
            elif self.dialog() is None:
                self.end_phase()
        elif k == pygame.K_SPACE:
            if self.run is not None:
                self.run.t = 1e9
            if self.session.seat.computer:
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
            if self.state.phase is Phase.MOVE and self.human_turn():
                self.train_click(event.pos)
            else:
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
                if self.trains.preview is not None:
                    self.trains.clear()
                else:
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
            if st.phase is Phase.MOVE:
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
        if not st.phase.in_turn or st.pending is not None or self.run is not None:
            return False
        action = EndPhase() if st.phase is Phase.MOVE else EndTurn()
        paid = st.phase_spent
        self.trains.clear()
        q = self.do(action)
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

    # -- actions through the engine ---------------------------------------------------------
    def do(self, action: Action) -> Quote:
        """Apply ``action`` through the session; starts the train's run for a move."""
        st = self.state
        actor = self.session.actor
        start = st.players[actor].position
        q = self.session.apply(action)
        if not q.ok:
            return q
        move = q.detail(MoveDetails)
        if move is not None and start is not None:
            dots = [start, *move.path[:move.steps]]
            if not (self.skip_computer and self.session.setup.seats[actor].computer):
                self.run = TrainRun(actor, dots)
            if move.rental:
                self.app.sounds.play("coins")
        elif isinstance(action, PlaceTrain):
            self.app.sounds.play("whistle")
        elif isinstance(action, Deliver):
            self.app.sounds.play("coins")
        return q

    def press(self, value: Any) -> None:
        """A hand-drawn button was clicked."""
        if isinstance(value, Action):
            if not self.human_turn() and not isinstance(value, ChooseLoss):
                return
            q = self.do(value)
            if not q.ok:
                self.toast("Not allowed", q.headline)
            elif (delivered := q.detail(DeliverDetails)) is not None:
                self.toast("Delivered", f"+{delivered.payoff}M in {delivered.city}", hud.GREEN)
            return
        if not isinstance(value, tuple) or not value:
            return
        what = value[0]
        if what == "toggle":
            c = value[1]
            if c in self.keep_choice:
                self.keep_choice.discard(c)
            elif len(self.keep_choice) < self.state.rules.keep:
                self.keep_choice.add(c)
        elif what == "keep":
            self.keep_cards()
        elif what == "filter":
            self.history_filter = value[1]
            self.history_scroll = 0
        elif what == "dismiss" and self.popups:
            self.popups.pop(0)

    def keep_cards(self) -> bool:
        act = pn.keep_action(self)
        if act is None or not self.human_turn():
            return False
        q = self.do(act)
        if q.ok:
            self.keep_choice = set()
        else:
            self.toast("Not allowed", q.headline)
        return q.ok

    def train_click(self, pos: tuple[float, float]) -> bool:
        """Move phase: the first click on a dot previews the route, a second click on the
        same dot (or Enter) moves the train."""
        if not self.my_move():
            if self.state.phase is Phase.SWAPPED:
                self.toast("No movement", "After swapping demands the train stays (C6)",
                           hud.GREEN)
            return False
        d = self.dot_at(pos)
        if d is None:
            self.trains.clear()
            return False
        pv = self.trains.preview
        if pv is not None and pv.target == d and pv.ok:
            return self.confirm_move()
        pv = self.trains.plan(d)
        self.trains.preview = pv
        if not pv.ok:
            self.toast("Can't go there", pv.reason, pos=pos)
            self.app.sounds.play("error")
        return False

    def confirm_move(self) -> bool:
        pv = self.trains.preview
        if pv is None or not pv.ok or pv.action is None:
            return False
        self.trains.clear()
        q = self.do(pv.action)
        if not q.ok:
            self.toast("Can't move", q.headline)
            return False
        if q.cost:
            self.toast("Rent paid", f"{q.cost}M to use the other player's track (M3)",
                       hud.AMBER)
        return True

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
        elif el is self.swap_button:
            self._ask("swap", "Swap demands: three unlocked public cards are discarded and "
                      "three new ones drawn. This replaces your whole turn (C6). Swap?",
                      title="Swap demands", verb="Swap")
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

    def _ask(self, what: str, text: str, title: str = "Unsaved progress",
             verb: str = "Continue") -> None:
        w, h = self.app.size
        self.confirm_action = what
        self.confirm = UIConfirmationDialog(pygame.Rect(w // 2 - 220, h // 2 - 110, 440, 220),
                                            text, self.ui, window_title=title,
                                            action_short_name=verb)

    def _confirmed(self, what: str) -> None:
        if what == "swap":
            q = self.do(SwapDemands())
            if not q.ok:
                self.toast("Can't swap", q.headline)
            else:
                self.toast("Demands swapped", "You may lock loads you carry, then end the "
                           "turn (C6)", hud.GREEN)
        elif what == "quit":
            self.app.switch("menu")
        elif what == "load":
            self.app.switch("load")

    def save_game(self) -> bool:
        path = new_save_path()
        try:
            self.session.save(path)
        except OSError as exc:  # disk full, permissions: say so, keep playing
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
        build = st.phase is Phase.BUILD
        text = "End move" if st.phase is Phase.MOVE else "End build"
        if st.phase is Phase.SWAPPED:
            text = "End turn"
        if self.end_button.text != text:
            self.end_button.set_text(text)
        free = mine and st.pending is None and self.run is None and not self.popups
        _enable(self.end_button, free and st.phase.in_turn)
        for b in (self.upgrade_button, self.clear_button, self.undo_button):
            _enable(b, free and build)
        key = (self.session.version, free)
        if getattr(self, "_swap_key", None) != key:
            self._swap_key = key
            ok = free and bool(st.deck.cards) and self.session.quote(SwapDemands()).ok
            _enable(self.swap_button, ok)

    # -- turn flow ---------------------------------------------------------------------------
    def _check_curtain(self, initial: bool = False) -> None:
        """Two people at one screen: hide the board between their turns (private cards)."""
        if self.session.two_humans() and not self.session.over and (
                not initial or self.state.turn > 1 or self.state.phase is Phase.SETUP):
            self.curtain = self.session.actor
            self.curtain_armed = False

    def _after_actions(self) -> None:
        self._watch_game()
        key = self._turn_key()
        if key[:2] != self.turn_key[:2]:
            # a turn passed: autosave, show the curtain between two humans
            self.session.autosave()
            self.pen.cancel()
            self.trains.clear()
            self._close_upgrade()
            prev_turn = self.turn_key
            self.turn_key = key
            if prev_turn[1] != key[1]:
                self._check_curtain()
        self.turn_key = key
        if self.session.over and self.game_over_delay < 0:
            self.session.autosave()
            self.game_over_delay = 2.0

    def _watch_game(self) -> None:
        """What changed since the last frame: event cards to show, washed-out track to fade,
        derailment circles, lost turns and loads to tell (they are in the history too)."""
        st = self.state
        version = self.session.version
        if getattr(self, "_seen_version", None) == version:
            return
        before = getattr(self, "_owner_before", None)
        if before is not None:
            for e, who in before.items():
                gone = e not in st.owner
                if gone and (any(w.edge == e for w in st.washed_out)
                             or any(ev.kind == "volcano" for ev in st.events)):
                    self.fades.append((e, who, 0.0))
        self._owner_before = dict(st.owner)
        self._seen_version = version
        new = st.log[self.log_seen:]
        self.log_seen = len(st.log)
        for e in new:
            if e.kind != "event":
                continue
            card = e.data.get("card")
            if card is not None and card in st.deck.cards:
                self.popups.append(int(card))
                c = st.deck.card(int(card))
                if c.event == "derailment":
                    from rail_app.rules.deck import event_centres

                    radius = int(c.params.get("radius", 3))
                    self.circles.append((event_centres(self.board, c), radius, 0.0))
            elif "loses" in e.text or "derails" in e.text:
                self.toast("Event", e.text, hud.RED, pos=self.camera.rect.center)

    def update(self, dt: float) -> None:
        super().update(dt)
        for t in self.toasts:
            t.age += dt
        self.toasts = [t for t in self.toasts if t.alive]
        if self.run is not None:
            self.run.t += dt
            if self.run.done:
                self.run = None
                if not self.skip_computer:
                    self.app.sounds.play("whistle")
        if self.popups and self.session.seat.computer:
            # while a computer plays, an event card closes by itself after a while
            self.popup_age = getattr(self, "popup_age", 0.0) + dt
            if self.popup_age > POPUP_TIME or (self.skip_computer and self._all_computers()):
                self.popups.pop(0)
                self.popup_age = 0.0
        else:
            self.popup_age = 0.0
        self.fades = [(e, w, t + dt) for e, w, t in self.fades if t + dt < FADE_TIME]
        self.circles = [(c, r, t + dt) for c, r, t in self.circles if t + dt < CIRCLE_TIME]
        self.hover_demand = None
        for r, dem in getattr(self, "demand_rects", []):
            if r.collidepoint(self.pointer):
                self.hover_demand = dem
        if self.game_over_delay >= 0:
            self._after_actions()
            self.game_over_delay -= dt
            if self.game_over_delay < 0:
                self.app.switch("gameover", session=self.session)
            return
        self.thinking = 0.0
        if self.session.seat.computer and not self.session.over and self.curtain is None \
                and self.menu_panel is None and self.confirm is None:
            self.computer_clock += dt
            me = self.session.actor
            self.thinking = self.computer_clock
            while self.session.actor == me and not self.session.over and self.run is None \
                    and not self.popups and (self.skip_computer
                                             or self.computer_clock >= COMPUTER_STEP):
                self.computer_clock = max(0.0, self.computer_clock - COMPUTER_STEP)
                if not self.computer_act():
                    break
                self._watch_game()
            if self.session.actor != me or self.session.over:
                self.skip_computer = False
                self.computer_clock = 0.0
        self._after_actions()
        self._refresh_buttons()

    def computer_act(self) -> bool:
        seat = self.session.actor
        player = self.computers.get(seat)
        if player is None:
            self.computers[seat] = player = Bot(self.session.setup.seats[seat].level, seat,
                                                self.session.setup.seed)
        act = player.next_action(self.state)
        q = self.do(act)
        if not q.ok:  # the computer opponent plays by the rules: a refusal is its bug
            raise IllegalAction(q)
        if isinstance(act, BuildSegment):
            self.last_build = self.board.dot(act.b)
            if not self.skip_computer:
                self.app.sounds.play("squeak")
        return True

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        cam = self.camera
        self.track.ensure(cam, (self.session.version, self._ink_key()), self.draw_track)
        self.base.draw(surface, cam, self.track)  # base, track and names: one cached picture
        self.buttons = []
        clip = surface.get_clip()
        surface.set_clip(cam.rect)
        if self.state.events:
            zones.draw_zone_labels(surface.subsurface(cam.rect), self.state, cam.view())
        self.draw_transients(surface)
        self.draw_demand_highlight(surface)
        self.draw_move(surface)
        self.draw_trains(surface)
        self.draw_pen(surface)
        self.draw_hover(surface)
        self.draw_banner(surface)
        surface.set_clip(clip)
        self.draw_hud(surface)
        for t in self.toasts:
            t.draw(surface, self.app.px(15), self.camera.rect)
        self.ui.draw_ui(surface)
        if self.curtain is None and not self.help and self.menu_panel is None:
            kind = self.dialog()
            if kind == "event":
                self.buttons += pn.draw_event_card(self, surface, self.popups[0])
            elif kind == "keep":
                self.buttons += pn.draw_keep_dialog(self, surface)
            elif kind == "loss":
                self.buttons += pn.draw_loss_dialog(self, surface)
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
        zones.draw_zones(surface, st, view)
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
            if self.human_turn() and self.state.phase is Phase.BUILD and not self.overlay_open():
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
        if self.pen.active or self.overlay_open() or self.trains.preview is not None \
                or not self.camera.rect.collidepoint(self.pointer):
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
        # ferries: near their arc (which bulges at most 0.06 of its length off the ports' line)
        near = max(10, self.camera.dot_px * 0.4)
        for f in b.ferries:
            (ax, ay), (bx, by) = (self.camera.dot_screen(p) for p in f.ports)
            reach = near + 0.12 * math.hypot(bx - ax, by - ay)
            if not (min(ax, bx) - reach <= pos[0] <= max(ax, bx) + reach
                    and min(ay, by) - reach <= pos[1] <= max(ay, by) + reach):
                continue
            pts = mr.ferry_curve(b, self.camera.view(), *f.ports)
            ox, oy = self.camera.rect.topleft
            if any(math.hypot(x + ox - pos[0], y + oy - pos[1]) < near for x, y in pts[3:-3]):
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
        phase = PHASE_NAMES[st.phase]
        parts = [f"Turn {st.turn}", f"{me.name} — {phase}"]
        if st.phase is Phase.BUILD:
            parts.append(f"spent {st.phase_spent}/{st.rules.build_budget}M")
        elif st.phase is Phase.MOVE and me.position is not None:
            parts.append(f"moves {movement_moves_left(st, int(st.current))}")
        cash_shown = st.current == viewer or st.cash_public or self._all_computers()
        parts.append(f"cash {me.cash}M" if cash_shown else "cash hidden")
        if loco is not None:
            parts.append(f"{me.loco} {loco.speed}/{loco.capacity}")
        r = hud.label(surface, "  ·  ".join(parts), (x, cy), px(17), hud.TEXT, bold=True,
                      anchor="midleft")
        if self.session.seat.computer and not self.session.over:
            dots = "." * (1 + int(pygame.time.get_ticks() / 350) % 3)
            who = st.players[self.session.actor].name
            hud.label(surface, f"{who} is thinking{dots}  (Space skips)", (r.right + px(16), cy),
                      px(14), hud.AMBER, bold=True, anchor="midleft")
        elif self.human_turn() and st.phase is Phase.MOVE and st.pending is None \
                and self.run is None:
            tip = ("click a city to place your train" if me.position is None
                   else "click a dot: route preview; click again to go")
            hud.label(surface, tip, (r.right + px(16), cy), px(14), hud.MUTED, anchor="midleft")
        # the panels' pixels are kept while what they show stays the same (hud.cached_panel)
        side, bottom, here = rects["side"], rects["bottom"], tuple(self.pointer)
        hud.cached_panel(
            self, "side", surface, side,
            None if self.run is not None else (
                self.session.version, viewer, tuple(side), getattr(self, "side_scroll", 0),
                here if side.collidepoint(here) else None, self.hover_demand,
                self._ink_key(), px(100)),
            lambda: self.draw_side(surface, side, viewer), ("demand_rects", "side_content"))
        hud.cached_panel(
            self, "bottom", surface, bottom,
            (self.session.version, tuple(bottom), self.history_open, self.history_filter,
             self.history_scroll, here if bottom.collidepoint(here) else None, px(100)),
            lambda: self.draw_bottom(surface, bottom))
        if self.app.settings.hints and self.human_turn() and st.phase is Phase.BUILD \
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
        content = getattr(self, "side_content", 0)
        self.side_scroll = max(0, min(getattr(self, "side_scroll", 0), content - rect.h))
        self.buttons += pn.draw_side(self, surface, rect, viewer)

    def draw_bottom(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.app.px
        pygame.draw.rect(surface, hud.PANEL, rect)
        pygame.draw.line(surface, hud.PANEL_EDGE, rect.topleft, rect.topright)
        x = rect.x + px(44)
        if not self.history_open:
            last = self.state.log[-1].text if self.state.log else ""
            hud.label(surface, last, (x, rect.centery), px(14), hud.MUTED, anchor="midleft")
            return
        self.buttons += pn.draw_history(self, surface, rect)

    # -- the train and the map's moving parts ----------------------------------------------
    def draw_transients(self, surface: pygame.Surface) -> None:
        """Washed-out track fading away; derailment circles for a few seconds."""
        cam = self.camera
        w = ink_width(cam.dot_px)
        for (a, c), who, t in self.fades:
            alpha = round(255 * max(0.0, 1 - t / FADE_TIME))
            layer = pygame.Surface(cam.rect.size, pygame.SRCALPHA)
            pa = cam.dot_screen(a)
            pc = cam.dot_screen(c)
            off = cam.rect.topleft
            draw_stroke(layer, (pa[0] - off[0], pa[1] - off[1]), (pc[0] - off[0], pc[1] - off[1]),
                        self.ink(who), w, seed=a * 7919 + c)
            layer.set_alpha(alpha)
            surface.blit(layer, off)
        for centres, radius, t in self.circles:
            fade = min(1.0, (CIRCLE_TIME - t) / 1.0)
            pulse = 1.0 + 0.06 * math.sin(t * 6)
            for c in centres:
                city = self.board.city_of_dot.get(c)
                zones.draw_circle_mark(surface, cam.dot_screen(c),
                                       (radius + 0.5) * cam.dot_px * pulse, zones.DERAIL, fade,
                                       f"derailment near {city.name}" if city else "")

    def draw_demand_highlight(self, surface: pygame.Surface) -> None:
        """A hovered demand: the cities that supply its commodity (green) and the city that
        wants it (red), with their names."""
        dem = self.hover_demand
        if dem is None:
            return
        commodity, city_name = dem
        b = self.board
        cam = self.camera
        size = self.app.px(14)
        r = max(10.0, cam.dot_px * 0.9)
        for c in b.suppliers.get(commodity, []):
            x, y = cam.dot_screen(c.centre)
            pygame.draw.circle(surface, (255, 255, 255), (x, y), r + 3, 3)
            pygame.draw.circle(surface, hud.GREEN, (x, y), r, 4)
            hud.pill(surface, f"{c.name}: {commodity}", (x, y + r + size), size, hud.GREEN)
        target = b.cities.get(city_name)
        if target is not None:
            x, y = cam.dot_screen(target.centre)
            rr = r * (1.6 if target.major else 1.1)
            pygame.draw.circle(surface, (255, 255, 255), (x, y), rr + 3, 3)
            pygame.draw.circle(surface, hud.RED, (x, y), rr, 5)
            hud.pill(surface, f"{city_name} wants {commodity}", (x, y - rr - size), size + 1,
                     hud.RED)

    def draw_move(self, surface: pygame.Surface) -> None:
        """Move phase: the dots the train can still reach, and the route preview."""
        st = self.state
        if st.phase != "move" or not self.human_turn() or self.run is not None:
            return
        cam = self.camera
        me = int(st.current)
        ink = self.ink(me)
        pl = st.players[me]
        sp = cam.dot_px
        if pl.position is None and st.phase is not Phase.SWAPPED:
            # first movement: any city may take the train (M1)
            d = self.dot_at(self.pointer)
            city = self.board.city_of_dot.get(d) if d is not None else None
            for c in self.board.city_list:
                x, y = cam.dot_screen(c.centre)
                pygame.draw.circle(surface, ink.colour, (x, y),
                                   max(8.0, sp * (1.5 if c.major else 0.55)),
                                   3 if c is city else 1)
        pv = self.trains.preview
        if self.my_move() and pl.position is not None:
            reach = self.trains.reach(me)
            under = self.dot_at(self.pointer)
            glow = max(3.0, sp * 0.2)
            show = pv is None or under in reach
            if show:
                s = pygame.Surface((int(glow * 2 + 2),) * 2, pygame.SRCALPHA)
                pygame.draw.circle(s, (*ink.colour, 110), (glow + 1, glow + 1), glow)
                for d in reach:
                    x, y = cam.dot_screen(d)
                    if cam.rect.collidepoint(x, y):
                        surface.blit(s, (x - glow - 1, y - glow - 1))
        if pv is None:
            return
        w = max(4, ink_width(sp))
        start = pl.position
        if pv.now and start is not None:
            pts = [cam.dot_screen(d) for d in [start, *pv.now]]
            pygame.draw.lines(surface, (255, 255, 255), False, pts, w + 6)
            pygame.draw.lines(surface, ink.colour, False, pts, w)
            for p in pts[1:]:
                pygame.draw.circle(surface, (255, 255, 255), p, max(3, w // 2))
        if pv.later:
            first = pv.now[-1] if pv.now else start
            if first is not None:
                pts = [cam.dot_screen(d) for d in [first, *pv.later]]
                for a, b in zip(pts[:-1], pts[1:], strict=True):
                    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                    pygame.draw.line(surface, (130, 120, 110), a, (mx, my), max(2, w // 2))
        tx, ty = cam.dot_screen(pv.target)
        stop = pv.now[-1] if pv.now else None
        if stop is not None:
            sx, sy = cam.dot_screen(stop)
            pygame.draw.circle(surface, (255, 255, 255), (sx, sy), max(9, sp * 0.5), 4)
            pygame.draw.circle(surface, ink.colour, (sx, sy), max(9, sp * 0.5), 3)
        lines = self.preview_lines()
        hud.bubble(surface, lines, (tx, ty), self.app.px(14), bg=(255, 252, 244), alpha=245,
                   bounds=cam.rect, above=True)

    def preview_lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        pv = self.trains.preview
        st = self.state
        if pv is None:
            return []
        b = self.board
        name = (b.city_of_dot[pv.target].name if pv.target in b.city_of_dot
                else f"dot {b.key(pv.target)}")
        if isinstance(pv.action, PlaceTrain):
            return [(f"Place the train at {name}", hud.TEXT, True),
                    ("Click again or press Enter (M1)", hud.MUTED, False)]
        if not pv.ok or pv.quote is None:
            return [(f"Can't go to {name}", hud.RED, True), (pv.reason, hud.TEXT, False)]
        q = pv.quote
        d = q.detail(MoveDetails)
        if d is None:
            return [(f"Can't go to {name}", hud.RED, True)]
        me = st.current
        left = movement_moves_left(st, me)
        used = d.steps
        stop = d.stop
        stop_name = b.city_of_dot[stop].name if stop in b.city_of_dot else f"dot {b.key(stop)}"
        out = [(f"To {name}: {used} of {left} moves", hud.TEXT, True)]
        if pv.later:
            out.append((f"Stops at {stop_name} this turn; {len(pv.later)} more next turn",
                        hud.AMBER, False))
        else:
            out.append((f"Stops at {stop_name}, {d.moves_left} moves left",
                        hud.MUTED, False))
        if d.slowed_by:
            out.append((f"Enters a half-speed zone: {d.slowed_by} (M6)", hud.AMBER, False))
        if pv.rent:
            owner = st.players[d.rent_to if d.rent_to is not None else 1 - me].name
            out.append((f"Uses {owner}'s track: {st.rules.rental_fee}M rent (M3)", hud.RED,
                        True))
        pos = st.players[me].position
        here = b.city_of_dot.get(pos) if pos is not None else None
        cities = [b.city_of_dot[x].name for x in pv.now[:-1] if x in b.city_of_dot
                  and b.city_of_dot[x] is not here]
        if cities:
            seen: list[str] = []
            for c in cities:
                if c not in seen:
                    seen.append(c)
            out.append(("Passes " + ", ".join(seen[:4]) + " (click one to stop there)",
                        hud.MUTED, False))
        out.append(("Click again or Enter to go · Esc cancels", hud.MUTED, False))
        return out

    def draw_trains(self, surface: pygame.Surface) -> None:
        """Both trains: a marker in the player's ink with its loads as cubes."""
        st = self.state
        cam = self.camera
        r = max(8.0, min(18.0, cam.dot_px * 0.42))
        for i, p in enumerate(st.players):
            ink = self.ink(i)
            if self.run is not None and self.run.player == i:
                x, y = cam.to_screen(*self.run.where(self.board))
            elif p.aboard is not None:
                f = self.board.ferries[p.aboard]
                pts = mr.ferry_curve(self.board, cam.view(), *f.ports)
                mx, my = pts[len(pts) // 2]
                x, y = mx + cam.rect.x, my + cam.rect.y
            elif p.position is not None:
                x, y = cam.dot_screen(p.position)
                if st.players[1 - i].position == p.position:
                    x += r * (0.6 if i == 0 else -0.6)
            else:
                continue
            body = pygame.Rect(0, 0, r * 2.2, r * 1.5)
            body.center = (round(x), round(y))
            pygame.draw.rect(surface, (30, 26, 22), body.inflate(4, 4), border_radius=round(r * 0.4))
            pygame.draw.rect(surface, ink.colour, body, border_radius=round(r * 0.4))
            cab = pygame.Rect(body.x + body.w * 0.58, body.y - r * 0.45, body.w * 0.34, r * 0.6)
            pygame.draw.rect(surface, ink.colour, cab, border_radius=2)
            pygame.draw.rect(surface, (30, 26, 22), cab, 1, border_radius=2)
            for k in (0.28, 0.72):
                pygame.draw.circle(surface, (30, 26, 22), (body.x + body.w * k, body.bottom), r * 0.3)
            if ink.pattern == "dots":
                for k in range(3):
                    pygame.draw.circle(surface, (255, 255, 255),
                                       (body.x + body.w * (0.25 + k * 0.25), body.centery), 2)
            cube = max(5, round(r * 0.55))
            for k, load in enumerate(p.loads):
                cr = pygame.Rect(body.right + 3 + k * (cube + 2), body.y, cube, cube)
                pygame.draw.rect(surface, (255, 255, 255) if load.locked else (230, 230, 230), cr)
                pygame.draw.rect(surface, ink.colour, cr, 2)
            if p.aboard is not None:
                hud.pill(surface, "at sea", (x, y - r * 1.6), self.app.px(12), ink.colour)

    def draw_banner(self, surface: pygame.Surface) -> None:
        """A line across the top of the map for what everybody must know now."""
        st = self.state
        text = ""
        colour = hud.AMBER
        if st.end_triggered_by is not None and not self.session.over:
            who = st.players[st.end_triggered_by].name
            text = (f"Last round: {who} has reached the goal. The game ends when both players "
                    "have had the same number of turns (W1).")
        elif self.session.over:
            text = "Game over"
            colour = hud.RED
        elif st.pending is not None:
            who = st.players[st.pending.player].name
            text = f"Derailment: {who} chooses which load is lost (E7)"
            colour = hud.RED
        if not text:
            return
        m = self.camera.rect
        size = self.app.px(15)
        img = mr.font(size, True).render(hud.plain(text), True, (255, 255, 255))
        box = img.get_rect(midtop=(m.centerx, m.y + self.app.px(8))).inflate(size * 2, size)
        pygame.draw.rect(surface, colour, box, border_radius=box.h // 2)
        surface.blit(img, img.get_rect(center=box.center))

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


def _enable(button: UIButton, on: bool) -> None:
    if on:
        button.enable()
    else:
        button.disable()
