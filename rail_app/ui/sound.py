"""Short synthesized sound effects (marker squeak, coins, whistle).

Everything is generated with numpy at start-up, so the game ships no recorded audio. If there
is no audio device the game plays silently: every call here is safe without a mixer.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pygame

RATE = 22050


def _envelope(n: int, attack: float = 0.01, release: float = 0.3) -> np.ndarray:
    t = np.linspace(0.0, 1.0, n)
    a = np.clip(t / max(attack, 1e-3), 0.0, 1.0)
    r = np.clip((1.0 - t) / max(release, 1e-3), 0.0, 1.0)
    return a * r


def squeak(seed: int = 0) -> np.ndarray:
    """A marker dragged over a laminated map: a short, bright, wobbling squeal with grit."""
    rng = np.random.default_rng(seed)
    n = int(RATE * 0.09)
    t = np.arange(n) / RATE
    f = 1900 + 500 * np.sin(2 * math.pi * 23 * t) + rng.uniform(-80, 80)
    phase = 2 * math.pi * np.cumsum(f) / RATE
    wave = 0.35 * np.sin(phase) + 0.15 * np.sin(2 * phase) + 0.12 * rng.standard_normal(n)
    out: np.ndarray = wave * _envelope(n, 0.08, 0.5)
    return out


def coins() -> np.ndarray:
    """Two bright metallic clinks."""
    out = np.zeros(int(RATE * 0.35))
    for start, base in ((0.0, 2637.0), (0.09, 3136.0)):
        n = int(RATE * 0.22)
        t = np.arange(n) / RATE
        tone = sum(np.sin(2 * math.pi * base * k * t) / k for k in (1, 2.76, 5.4))
        tone *= np.exp(-t * 22)
        i = int(start * RATE)
        out[i:i + n] += 0.3 * tone[: len(out) - i]
    return out


def whistle() -> np.ndarray:
    n = int(RATE * 0.6)
    t = np.arange(n) / RATE
    tone = sum(np.sin(2 * math.pi * f * t) for f in (587.0, 740.0, 880.0)) / 3
    breath = 0.08 * np.random.default_rng(3).standard_normal(n)
    out: np.ndarray = 0.4 * (tone + breath) * _envelope(n, 0.08, 0.2)
    return out


def error_blip() -> np.ndarray:
    n = int(RATE * 0.12)
    t = np.arange(n) / RATE
    out: np.ndarray = 0.3 * np.sign(np.sin(2 * math.pi * 180 * t)) * _envelope(n, 0.02, 0.6)
    return out


SOUNDS: dict[str, Callable[..., np.ndarray]] = {"squeak": squeak, "coins": coins, "whistle": whistle, "error": error_blip}


def to_int16(wave: np.ndarray) -> np.ndarray:
    out: np.ndarray = (np.clip(wave, -1.0, 1.0) * 32000).astype(np.int16)
    return out


def write_wav(path: Path, wave: np.ndarray) -> None:
    """Save a mono 16-bit WAV (used by tools/make_sounds.py)."""
    import wave as wavmod

    with wavmod.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(to_int16(wave).tobytes())


class Sounds:
    """Plays the effects at the settings' volume; silent without an audio device."""

    def __init__(self, volume: float = 0.6, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self.available = False
        self._sounds: dict[str, Any] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            init = pygame.mixer.get_init()
            if not init:
                return
            channels = init[2]
            for name, make in SOUNDS.items():
                variants = [make(i) for i in range(3)] if name == "squeak" else [make()]
                snds = []
                for w in variants:
                    data = to_int16(w)
                    if channels > 1:
                        data = np.repeat(data[:, None], channels, axis=1)
                    snds.append(pygame.sndarray.make_sound(np.ascontiguousarray(data)))
                self._sounds[name] = snds
            self.available = True
        except (pygame.error, NotImplementedError, ValueError, OSError):
            self.available = False
        self._turn = 0

    def play(self, name: str) -> None:
        if not self.available or self.muted or self.volume <= 0:
            return
        snds = self._sounds.get(name)
        if not snds:
            return
        self._turn += 1
        snd = snds[self._turn % len(snds)]
        try:
            snd.set_volume(self.volume)
            snd.play()
        except pygame.error:
            pass
