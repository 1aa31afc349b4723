"""The new game screen: the map, the two seats (a person or the computer at a level, and
their inks), the variants, the building-only practice and the seed."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel, UITextEntryLine

from rail_app.core.mapfile import MapError
from rail_app.core.paths import user_maps_dir
from rail_app.table.seats import Level
from rail_app.ui.scene import Host, Scene
from rail_app.ui.scenes import (
    SEAT_KINDS,
    VARIANT_LABELS,
    available_maps,
    chosen,
    draw_form,
    form_card,
)
from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session
from rail_app.ui.settings import INKS


class NewGameScene(Scene):
    def __init__(self, app: Host, game: str | None = None) -> None:
        self.game_id = game
        super().__init__(app)

    def build(self) -> None:
        px = self.app.px
        w, h = self.app.size
        self.maps = available_maps(self.app.map_path)
        x0 = max(px(60), w // 2 - px(380))
        y = px(50)
        UILabel(pygame.Rect(x0, y, px(600), px(64)), "New game", self.ui, object_id="#title")
        y += px(80)
        UILabel(pygame.Rect(x0, y, px(120), px(34)), "Map", self.ui)
        names: list[str | tuple[str, str]] = [_map_label(p) for p in self.maps]
        if not names:
            names = ["(no maps found)"]
        self.map_menu = UIDropDownMenu(names, names[0],
                                       pygame.Rect(x0 + px(130), y, px(520), px(34)), self.ui)
        y += px(60)
        self.seat_widgets: list[tuple[UITextEntryLine, UIDropDownMenu, UIDropDownMenu]] = []
        defaults = [("Anna", "Human", "blue"), ("Bruno", "Computer (Normal)", "orange")]
        inks: list[str | tuple[str, str]] = list(INKS)
        for i, (name, kind, ink) in enumerate(defaults):
            UILabel(pygame.Rect(x0, y, px(120), px(34)), f"Player {i + 1}", self.ui)
            entry = UITextEntryLine(pygame.Rect(x0 + px(130), y, px(180), px(34)), self.ui)
            entry.set_text(name)
            entry.set_text_length_limit(16)
            kind_menu = UIDropDownMenu(SEAT_KINDS, kind,
                                       pygame.Rect(x0 + px(320), y, px(200), px(34)), self.ui)
            ink_menu = UIDropDownMenu(inks, self.app.settings.inks[i] if i < 2 else ink,
                                      pygame.Rect(x0 + px(530), y, px(160), px(34)), self.ui)
            self.seat_widgets.append((entry, kind_menu, ink_menu))
            y += px(50)
        y += px(14)
        UILabel(pygame.Rect(x0, y, px(120), px(30)), "Variants", self.ui)
        self.variant_boxes: list[tuple[str, UICheckBox]] = []
        vx = x0 + px(130)
        for key, label in VARIANT_LABELS:
            box = UICheckBox(pygame.Rect(vx, y + px(4), px(22), px(22)), label, self.ui)
            self.variant_boxes.append((key, box))
            vx += px(200)
        y += px(40)
        self.practice_box = UICheckBox(pygame.Rect(x0 + px(130), y + px(4), px(22), px(22)),
                                       "Building only (practice: no cards, no train)", self.ui)
        y += px(44)
        UILabel(pygame.Rect(x0, y, px(120), px(34)), "Seed", self.ui)
        self.seed_entry = UITextEntryLine(pygame.Rect(x0 + px(130), y, px(180), px(34)), self.ui,
                                          placeholder_text="random")
        self.seed_entry.set_allowed_characters("numbers")
        y += px(70)
        self.start_button = UIButton(pygame.Rect(x0 + px(130), y, px(220), px(50)), "Start game",
                                     self.ui, object_id="#primary")
        self.back_button = UIButton(pygame.Rect(x0 + px(370), y, px(140), px(50)), "Back",
                                    self.ui)
        self.message = UILabel(pygame.Rect(x0, y + px(64), px(760), px(30)), "", self.ui)
        self.card = form_card(x0, px(50), px(760), y + px(94), px(24))

    def setup(self) -> GameSetup | None:
        if not self.maps:
            self.message.set_text("No map files found.")
            return None
        label = chosen(self.map_menu)
        names = [_map_label(p) for p in self.maps]
        path = self.maps[names.index(label)] if label in names else self.maps[0]
        seats = []
        for i, (entry, kind_menu, ink_menu) in enumerate(self.seat_widgets):
            name = entry.get_text().strip() or f"Player {i + 1}"
            kind = chosen(kind_menu)
            ink = chosen(ink_menu)
            if kind.startswith("Computer"):
                level = Level(kind[kind.index("(") + 1:-1].lower())
                seats.append(Seat(name, COMPUTER, level, ink))
            else:
                seats.append(Seat(name, HUMAN, Level.NORMAL, ink))
        if seats[0].name == seats[1].name:
            seats[1] = replace(seats[1], name=seats[1].name + " 2")
        if seats[0].ink == seats[1].ink:
            self.message.set_text("The two players need different ink colours.")
            return None
        text = self.seed_entry.get_text().strip()
        seed = int(text) if text.isdigit() else random.randrange(1, 10**6)
        options: dict[str, object] = {k: True for k, box in self.variant_boxes if box.is_checked}
        if self.practice_box.is_checked:
            options["building_only"] = True
        return GameSetup(str(path), seats, seed, options)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button:
            self.app.pop()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.start_button:
            self.start()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        else:
            return False
        return True

    def start(self) -> bool:
        setup = self.setup()
        if setup is None:
            return False
        try:
            session = Session.new(setup)
        except MapError as exc:  # a broken map or deck file: show the reason, stay here
            first = str(exc.problems[0]) if exc.problems else str(exc)
            self.message.set_text(f"Cannot start: {first}"[:110])
            return False
        except ValueError as exc:  # a setup the game does not take (a map without a deck)
            self.message.set_text(f"Cannot start: {exc}"[:110])
            return False
        self.app.reset(self.app.screens.game(session))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        draw_form(surface, self.app, self.ui, self.card)


def _map_label(p: Path) -> str:
    try:
        if p.resolve().is_relative_to(user_maps_dir().resolve()):
            return f"{p.stem} (my maps)"
    except OSError:
        pass
    return p.stem
