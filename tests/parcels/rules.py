"""Parcels: a small but whole game that exists only for the tests, to show that a new game
costs its package and one line in the registry. The tests put it on the table with one line
(``registry.GAMES``) and play it through every shared surface of the table: the command
line's ``games``, New game, a whole game at one screen with the curtain between people,
saves, Continue, replay, review, career, game over, the harnesses and the self-test.

Rules (ids P1-P6). The map (P1) is a file of its own kind (``game: parcels-test``): towns,
each with a place on the sheet and a value, the first of them the depot, and the roads
between them, all towns reachable. A game takes 2 to 5 seats. Each player's van starts at
the depot; the parcels are two cards for every town but the depot, shuffled; each player is
dealt two, which nobody else sees, and nobody sees the deck (P2). On their turn a player
either drives their van along one road (P3), or delivers a parcel they hold for the town
their van is in, scoring the town's value and drawing a parcel if the deck has one (P4).
When a player has delivered every parcel they hold and the deck is empty, the round is
played out, so that every seat has had as many turns (P5); the most points rank first,
equal points share a place (P6).
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections import deque
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from rail_app.core.lazy import Lazy
from rail_app.core.mapfile import LineIndex, MapError, MapProblem, read_yaml
from rail_app.table.actions import Action as KitAction
from rail_app.table.actions import ActionCodec, Limits
from rail_app.table.engine import Engine, Pending, Rule
from rail_app.table.gamedef import Computer, GameDef, Rules, Score
from rail_app.table.invariants import Checker
from rail_app.table.outcome import Outcome, OutcomeReason, ranks_from_keys
from rail_app.table.players import GreedyPlayer, RandomPlayer
from rail_app.table.quotes import Moment, Violation
from rail_app.table.quotes import Quote as KitQuote
from rail_app.table.seats import Level, SeatRange

GAME_ID = "parcels-test"
HAND = 2

#: Its map: six towns, the depot in the middle of a ring (a file of Parcels' own kind).
MAP = Path(__file__).with_name("parcels.yaml")


def write_map(folder: os.PathLike[str] | str) -> str:
    """A copy of the map in ``folder`` (the player's maps folder, for New game)."""
    path = os.path.join(os.fspath(folder), MAP.name)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(MAP.read_text(encoding="utf-8"))
    return path


@dataclass(frozen=True)
class Town:
    name: str
    x: float
    y: float
    value: int


@dataclass(frozen=True)
class Board:
    name: str
    towns: tuple[Town, ...]
    roads: frozenset[tuple[int, int]]

    def near(self, town: int) -> list[int]:
        return sorted({b for a, b in self.roads if a == town}
                      | {a for a, b in self.roads if b == town})

    def distances(self, start: int) -> list[int]:
        """Roads from ``start`` to every town."""
        far = [len(self.towns)] * len(self.towns)
        far[start] = 0
        todo = deque([start])
        while todo:
            t = todo.popleft()
            for n in self.near(t):
                if far[n] > far[t] + 1:
                    far[n] = far[t] + 1
                    todo.append(n)
        return far


# -- the map file (P1) ------------------------------------------------------------------------


def _problem(path: str, index: LineIndex, where: Sequence[str | int], message: str
             ) -> MapError:
    return MapError([MapProblem(path, index.line_of(where), message)])


def load_board(path: str | os.PathLike[str], needs: Mapping[str, object] | None = None
               ) -> Board:
    shown = str(path)
    data, index = read_yaml(Path(path), shown)
    if not isinstance(data, dict) or data.get("game") != GAME_ID:
        raise MapError([MapProblem(shown, 1, "game: not a Parcels map")])
    towns_raw = data.get("towns")
    if not isinstance(towns_raw, list) or len(towns_raw) < 3:
        raise _problem(shown, index, ("towns",), "towns: a list of at least 3 towns")
    towns: list[Town] = []
    for i, t in enumerate(towns_raw):
        if not isinstance(t, dict) or not isinstance(t.get("name"), str):
            raise _problem(shown, index, ("towns", i), f"towns[{i}]: a town needs a name")
        for key in ("x", "y", "value"):
            v = t.get(key)
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 100:
                raise _problem(shown, index, ("towns", i, key),
                               f"towns[{i}].{key}: {v!r} is not a whole number 0-100")
        towns.append(Town(t["name"], float(t["x"]), float(t["y"]), int(t["value"])))
    names = {t.name: i for i, t in enumerate(towns)}
    if len(names) != len(towns):
        raise _problem(shown, index, ("towns",), "towns: two towns of one name")
    roads: set[tuple[int, int]] = set()
    for i, r in enumerate(data.get("roads") or []):
        if not (isinstance(r, list) and len(r) == 2 and all(n in names for n in r)
                and r[0] != r[1]):
            raise _problem(shown, index, ("roads", i),
                           f"roads[{i}]: {r!r} is not two towns of the map")
        a, b = sorted((names[r[0]], names[r[1]]))
        roads.add((a, b))
    board = Board(str(data.get("name", "Parcels")), tuple(towns), frozenset(roads))
    lost = [towns[i].name for i, d in enumerate(board.distances(0)) if d >= len(towns)]
    if lost:
        raise _problem(shown, index, ("roads",), f"roads: no road reaches {', '.join(lost)}")
    return board


# -- actions, state ---------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class Drive(KitAction):
    kind: ClassVar[str] = "drive"
    to: int  # a town


@dataclass(frozen=True, repr=False)
class Deliver(KitAction):
    kind: ClassVar[str] = "deliver"
    card: int  # index in the hand


Action = KitAction
CODEC: ActionCodec[Action] = ActionCodec([Drive, Deliver], Limits(text=20, number=100, items=10))
Quote = KitQuote[Action, None]


@dataclass
class State:
    board: Board
    names: list[str]
    seed: int
    rng: random.Random
    vans: list[int]
    hands: list[list[int]]  # towns
    deck: list[int]
    points: list[int]
    dropped: list[int]  # the towns of the parcels delivered, in turn
    current: int = 0
    turn: int = 1
    last_round: bool = False
    turns_taken: list[int] = field(default_factory=list)
    history: list[tuple[int, Action]] = field(default_factory=list)
    outcome: Outcome | None = None

    def copy(self) -> State:
        new = copy.copy(self)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        for name in ("vans", "deck", "points", "dropped", "turns_taken", "history"):
            setattr(new, name, list(getattr(self, name)))
        new.hands = [list(h) for h in self.hands]
        return new


def full_deck(board: Board) -> list[int]:
    return sorted(t for t in range(1, len(board.towns)) for _ in range(2))


def invariants(state: State) -> list[str]:
    out = []
    if sorted(state.deck + [c for h in state.hands for c in h] + state.dropped) \
            != full_deck(state.board):
        out.append("P2: a parcel was lost or made")
    if sum(state.board.towns[t].value for t in state.dropped) != sum(state.points):
        out.append("P4: the points are not the parcels delivered")
    if any(len(h) > HAND for h in state.hands):
        out.append("P2: a hand holds more than two parcels")
    return out


class _Invariants:
    """P2 and P4 in every state; a van moves one road at most; the game ends."""

    def state(self, state: State) -> list[str]:
        return invariants(state)

    def step(self, before: State, action: Action, quote: Any, after: State) -> list[str]:
        moved = [(a, b) for a, b in zip(before.vans, after.vans, strict=True) if a != b]
        if any(tuple(sorted(m)) not in before.board.roads for m in moved) or len(moved) > 1:
            return ["P3: a van left the roads"]
        return []

    def end(self, state: State, capped: bool) -> list[str]:
        return [] if state.outcome is not None else ["P5: the game did not end"]


# -- the rules on the kit -------------------------------------------------------------------


def quote_drive(state: State, action: Drive) -> Quote:
    if action.to not in state.board.near(state.vans[state.current]):
        return KitQuote(action, 0, (Violation("P3", "No road leads there from your van"),))
    return KitQuote(action, 0)


def apply_drive(state: State, action: Drive, quote: Quote) -> object:
    state.vans[state.current] = action.to
    return None


def quote_deliver(state: State, action: Deliver) -> Quote:
    hand = state.hands[state.current]
    if not 0 <= action.card < len(hand):
        return KitQuote(action, 0, (Violation("P4", "You hold no parcel there"),))
    if hand[action.card] != state.vans[state.current]:
        return KitQuote(action, 0, (Violation("P4", "That parcel is for another town"),))
    return KitQuote(action, 0)


def apply_deliver(state: State, action: Deliver, quote: Quote) -> object:
    me = state.current
    town = state.hands[me].pop(action.card)
    state.points[me] += state.board.towns[town].value
    state.dropped.append(town)
    if state.deck:
        state.hands[me].append(state.deck.pop())
    return None


TURN = frozenset({"turn"})
RULEBOOK: dict[type[Any], Rule[State, Any]] = {
    Drive: Rule(TURN, quote_drive, apply_drive, "driving"),
    Deliver: Rule(TURN, quote_deliver, apply_deliver, "delivering"),
}


def _finish(state: State, reason: OutcomeReason) -> None:
    state.outcome = Outcome(ranks_from_keys([(p,) for p in state.points]),
                            tuple(state.points), reason)


class ParcelsFlow:
    def over(self, state: State) -> bool:
        return state.outcome is not None

    def pending(self, state: State) -> Pending | None:
        return None

    def may_act(self, state: State) -> Collection[int]:
        return (state.current,)

    def seat_of(self, state: State, action: Action) -> int:
        return state.current

    def step(self, state: State) -> Hashable:
        return "turn"

    def seat_name(self, state: State, seat: int) -> str:
        return state.names[seat]

    def wrong_step(self, state: State, rule: Rule[State, Any]) -> Violation:
        return Violation.not_now(Moment.WRONG_PHASE, f"Not now: {rule.name}")

    def copy(self, state: State) -> State:
        return state.copy()

    def history(self, state: State) -> list[tuple[int, Action]]:
        return state.history

    def candidates(self, state: State) -> Iterable[Action]:
        me = state.current
        return [*(Deliver(i) for i in range(len(state.hands[me]))),
                *(Drive(t) for t in state.board.near(state.vans[me]))]

    def then(self, state: State, action: Action, result: object) -> None:
        pass

    def settle(self, state: State, action: Action, result: object,
               before: State | None) -> None:
        me = state.history[-1][0]
        state.turns_taken[me] += 1
        if not state.deck and not state.hands[me]:
            state.last_round = True  # P5: the round is played out
        state.current = (me + 1) % len(state.names)
        if state.current == 0:
            state.turn += 1
            if state.last_round:
                _finish(state, OutcomeReason.GOAL)


ENGINE: Engine[State, Action] = Engine(RULEBOOK, ParcelsFlow(), "Parcels")
SEATS = SeatRange(2, 5, 3)


def new_game(board: Board, seats: Sequence[str], options: Mapping[str, object],
             seed: int) -> State:
    if options:
        raise ValueError(f"unknown option(s) {sorted(options)}")
    if not SEATS.allows(len(seats), frozenset()):
        raise ValueError(f"Parcels takes {SEATS.words()}, not {len(seats)}")
    rng = random.Random(seed)
    deck = full_deck(board)
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(HAND)] for _ in seats]
    n = len(seats)
    return State(board, list(seats), seed, rng, [0] * n, hands, deck, [0] * n, [],
                 turns_taken=[0] * n)


def seen_by(state: State, seat: int) -> State:
    """What ``seat`` sees: its own parcels, the vans, the points, the parcels delivered;
    not the others' parcels, nor the deck's order (P2)."""
    seen = state.copy()
    seen.rng = random.Random(0)
    unseen = list(seen.deck)
    for i in range(len(seen.hands)):
        if i != seat:
            unseen += seen.hands[i]
            seen.hands[i] = [0] * len(seen.hands[i])
    seen.deck = sorted(unseen)[:len(state.deck)]
    return seen


def indistinguishable(state: State, seat: int, seed: int) -> State:
    rng = random.Random(seed)
    other = state.copy()
    pool = list(other.deck) + [c for i, h in enumerate(other.hands) if i != seat for c in h]
    rng.shuffle(pool)
    for i, h in enumerate(other.hands):
        if i != seat:
            other.hands[i] = [pool.pop() for _ in h]
    other.deck = pool
    other.rng = random.Random(rng.randrange(1 << 30))
    return other


def end_early(state: State) -> State:
    if state.outcome is None:
        _finish(state, OutcomeReason.TURN_CAP)
    return state


def fingerprint(state: State) -> str:
    return json.dumps([state.vans, state.hands, state.deck, state.points, state.dropped,
                       state.current, state.turn, state.last_round, state.turns_taken,
                       [(p, repr(a)) for p, a in state.history], state.rng.getstate(),
                       None if state.outcome is None else
                       [state.outcome.ranks, state.outcome.scores]], default=repr)


def summary_from_json(raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
    points = raw.get("points", [0] * seats)
    if not (isinstance(points, list) and len(points) == seats
            and all(isinstance(p, int) and not isinstance(p, bool) for p in points)):
        raise ValueError("'points' must be one whole number per seat")
    return {"points": points}


def summary_lines(summary: Mapping[str, Any], names: Sequence[str], people: Sequence[int],
                  over: bool) -> list[str]:
    return ["Points: " + " · ".join(
        f"{n} {p}" for n, p in zip(names, summary.get("points", []), strict=False))]


def action_words(state: State, seat: int, action: Action) -> str:
    name = state.names[seat]
    if isinstance(action, Drive):
        return f"{name} drives to {state.board.towns[action.to].name}"
    return f"{name} delivers a parcel"


class _CheckerRules:
    def quote(self, state: State, action: Action, player: int | None = None) -> Any:
        return ENGINE.quote(state, action, player)

    def fingerprint(self, state: State) -> str:
        return fingerprint(state)

    def history(self, state: State) -> list[tuple[int, Action]]:
        return state.history


def checker(state: State) -> Checker[State, Action]:
    return Checker(_CheckerRules(), _Invariants())


def _no_options(data: Mapping[str, Any]) -> dict[str, object]:
    return {}


RULES: Rules[Board, State, Action] = Rules(
    engine=ENGINE,
    codec=CODEC,
    load_board=load_board,
    map_summary=lambda board: {"towns": len(board.towns), "roads": len(board.roads)},
    board_name=lambda board: board.name,
    new_game=new_game,
    seen_by=seen_by,
    indistinguishable=indistinguishable,
    outcome=lambda state: state.outcome,
    end_early=end_early,
    scores=lambda state: tuple(state.points),
    turn=lambda state: state.turn,
    turns_taken=lambda state: tuple(state.turns_taken),
    first_seat=lambda state: 0,
    seat_names=lambda state: list(state.names),
    action_words=action_words,
    options_of=lambda state: {},
    options_to_record=lambda options: {},
    options_from_record=_no_options,
    replay_summary=lambda state: {"points": list(state.points), "vans": list(state.vans),
                                  "turn": state.turn, "over": state.outcome is not None},
    replay_lines=lambda summary: [f"points {summary['points']}"],
    fingerprint=fingerprint,
    summary=lambda state: {"points": list(state.points)},
    summary_from_json=summary_from_json,
    summary_lines=summary_lines,
    checker=checker,
    invariants=invariants,
)


# -- computer players and the advisor ---------------------------------------------------------


def _worth(state: State, me: int) -> float:
    """Points, then the nearest parcel's value over the roads to it."""
    far = state.board.distances(state.vans[me])
    best = max((state.board.towns[t].value / (1 + far[t]) for t in state.hands[me]),
               default=0.0)
    return 10 * state.points[me] + best


@dataclass(frozen=True)
class Plan:
    town: int
    per_turn: float
    turns: float


class Advisor:
    """The best parcel to take next: its value over the turns it takes (drive, deliver)."""

    def suggest(self, view: State, seat: int) -> Plan | None:
        far = view.board.distances(view.vans[seat])
        plans = [Plan(t, view.board.towns[t].value / (far[t] + 1), far[t] + 1.0)
                 for t in view.hands[seat]]
        return max(plans, key=lambda p: (p.per_turn, -p.town), default=None)


def player(name: str, seat: int, seed: int) -> Any:
    if name == "random":
        return RandomPlayer(ENGINE, seat, seed * 31 + seat)
    if name == "normal":  # the kit's greedy player: points, then the nearest parcel
        return GreedyPlayer(ENGINE, seat, _worth)
    raise ValueError(f"unknown player {name!r}")


COMPUTER: Computer[State, Action] = Computer(player, Advisor)

#: Parcels' definition: its identity, its rules and players (this module) and its screen
#: (front.py). Registered nowhere in the product: a test puts it on the table with one line.
PARCELS: GameDef[Board, State, Action] = GameDef(
    id=GAME_ID,
    title="Parcels (test)",
    blurb="Deliver the parcels you hold; nobody sees them but you.",
    seats=SEATS,
    rules_version=1,
    levels=(Level.NORMAL,),
    players=("normal", "random"),
    options=(),
    default_map="tests/parcels/parcels.yaml",
    small_map="tests/parcels/parcels.yaml",
    score=Score("points"),
    turn_cap_rule="P6: the most points rank first at the cap",
    load=Lazy("tests.parcels.rules:RULES"),
    ai=Lazy("tests.parcels.rules:COMPUTER"),
    screens=Lazy("tests.parcels.front:SCREENS"),
)
