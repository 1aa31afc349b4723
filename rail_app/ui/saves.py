"""The save and load screen: every saved game, newest first, each with its name, players and
seats, map, turn, cash, date and a small map of both networks; a saved game can be renamed
and (after a question) deleted.

From the main menu it loads a game (a click selects, a double click or Load loads). From the
game's menu it saves the game being played under a name (the players and the turn unless
the player types another) and returns to it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from rail_app.core import names
from rail_app.core.i18n import _
from rail_app.table.saves import SaveError
from rail_app.ui import hud
from rail_app.ui.fields import name_field
from rail_app.ui.fonts import fit_line, font
from rail_app.ui.palette import CREAM, ROW_LINE, SCROLL_BAR, SELECTED, THUMB_BG
from rail_app.ui.question import Question
from rail_app.ui.saveextras import SaveExtras
from rail_app.ui.savelist import (
    Entry,
    EntryList,
    delete,
    details,
    list_entries,
    rename,
    summary,
)
from rail_app.ui.scene import Host, Scene
from rail_app.ui.scenes import OpenQuestion, draw_form, form_card, open_saved_game
from rail_app.ui.session import new_save_path, saves_dir
from rail_app.ui.settings import INKS
from rail_app.ui.thumbnails import thumbnail

if TYPE_CHECKING:  # the rules are imported when a game is saved or a list read
    from rail_app.ui.session import Session


DOUBLE_CLICK_MS = 450


class SavesScene(Scene):
    """``session`` given: save that game (and go back to the screen under this one, the game);
    else load a game. Pushed over the screen it was opened from, which Back returns to."""

    def __init__(self, app: Host, session: Session[Any] | None = None) -> None:
        self.session = session
        self.entries: EntryList = list_entries()
        self.selected = 0 if self.entries and session is None else -1
        self.scroll = 0
        self.last_click = (-1, -DOUBLE_CLICK_MS)
        self.asking: Question | None = None
        self.opening = OpenQuestion(self)  # a game that loads only in part
        self.pointer = (0, 0)
        super().__init__(app)

    @property
    def saving(self) -> bool:
        return self.session is not None

    # -- layout --------------------------------------------------------------------------------
    def build(self) -> None:
        px = self.app.px
        w, h = self.app.size
        width = min(w - px(60), px(1180))
        x0 = (w - width) // 2
        top = px(36)
        title = _("Save game") if self.saving else _("Load game")
        UILabel(pygame.Rect(x0, top, font(px(44), True).size(title)[0] + px(16), px(60)),
                title, self.ui, object_id="#title")
        side_w = px(360)
        self.list_rect = pygame.Rect(x0, top + px(80), width - side_w - px(24),
                                     h - top - px(80) - px(110))
        self.side = pygame.Rect(self.list_rect.right + px(24), self.list_rect.y, side_w,
                                self.list_rect.h + px(60))
        self.thumb_size = (side_w, min(px(250), self.list_rect.h // 2))
        y = self.side.y + self.thumb_size[1] + px(10)
        self.name_entry = name_field(UITextEntryLine(
            pygame.Rect(self.side.x, y, side_w - px(110), px(36)), self.ui,
            placeholder_text=_("name of the game")), names.MAX_SAVE_NAME)
        self.rename_button = UIButton(pygame.Rect(self.side.right - px(100), y, px(100),
                                                  px(36)), _("Rename"), self.ui)
        if self.saving:
            self.rename_button.hide()
            self.name_entry.set_dimensions((side_w, px(36)))
        self.detail_y = y + px(46)
        by = self.side.bottom - px(50)
        self.go_button = UIButton(pygame.Rect(self.side.x, by, px(190), px(50)),
                                  _("Save") if self.saving else _("Load"), self.ui,
                                  object_id="#primary")
        self.back_button = UIButton(pygame.Rect(self.side.right - px(150), by, px(150), px(50)),
                                    _("Back"), self.ui)
        ly = self.list_rect.bottom + px(10)
        self.delete_button = UIButton(pygame.Rect(self.list_rect.x, ly, px(150), px(40)),
                                      _("Delete…"), self.ui)
        self.extras = SaveExtras(self, self.list_rect.x + px(158), ly, self.saving)
        mx = self.extras.right + px(10) - self.list_rect.x
        self.message = UILabel(pygame.Rect(self.list_rect.x + mx, ly, self.list_rect.w - mx,
                                           px(40)), "", self.ui)
        self.card = form_card(x0, top, width, self.side.bottom, px(22))
        self.row_h = px(84)
        self.fill_name()
        self.refresh()
        if self.asking is not None:  # the window changed size while asking: ask again
            self.asking = None
            self.ask_delete()
        self.opening.show()

    def fill_name(self) -> None:
        """The name field: the game to save, or the selected save."""
        if self.session is not None:
            self.name_entry.set_text(names.save_name(self.session.name
                                                     or self.session.default_name()))
        else:
            e = self.current()
            self.name_entry.set_text(names.save_name(e.title) if e is not None else "")

    def refresh(self) -> None:
        """Buttons enabled for what is selected; a word when there is nothing to load."""
        e = self.current()
        can_load = e is not None and not e.problem
        if not self.saving:
            _enable(self.go_button, can_load)
            _enable(self.rename_button, can_load and e is not None and e.game is not None)
            self.extras.refresh(can_load)
        _enable(self.delete_button, e is not None)
        if not self.entries:
            self.message.set_text(_("No saved games yet."))

    def current(self) -> Entry | None:
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    # -- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.opening.handle(event):  # load a game only in part?
            return True
        if self.extras.handle(event):  # Replay, Export…, Import… and the file dialog
            return True
        if self.asking is not None:  # the question has the screen
            yes = self.asking.answer(event)
            if yes is not None:
                self.asking.kill()
                self.asking = None
                if yes:
                    self.delete_selected()
            return True
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_button:
                self.back()
            elif event.ui_element is self.go_button:
                self.go()
            elif event.ui_element is self.delete_button:
                self.ask_delete()
            elif event.ui_element is self.rename_button:
                self.rename_selected()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                event.ui_element is self.name_entry:
            self.go() if self.saving else self.rename_selected()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        elif event.type == pygame.MOUSEWHEEL and self.list_rect.collidepoint(self.pointer):
            self.scroll_by(-event.y * self.row_h // 2)
        elif event.type == pygame.KEYDOWN and not self.app.typing():
            self.key(event.key)
        else:
            return False
        return True

    def key(self, k: int) -> None:
        if k == pygame.K_ESCAPE:
            self.back()
        elif k in (pygame.K_UP, pygame.K_DOWN) and self.entries:
            self.select(max(0, min(len(self.entries) - 1,
                                   self.selected + (1 if k == pygame.K_DOWN else -1))))
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.go()
        elif k == pygame.K_DELETE:
            self.ask_delete()

    def click(self, pos: tuple[int, int]) -> None:
        """A click on a row selects it; a second click on it soon after loads it."""
        i = self.row_at(pos)
        if i is None:
            return
        now = pygame.time.get_ticks()
        again = self.last_click[0] == i and now - self.last_click[1] < DOUBLE_CLICK_MS
        self.last_click = (i, now)
        self.select(i)
        if again and not self.saving:
            self.go()

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        i = (pos[1] - self.list_rect.y + self.scroll) // self.row_h
        return i if 0 <= i < len(self.entries) else None

    def row_rect(self, i: int) -> pygame.Rect:
        """Where row ``i`` is on the screen (it may be scrolled out of the list)."""
        r = self.list_rect
        return pygame.Rect(r.x, r.y + i * self.row_h - self.scroll, r.w, self.row_h)

    def select(self, i: int) -> None:
        self.selected = i
        row = self.row_rect(i)
        if row.top < self.list_rect.top:
            self.scroll_by(row.top - self.list_rect.top)
        elif row.bottom > self.list_rect.bottom:
            self.scroll_by(row.bottom - self.list_rect.bottom)
        self.message.set_text("")
        self.fill_name()
        self.refresh()

    def scroll_by(self, dy: int) -> None:
        limit = max(0, len(self.entries) * self.row_h - self.list_rect.h)
        self.scroll = max(0, min(limit, self.scroll + dy))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.extras.update()

    # -- what the buttons do -------------------------------------------------------------------
    def back(self) -> None:
        """Back to the screen this one was opened from (the game, or the menu)."""
        self.app.pop()

    def go(self) -> None:
        """Save the game being played under the name typed, or load the selected save."""
        if self.session is not None:
            self.save_now()
            return
        e = self.current()
        if e is None:
            self.message.set_text(_("Choose a saved game first."))
        elif e.problem:
            self.message.set_text(_("This save cannot be loaded (see why on the right)."))
        else:
            open_saved_game(self.app, e.path, self.opening)

    def save_now(self) -> None:
        session = self.session
        assert session is not None

        typed = names.save_name(self.name_entry.get_text())
        session.name = "" if typed == names.save_name(session.default_name()) else typed
        path = new_save_path()
        try:
            session.save(path)
        except OSError as exc:  # a full disk, no permission: say so and stay
            self.message.set_text(_("Could not save: {reason}").format(
                reason=exc.strerror or exc))
            return
        self.app.pop().notify(_("Game saved"), session.name or session.default_name())

    def rename_selected(self) -> None:
        e = self.current()
        if e is None or self.saving:
            return

        try:
            self.entries[self.selected] = rename(e, self.name_entry.get_text())
        except (SaveError, OSError) as exc:
            self.message.set_text(_("Could not rename: {reason}").format(reason=exc)[:120])
            return
        self.fill_name()
        self.message.set_text(_("Renamed."))

    def ask_delete(self) -> None:
        e = self.current()
        if e is None:
            return
        self.name_entry.unfocus()  # the keys answer the question
        self.asking = Question(
            self.ui, self.app.size, self.app.px, _("Delete saved game"),
            _("Delete the saved game “{title}” ({kind}, {when})? It cannot be brought back.")
            .format(title=e.title, kind=e.kind, when=e.when()), _("Delete"))

    def delete_selected(self) -> None:
        e = self.current()
        if e is None:
            return
        try:
            delete(e)
        except OSError as exc:
            self.message.set_text(_("Could not delete: {reason}").format(
                reason=exc.strerror or exc))
            return
        self.entries = list_entries()
        self.selected = min(self.selected, len(self.entries) - 1)
        if self.saving:
            self.selected = -1
        self.scroll_by(0)
        self.fill_name()
        self.refresh()
        self.message.set_text(_("Deleted."))

    def draw(self, surface: pygame.Surface) -> None:
        draw_form(surface, self.app, self.ui, self.card, under=self.paint)

    def paint(self, surface: pygame.Surface) -> None:
        self.paint_list(surface)
        self.paint_side(surface)

    def paint_list(self, surface: pygame.Surface) -> None:
        px = self.app.px
        r = self.list_rect
        pygame.draw.rect(surface, CREAM, r, border_radius=px(6))
        clip = surface.get_clip()
        surface.set_clip(r)
        first = max(0, self.scroll // self.row_h)
        last = min(len(self.entries), (self.scroll + r.h) // self.row_h + 1)
        for i in range(first, last):  # the rows shown, of a list of any length
            row = self.row_rect(i)
            if row.bottom < r.top or row.top > r.bottom:
                continue
            e = self.entries[i]  # read when first shown
            if i == self.selected:
                pygame.draw.rect(surface, SELECTED, row.inflate(-px(4), -px(4)),
                                 border_radius=px(6))
            tw = px(64)
            pic = thumbnail(e, (tw, self.row_h - px(12)), wait=False)
            box = pygame.Rect(row.x + px(8), row.y + px(6), tw, self.row_h - px(12))
            if pic is not None:
                surface.blit(pic, box)
            pygame.draw.rect(surface, hud.PANEL_EDGE, box, 1)
            x = box.right + px(12)
            width = row.right - x - px(8)
            hud.label(surface, fit_line(e.title, px(17), width, True), (x, row.y + px(8)), px(17),
                      hud.TEXT, bold=True)
            hud.label(surface, fit_line(summary(e), px(14), width), (x, row.y + px(34)), px(14),
                      hud.RED if e.problem else hud.TEXT)
            hud.label(surface, fit_line(f"{e.when()} · {e.kind}", px(13), width),
                      (x, row.y + px(56)), px(13), hud.MUTED)
            pygame.draw.line(surface, ROW_LINE, (row.x + px(8), row.bottom - 1),
                             (row.right - px(8), row.bottom - 1))
        surface.set_clip(clip)
        pygame.draw.rect(surface, hud.PANEL_EDGE, r, 1, border_radius=px(6))
        content = len(self.entries) * self.row_h
        if content > r.h:  # a thin scroll bar
            bh = max(px(30), r.h * r.h // content)
            by = r.y + round(self.scroll / max(1, content - r.h) * (r.h - bh))
            pygame.draw.rect(surface, SCROLL_BAR, (r.right - px(6), by, px(4), bh),
                             border_radius=px(2))

    def paint_side(self, surface: pygame.Surface) -> None:
        """The big map and the words of the selected save (or of the game to save)."""
        px = self.app.px
        side = self.side
        e = self.subject()
        box = pygame.Rect(side.topleft, self.thumb_size)
        pygame.draw.rect(surface, THUMB_BG, box)
        if e is not None:
            pic = thumbnail(e, self.thumb_size, wait=False)
            if pic is not None:
                surface.blit(pic, box)
        pygame.draw.rect(surface, hud.PANEL_EDGE, box, 1)
        if e is None:
            return
        lines = details(e)
        y = self.detail_y
        bottom = self.go_button.rect.top - px(8)
        for text, colour, bold in lines:
            for line in hud.wrap(text, px(14), side.w, bold):
                if y + px(20) > bottom:
                    return
                hud.label(surface, line, (side.x, y), px(14), colour, bold=bold)
                y += px(20)

    def subject(self) -> Entry | None:
        """What the right side shows: the game to save, or the selected save."""
        if self.session is not None:
            return _session_entry(self.session)
        return self.current()


def _session_entry(session: Session[Any]) -> Entry:
    """The game being played, as the list would show it once saved."""
    from dataclasses import replace


    seats = tuple(replace(s, ink=s.ink if s.ink in INKS else "blue")
                  for s in session.setup.seats)
    info = session.info()
    return Entry(saves_dir() / _("(this game, {n} actions)").format(n=info.actions), 0.0, "",
                 seats, info, session.setup.game, Path(session.setup.map_path), info.map_name, "",
                 unsaved=True)


def _enable(button: UIButton, on: bool) -> None:
    button.enable() if on else button.disable()
