"""The game over screen: who won and why (W2), the final figures and the cash chart."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from rail_app.ui import hud
from rail_app.ui.chart import draw_cash_chart
from rail_app.ui.scene import Host, Scene
from rail_app.ui.scenes import INK, PAPER
from rail_app.ui.session import Session
from rail_app.ui.settings import INKS


class GameOverScene(Scene):
    """Who won and why (W2), the final cash, track and deliveries, and the cash chart."""

    def __init__(self, app: Host, session: Session) -> None:
        self.session = session
        super().__init__(app)

    def inks(self) -> list[tuple[int, int, int]]:
        return [INKS.get(s.ink, self.app.settings.ink(i))
                for i, s in enumerate(self.session.setup.seats)]

    def build(self) -> None:
        px = self.app.px
        w, h = self.app.size
        x0 = px(60)
        y = h - px(80)
        self.new_button = UIButton(pygame.Rect(x0, y, px(220), px(50)), "New game", self.ui,
                                   object_id="#primary")
        self.menu_button = UIButton(pygame.Rect(x0 + px(240), y, px(200), px(50)), "Main menu",
                                    self.ui)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.new_button:
            self.app.switch("newgame")
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.menu_button) \
                or (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE,
                                                                   pygame.K_RETURN)):
            self.app.switch("menu")

    def series(self) -> tuple[list[tuple[str, tuple[int, int, int], list[int]]], bool]:
        """The chart's lines: each player's cash after each of their turns (one point per
        turn taken, as the header counts them). When some cash changed after a player's
        last turn (rent, an event of the last round), every line gets one more point, the
        cash at the end, so the lines stay comparable; the second value says so."""
        st = self.session.state
        inks = self.inks()
        cash = [list(p.cash_history[:p.turns_taken]) for p in st.players]
        end = any(not c or c[-1] != p.cash for c, p in zip(cash, st.players, strict=True))
        if end:
            for c, p in zip(cash, st.players, strict=True):
                c.append(p.cash)
        return [(p.name, inks[i], cash[i]) for i, p in enumerate(st.players)], end

    def lines(self) -> list[str]:
        """The table of the screen as plain sentences (also used by tests)."""
        st = self.session.state
        out = []
        for p in st.players:
            out.append(f"{p.name}: {p.cash}M cash, {p.segments_drawn} segments drawn "
                       f"({len(p.track)} on the map), {p.deliveries} deliveries")
        return out

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(PAPER)
        px = self.app.px
        w, h = surface.get_size()
        st = self.session.state
        out = st.outcome
        inks = self.inks()
        x0 = px(60)
        if out is not None and out.winner is not None:
            title = f"{st.players[out.winner].name} wins!"
            colour = inks[out.winner]
        else:
            title = "Game over: a draw" if out is not None else "Game over"
            colour = INK
        hud.label(surface, title, (x0, px(36)), px(46), colour, bold=True)
        y = px(104)
        if out is not None and out.reason:
            for line in hud.wrap(out.reason + " (W2)", px(18), w - 2 * x0):
                hud.label(surface, line, (x0, y), px(18), INK)
                y += px(26)
        each = " / ".join(str(p.turns_taken) for p in st.players)
        hud.label(surface, f"{st.turn} turns played ({each} each)", (x0, y), px(15), hud.MUTED)
        y += px(34)
        # the table
        cols = [("", 0), ("Cash", px(230)), ("Segments drawn", px(360)),
                ("Track on the map", px(540)), ("Deliveries", px(730))]
        for label, dx in cols:
            hud.label(surface, label, (x0 + dx, y), px(15), hud.MUTED, bold=True)
        y += px(26)
        for i, p in enumerate(st.players):
            pygame.draw.rect(surface, inks[i], (x0, y + px(4), px(26), px(14)),
                             border_radius=px(6))
            hud.label(surface, p.name, (x0 + px(36), y), px(18), INK, bold=True)
            vals = [f"{p.cash}M", str(p.segments_drawn), str(len(p.track)), str(p.deliveries)]
            for (_, dx), v in zip(cols[1:], vals, strict=True):
                hud.label(surface, v, (x0 + dx, y), px(18), INK, bold=i == (out.winner if out
                                                                            else -1))
            y += px(30)
        y += px(16)
        chart = pygame.Rect(x0, y, w - 2 * x0, h - y - px(100))
        if chart.h > px(120):
            series, end = self.series()
            draw_cash_chart(surface, chart, series, px(14), goal=st.rules.win_cash, end=end)
        self.ui.draw_ui(surface)
