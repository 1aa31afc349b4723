"""What the shell asks of a game's screen parts (:class:`GameScreens`) and the figures a
game gives the game over screen (:class:`FinalTable`). A module without the shell's scenes,
so that a game's screen parts can import it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pygame

from rail_app.ui.scene import Host, Scene

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class FinalTable:
    """A game's figures for the game over screen: the columns after each seat's name and
    rank (their headings), a row of values per seat, the sentence that says why the game
    ended, and an optional chart (a line of values per seat over the turns, with the value
    of the goal, if the game has one): its short title, its heading ("Cash after each
    turn"; the title when empty) and how a value on it is written, the game's own money or
    points (Italian Rails' ``money_millions``: 250M; plain numbers when None)."""

    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    reason: str = ""
    chart: tuple[tuple[int, ...], ...] = ()
    chart_title: str = ""
    goal: int | None = None
    chart_end: bool = False  # the last point is the end of the game, not a turn
    turns: str = ""  # a line on the turns played
    chart_heading: str = ""
    chart_value: Callable[[int], str] | None = None


class GameScreens(Protocol):
    """A game's screen parts, as the shell calls them."""

    def open(self, host: Host, session: Any, lesson: int | None = None) -> Scene:
        """The game screen for ``session`` (``lesson``: the guided first game at a step)."""
        ...

    def picture_board(self, map_path: Path) -> Any:
        """What the map's pictures are drawn from (read in the background: it may take a
        few hundred milliseconds). MapError for a broken map."""
        ...

    def backdrop(self, board: Any, size: tuple[int, int]) -> pygame.Surface:
        """The menu's picture of the map, ``size`` pixels."""
        ...

    def thumbnail(self, board: Any, summary: Mapping[str, Any], inks: Sequence[Colour],
                  size: tuple[int, int]) -> pygame.Surface:
        """The save list's small map of a game (``summary``: the save's, see
        :meth:`rail_app.table.gamedef.GameDef.summary`)."""
        ...

    def final_table(self, session: Any) -> FinalTable:
        ...

    def render_map(self, board: Any, path: str, width: int) -> tuple[int, int]:
        """Draw the map to a PNG file ``width`` pixels wide; returns the picture's size."""
        ...

    def selftest(self, app: Any, map_path: str, turns: int, verbose: bool) -> int | None:
        """Run the game's own interface self-test on ``app`` (the shell's app, started
        headless on ``map_path`` at its main menu, in a data folder of its own; ``turns`` of
        the person's turns) and return its exit status; None for a game without one (the
        shell's self-test then plays it through its GameDef)."""
        ...

    def has_lesson(self) -> bool:
        """The game has a guided first game (Learn to play)."""
        ...

    def lesson_resumable(self) -> bool:
        ...

    def lesson(self) -> tuple[Any, int]:
        """The guided first game's session, resumed where it was left, and its step."""
        ...


class ReplayParts(Protocol):
    """A game's parts of the replay (optional: a game without them is replayed with its
    save list's small map and its actions as records write them)."""

    def lines(self, board: Any, before: Any, after: Any, seat: int | None) -> list[str]:
        """What the action from ``before`` to ``after`` did, in a player's words."""
        ...

    def figures(self, board: Any, state: Any, viewer: int | None) -> list[str]:
        """A line per seat of what ``viewer`` may know of its figures (None: all)."""
        ...

    def draw(self, surface: pygame.Surface, board: Any, before: Any | None, state: Any,
             inks: Sequence[Colour], plan: Any = None) -> None:
        """The position on the whole map, filling ``surface``, the action that led to it
        from ``before`` marked, and ``plan`` (an advisor's suggestion) drawn over it."""
        ...

    def explain(self, board: Any, state: Any, plan: Any, gap: float) -> str:
        """One sentence in a player's words on a turn the review marks: what ``plan`` (the
        advisor's, from ``state`` as the seat saw it) would have done, ``gap`` a turn more
        than what was played."""
        ...


class ReviewWords(Protocol):
    """A game's words for the post-game review's marks, for a game replayed without replay
    parts of its own (optional): the one sentence on a marked turn and its heading, in the
    measure of the game's advisor."""

    def explain(self, board: Any, state: Any, plan: Any, gap: float) -> str:
        """What ``plan`` (the advisor's, from ``state`` as the seat saw it) would have done,
        ``gap`` more than what was played."""
        ...

    def heading(self, gap: float) -> str:
        """The heading over that sentence."""
        ...
