"""The game over screen of every game: who won and why, a table of ranks for any number of
seats with the game's own figures, and the game's chart in its own figure and format
(Italian Rails: cash after each turn, 250M; Steam: victory points)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from rail_app.core import i18n
from rail_app.core.i18n import _
from rail_app.ui import hud
from rail_app.ui.careerfiles import keep
from rail_app.ui.chart import draw_chart
from rail_app.ui.gameparts import FinalTable
from rail_app.ui.gamescreens import screens_of
from rail_app.ui.palette import INK, PAPER
from rail_app.ui.scene import Host, Scene
from rail_app.ui.session import Session
from rail_app.ui.settings import INKS


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th... (a rank as players read it: 1.º, 2.º in Spanish)."""
    return i18n.ordinal(n)


class GameOverScene(Scene):
    """Who won and why, each seat's rank and figures, and the game's chart."""

    def __init__(self, app: Host, session: Session[Any]) -> None:
        self.session = session
        self.final: FinalTable = screens_of(session.setup.game).final_table(session)
        self.kept_note = ""
        try:  # the finished game is kept and counted in the career
            keep(session)
        except OSError as exc:
            self.kept_note = _("This game could not be added to your career: {why}").format(
                why=exc.strerror or str(exc))
        super().__init__(app)

    def inks(self) -> list[tuple[int, int, int]]:
        return [INKS.get(s.ink, self.app.settings.ink(i))
                for i, s in enumerate(self.session.setup.seats)]

    def build(self) -> None:
        px = self.app.px
        w, h = self.app.size
        x0 = px(60)
        y = h - px(80)
        self.new_button = UIButton(pygame.Rect(x0, y, px(220), px(50)), _("New game"), self.ui,
                                   object_id="#primary")
        self.menu_button = UIButton(pygame.Rect(x0 + px(240), y, px(200), px(50)), _("Main menu"),
                                    self.ui)
        self.replay_button = UIButton(pygame.Rect(x0 + px(460), y, px(220), px(50)),
                                      _("Watch the replay"), self.ui)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.replay_button:
            self.app.push(self.app.screens.replay(self.session))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.new_button:
            # New game over the menu, for the same game: its Back goes to the menu
            self.app.reset(self.app.screens.menu())
            self.app.push(self.app.screens.new_game(self.session.setup.game))
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.menu_button) \
                or (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE,
                                                                   pygame.K_RETURN)):
            self.app.reset(self.app.screens.menu())
        else:
            return False
        return True

    def ranks(self) -> list[int]:
        """Each seat's rank (1 = first; seats that tie share a rank)."""
        game = self.session.game
        out = game.rules.outcome(self.session.state)
        if out is None:
            return [1] * len(self.session.setup.seats)
        return list(out.ranks)

    def order(self) -> list[int]:
        """The seats from first to last (ties in seat order)."""
        ranks = self.ranks()
        return sorted(range(len(ranks)), key=lambda i: (ranks[i], i))

    def winner(self) -> int | None:
        ranks = self.ranks()
        firsts = [i for i, r in enumerate(ranks) if r == 1]
        return firsts[0] if len(firsts) == 1 and self.session.over else None

    def lines(self) -> list[str]:
        """The table of the screen as plain sentences, first to last (also used by tests)."""
        names = [s.name for s in self.session.setup.seats]
        ranks = self.ranks()
        f = self.final
        out = []
        for i in self.order():
            figures = ", ".join(f"{v} {h.lower()}"
                                for h, v in zip(f.headings, f.rows[i], strict=True))
            out.append(_("{rank} {name}: {figures}").format(rank=ordinal(ranks[i]), name=names[i],
                                                           figures=figures))
        return out

    def series(self) -> tuple[list[tuple[str, tuple[int, int, int], list[int]]], bool]:
        """The chart's lines (name, ink, values) and whether their last point is the end of
        the game rather than a turn."""
        seats = self.session.setup.seats
        inks = self.inks()
        f = self.final
        return ([(seats[i].name, inks[i], list(f.chart[i])) for i in range(len(f.chart))],
                f.chart_end)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(PAPER)
        px = self.app.px
        w, h = surface.get_size()
        seats = self.session.setup.seats
        inks = self.inks()
        final = self.final
        x0 = px(60)
        winner = self.winner()
        if winner is not None:
            title = _("{name} wins!").format(name=seats[winner].name)
            colour = inks[winner]
        else:
            title = _("Game over: a draw") if self.session.over else _("Game over")
            colour = INK
        hud.label(surface, title, (x0, px(36)), px(46), colour, bold=True)
        y = px(104)
        if final.reason:
            for line in hud.wrap(final.reason, px(18), w - 2 * x0):
                hud.label(surface, line, (x0, y), px(18), INK)
                y += px(26)
        if final.turns:
            hud.label(surface, final.turns, (x0, y), px(15), hud.MUTED)
        if self.kept_note:
            hud.label(surface, self.kept_note, (x0, y + px(20)), px(15), hud.RED)
            y += px(20)
        y += px(34)
        # the ranks, first to last, with the game's figures
        name_w = px(230)
        col_w = max(px(130), min(px(190), (w - 2 * x0 - name_w - px(70))
                                 // max(1, len(final.headings))))
        cols = [(_("Rank"), 0)] + [(head, px(70) + name_w + k * col_w)
                                for k, head in enumerate(final.headings)]
        for label, dx in cols:
            hud.label(surface, label, (x0 + dx, y), px(15), hud.MUTED, bold=True)
        y += px(26)
        ranks = self.ranks()
        row_h = px(30) if len(seats) <= 4 else px(26)
        for i in self.order():
            hud.label(surface, ordinal(ranks[i]), (x0, y), px(18), INK, bold=ranks[i] == 1)
            pygame.draw.rect(surface, inks[i], (x0 + px(60), y + px(4), px(26), px(14)),
                             border_radius=px(6))
            hud.label(surface, seats[i].name, (x0 + px(96), y), px(18), INK, bold=True)
            for (_head, dx), v in zip(cols[1:], final.rows[i], strict=True):
                hud.label(surface, v, (x0 + dx, y), px(18), INK, bold=ranks[i] == 1)
            y += row_h
        y += px(16)
        chart = pygame.Rect(x0, y, w - 2 * x0, h - y - px(100))
        if final.chart and chart.h > px(120):
            series, end = self.series()
            draw_chart(surface, chart, series, px(14),
                       heading=final.chart_heading or final.chart_title,
                       value=final.chart_value or self.session.game.score.format, goal=final.goal, end=end)
        self.ui.draw_ui(surface)
