"""Steam's game screen (UX.md "Screen layout"): the map with the tiles, links and cubes;
a top bar with the turn, the phase and the player to act; a side panel with the players,
their income, VP and locomotive tracks, the action tiles, the goods reserve and, when a city
is picked in the move phase, its deliveries; a bottom bar with the history and the phase's
buttons.

The pen lays track: a drag through hexes asks :func:`plan_stroke` for each hex's tile and its
price, quoted on the state the previous hexes leave; releasing lays the legal ones through
the session (the one door through which the screen changes the game). A refused hex is
crossed out and its rule said beside it. Computer seats play through their bots, one action
a third of a second (Space plays on at once)."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from rail_app.core.i18n import _, dollars, ngettext, number
from rail_app.games.steam.ai import make_player
from rail_app.games.steam.rules import build as build_rules
from rail_app.games.steam.rules import goods
from rail_app.games.steam.rules.actions import (
    Action,
    Bid,
    ChooseTile,
    Declare,
    EndBuild,
    ForgoSpecial,
    LayTile,
    MoveCube,
    PassBid,
    PassMove,
    PlaceNewCity,
    RedirectTile,
    TakeCapital,
    TakePoints,
    UpgradeLocomotive,
    UpgradeTile,
    UrbanGrowth,
)
from rail_app.games.steam.rules.auction import max_bid, min_bid
from rail_app.games.steam.rules.board import COLOURS, Colour, Terrain
from rail_app.games.steam.rules.money import STEP, steps_available
from rail_app.games.steam.rules.quotes import IllegalAction, Quote
from rail_app.games.steam.rules.state import (
    MAX_LOCO,
    ActionTile,
    GameState,
    Phase,
    Special,
    Step,
)
from rail_app.games.steam.rules.strokes import TileChoice, plan_stroke
from rail_app.games.steam.rules.turns import locomotive_cost, score, special_cost
from rail_app.games.steam.ui import maprender as mr
from rail_app.games.steam.ui import palette as pal
from rail_app.games.steam.ui import words
from rail_app.games.steam.ui.mapview import MapView
from rail_app.ui import hud
from rail_app.ui.fonts import font
from rail_app.ui.palette import AMBER, INKS, MUTED, PANEL, RED, TEXT, VEIL, WHITE
from rail_app.ui.scene import Host, Scene
from rail_app.ui.session import Session

COMPUTER_STEP = 0.33  # seconds per computer action (as Italian Rails' computer turns)
NOTICE_SECONDS = 4.0
FLASH_SECONDS = 1.0  # a computer's delivery glows this long on the map


@dataclass
class Button:
    rect: pygame.Rect
    text: str
    do: Callable[[], None]
    enabled: bool = True
    key: str = ""
    tip: str = ""
    arg: Any = None  # which tile, route, space or colour


@dataclass
class Notice:
    text: str
    until: float
    at: tuple[int, int] | None = None
    bad: bool = True


@dataclass
class Pen:
    """The stroke being drawn: its hexes and what the rules make of them."""

    hexes: list[str] = field(default_factory=list)
    choices: list[TileChoice] = field(default_factory=list)
    drawing: bool = False
    version: int = 0  # the game's version the choices were quoted at


class SteamScene(Scene):
    def __init__(self, app: Host, session: Session[GameState], lesson: int | None = None
                 ) -> None:
        self.session = session
        mr.font.cache_clear()  # fonts made before an earlier pygame.quit() are dead
        bg = None
        try:
            bg = mr.load_background(session.state.board, session.setup.map_path)
        except Exception:  # noqa: BLE001 - a missing background leaves the sea plain
            bg = None
        self.map = MapView(session.state.board, bg)
        self.pen = Pen()
        self.strokes: list[int] = []  # actions of each stroke of this build phase
        self.build_key: tuple[int, int, int] = (-1, -1, -1)
        self.picked: int | None = None  # the city picked in the move phase
        self.routes: list[goods.Route] = []
        self.hover_route: int | None = None
        self.mode = ""  # "growth" or "newcity": the next click on the map places it
        self.space: int | None = None  # the reserve space chosen for it
        self.city_colour: Colour | None = None
        self.bid = 0
        self.capital = 0
        self.overlay = ""  # "menu" or "help"
        self.cards_compact = False  # the action tiles in a column, each card compact
        self.notices: list[Notice] = []
        self.clock = 0.0
        self.skip = False
        self.bots: dict[int, Any] = {}
        self.hover: int | None = None
        self.mouse = (0, 0)
        self.panning: tuple[int, int] | None = None
        self.pan_moved = False
        self.history_scroll = 0
        self.buttons: list[Button] = []
        self.last_autosave = -1
        self.hint_hidden: set[str] = set()
        self.ended = False
        self.rects: dict[str, pygame.Rect] = {}
        self.flash: tuple[float, frozenset[int], list[int]] = (0.0, frozenset(), [])
        self._chrome: pygame.Surface | None = None
        self.thinking: tuple[Future[Action], int] | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._layout_key: tuple[object, ...] = ()
        self._hint: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._chrome_key: tuple[object, ...] = ()
        self._layouts = 0  # counts the layouts made (the buttons' version)
        self._on_bars: tuple[int, frozenset[int]] = (-1, frozenset())  # for that layout
        self._hint_of: tuple[int, tuple[str, str, pygame.Rect] | None] = (-1, None)
        # what the screen holds beyond the map since this scene's last frame: the surface,
        # the app's frame, the bars' key, and whether the app wrote over them after it
        self._kept: tuple[pygame.Surface, int, tuple[object, ...], bool] | None = None
        super().__init__(app)
        for note in session.notes:
            self.say(note, bad=False)

    # -- what tests and tools look at ---------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    def inks(self) -> list[pal.RGB]:
        return [INKS.get(s.ink, INKS["blue"]) for s in self.session.setup.seats]

    def person_to_act(self) -> bool:
        return not self.session.over and not self.session.seat.computer

    def find(self, key: str, arg: Any = None) -> pygame.Rect | None:
        """Where the button ``key`` (for ``arg``) is on screen (for tools and tests)."""
        b = self.button(key, arg)
        return None if b is None else pygame.Rect(b.rect)

    def button(self, key: str, arg: Any = None) -> Button | None:
        self.layout()
        for b in self.buttons:
            if b.key == key and (arg is None or b.arg == arg):
                return b
        return None

    def focus(self, keys: list[str], zoom: float) -> None:
        """Centre the map on these hexes at ``zoom`` times the whole map's scale."""
        idx = [self.state.board.hex_index(k) for k in keys]
        pts = [self.map.centres[h] for h in idx if h is not None]
        if not pts:
            return
        self.map.fit()
        cam = self.map.camera
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        cam.zoom(zoom, cam.to_px(cx, cy), 0.0, 1e9)
        sx, sy = cam.to_px(cx, cy)
        cam.pan(cam.rect.centerx - sx, cam.rect.centery - sy)

    def hex_screen(self, key: str) -> tuple[int, int]:
        h = self.state.board.hex_index(key)
        assert h is not None
        x, y = self.map.centre_px(h)
        return round(x), round(y)

    # -- layout -------------------------------------------------------------------------------
    def build(self) -> None:
        self.place_rects()

    def place_rects(self) -> None:
        w, h = self.app.size
        px = self.app.px
        top = px(40)
        bottom = max(px(150), h // 6)
        side = min(max(px(360), w // 5), w // 3)
        self.rects = {
            "top": pygame.Rect(0, 0, w, top),
            "side": pygame.Rect(w - side, top, side, h - top - bottom),
            "bottom": pygame.Rect(0, h - bottom, w, bottom),
            "map": pygame.Rect(0, top, w - side, h - top - bottom),
        }
        self.map.set_rect(self.rects["map"])

    def resized(self) -> None:
        """Laid out anew (the window resized, or back from a screen over this one): the map
        is fitted again only when its rectangle changed size; else the view stays where the
        player left it."""
        before = self.map.camera.rect.size
        super().resized()
        if self.map.camera.rect.size != before:
            self.map.fit()

    def fs(self, size: int) -> int:
        return self.app.px(size)

    # -- saying things ------------------------------------------------------------------------
    def say(self, text: str, at: tuple[int, int] | None = None, bad: bool = True) -> None:
        self.notices = [n for n in self.notices if n.at is None or at is None][-2:]
        self.notices.append(Notice(text, time.monotonic() + NOTICE_SECONDS, at, bad))

    def do(self, action: Action) -> Quote:
        """Every change to the game goes through here (and the session)."""
        q: Quote = self.session.apply(action)
        if not q.ok:
            self.say(words.refusal(q.violations[0]), self.mouse)
        return q

    # -- the loop -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        self.sync()
        self.layout()
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        if event.type == pygame.MOUSEMOTION:
            self.motion(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.press(event.pos, event.button)
        if event.type == pygame.MOUSEBUTTONUP:
            return self.release(event.pos, event.button)
        if event.type == pygame.MOUSEWHEEL:
            if self.overlay:
                return True
            if self.rects["bottom"].collidepoint(self.mouse):
                self.history_scroll = max(0, self.history_scroll + event.y)
            elif self.rects["map"].collidepoint(self.mouse):
                self.map.zoom(1.15 ** event.y, self.mouse)
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_F1:
            self.overlay = "" if self.overlay == "help" else "help"
            return True
        if k == pygame.K_ESCAPE:
            if self.pen.drawing:
                self.pen = Pen()
            elif self.mode or self.picked is not None:
                self.mode, self.picked, self.routes = "", None, []
            else:
                self.overlay = "" if self.overlay else "menu"
            return True
        if self.overlay == "tracks" and k == pygame.K_t:
            self.toggle("tracks")
            return True
        if self.overlay:
            return True
        if k == pygame.K_SPACE:
            self.skip = True
            return True
        if k == pygame.K_t and not self.pen.drawing:
            self.toggle("tracks")
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.person_to_act() and self.state.step is Step.BUILD and not self.pen.drawing:
                self.end_build()
            return True
        if k == pygame.K_BACKSPACE or (k == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self.undo_stroke()
            return True
        if k in (pygame.K_HOME, pygame.K_f):
            self.map.fit()
            return True
        step = self.fs(60)
        moves = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step),
                 pygame.K_DOWN: (0, -step)}
        if k in moves:
            self.map.camera.pan(*moves[k])
            return True
        return False

    def motion(self, pos: tuple[int, int]) -> None:
        old = self.mouse
        self.mouse = pos
        if self.panning is not None:
            self.map.camera.pan(pos[0] - old[0], pos[1] - old[1])
            if abs(pos[0] - self.panning[0]) + abs(pos[1] - self.panning[1]) > 4:
                self.pan_moved = True
            return
        self.hover = self.map.hex_at(pos)
        if self.pen.drawing:
            self.extend_stroke(old, pos)
        self.hover_route = None
        for b in self.buttons:
            if b.key == "route" and b.rect.collidepoint(pos):
                self.hover_route = int(b.arg)

    def press(self, pos: tuple[int, int], button: int) -> bool:
        self.mouse = pos
        if self.overlay in ("help", "tracks"):
            for b in self.buttons:
                if b.key in ("menu", "help", "tracks") and b.rect.collidepoint(pos):
                    b.do()
                    return True
            self.overlay = ""
            return True
        if button in (2, 3):
            self.panning, self.pan_moved = pos, False
            return True
        if button != 1:
            return False
        for b in reversed(self.buttons):
            if b.rect.collidepoint(pos):
                if b.enabled:
                    b.do()
                elif b.tip:
                    self.say(b.tip, pos)
                return True
        if self.overlay:
            return True
        if not self.rects["map"].collidepoint(pos):
            return False
        h = self.map.hex_at(pos)
        if h is None or not self.person_to_act():
            return True
        step = self.state.step
        if step is Step.BUILD and self.mode:
            self.place_special(h)
        elif step is Step.BUILD:
            self.pen = Pen([self.state.key(h)], [], True)
            self.replan()
        elif step is Step.MOVE:
            self.pick_city(h)
        return True

    def release(self, pos: tuple[int, int], button: int) -> bool:
        self.mouse = pos
        if button in (2, 3):
            moved = self.pan_moved
            self.panning = None
            if button == 3 and not moved and not self.overlay:
                if self.pen.drawing:
                    self.pen = Pen()
                else:
                    self.undo_stroke()
            return True
        if button == 1 and self.pen.drawing:
            self.finish_stroke()
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        now = time.monotonic()
        self.notices = [n for n in self.notices if n.until > now]
        if self.session.over:
            if not self.ended:
                self.ended = True
                self.pen = Pen()
                self.session.autosave()
                self.app.reset(self.app.screens.game_over(self.session))
            return
        if self.person_to_act() and self.state.turn != self.last_autosave:
            self.last_autosave = self.state.turn
            self.session.autosave()
        self.sync()
        self.play_computer(dt)
        self.sync()
        self.layout()

    def sync(self) -> None:
        """A new player to act, or a new phase: what the screen held for the last one
        (strokes to take back, a picked city, a bid) is left."""
        key = (self.state.turn, self.session.actor, int(self.state.step is Step.BUILD))
        if key != self.build_key:
            self.build_key = key
            self.strokes = []
            self.mode, self.space, self.picked, self.routes = "", None, None, []
            self.bid = 0
            self.capital = 0
            if self.state.step is Step.BID and self.state.auction is not None:
                self.bid = min_bid(self.state.auction)

    def play_computer(self, dt: float) -> None:
        """A computer seat's next action, when its time has come: the computer player
        thinks in a thread of its own (a hard decision on a big map can take a second), so
        the screen keeps answering; its action goes through the session as a person's."""
        if self.overlay or self.session.over or not self.session.seat.computer:
            self.skip = self.skip and not self.session.over and self.session.seat.computer
            self.clock = 0.0
            return
        self.clock += dt
        start = time.monotonic()
        while not self.session.over and self.session.seat.computer:
            if self.thinking is None:
                if not (self.skip or self.clock >= COMPUTER_STEP):
                    break
                self.clock = max(0.0, self.clock - COMPUTER_STEP)
                seat = self.session.actor
                bot = self.bots.get(seat)
                if bot is None:
                    level = str(self.session.setup.seats[seat].level or "normal")
                    bot = self.bots[seat] = make_player(level, seat,
                                                        self.session.setup.seed + seat)
                self.thinking = (self.pool().submit(bot.choose, self.state, seat),
                                 self.session.version)
            future, version = self.thinking
            if not future.done():  # a quick decision comes within the frame
                wait([future], timeout=max(0.0, 0.03 - (time.monotonic() - start)))
                if not future.done():
                    break
            self.thinking = None
            act = future.result()  # a computer player's error is raised here
            if version != self.session.version:
                continue  # the game moved on meanwhile (a game loaded): think again
            before = self.state
            q = self.session.apply(act)
            if not q.ok:  # the computer plays by the rules: a refusal is its bug
                raise IllegalAction(q)
            self.show_computer(before, act)
            if time.monotonic() - start > 0.05:
                break
        if self.session.over or not self.session.seat.computer:
            self.skip = False

    def pool(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="steam-ai")
        return self._pool

    def leave(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def show_computer(self, before: GameState, act: Action) -> None:
        """A computer's tile or delivery stays marked on the map a moment (the next
        action waits for it unless Space was pressed)."""
        if isinstance(act, MoveCube):
            route, _v = goods.resolve(before, act, before.actor() or 0)
            if route is not None:
                self.flash = (time.monotonic() + FLASH_SECONDS, frozenset(route.links), [])
                self.clock -= FLASH_SECONDS
        elif isinstance(act, (LayTile, UpgradeTile, RedirectTile)):
            h = before.board.hex_index(act.hex)
            if h is not None:
                self.flash = (time.monotonic() + FLASH_SECONDS / 2, frozenset(), [h])

    # -- the pen ------------------------------------------------------------------------------
    def extend_stroke(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        """The pointer moved from ``a`` to ``b``: every hex it crossed joins the stroke
        (going back over the stroke's last hex takes it off)."""
        steps = max(1, int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) / 4))
        changed = False
        board = self.state.board
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
            h = self.map.hex_at(p)
            if h is None:
                continue
            k = board.key(h)
            hexes = self.pen.hexes
            if k == hexes[-1]:
                continue
            if len(hexes) >= 2 and k == hexes[-2]:
                hexes.pop()
                changed = True
                continue
            last = board.hex_index(hexes[-1])
            if last is None or h not in board.nb[last] or k in hexes:
                continue
            hexes.append(k)
            changed = True
        if changed:
            self.replan()

    def replan(self) -> None:
        self.pen.choices = plan_stroke(self.state, self.pen.hexes, self.session.actor)
        self.pen.version = self.session.version

    def stroke_cost(self) -> tuple[int, int]:
        """The stroke's cost and its tile actions (legal steps only)."""
        cost = n = 0
        for c in self.pen.choices:
            if c.action is not None and c.quote is not None and c.quote.ok:
                cost += c.quote.cost
                n += 1
        return cost, n

    def finish_stroke(self) -> None:
        pen = self.pen
        self.pen = Pen()
        done = 0
        for c in pen.choices:
            if c.action is None or c.quote is None or not c.quote.ok:
                continue
            # each tile as the stroke quoted it, on the state the ones before it leave
            if not self.session.apply_quoted(c.quote, pen.version + done).ok:
                break
            done += 1
        refused = next((c for c in pen.choices if not c.ok), None)
        if refused is not None:
            h = self.state.board.hex_index(refused.hex)
            at = self.map.centre_px(h) if h is not None else self.mouse
            self.say(self.choice_reason(refused), (round(at[0]), round(at[1])))
        if done:
            self.strokes.append(done)
            self.app.sounds.play("squeak")

    def choice_reason(self, c: TileChoice) -> str:
        if c.quote is not None and c.quote.violations:
            return words.refusal(c.quote.violations[0])
        if c.rule:
            from rail_app.games.steam.rules.quotes import Violation

            return words.refusal(Violation(c.rule, c.reason))
        return c.reason

    def undo_stroke(self) -> None:
        """Take back the last stroke of this build phase (the game replayed without it)."""
        if not self.person_to_act() or self.state.step is not Step.BUILD or not self.strokes:
            if self.person_to_act() and self.state.step is Step.BUILD:
                self.say(_("Nothing to take back in this build"), self.mouse, bad=False)
            return
        n = self.strokes.pop()
        self.session.take_back(n)

    def end_build(self) -> None:
        self.pen = Pen()
        self.mode = ""
        self.do(EndBuild())

    # -- Urban Growth and New Cities ----------------------------------------------------------
    def special_pending(self, tile: ActionTile) -> bool:
        seat = self.session.actor
        return (self.state.tile_of.get(seat) == tile and seat not in self.state.number_only
                and self.state.special.get(seat) is Special.PENDING)

    def place_special(self, h: int) -> None:
        key = self.state.key(h)
        space = self.space
        if self.mode == "growth":
            if space is None:
                self.say(_("Choose a reserve space first (in the panel)"), self.mouse)
                return
            q = self.do(UrbanGrowth(key, space))
        else:
            colour = self.city_colour
            if colour is None:
                self.say(_("Choose the New City's colour first (in the panel)"), self.mouse)
                return
            if space is None and any(sum(s) for s in self.state.reserve):
                self.say(_("Choose a reserve space first (in the panel)"), self.mouse)
                return
            q = self.do(PlaceNewCity(key, colour, space))
        if q.ok:
            self.mode, self.space = "", None

    # -- moving goods -------------------------------------------------------------------------
    def pick_city(self, h: int) -> None:
        if self.state.colour_of(h) is None:
            self.picked, self.routes = None, []
            return
        self.picked = h
        self.routes = goods.routes_from(self.state, h, self.session.actor)
        if not self.routes:
            self.picked = None
            cubes = self.state.cubes.get(h)
            if cubes is None or not sum(cubes):
                self.say(_("{city} has no cubes").format(city=self.state.board.name_of(h)),
                         self.mouse, bad=False)
            elif longer := goods.routes_from(self.state, h, self.session.actor,
                                             max_len=MAX_LOCO):
                loco = self.state.players[self.session.actor].loco
                need = min(len(r.stops) for r in longer)
                self.say(ngettext(
                    "Your locomotive (level {loco}) carries a cube over at most {loco} link; "
                    "the nearest delivery from {city} needs {need}: upgrade the locomotive "
                    "(S-L1)",
                    "Your locomotive (level {loco}) carries a cube over at most {loco} links; "
                    "the nearest delivery from {city} needs {need}: upgrade the locomotive "
                    "(S-L1)", loco).format(loco=number(loco), need=number(need),
                                           city=self.state.board.name_of(h)),
                    self.mouse)
            else:
                self.say(_("No cube of {city} can be delivered now: a cube travels over "
                           "complete links, at least one of them yours, to the first city of "
                           "its colour (S-G3)").format(city=self.state.board.name_of(h)),
                         self.mouse)

    def move(self, i: int) -> None:
        if 0 <= i < len(self.routes):
            r = self.routes[i]
            q = self.do(r.action(self.state))
            if q.ok:
                self.app.sounds.play("coins")
        self.picked, self.routes, self.hover_route = None, [], None

    # -- the widgets of this frame ------------------------------------------------------------
    def layout(self) -> None:
        """The buttons as the state and the screen now call for (what a click is matched
        against, and what is drawn), laid out again only when something they show
        changed."""
        from rail_app.core.i18n import version as words_version

        key = (self.session.version, self.app.size, self.app.settings.ui_scale, self.overlay,
               self.mode, self.picked, self.space, self.city_colour, self.bid, self.capital,
               len(self.strokes), len(self.routes), tuple(sorted(self.hint_hidden)),
               self.app.settings.hints, len(self.app.settings.hints_seen), words_version(),
               self.session.seat.computer)
        if key == self._layout_key:
            return
        self._layout_key = key
        self._layout()

    def _layout(self) -> None:
        self._layouts += 1
        self.place_rects()
        out: list[Button] = []
        w, h = self.app.size
        top, bottom, side = self.rects["top"], self.rects["bottom"], self.rects["side"]
        fs = self.fs(15)
        bh = self.fs(34)
        # the top bar
        x = top.right - self.fs(8)
        for text, fn, key in ((_("Menu"), lambda: self.toggle("menu"), "menu"),
                              (_("Help (F1)"), lambda: self.toggle("help"), "help"),
                              (_("Tracks and score (T)"), lambda: self.toggle("tracks"),
                               "tracks")):
            tw = font(fs).size(text)[0] + self.fs(20)
            r = pygame.Rect(x - tw, top.y + self.fs(4), tw, top.h - self.fs(8))
            out.append(Button(r, text, fn, key=key))
            x = r.x - self.fs(8)
        if self.overlay == "menu":
            out.extend(self.menu_buttons())
            self.buttons = out
            return
        if self.overlay:
            self.buttons = out
            return
        # the phase's buttons, right of the bottom bar
        acts = self.phase_buttons()
        x = bottom.right - self.fs(10)
        y = bottom.bottom - bh - self.fs(10)
        for text, fn, enabled, key, tip in reversed(acts):
            tw = font(fs).size(text)[0] + self.fs(24)
            r = pygame.Rect(x - tw, y, tw, bh)
            if r.x < bottom.x + bottom.w // 2:  # a second row
                x = bottom.right - self.fs(10)
                y -= bh + self.fs(6)
                r = pygame.Rect(x - tw, y, tw, bh)
            out.append(Button(r, text, fn, enabled, key, tip))
            x = r.x - self.fs(8)
        # the action tiles row in the select phase
        if self.state.step in (Step.CHOOSE, Step.DECLARE):
            out.extend(self.tile_cards())
        # the reserve and colours when placing Urban Growth or a New City
        out.extend(self.side_buttons(side))
        hint = self.current_hint()
        if hint:
            key, _text, box = hint
            got = _("Got it")
            gw = max(self.fs(62), font(self.fs(15), True).size(got)[0] + self.fs(16))
            out.append(Button(pygame.Rect(box.right - gw - self.fs(8), box.bottom - self.fs(26),
                                          gw, self.fs(20)), got,
                              partial(self.dismiss_hint, key), key="hint"))
        self.buttons = out

    def toggle(self, overlay: str) -> None:
        self.overlay = "" if self.overlay == overlay else overlay

    def menu_items(self) -> list[tuple[str, Callable[[], None], str]]:
        return [
            (_("Back to the game"), lambda: self.toggle("menu"), "resume"),
            (_("Save game..."), self.open_saves, "save"),
            (_("Load game..."), self.open_load, "load"),
            (_("Settings"), self.open_settings, "settings"),
            (_("Help"), lambda: self.toggle("help"), "menu-help"),
            (_("Quit to the main menu"), self.quit_to_menu, "quit"),
        ]

    def menu_box(self) -> pygame.Rect:
        """The in-game menu's box (the games' shared dialog box), in the screen's middle."""
        w, h = self.app.size
        box = pygame.Rect(0, 0, self.fs(300), self.fs(40) + len(self.menu_items()) * self.fs(58))
        box.center = (w // 2, h // 2)
        return box

    def menu_buttons(self) -> list[Button]:
        box = self.menu_box()
        y = box.y + self.fs(20)
        out = []
        for text, fn, key in self.menu_items():
            out.append(Button(pygame.Rect(box.x + self.fs(22), y, box.w - self.fs(44),
                                          self.fs(48)), text, fn, key=key))
            y += self.fs(58)
        return out

    def open_saves(self) -> None:
        self.overlay = ""
        self.app.push(self.app.screens.saves(self.session))

    def open_load(self) -> None:
        self.session.autosave()
        self.app.reset(self.app.screens.menu())
        self.app.push(self.app.screens.saves())

    def open_settings(self) -> None:
        self.overlay = ""
        self.app.push(self.app.screens.settings())

    def quit_to_menu(self) -> None:
        self.session.autosave()  # Continue picks the game up from here
        self.app.reset(self.app.screens.menu())

    def phase_buttons(self) -> list[tuple[str, Callable[[], None], bool, str, str]]:
        st = self.state
        if not self.person_to_act():
            if self.session.seat.computer:
                return [(_("Skip (Space)"), self.skip_now, True, "skip", "")]
            return []
        seat = self.session.actor
        step = st.step
        out: list[tuple[str, Callable[[], None], bool, str, str]] = []

        def quoted(action: Action) -> tuple[bool, str]:
            q = self.session.quote(action)
            return q.ok, (words.refusal(q.violations[0]) if q.violations else "")

        if step is Step.BID and st.auction is not None:
            lo, hi = min_bid(st.auction), max_bid(st, seat)
            self.bid = max(lo, min(self.bid, hi))
            ok, tip = quoted(Bid(self.bid))
            out += [("-", lambda: self.set_bid(self.bid - 1), self.bid > lo, "bid-", ""),
                    (_("Bid {amount}").format(amount=dollars(self.bid)),
                     lambda: self.do_and(Bid(self.bid)), ok, "bid", tip),
                    ("+", lambda: self.set_bid(self.bid + 1), self.bid < hi, "bid+", ""),
                    (_("Pass"), lambda: self.do_and(PassBid()), True, "pass", "")]
        elif step is Step.CAPITAL:
            most = steps_available(st.players[seat])
            self.capital = max(0, min(self.capital, most))
            out += [("-", lambda: self.set_capital(self.capital - 1), self.capital > 0, "cap-", ""),
                    (_("Take {amount} ({n} steps)").format(
                        amount=dollars(self.capital * STEP), n=number(self.capital)),
                     lambda: self.do_and(TakeCapital(self.capital)), True, "capital", ""),
                    ("+", lambda: self.set_capital(self.capital + 1), self.capital < most,
                     "cap+", "")]
        elif step is Step.DECLARE:
            tile = st.tile_of.get(seat, 0)
            cost = special_cost(tile) if st.basic else 0
            ok, tip = quoted(Declare(True))
            out += [(_("Carry out {tile} ({cost})").format(tile=words.tile_name(tile),
                                                           cost=dollars(cost)),
                     lambda: self.do_and(Declare(True)), ok, "perform", tip),
                    (_("Pass"), lambda: self.do_and(Declare(False)), True, "decline", "")]
        elif step is Step.BUILD:
            if self.special_pending(ActionTile.URBAN_GROWTH):
                out.append((_("Urban Growth..."), lambda: self.set_mode("growth"),
                            build_rules.growth_possible(st), "growth", ""))
            if self.special_pending(ActionTile.URBANIZATION):
                out.append((_("New City..."), lambda: self.set_mode("newcity"), True,
                            "newcity", ""))
            if not st.basic and (self.special_pending(ActionTile.URBAN_GROWTH)
                                 or self.special_pending(ActionTile.URBANIZATION)):
                out.append((_("Give it up"), lambda: self.do_and(ForgoSpecial()), True,
                            "forgo", ""))
            out.append((_("Take back"), self.undo_stroke, bool(self.strokes), "undo", ""))
            ok, tip = quoted(EndBuild())
            out.append((_("End build (Enter)"), self.end_build, ok, "end", tip))
        elif step is Step.MOVE:
            p = st.players[seat]
            ok, tip = quoted(UpgradeLocomotive())
            out += [(_("Upgrade locomotive to {level}").format(level=number(min(6, p.loco + 1))),
                     lambda: self.do_and(UpgradeLocomotive()), ok, "loco", tip),
                    (_("Pass"), lambda: self.do_and(PassMove()), True, "pass-move", "")]
        elif step is Step.POINTS:
            pts = st.points[0][1] if st.points else 0
            out += [(_("+{n} income").format(n=number(pts)),
                     lambda: self.do_and(TakePoints(True)), True, "income", ""),
                    (_("+{n} VP").format(n=number(pts)),
                     lambda: self.do_and(TakePoints(False)), True, "vp", "")]
        return out

    def do_and(self, action: Action) -> None:
        self.do(action)

    def skip_now(self) -> None:
        self.skip = True

    def set_bid(self, v: int) -> None:
        self.bid = v

    def set_capital(self, v: int) -> None:
        self.capital = v

    def set_mode(self, mode: str) -> None:
        self.mode = "" if self.mode == mode else mode
        self.space = None
        self.city_colour = None

    def tile_cards(self) -> list[Button]:
        """The seven action tiles' cards: a column at the map's left edge, in the sea beside
        the whole map, when they fit there; else a row along the map's top."""
        m = self.rects["map"]
        gap = self.fs(8)
        at = self.tile_column(m, gap)
        self.cards_compact = at is not None
        if at is not None:
            cw, ch = at
            x, y, dx, dy = m.x + gap, m.y + gap, 0, ch + self.fs(6)
            y = m.y + (m.h - 7 * ch - 6 * self.fs(6)) // 2
        else:
            cw = min(self.fs(170), (m.w - 8 * gap) // 7)
            ch = self.card_height(cw)
            x = m.x + (m.w - (7 * cw + 6 * gap)) // 2
            y, dx, dy = m.y + self.fs(8), cw + gap, 0
        out = []
        for tile in range(1, 8):
            r = pygame.Rect(x, y, cw, ch)
            ok = True
            tip = ""
            if self.person_to_act() and self.state.step is Step.CHOOSE:
                q = self.session.quote(ChooseTile(tile))
                ok = q.ok
                tip = words.refusal(q.violations[0]) if q.violations else ""
            else:
                ok = False
            out.append(Button(r, "", partial(self.do_and, ChooseTile(tile)), ok,
                              "tile", tip, tile))
            x += dx
            y += dy
        return out

    def card_height(self, cw: int, compact: bool = False) -> int:
        """An action tile's card as tall as the wordiest tile needs at width ``cw``
        (``compact``: its price or holder on the name's line, not at its foot)."""
        lines = max(len(hud.wrap(words.tile_text(t), self.fs(12), cw - self.fs(16)))
                    for t in range(1, 8))
        names = max(len(hud.wrap(words.tile_name(t), self.fs(13),
                                 self.name_width(cw, compact, t), True)) for t in range(1, 8))
        if compact:
            return self.fs(38) + lines * self.fs(14) + (names - 1) * self.fs(16)
        return self.fs(54) + lines * self.fs(15) + (names - 1) * self.fs(16)

    def name_width(self, cw: int, compact: bool, tile: int) -> int:
        """Room for a tile's name on its card (a compact card's price or holder beside it)."""
        if not compact:
            return cw - self.fs(34)
        foot, held = self.card_foot(tile)
        return cw - self.fs(42) - font(self.fs(12), held).size(foot)[0] \
            - (self.fs(14) if held else 0)

    def card_foot(self, tile: int) -> tuple[str, bool]:
        """What a tile's card says of it besides its words: who holds it (True), else its
        price or "free"."""
        s = {t: p for p, t in self.state.tile_of.items()}.get(tile)
        if s is not None:
            return self.state.name(s), True
        cost = self.tile_cost(tile, self.session.actor)
        return (dollars(cost) if cost else _("free")), False

    def tile_column(self, m: pygame.Rect, gap: int) -> tuple[int, int] | None:
        """The cards' width and height in a column left of the whole map (the map as fitted
        leaves the sea on both sides of Italy), or None when they do not fit there."""
        x0, y0, x1, y1 = self.map.bounds
        scale = min(m.w / max(x1 - x0, 1e-6), m.h / max(y1 - y0, 1e-6))
        free = (m.w - (x1 - x0) * scale) / 2  # the sea left of the fitted map
        cw = min(self.fs(230), int(free) - 2 * gap)
        if cw < self.fs(150):
            return None
        ch = self.card_height(cw, True)
        if 7 * ch + 6 * self.fs(6) > m.h - 2 * gap:
            return None
        return cw, ch

    def side_buttons(self, side: pygame.Rect) -> list[Button]:
        out: list[Button] = []
        if self.picked is not None and self.state.step is Step.MOVE:
            y = self.route_top()
            rh = self.fs(40)
            for i, _r in enumerate(self.routes[:12]):
                out.append(Button(pygame.Rect(side.x + self.fs(8), y, side.w - self.fs(16),
                                              rh - self.fs(4)), "",
                                  partial(self.move, i), key="route", arg=i))
                y += rh
            return out
        if self.mode:
            y = self.reserve_top()
            size = self.fs(26)
            x = side.x + self.fs(10)
            for i, sp in enumerate(self.state.reserve):
                r = pygame.Rect(x, y, size * 2, size)
                out.append(Button(r, "", partial(self.set_space, i), bool(sum(sp)),
                                  "space", arg=i))
                x += size * 2 + self.fs(6)
                if x + size * 2 > side.right - self.fs(8):
                    x = side.x + self.fs(10)
                    y += size + self.fs(6)
            if self.mode == "newcity":
                y += size + self.fs(12)
                x = side.x + self.fs(10)
                for c in COLOURS:
                    left = self.state.new_city_supply[COLOURS.index(c)]
                    r = pygame.Rect(x, y, size * 2, size)
                    out.append(Button(r, "", partial(self.set_colour, c), left > 0,
                                      "colour", arg=c))
                    x += size * 2 + self.fs(6)
        return out

    def set_space(self, i: int) -> None:
        self.space = i

    def set_colour(self, c: Colour) -> None:
        self.city_colour = c

    def route_top(self) -> int:
        return self.rects["side"].y + self.fs(40)

    def reserve_top(self) -> int:
        return self.rects["side"].y + self.fs(60)

    # -- hints --------------------------------------------------------------------------------
    def current_hint(self) -> tuple[str, str, pygame.Rect] | None:
        """The first-game hint shown now (its key, its words and its box), worked out once
        a layout: the layout's key holds everything it depends on."""
        self.layout()
        if self._hint_of[0] != self._layouts:
            self._hint_of = (self._layouts, self._current_hint())
        return self._hint_of[1]

    def _current_hint(self) -> tuple[str, str, pygame.Rect] | None:
        if not self.app.settings.hints or not self.person_to_act():
            return None
        step = self.state.step
        key = words.HINT_KEYS.get(step)
        if key is None or key in self.app.settings.hints_seen or key in self.hint_hidden:
            return None
        text = words.hint(step, self.state.basic)
        m = self.rects["map"]
        width = min(self.fs(460), m.w - self.fs(40))
        cards = self.cards_compact and step in (Step.CHOOSE, Step.DECLARE)
        if cards:  # in the sea right of the map, the action tiles' column being on the left
            x0, y0, x1, y1 = self.map.bounds
            scale = min(m.w / max(x1 - x0, 1e-6), m.h / max(y1 - y0, 1e-6))
            free = int((m.w - (x1 - x0) * scale) / 2) - self.fs(24)
            width = min(width, max(self.fs(220), free))
        lines = hud.wrap(text, self.fs(14), width - self.fs(24))
        lh = font(self.fs(14)).get_linesize()
        hgt = lh * (len(lines) + 1) + self.fs(44)
        box = pygame.Rect(m.x + self.fs(12), m.bottom - hgt - self.fs(12), width, hgt)
        if cards:
            box.right = m.right - self.fs(12)
        return key, text, box

    def dismiss_hint(self, key: str) -> None:
        self.hint_hidden.add(key)
        seen = self.app.settings.hints_seen
        if key not in seen:
            seen.append(key)
            try:
                self.app.save_settings()
            except OSError:
                self.say(_("The settings could not be saved"), bad=True)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        st = self.state
        inks = self.inks()
        highlight: frozenset[int] = frozenset()
        if self.hover_route is not None and self.hover_route < len(self.routes):
            highlight = frozenset(self.routes[self.hover_route].links)
        flashing = self.flash[0] > time.monotonic()
        if flashing:
            highlight = highlight | self.flash[1]

        def pieces(pic: pygame.Surface) -> None:
            self.map.draw_track(pic, st, inks, highlight)
            self.map.draw_cubes(pic, st)

        self.map.draw_base(surface, pieces, (self.session.version, tuple(inks),
                                             tuple(sorted(highlight))))
        clip = surface.get_clip()
        surface.set_clip(self.rects["map"])
        if flashing:
            for h in self.flash[2]:
                self.map.draw_hover(surface, h)
        if self.picked is not None:
            self.map.draw_hover(surface, self.picked)
        if self.hover is not None:
            self.map.draw_hover(surface, self.hover)
        self.draw_pen(surface, inks)
        surface.set_clip(clip)
        self.draw_chrome(surface)
        if st.step in (Step.CHOOSE, Step.DECLARE) and not self.overlay:
            self.draw_tiles_row(surface)
        hint = self.current_hint()
        if hint is not None and not self.overlay:
            self.draw_hint(surface, hint[1], hint[2])
        bars = self.on_bars()  # those are drawn with the bars
        for i, b in enumerate(self.buttons):
            if b.text and b.key not in ("menu", "help", "tracks") and not self.overlay \
                    and i not in bars:
                self.draw_button(surface, b)
        for i, b in enumerate(self.buttons):
            if b.key in ("menu", "help", "tracks") and i not in bars:
                self.draw_button(surface, b)
        self.draw_tooltip(surface)
        for n in self.notices:
            colour = RED if n.bad else TEXT
            at = n.at or (self.rects["map"].centerx, self.rects["map"].y + self.fs(60))
            hud.bubble(surface, [(n.text, WHITE, True)], at, self.fs(15),
                       bg=colour if n.bad else pal.HINT_BG, bounds=self.rects["map"],
                       width=self.fs(420))
        if self.overlay == "menu":
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill(VEIL)
            surface.blit(veil, (0, 0))
            hud.dialog_box(surface, self.menu_box(), self.fs(12), self.fs(6))
            for b in self.buttons:
                if b.key not in ("menu", "help", "tracks"):
                    self.draw_button(surface, b)
        elif self.overlay == "tracks":
            self.draw_tracks_page(surface)
        elif self.overlay == "help":
            hud.help_page(surface, self.fs(15), words.help_sections())
        self.ui.draw_ui(surface)

    def pause(self) -> None:
        self._kept = None  # the scene pushed over this one draws on the screen
        super().pause()

    def resume(self) -> None:
        self._kept = None
        super().resume()

    def on_bars(self) -> frozenset[int]:
        """The buttons (their places in :attr:`buttons`) with words painted with the bars
        (the top bar's, the phase's): clear of the map and of the action tiles' cards
        (nothing that a frame draws after the bars covers them), while no page is over
        the screen."""
        self.layout()
        if self._on_bars[0] != self._layouts:
            cards = [c.rect for c in self.buttons if c.key == "tile"]
            self._on_bars = (self._layouts, frozenset(
                i for i, x in enumerate(self.buttons)
                if x.text and not self.overlay and not x.rect.colliderect(self.rects["map"])
                and x.rect.collidelist(cards) < 0))
        return self._on_bars[1]

    def draw_chrome(self, surface: pygame.Surface) -> None:
        """The top bar, the side panel and the bottom bar with their buttons, kept as one
        picture until what they show changes, and left on the screen from the last frame
        when this scene drew it and nothing has been drawn over the bars since: every
        other thing a frame draws outside the map is drawn again at the same place (the
        action tiles' cards; the bubbles, notices and the pen's marks keep to the map), and
        a page over the screen (menu, help, tracks) draws the bars every frame."""
        from rail_app.core.i18n import version as words_version

        bars = self.on_bars()
        on_bars = [b for i, b in enumerate(self.buttons) if i in bars]
        hovered = next((i for i, b in enumerate(on_bars) if b.rect.collidepoint(self.mouse)),
                       -1)
        key = (self.session.version, self.app.size, self.picked, self.mode, self.space,
               self.city_colour, self.hover_route, self.history_scroll, words_version(),
               len(self.routes), self.app.settings.ui_scale, self._layouts, hovered)
        if self._chrome is None or key != self._chrome_key \
                or self._chrome.get_size() != surface.get_size():
            pic = pygame.Surface(surface.get_size())
            self.draw_top(pic)
            self.draw_side(pic)
            self.draw_bottom(pic)
            for b in on_bars:  # in the order a frame draws the buttons
                if b.key not in ("menu", "help", "tracks"):
                    self.draw_button(pic, b)
            for b in on_bars:
                if b.key in ("menu", "help", "tracks"):
                    self.draw_button(pic, b)
            self._chrome, self._chrome_key = pic, key
        frame = self.app.frames
        kept = self._kept
        if self.overlay or kept is None or kept[0] is not surface or kept[1] != frame - 1 \
                or kept[2] != key or kept[3]:
            for name in ("top", "side", "bottom"):
                r = self.rects[name]
                surface.blit(self._chrome, r.topleft, r)
        # the app's notice is drawn over the scene after this frame while it lasts
        self._kept = None if self.overlay else (surface, frame, key, self.app.notice_left > 0)

    def draw_button(self, surface: pygame.Surface, b: Button) -> None:
        hovered = b.rect.collidepoint(self.mouse)
        colour = pal.BUTTON if b.enabled else pal.BUTTON_OFF
        if hovered and b.enabled:
            colour = tuple(min(255, c + 30) for c in colour)  # type: ignore[assignment]
        pygame.draw.rect(surface, colour, b.rect, border_radius=6)
        hud.label(surface, b.text, b.rect.center, self.fs(15), pal.BUTTON_TEXT, bold=True,
                  anchor="center")

    def draw_pen(self, surface: pygame.Surface, inks: list[pal.RGB]) -> None:
        pen = self.pen
        if not pen.drawing:
            return
        seat = self.session.actor
        board = self.state.board
        pts = []
        for k in pen.hexes:
            h = board.hex_index(k)
            if h is not None:
                pts.append(self.map.centre_px(h))
        if len(pts) >= 2:
            pygame.draw.lines(surface, inks[seat], False, pts, 2)
        total = 0
        for c in pen.choices:
            h = board.hex_index(c.hex)
            if h is None:
                continue
            if c.action is not None and c.quote is not None and c.quote.ok:
                self.map.draw_tile_ghost(surface, h, c.action.face, c.action.rotation,
                                         inks[seat], seat, self.state.tiles.get(h))
                total += c.quote.cost
                x, y = self.map.centre_px(h)
                hud.pill(surface, dollars(c.quote.cost), (x, y + self.map.rad_px() * 0.55),
                         self.fs(13), pal.GHOST_OK)
            elif not c.ok:
                self.map.draw_refused(surface, h)
                x, y = self.map.centre_px(h)
                hud.bubble(surface, [(self.choice_reason(c), WHITE, False)], (x, y),
                           self.fs(14), bg=RED, bounds=self.rects["map"], width=self.fs(360),
                           avoid=[pygame.Rect(round(p[0]) - 6, round(p[1]) - 6, 12, 12)
                                  for p in pts])
        cost, _n = self.stroke_cost()
        cash = self.state.players[seat].cash
        text = self.pen_label()
        tone = TEXT if cost <= cash else AMBER
        hud.bubble(surface, [(text, WHITE, True)], self.mouse, self.fs(14), bg=tone,
                   bounds=self.rects["map"],
                   avoid=[pygame.Rect(round(p[0]) - 20, round(p[1]) - 20, 40, 40) for p in pts])

    def pen_label(self) -> str:
        """The running cost beside the pen: the stroke's price, its tiles against the turn's
        limit, the cash, and what would be borrowed."""
        seat = self.session.actor
        cost, n = self.stroke_cost()
        bt = self.state.build
        used = bt.used if bt is not None else 0
        limit = build_rules.tile_limit(self.state, seat)
        cash = self.state.players[seat].cash
        text = _("+{cost} for {tiles} ({used} of {limit} used); cash {cash}").format(
            cost=dollars(cost), tiles=ngettext("{n} tile", "{n} tiles", n).format(n=number(n)),
            used=number(used + n), limit=number(limit), cash=dollars(cash))
        if cost > cash:
            text = _("{text}; borrows {amount}").format(
                text=text, amount=dollars(-(-(cost - cash) // STEP) * STEP))
        return text

    def draw_top(self, surface: pygame.Surface) -> None:
        r = self.rects["top"]
        pygame.draw.rect(surface, PANEL, r)
        pygame.draw.line(surface, pal.EDGE, r.bottomleft, r.bottomright)
        st = self.state
        seat = self.session.actor
        p = st.players[seat]
        head = _("Turn {turn} of {last}").format(turn=number(max(1, st.turn)),
                                                 last=number(st.last_turn))
        if st.phase is Phase.FIRST_AUCTION:
            head = _("Before turn 1")
        parts = [head, words.phase_name(st.phase)]
        if st.phase is Phase.MOVE:
            parts[-1] += " " + _("(round {n} of 2)").format(n=number(st.round))
        who = _("{player}: cash {cash} · income {income} · {vp} VP · locomotive {loco}").format(
            player=p.name, cash=dollars(p.cash), income=number(p.income), vp=number(p.vp),
            loco=number(p.loco))
        x = r.x + self.fs(12)
        rect = hud.label(surface, " · ".join(parts), (x, r.centery), self.fs(17), TEXT,
                         bold=True, anchor="midleft")
        pygame.draw.circle(surface, self.inks()[seat], (rect.right + self.fs(18), r.centery),
                           self.fs(7))
        hud.label(surface, who, (rect.right + self.fs(32), r.centery), self.fs(16), TEXT,
                  anchor="midleft")

    def draw_side(self, surface: pygame.Surface) -> None:
        r = self.rects["side"]
        pygame.draw.rect(surface, PANEL, r)
        pygame.draw.line(surface, pal.EDGE, r.topleft, r.bottomleft)
        st = self.state
        fs = self.fs(14)
        x = r.x + self.fs(10)
        y = r.y + self.fs(8)
        clip = surface.get_clip()
        surface.set_clip(r)
        if self.picked is not None and st.step is Step.MOVE:
            self.draw_routes(surface, r)
            surface.set_clip(clip)
            return
        if self.mode:
            self.draw_special_panel(surface, r)
            surface.set_clip(clip)
            return
        inks = self.inks()
        hud.label(surface, _("Players (turn order)"), (x, y), fs, MUTED, bold=True)
        y += self.fs(22)
        # the figures' columns, right-aligned from the panel's right edge
        cols = [x + self.fs(18), r.right - self.fs(176), r.right - self.fs(112),
                r.right - self.fs(64), r.right - self.fs(14)]
        for text, cx in zip((_("Cash"), _("Income"), _("VP"), _("Loco")), cols[1:], strict=True):
            hud.label(surface, text, (cx, y), self.fs(12), MUTED, anchor="topright")
        y += self.fs(18)
        order = st.order or list(range(st.seats))
        seats = order + [s for s in range(st.seats) if s not in order]
        for s in seats:
            p = st.players[s]
            if s == self.session.actor and not self.session.over:
                pygame.draw.rect(surface, pal.SELECTED,
                                 (r.x + 2, y - 2, r.w - 4, self.fs(36)))
            pygame.draw.circle(surface, inks[s], (x + self.fs(6), y + self.fs(9)), self.fs(6))
            name = p.name + (" " + _("(out)") if p.out else "")
            hud.label(surface, name, (cols[0], y), fs, TEXT, bold=True)
            for text, cx in zip((dollars(p.cash), number(p.income), number(p.vp),
                                 number(p.loco)), cols[1:], strict=True):
                hud.label(surface, text, (cx, y), fs, TEXT, anchor="topright")
            tile = st.tile_of.get(s)
            sub = words.tile_name(tile) if tile else ""
            if self.session.setup.seats[s].computer:
                sub = (_("computer") + (" · " + sub if sub else ""))
            hud.label(surface, sub, (cols[0], y + self.fs(17)), self.fs(12), MUTED)
            y += self.fs(38)
        y += self.fs(4)
        y = self.draw_tracks(surface, r, y)
        y = self.draw_tiles_list(surface, r, y)
        self.draw_reserve(surface, r, y)
        surface.set_clip(clip)

    def draw_tracks(self, surface: pygame.Surface, r: pygame.Rect, y: int) -> int:
        """The income, VP and locomotive tracks: a line of marks with each player's marker
        (S-B10)."""
        st = self.state
        inks = self.inks()
        x0, x1 = r.x + self.fs(80), r.right - self.fs(16)
        fs = self.fs(12)
        hud.label(surface, _("Tracks"), (r.x + self.fs(10), y), self.fs(14), MUTED, bold=True)
        y += self.fs(22)
        rows: list[tuple[str, int, int, list[int]]] = []
        incomes = [p.income for p in st.players]
        vps = [p.vp for p in st.players]
        rows.append((_("Income"), min(-10, min(incomes)), max(15, max(incomes) + 2), incomes))
        rows.append((_("VP"), 0, max(20, max(vps) + 2), vps))
        rows.append((_("Loco"), 1, 6, [p.loco for p in st.players]))
        for title, lo, hi, values in rows:
            hud.label(surface, title, (r.x + self.fs(10), y), fs, TEXT)
            cy = y + self.fs(8)
            pygame.draw.line(surface, pal.TRACK_LINE, (x0, cy), (x1, cy), 3)
            span = max(1, hi - lo)
            tick = 1 if span <= 12 else (5 if span <= 60 else 10)
            for v in range(lo - lo % tick, hi + 1, tick):
                if v < lo:
                    continue
                tx = x0 + (x1 - x0) * (v - lo) / span
                pygame.draw.line(surface, MUTED, (tx, cy - 3), (tx, cy + 3))
                if v % (tick * 5 if tick > 1 else 5) == 0 or span <= 6:
                    hud.label(surface, number(v), (tx, cy + self.fs(5)), self.fs(10), MUTED,
                              anchor="midtop")
            same: dict[int, int] = {}
            for s, v in enumerate(values):
                if st.players[s].out:
                    continue
                k = same.get(v, 0)
                same[v] = k + 1
                tx = x0 + (x1 - x0) * (v - lo) / span
                pygame.draw.circle(surface, inks[s], (round(tx), round(cy - self.fs(5) - k * 6)),
                                   self.fs(5))
                pygame.draw.circle(surface, TEXT, (round(tx), round(cy - self.fs(5) - k * 6)),
                                   self.fs(5), 1)
            y += self.fs(30)
        return y + self.fs(4)

    def draw_tracks_page(self, surface: pygame.Surface) -> None:
        """The tracks as the board shows them (S-B10), big: income, VP and locomotive with
        each player's marker; then each player's score if the game ended now (S-W2) and the
        turns left."""
        st = self.state
        inks = self.inks()
        w, h = surface.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill(VEIL)
        surface.blit(veil, (0, 0))
        box = pygame.Rect(0, 0, min(w - self.fs(40), self.fs(1100)),
                          min(h - self.fs(80), self.fs(300) + self.fs(30) * st.seats + 240))
        box.center = (w // 2, h // 2 + self.fs(10))
        hud.panel(surface, box, 250)
        x0, x1 = box.x + self.fs(150), box.right - self.fs(40)
        y = box.y + self.fs(18)
        left = max(0, st.last_turn - st.turn + (0 if st.phase in (Phase.FIRST_AUCTION,) else 1))
        head = _("Tracks · turn {turn} of {last}").format(turn=number(max(1, st.turn)),
                                                          last=number(st.last_turn))
        hud.label(surface, head, (box.x + self.fs(20), y), self.fs(20), TEXT, bold=True)
        hud.label(surface, ngettext("{n} turn left after this one", "{n} turns left after this one",
                                    max(0, left - 1)).format(n=number(max(0, left - 1))),
                  (box.right - self.fs(20), y + self.fs(4)), self.fs(15), MUTED,
                  anchor="topright")
        y += self.fs(50)
        incomes = [p.income for p in st.players]
        vps = [p.vp for p in st.players]
        rows = [(_("Income"), -10, max(20, max(incomes) + 2), incomes),
                (_("Victory points"), 0, max(30, max(vps) + 3), vps),
                (_("Locomotive"), 1, 6, [p.loco for p in st.players])]
        for title, lo, hi, values in rows:
            hud.label(surface, title, (box.x + self.fs(20), y), self.fs(15), TEXT, bold=True)
            span = max(1, hi - lo)
            cy = y + self.fs(10)
            cell = (x1 - x0) / (span + 1)
            for v in range(lo, hi + 1):
                cx = x0 + cell * (v - lo)
                rect = pygame.Rect(round(cx), cy - self.fs(10), max(2, round(cell) - 2),
                                   self.fs(20))
                pygame.draw.rect(surface, pal.RESERVE_BG if v % 5 else pal.EDGE, rect)
                if cell >= self.fs(16) or v % 5 == 0:
                    hud.label(surface, number(v), (rect.centerx, rect.bottom + self.fs(2)),
                              self.fs(11), MUTED, anchor="midtop")
            same: dict[int, int] = {}
            for seat, v in enumerate(values):
                if st.players[seat].out:
                    continue
                k = same.get(v, 0)
                same[v] = k + 1
                cx = x0 + cell * (min(hi, max(lo, v)) - lo) + cell / 2
                c = (round(cx), round(cy - self.fs(16) - k * self.fs(9)))
                pygame.draw.circle(surface, inks[seat], c, self.fs(7))
                pygame.draw.circle(surface, TEXT, c, self.fs(7), 1)
            y += self.fs(64)
        hud.label(surface, _("If the game ended now (S-W2)"), (box.x + self.fs(20), y),
                  self.fs(15), TEXT, bold=True)
        y += self.fs(26)
        cols = [box.x + self.fs(40), box.x + int(box.w * 0.36), box.x + int(box.w * 0.5),
                box.x + int(box.w * 0.64), box.x + int(box.w * 0.8)]
        for text, cx in zip((_("VP"), _("From income"), _("Complete links"), _("Score")),
                            cols[1:], strict=True):
            hud.label(surface, text, (cx, y), self.fs(13), MUTED)
        y += self.fs(22)
        ranked = sorted(range(st.seats), key=lambda s: -score(st, s).total)
        for seat in ranked:
            p = st.players[seat]
            pygame.draw.circle(surface, inks[seat], (cols[0] - self.fs(14), y + self.fs(9)),
                               self.fs(6))
            hud.label(surface, p.name, (cols[0], y), self.fs(15), TEXT, bold=True)
            if p.out:
                hud.label(surface, _("bankrupt"), (cols[1], y), self.fs(15), MUTED)
            else:
                sc = score(st, seat)
                for text, cx in zip((number(sc.vp), number(sc.income_vp, ) if sc.income_vp <= 0
                                     else "+" + number(sc.income_vp), "+" + number(sc.links),
                                     number(sc.total)), cols[1:], strict=True):
                    hud.label(surface, text, (cx, y), self.fs(15), TEXT)
            y += self.fs(28)
        hud.label(surface, _("T or Esc to close"), (box.right - self.fs(16),
                                                    box.bottom - self.fs(10)),
                  self.fs(12), MUTED, anchor="bottomright")

    def draw_tiles_list(self, surface: pygame.Surface, r: pygame.Rect, y: int) -> int:
        st = self.state
        hud.label(surface, _("Action tiles this turn"), (r.x + self.fs(10), y), self.fs(14),
                  MUTED, bold=True)
        y += self.fs(20)
        holder = {t: s for s, t in st.tile_of.items()}
        for tile in range(1, 8):
            s = holder.get(tile)
            who = st.name(s) if s is not None else "-"
            hud.label(surface, f"{tile} {words.tile_name(tile)}", (r.x + self.fs(14), y),
                      self.fs(12), TEXT if s is None else MUTED)
            hud.label(surface, who, (r.x + int(r.w * 0.55), y), self.fs(12), TEXT)
            y += self.fs(16)
        return y + self.fs(6)

    def draw_reserve(self, surface: pygame.Surface, r: pygame.Rect, y: int) -> int:
        st = self.state
        hud.label(surface, _("Goods reserve"), (r.x + self.fs(10), y), self.fs(14), MUTED,
                  bold=True)
        y += self.fs(20)
        size = self.fs(9)
        x = r.x + self.fs(12)
        for sp in st.reserve:
            cols = [c for c in COLOURS for _ in range(sp[COLOURS.index(c)])]
            w = max(1, len(cols)) * (size + 2) + self.fs(6)
            if x + w > r.right - self.fs(8):
                x = r.x + self.fs(12)
                y += size + self.fs(8)
            pygame.draw.rect(surface, pal.RESERVE_BG, (x - 3, y - 3, w, size + 6),
                             border_radius=3)
            for c in cols:
                pygame.draw.rect(surface, pal.CUBE[c], (x, y, size, size))
                pygame.draw.rect(surface, pal.CUBE_EDGE, (x, y, size, size), 1)
                x += size + 2
            x += self.fs(10)
        return y + size + self.fs(10)

    def draw_special_panel(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        x, y = r.x + self.fs(10), r.y + self.fs(10)
        if self.mode == "growth":
            title = _("Urban Growth: choose a reserve set, then click a city")
        else:
            title = _("New City: choose a colour and a reserve set, then click a town")
        for line in hud.wrap(title, self.fs(14), r.w - self.fs(20), True):
            hud.label(surface, line, (x, y), self.fs(14), TEXT, bold=True)
            y += self.fs(18)
        size = self.fs(8)
        for b in self.buttons:
            if b.key == "space":
                i = int(b.arg)
                sel = self.space == i
                pygame.draw.rect(surface, pal.SELECTED if sel else WHITE, b.rect,
                                 border_radius=4)
                pygame.draw.rect(surface, TEXT if sel else MUTED, b.rect, 2 if sel else 1,
                                 border_radius=4)
                sp = self.state.reserve[i]
                cols = [c for c in COLOURS for _ in range(sp[COLOURS.index(c)])]
                cx = b.rect.x + self.fs(4)
                for c in cols:
                    pygame.draw.rect(surface, pal.CUBE[c], (cx, b.rect.centery - size // 2,
                                                            size, size))
                    cx += size + 2
            elif b.key == "colour":
                c = Colour(b.arg)
                sel = self.city_colour is c
                pygame.draw.rect(surface, pal.CUBE[c] if b.enabled else pal.BUTTON_OFF,
                                 b.rect, border_radius=4)
                pygame.draw.rect(surface, TEXT, b.rect, 3 if sel else 1, border_radius=4)

    def draw_routes(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        st = self.state
        assert self.picked is not None
        x, y = r.x + self.fs(10), r.y + self.fs(10)
        hud.label(surface, _("Deliveries from {city}").format(
            city=st.board.name_of(self.picked)), (x, y), self.fs(15), TEXT, bold=True)
        inks = self.inks()
        for b in self.buttons:
            if b.key != "route":
                continue
            route = self.routes[int(b.arg)]
            hov = b.rect.collidepoint(self.mouse)
            pygame.draw.rect(surface, pal.SELECTED if hov else WHITE, b.rect, border_radius=5)
            pygame.draw.rect(surface, MUTED, b.rect, 1, border_radius=5)
            size = self.fs(12)
            pygame.draw.rect(surface, pal.CUBE[route.colour],
                             (b.rect.x + self.fs(6), b.rect.y + self.fs(5), size, size))
            dest = st.board.name_of(route.stops[-1])
            hud.label(surface, _("to {city}, {links}").format(
                city=dest, links=ngettext("{n} link", "{n} links", len(route.stops)).format(
                    n=number(len(route.stops)))),
                (b.rect.x + self.fs(24), b.rect.y + self.fs(3)), self.fs(13), TEXT, bold=True)
            px = b.rect.x + self.fs(24)
            for s, pts in enumerate(route.points(st.seats)):
                if not pts:
                    continue
                img = _("{player} +{n}").format(player=st.name(s), n=number(pts))
                pygame.draw.circle(surface, inks[s], (px + self.fs(4), b.rect.y + self.fs(26)),
                                   self.fs(4))
                rect = hud.label(surface, img, (px + self.fs(11), b.rect.y + self.fs(19)),
                                 self.fs(12), TEXT)
                px = rect.right + self.fs(10)
            if any(o < 0 for o in route.owners):
                hud.label(surface, _("nobody's links: no points"), (px, b.rect.y + self.fs(19)),
                          self.fs(12), MUTED)
        if len(self.routes) > 12:
            hud.label(surface, _("... and {n} more").format(n=number(len(self.routes) - 12)),
                      (x, self.route_top() + 12 * self.fs(40)), self.fs(12), MUTED)
        hud.label(surface, _("Click one to deliver; Esc to close"),
                  (x, r.bottom - self.fs(22)), self.fs(12), MUTED)

    def draw_bottom(self, surface: pygame.Surface) -> None:
        r = self.rects["bottom"]
        pygame.draw.rect(surface, PANEL, r)
        pygame.draw.line(surface, pal.EDGE, r.topleft, r.topright)
        st = self.state
        fs = self.fs(13)
        lh = font(fs).get_linesize()
        hist_w = r.w // 2 - self.fs(20)
        lines = words.history_lines(st, max(0, len(st.log) - 400))
        shown = max(1, (r.h - self.fs(16)) // lh)
        self.history_scroll = min(self.history_scroll, max(0, len(lines) - shown))
        end = len(lines) - self.history_scroll
        chunk = lines[max(0, end - shown):end]
        y = r.y + self.fs(8)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(r.x, r.y, hist_w + self.fs(12), r.h))
        for _turn, text in chunk:
            hud.label(surface, text, (r.x + self.fs(12), y), fs, TEXT)
            y += lh
        surface.set_clip(clip)
        seat = self.session.actor
        prompt = words.step_prompt(st, seat, not self.session.seat.computer)
        px = r.x + r.w // 2 + self.fs(10)
        py = r.y + self.fs(10)
        for line in hud.wrap(prompt, self.fs(15), r.w // 2 - self.fs(30), True)[:2]:
            hud.label(surface, line, (px, py), self.fs(15), TEXT, bold=True)
            py += self.fs(20)
        if st.step is Step.BUILD and self.person_to_act():
            bt = st.build
            used = bt.used if bt is not None else 0
            spent = bt.spent if bt is not None else 0
            hud.label(surface, _("Tile actions {used} of {limit} · spent {spent}").format(
                used=number(used), limit=number(build_rules.tile_limit(st, seat)),
                spent=dollars(spent)), (px, py), self.fs(13), MUTED)

    def draw_tiles_row(self, surface: pygame.Surface) -> None:
        st = self.state
        holder = {t: s for s, t in st.tile_of.items()}
        inks = self.inks()
        for b in self.buttons:
            if b.key != "tile":
                continue
            tile = int(b.arg)
            s = holder.get(tile)
            hov = b.rect.collidepoint(self.mouse) and b.enabled
            fill = pal.CARD_TAKEN if s is not None else (pal.SELECTED if hov else pal.CARD)
            pygame.draw.rect(surface, fill, b.rect, border_radius=8)
            pygame.draw.rect(surface, TEXT if b.enabled else pal.CARD_EDGE, b.rect,
                             2 if b.enabled else 1, border_radius=8)
            compact = self.cards_compact
            x, y = b.rect.x + self.fs(8), b.rect.y + self.fs(6)
            hud.label(surface, number(tile), (x, y - (self.fs(2) if compact else 0)),
                      self.fs(18 if compact else 20), TEXT, bold=True)
            names = hud.wrap(words.tile_name(tile), self.fs(13),
                             self.name_width(b.rect.w, compact, tile), True)
            for k, line in enumerate(names):
                hud.label(surface, line, (x + self.fs(22), y + self.fs(4) + k * self.fs(16)),
                          self.fs(13), TEXT, bold=True)
            y += self.fs(28 if not compact else 24) + (len(names) - 1) * self.fs(16)
            step = self.fs(14 if compact else 15)
            for line in hud.wrap(words.tile_text(tile), self.fs(12), b.rect.w - self.fs(16)):
                hud.label(surface, line, (x, y), self.fs(12), TEXT)
                y += step
            cost = self.tile_cost(tile, self.session.actor)
            foot = dollars(cost) if cost else _("free")
            fy = b.rect.y + self.fs(10) if compact else b.rect.bottom - self.fs(20)
            right = b.rect.right - self.fs(8)
            if s is not None:
                foot = st.name(s)
                fw = font(self.fs(12), True).size(foot)[0]
                fx = right - fw if compact else x + self.fs(14)
                pygame.draw.circle(surface, inks[s], (fx - self.fs(9), fy + self.fs(8)),
                                   self.fs(5))
                hud.label(surface, foot, (fx, fy), self.fs(12), TEXT, bold=True)
            else:
                fw = font(self.fs(12)).size(foot)[0]
                hud.label(surface, foot, (right - fw if compact else x, fy), self.fs(12),
                          MUTED if b.enabled else RED)

    def tile_cost(self, tile: int, seat: int) -> int:
        st = self.state
        if not st.basic:
            return 0
        if tile == ActionTile.LOCOMOTIVE:
            return locomotive_cost(st, seat)
        if tile in (ActionTile.URBAN_GROWTH, ActionTile.URBANIZATION):
            return special_cost(tile)
        return 0

    def draw_hint(self, surface: pygame.Surface, text: str, box: pygame.Rect) -> None:
        key = (text, box.size, self.fs(14))
        if self._hint is None or self._hint[0] != key:
            pic = pygame.Surface(box.size, pygame.SRCALPHA)
            local = pic.get_rect()
            hud.panel(pic, local, 245, colour=pal.HINT_BG)
            y = self.fs(10)
            hud.label(pic, _("First game"), (self.fs(12), y), self.fs(14), WHITE, bold=True)
            y += self.fs(20)
            for line in hud.wrap(text, self.fs(14), box.w - self.fs(24)):
                hud.label(pic, line, (self.fs(12), y), self.fs(14), WHITE)
                y += font(self.fs(14)).get_linesize()
            self._hint = (key, pic)
        surface.blit(self._hint[1], box)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """Hovering a hex says what it is: terrain, costs, its town or city and cubes, the
        track on it and whose it is."""
        h = self.hover
        if h is None or self.pen.drawing or self.overlay or any(n.at for n in self.notices) \
                or any(b.rect.collidepoint(self.mouse) for b in self.buttons):
            return
        st = self.state
        info = st.board.hexes[h]
        lines: list[hud.Line] = []
        colour = st.colour_of(h)
        if colour is not None:
            lines.append((_("{city}: a {colour} city").format(
                city=st.board.name_of(h), colour=words.colour_name(colour)), WHITE, True))
            cubes = st.cubes.get(h)
            if cubes and sum(cubes):
                lines.append((_("Cubes: {list}").format(list=", ".join(
                    f"{cubes[i]} {words.colour_name(c)}" for i, c in enumerate(COLOURS)
                    if cubes[i])), WHITE, False))
        else:
            terrain = _("hill (+$2)") if info.terrain is Terrain.HILL else _("plain")
            if info.town:
                lines.append((_("{town}: a town").format(town=info.name or info.key), WHITE, True))
            lines.append((_("Terrain: {terrain}").format(terrain=terrain), WHITE, False))
            if info.river:
                lines.append((_("River (+$1)"), WHITE, False))
        tile = st.tiles.get(h)
        if tile is not None:
            idx = st.links()
            for path in tile.paths:
                link = idx.link_of(h, path)
                who = st.name(link.owner) if link.owner >= 0 else _("nobody")
                state_words = _("complete") if link.complete else _("unfinished")
                lines.append((_("Track of {player} ({state})").format(player=who,
                                                                     state=state_words),
                              WHITE, False))
        hud.bubble(surface, lines, self.mouse, self.fs(13), bounds=self.rects["map"])


def score_rows(state: GameState) -> list[tuple[int, int, int, int]]:
    """(VP, income VP, links, total) per seat, S-W2."""
    out = []
    for s in range(state.seats):
        sc = score(state, s)
        out.append((sc.vp, sc.income_vp, sc.links, sc.total))
    return out
