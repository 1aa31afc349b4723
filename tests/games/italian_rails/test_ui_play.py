"""A whole short game on the mini map played through the screen with posted mouse and key
events: choosing cards (C2), placing and moving the train (M1), picking up, locking and
delivering (C3-C5), an event card (E1), swapping demands (C6), a derailment choice (E7), the
last round (W1) and the game over screen (W2).

The states are prepared through the engine where the test needs a given situation (track
already built, a card on top of the deck, enough cash); the actions under test go through
the interface.
"""

from __future__ import annotations

from typing import Any

import pygame

from rail_app.games.italian_rails.rules.actions import Deliver, Lock, PickUp
from rail_app.games.italian_rails.rules.quotes import MoveDetails
from rail_app.games.italian_rails.rules.state import Load, Phase
from rail_app.games.italian_rails.rules.words import log_line
from rail_app.games.italian_rails.ui.commands import Demand, FilterHistory, Intent, Play, ToggleCard
from rail_app.games.italian_rails.ui.dialogpaint import Dialog
from rail_app.games.italian_rails.ui.routes import preview_lines
from rail_app.games.italian_rails.ui.table import Modal
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import (
    alfa_beta_route,
    give_private,
    prepare_network,
    press,
    show,
    start,
    to_anna_move,
)

STORM = 27  # mini deck: Storm on the East Sea
DERAIL = 29  # mini deck: Derailment near Gamma
WINE_TO_BETA = (3, 15, 19, 21, 23, 24)  # mini deck cards whose demand 2 is wine to Beta


def click(d: Driver, pos: tuple[float, float]) -> None:
    d.mouse(pygame.MOUSEMOTION, pos)
    d.mouse(pygame.MOUSEBUTTONDOWN, pos)
    d.mouse(pygame.MOUSEBUTTONUP, pos)


def pass_curtain(d: Driver, scene: Any) -> None:
    if scene.table.curtain.down:
        click(d, (640, 360))
    assert not scene.table.curtain.down


def keep_by_clicking(d: Driver, scene: Any) -> tuple[int, ...]:
    pass_curtain(d, scene)
    d.frames(1)
    assert scene.frame.dialog is Dialog.KEEP
    me = scene.state.players[scene.session.actor]
    chosen = tuple(sorted(me.dealt)[:2])
    for c in chosen:
        press(d, scene, ToggleCard(c))
    press(d, scene, Intent.KEEP_CHOSEN)
    return chosen


def confirm(d: Driver, scene: Any) -> None:
    """The confirmation dialog's yes, clicked."""
    assert scene.table.modal is Modal.CONFIRM
    press(d, scene, Intent.CONFIRM)


def test_whole_game_through_the_screen(app: Any) -> None:
    scene = start(app, cards=True, seed=4)
    d = Driver(app)
    st = scene.state
    assert st.phase == "setup"
    # C2: each player keeps two of five cards behind the curtain
    first = keep_by_clicking(d, scene)
    assert sorted(scene.state.players[0].private) == sorted(first)
    assert scene.table.curtain.seat == 1  # Bruno's choice is hidden from Anna
    second = keep_by_clicking(d, scene)
    assert sorted(scene.state.players[1].private) == sorted(second)
    assert scene.state.phase in ("build", "move") and scene.state.pool
    pass_curtain(d, scene)
    prepare_network(scene)
    card = next(c for c in WINE_TO_BETA if c not in scene.state.players[1].private
                and c not in scene.state.pool)
    give_private(scene, 0, card)
    scene.session.version += 1
    d.frames(1)
    pass_curtain(d, scene)
    board = scene.board
    alfa = board.cities["Alfa"]
    beta = board.cities["Beta"]
    scene.camera.fit()
    d.frames(1)
    # M1: the first click on Alfa previews the placement, the second places the train
    click(d, scene.camera.dot_screen(alfa.centre))
    assert scene.table.preview is not None and scene.state.players[0].position is None
    click(d, scene.camera.dot_screen(alfa.centre))
    assert scene.state.players[0].position == alfa.centre
    # C3: pick up wine (unlocked), then C4: lock it to the private demand
    press(d, scene, Play(PickUp("wine")))
    assert [ld.commodity for ld in scene.state.players[0].loads] == ["wine"]
    press(d, scene, Play(Lock(card, 1)))
    assert scene.state.players[0].loads[0].card == card
    # hovering the demand row highlights Alfa (supplier) and Beta on the map
    row = show(d, scene, Demand("wine", "Beta"))
    d.mouse(pygame.MOUSEMOTION, row.center)
    d.frames(1)
    assert scene.table.hovered == Demand("wine", "Beta")
    # M1: the route preview to Beta, then the run
    target = beta.centre
    p = scene.camera.dot_screen(target)
    click(d, p)
    pv = scene.table.preview
    assert pv is not None and pv.ok and not pv.later
    assert board.city_of_dot[pv.now[-1]] is beta  # Beta is reached at its first dot
    assert pv.quote.detail(MoveDetails).steps == len(pv.now) <= 9
    assert not pv.rent
    lines = " ".join(t for t, _, _ in preview_lines(scene.frame.ctx))
    assert "Beta" in lines and "of 9 moves" in lines
    d.key(pygame.K_RETURN)  # Enter confirms
    assert scene.table.run is not None  # the train runs along the route
    assert scene.state.players[0].position == pv.now[-1]
    d.frames(3, 0.05)
    assert scene.table.run is not None and not scene.table.run.done
    d.frames(40, 0.05)
    assert scene.table.run is None
    # C5 + C7 + E1: the private card is discarded, not replaced; the pool, short of cards,
    # refills after the delivery, and the storm on top of the deck shows
    pile = scene.state.draw_pile
    deck = scene.state.deck
    pile[:] = [c for c in pile if deck.card(c).is_event] + [
        c for c in pile if not deck.card(c).is_event] + [STORM]
    pool = scene.state.pool
    scene.state.discard.extend(pool[3:])
    del pool[3:]
    cash = scene.state.players[0].cash
    press(d, scene, Play(Deliver(card, 1)))
    assert scene.state.players[0].cash == cash + 30
    assert scene.state.players[0].deliveries == 1
    assert scene.table.popups == [STORM]
    assert any(ev.card == STORM for ev in scene.state.events)
    d.frames(1)
    assert scene.frame.dialog is Dialog.EVENT
    press(d, scene, Intent.DISMISS_EVENT)
    assert not scene.table.popups
    # the history lists the event; the filter keeps Bruno's lines only
    assert any("Storm on the East Sea" in log_line(scene.state, e) for e in scene.state.log)
    press(d, scene, FilterHistory(1))
    assert scene.table.history_filter == 1
    # W1: enough cash and every major joined: the last round begins at the end of the turn
    scene.state.players[0].cash = 300
    d.key(pygame.K_RETURN)  # end the move
    assert scene.state.phase == "build"
    d.key(pygame.K_RETURN)  # end the build
    assert scene.state.end_triggered_by == 0
    assert scene.state.outcome is None or scene.state.outcome.winner == 0
    pass_curtain(d, scene)
    if scene.state.outcome is None:
        assert scene.session.actor == 1
        d.key(pygame.K_RETURN)
        if scene.state.phase == "build":
            d.key(pygame.K_RETURN)
    assert scene.state.outcome is not None and scene.state.outcome.winner == 0
    d.frames(30, 0.1)
    over = app.scene
    assert type(over).__name__ == "GameOverScene"
    assert "Anna: 300M cash" in over.lines()[0]
    d.frames(1)
    d.click_button(over.new_button)
    assert type(app.scene).__name__ == "NewGameScene"


def test_C6_swap_demands_asks_first_then_replaces_the_turn(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    to_anna_move(scene)
    d.frames(2)
    pool = list(scene.state.pool)
    assert scene.frame.find(Intent.ASK_SWAP).enabled
    press(d, scene, Intent.ASK_SWAP)
    assert scene.table.modal is Modal.CONFIRM and scene.state.pool == pool  # nothing yet
    confirm(d, scene)
    d.frames(2)
    assert scene.state.phase is Phase.SWAPPED
    assert scene.state.pool != pool
    while scene.table.popups:  # an event card drawn by the swap
        press(d, scene, Intent.DISMISS_EVENT)
    assert scene.frame.find(Intent.END_PHASE).label == "End turn"
    assert not scene.frame.find(Intent.ASK_SWAP).enabled
    d.key(pygame.K_RETURN)
    assert scene.state.current == 1


def test_E7_derailment_dialog_chooses_the_lost_load(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    to_anna_move(scene)
    st = scene.state
    gamma = scene.board.cities["Gamma"]
    st.players[0].position = gamma.centre
    st.players[0].loads = [Load("marble"), Load("wine")]
    deck = st.deck
    st.draw_pile[:] = [c for c in st.draw_pile if deck.card(c).is_event] + [
        c for c in st.draw_pile if not deck.card(c).is_event] + [DERAIL]
    scene.session.version += 1
    d.frames(2)
    # the swap draws the derailment: the train near Gamma derails and a load must go
    press(d, scene, Intent.ASK_SWAP)
    confirm(d, scene)
    d.frames(2)
    assert scene.state.pending is not None and scene.state.pending.player == 0
    assert scene.table.circles  # the derailment zone is drawn for a moment
    assert DERAIL in scene.table.popups
    while scene.table.popups:
        press(d, scene, Intent.DISMISS_EVENT)
    assert scene.frame.dialog is Dialog.LOSS
    from rail_app.games.italian_rails.rules.actions import ChooseLoss

    press(d, scene, Play(ChooseLoss(1, False)))
    assert scene.state.pending is None
    assert [ld.commodity for ld in scene.state.players[0].loads] == ["marble"]
    assert scene.state.players[0].lose_turns == 1
    assert any("loses the wine" in log_line(scene.state, e) for e in scene.state.log)


def test_move_preview_warns_before_using_the_opponents_track(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    to_anna_move(scene)
    s = scene.session
    # prepare: Bruno owns Alfa to Beta; Anna's train stands in Alfa
    route = alfa_beta_route(scene.board)
    for a, b in zip(route, route[1:], strict=False):
        s.state.owner[(min(a, b), max(a, b))] = 1
        s.state.players[1].track.add((min(a, b), max(a, b)))
    s.state.players[0].position = scene.board.cities["Alfa"].centre
    s.version += 1
    scene.camera.fit()
    d.frames(2)
    click(d, scene.camera.dot_screen(scene.board.cities["Beta"].centre))
    pv = scene.table.preview
    assert pv is not None and pv.ok and pv.rent
    assert any("4M rent" in t for t, _, _ in preview_lines(scene.frame.ctx))
    cash = s.state.players[0].cash
    click(d, scene.camera.dot_screen(scene.board.cities["Beta"].centre))
    assert s.state.players[0].cash == cash - 4
    assert s.state.players[1].cash == 64 or s.state.players[1].cash > 0


def test_E4_washed_out_track_fades_away_and_the_flood_is_drawn(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    to_anna_move(scene)
    s = scene.session
    board = scene.board
    # prepare: Anna owns every segment that crosses the Grande river system
    grande = [e.key for e in board.edges.values() if e.forbidden is None and any(
        (c.system or c.name) == "Grande" for c in e.crossings if c.kind == "river")]
    assert grande
    for e in grande[:3]:
        s.state.owner[e] = 0
        s.state.players[0].track.add(e)
    st = s.state
    deck = st.deck
    st.draw_pile[:] = [c for c in st.draw_pile if deck.card(c).is_event] + [
        c for c in st.draw_pile if not deck.card(c).is_event] + [26]
    s.version += 1
    d.frames(2)
    press(d, scene, Intent.ASK_SWAP)
    confirm(d, scene)
    assert not any(e in s.state.owner for e in grande[:3])  # washed out (E4)
    assert {f.edge for f in scene.table.fades} == set(grande[:3])  # ... and fading away
    assert any(ev.kind == "flood" for ev in s.state.events)
    d.frames(30, 0.1)
    assert not scene.table.fades
