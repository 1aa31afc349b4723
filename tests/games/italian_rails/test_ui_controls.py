"""The game screen's controls behave as a player expects: a button is enabled only when the
engine would take its action, buttons keep their places, popups are opaque, notices stand
where they belong and never pile up, the map refits when its area changes, and the
practice game offers no train controls. Driven with posted mouse and key events."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rail_app.games.italian_rails.rules.actions import (
    Deliver,
    EndPhase,
    EndTurn,
    Lock,
    PickUp,
    PlaceTrain,
    SwapDemands,
)
from rail_app.games.italian_rails.ui import dialogs
from rail_app.games.italian_rails.ui.camera import Camera
from rail_app.games.italian_rails.ui.commands import Intent, Play, ToggleSection
from rail_app.games.italian_rails.ui.dialogpaint import Dialog
from rail_app.games.italian_rails.ui.table import Modal
from rail_app.games.italian_rails.ui.tooltips import TIP_DELAY
from rail_app.games.italian_rails.ui.widgets import Look
from rail_app.ui import screens
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import (
    ITALY,
    MINI,
    alfa_beta_route,
    border_route,
    centre_on_dot,
    click,
    drawn_text,
    give_private,
    prepare_network,
    press,
    settle,
    show,
    start,
    to_anna_move,
    wheel,
)

WINE_TO_BETA = (3, 15, 19, 21, 23, 24)  # mini deck cards whose demand 2 is wine to Beta


def enabled_buttons_work(scene: Any) -> None:
    """Every enabled button's action is one the engine takes now."""
    s = scene.session
    for w in scene.frame.clickable:
        if not w.enabled or w.command is None:
            continue
        if isinstance(w.command, Play):
            assert s.quote(w.command.action).ok, w.label
        elif w.command is Intent.ASK_SWAP:
            assert s.quote(SwapDemands()).ok
        elif w.command is Intent.END_PHASE:
            act = EndPhase() if scene.state.phase.value == "move" else EndTurn()
            assert s.quote(act).ok


def test_swap_stays_disabled_after_loading_a_moved_train_with_locked_loads(app: Any) -> None:
    from rail_app.games.italian_rails.ui.choices import legal_city_actions
    from rail_app.ui.scenes import open_saved_game
    from rail_app.ui.session import list_saves

    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    prepare_network(scene)  # legal actions only: the game must replay from its save
    s = scene.session
    alfa = scene.board.cities["Alfa"]
    assert s.apply(PlaceTrain(scene.board.key(alfa.centre))).ok  # the train has moved ...
    locked = next(a for a in legal_city_actions(s) if isinstance(a, PickUp) and a.card)
    assert s.apply(locked).ok  # ... and carries a locked load
    d.frames(1)
    d.key(pygame.K_ESCAPE)
    press(d, scene, Intent.SAVE)
    d.click_button(app.scene.go_button)  # the save screen: Save under the game's name
    assert app.scene is scene
    assert open_saved_game(app, list_saves()[0])
    loaded = app.scene
    d.frames(1)
    assert not loaded.frame.find(Intent.ASK_SWAP).enabled
    press(d, loaded, Intent.TOGGLE_SIDE)  # the screen laid out again ...
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1400, h=800, size=(1400, 800)))
    d.frames(1)  # ... and the window resized: still disabled, from the engine's quote
    swap = loaded.frame.find(Intent.ASK_SWAP)
    assert not swap.enabled and "Not now:" in swap.tip  # and the engine's reason why
    click(d, swap.rect.center)
    assert loaded.table.modal is Modal.NONE  # no question that would then be refused
    enabled_buttons_work(loaded)


def test_the_practice_game_has_no_upgrade_or_swap(app: Any) -> None:
    scene = start(app)  # building only: no cards, no train
    d = Driver(app)
    d.frames(1)
    labels = [w.label for w in scene.frame.widgets]
    assert "Upgrade…" not in labels and "Swap demands…" not in labels
    assert scene.find(Intent.OPEN_UPGRADE) is None
    assert "End build" in labels and "Erase last" in labels
    game = start(app, cards=True, seed=4, computer=True)
    d.frames(1)
    assert any(w.command is Intent.OPEN_UPGRADE for w in game.frame.widgets)


def test_the_upgrade_popup_is_opaque(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    to_anna_move(scene)
    d.key(pygame.K_RETURN)  # end the move: Anna builds
    press(d, scene, Intent.OPEN_UPGRADE)
    assert scene.frame.dialog is Dialog.UPGRADE
    box = dialogs._box(scene.frame.ctx, Dialog.UPGRADE).inflate(-app.px(26), -app.px(26))
    d.frames(1)
    before = pygame.surfarray.array3d(app.screen.subsurface(box)).copy()
    # what is behind the popup changes (the side panel's cards fold up) ...
    scene.controller.perform(ToggleSection("mine"))
    scene.controller.perform(ToggleSection("pool"))
    d.frames(1)
    after = pygame.surfarray.array3d(app.screen.subsurface(box))
    assert (before == after).all()  # ... and nothing of it shows through


def test_notices_and_tooltips_never_pile_up_at_the_pointer(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    b = scene.board
    river = next(e for e in b.edges.values() if e.crosses("river") and not e.forbidden)
    centre_on_dot(scene, river.a)
    d.frames(1)
    pa, pc = scene.camera.dot_screen(river.a), scene.camera.dot_screen(river.b)
    mid = ((pa[0] + pc[0]) / 2, (pa[1] + pc[1]) / 2)
    d.key(pygame.K_ESCAPE)
    press(d, scene, Intent.SAVE)
    d.click_button(app.scene.go_button)  # "Game saved", back on the game screen
    assert app.scene is scene
    d.mouse(pygame.MOUSEMOTION, mid)
    d.frames(1)
    kinds = [bx.kind for bx in scene.frame.pointer]
    assert kinds == ["hover"]  # one box at the pointer
    top = [bx for bx in scene.frame.notices if bx.kind == "top"]
    assert top and "Game saved" in top[0].lines[0][0]
    assert not top[0].rect.colliderect(scene.frame.pointer[0].rect)
    # a refusal takes the pointer's place instead of piling up on the tooltip
    plain = next(dd.id for dd in b.dots if dd.terrain == "plain" and not scene.pen.can_start(dd.id))
    centre_on_dot(scene, plain)
    d.frames(1)
    click(d, scene.camera.dot_screen(plain))
    assert [bx.kind for bx in scene.frame.pointer] == ["notice"]


def test_the_end_buttons_tooltip_follows_its_words(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    to_anna_move(scene)
    d.frames(1)

    def tip() -> tuple[str, str]:
        r = scene.find(Intent.END_PHASE)
        d.mouse(pygame.MOUSEMOTION, r.center)
        d.frames(1, TIP_DELAY + 0.05)
        boxes = [bx for bx in scene.frame.pointer if bx.kind == "tip"]
        assert boxes
        return scene.frame.find(Intent.END_PHASE).label, boxes[0].lines[0][0]

    label, text = tip()
    assert label == "End move" and "move" in text and "Pay" not in text
    d.key(pygame.K_RETURN)
    label, text = tip()
    assert label == "End build" and "Pay" in text


def test_side_panel_buttons_keep_their_places(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    prepare_network(scene)
    s = scene.session
    card = next(c for c in WINE_TO_BETA if c not in s.state.players[1].private)
    give_private(scene, 0, card)
    s.version += 1
    scene.camera.fit()
    d.frames(1)
    alfa = scene.board.cities["Alfa"]
    click(d, scene.camera.dot_screen(alfa.centre))
    click(d, scene.camera.dot_screen(alfa.centre))  # the train is placed in Alfa
    d.frames(1)
    before = {w.command: w.rect for w in scene.frame.widgets if isinstance(w.command, Play)}
    assert len(before) >= 2, before
    first = Play(PickUp("wine"))
    assert first in before
    spot = before[first].center
    click(d, spot)  # pick up wine, unlocked
    assert [ld.commodity for ld in s.state.players[0].loads] == ["wine"]
    after = {w.command: w.rect for w in scene.frame.widgets if isinstance(w.command, Play)}
    for cmd, rect in before.items():
        assert after.get(cmd) == rect, f"{cmd} moved"
    under = next(w for w in scene.frame.widgets if w.rect.collidepoint(spot))
    assert under.command == first  # a second click there never hits another action
    lock = Play(Lock(card, 1))
    assert lock in after and after[lock].y > max(r.y for r in before.values())
    enabled_buttons_work(scene)


def _fit_level(rect: pygame.Rect, scene: Any) -> int:
    cam = Camera(scene.board, rect)
    cam.fit()
    return cam.level


def test_the_map_refits_when_its_area_changes_and_keeps_its_zoom_otherwise(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    d.key(pygame.K_HOME)
    cam = scene.camera
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=1000, size=(1600, 1000)))
    d.frames(1)
    assert cam.rect == scene.rects.map and cam.rect.h > 700
    assert cam.level == _fit_level(cam.rect, scene)  # refitted to the larger window
    press(d, scene, Intent.TOGGLE_SIDE)
    assert cam.rect.w == 1600 and cam.level == _fit_level(cam.rect, scene)
    # zoomed in, the view keeps its middle and zoom when the UI scale changes
    wheel(d, cam.rect.center, 1)
    wheel(d, cam.rect.center, 1)
    level, middle = cam.level, cam.to_km(*cam.rect.center)
    d.key(pygame.K_ESCAPE)
    press(d, scene, Intent.SETTINGS)
    settings = app.scene
    settings.scale_menu.selected_option = ("125%", "125%")
    pygame.event.post(pygame.event.Event(pygame_gui_changed(), ui_element=settings.scale_menu,
                                         text="125%"))
    d.frames(1)
    d.key(pygame.K_ESCAPE)
    assert app.scene is scene and app.settings.ui_scale == 1.25
    assert scene.rects.top.h == app.px(44) and cam.rect == scene.rects.map
    assert cam.level == level
    x, y = cam.to_km(*cam.rect.center)
    assert abs(x - middle[0]) < 1 and abs(y - middle[1]) < 1


def pygame_gui_changed() -> int:
    import pygame_gui

    return int(pygame_gui.UI_DROP_DOWN_MENU_CHANGED)


def test_a_delivery_is_announced_at_its_city(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    prepare_network(scene)
    s = scene.session
    card = next(c for c in WINE_TO_BETA if c not in s.state.players[1].private)
    give_private(scene, 0, card)
    beta = scene.board.cities["Beta"]
    route = alfa_beta_route(scene.board)
    assert s.apply(PlaceTrain(scene.board.key(scene.board.cities["Alfa"].centre))).ok
    assert s.apply(PickUp("wine", card, 1)).ok
    s.state.players[0].position = route[-1]  # prepare: the train in Beta with the wine
    s.version += 1
    scene.camera.fit()
    d.frames(1)
    press(d, scene, Play(Deliver(card, 1)))
    assert s.state.players[0].deliveries == 1
    at = [bx for bx in scene.frame.notices if bx.kind == "map"]
    assert at and at[0].lines[0][0].startswith("Delivered +")
    city = pygame.Vector2(scene.camera.dot_screen(beta.centre))
    rect = at[0].rect
    nearest = pygame.Vector2(max(rect.left, min(city.x, rect.right)),
                             max(rect.top, min(city.y, rect.bottom)))
    assert city.distance_to(nearest) <= app.px(48)  # beside the city, not far away


def test_a_delivered_demand_s_button_says_delivered(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    prepare_network(scene)
    s = scene.session
    card = next(c for c in WINE_TO_BETA if c not in s.state.players[1].private)
    give_private(scene, 0, card)
    route = alfa_beta_route(scene.board)
    assert s.apply(PlaceTrain(scene.board.key(scene.board.cities["Alfa"].centre))).ok
    assert s.apply(PickUp("wine", card, 1)).ok
    s.state.players[0].position = route[-1]  # prepare: the train in Beta with the wine
    s.version += 1
    d.frames(1)
    deliver = Play(Deliver(card, 1))
    press(d, scene, deliver)
    assert s.state.players[0].deliveries == 1
    while scene.table.popups:  # an event card the delivery's draw turned up
        d.key(pygame.K_RETURN)
    d.frames(1)
    w = scene.frame.find(deliver)  # it keeps its place, greyed, and says what happened
    assert w is not None and not w.enabled
    assert w.label.startswith("Delivered: wine to Beta, +"), w.label
    assert w.tip.startswith("Delivered here this turn"), w.tip
    d.mouse(pygame.MOUSEMOTION, show(d, scene, deliver).center)
    d.frames(int(TIP_DELAY * 60) + 2)
    (tip,) = [b for b in scene.frame.pointer if b.kind == "tip"]
    words = " ".join(t for t, _, _ in tip.lines)
    assert "Delivered" in words and "locked" not in words, words


def _history_rows(app: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The history's rows the next frame draws ("T3  Anna builds...")."""
    return [t for t in drawn_text(app, monkeypatch) if t[:1] == "T" and t[1:2].isdigit()]


def test_the_history_scrolled_back_stays_put_and_marks_new_lines_below(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = start(app, computer=True)
    d = Driver(app)
    s = scene.session
    for _ in range(10):  # prepare: turns enough for a history longer than its bar
        assert s.apply(EndTurn()).ok
    d.frames(2)
    assert scene.frame.find(Intent.HISTORY_LATEST) is None  # at the newest: no marker
    newest = _history_rows(app, monkeypatch)
    wheel(d, scene.rects.history.center, 1)  # the player scrolls back to read
    wheel(d, scene.rects.history.center, 1)
    reading = _history_rows(app, monkeypatch)
    assert reading != newest and reading
    for _ in range(2):  # new lines come while the player reads
        assert s.apply(EndTurn()).ok
    d.frames(2)
    assert _history_rows(app, monkeypatch) == reading  # not yanked away
    marker = scene.frame.find(Intent.HISTORY_LATEST)
    assert marker is not None and "new lines below" in marker.label, marker
    press(d, scene, Intent.HISTORY_LATEST)  # the marker: the newest, followed again
    d.frames(1)
    latest = _history_rows(app, monkeypatch)
    assert latest[-1] == log_rows(scene)[-1]
    assert scene.frame.find(Intent.HISTORY_LATEST) is None
    assert s.apply(EndTurn()).ok
    d.frames(1)
    assert _history_rows(app, monkeypatch)[-1] == log_rows(scene)[-1]  # it follows
    wheel(d, scene.rects.history.center, 1)  # back up, then down to the bottom
    assert s.apply(EndTurn()).ok
    d.frames(1)
    assert _history_rows(app, monkeypatch)[-1] != log_rows(scene)[-1]
    wheel(d, scene.rects.history.center, -1)
    wheel(d, scene.rects.history.center, -1)
    assert s.apply(EndTurn()).ok
    d.frames(1)
    assert _history_rows(app, monkeypatch)[-1] == log_rows(scene)[-1]  # following again


def log_rows(scene: Any) -> list[str]:
    """The history's rows as the game screen wraps them, oldest first."""
    from rail_app.games.italian_rails.ui.history import rows

    ctx = scene.frame.ctx
    px = ctx.px
    r = scene.rects.history
    return [row.text for row in rows(ctx, r.right - (r.x + px(44)) - px(12), px(13))]


def _rest(d: Driver, at: tuple[float, float]) -> None:
    d.mouse(pygame.MOUSEMOTION, at)
    d.frames(int(TIP_DELAY * 60) + 3)


def _tips(scene: Any) -> list[Any]:
    return [b for b in scene.frame.pointer if b.kind == "tip"]


def test_a_disabled_button_s_tooltip_never_covers_the_next_button(app: Any) -> None:
    from rail_app.games.italian_rails.rules.actions import BoardFerry

    scene = start(app, ITALY, cards=True, seed=4, computer=True)
    d = Driver(app)
    to_anna_move(scene)
    st = scene.state
    b = scene.board
    ferry = next(f for f in b.ferries if f.name == "Napoli - Palermo")
    napoli = b.cities["Napoli"]
    port = next(p for p in ferry.ports if b.city_of_dot.get(p) is napoli)
    st.players[0].ferries.add(ferry.index)
    st.players[0].position = next(o for o in napoli.dots if o != port)  # not the port's dot
    scene.session.version += 1
    d.frames(2)
    board = scene.frame.find(Play(BoardFerry(ferry.name)))
    assert board is not None and not board.enabled
    controls = [w for w in scene.frame.widgets if w.look is not Look.AREA]
    assert len([w for w in controls if scene.rects.side.contains(w.rect)]) >= 2
    checked = 0
    for w in controls:  # every control's tooltip: beside it, over no other control
        if not w.tip:
            continue
        _rest(d, w.rect.center)
        (tip,) = _tips(scene)
        assert tip.lines[0][0] == w.tip
        covered = [o.label or o.tip for o in controls if tip.rect.colliderect(o.rect)]
        assert not covered, f"the tooltip of {w.label or w.tip!r} covers {covered}"
        checked += 1
    assert checked >= 5


def test_a_tooltip_goes_when_the_pointer_leaves_its_control_or_the_window(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    to_anna_move(scene)
    d.frames(2)
    end = scene.find(Intent.END_PHASE)
    _rest(d, end.center)
    assert _tips(scene)
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE, window=None))
    d.frames(2)
    assert not _tips(scene) and scene.table.hovered is None  # gone with the pointer
    _rest(d, end.center)
    assert _tips(scene)
    d.mouse(pygame.MOUSEMOTION, scene.rects.map.center)
    d.frames(int(TIP_DELAY * 60) + 3)
    assert not _tips(scene)
    # a still pointer over a panel that scrolls: the tooltip is the new widget's, after a rest
    side = [w for w in scene.frame.widgets if scene.rects.side.contains(w.rect) and w.tip]
    assert side
    _rest(d, side[0].rect.center)
    (tip,) = _tips(scene)
    assert tip.lines[0][0] == side[0].tip
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-40, flipped=False,
                                         precise_x=0.0, precise_y=-40.0))
    d.frames(1)
    d.frames(1)
    now = next((w for w in reversed(scene.frame.widgets)
                if w.rect.collidepoint(side[0].rect.center)), None)
    assert now is None or now.key != side[0].key, "the panel did not scroll"
    assert not _tips(scene)  # no tooltip without its own rest


def test_a_refused_segment_says_why_in_a_small_box_clear_of_the_stroke(app: Any) -> None:
    scene = start(app, ITALY)
    d = Driver(app)
    route, beyond = border_route(scene.board, "Milano")
    centre_on_dot(scene, route[-1])
    pts = [scene.camera.dot_screen(p) for p in [*route, beyond]]
    d.mouse(pygame.MOUSEMOTION, pts[0])
    d.mouse(pygame.MOUSEBUTTONDOWN, pts[0])
    for a, b in zip(pts, pts[1:], strict=False):
        d.mouse(pygame.MOUSEMOTION, b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0))
    settle(d, scene)
    assert scene.pen.refusal is not None
    box = next(bx for bx in scene.frame.pointer if bx.kind == "pen")
    assert "Can't build here" in box.lines[0][0]
    assert box.rect.w <= app.px(330) and box.rect.h <= app.px(120)
    for a, b in zip(pts, pts[1:], strict=False):
        assert not box.rect.clipline(a, b), "the box covers the stroke"
    from rail_app.games.italian_rails.ui.marks import name_boxes

    names = name_boxes(scene.frame.ctx)
    assert names and box.rect.collidelist(names) < 0, "the box covers a name"


def test_V2_the_loans_variant_offers_a_loan_button_that_works(app: Any) -> None:
    from rail_app.games.italian_rails.rules.actions import TakeLoan
    from rail_app.ui.session import HUMAN, GameSetup, Seat, Session

    setup = GameSetup(MINI, [Seat("Anna", HUMAN), Seat("Bruno", HUMAN, ink="orange")], 4,
                      {"loans": True})
    scene = app.reset(screens.game(app, Session.new(setup)))
    d = Driver(app)
    to_anna_move(scene)
    d.frames(1)
    if scene.table.curtain.down:
        click(d, (640, 360))
    loan = Play(TakeLoan())
    widget = scene.frame.find(loan)
    assert widget is not None and not widget.enabled  # 60M: it would be repaid at once (V2)
    scene.state.players[0].cash = 10  # short of cash: a loan is allowed
    scene.session.version += 1
    d.frames(2)
    widget = scene.frame.find(loan)
    assert widget is not None and widget.enabled and scene.session.quote(TakeLoan()).ok
    cash = scene.state.players[0].cash
    press(d, scene, loan)
    assert scene.state.players[0].cash == cash + scene.state.rules.loan_amount
    assert not scene.frame.find(loan).enabled  # one loan at a time (V2)
