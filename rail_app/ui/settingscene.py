"""The settings screen: volume, UI scale, the six seats' inks and the hints."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UILabel

from rail_app.ui.scene import Scene
from rail_app.ui.scenes import chosen, draw_form, form_card
from rail_app.ui.settings import INKS, SEAT_INKS

UI_SCALES: list[str | tuple[str, str]] = ["75%", "100%", "125%", "150%"]


class SettingsScene(Scene):
    """Volume, UI scale, the seats' inks and the hints, over the screen they were opened
    from (the menu or the game), which comes back as it was."""

    def build(self) -> None:
        px = self.app.px
        s = self.app.settings
        w, h = self.app.size
        x0 = max(px(60), w // 2 - px(380))
        UILabel(pygame.Rect(x0, px(50), px(600), px(64)), "Settings", self.ui,
                object_id="#title")
        y = px(140)
        UILabel(pygame.Rect(x0, y, px(160), px(32)), "Volume", self.ui)
        self.volume = UIHorizontalSlider(pygame.Rect(x0 + px(170), y, px(300), px(32)),
                                         round(s.volume * 100), (0, 100), self.ui)
        self.mute = UICheckBox(pygame.Rect(x0 + px(500), y + px(5), px(22), px(22)),
                               "Mute (M)", self.ui, initial_state=s.muted)
        y += px(56)
        UILabel(pygame.Rect(x0, y, px(160), px(32)), "UI scale", self.ui)
        current = f"{round(s.ui_scale * 100)}%"
        self.scale_menu = UIDropDownMenu(UI_SCALES, current if current in UI_SCALES else "100%",
                                         pygame.Rect(x0 + px(170), y, px(160), px(32)), self.ui)
        y += px(56)
        self.inks = []
        rows = (SEAT_INKS + 1) // 2
        for i in range(SEAT_INKS):  # two columns: players 1-3, then 4-6
            col, row = divmod(i, rows)
            x = x0 + col * px(330)
            UILabel(pygame.Rect(x, y + row * px(48), px(130), px(32)), f"Player {i + 1} ink",
                    self.ui)
            menu = UIDropDownMenu(list(INKS), s.inks[i],
                                  pygame.Rect(x + px(130), y + row * px(48), px(170), px(32)),
                                  self.ui)
            self.inks.append(menu)
        y += rows * px(48) + px(8)
        self.hints = UICheckBox(pygame.Rect(x0 + px(170), y + px(5), px(22), px(22)),
                                "Show hints for beginners", self.ui, initial_state=s.hints)
        y += px(70)
        self.back_button = UIButton(pygame.Rect(x0 + px(170), y, px(160), px(50)), "Back",
                                    self.ui, object_id="#primary")
        self.card = form_card(x0, px(50), px(640), y + px(50), px(24))

    def store(self) -> None:
        s = self.app.settings
        s.volume = self.volume.get_current_value() / 100
        s.muted = self.mute.is_checked
        s.hints = self.hints.is_checked
        new_scale = int(chosen(self.scale_menu).rstrip("%")) / 100
        for i, menu in enumerate(self.inks):
            s.inks[i] = chosen(menu)
        self.app.apply_sound_settings()
        self.app.save_settings()
        if new_scale != s.ui_scale:
            s.ui_scale = new_scale
            self.app.save_settings()
            self.ui = self.app.new_ui()
            self.build()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, pygame_gui.UI_CHECK_BOX_CHECKED,
                          pygame_gui.UI_CHECK_BOX_UNCHECKED, pygame_gui.UI_DROP_DOWN_MENU_CHANGED):
            self.store()
            return True
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button) \
                or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.leave_settings()
            return True
        return False

    def leave_settings(self) -> None:
        self.store()
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        draw_form(surface, self.app, self.ui, self.card)
