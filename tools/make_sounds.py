"""Write the game's synthesized sound effects to assets/sounds/*.wav (for listening to them;
the game itself synthesizes them at start-up)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rail_app.ui.sound import SOUNDS, write_wav  # noqa: E402


def main() -> None:
    out = Path(__file__).resolve().parent.parent / "assets" / "sounds"
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write_wav(out / f"{name}.wav", make())
        print("wrote", out / f"{name}.wav")


if __name__ == "__main__":
    main()
