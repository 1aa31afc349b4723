"""Steam's interface self-test (``python -m rail_app selftest --game steam``): a game of a
person against two computer players, played headless through the screen with posted events
(clicks on the buttons and the action tiles, strokes of the pen through hexes, a city
clicked and a delivery picked from its list, points taken: the screen kit's hands), turn
after turn through every phase; then saved, loaded back and compared. Exit 0 when every
check passes."""

from __future__ import annotations

from typing import Any

import pygame

from rail_app.games.steam.rules import goods
from rail_app.games.steam.rules.actions import ChooseTile, Declare, PassBid, PassMove, TakePoints
from rail_app.games.steam.rules.state import GameState, Phase, Step
from rail_app.games.steam.rules.strokes import plan_stroke
from rail_app.games.steam.ui.commands import Deliver, Intent, Play
from rail_app.ui.kit.driver import Checks, click, drag, key

#: Frames the test gives the game before it gives up.
MAX_FRAMES = 20000


def legal_stroke(state: GameState, seat: int, longest: int = 3) -> list[str] | None:
    """A stroke a person could draw now: from a city straight out through up to ``longest``
    hexes, every hex laid legally (ending in a city when it can)."""
    board = state.board
    best: list[str] | None = None
    best_score = 0
    for h in sorted(state.city_hexes):
        for side in range(6):
            hexes = [board.key(h)]
            at = h
            for _ in range(longest + 1):
                n = board.nb[at][side]
                if n < 0 or board.blocked[at][side]:
                    break
                hexes.append(board.key(n))
                at = n
                if n in state.city_hexes:
                    break
            while len(hexes) >= 2:
                choices = plan_stroke(state, hexes, seat)
                if choices and all(c.ok and c.action is not None for c in choices):
                    last = board.hex_index(hexes[-1])
                    score = len(choices) + (5 if last in state.city_hexes else 0)
                    if score > best_score:
                        best, best_score = list(hexes), score
                    break
                hexes.pop()
    return best


def run_selftest(app: Any, map_path: str, turns: int, verbose: bool) -> int:
    from rail_app.table.seats import Level, Seat, SeatKind
    from rail_app.ui.session import GameSetup, Session, saves_dir

    check = Checks(verbose)

    seats = [Seat("Anna", SeatKind.HUMAN, Level.NORMAL, "blue"),
             Seat("Bruno", SeatKind.COMPUTER, Level.EASY, "orange"),
             Seat("Carla", SeatKind.COMPUTER, Level.EASY, "vermillion")]
    session = Session.new(GameSetup(map_path, seats, 11, game="steam"))
    app.reset(app.screens.game(session))
    scene = app.scene
    check(type(scene).__name__ == "SteamScene", "Steam: the game screen opens")
    phases: set[Phase] = set()
    strokes = deliveries = 0
    stroke_ok = True
    target = turns + 1
    for _ in range(MAX_FRAMES):
        st: GameState = session.state
        phases.add(st.phase)
        if session.over or st.turn > target or app.scene is not scene:
            break
        if session.seat.computer:
            key(app, pygame.K_SPACE)
            continue
        step = st.step
        seat = session.actor
        if step is Step.BID:
            r = scene.find(Intent.BID) if st.auction is not None and st.auction.high < 0 \
                else None
            click(app, (r or scene.find(Play(PassBid()))).center)
        elif step is Step.CAPITAL:
            click(app, scene.find(Intent.TAKE_CAPITAL).center)
        elif step is Step.CHOOSE:
            for t in (3, 6, 2, 4, 1, 5, 7):
                b = scene.widget(Play(ChooseTile(t)))
                if b is not None and b.enabled:
                    click(app, b.rect.center)
                    break
        elif step is Step.DECLARE:
            click(app, scene.find(Play(Declare(False))).center)
        elif step is Step.BUILD:
            hexes = legal_stroke(st, seat) if st.build is not None and st.build.used < 2 else None
            if hexes is not None:
                choices = plan_stroke(st, hexes, seat)
                cost = sum(c.quote.cost for c in choices if c.quote is not None)
                before = st.players[seat].cash
                spent = st.build.spent if st.build is not None else 0
                drag(app, [scene.hex_screen(k) for k in hexes])
                after = session.state
                laid = [after.tiles.get(after.board.hex_index(c.hex) or -1) for c in choices]
                same = all(t is not None and c.action is not None and t.face == c.action.face
                           and t.rotation == c.action.rotation for t, c in zip(laid, choices,
                                                                                strict=True))
                paid = after.build is not None and after.build.spent == spent + cost
                stroke_ok = stroke_ok and same and paid
                strokes += 1
                if not same:
                    print("stroke", hexes, before)
            else:
                key(app, pygame.K_RETURN)
        elif step is Step.MOVE:
            routes = goods.legal_routes(st, seat)
            if routes:
                r0 = routes[0]
                click(app, scene.hex_screen(st.key(r0.source)))
                i = next((i for i, r in enumerate(scene.table.routes) if r.stops == r0.stops
                          and r.colour == r0.colour), -1)
                if i < 0:
                    check(False, f"the delivery from {st.board.name_of(r0.source)} is listed")
                    break
                click(app, scene.find(Deliver(i)).center)
                deliveries += 1
            else:
                click(app, scene.find(Play(PassMove())).center)
        elif step is Step.POINTS:
            click(app, scene.find(Play(TakePoints(True))).center)
        else:
            app.step(0.02, [])
    check(strokes > 0 and stroke_ok, f"the pen laid {strokes} strokes, each tile the rules "
                                     "chose, at the price shown")
    from rail_app.games.steam.rules.events import PhaseBegan

    phases |= {Phase(e.phase) for e in session.state.log if isinstance(e, PhaseBegan)}
    for phase in (Phase.FIRST_AUCTION, Phase.SELECT, Phase.BUILD, Phase.MOVE, Phase.INCOME,
                  Phase.ORDER):
        check(phase in phases, f"the {phase} phase was played through the screen")
    check(session.state.turn > turns or session.over, f"{turns} turns played")
    if verbose:
        print(f"     deliveries made through the list: {deliveries}")
    path = saves_dir() / "selftest.json"
    session.save(path)
    back = Session.load(path)
    g = session.game
    same = ([g.rules.action_to_dict(a) for _, a in g.rules.history(back.state)]
            == [g.rules.action_to_dict(a) for _, a in g.rules.history(session.state)]
            and g.rules.summary(back.state) == g.rules.summary(session.state))
    check(same, "saved and loaded: the same game")
    app.reset(app.screens.game(back))
    app.step(0.02, [])
    check(type(app.scene).__name__ == "SteamScene", "the loaded game opens on its screen")
    pygame.quit()
    return check.end()
