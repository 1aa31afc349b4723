"""Player settings (volume, mute, UI scale, ink colours, hints), kept as JSON in the user data
folder and written atomically so a crash never leaves half a file."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from rail_app.core.files import write_atomic
from rail_app.core.paths import user_data_dir

#: Colour-blind-safe inks (Okabe-Ito palette). The first two are the defaults.
INKS: dict[str, tuple[int, int, int]] = {
    "blue": (0x00, 0x72, 0xB2),
    "orange": (0xE6, 0x9F, 0x00),
    "vermillion": (0xD5, 0x5E, 0x00),
    "bluish green": (0x00, 0x9E, 0x73),
    "reddish purple": (0xCC, 0x79, 0xA7),
    "sky blue": (0x56, 0xB4, 0xE9),
    "black": (0x20, 0x20, 0x20),
}
DEFAULT_INKS = ("blue", "orange")


@dataclass
class Settings:
    volume: float = 0.6
    muted: bool = False
    ui_scale: float = 1.0
    inks: list[str] = field(default_factory=lambda: list(DEFAULT_INKS))
    hints: bool = True
    fullscreen: bool = False
    window: tuple[int, int] = (1600, 900)

    def ink(self, seat: int) -> tuple[int, int, int]:
        name = self.inks[seat] if seat < len(self.inks) else DEFAULT_INKS[seat % 2]
        return INKS.get(name, INKS[DEFAULT_INKS[seat % 2]])

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["window"] = list(self.window)
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        s = cls()
        known = {f.name for f in fields(cls)}
        for k, v in data.items():
            if k not in known:
                continue
            try:
                if k == "volume":
                    s.volume = min(1.0, max(0.0, float(v)))
                elif k == "ui_scale":
                    s.ui_scale = min(1.6, max(0.75, float(v)))
                elif k in ("muted", "hints", "fullscreen"):
                    setattr(s, k, bool(v))
                elif k == "inks" and isinstance(v, list):
                    s.inks = [str(x) for x in v if str(x) in INKS][:2] or list(DEFAULT_INKS)
                    while len(s.inks) < 2:
                        s.inks.append(DEFAULT_INKS[len(s.inks)])
                elif k == "window" and isinstance(v, list) and len(v) == 2:
                    s.window = (max(1280, int(v[0])), max(720, int(v[1])))
            except (TypeError, ValueError):
                continue
        return s


def settings_path() -> Path:
    return user_data_dir() / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults if there are none or the file is damaged."""
    p = path or settings_path()
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    return Settings.from_dict(data) if isinstance(data, dict) else Settings()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    write_atomic(path or settings_path(), json.dumps(settings.to_dict(), indent=2))
