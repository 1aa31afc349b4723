"""The settings screen: language, volume, UI scale, the six seats' inks and the hints."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UILabel

from rail_app.core import i18n
from rail_app.core.i18n import N_, _
from rail_app.ui.scene import Scene
from rail_app.ui.scenes import chosen, chosen_id, draw_form, form_card
from rail_app.ui.settings import INKS, SEAT_INKS

#: The inks' names, for the catalog (the settings keep the English name, shown with _()).
INK_WORDS = (N_("blue"), N_("orange"), N_("vermillion"), N_("bluish green"),
             N_("reddish purple"), N_("sky blue"), N_("black"))

UI_SCALES: list[str | tuple[str, str]] = ["75%", "100%", "125%", "150%"]


class SettingsScene(Scene):
    """Volume, UI scale, the seats' inks and the hints, over the screen they were opened
    from (the menu or the game), which comes back as it was."""

    def build(self) -> None:
        px = self.app.px
        s = self.app.settings
        w, h = self.app.size
        x0 = max(px(60), w // 2 - px(380))
        UILabel(pygame.Rect(x0, px(50), px(600), px(64)), _("Settings"), self.ui,
                object_id="#title")
        y = px(140)
        UILabel(pygame.Rect(x0, y, px(160), px(32)), _("Language"), self.ui)
        languages = i18n.language_choices()
        current_language = next((c for c in languages if c[0] == s.language), languages[0])
        self.language_menu = UIDropDownMenu([(label, code) for code, label in languages],
                                            (current_language[1], current_language[0]),
                                            pygame.Rect(x0 + px(170), y, px(300), px(32)),
                                            self.ui)
        y += px(56)
        UILabel(pygame.Rect(x0, y, px(160), px(32)), _("Volume"), self.ui)
        self.volume = UIHorizontalSlider(pygame.Rect(x0 + px(170), y, px(300), px(32)),
                                         round(s.volume * 100), (0, 100), self.ui)
        self.mute = UICheckBox(pygame.Rect(x0 + px(500), y + px(5), px(22), px(22)),
                               _("Mute (M)"), self.ui, initial_state=s.muted)
        y += px(56)
        UILabel(pygame.Rect(x0, y, px(160), px(32)), _("UI scale"), self.ui)
        current = f"{round(s.ui_scale * 100)}%"
        self.scale_menu = UIDropDownMenu(UI_SCALES, current if current in UI_SCALES else "100%",
                                         pygame.Rect(x0 + px(170), y, px(160), px(32)), self.ui)
        y += px(56)
        self.inks = []
        rows = (SEAT_INKS + 1) // 2
        for i in range(SEAT_INKS):  # two columns: players 1-3, then 4-6
            col, row = divmod(i, rows)
            x = x0 + col * px(330)
            UILabel(pygame.Rect(x, y + row * px(48), px(130), px(32)), _("Player {n} ink").format(n=i18n.number(i + 1)),
                    self.ui)
            menu = UIDropDownMenu([(_(name), name) for name in INKS],
                                  (_(s.inks[i]), s.inks[i]),
                                  pygame.Rect(x + px(130), y + row * px(48), px(170), px(32)),
                                  self.ui)
            self.inks.append(menu)
        y += rows * px(48) + px(8)
        self.hints = UICheckBox(pygame.Rect(x0 + px(170), y + px(5), px(22), px(22)),
                                _("Show hints for beginners"), self.ui, initial_state=s.hints)
        y += px(70)
        self.back_button = UIButton(pygame.Rect(x0 + px(170), y, px(160), px(50)), _("Back"),
                                    self.ui, object_id="#primary")
        self.card = form_card(x0, px(50), px(640), y + px(50), px(24))

    def store(self) -> None:
        s = self.app.settings
        s.volume = self.volume.get_current_value() / 100
        s.muted = self.mute.is_checked
        s.hints = self.hints.is_checked
        new_scale = int(chosen(self.scale_menu).rstrip("%")) / 100
        for i, menu in enumerate(self.inks):
            s.inks[i] = chosen_id(menu)
        self.app.apply_sound_settings()
        self.app.save_settings()
        language = chosen_id(self.language_menu)
        if language != s.language:
            s.language = language
            self.app.save_settings()
            # The new words at once: this screen anew, the ones under it when they resume.
            i18n.set_language(i18n.choose_language(language))
            self.ui = self.app.new_ui()
            self.build()
            return
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
