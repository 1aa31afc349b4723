"""Small Ticket to Ride boards and positions for the rules' tests, written as the worked
examples of docs/ttr-rules.md write them: cities are letters, "X-Y red 3" a route of length
3, hands as counts ("3R 1L": three red cards and one locomotive; R red, B blue, G green,
Y yellow, K black, W white, O orange, P purple, L locomotive).

``board(...)`` makes a board in code (no map file); ``position(...)`` a game on it at the
start of a seat's turn, with the hands, deck, discard and face-up row a test gives.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from rail_app.games.ttr.rules import engine
from rail_app.games.ttr.rules.actions import Action
from rail_app.games.ttr.rules.board import (
    Board,
    City,
    Colour,
    Projection,
    Route,
    RouteKind,
    Ticket,
    make_board,
)
from rail_app.games.ttr.rules.cards import CARDS, INDEX, KINDS, Card
from rail_app.games.ttr.rules.quotes import Quote
from rail_app.games.ttr.rules.state import (
    EMPTY,
    OPEN,
    ROW,
    GameState,
    Options,
    PlayerState,
    Step,
)

LETTER = {"P": Card.PURPLE, "B": Card.BLUE, "O": Card.ORANGE, "W": Card.WHITE,
          "G": Card.GREEN, "Y": Card.YELLOW, "K": Card.BLACK, "R": Card.RED,
          "L": Card.LOCOMOTIVE}
COLOURS = {"red": Colour.RED, "blue": Colour.BLUE, "green": Colour.GREEN,
           "yellow": Colour.YELLOW, "black": Colour.BLACK, "white": Colour.WHITE,
           "orange": Colour.ORANGE, "purple": Colour.PURPLE, "grey": Colour.GREY}
ROUTE = re.compile(r"^(\w+)-(\w+) (\w+) (\d+)( tunnel| ferry (\d+))?( double (\w+))?$")


def board(routes: Sequence[str], tickets: Sequence[tuple[str, str, int]] = (),
          long: Sequence[tuple[str, str, int]] = ()) -> Board:
    """A board of routes written "X-Y red 3", "X-Y grey 2 tunnel", "X-Y grey 4 ferry 2",
    "X-Y red 3 double xy"; tickets (X, Y, value), regular and long."""
    names: list[str] = []
    parsed = []
    for text in routes:
        m = ROUTE.match(text)
        assert m, text
        a, b = m.group(1), m.group(2)
        for n in (a, b):
            if n not in names:
                names.append(n)
        parsed.append(m)
    for a, b, _ in (*tickets, *long):
        for n in (a, b):
            if n not in names:
                names.append(n)
    cities = [City(i, n, n, n, float(i), 0.0, (10.0 * i, 10.0 * (i % 3)), "test")
              for i, n in enumerate(names)]
    out = []
    for i, m in enumerate(parsed):
        a, b = names.index(m.group(1)), names.index(m.group(2))
        kind = RouteKind.ORDINARY
        locos = 0
        if m.group(5) == " tunnel":
            kind = RouteKind.TUNNEL
        elif m.group(6) is not None:
            kind, locos = RouteKind.FERRY, int(m.group(6))
        out.append(Route(i, a, b, COLOURS[m.group(3)], int(m.group(4)), kind, locos,
                         m.group(8), (cities[a].at, cities[b].at)))
    deck = [Ticket(i, names.index(a), names.index(b), v, True)
            for i, (a, b, v) in enumerate(long)]
    deck += [Ticket(len(long) + i, names.index(a), names.index(b), v, False)
             for i, (a, b, v) in enumerate(tickets)]
    return make_board(name="test", shown="test", cities=cities, routes=out, tickets=deck,
                      size=(100.0, 100.0),
                      projection=Projection(0.0, 0.0, 1.0, 2.0, 1.0, (0.0, 0.0)))


def hand(text: str) -> list[int]:
    """Nine counts from "3R 1L"."""
    out = [0] * KINDS
    for part in text.split():
        out[INDEX[LETTER[part[-1]]]] += int(part[:-1])
    return out


def cards(text: str) -> tuple[Card, ...]:
    """A payment from "2R 1L" (colours first, as the legal actions write them)."""
    counts = hand(text)
    return tuple(CARDS[i] for i in range(KINDS) for _ in range(counts[i]))


def card_list(text: str) -> list[int]:
    """Card indexes from "R L B" (a deck is given top first)."""
    return [INDEX[LETTER[c]] for c in text.split()]


def position(b: Board, seats: int = 3, hands: Sequence[str] = (), *, deck: str = "",
             discard: str = "", row: str = "R B G Y K", current: int = 0,
             wagons: Sequence[int] = (), owner: dict[int, int] | None = None,
             tickets: Sequence[Sequence[int]] = ()) -> GameState:
    """A game on ``b`` at the start of ``current``'s turn: ``hands`` by seat, the deck top
    first, the discard, the face-up row ("-" an empty slot), the wagons left, the routes
    already claimed (route -> seat) and each seat's tickets."""
    players = [PlayerState(f"P{i + 1}", hand(hands[i]) if i < len(hands) else [0] * KINDS)
               for i in range(seats)]
    for i, w in enumerate(wagons):
        players[i].wagons = w
    for i, ts in enumerate(tickets):
        players[i].tickets = list(ts)
    state = GameState(board=b, options=Options(0), seed=1, players=players,
                      owner=[OPEN] * len(b.routes), station_of=[-1] * len(b.cities))
    state.deck = card_list(deck)[::-1]  # the top is the list's end
    state.discard = card_list(discard)
    slots = row.split()
    assert len(slots) == ROW
    state.row = [EMPTY if c == "-" else INDEX[LETTER[c]] for c in slots]
    held = {t for ts in tickets for t in ts}
    state.ticket_deck = [t.index for t in b.regular_tickets if t.index not in held]
    state.box = [t.index for t in b.long_tickets if t.index not in held]
    state.first_offer = [[] for _ in range(seats)]
    for r, seat in (owner or {}).items():
        state.owner[r] = seat
        route = b.routes[r]
        players[seat].wagons -= route.length
        players[seat].points += route.points
    state.step = Step.TURN
    state.turn = 1
    state.first = 0
    state.current = current
    return state


def quote(state: GameState, action: Action) -> Quote:
    return engine.quote(state, action)


def apply(state: GameState, action: Action) -> GameState:
    return engine.apply(state, action)


def rules(state: GameState, action: Action) -> list[str]:
    """The rule ids of a quote's refusals."""
    return engine.quote(state, action).rules


def shown(state: GameState) -> list[str]:
    """The face-up row as letters ("-" for an empty slot)."""
    letters = {v: k for k, v in LETTER.items()}
    return [letters[CARDS[c]] if c != EMPTY else "-" for c in state.row]


def play_random(state: GameState, seed: int, steps: int = 10_000) -> GameState:
    """Random legal actions until the game ends (or ``steps`` run out)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.step is Step.OVER:
            break
        state = engine.apply(state, rng.choice(engine.legal_actions(state)))
    return state


def europe() -> Any:
    """The game's own map (read once per process)."""
    from rail_app.core.paths import resource_path
    from rail_app.games.ttr.rules.boundary import load_board

    return load_board(resource_path("maps", "ttr-europe.yaml"))
