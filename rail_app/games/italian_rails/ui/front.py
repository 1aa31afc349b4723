"""Italian Rails' screen parts as the shell calls them (:data:`FRONT`, named by its
definition, ``ITALIAN_RAILS.screens``): the game screen, the map as
the menu and the save list show it, the game over figures, the map drawn to a file, and
the guided first game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from rail_app.core.cache import BoundedCache
from rail_app.core.i18n import _, money_millions, ngettext, number
from rail_app.ui.gameparts import Colour, FinalTable
from rail_app.ui.scene import Host, Scene

if TYPE_CHECKING:  # the main menu asks about the lesson before its first frame: the rules,
    # the board and the session come later
    from rail_app.games.italian_rails.rules.board import Board
    from rail_app.games.italian_rails.rules.state import GameState
    from rail_app.ui.session import Session


class ItalianRailsScreens:
    def open(self, host: Host, session: Session[GameState], lesson: int | None = None
             ) -> Scene:
        from rail_app.games.italian_rails.ui.scene import GameScene

        return GameScene(host, session, lesson=lesson)

    def picture_board(self, map_path: Path) -> Board:
        from rail_app.games.italian_rails.rules.board import load_board

        return load_board(map_path)

    def backdrop(self, board: Board, size: tuple[int, int]) -> pygame.Surface:
        from rail_app.games.italian_rails.ui import maprender as mr

        half = pygame.Surface(size)
        view = mr.fit_view(board, size[0], size[1] - 40)
        mr.draw_base(half, board, view, labels=False)
        return half

    def thumbnail(self, board: Board, summary: Mapping[str, Any], inks: Sequence[Colour],
                  size: tuple[int, int]) -> pygame.Surface:
        """The whole map small (sea, land, lakes, the major cities) with each player's
        track in their ink."""
        from rail_app.games.italian_rails.ui import maprender as mr

        view = mr.fit_view(board, *size, margin_px=3)
        pic = small_map(board, size).copy()
        width = 1 if min(size) < 120 else 2
        for colour, track in zip(inks, summary.get("track", ()), strict=False):
            for a, b in track:
                da, db = board.find_dot(a), board.find_dot(b)
                if da is None or db is None:
                    continue
                pa = view.to_px(board.dots[da].x, board.dots[da].y)
                pb = view.to_px(board.dots[db].x, board.dots[db].y)
                pygame.draw.line(pic, colour, pa, pb, width)
        return pic

    def final_table(self, session: Session[GameState]) -> FinalTable:
        """Each player's cash, segments drawn, track on the map and deliveries; W2's
        sentence; the cash after each turn."""
        from rail_app.games.italian_rails.rules.words import outcome_sentence

        st = session.state
        cash = [list(p.cash_history[:p.turns_taken]) for p in st.players]
        end = any(not c or c[-1] != p.cash for c, p in zip(cash, st.players, strict=True))
        if end:
            for c, p in zip(cash, st.players, strict=True):
                c.append(p.cash)
        each = " / ".join(number(p.turns_taken) for p in st.players)
        reason = outcome_sentence(st)
        return FinalTable(
            (_("Cash"), _("Segments drawn"), _("Track on the map"), _("Deliveries")),
            tuple((money_millions(p.cash), number(p.segments_drawn), number(len(p.track)),
                   number(p.deliveries))
                  for p in st.players),
            reason + " (W2)" if reason else "",
            tuple(tuple(c) for c in cash), _("Cash"), st.rules.win_cash, end,
            ngettext("{n} turn played ({each} each)", "{n} turns played ({each} each)",
                     st.turn).format(n=number(st.turn), each=each),
            _("Cash after each turn"), money_millions)

    def render_map(self, board: Any, path: str, width: int) -> tuple[int, int]:
        from rail_app.games.italian_rails.ui.maprender import render_board_png

        return render_board_png(board.board, path, width)

    def selftest(self, app: Any, map_path: str, turns: int, verbose: bool) -> int | None:
        from rail_app.games.italian_rails.ui.selftest import run_selftest

        return run_selftest(app, map_path, turns, verbose)

    def has_lesson(self) -> bool:
        return True

    def lesson_resumable(self) -> bool:
        from rail_app.games.italian_rails.ui.lessonfiles import saved_step

        return saved_step() is not None

    def lesson(self) -> tuple[Session[GameState], int]:
        """Learn to play: the guided first game, resumed where it was left."""
        from rail_app.games.italian_rails.ui import lessonfiles as lesson

        step = lesson.saved_step()
        session = lesson.resumed_session() if step is not None else None
        if session is None or step is None:
            lesson.forget()
            return lesson.new_session(), 0
        return session, step


_SMALL: BoundedCache[tuple[str, str, tuple[int, int]], pygame.Surface] = BoundedCache(8)


def small_map(board: Board, size: tuple[int, int]) -> pygame.Surface:
    """The map as a small picture: sea, the neighbours' land, the land, lakes and the major
    cities, without the dots and names of the game's map (too small to read here)."""
    import numpy as np

    from rail_app.games.italian_rails.ui import maprender as mr
    from rail_app.games.italian_rails.ui.mapstyle import CITY_RED, CONTEXT_LAND, LAND, SEA, WATER

    key = (str(board.path), board.name, size)
    found = _SMALL.peek(key)
    if found is not None:
        return found
    view = mr.fit_view(board, *size, margin_px=3)
    pic = pygame.Surface(size)
    pic.fill(SEA)
    for layer, colour in (("context", CONTEXT_LAND), ("land", LAND), ("lake", WATER)):
        for feat in board.geometry.layer(layer):
            geom = feat.geom
            polys = list(getattr(geom, "geoms", [geom]))
            for poly in polys:
                if poly.geom_type != "Polygon" or poly.is_empty:
                    continue
                pts = view.array_to_px(np.asarray(poly.exterior.coords)[:, :2])
                if len(pts) >= 3:
                    pygame.draw.polygon(pic, colour, pts.tolist())
    r = max(2, round(min(size) / 60))
    for c in board.majors:
        x, y = view.to_px(c.x, c.y)
        pygame.draw.rect(pic, CITY_RED, (round(x) - r, round(y) - r, 2 * r, 2 * r))
    _SMALL.put(key, pic)
    return pic


FRONT = ItalianRailsScreens()
