"""What a player reads on the game screen: places named in words, one history line per
stroke, a route over several turns with each turn's stop, the real cause of half speed, the
player's own turn number and the opponent's private cards (UX.md "Words a player reads").
Driven with posted mouse and key events; situations are prepared through the engine."""

from __future__ import annotations

import re
from typing import Any

import networkx as nx
import pygame
import pytest

from rail_app.games.italian_rails.rules import events
from rail_app.games.italian_rails.rules.actions import BoardFerry, EndPhase, EndTurn
from rail_app.games.italian_rails.rules.state import Phase
from rail_app.games.italian_rails.ui.selftest import pick_stroke
from rail_app.ui.kit.driver import Driver
from tests.games.italian_rails.test_ui_support import (
    alfa_beta_route,
    centre_on_dot,
    click,
    drawn_text,
    press,
    start,
    to_anna_move,
)

GRID_KEY = re.compile(r"(?<![\d.])-?\d+,-?\d+(?!\d)")
STORM = 27  # mini deck: Storm on the East Sea (half speed on its coast)


def no_keys(texts: list[str]) -> None:
    keys = [t for t in texts if GRID_KEY.search(t)]
    assert keys == [], f"grid keys shown to the player: {keys}"


def test_places_are_named_in_words_and_a_stroke_is_one_history_line(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = start(app)
    d = Driver(app)
    path = pick_stroke(scene, 3)
    centre_on_dot(scene, path[1])
    pts = [scene.camera.dot_screen(p) for p in path]
    d.mouse(pygame.MOUSEMOTION, pts[0])
    d.mouse(pygame.MOUSEBUTTONDOWN, pts[0])
    for a, b in zip(pts, pts[1:], strict=False):
        d.mouse(pygame.MOUSEMOTION, b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0))
    no_keys(drawn_text(app, monkeypatch))  # the pen's box while drawing
    d.mouse(pygame.MOUSEBUTTONUP, pts[-1])
    texts = drawn_text(app, monkeypatch)
    no_keys(texts)
    board = scene.board
    cost = scene.state.phase_spent
    strokes = [t for t in texts if " builds " in t]
    assert len(strokes) == 1, strokes  # one line for the whole stroke, with its cost
    assert re.search(rf"Anna builds 3 segments from Alfa to {re.escape(board.place_name(path[-1]))}"
                     rf" \({cost}M\)", strokes[0]), strokes
    # a segment's tooltip names its ends in words
    mid = ((pts[1][0] + pts[2][0]) / 2, (pts[1][1] + pts[2][1]) / 2)
    d.mouse(pygame.MOUSEMOTION, mid)
    texts = drawn_text(app, monkeypatch)
    no_keys(texts)
    assert any(t.startswith("Segment from ") for t in texts)
    # an erasure too
    d.key(pygame.K_BACKSPACE)
    texts = drawn_text(app, monkeypatch)
    no_keys(texts)
    assert any("Anna erases the segment from " in t for t in texts)


def test_a_segment_s_two_ends_are_told_apart_in_the_history_and_its_box(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two dots that place names alike ("1 dot south-east of Alfa") are told apart: the
    history's line and the segment's box never read "from X to X"; nor does the box of the
    free track inside a major city ("from Alfa to Alfa")."""
    scene = start(app)
    d = Driver(app)
    board = scene.board
    alfa = board.cities["Alfa"]
    a, b = next((a, b) for a, b in board.edges if a not in board.city_of_dot
                and b not in board.city_of_dot and board.place_name(a) == board.place_name(b)
                and any(o in board.adj[a] for o in alfa.outer))
    same = board.place_name(a)
    o = next(o for o in alfa.outer if o in board.adj[a])
    centre_on_dot(scene, a)
    o3, x = next((o3, x) for o3 in alfa.outer for x in board.adj[o3]
                 if o3 != o and x not in board.city_of_dot and x not in (a, b))
    d.drag([scene.camera.dot_screen(x) for x in (o, a)])  # out of Alfa
    d.drag([scene.camera.dot_screen(x) for x in (o3, x)])  # elsewhere
    d.drag([scene.camera.dot_screen(x) for x in (a, b)])  # on from a: a line of its own
    assert (min(a, b), max(a, b)) in scene.state.players[0].track
    texts = drawn_text(app, monkeypatch)
    lines = [t for t in texts if "Anna builds a segment from " + same in t]
    assert lines, texts
    assert not any(f"from {same} to {same}" in t for t in texts), lines
    pa, pb = (scene.camera.dot_screen(x) for x in (a, b))
    d.mouse(pygame.MOUSEMOTION, ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2))
    texts = drawn_text(app, monkeypatch)
    boxes = [t for t in texts if t.startswith("Segment from ")]
    assert boxes and not any(f"from {same} to {same}" in t for t in boxes), boxes
    inner = next(o2 for o2 in alfa.outer if o2 in board.adj[alfa.centre] and o2 != o)
    pc, po = (scene.camera.dot_screen(x) for x in (alfa.centre, inner))
    d.mouse(pygame.MOUSEMOTION, ((pc[0] + po[0]) / 2, (pc[1] + po[1]) / 2))
    texts = drawn_text(app, monkeypatch)
    boxes = [t for t in texts if t.startswith("Segment from ")]
    assert boxes and "Segment from Alfa to Alfa" not in boxes, boxes
    assert any(re.fullmatch(r"Segment from (Alfa|the [a-z-]+ edge of Alfa) to "
                            r"(Alfa|the [a-z-]+ edge of Alfa)", t) for t in boxes), boxes


def test_the_train_between_cities_is_placed_in_words(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    to_anna_move(scene)
    board = scene.board
    route = alfa_beta_route(board)
    scene.state.players[0].position = route[3]  # prepare: the train between cities
    scene.session.version += 1
    texts = drawn_text(app, monkeypatch)
    no_keys(texts)
    assert any(t.startswith(f"At {board.place_name(route[3])}") for t in texts)
    assert "dots" in board.place_name(route[3]) or "dot " in board.place_name(route[3])


def _anna_at_alfa_with_track(scene: Any) -> list[int]:
    """Prepare: Anna's own track from Alfa to Beta, her train in Alfa."""
    to_anna_move(scene)
    s = scene.session
    route = alfa_beta_route(scene.board)
    for a, b in zip(route, route[1:], strict=False):
        s.state.owner[(min(a, b), max(a, b))] = 0
        s.state.players[0].track.add((min(a, b), max(a, b)))
    s.state.players[0].position = scene.board.cities["Alfa"].centre
    s.version += 1
    return route


def test_a_route_over_several_turns_says_how_many_and_where_the_train_stops(
        app: Any) -> None:
    from rail_app.games.italian_rails.ui.routes import preview_lines

    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    _anna_at_alfa_with_track(scene)
    scene.state.moves_left = 3  # prepare: most of this turn's movement is used up
    scene.session.version += 1
    scene.camera.fit()
    d.frames(2)
    beta = scene.board.cities["Beta"]
    click(d, scene.camera.dot_screen(beta.centre))
    pv = scene.table.preview
    assert pv is not None and pv.ok and pv.later
    lines = [t for t, _, _ in preview_lines(scene.frame.ctx)]
    text = " | ".join(lines)
    assert "more next turn" not in text
    board = scene.board
    turns = len(pv.stops)
    assert turns >= 2 and f"{turns} turns" in lines[0]
    stop = board.place_name(pv.now[-1])
    assert f"This turn: 3 of 3 moves, stops at {stop}" in text
    assert f"arrives on turn {turns}" in text.lower()
    assert pv.stops[0] == 3 and pv.stop_dots()[0] == pv.now[-1]  # the mark on the map
    assert any(b.kind == "preview" for b in scene.frame.pointer)


def test_half_speed_names_the_event_behind_the_zone(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from rail_app.games.italian_rails.ui.commands import Intent
    from rail_app.games.italian_rails.ui.routes import preview_lines

    scene = start(app, cards=True, seed=4, computer=True)
    d = Driver(app)
    _anna_at_alfa_with_track(scene)
    st = scene.state
    events.resolve_event(st, STORM, 1)  # prepare: a storm on the East Sea, drawn by Bruno
    coast = next(ev.dots for ev in st.events if ev.card == STORM)
    board = scene.board
    beta = board.cities["Beta"]
    g = nx.Graph([(e.a, e.b) for e in board.edges.values() if e.forbidden is None])
    way = min((nx.shortest_path(g, c, beta.centre) for c in coast
               if c in g and nx.has_path(g, c, beta.centre)), key=len)
    for a, b in zip(way, way[1:], strict=False):  # prepare: Anna's track to that coast
        if not board.edge(a, b).free:
            st.owner[(min(a, b), max(a, b))] = 0
            st.players[0].track.add((min(a, b), max(a, b)))
    st.players[0].position = way[0]
    scene.session.version += 1
    d.frames(1)
    while scene.table.popups:  # the storm's card, as drawn
        press(d, scene, Intent.DISMISS_EVENT)
    texts = drawn_text(app, monkeypatch)
    assert any("Half speed: Storm on the East Sea (M6)" in t for t in texts), texts
    scene.camera.fit()
    d.frames(1)
    click(d, scene.camera.dot_screen(beta.centre))
    lines = [t for t, _, _ in preview_lines(scene.frame.ctx)]
    assert any("Storm on the East Sea" in t for t in lines), lines


def test_half_speed_after_a_ferry_names_the_ferry_not_an_event(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    to_anna_move(scene)
    s = scene.session
    ferry = scene.board.ferries[0]
    port = ferry.ports[0]
    s.state.players[0].ferries.add(ferry.index)
    s.state.players[0].position = port
    assert s.apply(BoardFerry(ferry.name)).ok  # prepare: Anna sails; Bruno plays a turn
    assert s.apply(EndPhase()).ok and s.apply(EndTurn()).ok
    while s.state.current != 0 or s.state.phase is not Phase.MOVE:
        assert s.apply(EndTurn()).ok
    assert s.state.events == [] and s.state.players[0].position == ferry.ports[1]
    texts = drawn_text(app, monkeypatch)
    assert any("Half speed: landed from a ferry this turn (M5)" in t for t in texts), texts
    assert not any("(M6)" in t and "half" in t.lower() for t in texts)


def test_the_top_bar_shows_the_players_own_turn(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = start(app)
    d = Driver(app)
    for _ in range(2):  # Anna's and Bruno's first turns, passing the curtain
        d.key(pygame.K_RETURN)
        click(d, (600, 300))
    assert scene.state.turn == 3 and scene.state.current == 0
    texts = drawn_text(app, monkeypatch)
    assert any("Anna's turn 2 · game turn 3" in t for t in texts), texts


def test_the_opponents_private_cards_are_shown(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = start(app, cards=True, seed=4, computer=True)
    to_anna_move(scene)
    texts = drawn_text(app, monkeypatch)
    bruno = scene.state.players[1]
    assert "Bruno's cards (private)" in texts
    for n in bruno.private:
        for dem in scene.state.deck.card(n).demands:
            assert dem.city.split(" ")[0] in texts and f"{dem.payoff}M" in texts
    rows = [w for w in scene.frame.widgets if w.hover is not None and w.command is None]
    assert len(rows) >= 3 * (len(bruno.private) + len(scene.state.players[0].private))


def test_a_move_whose_ends_have_one_name_says_so_plainly() -> None:
    """A move starting and ending at places of one name reads "moves N segments and is
    still at Napoli", not "from Napoli to Napoli"."""
    from rail_app.core.paths import resource_path
    from rail_app.games.italian_rails.game import ITALIAN_RAILS
    from rail_app.games.italian_rails.rules.log import LogEntry, Moved
    from rail_app.games.italian_rails.rules.words import log_line

    loaded = ITALIAN_RAILS.rules.load_board(str(resource_path("maps", "italy.yaml")))
    st = ITALIAN_RAILS.rules.new_game(loaded, ["Anna", "Bruno"], {}, 1)
    napoli = st.board.cities["Napoli"]
    a, b = napoli.dots[0], napoli.dots[1]
    line = log_line(st, LogEntry(3, 0, Moved(a, b, 2, 7)))
    assert "from Napoli to Napoli" not in line
    assert "moves 2 segments and is still at Napoli (7 left)" in line


FOG = 30  # Italy's deck: Fog around Bologna, Firenze and Parma (until the drawer's next turn)


def test_E2_a_card_drawn_by_bruno_says_bruno_s_next_turn_in_its_history_line_and_box(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from rail_app.core import i18n
    from rail_app.games.italian_rails.rules.words import history_lines
    from tests.games.italian_rails.test_ui_support import ITALY

    scene = start(app, ITALY, cards=True, seed=4, computer=True)
    d = Driver(app)
    to_anna_move(scene)
    st = scene.state
    assert st.deck.card(FOG).title == "Fog around Bologna, Firenze and Parma"
    events.resolve_event(st, FOG, 1)  # prepare: Bruno drew the fog
    scene.session.version += 1
    d.frames(2)
    assert scene.table.popups == [FOG]
    line = next(h.text for h in history_lines(st, None) if h.text.startswith("Event: Fog"))
    assert line.endswith("until the end of Bruno's next turn."), line
    shown = " ".join(drawn_text(app, monkeypatch))  # the card, shown to Anna
    assert "Bruno's next turn" in shown and "your next turn" not in shown
    i18n.set_language("es")
    line = next(h.text for h in history_lines(st, None) if h.text.startswith("Evento"))
    assert "hasta el final del siguiente turno de Bruno" in line, line
    assert "tu siguiente turno" not in line
    shown = " ".join(drawn_text(app, monkeypatch))
    assert "siguiente turno de Bruno" in shown and "tu siguiente turno" not in shown


def test_E2_a_card_the_player_drew_says_your_next_turn_on_its_own_box(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.games.italian_rails.test_ui_support import ITALY

    scene = start(app, ITALY, cards=True, seed=4, computer=True)
    d = Driver(app)
    to_anna_move(scene)
    events.resolve_event(scene.state, FOG, 0)  # prepare: Anna drew it herself
    scene.session.version += 1
    d.frames(2)
    shown = " ".join(drawn_text(app, monkeypatch))
    assert "until the end of your next turn" in shown  # the card's own words, to its drawer
