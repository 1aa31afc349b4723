"""The crash net: an unexpected exception never closes the window silently.

When anything in a frame raises (the rules engine, the computer player, the interface), the
app's loop hands the exception here. The game then

1. saves the game being played, if any, as ``saves/emergency-<time>.json`` (the same kind
   of save as any other: the Load screen lists it);
2. writes a crash report ``crashes/crash-<time>.txt`` into the user data folder: the
   traceback, the version, the platform, the screen, the game of whichever game it is (the
   game and its rules version, map, seed, options, seats, turn, whose input it awaited) and
   the last actions and input events;
3. shows a dialog saying what happened and where both files are, with a way back to the
   main menu (``ui.scenes.CrashScene``; the app's loop catches the exception, see
   ``App.guarded_step``).

The game that raised is not continued: its state may be half-changed. A second exception
while the dialog is shown ends the program (with the report written and printed), so a
broken screen cannot loop.
"""

from __future__ import annotations

import html
import json
import platform
import sys
import time
import traceback
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox

from rail_app import __version__
from rail_app.core import identity
from rail_app.core.files import write_atomic
from rail_app.core.i18n import _
from rail_app.core.paths import user_data_dir
from rail_app.ui.palette import PAPER as PAPER
from rail_app.ui.savedir import saves_dir
from rail_app.ui.scene import Host, Scene


@dataclass
class CrashFiles:
    """Where the crash left its traces (None: could not be written) and why not."""

    report: Path | None
    save: Path | None
    save_problem: str = ""


def crashes_dir() -> Path:
    p = user_data_dir() / "crashes"
    p.mkdir(parents=True, exist_ok=True)
    return p


def emergency_save(session: Any, stamp: str) -> tuple[Path | None, str]:
    """Save ``session`` as ``saves/emergency-<stamp>.json``; (path, "") or (None, why)."""
    if session is None:
        return None, "no game was open"

    try:
        path = saves_dir() / f"emergency-{stamp}.json"
        session.save(path)
    except Exception as exc:  # the report says why; the crash itself matters more
        return None, f"the game could not be saved ({type(exc).__name__}: {exc})"
    return path, ""


def report_text(exc: BaseException, app: Any, session: Any, files: CrashFiles,
                events: Iterable[str] = ()) -> str:
    """The crash report: what failed, where, and what the player was doing."""
    lines = [
        identity.crash_heading(),
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S')}",
        f"version: {__version__}",
        f"platform: {platform.platform()}; Python {platform.python_version()}; "
        f"pygame-ce {getattr(pygame, 'version', None) and pygame.version.ver}; "
        f"pygame_gui {getattr(pygame_gui, '__version__', '?')}",
        f"screen: {type(app.scene).__name__ if app is not None else '?'}"
        + (f" at {app.size[0]}x{app.size[1]}" if app is not None else ""),
        "emergency save: " + (str(files.save) if files.save else files.save_problem),
        "",
    ]
    if session is not None:
        try:
            lines += game_lines(session)
        except Exception as inner:  # a report with a hole beats no report
            lines.append(f"game: (could not be described: {type(inner).__name__}: {inner})")
        lines.append("")
    recent = list(events)
    if recent:
        lines.append("last input events:")
        lines += [f"  {e}" for e in recent]
        lines.append("")
    lines.append("traceback:")
    lines += "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).splitlines()
    return "\n".join(lines) + "\n"


def game_lines(session: Any) -> list[str]:
    """The game being played, of any game, as its definition tells it
    (:class:`~rail_app.table.gamedef.GameDef`): which game and rules, the map, the seed,
    the options as records write them, the seats, the turn, whose input the game awaited,
    and its last 20 actions."""
    game = session.game
    rules = game.rules
    st = session.state
    setup = session.setup
    seats = ", ".join(f"{s.name} ({s.kind}{', ' + s.level if s.kind == 'computer' else ''})"
                      for s in setup.seats)
    options = json.dumps(rules.options_to_record(rules.options_of(st)), sort_keys=True,
                         default=str)
    who = rules.to_act(st)
    if rules.outcome(st) is not None:
        awaited = "the game is over"
    elif who is None:
        awaited = "no seat to act"
    else:
        awaited = f"seat {who} ({setup.seats[who].name}) to act"
    phase = getattr(st, "phase", None)  # kit: a game's step or phase, when it has one
    lines = [
        f"game: {game.title} ({game.id}, rules version {game.rules_version})",
        f"map: {setup.map_path}, seed {setup.seed}, options {options}",
        f"seats: {seats}",
        f"turn {rules.turn(st)}" + (f", phase {phase}" if phase is not None else "")
        + f", {awaited}",
        "last actions:",
    ]
    history = rules.history(st)
    first = max(0, len(history) - 20)
    for i, (seat, action) in enumerate(history[first:], start=first + 1):
        lines.append(f"  {i}. player {seat}: {rules.action_repr(action)}")
    if not history:
        lines.append("  (none yet)")
    return lines


def record_crash(exc: BaseException, app: Any, session: Any,
                 events: Iterable[str] = ()) -> CrashFiles:
    """Write the emergency save and the crash report; never raises."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    save, problem = emergency_save(session, stamp)
    files = CrashFiles(None, save, problem)
    text = report_text(exc, app, session, files, events)
    try:
        path = crashes_dir() / f"crash-{stamp}.txt"
        n = 1
        while path.exists():
            n += 1
            path = path.with_name(f"crash-{stamp}-{n}.txt")

        write_atomic(path, text)
        files.report = path
    except Exception:  # no data folder: the report goes to the terminal below
        files.report = None
    print(text if files.report is None else identity.said(f"crash report written to "
                                                          f"{files.report}"),
          file=sys.stderr)
    return files


def dialog_text(files: CrashFiles) -> str:
    parts = [_("Something went wrong inside the game and it had to stop. This is a bug, "
               "not something you did.")]
    if files.save is not None:
        parts.append(_("Your game was saved as {name} in {folder} (Load game lists it).")
                     .format(name=files.save.name, folder=files.save.parent))
    elif files.save_problem and files.save_problem != "no game was open":
        parts.append(_("Your game could not be saved: {reason}.").format(
            reason=files.save_problem))
    if files.report is not None:
        parts.append(_("A crash report was written to {file}. Sending it to the authors "
                       "helps them fix the problem.").format(file=files.report))
    else:
        parts.append(_("The crash report could not be written to the data folder; it was "
                       "printed in the terminal instead."))
    return "\n\n".join(parts)


class CrashScene(Scene):
    """The dialog after a crash: what happened, where the save and the report are."""

    def __init__(self, app: Host, files: CrashFiles) -> None:
        self.files = files
        self.text = dialog_text(files)
        super().__init__(app)

    def build(self) -> None:
        px = self.app.px
        w, h = self.app.size
        bw = min(w - px(120), px(900))
        x0 = (w - bw) // 2
        UILabel(pygame.Rect(x0, px(60), bw, px(64)), _("The game stopped"), self.ui,
                object_id="#title")
        body = "<br><br>".join(html.escape(p) for p in self.text.split("\n\n"))
        box_h = min(h - px(300), px(260))
        UITextBox(body, pygame.Rect(x0, px(140), bw, box_h), self.ui)
        y = px(140) + box_h + px(30)
        self.menu_button = UIButton(pygame.Rect(x0, y, px(260), px(54)), _("Back to the menu"),
                                    self.ui, object_id="#primary")
        self.quit_button = UIButton(pygame.Rect(x0 + px(280), y, px(160), px(54)), _("Quit"),
                                    self.ui)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.menu_button:
            self.app.reset(self.app.screens.menu())
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.quit_button:
            self.app.quit(1)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.reset(self.app.screens.menu())
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(PAPER)
        self.ui.draw_ui(surface)
