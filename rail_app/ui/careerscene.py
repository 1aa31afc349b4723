"""The career page, from the main menu: for each game on the table, the games finished,
wins, losses and draws against each computer level and on each map, the median turns to
win, the best score a turn, the streak, and each name's results at games of several people
at one screen (:mod:`rail_app.table.career`); then the past games, newest first (when, the
map, the seats, the place, the score and the margin over the best of the others), each of
which opens its replay (and there its review), and the trend of that margin."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from rail_app.core.i18n import N_, _, ngettext, number, ordinal
from rail_app.core.paths import user_data_dir
from rail_app.table import career, registry
from rail_app.table.career import GameCareer, GameEntry, Tally
from rail_app.table.records import AnyGameDef
from rail_app.ui import hud
from rail_app.ui.careerfiles import load
from rail_app.ui.chart import draw_chart
from rail_app.ui.fonts import font
from rail_app.ui.palette import INK, INKS, MUTED, PANEL_EDGE, SELECTED
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
        if c.places:  # a second of four is not a last
            rows.append((_("Places"), " · ".join(
                _("{place}: {n}").format(place=ordinal(k), n=number(n))
                for k, n in sorted(c.places.items())), False))
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


#: How many past games a game's list shows (the newest), and its trend covers.
PAST_SHOWN = 30


def margin(entry: GameEntry, seat: int) -> int:
    """``seat``'s score less the best of the others' (the second's, for the winner)."""
    others = [s.score for i, s in enumerate(entry.seats) if i != seat]
    return entry.seats[seat].score - max(others) if others else 0


def person(entry: GameEntry) -> int | None:
    """The seat of the game's (first) person, None for a game of computers alone."""
    return next((i for i, s in enumerate(entry.seats) if s.kind == "human"), None)


def past_rows(game: AnyGameDef, entries: list[GameEntry]) -> list[tuple[str, str, GameEntry]]:
    """The game's past games with a person in them, newest first: (when and the map, the
    place, score and margin, the game)."""
    score = game.score
    out = []
    mine = [e for e in entries if e.game == game.id and person(e) is not None]
    for e in sorted(mine, key=lambda e: e.when, reverse=True)[:PAST_SHOWN]:
        seat = person(e)
        assert seat is not None
        me = e.seats[seat]
        m = margin(e, seat)
        left = _("{when} · {map} · {n} players").format(
            when=e.when.replace("T", " ")[:16], map=e.map, n=number(len(e.seats)))
        right = _("{place} of {n} · {score} · margin {margin}").format(
            place=ordinal(me.rank), n=number(len(e.seats)), score=score.format(me.score),
            margin=score.format(m, sign=True))
        out.append((left, right, e))
    return out


class CareerScene(Scene):
    """The career page (see the module docstring); Back returns to the menu."""

    def __init__(self, app: Host) -> None:
        entries, self.repaired = load()
        self.entries = entries
        self.figures = career.figures(entries)
        self.scroll = 0
        self.hits: list[tuple[pygame.Rect, GameEntry]] = []  # the past games on screen
        self.problem = ""  # why a past game could not be opened
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

    def rows(self) -> list[tuple[str, str, bool, GameEntry | None]]:
        """Every game's rows, in the table's order: its figures, then its past games (each
        with the game it opens); a heading row of past games is followed by the trend."""
        out: list[tuple[str, str, bool, GameEntry | None]] = []
        for g in registry.GAMES:
            out += [(a, b, h, None)
                    for a, b, h in game_lines(g.title, g.score.said(), self.figures.get(g.id))]
            past = past_rows(g, self.entries)
            if past:
                out.append((_("Past games"), _("click one to replay and review it"), True,
                            None))
                out += [(a, b, False, e) for a, b, e in past]
        return out

    def lines(self) -> list[tuple[str, str, bool]]:
        """Every game's rows, in the table's order (the tests read them)."""
        return [(a, b, h) for a, b, h, _e in self.rows()]

    def open_game(self, entry: GameEntry) -> None:
        """The replay of a past game, from its kept save (Close comes back here)."""
        from rail_app.ui.session import LoadError, Session

        path = career.finished_dir(user_data_dir()) / f"{entry.id}.json"
        try:
            session = Session.load(path)
        except LoadError as exc:
            self.problem = _("This game cannot be opened: {reason}").format(reason=str(exc))
            return
        self.problem = ""
        self.app.push(self.app.screens.replay(session))

    def handle_event(self, event: pygame.event.Event) -> bool:
        back = (event.type == pygame_gui.UI_BUTTON_PRESSED
                and event.ui_element is self.back_button) \
            or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
        if back:
            self.app.pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * self.app.px(40))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            found = next((e for r, e in self.hits if r.collidepoint(event.pos)), None)
            if found is None:
                return False
            self.open_game(found)
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
        if self.problem:
            hud.label(surface, self.problem, (r.x, y), px(15), MUTED)
            y += px(30)
        self.hits = []
        pointer = pygame.mouse.get_pos()
        games = {g.id: g for g in registry.GAMES}
        for left, right, heading, entry in self.rows():
            if heading:
                y += px(8)
                hud.label(surface, left, (r.x, y), px(20), INK, bold=True)
                if right:
                    hud.label(surface, right, (col, y + px(3)), px(16), MUTED)
                y += px(30)
                pygame.draw.line(surface, PANEL_EDGE, (r.x, y - px(4)), (r.right, y - px(4)))
            elif entry is not None:
                if not self.hits:  # the trend above the first past game
                    y = self.paint_trend(surface, games[entry.game], pygame.Rect(
                        r.x, y, r.w, px(150))) + px(8)
                row = pygame.Rect(r.x, y - px(2), r.w, px(24))
                if row.collidepoint(pointer) and r.collidepoint(pointer):
                    pygame.draw.rect(surface, SELECTED, row, border_radius=px(4))
                hud.label(surface, left, (r.x + px(16), y), px(16), INK)
                hud.label(surface, right, (col, y), px(16), INK)
                self.hits.append((row.clip(r), entry))
                y += px(24)
            else:
                hud.label(surface, left, (r.x + px(16), y), px(16), INK)
                hud.label(surface, right, (col, y), px(16), INK)
                y += px(24)
        self.hits = [(hit, e) for hit, e in self.hits if hit.w > 0 and hit.h > 0]
        surface.set_clip(clip)

    def paint_trend(self, surface: pygame.Surface, game: AnyGameDef, rect: pygame.Rect) -> int:
        """The trend of a game's past games: the margin of each, oldest to newest; returns
        the y below it."""
        px = self.app.px
        rows = list(reversed(past_rows(game, self.entries)))
        values = []
        for _a, _b, e in rows:
            seat = person(e)
            assert seat is not None
            values.append(margin(e, seat))
        if len(values) < 2:
            return rect.y
        score = game.score
        draw_chart(surface, rect, [(_("Margin"), INKS["blue"], values)], px(13),
                   heading=_("Margin over the best of the others, game by game"),
                   value=score.format, axis=_("past games, oldest first"))
        return rect.bottom
