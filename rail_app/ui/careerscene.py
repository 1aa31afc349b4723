"""The career page, from the main menu: for each game on the table, the games finished,
wins, losses and draws against each computer level and on each map, the median turns to
win, the best score a turn, the streak, and each name's results at games of several people
at one screen (:mod:`rail_app.table.career`)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from rail_app.core.i18n import N_, _, ngettext, number
from rail_app.table import career, registry
from rail_app.table.career import GameCareer, Tally
from rail_app.ui import hud
from rail_app.ui.careerfiles import load
from rail_app.ui.fonts import font
from rail_app.ui.palette import INK, MUTED, PANEL_EDGE
from rail_app.ui.scene import Host, Scene
from rail_app.ui.scenes import draw_form, form_card

LEVEL_WORDS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}


def tally_words(t: Tally) -> str:
    return _("{won} won · {lost} lost · {drawn} drawn").format(
        won=number(t.won), lost=number(t.lost), drawn=number(t.drawn))


def game_lines(title: str, score_name: str, c: GameCareer | None
               ) -> list[tuple[str, str, bool]]:
    """One game's figures as (left, right, heading) rows."""
    if c is None or c.games == 0:
        return [(title, "", True), (_("No finished games yet."), "", False)]
    rows: list[tuple[str, str, bool]] = [(title, ngettext(
        "{n} game finished", "{n} games finished", c.games).format(n=number(c.games)), True)]
    if c.overall.played:
        rows.append((_("Against the computer"), tally_words(c.overall), False))
        if c.streak > 0:
            streak = ngettext("{n} win in a row", "{n} wins in a row", c.streak).format(
                n=number(c.streak))
        elif c.streak < 0:
            streak = ngettext("{n} loss in a row", "{n} losses in a row", -c.streak).format(
                n=number(-c.streak))
        else:
            streak = _("none")
        rows.append((_("Streak now"), streak, False))
        rows.append((_("Longest winning streak"), number(c.best_streak), False))
        med = c.median_turns_to_win
        rows.append((_("Median turns to win"), number(med, 1) if med is not None else "-",
                     False))
        best = c.best_per_turn
        rows.append((_("Best {score} a turn").format(score=score_name),
                     number(best, 1) if best is not None else "-", False))
        rows.append((_("By computer level"), "", True))
        for level in sorted(c.by_level, key=lambda lv: list(LEVEL_WORDS).index(lv)
                            if lv in LEVEL_WORDS else 9):
            rows.append((_(LEVEL_WORDS.get(level, level)), tally_words(c.by_level[level]),
                         False))
        rows.append((_("By map"), "", True))
        for name in sorted(c.by_map):
            rows.append((name, tally_words(c.by_map[name]), False))
    if c.hotseat:
        rows.append((_("Games of several people at one screen"), "", True))
        for name in sorted(c.hotseat):
            rows.append((name, tally_words(c.hotseat[name]), False))
    return rows


class CareerScene(Scene):
    """The career page (see the module docstring); Back returns to the menu."""

    def __init__(self, app: Host) -> None:
        entries, self.repaired = load()
        self.figures = career.figures(entries)
        self.scroll = 0
        super().__init__(app)

    def build(self) -> None:
        px = self.app.px
        w, h = self.app.size
        width = min(w - px(60), px(1180))
        x0 = (w - width) // 2
        top = px(36)
        title = _("Career")
        UILabel(pygame.Rect(x0, top, font(px(44), True).size(title)[0] + px(16), px(60)),
                title, self.ui, object_id="#title")
        self.area = pygame.Rect(x0, top + px(80), width, h - top - px(80) - px(100))
        self.back_button = UIButton(pygame.Rect(x0 + width - px(150), h - px(86), px(150),
                                                px(50)), _("Back"), self.ui)
        self.card = form_card(x0, top, width, h - px(36), px(22))

    def lines(self) -> list[tuple[str, str, bool]]:
        """Every game's rows, in the table's order (the tests read them)."""
        out: list[tuple[str, str, bool]] = []
        for g in registry.GAMES:
            out += game_lines(g.title, g.score.said(), self.figures.get(g.id))
        return out

    def handle_event(self, event: pygame.event.Event) -> bool:
        back = (event.type == pygame_gui.UI_BUTTON_PRESSED
                and event.ui_element is self.back_button) \
            or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
        if back:
            self.app.pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * self.app.px(40))
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        draw_form(surface, self.app, self.ui, self.card, under=self.paint)

    def paint(self, surface: pygame.Surface) -> None:
        px = self.app.px
        r = self.area
        clip = surface.get_clip()
        surface.set_clip(r)
        y = r.y - self.scroll
        if self.repaired:
            hud.label(surface, _("The career file was damaged and has been rebuilt from the "
                                 "finished games kept."), (r.x, y), px(15), MUTED)
            y += px(30)
        col = r.x + r.w // 2
        for left, right, heading in self.lines():
            if heading:
                y += px(8)
                hud.label(surface, left, (r.x, y), px(20), INK, bold=True)
                if right:
                    hud.label(surface, right, (col, y + px(3)), px(16), MUTED)
                y += px(30)
                pygame.draw.line(surface, PANEL_EDGE, (r.x, y - px(4)), (r.right, y - px(4)))
            else:
                hud.label(surface, left, (r.x + px(16), y), px(16), INK)
                hud.label(surface, right, (col, y), px(16), INK)
                y += px(24)
        surface.set_clip(clip)
