"""The save screen's Replay, Export… and Import… buttons and the file dialog they open, a
part the save screen is composed with (:class:`SaveExtras`): Replay watches the selected
save's game again; Export… writes the selected save to a file the player names; Import…
adds a save from a file to the saved games (:mod:`rail_app.ui.sharing`)."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton
from pygame_gui.windows import UIFileDialog

from rail_app.core.i18n import _
from rail_app.ui.savelist import list_entries
from rail_app.ui.session import LoadError, Session, new_save_path, saves_dir
from rail_app.ui.sharing import ShareError, export_save, import_save


class FileDialog(UIFileDialog):
    """pygame_gui's file dialog, for a path typed that no file can have: a name longer than
    the file system allows makes its check of the typed path raise (``Path.is_file`` lets
    ENAMETOOLONG through); such a path is no choice, as a path to nowhere is."""

    def _process_file_path_entry_events(self, event: pygame.event.Event) -> None:
        try:
            super()._process_file_path_entry_events(event)
        except OSError as exc:
            if exc.errno != errno.ENAMETOOLONG:
                raise
            self.current_directory_path = self.last_valid_directory_path
            self._set_no_file_selected_state()  # type: ignore[no-untyped-call]


class SaveExtras:
    """The buttons below the list (after Delete…) of ``scene``, a save screen (its ``app``,
    ``ui``, ``message``, ``entries``, ``current()``, ``select(i)``)."""

    def __init__(self, scene: Any, x: int, y: int, saving: bool) -> None:
        self.scene = scene
        px = scene.app.px
        ui = scene.ui
        self.replay_button = UIButton(pygame.Rect(x, y, px(110), px(40)), _("Replay"), ui)
        self.export_button = UIButton(pygame.Rect(x + px(118), y, px(110), px(40)),
                                      _("Export…"), ui,
                                      tool_tip_text=_("Write this game to a file of your "
                                                      "choice, to share it"))
        self.import_button = UIButton(pygame.Rect(x + px(236), y, px(110), px(40)),
                                      _("Import…"), ui,
                                      tool_tip_text=_("Add a game from a file to your "
                                                      "saved games"))
        self.buttons = (self.replay_button, self.export_button, self.import_button)
        if saving:
            for b in self.buttons:
                b.hide()
        self.sharing: UIFileDialog | None = None  # the file dialog while it is open
        self.picking: UIFileDialog | None = None  # its pick arrives after it has closed
        self.what = ""

    @property
    def right(self) -> int:
        return int(self.import_button.rect.right)

    def refresh(self, can_load: bool) -> None:
        for b in (self.replay_button, self.export_button):
            if can_load:
                b.enable()
            else:
                b.disable()

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was this part's (or the file dialog has the screen)."""
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and \
                event.ui_element is self.picking:
            self.sharing = self.picking = None
            self.share(Path(event.text))
            return True
        if self.sharing is not None:
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.replay_button:
                self.replay_selected()
            elif event.ui_element is self.export_button:
                self.ask_file("export")
            elif event.ui_element is self.import_button:
                self.ask_file("import")
            else:
                return False
            return True
        return False

    def update(self) -> None:
        if self.sharing is not None and not self.sharing.alive():
            self.sharing = None  # closed, cancelled or picked

    def say(self, text: str) -> None:
        self.scene.message.set_text(text)

    def replay_selected(self) -> None:
        """Watch the selected save's game again (over the save screen, which Close returns
        to)."""
        e = self.scene.current()
        if e is None or e.problem:
            self.say(_("Choose a saved game that can be loaded first."))
            return

        try:
            session = Session.load(e.path)
        except LoadError as exc:
            self.say(str(exc)[:120])
            return
        app = self.scene.app
        app.push(app.screens.replay(session))

    def ask_file(self, what: str) -> None:
        """The file dialog (a path field and the folder's files) for exporting the selected
        save, or for a save to import."""
        e = self.scene.current()
        if what == "export" and (e is None or e.problem):
            self.say(_("Choose a saved game that can be loaded first."))
            return
        app = self.scene.app
        w, h = app.size
        px = app.px
        rect = pygame.Rect(0, 0, min(w - px(40), px(640)), min(h - px(40), px(520)))
        rect.center = (w // 2, h // 2)
        start = Path.home()
        if what == "export" and e is not None:
            initial = str(start / export_name(e.title))
            title = _("Export the game to a file")
        else:
            initial = str(start)
            title = _("Import a game from a file")
        self.sharing = FileDialog(rect, self.scene.ui, window_title=title,
                                    initial_file_path=initial,
                                    allow_existing_files_only=what == "import")
        self.picking = self.sharing
        self.what = what

    def share(self, path: Path) -> None:
        scene = self.scene
        try:
            if self.what == "export":
                e = scene.current()
                if e is None:
                    return
                written = export_save(e.path, path)
                self.say(_("Exported: {file}").format(file=written.name))
                return
            added = import_save(path, saves_dir(), new_save_path())
        except ShareError as exc:
            self.say(str(exc)[:120])
            return
        entries = list_entries()
        scene.entries = entries
        found = [i for i, p in enumerate(entries.paths) if Path(p).name == added.name]
        scene.select(found[0] if found else 0)
        self.say(_("Imported: {file}").format(file=path.name))


def export_name(title: str) -> str:
    """A file name for a game called ``title``: its letters, digits, spaces and dashes."""
    kept = "".join(c if c.isalnum() or c in " -_" else " " for c in title)
    return ("-".join(kept.split()) or "game")[:60] + ".json"
