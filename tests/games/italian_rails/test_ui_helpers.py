"""Planning helpers, driven with posted events: hovering a demand shows the cheapest track
still to build to serve it (a ghost line, its cost and turns), Suggest shows the plan the
Hard computer would choose without playing it or peeking, a route over several turns is
offered again the next turn ("on to ..."), and the train's last move is taken back."""

from __future__ import annotations

from typing import Any

import pygame

from rail_app.games.italian_rails.ai.advice import demand_route, suggest
from rail_app.games.italian_rails.rules.actions import EndPhase, EndTurn, KeepCards, PickUp
from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.games.italian_rails.ui.commands import Demand, Intent, Play
from rail_app.games.italian_rails.ui.ghosts import advice_lines, ghost_lines
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import (
    alfa_beta_route,
    click,
    prepare_network,
    press,
    show,
    start,
)


def rest_on(d: Driver, scene: Any, key: object) -> None:
    """Move the pointer onto the widget for ``key`` and let it rest there a moment."""
    r = show(d, scene, key)
    d.mouse(pygame.MOUSEMOTION, r.center)
    d.frames(6, 0.05)


def test_hovering_a_demand_shows_the_cheapest_track_still_to_build(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    prepare_network(scene)  # Anna's track joins Alfa and Beta
    st = scene.state
    board = scene.board
    mine = st.players[0].track
    seen: list[Any] = []
    for n in [*st.players[0].private, *st.pool]:
        for dem in st.deck.card(n).demands:
            key = Demand(dem.commodity, dem.city)
            if key in seen:
                continue
            seen.append(key)
            rest_on(d, scene, key)
            g = scene.table.ghost
            assert g is not None and (g.commodity, g.city) == (dem.commodity, dem.city)
            words = " ".join(t for t, _, _ in ghost_lines(board, g))
            if not g.possible:  # Epsilon: only the strait reaches it, and K5 keeps it free
                assert dem.city == "Epsilon" and "No way to serve it now" in words
                continue
            # the way ends at the city that wants it, passing a supplier
            assert g.route and board.city_of_dot.get(g.route[-1]).name == dem.city
            if g.supplier is not None:
                assert any(board.city_of_dot.get(x) is board.cities[g.supplier]
                           for x in g.route)
            # the track still to build is nobody's yet, and its cost is the board's
            assert all(e not in st.owner for e in g.new_track)
            assert g.build_cost >= sum(min(board.build_cost(*e), board.build_cost(e[1], e[0]))
                                       for e in g.new_track)
            if g.reached:
                assert "already reaches it" in words
            else:
                assert f"Still to build: {g.build_cost}M" in words
    # one of them is served by Anna's network as it is
    assert any(edge_key(a, b) in mine for a, b in zip(
        alfa_beta_route(board), alfa_beta_route(board)[1:], strict=False))
    d.mouse(pygame.MOUSEMOTION, scene.rects.map.center)
    d.frames(2)
    assert scene.table.ghost is None  # the ghost goes with the pointer


def test_suggest_shows_the_hard_plan_without_playing_or_peeking(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    prepare_network(scene)
    st = scene.state
    before = len(st.history)
    press(d, scene, Intent.SUGGEST)
    a = scene.table.advice
    assert a is not None and a.stops and a.seat == 0
    cards = set(st.players[0].private) | set(st.pool)
    assert {s.card for s in a.stops} <= cards  # only cards Anna may use
    assert len(scene.state.history) == before  # nothing played
    words = " ".join(t for t, _, _ in advice_lines(scene.frame.ctx, a))
    assert "Suggested plan" in words and "profit a turn" in words
    # the same plan whatever Anna may not know: the draw pile's order, Bruno's cash
    other = st.copy()
    other.draw_pile.reverse()
    other.players[1].cash += 37
    assert suggest(other, 0) == suggest(st, 0) == a
    # the plan's picture is drawn once for the view, not in every frame; a new view redraws it
    from rail_app.games.italian_rails.ui import ghosts

    d.frames(1)
    kept = ghosts._kept
    d.frames(3)
    assert kept is not None and ghosts._kept is kept
    scene.camera.zoom_at(1, *scene.camera.rect.center)
    d.frames(1)
    assert ghosts._kept is not kept
    press(d, scene, Intent.SUGGEST)  # again: hidden
    assert scene.table.advice is None


def _long_trip(scene: Any) -> int:
    """Prepare: Anna's train in Alfa with most of her movement used; Beta several turns
    away over her own track."""
    prepare_network(scene)
    st = scene.state
    st.players[0].position = scene.board.cities["Alfa"].centre
    st.moves_left = 2
    scene.session.version += 1
    scene.camera.fit()
    return scene.board.cities["Beta"].centre


def test_a_route_over_several_turns_is_offered_not_shown_next_turn(app: Any) -> None:
    """The route preview belongs to the move it was asked in: next turn the way on is only
    offered in words; the player clicks the destination to see it, and again to go."""
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    beta = _long_trip(scene)
    d.frames(2)
    click(d, scene.camera.dot_screen(beta))
    assert scene.table.preview is not None and scene.table.preview.turns > 1
    d.key(pygame.K_RETURN)  # this turn's part of the way
    assert d.until(lambda: scene.table.run is None, dt=0.05)
    assert scene.table.destination == {0: beta}
    st = scene.state
    assert st.players[0].position not in scene.board.cities["Beta"].dots
    d.key(pygame.K_RETURN)  # end the move phase
    d.key(pygame.K_RETURN)  # end the turn; Bruno plays
    d.key(pygame.K_SPACE)
    assert d.until(lambda: scene.state.current == 0
                   and scene.table.trip_shown == scene.controller.turn_key(), dt=0.05)
    d.frames(3)
    assert scene.table.preview is None  # not back by itself
    assert "preview" not in [b.kind for b in scene.frame.pointer]
    assert any(n.headline == "Heading for Beta" for n in scene.table.notices)
    click(d, scene.camera.dot_screen(beta))  # the player asks
    pv = scene.table.preview
    assert pv is not None and pv.target == beta and pv.ok
    d.key(pygame.K_RETURN)
    d.frames(20, 0.05)
    assert scene.state.players[0].position in scene.board.cities["Beta"].dots
    assert 0 not in scene.table.destination


def test_take_back_the_train_s_last_move_and_pickup_are_taken_back(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    beta = _long_trip(scene)
    st = scene.state
    start_at = st.players[0].position
    d.frames(2)
    assert not scene.frame.find(Intent.TAKE_BACK).enabled
    click(d, scene.camera.dot_screen(beta))
    d.key(pygame.K_RETURN)
    assert d.until(lambda: scene.table.run is None, dt=0.05)
    assert scene.state.players[0].position != start_at
    press(d, scene, Intent.TAKE_BACK)
    assert scene.state.players[0].position == start_at and scene.state.moves_left == 2
    assert any(n.headline == "Taken back" for n in scene.table.notices)
    # a pickup, taken back with Backspace
    s = scene.session
    pick = next(a for a in scene.table.slots.actions if isinstance(a, PickUp)
                and a.card is None)
    press(d, scene, Play(pick))
    assert len(scene.state.players[0].loads) == 1
    d.key(pygame.K_BACKSPACE)
    assert scene.state.players[0].loads == []
    # nothing is left to take back once the move phase ends
    assert s.apply(EndPhase()).ok
    d.frames(1)
    assert scene.frame.find(Intent.TAKE_BACK) is None  # building: the eraser's buttons
    assert s.apply(EndTurn()).ok


def test_suggest_states_the_plan_s_own_figures_beside_the_cash(app: Any) -> None:
    """Suggest's payoff is its deliveries' payoffs, the segments of this turn are among the
    dashed ones and within the budget and the cash (K7), the cash stands beside the building
    and the profit a turn is the payoff less the costs over the turns."""
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    prepare_network(scene)
    st = scene.state
    press(d, scene, Intent.SUGGEST)
    a = scene.table.advice
    assert a is not None and a.pays
    assert a.payoff == sum(s.payoff for s in a.stops if not s.pickup) > 0
    assert set(a.this_turn) <= set(a.new_track)
    spent = sum(min(st.board.build_cost(x, y), st.board.build_cost(y, x)) for x, y in a.this_turn)
    assert spent <= min(st.rules.build_budget, st.players[0].cash)
    assert a.cash == st.players[0].cash
    assert round(a.per_turn) == round((a.payoff - a.build_cost - a.rent) / a.turns)
    words = [t for t, _, _ in advice_lines(scene.frame.ctx, a)]
    text = " ".join(words)
    assert f"Payoff {a.payoff}M in about" in text and f"your cash {a.cash}M" in text
    if a.new_track:
        assert f"Track to build: {len(a.new_track)} segment" in text
    assert "-" not in text.split("Payoff")[1].split("profit")[0]  # no negative nonsense


def test_suggest_says_when_the_cash_cannot_pay_and_what_would_help(app: Any) -> None:
    """A load locked for a city the network does not reach, 1M in hand: the plan shown is
    the only way to earn, with its true payoff, the money it lacks and what would help (no
    loan in this game: said so; a locked load may not be dropped)."""
    from rail_app.games.italian_rails.rules.state import Load

    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    prepare_network(scene)
    st = scene.state
    me = st.players[0]
    board = st.board
    reached = {board.city_of_dot[x].name for e in me.track for x in e
               if x in board.city_of_dot}
    far = [(n, i, dem) for n in [*me.private, *st.pool]
           for i, dem in enumerate(st.deck.card(n).demands)
           if dem.city not in reached and board.suppliers.get(dem.commodity)
           and demand_route(st, 0, dem.commodity, dem.city).possible]
    chosen: dict[int, Any] = {}
    for n, i, dem in far:  # the train full of loads locked far away: nothing else to carry
        chosen.setdefault(n, (i, dem))
    chosen = dict(list(chosen.items())[:2])
    assert len(chosen) == 2
    me.loads = [Load(dem.commodity, n, i) for n, (i, dem) in chosen.items()]
    me.position = board.cities["Alfa"].centre if "Alfa" in reached else next(iter(me.track))[0]
    me.cash = 1
    scene.session.version += 1
    press(d, scene, Intent.SUGGEST)
    a = scene.table.advice
    assert a is not None and not a.pays and a.build_cost > 1
    assert a.payoff == sum(dem.payoff for _, dem in chosen.values())
    assert a.short == a.build_cost - 1
    assert sum(min(board.build_cost(x, y), board.build_cost(y, x))
               for x, y in a.this_turn) <= 1  # this turn's part is what 1M pays for
    text = " ".join(t for t, _, _ in advice_lines(scene.frame.ctx, a))
    assert f"Your cash cannot pay for this plan: {a.short}M short" in text
    assert f"Payoff {a.payoff}M once the track is paid for" in text
    assert "Loans are off in this game" in text and "may not be dropped (C3)" in text
    assert "profit a turn" not in text


def _strand(scene: Any) -> tuple[int, Any]:
    """Prepare: Anna in her build phase with 2M and a load locked far from her network."""
    from rail_app.games.italian_rails.rules.state import Load

    st = scene.state
    me = st.players[0]
    board = st.board
    reached = {board.city_of_dot[x].name for e in me.track for x in e
               if x in board.city_of_dot}
    n, i, dem = next((n, i, dem) for n in [*me.private, *st.pool]
                     for i, dem in enumerate(st.deck.card(n).demands)
                     if dem.city not in reached and board.suppliers.get(dem.commodity)
                     and demand_route(st, 0, dem.commodity, dem.city).possible
                     and demand_route(st, 0, dem.commodity, dem.city).build_cost > 2)
    me.loads = [Load(dem.commodity, n, i)]
    me.cash = 2
    scene.session.version += 1
    return n, dem


def test_end_build_warns_once_when_no_paying_delivery_stays_in_reach(app: Any) -> None:
    """End build with 2M and a locked load whose city needs more track than that: a question
    says so, names the cheapest demand and its cost and what would help; Keep building stays
    in the phase, End build anyway ends the turn; the hovered demand's ghost words put the
    cash beside the cost."""
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    prepare_network(scene)
    press(d, scene, Intent.END_PHASE)  # the move phase ends: Anna builds
    assert scene.state.phase == "build" and scene.state.current == 0
    _card, dem = _strand(scene)
    press(d, scene, Intent.END_PHASE)
    t = scene.table
    assert t.modal.value == "confirm" and t.question.value == "stranded"
    words = " ".join(t.stranded_words)
    cost = demand_route(scene.state, 0, dem.commodity, dem.city).build_cost
    assert f"With 2M left, no demand of your cards can be paid for: the cheapest, " \
           f"{dem.commodity} to {dem.city}, still needs {cost}M of track." in words
    assert "Loans are off in this game" in words and "may not be dropped (C3)" in words
    assert scene.state.current == 0 and scene.state.phase == "build"  # nothing ended yet
    d.key(pygame.K_RETURN)  # Enter takes the lit button: Keep building
    assert t.modal.value == "none" and scene.state.phase == "build"
    g = demand_route(scene.state, 0, dem.commodity, dem.city)
    text = " ".join(x for x, _, _ in ghost_lines(scene.board, g, 2))
    assert f"Still to build: {g.build_cost}M" in text
    assert f"Your cash 2M: {g.build_cost - 2}M short" in text
    turn = scene.state.turn
    press(d, scene, Intent.END_PHASE)  # asked once a turn: this time the turn ends
    assert scene.state.turn > turn and t.modal.value == "none" and t.question is None


def test_end_build_anyway_ends_the_turn_and_a_player_in_reach_is_not_asked(app: Any) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    prepare_network(scene)
    press(d, scene, Intent.END_PHASE)
    turn = scene.state.turn
    _strand(scene)
    press(d, scene, Intent.END_PHASE)
    assert scene.table.question is not None
    press(d, scene, Intent.CONFIRM)  # End build anyway
    assert scene.state.turn > turn and scene.table.modal.value == "none"
    # with money enough, End build ends the turn at once
    scene2 = start(app, cards=True, seed=4, computer=True)
    prepare_network(scene2)
    d2 = Driver(app)
    press(d2, scene2, Intent.END_PHASE)
    turn = scene2.state.turn
    press(d2, scene2, Intent.END_PHASE)
    assert scene2.table.question is None and scene2.state.turn > turn


def test_the_win_tracker_shows_the_majors_joined_and_the_cash_of_both_once_public(
        app: Any, monkeypatch: Any) -> None:
    """W1 in sight: the side panel ticks the major cities the player's own network joins and
    sets their cash against the winning cash (its tooltip says it in words); the other
    player's tracker shows once their cash is public (E3), not before."""
    from rail_app.games.italian_rails.rules.cards import connects_all_majors, majors_joined
    from tests.games.italian_rails.test_ui_support import drawn_text

    def tips() -> list[str]:
        return [w.tip for w in scene.frame.widgets if w.tip.startswith("Win (W1)")]

    scene = start(app, cards=True, seed=4, computer=True)
    s = scene.session
    while s.state.phase == "setup":
        s.apply(KeepCards(tuple(sorted(s.state.players[s.state.current].dealt)[:2])))
    assert majors_joined(s.state, 0) == ()
    drawn_text(app, monkeypatch)
    assert tips() == [f"Win (W1): 0 of 2 major cities joined \u00b7 cash "
                      f"{s.state.players[0].cash}M of 250M"]
    prepare_network(scene)
    st = scene.state
    assert majors_joined(st, 0) == ("Alfa", "Beta") and connects_all_majors(st, 0)
    scene.session.version += 1
    text = drawn_text(app, monkeypatch)
    assert tips()[0].startswith("Win (W1): 2 of 2 major cities joined")
    assert f"{st.players[0].cash}/250M" in text and "Alfa" in text and "Beta" in text
    assert f"{st.players[1].cash}/250M" not in text and len(tips()) == 1  # Bruno's hidden
    st.cash_public = True
    scene.session.version += 1
    text = drawn_text(app, monkeypatch)
    assert f"{st.players[1].cash}/250M" in text
    assert len(tips()) == 2 and tips()[1].startswith("Win (W1): 0 of 2 major cities joined")


def test_resting_on_a_dealt_card_shows_its_ways_on_the_map_beside_the_dialog(
        app: Any, monkeypatch: Any) -> None:
    """Choosing the private cards (C2): the dialog stands at the foot of the map; resting
    the pointer on a dealt card works out each of its demands' cheapest way and shows the
    supplier, the track's cost and the turns in a box above the dialog, and the ways on the
    map; leaving the card takes them away."""
    from rail_app.games.italian_rails.ui.commands import ToggleCard
    from tests.games.italian_rails.test_ui_support import drawn_text

    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    d.frames(2)
    st = scene.state
    assert st.phase == "setup"
    card = st.players[st.current].dealt[0]
    r = show(d, scene, ToggleCard(card))
    assert r.bottom <= scene.rects.map.bottom and r.top > scene.rects.map.top + 60
    d.mouse(pygame.MOUSEMOTION, r.center)
    d.frames(6, 0.05)
    help_ = scene.table.card_help
    assert help_ is not None and help_[0] == card
    demands = st.deck.card(card).demands
    assert [(g.commodity, g.city) for g in help_[1]] == [(x.commodity, x.city) for x in demands]
    text = drawn_text(app, monkeypatch)
    assert f"Card {card} if you keep it" in text
    for dem, g in zip(demands, help_[1], strict=True):
        assert f"{dem.commodity} to {dem.city}: {dem.payoff}M" in text
        if g.possible and g.build_cost:
            cash = st.players[st.current].cash
            tail = f"more than your {cash}M" if g.build_cost > cash else "about "
            assert any(t.startswith(f"from {g.supplier}: {g.build_cost}M of track, {tail}")
                       for t in text)
    from rail_app.games.italian_rails.ui import ghosts

    assert ghosts._kept is not None and help_[1] == ghosts._kept[0][6]  # drawn on the map
    d.mouse(pygame.MOUSEMOTION, scene.rects.map.topleft)
    d.frames(2)
    assert scene.table.card_help is None


def test_a_dealt_card_s_way_without_a_turns_estimate_claims_no_turns(
        app: Any, monkeypatch: Any) -> None:
    """Choosing the private cards (C2): a demand whose way has no estimate of its turns
    (the planner cannot see it through with the cash in hand) shows its supplier and track
    and says the turns are not foreseen, instead of "about 1 turn"."""
    from rail_app.games.italian_rails.ui.commands import ToggleCard
    from tests.games.italian_rails.test_ui_support import ITALY, drawn_text

    scene = start(app, ITALY, cards=True, seed=3, computer=True)
    d = Driver(app)
    d.frames(2)
    st = scene.state
    me = st.current
    found = None
    for card in st.players[me].dealt:
        for dem in st.deck.card(card).demands:
            g = demand_route(st, me, dem.commodity, dem.city)
            if g.possible and 0 < g.build_cost <= st.players[me].cash and not g.turns:
                found = card, g
    assert found is not None, "the deal has a way without a turns estimate"
    card, g = found
    r = show(d, scene, ToggleCard(card))
    d.mouse(pygame.MOUSEMOTION, r.center)
    d.frames(6, 0.05)
    assert scene.table.card_help is not None and scene.table.card_help[0] == card
    text = drawn_text(app, monkeypatch)
    line = next(t for t in text if t.startswith(f"from {g.supplier}: {g.build_cost}M of track"))
    assert line.endswith("turns not foreseen") and "about" not in line


def test_an_event_card_the_computer_draws_waits_for_the_person_s_ok(app: Any) -> None:
    """Against the computer, an event card it draws stays until the person puts it away
    (it no longer closes itself after a few seconds), and the computer waits for that."""
    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    s = scene.session
    while s.state.phase == "setup":
        s.apply(KeepCards(tuple(sorted(s.state.players[s.state.current].dealt)[:2])))
    if s.state.current == 0:
        s.apply(EndTurn())
    assert s.state.current == 1
    event = next(n for n, c in s.state.deck.cards.items() if c.is_event)
    scene.table.popups.append(event)
    before = len(s.state.history)
    d.frames(80, 0.1)  # eight seconds
    assert scene.table.popups == [event] and len(s.state.history) == before
    press(d, scene, Intent.DISMISS_EVENT)
    assert scene.table.popups == []


def test_map_tooltips_in_the_move_phase_speak_of_moving_not_building(app: Any) -> None:
    """Hovering a dot or a segment in the move phase gives no building cost (K6, B1): a
    segment of the other player's track says what running on it costs (M3)."""
    from rail_app.games.italian_rails.ui.tooltips import hover_lines

    scene = start(app, cards=True, seed=4, computer=True)
    prepare_network(scene)  # Anna's move phase
    st = scene.state
    board = st.board
    a, b = next(iter(st.players[0].track))
    st.owner[(a, b)] = 1  # say it is Bruno's
    cam = scene.camera
    (x0, y0), (x1, y1) = cam.dot_screen(a), cam.dot_screen(b)
    ctx = scene.frame.ctx
    on_edge = " ".join(t for t, _, _ in hover_lines(ctx, ((x0 + x1) / 2, (y0 + y1) / 2), None))
    on_dot = " ".join(t for t, _, _ in hover_lines(ctx, (x0, y0), a))
    assert st.phase == "move"
    assert "Costs" not in on_edge and "costs" not in on_dot
    assert f"for the rent, {st.rules.rental_fee}M a turn (M3)" in on_edge
    assert board.key(a)  # the dot is a real one


def test_the_win_tracker_ticks_a_major_city_the_track_reaches_before_it_joins_two(
        app: Any) -> None:
    """W1's tracker: a network that reaches one major city ticks it; a major city only
    holds its own free track, which ticks nothing for a player whose track is elsewhere."""
    from rail_app.games.italian_rails.rules.actions import BuildSegment
    from rail_app.games.italian_rails.rules.cards import majors_joined
    from tests.games.italian_rails.test_ui_support import alfa_beta_route

    scene = start(app, cards=True, seed=4, computer=True)
    s = scene.session
    while s.state.phase == "setup":
        s.apply(KeepCards(tuple(sorted(s.state.players[s.state.current].dealt)[:2])))
    if s.state.current != 0:
        s.apply(EndTurn())
    board = s.state.board
    route = alfa_beta_route(board)
    assert s.apply(BuildSegment(board.key(route[0]), board.key(route[1]))).ok
    start_city = next(c.name for c in board.majors if route[0] in c.dots)
    assert majors_joined(s.state, 0) == (start_city,)
    assert majors_joined(s.state, 1) == ()


def test_suggest_brings_its_stops_into_view_and_its_words_keep_clear_of_them(
        app: Any) -> None:
    """Italy, zoomed in far from the plan: pressing Suggest brings the train's place and
    every stop of the plan onto the map, and the box of its words covers none of the stops'
    numbered tags and hardly a name of the map."""
    from tests.games.italian_rails.test_ui_support import ITALY, settle

    scene = start(app, ITALY, cards=True, seed=7, computer=True)
    s = scene.session
    while s.state.phase == "setup":
        s.apply(KeepCards(tuple(sorted(s.state.players[s.state.current].dealt)[:2])))
    if s.state.current != 0:
        s.apply(EndTurn())
    d = Driver(app)
    board = scene.board
    dot = board.dots[board.cities["Siracusa"].centre]
    scene.camera.centre_on(dot.x, dot.y)
    d.frames(2)
    press(d, scene, Intent.SUGGEST)
    a = scene.table.advice
    assert a is not None and a.stops
    cam = scene.camera
    stops = [a.route[i] for i in a.stop_at]
    for x in [a.route[0], *stops]:
        assert cam.rect.collidepoint(cam.dot_screen(x)), board.city_of_dot.get(x)
    settle(d, scene)
    ctx = scene.frame.ctx
    lines = advice_lines(ctx, a)
    from rail_app.games.italian_rails.ui.ghosts import words_spot
    from rail_app.games.italian_rails.ui.palette import GHOST_BG
    from rail_app.ui import hud

    pic = hud.bubble_picture(lines, ctx.px(14), bg=GHOST_BG, alpha=245, width=ctx.px(360))
    box = words_spot(ctx, pic.get_size(), list(a.route), stops)
    assert ctx.names, "the map's names are laid out"
    # the corner it took before (top left) hid Aosta, Milano and Torino; along the edges
    # there is a place that grazes one name at most
    assert len(box.collidelistall(list(ctx.names))) <= 1
    for x in stops:
        px, py = cam.dot_screen(x)
        assert not box.collidepoint(px, py) and not box.collidepoint(px, py - cam.dot_px)
