"""The long development commands' progress bar: tqdm's, on a terminal, when the development
requirements are installed (tqdm is in the ``dev`` extra, not in the game's own
requirements); without tqdm, the same command runs without a bar."""

from __future__ import annotations

from typing import Any


class NoBar:
    """A progress bar that shows nothing (the calls the commands make, doing nothing)."""

    def update(self, n: int = 1) -> None:
        pass

    def set_postfix(self, **values: Any) -> None:
        pass

    def close(self) -> None:
        pass


def tqdm(**options: Any) -> Any:
    """``tqdm.tqdm(**options)``, or a :class:`NoBar` where tqdm is not installed."""
    try:
        from tqdm import tqdm as bar
    except ImportError:
        return NoBar()
    return bar(**options)
