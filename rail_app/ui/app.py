"""The application: window, main loop, the stack of scenes, settings and sounds.

The scenes (:mod:`rail_app.ui.scene`) are made by the typed functions of
:mod:`rail_app.ui.screens` (no import scanning, so the packager sees every import) and kept
on a stack: the top one is shown and gets the events.
"""

from __future__ import annotations

import contextlib
import json
import sys
import warnings
from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from rail_app.core import i18n, identity
from rail_app.core.i18n import _
from rail_app.core.paths import resource_path, user_data_dir
from rail_app.ui import hud, screens
from rail_app.ui.ending import end_on_sigterm, restore_sigterm
from rail_app.ui.eventlog import LOGGED_EVENTS, describe
from rail_app.ui.fonts import font
from rail_app.ui.icon import set_window_icon
from rail_app.ui.palette import NOTICE_ALARM
from rail_app.ui.palette import NOTICE_BG as NOTICE_BG
from rail_app.ui.palette import WHITE as WHITE
from rail_app.ui.savedir import data_dir_problem, remove_leftovers
from rail_app.ui.scene import Scene, Screens, StartNotice, data_folder_notice
from rail_app.ui.settings import Settings, clamp_window, load_settings_checked, save_settings
from rail_app.ui.title import show_title

if TYPE_CHECKING:
    from rail_app.ui.sound import Sounds

MIN_SIZE = (1280, 720)
NOTICE_TIME = 1.5  # seconds the app's notice stays
#: Seconds the closing window waits for work still running in the background.
CLOSE_WAIT = 5.0


class App:
    def __init__(self, *, map_path: str | None = None, size: tuple[int, int] | None = None,
                 fullscreen: bool | None = None, settings: Settings | None = None) -> None:
        pygame.init()
        font.cache_clear()  # fonts made before an earlier pygame.quit() are dead
        #: Messages for the player at start (a damaged settings file set aside...).
        self.notices: list[StartNotice] = []
        remove_leftovers()  # temporary files of saves a kill cut short
        loaded = settings is None  # the player's own settings, kept when the game closes
        self.data_problem = data_dir_problem()
        if self.data_problem:
            self.notices.append(data_folder_notice(self.data_problem))
            print(identity.said(f"games cannot be saved in {user_data_dir()}: "
                                f"{self.data_problem}"), file=sys.stderr)
        if settings is None:
            settings, notice = load_settings_checked()
            if notice:
                self.notices.append(StartNotice(_("Settings"), notice))
                print(identity.said(notice), file=sys.stderr)
        self.settings = settings
        self.map_path = map_path
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        # A size from the settings file fits the screen; one asked for on the command line
        # (or by a tool drawing at 1920x1080 headless) is only kept within sane bounds.
        self.windowed_size = clamp_window(size) if size is not None else \
            clamp_window(self.settings.window, _desktop_size())
        #: the window's size is kept in the player's settings when the game closes (a
        #: --size asked for too, as a window resized by hand is)
        self.keep_size = loaded
        #: The last input events, for a crash report.
        self.recent_events: deque[str] = deque(maxlen=30)
        self.crash_files: list[Any] = []  # what each crash of this run left (ui.crash)
        set_window_icon()  # before the window opens: some systems take no icon after
        self.screen = self._set_mode(self.settings.fullscreen)
        self.caption = ""  # the window's title as last given (ui/title.py)
        pygame.key.set_repeat(350, 40)
        self._sounds: Sounds | None = None  # synthesized after the first frame (start-up)
        self.frames = 0
        self.clock = pygame.time.Clock()
        self.running = True
        self.exit_code = 0
        self.frame_times: list[float] = []
        self.notice = ""  # a word from the app over any screen (the mute key's answer)
        self.notice_left = 0.0  # seconds it stays
        self.notice_alarm = False  # the notice says something failed (an autosave)
        #: work in the background still ran when the window closed (see :meth:`close`)
        self.busy = False
        #: the game whose autosave failed: said over its screen until one succeeds
        self.autosave_failed: Any = None
        self._theme_cache: dict[str, Any] | None = None
        self.screens: Screens = screens.AppScreens(self)
        self.stack: list[Scene] = []
        self.stack.append(screens.menu(self))
        show_title(self)

    # -- window ------------------------------------------------------------------------------
    def _set_mode(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    win = pygame.Window.from_display_module()
                win.minimum_size = MIN_SIZE
            except (AttributeError, pygame.error):
                pass
        return screen

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.screen = self._set_mode(self.settings.fullscreen)
        self.scene.resized()

    def resize(self, w: int, h: int) -> None:
        w, h = max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)
        if not self.settings.fullscreen:
            self.windowed_size = (w, h)
            self.settings.window = (w, h)
            if self.screen.get_size() != (w, h):
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.scene.resized()

    # -- widgets -----------------------------------------------------------------------------
    def theme(self) -> dict[str, Any]:
        """assets/theme.json with the shipped fonts and font sizes scaled by the UI scale."""
        raw = resource_path("assets", "theme.json").read_text(encoding="utf-8")
        raw = raw.replace("@FONT_REGULAR@", _json_path(resource_path(
            "assets", "fonts", "NotoSans-Regular.ttf")))
        raw = raw.replace("@FONT_BOLD@", _json_path(resource_path(
            "assets", "fonts", "NotoSans-Bold.ttf")))
        data: dict[str, Any] = json.loads(raw)
        scale = self.settings.ui_scale
        for block in data.values():
            font = block.get("font") if isinstance(block, dict) else None
            if font and "size" in font:
                font["size"] = str(max(9, round(int(font["size"]) * scale)))
        return data

    def new_ui(self) -> pygame_gui.UIManager:
        return pygame_gui.UIManager(self.size, self.theme())

    def px(self, v: float) -> int:
        """A layout size in pixels at the UI scale."""
        return round(v * self.settings.ui_scale)

    # -- the stack of scenes ---------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        """The scene shown (the top of the stack)."""
        return self.stack[-1]

    def push(self, scene: Scene) -> Scene:
        self.stack[-1].pause()
        self.stack.append(scene)
        return scene

    def pop(self) -> Scene:
        self.stack.pop().leave()
        if not self.stack:
            self.stack.append(screens.menu(self))
            return self.stack[-1]
        top = self.stack[-1]
        top.resume()
        return top

    def replace(self, scene: Scene) -> Scene:
        self.stack.pop().leave()
        self.stack.append(scene)
        return scene

    def reset(self, scene: Scene) -> Scene:
        while self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        return scene

    def save_settings(self) -> None:
        with contextlib.suppress(OSError):
            save_settings(self.settings)

    @property
    def sounds(self) -> Sounds:
        """The sound effects, synthesized on first use or in the second frame, so the first
        frame does not wait for them."""
        if self._sounds is None:
            from rail_app.ui.sound import Sounds  # numpy: not before the first frame

            self._sounds = Sounds(self.settings.volume, self.settings.muted)
        return self._sounds

    def apply_sound_settings(self) -> None:
        self.sounds.volume = self.settings.volume
        self.sounds.muted = self.settings.muted

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    # -- loop ----------------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type in LOGGED_EVENTS:
            self.recent_events.append(describe(event))
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.w, event.h)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and not self._typing():
            self.settings.muted = not self.settings.muted
            self.apply_sound_settings()
            self.save_settings()
            self.say(_("Sound off (M)") if self.settings.muted else _("Sound on (M)"))
            return
        scene = self.scene
        consumed = scene.ui.process_events(event)
        if consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            return
        scene.handle_event(event)  # the top scene has it; nothing under it does

    def typing(self) -> bool:
        """A text field has the keyboard: shortcuts stay quiet."""
        return self._typing()

    def _typing(self) -> bool:
        focus = self.scene.ui.get_focus_set()
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in (focus or ()))

    def step(self, dt: float | None = None, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: events, update, draw. ``dt`` in seconds (measured when None)."""
        ms = self.clock.tick(60) if dt is None else dt * 1000
        for event in events if events is not None else pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        scene = self.scene
        scene.update(ms / 1000.0)
        show_title(self)
        self.notice_left = max(0.0, self.notice_left - ms / 1000.0)
        self.watch_autosave(self.scene)
        t0 = pygame.time.get_ticks()
        scene.draw(self.screen)
        if self.notice_left > 0:
            self.draw_notice(self.screen)
        self.frame_times.append(pygame.time.get_ticks() - t0)
        if len(self.frame_times) > 300:
            del self.frame_times[:100]
        pygame.display.flip()
        self.frames += 1
        if self.frames == 2 and self._sounds is None:
            self.sounds.volume = self.settings.volume  # make them now, between frames

    def say(self, text: str, alarm: bool = False, seconds: float = NOTICE_TIME) -> None:
        """The app's notice: ``text`` over whatever screen is shown, for ``seconds``."""
        self.notice, self.notice_alarm, self.notice_left = text, alarm, seconds

    def watch_autosave(self, scene: Scene) -> None:
        """A game whose autosave failed says so over its screen, whichever game it is, at
        once and for as long as the autosaves keep failing (a word of the app's own, such
        as the mute key's, is shown for its time in between); the first autosave that
        succeeds after them says so too. The session knows why the last one failed."""
        session = getattr(scene, "session", None)
        problem = getattr(session, "autosave_problem", "") if session is not None else ""
        if problem:
            self.autosave_failed = session
            warning = _("Autosave failed: {why}. This turn is not saved; the game tries again "
                        "after each turn.").format(why=_(problem))
            if self.notice_left <= 0 or self.notice_alarm:
                self.say(warning, alarm=True, seconds=0.5)
        elif session is not None and session is self.autosave_failed:
            self.autosave_failed = None
            self.say(_("Autosaved again: the game saves itself after each turn."))

    def draw_notice(self, surface: pygame.Surface) -> None:
        """The app's word over the screen, at the top in the middle, within the window
        (on as many lines as it needs)."""
        size = self.px(16)
        width = surface.get_width() - self.px(80)
        lines = hud.wrap(i18n.drawn(self.notice), size, width - size * 2, True)
        imgs = [font(size, True).render(line, True, WHITE) for line in lines]
        inner = pygame.Rect(0, 0, max(i.get_width() for i in imgs),
                            sum(i.get_height() for i in imgs))
        box = inner.inflate(size * 2, size)
        box.midtop = (surface.get_width() // 2, self.px(52))
        pygame.draw.rect(surface, NOTICE_ALARM if self.notice_alarm else NOTICE_BG, box,
                         border_radius=min(box.h // 2, size))
        y = box.y + size // 2
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def guarded_step(self, dt: float | None = None,
                     events: list[pygame.event.Event] | None = None) -> None:
        """One frame inside the crash net: an exception from the engine, the computer player
        or the interface is reported (emergency save, crash report, a dialog saying where
        they are) instead of closing the window."""
        try:
            self.step(dt, events)
        except Exception as exc:
            self.crashed(exc)

    def crashed(self, exc: Exception) -> None:
        from rail_app.ui.crash import CrashScene, record_crash

        failed = self.scene
        files = record_crash(exc, self, getattr(failed, "session", None), self.recent_events)
        self.crash_files.append(files)
        if isinstance(failed, CrashScene):
            self.quit(1)  # the dialog itself failed: end here, the report is written
            return
        try:  # not reset(): the scenes that failed may fail again in leave()
            self.stack = [screens.crash(self, files)]
        except Exception as again:
            record_crash(again, self, None, self.recent_events)
            self.quit(1)

    def run(self) -> int:
        """The game until it is closed. Ctrl-C or a request to end (SIGTERM) autosaves
        the game being played, the turn in progress with it, then ends the program as
        an interruption (KeyboardInterrupt: exit status 130)."""
        previous = end_on_sigterm()
        try:
            while self.running:
                self.guarded_step()
        except KeyboardInterrupt:
            self.save_on_interrupt()
            self.close()
            raise
        finally:
            restore_sigterm(previous)
        self.close()
        return self.exit_code

    def save_on_interrupt(self) -> Path | None:
        """Autosave the game on the screen (if one is): the program is being ended."""
        for scene in reversed(self.stack):
            session = getattr(scene, "session", None)
            if session is not None and hasattr(session, "autosave"):
                path: Path | None = session.autosave()
                if path is None:
                    print(identity.said(f"the game could not be saved: "
                                        f"{session.autosave_problem}"), file=sys.stderr)
                else:
                    print(identity.said(f"the game was saved as {path}"), file=sys.stderr)
                return path
        return None

    def close(self) -> None:
        """The window goes at once; then the settings are kept, the sounds stopped and
        pygame shut down, none of which the player needs to wait for. Work still running
        in the background (a map being read) is waited for a few seconds
        (:func:`rail_app.ui.background.settle`); :attr:`busy` says whether some is still
        running then (the game's command ends the program at once, see :func:`end`)."""
        from rail_app.ui.background import settle

        pygame.display.quit()
        if self.keep_size:
            self.settings.window = self.windowed_size
        self.save_settings()
        if pygame.mixer.get_init():
            pygame.mixer.stop()
            pygame.mixer.quit()
        pygame.quit()
        self.busy = not settle(CLOSE_WAIT)


def _desktop_size() -> tuple[int, int] | None:
    """The screen's size, when the video driver knows it."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return (int(sizes[0][0]), int(sizes[0][1])) if sizes else None


def _json_path(p: Path) -> str:
    return str(p).replace("\\", "/")
