"""What Steam's screen shows this frame, worked out before drawing, and the bars kept as a
picture.

:meth:`View.compose` (called from the scene's update, and before an event when the game or
the table changed) lays out the widgets again only when something they show changed (keyed
on the game's version and the table's fields, never on an object's identity): the top bar's,
the phase's, the action tiles' cards, the side panel's rows, the first-game hint and its
"Got it". The :class:`Frame` it returns is what drawing paints and what a click is matched
against, so the two never disagree; drawing changes nothing of the game or the table.

The top bar, the side panel and the bottom bar with their buttons are kept as one picture
until what they show changes, and left on the screen from the last frame when this scene
drew it and nothing has been drawn over the bars since (:meth:`View.paint_chrome`): a frame
while the map is dragged draws nothing of them again.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rail_app.core.i18n import version as words_version
from rail_app.games.steam.rules.state import GameState, Step
from rail_app.games.steam.ui import bars, buttons, cards, helpwords, side, widgets
from rail_app.games.steam.ui import palette as pal
from rail_app.games.steam.ui.commands import TOP, DismissHint
from rail_app.games.steam.ui.layout import Ctx, Rects, screen_rects
from rail_app.games.steam.ui.mapview import MapView
from rail_app.games.steam.ui.table import Page, Table
from rail_app.games.steam.ui.widgets import Look, Widget
from rail_app.ui.kit import widgets as kit
from rail_app.ui.kit.hints import HintCard, Hints
from rail_app.ui.palette import INKS, WHITE
from rail_app.ui.scene import Host
from rail_app.ui.session import Session

Hint = tuple[str, str, pygame.Rect]  # its key, its words, its card


@dataclass
class Frame:
    ctx: Ctx
    widgets: list[Widget]  # in painting order (the topmost last)
    number: int  # counts the layouts made (the buttons' version)
    compact: bool = False  # the action tiles' cards stand in a column beside the map
    hint: Hint | None = None
    on_bars: frozenset[int] = frozenset()  # the widgets painted with the bars (their places)

    def find(self, key: object) -> Widget | None:
        """The widget showing ``key`` (a command), if it is on screen."""
        return kit.find(self.widgets, key)


class View:
    """Steam's screen's layouts and the bars' picture, kept while what they show stays the
    same."""

    def __init__(self, host: Host, session: Session[GameState], table: Table, map_view: MapView,
                 hints: Hints) -> None:
        self.host = host
        self.session = session
        self.table = table
        self.map = map_view
        self.hints = hints
        self.card = HintCard(pal.HINT_BG, WHITE)
        self.rects = self.place()
        self.frame: Frame | None = None
        self._key: tuple[object, ...] = ()
        self._layouts = 0
        self._chrome: tuple[tuple[object, ...], pygame.Surface] | None = None
        #: what the screen holds beyond the map since this scene's last frame: the surface,
        #: the app's frame, the bars' key, and whether the app wrote over them after it
        self.kept: tuple[pygame.Surface, int, tuple[object, ...], bool] | None = None

    def place(self) -> Rects:
        """The screen's rectangles for the window and the UI scale as they are now."""
        self.rects = screen_rects(self.host.size, self.host.px)
        self.map.set_rect(self.rects.map)
        return self.rects

    def ctx(self) -> Ctx:
        inks = tuple(INKS.get(s.ink, INKS["blue"]) for s in self.session.setup.seats)
        return Ctx(self.session, self.table, self.rects, self.host.px, self.map, inks)

    # -- the layout ------------------------------------------------------------------------
    def compose(self) -> Frame:
        """The frame's widgets, laid out again only when something they show changed."""
        t = self.table
        s = self.host.settings
        key = (self.session.version, self.host.size, s.ui_scale, t.page, t.mode, t.picked,
               t.space, t.city_colour, t.bid, t.capital, len(t.strokes), len(t.routes),
               self.hints.key(), words_version(), self.session.seat.computer)
        if self.frame is not None and key == self._key:
            return self.frame
        self._key = key
        self._layouts += 1
        self.place()
        ctx = self.ctx()
        frame = Frame(ctx, buttons.top_bar(ctx), self._layouts)
        if t.page is Page.MENU:
            frame.widgets += buttons.menu(ctx, self.host.size)
        elif t.page is Page.NONE:
            frame.widgets += buttons.phase_buttons(ctx)
            if ctx.state.step in (Step.CHOOSE, Step.DECLARE):
                tiles, frame.compact = cards.tile_cards(ctx)
                frame.widgets += tiles
            frame.widgets += buttons.side(ctx)
            frame.hint = self.hint(ctx, frame.compact)
            if frame.hint is not None:
                hint_key, _text, box = frame.hint
                rect, got = HintCard.got_it(box, ctx.px)
                frame.widgets.append(Widget(rect, DismissHint(hint_key), got,
                                            look=Look.SOLID, size=ctx.px(15)))
        frame.on_bars = self.painted_with_bars(frame)
        self.frame = frame
        return frame

    def hint(self, ctx: Ctx, compact: bool) -> Hint | None:
        """The first-game hint shown now (its key, its words and its card), if any."""
        if not ctx.person_to_act():
            return None
        st = ctx.state
        step = st.step
        key = helpwords.HINT_KEYS.get(step)
        if key is None or not self.hints.unread(key):
            return None
        text = helpwords.hint(step, st.basic)
        px = ctx.px
        m = ctx.rects.map
        width = min(px(460), m.w - px(40))
        beside = compact and step in (Step.CHOOSE, Step.DECLARE)
        if beside:  # in the sea right of the map, the action tiles' column being on the left
            width = min(width, max(px(220), ctx.sea_beside() - px(24)))
        return key, text, HintCard.box(m, text, px, width, right=beside)

    def painted_with_bars(self, frame: Frame) -> frozenset[int]:
        """The buttons (their places in the frame's widgets) painted with the bars (the top
        bar's, the phase's): clear of the map and of the action tiles' cards (nothing that
        a frame draws after the bars covers them), while no page is over the screen."""
        if self.table.page is not Page.NONE:
            return frozenset()
        m = self.rects.map
        tiles = [w.rect for w in frame.widgets if cards.tile_of(w) is not None]
        return frozenset(i for i, w in enumerate(frame.widgets)
                         if w.label and not w.rect.colliderect(m)
                         and w.rect.collidelist(tiles) < 0)

    # -- the bars' picture -----------------------------------------------------------------
    def paint_chrome(self, surface: pygame.Surface, frame: Frame) -> None:
        """The top bar, the side panel and the bottom bar with their buttons, kept as one
        picture until what they show changes, and left on the screen from the last frame
        when this scene drew it and nothing has been drawn over the bars since: every
        other thing a frame draws outside the map is drawn again at the same place (the
        action tiles' cards; the bubbles, notices and the pen's marks keep to the map), and
        a page over the screen (menu, help, tracks) draws the bars every frame."""
        t = self.table
        on_bars = [w for i, w in enumerate(frame.widgets) if i in frame.on_bars]
        hovered = next((i for i, w in enumerate(on_bars) if w.rect.collidepoint(t.pointer)),
                       -1)
        key = (self.session.version, self.host.size, t.picked, t.mode, t.space,
               t.city_colour, t.hover_route, t.history_scroll, words_version(),
               len(t.routes), self.host.settings.ui_scale, frame.number, hovered)
        chrome = self._chrome
        if chrome is None or key != chrome[0] or chrome[1].get_size() != surface.get_size():
            pic = pygame.Surface(surface.get_size())
            bars.paint_top(pic, frame.ctx)
            side.paint_side(pic, frame.ctx, frame.widgets)
            bars.paint_bottom(pic, frame.ctx)
            for w in on_bars:  # in the order a frame draws the buttons
                if w.command not in TOP:
                    widgets.paint(pic, w, w.rect.collidepoint(t.pointer))
            for w in on_bars:
                if w.command in TOP:
                    widgets.paint(pic, w, w.rect.collidepoint(t.pointer))
            chrome = self._chrome = (key, pic)
        shown = self.host.frames
        kept = self.kept
        if t.page is not Page.NONE or kept is None or kept[0] is not surface \
                or kept[1] != shown - 1 or kept[2] != key or kept[3]:
            for r in (self.rects.top, self.rects.side, self.rects.bottom):
                surface.blit(chrome[1], r.topleft, r)
        # the app's notice is drawn over the scene after this frame while it lasts
        self.kept = None if t.page is not Page.NONE else (surface, shown, key,
                                                           self.host.notice_left > 0)
