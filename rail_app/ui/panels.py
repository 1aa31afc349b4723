"""The game screen's panels and dialogs: players, train and loads, the actions legal at the
train's city, the cards (private and public, with who locks what), events in force, the
history with its player filter, and the dialogs (choosing cards, derailment losses, event
cards).

Every function draws into a rectangle and returns the buttons it placed (see widgets.py);
the actions on those buttons are decided by the engine's quotes, never here.
"""

from __future__ import annotations

from typing import Any

import pygame

from rail_app.rules import cards as rc
from rail_app.rules import events as rev
from rail_app.rules import movement
from rail_app.rules.actions import (
    Action,
    BoardFerry,
    ChooseLoss,
    Deliver,
    Drop,
    KeepCards,
    Lock,
    PickUp,
)
from rail_app.rules.state import GameState, Phase
from rail_app.ui import hud
from rail_app.ui.maprender import font
from rail_app.ui.mapview import mix
from rail_app.ui.widgets import Button, draw_button, fit_text

CARD_BG = (255, 253, 246)
LOCKED_BG = (244, 238, 224)
PAPER = (246, 241, 226)


def action_label(state: GameState, action: Action) -> str:
    """A button's words for a card or load action."""
    deck = state.deck

    def dem(card: int, demand: int) -> str:
        d = deck.card(card).demands[demand]
        return f"#{card} {d.commodity} to {d.city} {d.payoff}M"

    if isinstance(action, PickUp):
        if action.card is not None and action.demand is not None:
            return f"Pick up {action.commodity}, lock to {dem(action.card, action.demand)}"
        return f"Pick up {action.commodity} (unlocked)"
    if isinstance(action, Lock):
        return f"Lock to {dem(action.card, action.demand)}"
    if isinstance(action, Deliver):
        d = deck.card(action.card).demands[action.demand]
        return f"Deliver {d.commodity} to {d.city}: +{d.payoff}M"
    if isinstance(action, Drop):
        return f"Drop {action.commodity}"
    if isinstance(action, BoardFerry):
        return f"Board the {action.ferry} ferry (lands next turn)"
    return repr(action)


ACTION_ORDER: dict[type[Action], int] = {Deliver: 0, PickUp: 1, Lock: 2, BoardFerry: 3, Drop: 4}


def city_actions(scene: Any) -> list[Action]:
    """The card, load and ferry actions legal right now for the player to move (engine
    quotes decide), cached per game version."""
    key = scene.session.version
    cache = getattr(scene, "_actions_cache", None)
    if cache is not None and cache[0] == key:
        return list(cache[1])
    st = scene.state
    out: list[Action] = []
    if st.phase.in_turn and st.pending is None and st.outcome is None:
        cands: list[Action] = list(rc.card_actions(st))
        pl = st.player
        if st.phase is Phase.MOVE and pl.position is not None:
            cands += [BoardFerry(f.name) for f in st.board.ferries_at.get(pl.position, [])]
        for a in cands:
            if type(a) in ACTION_ORDER and scene.session.quote(a).ok:
                out.append(a)
    private = set(st.player.private)

    def rank(a: Action) -> tuple[int, int, int]:
        card = getattr(a, "card", None)
        demand = getattr(a, "demand", None)
        pay = st.deck.card(card).demands[demand].payoff if card is not None \
            and demand is not None else 0
        return (ACTION_ORDER.get(type(a), 9), 0 if card in private else 1, -pay)

    out.sort(key=rank)
    scene._actions_cache = (key, out)
    return out


def _section(surface: pygame.Surface, text: str, x: int, y: int, size: int) -> int:
    hud.label(surface, text, (x, y), size + 1, hud.TEXT, bold=True)
    return y + round(size * 1.6)


def draw_side(scene: Any, surface: pygame.Surface, rect: pygame.Rect, viewer: int) -> list[Button]:
    """The side panel. Scrolls with the wheel when it holds more than fits."""
    px = scene.app.px
    st = scene.state
    buttons: list[Button] = []
    scene.demand_rects = []
    pygame.draw.rect(surface, hud.PANEL, rect)
    pygame.draw.line(surface, hud.PANEL_EDGE, rect.topleft, rect.bottomleft)
    clip = surface.get_clip()
    surface.set_clip(rect)
    size = px(14)
    x = rect.x + px(12)
    width = rect.w - px(24)
    y = rect.y + px(10) - scene.side_scroll
    # players: two lines each
    for i, p in enumerate(st.players):
        ink = scene.ink(i)
        sw = pygame.Rect(x, y + px(5), px(30), px(11))
        pygame.draw.rect(surface, ink.colour, sw, border_radius=px(5))
        if ink.pattern == "dots":
            for k in range(3):
                pygame.draw.circle(surface, mix(ink.colour, (255, 255, 255), 0.7),
                                   (sw.x + px(6) + k * px(9), sw.centery), max(1, px(2)))
        turn = " (to play)" if i == st.current and not scene.session.over else ""
        hud.label(surface, p.name + turn, (x + px(38), y), size + 1, hud.TEXT, bold=True)
        visible = i == viewer or st.cash_public or scene._all_computers()
        hud.label(surface, f"{p.cash}M" if visible else "cash hidden", (x + width, y), size + 1,
                  hud.TEXT if visible else hud.MUTED, bold=visible, anchor="topright")
        y += px(20)
        loco = st.rules.locomotives.get(p.loco)
        seat = scene.session.setup.seats[i]
        extra = f" · computer ({seat.level})" if seat.computer else ""
        line = (f"{p.loco}" + (f" {loco.speed}/{loco.capacity}" if loco else "")
                + f" · {len(p.track)} seg · {p.deliveries} deliv." + extra)
        hud.label(surface, fit_text(line, size - 1, width - px(10)), (x + px(10), y), size - 1,
                  hud.MUTED)
        y += px(18)
        if p.lose_turns:
            hud.label(surface, "loses the next turn (T4)", (x + px(10), y), size - 1, hud.RED)
            y += px(18)
        y += px(4)
    if st.end_triggered_by is not None and not scene.session.over:
        who = st.players[st.end_triggered_by].name
        r = pygame.Rect(x, y, width, px(38))
        pygame.draw.rect(surface, (255, 236, 200), r, border_radius=px(6))
        hud.label(surface, "Last round!", (r.x + px(8), r.y + px(2)), size, hud.AMBER, bold=True)
        hud.label(surface, fit_text(f"{who} reached the goal (W1)", size - 1, r.w - px(16)),
                  (r.x + px(8), r.y + px(19)), size - 1, hud.TEXT)
        y += px(44)
    if st.phase is Phase.BUILD and st.pending is None:
        budget = st.rules.build_budget
        frac = min(1.0, st.phase_spent / max(1, budget))
        bar = pygame.Rect(x, y + px(4), width - px(110), px(10))
        pygame.draw.rect(surface, (225, 218, 200), bar, border_radius=px(5))
        colour = hud.AMBER if st.phase_spent >= budget - 4 else scene.ink(st.current).colour
        pygame.draw.rect(surface, colour, (bar.x, bar.y, round(bar.w * frac), bar.h),
                         border_radius=px(5))
        hud.label(surface, f"built {st.phase_spent}/{budget}M", (x + width, y), size - 1,
                  hud.MUTED, anchor="topright")
        y += px(22)
    if st.deck.cards:
        y = _train(scene, surface, x, y, width, size, viewer, buttons)
        if st.events:
            y = _section(surface, "Events in force", x, y + px(4), size)
            for ev in rev.events_in_force_summary(st):
                r = pygame.Rect(x, y, width, px(38))
                pygame.draw.rect(surface, (250, 232, 228), r, border_radius=px(5))
                hud.label(surface, fit_text(ev["title"], size, width - px(12), True),
                          (x + px(6), y + px(2)), size, hud.RED, bold=True)
                hud.label(surface, fit_text(ev["expires"], size - 2, width - px(12)),
                          (x + px(6), y + px(20)), size - 2, hud.MUTED)
                y += px(42)
        me = st.players[viewer]
        y = _section(surface, f"{me.name}'s cards (private)", x, y + px(4), size)
        for n in me.private:
            y = _card(scene, surface, n, x, y, width, size)
        y = _section(surface, "Public pool", x, y + px(4), size)
        for n in st.pool:
            y = _card(scene, surface, n, x, y, width, size)
        if not st.pool:
            hud.label(surface, "no public cards yet", (x + px(8), y), size - 1, hud.MUTED)
            y += px(20)
    content = y + scene.side_scroll - rect.y
    scene.side_content = content
    if content > rect.h:
        # a thin scroll bar
        frac = rect.h / content
        bh = max(px(30), round(rect.h * frac))
        by = rect.y + round(scene.side_scroll / max(1, content - rect.h) * (rect.h - bh))
        pygame.draw.rect(surface, (200, 190, 170), (rect.right - px(5), by, px(4), bh),
                         border_radius=px(2))
    surface.set_clip(clip)
    for b in buttons:
        draw_button(surface, b, size - 1, b.rect.collidepoint(scene.pointer))
    return [b for b in buttons if rect.contains(b.rect)]


def _train(scene: Any, surface: pygame.Surface, x: int, y: int, width: int, size: int,
           viewer: int, buttons: list[Button]) -> int:
    px = scene.app.px
    st = scene.state
    p = st.players[viewer]
    board = st.board
    y = _section(surface, f"{p.name}'s train", x, y + px(4), size)
    if p.aboard is not None:
        where = f"on the {board.ferries[p.aboard].name} ferry: lands next turn, half speed (M5)"
    elif p.position is None:
        where = "not on the map yet: click a city in your move phase (M1)"
    else:
        city = board.city_of_dot.get(p.position)
        where = f"at {city.name}" if city else f"between cities ({board.key(p.position)})"
    for line in hud.wrap(where, size - 1, width - px(10)):
        hud.label(surface, line, (x + px(8), y), size - 1, hud.TEXT)
        y += px(18)
    if st.phase is Phase.MOVE and viewer == st.current and p.position is not None:
        left = movement.moves_left(st, viewer)
        full = movement.base_speed(st, viewer)
        slow = st.half_speed_now if st.moves_left is not None else movement.speed(
            st, viewer) < full
        note = " · half speed" + (" after the ferry (M5)" if p.half_speed_next else " (M6)") \
            if slow else ""
        hud.label(surface, f"Moves left {left} of {full}{note}", (x + px(8), y), size - 1,
                  hud.AMBER if slow else hud.TEXT, bold=True)
        y += px(19)
    cap = rc.capacity(st, viewer)
    ink = scene.ink(viewer)
    for load in p.loads:
        cube = pygame.Rect(x + px(8), y + px(3), px(11), px(11))
        pygame.draw.rect(surface, ink.colour, cube)
        pygame.draw.rect(surface, hud.TEXT, cube, 1)
        if load.card is not None and load.demand is not None:
            d = st.deck.card(load.card).demands[load.demand]
            text = f"{load.commodity}: locked to #{load.card}, {d.city} {d.payoff}M"
            r = pygame.Rect(x, y, width, px(18))
            scene.demand_rects.append((r, (d.commodity, d.city)))
        else:
            text = f"{load.commodity}: unlocked"
        hud.label(surface, fit_text(text, size - 1, width - px(28)), (x + px(24), y), size - 1,
                  hud.TEXT)
        y += px(19)
    free = cap - len(p.loads)
    hud.label(surface, f"{free} of {cap} places free", (x + px(8), y), size - 2, hud.MUTED)
    y += px(20)
    # the actions legal at this moment (pick up, lock, deliver, drop, board a ferry)
    if viewer == st.current and scene.human_turn() and scene.run is None \
            and st.pending is None and st.phase.in_turn:
        acts = city_actions(scene)
        if acts:
            city = rc.train_city(st, viewer)
            title = f"At {city.name}" if city and st.phase is Phase.MOVE else "You may"
            y = _section(surface, title, x, y + px(2), size)
            for a in acts[:14]:
                b = Button(pygame.Rect(x, y, width, px(25)), action_label(st, a), a,
                           primary=isinstance(a, Deliver))
                buttons.append(b)
                y += px(28)
    return y


def _card(scene: Any, surface: pygame.Surface, n: int, x: int, y: int, width: int,
          size: int) -> int:
    px = scene.app.px
    st = scene.state
    card = st.deck.cards.get(n)
    if card is None:
        return y
    rows = len(card.demands) or 1
    rh = px(18)
    box = pygame.Rect(x, y, width, rows * rh + px(8))
    lockers = rc.lockers(st, n)
    locked = next((ld.demand for _, ld in lockers), None)
    pygame.draw.rect(surface, LOCKED_BG if lockers else CARD_BG, box, border_radius=px(5))
    pygame.draw.rect(surface, hud.PANEL_EDGE, box, 1, border_radius=px(5))
    hud.label(surface, f"#{n}", (x + px(6), y + px(4)), size - 2, hud.MUTED, bold=True)
    if card.is_event:
        hud.label(surface, card.title, (x + px(44), y + px(4)), size - 1, hud.RED)
        return int(box.bottom + px(4))
    ry = y + px(4)
    f = font(size - 1)
    for j, d in enumerate(card.demands):
        row = pygame.Rect(x + px(40), ry, width - px(42), rh)
        hov = row.collidepoint(scene.pointer) or scene.hover_demand == (d.commodity, d.city)
        if hov:
            pygame.draw.rect(surface, (255, 236, 180), row, border_radius=px(3))
        dim = locked is not None and j != locked
        c_text = hud.MUTED if dim else hud.TEXT
        c_com = hud.MUTED if dim else hud.GREEN
        cx = row.x + px(2)
        img = f.render(hud.plain(d.commodity), True, c_com)
        surface.blit(img, (cx, ry))
        cx += img.get_width() + px(4)
        img = f.render("to", True, hud.MUTED)
        surface.blit(img, (cx, ry))
        cx += img.get_width() + px(4)
        pay = font(size - 1, True).render(f"{d.payoff}M", True, c_text)
        room = row.right - pay.get_width() - px(8) - cx - px(16)
        img = font(size - 1, True).render(fit_text(d.city, size - 1, room, True), True, c_text)
        surface.blit(img, (cx, ry))
        surface.blit(pay, (row.right - pay.get_width() - px(4), ry))
        for who, ld in lockers:
            if ld.demand == j:
                cube = pygame.Rect(row.right - pay.get_width() - px(20), ry + px(3), px(11),
                                   px(11))
                pygame.draw.rect(surface, scene.ink(who).colour, cube)
                pygame.draw.rect(surface, hud.TEXT, cube, 1)
        scene.demand_rects.append((row, (d.commodity, d.city)))
        ry += rh
    if lockers:
        hud.label(surface, "locked", (x + px(6), y + px(22)), size - 4, hud.MUTED)
    return int(box.bottom + px(4))


# -- history -----------------------------------------------------------------------------


def draw_history(scene: Any, surface: pygame.Surface, rect: pygame.Rect) -> list[Button]:
    """The game's history (state.log) as sentences, newest at the bottom, with a filter."""
    px = scene.app.px
    st = scene.state
    buttons: list[Button] = []
    x = rect.x + px(44)
    hud.label(surface, "History", (x, rect.y + px(7)), px(15), hud.TEXT, bold=True)
    bx = x + px(80)
    for value, label in [(None, "All"), *[(i, p.name) for i, p in enumerate(st.players)]]:
        w = font(px(13)).size(label)[0] + px(20)
        b = Button(pygame.Rect(bx, rect.y + px(5), w, px(22)), label, ("filter", value),
                   selected=scene.history_filter == value)
        buttons.append(b)
        bx += w + px(6)
    entries = [e for e in st.log if scene.history_filter is None
               or e.player == scene.history_filter or e.player is None]
    lh = px(18)
    n = max(1, (rect.h - px(36)) // lh)
    scene.history_scroll = min(scene.history_scroll, max(0, len(entries) - n))
    end = len(entries) - scene.history_scroll
    shown = entries[max(0, end - n):end]
    y = rect.y + px(32)
    width = rect.w - px(44) - px(760)
    for e in shown:
        colour = {"event": hud.RED, "payment": hud.GREEN}.get(e.kind, hud.MUTED)
        if e.player is not None and e.kind == "action":
            colour = mix(scene.ink(e.player).colour, (40, 36, 30), 0.45)
        text = fit_text(f"T{e.turn}  {e.text}", px(13), max(px(200), width))
        hud.label(surface, text, (x, y), px(13), colour)
        y += lh
    if scene.history_scroll:
        hud.label(surface, f"↑ {scene.history_scroll} newer below (wheel)".replace("↑ ", ""),
                  (bx + px(10), rect.y + px(8)), px(12), hud.AMBER)
    for b in buttons:
        draw_button(surface, b, px(12), b.rect.collidepoint(scene.pointer),
                    colour=(90, 80, 66))
    return buttons


# -- dialogs -----------------------------------------------------------------------------


def _veil(surface: pygame.Surface, alpha: int = 110) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((20, 16, 12, alpha))
    surface.blit(veil, (0, 0))


def _demand_card(scene: Any, surface: pygame.Surface, n: int, rect: pygame.Rect,
                 selected: bool, size: int) -> None:
    px = scene.app.px
    st = scene.state
    card = st.deck.card(n)
    pygame.draw.rect(surface, (255, 250, 232) if not selected else (255, 240, 190), rect,
                     border_radius=px(10))
    pygame.draw.rect(surface, scene.ink(scene.session.actor).colour if selected
                     else hud.PANEL_EDGE, rect, px(4) if selected else 1, border_radius=px(10))
    hud.label(surface, f"Card {n}", (rect.x + px(12), rect.y + px(10)), size, hud.MUTED,
              bold=True)
    y = rect.y + px(40)
    for d in card.demands:
        hud.label(surface, d.commodity, (rect.x + px(12), y), size, hud.GREEN)
        hud.label(surface, f"to {d.city}", (rect.x + px(12), y + px(20)), size + 1, hud.TEXT,
                  bold=True)
        hud.label(surface, f"{d.payoff}M", (rect.right - px(12), y + px(8)), size + 3, hud.TEXT,
                  bold=True, anchor="topright")
        y += px(52)
    if selected:
        hud.label(surface, "kept", (rect.centerx, rect.bottom - px(10)), size, hud.GREEN,
                  bold=True, anchor="midbottom")


def draw_keep_dialog(scene: Any, surface: pygame.Surface) -> list[Button]:
    """C2: the five dealt cards; the player keeps two as private cards."""
    px = scene.app.px
    st = scene.state
    me = st.players[scene.session.actor]
    _veil(surface)
    w, h = surface.get_size()
    n = len(me.dealt)
    cw, ch = px(200), px(230)
    gap = px(16)
    total = n * cw + (n - 1) * gap
    box = pygame.Rect(0, 0, max(total + px(60), px(700)), ch + px(190))
    box.center = (w // 2, h // 2)
    hud.panel(surface, box, 250, radius=px(12))
    keep = st.rules.keep
    hud.label(surface, f"{me.name}: keep {keep} of your {n} cards", (box.x + px(30),
                                                                     box.y + px(18)),
              px(24), hud.TEXT, bold=True)
    hud.label(surface, "They stay private to you; the other cards go to the public pool that "
              "both players may use (C2).", (box.x + px(30), box.y + px(54)), px(15), hud.MUTED)
    buttons: list[Button] = []
    x = box.centerx - total // 2
    y = box.y + px(86)
    for c in me.dealt:
        r = pygame.Rect(x, y, cw, ch)
        sel = c in scene.keep_choice
        _demand_card(scene, surface, c, r, sel, px(15))
        buttons.append(Button(r, "", ("toggle", c)))
        x += cw + gap
    ok = len(scene.keep_choice) == keep
    b = Button(pygame.Rect(box.right - px(260), box.bottom - px(64), px(230), px(44)),
               f"Keep these {keep}" if ok else f"Choose {keep - len(scene.keep_choice)} more",
               ("keep",), enabled=ok, primary=True)
    draw_button(surface, b, px(16), b.rect.collidepoint(scene.pointer),
                scene.ink(scene.session.actor).colour)
    buttons.append(b)
    hud.label(surface, "Click two cards, then Keep (or Enter).",
              (box.x + px(30), box.bottom - px(52)), px(14), hud.MUTED)
    return buttons


def keep_action(scene: Any) -> KeepCards | None:
    if len(scene.keep_choice) != scene.state.rules.keep:
        return None
    return KeepCards(tuple(sorted(scene.keep_choice)))


def draw_loss_dialog(scene: Any, surface: pygame.Surface) -> list[Button]:
    """E7: the derailed train loses one load; a load locked to a private card may take its
    card to the public pool with it."""
    px = scene.app.px
    st = scene.state
    pend = st.pending
    p = st.players[pend.player]
    _veil(surface)
    w, h = surface.get_size()
    rows = len(p.loads)
    box = pygame.Rect(0, 0, px(720), px(170) + rows * px(50))
    box.center = (w // 2, h // 2)
    hud.panel(surface, box, 252, radius=px(12))
    card = st.deck.cards.get(pend.card)
    title = card.title if card and card.title else "Derailment"
    hud.label(surface, f"{title}: {p.name}'s train derails", (box.x + px(28), box.y + px(18)),
              px(22), hud.RED, bold=True)
    hud.label(surface, "Choose the load that is lost (E7).", (box.x + px(28), box.y + px(54)),
              px(15), hud.TEXT)
    buttons: list[Button] = []
    y = box.y + px(90)
    for i, load in enumerate(p.loads):
        if load.card is not None and load.demand is not None:
            d = st.deck.card(load.card).demands[load.demand]
            private = load.card in p.private
            what = (f"{load.commodity}, locked to #{load.card} {d.city} {d.payoff}M"
                    + (" (private card)" if private else " (public card)"))
        else:
            private = False
            what = f"{load.commodity}, unlocked"
        hud.label(surface, what, (box.x + px(28), y + px(8)), px(15), hud.TEXT)
        b = Button(pygame.Rect(box.right - px(330), y, px(140), px(36)), "Lose it",
                   ChooseLoss(i, False))
        buttons.append(b)
        if private:
            b2 = Button(pygame.Rect(box.right - px(182), y, px(160), px(36)), "Lose + release",
                        ChooseLoss(i, True), tip="The card goes to the public pool")
            buttons.append(b2)
        y += px(50)
    hud.label(surface, "Release: the private card goes to the public pool with the load.",
              (box.x + px(28), box.bottom - px(40)), px(13), hud.MUTED)
    for b in buttons:
        draw_button(surface, b, px(14), b.rect.collidepoint(scene.pointer))
    return buttons


def draw_event_card(scene: Any, surface: pygame.Surface, number: int) -> list[Button]:
    """An event card as drawn: its title and what it does, in the card's own words."""
    px = scene.app.px
    st = scene.state
    card = st.deck.cards.get(number)
    if card is None:
        return []
    w, h = surface.get_size()
    _veil(surface, 70)
    box = pygame.Rect(0, 0, px(460), px(300))
    box.center = (scene.camera.rect.centerx, scene.camera.rect.centery)
    shadow = box.move(px(6), px(8))
    pygame.draw.rect(surface, (60, 50, 40), shadow, border_radius=px(14))
    pygame.draw.rect(surface, (255, 251, 240), box, border_radius=px(14))
    band = pygame.Rect(box.x, box.y, box.w, px(54))
    pygame.draw.rect(surface, hud.RED, band, border_top_left_radius=px(14),
                     border_top_right_radius=px(14))
    hud.label(surface, f"EVENT · card {number}", (band.x + px(20), band.centery), px(15),
              (255, 230, 225), bold=True, anchor="midleft")
    y = band.bottom + px(16)
    for line in hud.wrap(card.title or (card.event or "").replace("_", " "), px(24),
                         box.w - px(40), True):
        hud.label(surface, line, (box.x + px(20), y), px(24), hud.TEXT, bold=True)
        y += px(32)
    y += px(6)
    for line in hud.wrap(card.text, px(16), box.w - px(40)):
        hud.label(surface, line, (box.x + px(20), y), px(16), hud.TEXT)
        y += px(22)
    who = next((e.player for e in reversed(st.log) if e.data.get("card") == number), None)
    if who is not None:
        hud.label(surface, f"drawn by {st.players[who].name}", (box.x + px(20),
                                                                box.bottom - px(34)),
                  px(13), hud.MUTED)
    b = Button(pygame.Rect(box.right - px(140), box.bottom - px(48), px(120), px(36)),
               "OK", ("dismiss",), primary=True)
    draw_button(surface, b, px(15), b.rect.collidepoint(scene.pointer), hud.RED)
    return [b]
