"""Pictures of what shows a newcomer the way, for ``screenshots`` (alone with
``--newcomer``): the win tracker in the side panel with its words, the cash safety net's
question at End build, the private cards' choice with a card's ways drawn beside the
dialog, and the map preview's pointer position (``python -m rail_app preview``)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from rail_app.core.paths import resource_path, scratch_data_dir
from rail_app.games.italian_rails.ai.advice import demand_route
from rail_app.games.italian_rails.devtools.preview_shots import reference_and_pointer
from rail_app.games.italian_rails.devtools.shooter import Shooter, anna_moves, new_session, play_on
from rail_app.games.italian_rails.rules.state import Load, Phase
from rail_app.games.italian_rails.ui.commands import Intent, ToggleCard
from rail_app.ui import screens


def shoot_newcomer(s: Shooter, italy: str) -> None:
    _win_tracker(s, italy)
    _safety_net(s, italy)
    _card_help(s, italy)


def _rest_on(s: Shooter, pos: tuple[float, float]) -> None:
    """The pointer rests at ``pos`` until what it shows is up (tooltips, helpers)."""
    import pygame

    s.d.mouse(pygame.MOUSEMOTION, pos)
    s.d.frames(30, 0.05)
    s.settle(2)


def _win_tracker(s: Shooter, italy: str) -> None:
    """A game far on, both players' cash public after a tax (E3) if one came: the side panel ticks the
    major cities each network joins and sets the cash against 250M; the pointer rests on
    Anna's tracker for its words."""
    session = new_session(italy, seed=5)  # a tax by game turn 21 of this deal
    late = anna_moves(20)
    play_on(session, 5, lambda st: late(st) and st.cash_public, limit=20000)
    if not session.state.cash_public or session.state.outcome is not None:
        session = new_session(italy, seed=7)
        play_on(session, 7, anna_moves(30), limit=20000)
    s.app.reset(screens.game(s.app, session))
    s.settle(3)
    s.shot("win-tracker")


def _safety_net(s: Shooter, italy: str) -> None:
    """Anna ends her build with 3M and a load locked for a city her network is far from:
    the question says no paying delivery stays in reach, the cheapest and what would
    help."""
    session = new_session(italy, seed=7)
    play_on(session, 7, anna_moves(8))
    scene = s.app.reset(screens.game(s.app, session))
    s.settle(2)
    s.press(Intent.END_PHASE)  # the move ends: Anna builds
    s.settle(2)
    st = scene.state
    assert st.phase is Phase.BUILD and st.current == 0
    me = st.players[0]
    board = st.board
    reached = {board.city_of_dot[x].name for e in me.track for x in e
               if x in board.city_of_dot}
    far = [(demand_route(st, 0, dem.commodity, dem.city).build_cost, n, i, dem)
           for n in me.private for i, dem in enumerate(st.deck.card(n).demands)
           if dem.city not in reached and board.suppliers.get(dem.commodity)]
    far = [f for f in far if f[0] > 3]
    _cost, n, i, dem = min(far, key=lambda f: (f[0], f[1], f[2]))
    me.loads = [Load(dem.commodity, n, i)]
    me.cash = 3
    session.version += 1
    s.settle(2)
    s.press(Intent.END_PHASE)
    s.settle(3)
    s.shot("safety-net-warning")


def _card_help(s: Shooter, italy: str) -> None:
    """Choosing the private cards (C2): the pointer rests on a dealt card; its demands'
    cheapest ways are drawn on the map and told beside the dialog."""
    scene = s.app.reset(screens.game(s.app, new_session(italy, keep=False)))
    s.settle(3)
    me = scene.state.players[scene.session.actor]
    card = sorted(me.dealt)[1]
    r = scene.find(ToggleCard(card))
    assert r is not None
    _rest_on(s, r.center)
    s.shot("card-choice-help")


def preview_pointer(size: tuple[int, int], out: Path) -> None:
    """The map preview with the reference picture under the map and the pointer on
    Milazzo's coast: its position in map units at the foot of the map."""
    import pygame


    pygame.font.init()
    here = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="italian-rails-preview-") as tmp:
        try:
            reference_and_pointer(Path(tmp), size, out, click=False, pointer=True)
        finally:
            os.chdir(here)


def main(out: str, sizes: tuple[tuple[int, int], ...]) -> int:
    """Only these pictures, at each size (in a data folder of their own)."""
    out_root = Path(out).resolve()
    with scratch_data_dir("italian-rails-shots-"):
        italy = str(resource_path("maps", "italy.yaml"))
        for w, h in sizes:
            shoot_newcomer(Shooter((w, h), out_root / f"{w}x{h}"), italy)
        for w, h in sizes:  # the preview's own window last (it ends pygame when closed)
            preview_pointer((w, h), out_root / f"{w}x{h}" / "preview-pointer-coordinates.png")
        for w, h in sizes:
            for name in ("win-tracker", "safety-net-warning", "card-choice-help",
                         "preview-pointer-coordinates"):
                p = out_root / f"{w}x{h}" / f"{name}.png"
                print(p, p.stat().st_size // 1024, "KB")
    return 0
