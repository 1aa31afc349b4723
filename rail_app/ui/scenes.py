"""The main menu and what the app's screens share: the menu's decorative map and the opaque
card a form stands on. The new game, save and load, settings and game over screens are in
:mod:`rail_app.ui.newgame`, :mod:`rail_app.ui.saves`, :mod:`rail_app.ui.settingscene` and
:mod:`rail_app.ui.gameover`; the typed makers of every screen in :mod:`rail_app.ui.screens`."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel
from pygame_gui.windows import UIConfirmationDialog, UIMessageWindow

from rail_app import __version__
from rail_app.core import identity
from rail_app.core.i18n import _
from rail_app.table.registry import DEFAULT_GAME
from rail_app.ui import hud
from rail_app.ui.background import Background
from rail_app.ui.maplist import available_maps
from rail_app.ui.openquestion import OpenQuestion as OpenQuestion
from rail_app.ui.palette import CARD_SHADOW as CARD_SHADOW
from rail_app.ui.palette import INK as INK
from rail_app.ui.palette import PAPER as PAPER
from rail_app.ui.scene import Host, Scene


def chosen(menu: UIDropDownMenu) -> str:
    """The text of a drop-down menu's chosen option."""
    option = menu.selected_option
    return option[0] if isinstance(option, tuple) else option


def chosen_id(menu: UIDropDownMenu) -> str:
    """The id of a drop-down menu's chosen option (its words may be translated)."""
    option = menu.selected_option
    return option[1] if isinstance(option, tuple) else option


def chosen_game(app: Host) -> str:
    """The game chosen in the menu (the first on the table until one is chosen)."""
    from rail_app.ui.gamescreens import playable

    ids = [g.id for g in playable()]
    wanted = app.settings.game
    return wanted if wanted in ids else ids[0]


class Backdrop:
    """The menu background: a faded picture of the first map in the right half, drawn once
    per window size. The first frame shows the menu at once on plain paper; from the second
    the map's board is loaded in the background (the libraries under the board and the board
    itself take a few hundred milliseconds), and the picture shows once it is ready."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None  # the right half, faded
        self.started = False
        #: Why the map could not be drawn (a broken map file), once it has been tried.
        self.problem: str | None = None
        self.loading: Background[Any] | None = None
        self.board: Any = None  # what the game draws the map from (its board)
        self.asked = False  # the first map's board was asked for
        self.game = DEFAULT_GAME  # whose map it shows

    def show_game(self, game: str) -> None:
        """The menu's game is ``game``: its map comes behind the menu."""
        if game != self.game:
            self.game = game
            self.surface = None
            self.board = None
            self.loading = None
            self.problem = None
            self.asked = False

    def draw(self, surface: pygame.Surface, app: Host) -> None:
        surface.fill(PAPER)
        if not self.started:  # the first frame shows the menu at once, the map later
            self.started = True
            return
        board = self.first_board(app)
        if board is None:
            return
        w, h = surface.get_size()
        if self.surface is None or self.surface.get_size() != (w - w // 2, h):
            from rail_app.ui.gamescreens import screens_of

            # The map sits in the right half and fades into the paper at its edges, like a
            # map laid on a table.
            half = screens_of(self.game).backdrop(board, (w - w // 2, h))
            veil = pygame.Surface(half.get_size(), pygame.SRCALPHA)
            veil.fill((*PAPER, 120))
            half.blit(veil, (0, 0))
            half.blit(_edge_fade(half.get_size(), max(40, w // 14)), (0, 0))
            self.surface = half
        surface.blit(self.surface, (w // 2, 0))

    def first_board(self, app: Host) -> Any:
        """The board of the first map once it is loaded, else None (still loading, no maps,
        or a broken map file: the menu shows plain paper and the reason goes to the
        terminal once; the New game dialog says it again when that map is chosen). The
        guarded reader bounds the time and memory a hostile file can take; anything else
        that goes wrong is a bug, raised here for the crash net."""
        if not self.asked:
            self.asked = True
            maps = available_maps(app.map_path, self.game)
            if maps:
                self.loading = Background(partial(_load_board, self.game, maps[0]),
                                          "menu map")
        if self.loading is not None and self.loading.done():
            from rail_app.core.mapfile import MapError

            loading, self.loading = self.loading, None
            try:
                self.board = loading.result()
            except MapError as exc:
                first = str(exc.problems[0]) if exc.problems else str(exc)
                print(identity.said(f"the menu shows no map: {first}"), file=sys.stderr)
                self.problem = first
        return self.board

    def wait(self, timeout: float) -> bool:
        """Wait for the board's loading to end (tools and tests); True if it has."""
        return self.loading is None or self.loading.wait(timeout)


def _load_board(game: str, path: Path) -> Any:
    from rail_app.ui.gamescreens import screens_of

    return screens_of(game).picture_board(path)


def _edge_fade(size: tuple[int, int], fade: int) -> pygame.Surface:
    """Paper colour whose opacity grows towards the edges of ``size`` over ``fade`` pixels."""
    import numpy as np

    w, h = size
    xs = np.minimum(np.arange(w), np.arange(w)[::-1]) / fade
    ys = np.minimum(np.arange(h), np.arange(h)[::-1]) / fade
    inner = np.clip(np.minimum.outer(xs, ys), 0.0, 1.0)
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.fill((*PAPER, 0))
    alpha = pygame.surfarray.pixels_alpha(out)
    alpha[:, :] = (255 * (1.0 - inner) ** 2).astype(np.uint8)
    del alpha
    return out


_BACKDROP = Backdrop()


def form_card(x: int, top: int, width: int, bottom: int, pad: int) -> pygame.Rect:
    """The card a form's controls stand on (their area, with a margin): drawn opaque over
    the menu's decorative map, so no control sits on the map."""
    return pygame.Rect(x, top, width, bottom - top).inflate(2 * pad, 2 * pad)


def draw_form(surface: pygame.Surface, app: Host, ui: pygame_gui.UIManager,
              card: pygame.Rect,
              under: Callable[[pygame.Surface], None] | None = None) -> None:
    """The menu's backdrop, the form's opaque card, what the form paints itself
    (``under``: a list drawn by hand), the form's widgets."""
    from rail_app.ui import hud

    _BACKDROP.draw(surface, app)
    if card.w > 0:
        pygame.draw.rect(surface, CARD_SHADOW, card.move(app.px(4), app.px(6)),
                         border_radius=app.px(14))
        hud.panel(surface, card, 255, colour=PAPER, radius=app.px(14))
    if under is not None:
        under(surface)
    ui.draw_ui(surface)


def _balanced(text: str, size: int, width: int) -> list[str]:
    """``text`` on as few lines as ``width`` allows, of widths as even as can be (no line of
    one lone word under a long one)."""
    lines = hud.wrap(text, size, width)
    narrow = width
    while len(lines) > 1 and narrow > size * 4:
        fewer = hud.wrap(text, size, narrow - size)
        if len(fewer) > len(lines):
            break
        narrow -= size
        lines = fewer
    return lines


class MenuScene(Scene):
    """The main menu: the game picker, the chosen game's title and map, New game, Learn to
    play (for a game with a lesson), Continue, Load game, Settings and Quit."""

    def __init__(self, app: Host) -> None:
        self.opening = OpenQuestion(self)  # Continue with a game that loads only in part
        super().__init__(app)

    def build(self) -> None:
        from rail_app.table import registry
        from rail_app.ui.gamescreens import playable, screens_of

        w, h = self.app.size
        px = self.app.px
        x = px(90)
        self.game_id = chosen_game(self.app)
        game = registry.game(self.game_id)
        _BACKDROP.show_game(self.game_id)
        # the title and the game's blurb keep to the left half (the map is on the right);
        # a label does not wrap: a long blurb is written on as many lines as it needs
        col = min(px(600), w // 2 - x - px(20))
        UILabel(pygame.Rect(x, px(80), col, px(70)), game.title, self.ui, object_id="#title")
        blurb = _balanced(_(game.blurb), px(17), col - px(12)) if game.blurb else [""]
        self.subtitles = [UILabel(pygame.Rect(x, px(150) + i * px(24), col, px(30)), line,
                                  self.ui, object_id="#subtitle")
                          for i, line in enumerate(blurb)]
        down = (len(blurb) - 1) * px(24)
        self.titles = {g.title: g.id for g in playable()}
        UILabel(pygame.Rect(x, px(196) + down, px(70), px(34)), _("Game"), self.ui)
        self.game_menu = UIDropDownMenu(list(self.titles), game.title,
                                        pygame.Rect(x + px(70), px(196) + down, px(230), px(34)),
                                        self.ui)
        self.buttons: dict[Any, str] = {}
        self.resumable = _latest_game(self.game_id)
        y = px(250) + down
        self.front = screens_of(self.game_id)
        learn = ""
        if self.front.has_lesson():
            learn = (_("Learn to play (resume)") if self.front.lesson_resumable()
                     else _("Learn to play"))
        shown = [(label, what) for label, what in (
            (_("New game"), "new"), (learn, "learn"), (_("Continue"), "continue"),
            (_("Load game"), "load"), (_("Career"), "career"), (_("Settings"), "settings"),
            (_("Quit"), "quit")) if label and not (what == "continue" and self.resumable is None)]
        step = min(px(66), (h - px(56) - y) // len(shown))
        for label, what in shown:
            b = UIButton(pygame.Rect(x, y, px(300), min(px(54), step - px(8))), label, self.ui,
                         object_id="#menu_button")
            self.buttons[b] = what
            y += step
        UILabel(pygame.Rect(x, h - px(40), px(400), px(24)),
                _("version {version}").format(version=__version__), self.ui)
        self.error_window: UIMessageWindow | None = None
        self.error_text = ""
        self.folder_offer: UIConfirmationDialog | None = None
        if self.app.notices:  # a damaged settings file was set aside; no saving here
            notice = self.app.notices.pop(0)
            if notice.offer_folder:
                self.offer_folder(notice.text, notice.title)
            else:
                self.show_error(notice.text, title=notice.title)
        self.opening.show()  # asked again after a change of the window's size

    def offer_folder(self, text: str, title: str) -> None:
        """The data folder takes no saves: say why, and offer one that does."""
        w, h = self.app.size
        px = self.app.px
        self.error_text = text
        self.folder_offer = UIConfirmationDialog(
            pygame.Rect(w // 2 - px(280), h // 2 - px(140), px(560), px(280)), text, self.ui,
            window_title=title, action_short_name=_("Use another folder"))

    def use_another_folder(self) -> None:
        """Saves go to a folder of the system's temporary files for this session (it is
        named, so that the saves can be copied from it)."""
        from rail_app.core.paths import DATA_DIR_ENV, fallback_data_dir
        from rail_app.ui.savedir import data_dir_problem

        os.environ[DATA_DIR_ENV] = str(fallback_data_dir())
        self.app.data_problem = data_dir_problem()
        if self.app.data_problem:
            self.show_error(_("That folder cannot be used either: {why}.").format(
                why=_(self.app.data_problem)), title=_("Games cannot be saved"))
        else:
            self.show_error(_("This session's games are saved in {folder}.").format(
                folder=os.environ[DATA_DIR_ENV]), title=_("Saves"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.opening.handle(event):
            return True
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED \
                and event.ui_element is self.folder_offer:
            self.folder_offer = None
            self.use_another_folder()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            what = self.buttons[event.ui_element]
            if what == "new":
                self.app.push(self.app.screens.new_game(self.game_id))
            elif what == "learn":
                self.learn()
            elif what == "continue" and self.resumable is not None:
                open_saved_game(self.app, self.resumable, self.opening)
            elif what == "load":
                self.app.push(self.app.screens.saves())
            elif what == "settings":
                self.app.push(self.app.screens.settings())
            elif what == "career":
                self.app.push(self.app.screens.career())
            elif what == "quit":
                self.app.quit(0)
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED \
                and event.ui_element is self.game_menu:
            self.choose_game(self.titles.get(chosen(self.game_menu), self.game_id))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit(0)
            return True
        return False

    def choose_game(self, game_id: str) -> None:
        """The game picker: the menu (its title, map and lesson) is the chosen game's, and
        stays so the next time the game starts."""
        if game_id == self.game_id:
            return
        self.app.settings.game = game_id
        self.app.save_settings()
        self.rebuild()

    def learn(self) -> None:
        """Learn to play: the guided first game, resumed where it was left."""
        session, step = self.front.lesson()
        self.app.reset(self.app.screens.game(session, step))

    def show_error(self, text: str, title: str | None = None) -> None:
        title = _("Could not load") if title is None else title
        self.error_text = text
        w, h = self.app.size
        self.error_window = UIMessageWindow(pygame.Rect(w // 2 - 260, h // 2 - 130, 520, 260),
                                            text, self.ui, window_title=title)

    def draw(self, surface: pygame.Surface) -> None:
        _BACKDROP.draw(surface, self.app)
        self.ui.draw_ui(surface)


def _latest_game(game_id: str) -> Path | None:
    """The save Continue resumes: the newest save of a match of the chosen game still being
    played."""
    from rail_app.ui.savelist import latest_game_path

    return latest_game_path(game_id)


def open_saved_game(app: Host, path: Path, opening: OpenQuestion | None = None) -> bool:
    """Load a save and go to the game; on a damaged file, say why on the main menu. A game
    whose history stops replaying before its end is opened once ``opening`` has asked
    (False until then); without one (a tool) it is opened at once."""
    from rail_app.ui.session import LoadError, Session

    try:
        session = Session.load(path)
    except LoadError as exc:
        menu = app.reset(app.screens.menu())
        assert isinstance(menu, MenuScene)
        menu.show_error(str(exc))
        return False
    if session.cut_short and opening is not None:
        opening.ask(session)
        return False
    app.reset(app.screens.game(session))
    return True
