"""Steam's screen parts as the shell calls them (:data:`FRONT`, named by its definition,
``STEAM.screens``): the game screen, the map as the
menu and the save list show it, the game over figures with each score's breakdown (S-W2),
the map drawn to a file and the interface self-test."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from rail_app.core.cache import BoundedCache
from rail_app.ui.gameparts import Colour, FinalTable
from rail_app.ui.scene import Host, Scene

if TYPE_CHECKING:
    from rail_app.games.steam.rules.board import Board
    from rail_app.games.steam.rules.state import GameState
    from rail_app.ui.session import Session

_SMALL: BoundedCache[tuple[str, tuple[int, int]], pygame.Surface] = BoundedCache(8)


class SteamScreens:
    def open(self, host: Host, session: Session[GameState], lesson: int | None = None
             ) -> Scene:
        from rail_app.games.steam.ui.scene import SteamScene

        return SteamScene(host, session, lesson)

    def picture_board(self, map_path: Path) -> Any:
        from rail_app.games.steam.rules.mapfile import load_board
        from rail_app.games.steam.ui import maprender as mr

        board = load_board(map_path)
        return board, mr.load_background(board, map_path)

    def backdrop(self, board: Any, size: tuple[int, int]) -> pygame.Surface:
        return _picture(board, size, labels=False)

    def thumbnail(self, board: Any, summary: Mapping[str, Any], inks: Sequence[Colour],
                  size: tuple[int, int]) -> pygame.Surface:
        """The whole map small, each player's track (the hexes of their tiles, from the
        save's summary) marked in their ink."""
        b, _bg = board
        pic = _picture(board, size, labels=False).copy()
        view = _fit(b, size)
        layout = b.grid.layout()
        r = max(1, round(b.grid.spacing_km * view.scale / 6))
        for ink, track in zip(inks, summary.get("track", ()), strict=False):
            for key in track:
                h = b.hex_index(str(key))
                if h is None:
                    continue
                info = b.hexes[h]
                x, y = view.px(*layout.to_xy(info.q, info.r))
                pygame.draw.circle(pic, ink, (round(x), round(y)), r)
        return pic

    def final_table(self, session: Session[GameState]) -> FinalTable:
        """Each player's score part by part (S-W2): VP on the track, income's VP, complete
        links, the total; the chart is the score as it stood after each turn (what S-W2
        would have made of the game had it ended then), so that the player who builds up
        income and links is seen as the game saw them, not by the VP track alone."""
        from rail_app.core.i18n import _, number
        from rail_app.games.steam.rules.boundary import scores as scores_now
        from rail_app.games.steam.rules.turns import score
        from rail_app.table.timeline import Timeline

        st = session.state
        rows = []
        for s, p in enumerate(st.players):
            if p.out:
                rows.append((_("bankrupt"), "", "", "", number(p.loco)))
                continue
            sc = score(st, s)
            rows.append((number(sc.vp), number(sc.income_vp), number(sc.links),
                         number(sc.total), number(p.loco)))
        game = session.game
        tl = Timeline(game, session.board, [seat.name for seat in session.setup.seats],
                      dict(game.rules.options_of(st)), session.setup.seed,
                      game.rules.history(st))
        chart: list[list[int]] = [[] for _ in range(st.seats)]
        for k in tl.turn_starts:
            if tl.turn_at(k) >= 2:  # the score after the turn before
                for s, v in enumerate(scores_now(tl.state_at(k))):
                    chart[s].append(v)
        for s, v in enumerate(scores_now(st)):
            chart[s].append(v)
        out = st.outcome
        reason = ""
        if out is not None and out.winner is not None:
            reason = _("{player} wins with the most points after the last turn (S-W2, S-W3)"
                       ).format(player=st.name(out.winner))
        return FinalTable(
            (_("VP"), _("From income"), _("Complete links"), _("Score"), _("Locomotive")),
            tuple(rows), reason, tuple(tuple(c) for c in chart), _("Score"), None, False,
            _("{n} turns played").format(n=number(st.turn)),
            _("Score after each turn, as if the game had ended then"), number)

    def render_map(self, board: Any, path: str, width: int) -> tuple[int, int]:
        from rail_app.games.steam.ui import mappicture, maprender

        if isinstance(board, tuple):  # the pictures' board: the map and its background
            b, bg = board
            return mappicture.render_png(b, path, width, bg)
        return mappicture.render_png(board, path, width,
                                     maprender.load_background(board, board.shown))

    def selftest(self, app: Any, map_path: str, turns: int, verbose: bool) -> int | None:
        from rail_app.games.steam.ui.selftest import run_selftest

        return run_selftest(app, map_path, turns, verbose)

    def has_lesson(self) -> bool:
        return True

    def lesson_resumable(self) -> bool:
        from rail_app.games.steam.ui.lesson import saved_step

        return saved_step() is not None

    def lesson(self) -> tuple[Any, int]:
        """Learn to play: the guided first game, resumed where it was left."""
        from rail_app.games.steam.ui.lesson import start

        return start()


def _picture(board: Any, size: tuple[int, int], labels: bool) -> pygame.Surface:
    from rail_app.games.steam.ui import maprender as mr

    b: Board
    b, bg = board
    key = (b.shown + b.name + str(labels), size)
    found = _SMALL.peek(key)
    if found is not None:
        return found
    view = _fit(b, size)
    pic = pygame.Surface(size)
    mr.draw_map(pic, view, b, bg, labels=labels)
    _SMALL.put(key, pic)
    return pic


def _fit(b: Board, size: tuple[int, int]) -> Any:
    """The view that shows the whole board in ``size`` pixels, centred."""
    from rail_app.games.steam.ui import maprender as mr

    x0, y0, x1, y1 = mr.board_bounds(b)  # never empty: the reader bounds a hex's size
    scale = min(size[0] / max(x1 - x0, 1e-9), size[1] / max(y1 - y0, 1e-9))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return mr.View(scale, cx - size[0] / 2 / scale, cy - size[1] / 2 / scale)


FRONT = SteamScreens()
