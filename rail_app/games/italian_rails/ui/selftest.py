"""The self-test (``--selftest``, ``python -m rail_app selftest``): a few turns played
through the real interface without a screen, so that a player can check that the game works
on their machine (and CI, that the standalone executable does).

It starts the app with SDL's dummy drivers, clicks through the menus with posted events,
draws track with posted mouse drags, ends turns, lets the computer seat play, saves and loads.
Exit code 0 when every check passes. Its hands are the screen kit's
(:mod:`rail_app.ui.kit.driver`), as the interface tests' and the development tools' are.
"""

from __future__ import annotations

import os
from typing import Any

from rail_app.ui.kit.driver import Checks, Driver


def pick_stroke(scene: Any, length: int = 3) -> list[int]:
    """A path of legal segments for the player to act, found through the engine's quotes."""
    from rail_app.games.italian_rails.rules.build import legal_builds

    board = scene.board
    for first in legal_builds(scene.state):
        a, b = board.dot(first.a), board.dot(first.b)
        path = [a, b]
        state = scene.session.preview(scene.state, first)[1]
        while len(path) < length + 1:
            nxt = None
            for n in sorted(board.adj[path[-1]]):
                if n in path:
                    continue
                q, after = scene.session.preview(state, _build(board, path[-1], n))
                if q.ok:
                    nxt, state = n, after
                    break
            if nxt is None:
                break
            path.append(nxt)
        if len(path) >= 3:
            return path
    return []


def cards_kept(state: Any, player: int) -> int:
    """How many dealt cards ``player`` kept as private cards (C2), read from the game's
    history: the private cards held now may be fewer, since a delivered private card is not
    replaced (C5)."""
    from rail_app.games.italian_rails.rules.actions import KeepCards

    return next((len(act.cards) for who, act in state.history
                 if who == player and isinstance(act, KeepCards)), 0)


def private_deliveries(state: Any, player: int) -> int:
    """How many of ``player``'s deliveries were of the private cards they kept (C5)."""
    from rail_app.games.italian_rails.rules.actions import Deliver, KeepCards

    kept = next((set(act.cards) for who, act in state.history
                 if who == player and isinstance(act, KeepCards)), set())
    return sum(1 for who, act in state.history
               if who == player and isinstance(act, Deliver) and act.card in kept)


def _build(board: Any, a: int, b: int) -> Any:
    from rail_app.games.italian_rails.rules.actions import BuildSegment

    return BuildSegment(board.key(a), board.key(b))


def run_selftest(app: Any, map_path: str, turns: int = 3, verbose: bool = True) -> int:
    """Italian Rails' own self-test, on ``app`` (started by the shell's self-test, headless,
    on ``map_path``, in a data folder of its own): click through the menus into a game with
    cards against a computer seat, and play the human seat with posted mouse and key events
    (choosing cards, drawing track, placing and moving the train, picking up and delivering)
    until a delivery is made and ``turns`` turns are played; then save and load."""
    check = Checks(verbose)
    failures = check.failures

    import pygame

    from rail_app.games.italian_rails.ui.dialogpaint import Dialog
    from rail_app.games.italian_rails.ui.mouseplayer import MousePlayer
    from rail_app.games.italian_rails.ui.scene import GameScene

    d = Driver(app)
    d.frames(2)
    menu = app.scene
    new_btn = next(b for b, what in menu.buttons.items() if what == "new")
    d.click_button(new_btn)
    ng = app.scene  # the shell's New game screen (by name: the shell is not imported here)
    check(type(ng).__name__ == "NewGameScene", "the New game dialog opens")
    if failures:
        return 1
    ng.seed_entry.set_text("11")
    check(ng.start(), "a game starts on " + os.path.basename(map_path))
    d.frames(3)
    scene = app.scene
    check(isinstance(scene, GameScene), "the game screen shows")
    if failures or not isinstance(scene, GameScene):
        return 1
    check(scene.state.phase == "setup" and scene.frame.dialog is Dialog.KEEP,
          "the five dealt cards are offered (C2)")
    scene.view.layers.base.render_all(scene.camera)
    player = MousePlayer(app, 0, "normal", 11, pause=1)
    frames = player.frames()
    seen: set[str] = set()
    done = False
    for _ in range(20000):
        for ev in next(frames):
            pygame.event.post(ev)
        app.step(1 / 30)
        st = scene.state
        for who, act in st.history[-8:]:
            if who == 0:
                seen.add(act.kind)
        me = st.players[0]
        if scene.session.over or (me.deliveries and st.turn >= 2 * turns and "move" in seen):
            done = True
            break
    st = scene.state
    me = st.players[0]
    check(done, "the game went on through the screen")
    keep = st.rules.keep
    check(cards_kept(st, 0) == keep and "keep_cards" in seen,
          f"{keep} cards kept by clicking them")
    check("build" in seen and bool(me.track) or scene.session.over,
          f"track drawn with the pen ({len(me.track)} segments)")
    check("place" in seen and "move" in seen, "the train placed and moved by clicking")
    check("pickup" in seen, "a load picked up with the card panel's button")
    check(me.deliveries > 0, f"{me.deliveries} deliveries made, {private_deliveries(st, 0)} "
          f"of them private cards ({me.cash}M cash)")
    check(st.players[1].turns_taken > 0, "the computer seat played its turns")
    if not scene.session.over:
        check(scene.controller.save_game(), "the game saves")
        from rail_app.ui.session import Session, list_saves

        saves = list_saves()
        try:
            loaded = Session.load(saves[0])
            same = ([p.track for p in loaded.state.players] == [p.track for p in st.players]
                    and [p.loads for p in loaded.state.players] == [p.loads for p in st.players])
            check(same, "the saved game loads with the same track and loads")
        except Exception as exc:  # report, never crash the self-test
            check(False, f"the saved game loads ({exc})")
    app.running = False
    pygame.quit()
    return check.end()
