"""Player settings (volume, mute, UI scale, ink colours, hints), kept as JSON in the user data
folder and written atomically so a crash never leaves half a file."""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from rail_app.core import guarded, i18n
from rail_app.core.files import write_atomic
from rail_app.core.paths import user_data_dir
from rail_app.table.seats import DEFAULT_INKS as DEFAULT_INKS
from rail_app.table.seats import MAX_SEATS
from rail_app.ui.palette import INKS as INKS

#: How many seats' inks the settings keep (the shell lays out six seats).
SEAT_INKS = MAX_SEATS


@dataclass
class Settings:
    volume: float = 0.6
    muted: bool = False
    ui_scale: float = 1.0
    inks: list[str] = field(default_factory=lambda: list(DEFAULT_INKS))
    hints: bool = True
    hints_seen: list[str] = field(default_factory=list)  # first-game hints already read
    game: str = ""  # the game last chosen in the menu ("": the first on the table)
    fullscreen: bool = False
    window: tuple[int, int] = (1600, 900)
    language: str = ""  # "": the system's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)

    def ink(self, seat: int) -> tuple[int, int, int]:
        default = DEFAULT_INKS[seat % len(DEFAULT_INKS)]
        name = self.inks[seat] if seat < len(self.inks) else default
        return INKS.get(name, INKS[default])

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["window"] = list(self.window)
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Settings from their JSON form: unknown keys and values of the wrong type are left
        at their defaults; numbers are clamped to what the game can use."""
        s = cls()
        known = {f.name for f in fields(cls)}
        for k, v in data.items():
            if k not in known:
                continue
            try:
                if k == "volume":
                    s.volume = min(1.0, max(0.0, _finite(v)))
                elif k == "ui_scale":
                    s.ui_scale = min(1.6, max(0.75, _finite(v)))
                elif k in ("muted", "hints", "fullscreen") and isinstance(v, bool):
                    setattr(s, k, v)  # only true or false: "false" is no answer
                elif k == "inks" and isinstance(v, list):
                    s.inks = fill_inks([x for x in v if isinstance(x, str) and x in INKS])
                elif k == "language" and isinstance(v, str) and (v == "" or i18n.known(v)):
                    s.language = v
                elif k == "game" and isinstance(v, str) and len(v) <= 40:
                    s.game = v
                elif k == "hints_seen" and isinstance(v, list):
                    # every game's hints, read ones kept (a few a game and step)
                    s.hints_seen = [x for x in v if isinstance(x, str) and len(x) <= 40][:100]
                elif k == "window" and isinstance(v, list) and len(v) == 2:
                    s.window = clamp_window((round(_finite(v[0])), round(_finite(v[1]))))
            except (TypeError, ValueError, OverflowError):
                continue
        return s


def fill_inks(chosen: list[str]) -> list[str]:
    """Six seats' inks: those chosen (at most six), then for each other seat its default ink
    if no seat has it yet, else the first default ink no seat has. Settings files of
    earlier versions kept two."""
    out = list(dict.fromkeys(chosen))[:SEAT_INKS]
    while len(out) < SEAT_INKS:
        mine = DEFAULT_INKS[len(out)]
        out.append(mine if mine not in out else next(i for i in DEFAULT_INKS if i not in out))
    return out


#: The smallest window the game lays out, and the largest size a settings file may ask for
#: before the screen's own size is known (8K).
MIN_WINDOW = (1280, 720)
MAX_WINDOW = (7680, 4320)


def clamp_window(size: tuple[int, int], screen: tuple[int, int] | None = None
                 ) -> tuple[int, int]:
    """A window size at least 1280x720 and at most the screen (or 8K when it is unknown)."""
    top = MAX_WINDOW
    if screen is not None and screen[0] > 0 and screen[1] > 0:
        top = (min(top[0], max(MIN_WINDOW[0], screen[0])),
               min(top[1], max(MIN_WINDOW[1], screen[1])))
    return (min(top[0], max(MIN_WINDOW[0], size[0])), min(top[1], max(MIN_WINDOW[1], size[1])))


def _finite(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise TypeError("not a number")
    f = float(v)
    if not math.isfinite(f):
        raise ValueError("not finite")
    return f


def settings_path() -> Path:
    return user_data_dir() / "settings.json"


def language_setting(path: Path | None = None) -> str:
    """The language the settings file names ("" for the system's), read without touching the
    file: a damaged file is set aside, and said so, by the game when it loads its settings."""
    p = path or settings_path()
    try:
        data = guarded.read_json(p, guarded.SETTINGS, p.name)
    except (guarded.GuardError, OSError):
        return ""
    return Settings.from_dict(data).language if isinstance(data, dict) else ""


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults if there are none or the file is damaged."""
    return load_settings_checked(path)[0]


def load_settings_checked(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, when the file could not be used, a message for the player.

    A damaged file (not JSON, too large, too deep, not an object) is set aside, renamed to
    ``settings.json.bad`` so that nothing is lost and the next start is clean, and the
    defaults are used.
    """
    p = path or settings_path()
    if not p.exists() and not p.is_symlink():
        return Settings(), None
    try:
        data = guarded.read_json(p, guarded.SETTINGS, p.name)
        if not isinstance(data, dict):
            raise guarded.GuardError(p.name, 1, "not a settings file (expected an object)")
    except guarded.GuardError as exc:
        aside = p.with_name(p.name + ".bad")
        try:
            os.replace(p, aside)
            where = i18n._("It was set aside as {name}; the default settings are used.").format(
                name=aside.name)
        except OSError:
            where = i18n._("The default settings are used.")
        return Settings(), i18n._("The settings file could not be used ({reason}). {where}"
                                  ).format(reason=exc, where=where)
    return Settings.from_dict(data), None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    write_atomic(path or settings_path(), json.dumps(settings.to_dict(), indent=2))
