"""Steam in the replay (:data:`REPLAY`, named by its definition, ``STEAM.replay``): the
position drawn on the whole map as the game screen draws it (the terrain, the tiles in
their controllers' inks, the goods cubes, the cities and the New Cities), the last action
marked on it (a delivery's links lit, a tile's hex ringed), the action in the history's
words, each seat's figures, and a better plan of the review drawn as Suggest draws it (the
tiles as ghosts, the delivery lit).

Light to import: the map's drawing code comes with the first replay.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from rail_app.core.cache import BoundedCache
from rail_app.core.i18n import _, dollars, number
from rail_app.games.steam.rules import goods
from rail_app.games.steam.rules.actions import LayTile, MoveCube, RedirectTile, UpgradeTile
from rail_app.games.steam.ui import maprender as mr
from rail_app.games.steam.ui import palette as pal
from rail_app.games.steam.ui.advicewords import REVIEW_WORDS, review_sentence
from rail_app.games.steam.ui.mapview import MapView
from rail_app.games.steam.ui.suggesting import route_links
from rail_app.games.steam.ui.words import sentence

if TYPE_CHECKING:
    from rail_app.games.steam.ai.advisor import Advice
    from rail_app.games.steam.rules.board import Board
    from rail_app.games.steam.rules.state import GameState

Colour = tuple[int, int, int]

_DRAWN = itertools.count()  # the replay's pictures drawn so far
_VIEWS: BoundedCache[tuple[str, str, tuple[int, int]], MapView] = BoundedCache(4)


def _view(board: Board, size: tuple[int, int]) -> MapView:
    """The board's map fitted to ``size`` pixels (its terrain drawn once per size)."""

    key = (board.shown, board.name, size)
    view = _VIEWS.peek(key)
    if view is None:
        try:
            background = mr.load_background(board, Path(board.shown))
        except Exception:  # noqa: BLE001 - a missing background leaves the sea plain
            background = None
        view = MapView(board, background)
        view.set_rect(pygame.Rect((0, 0), size))
        view.fit()
        _VIEWS.put(key, view)
    return view


def last_marks(before: GameState | None, state: GameState) -> tuple[frozenset[int],
                                                                     tuple[int, ...]]:
    """What the last action did on the map: a delivery's links, or the hexes of a tile."""
    if before is None or len(state.history) <= len(before.history):
        return frozenset(), ()
    seat, act = state.history[-1]
    if isinstance(act, MoveCube):
        route, _v = goods.resolve(before, act, seat)
        return (frozenset(route.links) if route is not None else frozenset()), ()
    if isinstance(act, (LayTile, UpgradeTile, RedirectTile)):
        h = state.board.hex_index(act.hex)
        return frozenset(), (() if h is None else (h,))
    return frozenset(), ()


class SteamReplay:
    """The replay parts of Steam (see the module docstring)."""

    @property
    def review_words(self) -> Any:
        """The review's heading over a mark's sentence, in VP lost (the replay's side panel
        asks for it)."""
        return REVIEW_WORDS

    def lines(self, board: Any, before: GameState, after: GameState, seat: int | None
              ) -> list[str]:
        """What the action from ``before`` to ``after`` did, as the history says it."""
        out = []
        for e in after.log[len(before.log):]:
            text = sentence(after, e)
            if text:
                out.append(text)
        return out

    def figures(self, board: Any, state: GameState, viewer: int | None) -> list[str]:
        """Each seat's cash, income, VP and locomotive (Steam's figures are public)."""
        out = []
        for p in state.players:
            line = _("{cash} · income {income} · {vp} VP · locomotive {loco}").format(
                cash=dollars(p.cash), income=number(p.income), vp=number(p.vp),
                loco=number(p.loco))
            out.append(line + (" " + _("(out)") if p.out else ""))
        return out

    def draw(self, surface: pygame.Surface, board: Board, before: GameState | None,
             state: GameState, inks: Sequence[Colour], plan: Advice | None = None) -> None:

        view = _view(board, surface.get_size())
        links, hexes = last_marks(before, state)
        plan_links: frozenset[int] = frozenset()
        if plan is not None:

            plan_links = route_links(before if before is not None else state, plan)

        def pieces(pic: pygame.Surface) -> None:
            view.draw_track(pic, state, list(inks), links | plan_links)
            view.draw_cubes(pic, state)

        # the replay keeps each picture it asks for: every call draws the pieces anew
        view.draw_base(surface, pieces, (next(_DRAWN),))
        for h in hexes:
            view.draw_hover(surface, h)
        if plan is not None:
            for b in plan.builds:
                at = board.hex_index(b.hex)
                if at is not None:
                    view.draw_tile_ghost(surface, at, b.face, b.rotation, pal.SUGGEST,
                                         plan.seat, state.tiles.get(at))

    def explain(self, board: Any, state: GameState, plan: Advice, gap: float) -> str:

        return review_sentence(state, plan, gap)


REPLAY = SteamReplay()
