"""The new game screen, for any game on the table: the game picker, the chosen game's map
and seats (as many as its seat range allows: Italian Rails two, the shell up to six), each
seat a person or the computer at one of the game's levels, with an ink of its own; the
game's options; the seed."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel, UITextEntryLine

from rail_app.core import names as naming
from rail_app.core.i18n import N_, _, number
from rail_app.core.mapfile import MapError, map_name
from rail_app.core.paths import resolved, user_maps_dir
from rail_app.table import registry
from rail_app.table.seats import Level, SeatKind
from rail_app.ui.fields import name_field, seed_field
from rail_app.ui.fonts import font
from rail_app.ui.gamescreens import playable
from rail_app.ui.maplist import available_maps
from rail_app.ui.scene import Host, Scene
from rail_app.ui.scenes import chosen, chosen_game, chosen_id, draw_form, form_card
from rail_app.ui.session import GameSetup, Seat, Session
from rail_app.ui.settings import INKS

#: Names offered to the seats, in order.
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
HUMAN_WORDS = N_("Human")


def kind_words(level: Level | None) -> str:
    """How a seat's kind reads in its menu: "Human" or "Computer (Normal)"."""
    return _(HUMAN_WORDS) if level is None else _("Computer ({level})").format(level=level.label)


class NewGameScene(Scene):
    """New game (see the module docstring)."""

    def __init__(self, app: Host, game: str | None = None) -> None:
        self.game_id = game if game in [g.id for g in playable()] else chosen_game(app)
        self.count = registry.game(self.game_id).seats.default
        #: What the seats' rows and the options say, kept when the form is laid out again
        #: (another number of players, a resized window): (name, kind, ink) per seat.
        self.choices: list[tuple[str, str, str]] = []
        self.checked: set[str] = set()
        super().__init__(app)

    @property
    def game(self) -> registry.AnyGame:
        return registry.game(self.game_id)

    def build(self) -> None:
        px = self.app.px
        w = self.app.size[0]
        game = self.game
        x0 = max(px(60), w // 2 - px(380))
        y = px(40)
        UILabel(pygame.Rect(x0, y, px(600), px(64)), _("New game"), self.ui, object_id="#title")
        y += px(76)
        # the game and its map
        self.titles = {g.title: g.id for g in playable()}
        UILabel(pygame.Rect(x0, y, px(120), px(34)), _("Game"), self.ui)
        self.game_menu = UIDropDownMenu(list(self.titles), game.title,
                                        pygame.Rect(x0 + px(130), y, px(220), px(34)), self.ui)
        UILabel(pygame.Rect(x0 + px(370), y, px(60), px(34)), _("Map"), self.ui)
        self.maps = available_maps(self.app.map_path, self.game_id)
        names: list[str | tuple[str, str]] = list(_map_labels(self.maps))
        if not names:
            names = [_("(no maps found)")]
        self.map_menu = UIDropDownMenu(names, names[0],
                                       pygame.Rect(x0 + px(430), y, px(330), px(34)), self.ui)
        y += px(50)
        # how many players, then a row per seat
        counts = list(game.seats.counts())
        UILabel(pygame.Rect(x0, y, px(120), px(34)), _("Players"), self.ui)
        self.count_menu: UIDropDownMenu | None = None
        if len(counts) > 1:
            self.count_menu = UIDropDownMenu([str(n) for n in counts], str(self.count),
                                             pygame.Rect(x0 + px(130), y, px(90), px(34)),
                                             self.ui)
        else:
            UILabel(pygame.Rect(x0 + px(130), y, px(300), px(34)),
                    f"{game.seats.words()}", self.ui, object_id="#left")
        y += px(46)
        self.seat_widgets: list[tuple[UITextEntryLine, UIDropDownMenu, UIDropDownMenu]] = []
        kinds: list[str | tuple[str, str]] = [kind_words(None),
                                              *(kind_words(v) for v in game.levels)]
        inks: list[str | tuple[str, str]] = [(_(name), name) for name in INKS]
        default_level = Level.NORMAL if Level.NORMAL in game.levels else \
            (game.levels[0] if game.levels else None)
        for i in range(self.count):
            name = NAMES[i]
            kind = kind_words(None if i == 0 or default_level is None else default_level)
            ink = self.app.settings.inks[i]
            if i < len(self.choices):
                name, kept_kind, kept_ink = self.choices[i]
                kind = kept_kind if kept_kind in kinds else kind
                ink = kept_ink if kept_ink in inks else ink
            UILabel(pygame.Rect(x0, y, px(120), px(34)), _("Player {n}").format(n=i + 1), self.ui)
            entry = name_field(UITextEntryLine(pygame.Rect(x0 + px(130), y, px(180), px(34)),
                                               self.ui), naming.PLAYER_NAME_CHARS)
            entry.set_text(naming.clean(name, naming.PLAYER_NAME_CHARS))
            kind_menu = UIDropDownMenu(kinds, kind, pygame.Rect(x0 + px(320), y, px(200),
                                                                 px(34)), self.ui)
            ink_menu = UIDropDownMenu(inks, (_(ink), ink),
                                      pygame.Rect(x0 + px(530), y, px(160), px(34)), self.ui)
            self.seat_widgets.append((entry, kind_menu, ink_menu))
            y += px(44) if self.count > 3 else px(50)
        y += px(14)
        # the game's options, as many a row as fit
        self.option_boxes: list[tuple[str, UICheckBox]] = []
        if game.options:
            UILabel(pygame.Rect(x0, y, px(120), px(30)), _("Options"), self.ui)
        ox, right = x0 + px(130), x0 + px(760)
        for option in game.options:
            width = px(34) + font(px(15)).size(_(option.label))[0] + px(24)
            width = max(width, px(200))
            if ox + width > right and ox > x0 + px(130):
                ox = x0 + px(130)
                y += px(40)
            box = UICheckBox(pygame.Rect(ox, y + px(4), px(22), px(22)), _(option.label), self.ui)
            if option.key in self.checked or (option.key == game.seats.extended_by
                                              and self.count > game.seats.high):
                box.set_state(True)
            self.option_boxes.append((option.key, box))
            ox += width
        if game.options:
            y += px(44)
        UILabel(pygame.Rect(x0, y, px(120), px(34)), _("Seed"), self.ui)
        self.seed_entry = seed_field(UITextEntryLine(pygame.Rect(x0 + px(130), y, px(180),
                                                                 px(34)), self.ui,
                                                     placeholder_text=_("random")))
        y += px(60)
        self.start_button = UIButton(pygame.Rect(x0 + px(130), y, px(220), px(50)), _("Start game"),
                                     self.ui, object_id="#primary")
        self.back_button = UIButton(pygame.Rect(x0 + px(370), y, px(140), px(50)), _("Back"),
                                    self.ui)
        self.message = UILabel(pygame.Rect(x0, y + px(58), px(760), px(30)), "", self.ui)
        self.card = form_card(x0, px(40), px(760), y + px(88), px(24))

    def option_box(self, key: str) -> UICheckBox:
        """The check box of the game's option ``key`` (tools and tests)."""
        return dict(self.option_boxes)[key]

    # -- the choices ---------------------------------------------------------------------------
    def choose_game(self, game_id: str) -> None:
        """The picker: the form is laid out again for the chosen game (its maps, seats,
        levels and options); the menu remembers it."""
        if game_id == self.game_id:
            return
        self.game_id = game_id
        self.count = self.game.seats.default
        self.choices, self.checked = [], set()
        self.app.settings.game = game_id
        self.app.save_settings()
        self.rebuild()

    def choose_count(self, n: int) -> None:
        """How many players: the seats' rows follow (the names and inks typed so far are
        kept); a larger table than the game's usual one turns its option on."""
        self.count = n
        self.rebuild()

    def rebuild(self) -> None:
        self.keep_choices()
        super().rebuild()

    def keep_choices(self) -> None:
        """What the form says now, for the form laid out again."""
        if not hasattr(self, "seat_widgets"):
            return
        kept = [(e.get_text(), chosen(k), chosen_id(i)) for e, k, i in self.seat_widgets]
        self.choices = kept + self.choices[len(kept):]
        self.checked = {key for key, box in self.option_boxes if box.is_checked}

    def option_changed(self, key: str, on: bool) -> None:
        """Turning off the option a larger table needs brings the table to its usual size."""
        seats = self.game.seats
        if key == seats.extended_by and not on and self.count > seats.high:
            self.choose_count(seats.high)

    def setup(self) -> GameSetup | None:
        """The game set up as the form says, or None (the reason is on the form)."""
        game = self.game
        if not self.maps:
            self.message.set_text(_("No map files found for this game."))
            return None
        label = chosen(self.map_menu)
        names = _map_labels(self.maps)
        path = self.maps[names.index(label)] if label in names else self.maps[0]
        levels = {kind_words(v): v for v in game.levels}
        seats: list[Seat] = []
        for i, (entry, kind_menu, ink_menu) in enumerate(self.seat_widgets):
            name = naming.player_name(entry.get_text(), i)
            level = levels.get(chosen(kind_menu))
            seats.append(Seat(name, SeatKind.HUMAN if level is None else SeatKind.COMPUTER,
                              level or Level.NORMAL, chosen_id(ink_menu)))
        seats = _unique_names(seats)
        if len({s.ink for s in seats}) < len(seats):
            self.message.set_text(_("The two players need different ink colours.")
                                  if len(seats) == 2 else
                                  _("Each player needs an ink colour of their own."))
            return None
        options: dict[str, object] = {k: True for k, box in self.option_boxes if box.is_checked}
        if not game.seats.allows(len(seats), frozenset(options)):
            self.message.set_text(_("{game} takes {players}.").format(
                game=game.title, players=game.seats.words()))
            return None
        text = self.seed_entry.get_text().strip()
        seed = naming.parse_seed(text) if text else random.randrange(1, 10**6)
        if seed is None:
            self.message.set_text(_("The seed is a whole number from 0 to {most}, or "
                                    "nothing for a random game.").format(
                                        most=number(naming.MAX_SEED)))
            return None
        return GameSetup(str(path), seats, seed, options, game.id)

    # -- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_button:
                self.app.pop()
                return True
            if event.ui_element is self.start_button:
                self.start()
                return True
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.game_menu:
                self.choose_game(self.titles.get(chosen(self.game_menu), self.game_id))
                return True
            if self.count_menu is not None and event.ui_element is self.count_menu:
                self.choose_count(int(chosen(self.count_menu)))
                return True
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            for key, box in self.option_boxes:
                if event.ui_element is box:
                    self.option_changed(key, event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
                    return True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def start(self) -> bool:
        setup = self.setup()
        if setup is None:
            return False
        try:
            session = Session.new(setup)
        except MapError as exc:  # a broken map or deck file: show the reason, stay here
            first = str(exc.problems[0]) if exc.problems else str(exc)
            self.message.set_text(_("Cannot start: {reason}").format(reason=first)[:110])
            return False
        except ValueError as exc:  # a setup the game does not take (a map without a deck)
            self.message.set_text(_("Cannot start: {reason}").format(reason=exc)[:110])
            return False
        self.app.reset(self.app.screens.game(session))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        draw_form(surface, self.app, self.ui, self.card)


def _unique_names(seats: list[Seat]) -> list[Seat]:
    """Seats with the same name are told apart: "Anna", "Anna 2", "Anna 3"."""
    out: list[Seat] = []
    seen: dict[str, int] = {}
    for s in seats:
        n = seen.get(s.name, 0) + 1
        seen[s.name] = n
        out.append(s if n == 1 else replace(s, name=f"{s.name} {n}"))
    return out


def _map_label(p: Path) -> str:
    """A map's name in the list: the name its file declares (as the saves show it), else
    its file's name; the player's own maps say so."""
    name = map_name(p) or p.stem
    if resolved(p).is_relative_to(resolved(user_maps_dir())):
        return _("{map} (my maps)").format(map=name)
    return name


def _map_labels(paths: list[Path]) -> list[str]:
    """:func:`_map_label` of each map, told apart by the file's name where two maps
    declare the same name."""
    labels = [_map_label(p) for p in paths]
    return [f"{label} ({p.stem})" if labels.count(label) > 1 else label
            for label, p in zip(labels, paths, strict=True)]
