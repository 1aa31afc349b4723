"""Steam's game screen (UX.md "Screen layout"): the map with the tiles, links and cubes; a top
bar with the turn, the phase and the player to act; a side panel with the players, their
income, VP and locomotive tracks, the action tiles, the goods reserve and, when a city is
picked in the move phase, its deliveries; a bottom bar with the history and the phase's
buttons.

:class:`SteamScene` ties the parts together, as Italian Rails' screen does: events go through
:mod:`.input` to the :class:`~rail_app.games.steam.ui.controller.Controller` (the only code
that changes the :class:`~rail_app.games.steam.ui.table.Table` and, through the session, the
game); ``update`` moves time on and composes the :class:`~rail_app.games.steam.ui.frame.Frame`;
``draw`` paints the frame and changes nothing of the game or the table.
"""

from __future__ import annotations

import pygame

from rail_app.games.steam.rules.state import GameState, Step
from rail_app.games.steam.rules.strokes import TileChoice
from rail_app.games.steam.ui import cards, helpwords, marks, pages, widgets
from rail_app.games.steam.ui import maprender as mr
from rail_app.games.steam.ui.building import choice_reason
from rail_app.games.steam.ui.buttons import menu_box
from rail_app.games.steam.ui.commands import TOP
from rail_app.games.steam.ui.controller import Controller
from rail_app.games.steam.ui.frame import Frame, Hint, View
from rail_app.games.steam.ui.input import handle
from rail_app.games.steam.ui.layout import Rects
from rail_app.games.steam.ui.mapview import MapView
from rail_app.games.steam.ui.table import Page, Table
from rail_app.games.steam.ui.widgets import Widget
from rail_app.ui import hud
from rail_app.ui.scene import Host, Scene
from rail_app.ui.session import Session


class SteamScene(Scene):
    def __init__(self, app: Host, session: Session[GameState], lesson: int | None = None
                 ) -> None:
        self.session = session
        try:
            background = mr.load_background(session.state.board, session.setup.map_path)
        except Exception:  # noqa: BLE001 - a missing background leaves the sea plain
            background = None
        self.map = MapView(session.state.board, background)
        self.table = Table()
        self.controller = Controller(app, session, self.table, self.map)
        self.view = View(app, session, self.table, self.map, self.controller.hints)
        super().__init__(app)

    # -- what tests and tools look at -------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def frame(self) -> Frame:
        return self.view.compose()

    @property
    def widgets(self) -> list[Widget]:
        return self.frame.widgets

    @property
    def rects(self) -> Rects:
        return self.view.rects

    def widget(self, key: object) -> Widget | None:
        """The widget showing ``key`` (a command), if it is on screen."""
        return self.frame.find(key)

    def find(self, key: object) -> pygame.Rect | None:
        """Where the widget showing ``key`` (a command) is on screen (for tools and
        tests)."""
        w = self.widget(key)
        return None if w is None else pygame.Rect(w.rect)

    def current_hint(self) -> Hint | None:
        return self.frame.hint

    def pen_label(self) -> str:
        return self.controller.building.pen_label()

    def choice_reason(self, c: TileChoice) -> str:
        return choice_reason(c)

    def menu_box(self) -> pygame.Rect:
        return menu_box(self.app.size, self.app.px)

    def focus(self, keys: list[str], zoom: float) -> None:
        """Centre the map on these hexes at ``zoom`` times the whole map's scale."""
        self.controller.view.focus(keys, zoom)

    def hex_screen(self, key: str) -> tuple[int, int]:
        h = self.state.board.hex_index(key)
        assert h is not None
        x, y = self.map.centre_px(h)
        return round(x), round(y)

    # -- layout -----------------------------------------------------------------------------
    def build(self) -> None:
        self.view.place()

    def resized(self) -> None:
        """Laid out anew (the window resized, or back from a screen over this one): the map
        is fitted again only when its rectangle changed size; else the view stays where the
        player left it."""
        before = self.map.camera.rect.size
        super().resized()
        if self.map.camera.rect.size != before:
            self.map.fit()

    def pause(self) -> None:
        self.view.kept = None  # the scene pushed over this one draws on the screen
        super().pause()

    def resume(self) -> None:
        self.view.kept = None
        super().resume()

    def leave(self) -> None:
        self.controller.leave()

    # -- the loop ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        self.controller.sync()
        return handle(event, self.view.compose(), self.controller)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.controller.tick(dt)
        if not self.table.ended:
            self.view.compose()

    def draw(self, surface: pygame.Surface) -> None:
        frame = self.view.compose()
        ctx = frame.ctx
        t = self.table
        st = self.state
        highlight: frozenset[int] = frozenset()
        if t.hover_route is not None and t.hover_route < len(t.routes):
            highlight = frozenset(t.routes[t.hover_route].links)
        if t.flash.left > 0:
            highlight = highlight | t.flash.links

        def pieces(pic: pygame.Surface) -> None:
            self.map.draw_track(pic, st, list(ctx.inks), highlight)
            self.map.draw_cubes(pic, st)

        self.map.draw_base(surface, pieces, (self.session.version, ctx.inks,
                                             tuple(sorted(highlight))))
        clip = surface.get_clip()
        surface.set_clip(ctx.rects.map)
        marks.paint_hexes(surface, ctx)
        marks.paint_pen(surface, ctx)
        surface.set_clip(clip)
        self.view.paint_chrome(surface, frame)
        page = t.page is not Page.NONE
        if st.step in (Step.CHOOSE, Step.DECLARE) and not page:
            cards.paint_cards(surface, ctx, frame.widgets, frame.compact)
        if frame.hint is not None and not page:
            self.view.card.paint(surface, frame.hint[2], frame.hint[1], ctx.px)
        for i, w in enumerate(frame.widgets):
            if w.label and w.command not in TOP and not page and i not in frame.on_bars:
                self.paint_widget(surface, w)
        for i, w in enumerate(frame.widgets):
            if w.command in TOP and i not in frame.on_bars:
                self.paint_widget(surface, w)
        if not page:
            marks.paint_tooltip(surface, ctx, frame.widgets)
        marks.paint_notices(surface, ctx)
        if t.page is Page.MENU:
            pages.veil(surface)
            hud.dialog_box(surface, self.menu_box(), ctx.px(12), ctx.px(6))
            for w in frame.widgets:
                if w.command not in TOP:
                    self.paint_widget(surface, w)
        elif t.page is Page.TRACKS:
            pages.paint_tracks_page(surface, ctx)
        elif t.page is Page.HELP:
            hud.help_page(surface, ctx.px(15), helpwords.help_sections())
        self.ui.draw_ui(surface)

    def paint_widget(self, surface: pygame.Surface, w: Widget) -> None:
        widgets.paint(surface, w, w.rect.collidepoint(self.table.pointer))
