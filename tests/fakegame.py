"""Relay: a small game that exists only for the tests, to prove that the table (the
conformance suite, the Session, saves, the shell's New game and game over, the harnesses)
handles a game other than Italian Rails, for 3 to 6 seats, with hidden cards.

Rules (ids R1-R4): each player holds three cards (values 1-3) dealt from a shuffled deck
(R1); on their turn a player plays one card and runs that many spaces along the track, then
draws a card (R2), or, on an even space, rests (R3); the game ends when a player's runner reaches the end of
the track: the farthest runner ranks first, equal runners share a place (R4). A six-seat
table needs the option ``six_players``. Nobody sees another player's hand or the deck.

It is registered nowhere in the product: tests put it on the table with ``monkeypatch``.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from rail_app.core.lazy import Lazy
from rail_app.core.mapfile import MapError, MapProblem, read_yaml
from rail_app.table.actions import Action as KitAction
from rail_app.table.actions import ActionCodec, Limits
from rail_app.table.engine import Engine, Pending, Rule
from rail_app.table.gamedef import Computer, GameDef, GameOption, Rules, Score
from rail_app.table.invariants import Checker
from rail_app.table.outcome import Outcome, OutcomeReason, ranks_from_keys
from rail_app.table.players import GreedyPlayer, RandomPlayer
from rail_app.table.quotes import Moment, Violation
from rail_app.table.quotes import Quote as KitQuote
from rail_app.table.seats import Level, SeatRange

GAME_ID = "relay-test"
DECK = [1, 2, 3] * 8
HAND = 3

MAP_TEXT = "game: relay-test\nname: Relay track\nlength: {length}\n"


def write_map(folder: os.PathLike[str] | str, length: int = 12) -> str:
    path = os.path.join(os.fspath(folder), "relay.yaml")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(MAP_TEXT.format(length=length))
    return path


@dataclass(frozen=True)
class Track:
    name: str
    length: int


@dataclass(frozen=True, repr=False)
class Play(KitAction):
    kind: ClassVar[str] = "play"
    card: int  # index in the hand


@dataclass(frozen=True, repr=False)
class Rest(KitAction):
    kind: ClassVar[str] = "rest"


Action = KitAction
CODEC: ActionCodec[Action] = ActionCodec([Play, Rest], Limits(text=20, number=100, items=10))
Quote = KitQuote[Action, None]


@dataclass
class State:
    track: Track
    names: list[str]
    seed: int
    rng: random.Random
    positions: list[int]
    hands: list[list[int]]
    deck: list[int]
    discard: list[int] = field(default_factory=list)
    current: int = 0
    turn: int = 1
    turns_taken: list[int] = field(default_factory=list)
    history: list[tuple[int, Action]] = field(default_factory=list)
    options: dict[str, object] = field(default_factory=dict)
    outcome: Outcome | None = None

    def copy(self) -> State:
        new = copy.copy(self)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.positions = list(self.positions)
        new.hands = [list(h) for h in self.hands]
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.turns_taken = list(self.turns_taken)
        new.history = list(self.history)
        new.options = dict(self.options)
        return new


class _Invariants:
    """R1, R2 in every state; no runner goes back."""

    def state(self, state: State) -> list[str]:
        return invariants(state)

    def step(self, before: State, action: Action, quote: Any, after: State) -> list[str]:
        if any(a < b for a, b in zip(after.positions, before.positions, strict=True)):
            return ["a runner went back"]
        return []

    def end(self, state: State, capped: bool) -> list[str]:
        return [] if state.outcome is not None else ["the game did not end"]


def invariants(state: State) -> list[str]:
    cards = sorted(state.deck + state.discard + [c for h in state.hands for c in h])
    out = []
    if cards != sorted(DECK):
        out.append("R1: the cards are not all there")
    if any(len(h) != HAND for h in state.hands):
        out.append("R2: a hand does not hold three cards")
    return out


# -- the rules on the kit: quotes, the rulebook, the flow -------------------------------------


def quote_play(state: State, action: Play) -> Quote:
    hand = state.hands[state.current]
    if not 0 <= action.card < len(hand):
        return KitQuote(action, 0, (Violation("R2", "You hold no card there"),))
    return KitQuote(action, 0)


def apply_play(state: State, action: Play, quote: Quote) -> object:
    me = state.current
    card = state.hands[me].pop(action.card)
    state.positions[me] += card
    state.discard.append(card)
    if not state.deck:
        state.deck, state.discard = state.discard, []
        state.rng.shuffle(state.deck)
    state.hands[me].append(state.deck.pop())
    return None


def quote_rest(state: State, action: Rest) -> Quote:
    if state.positions[state.current] % 2:
        return KitQuote(action, 0, (Violation("R3", "You may rest only on an even space"),))
    return KitQuote(action, 0)


def apply_rest(state: State, action: Rest, quote: Quote) -> object:
    return None


TURN = frozenset({"turn"})
RULEBOOK: dict[type[Any], Rule[State, Any]] = {
    Play: Rule(TURN, quote_play, apply_play, "playing a card"),
    Rest: Rule(TURN, quote_rest, apply_rest, "resting"),
}


def _finish(state: State, reason: OutcomeReason) -> None:
    state.outcome = Outcome(ranks_from_keys([(p,) for p in state.positions]),
                            tuple(state.positions), reason)


class RelayFlow:
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
        return [*(Play(i) for i in range(len(state.hands[state.current]))), Rest()]

    def then(self, state: State, action: Action, result: object) -> None:
        pass

    def settle(self, state: State, action: Action, result: object,
               before: State | None) -> None:
        me = state.history[-1][0]
        state.turns_taken[me] += 1
        if state.positions[me] >= state.track.length:
            _finish(state, OutcomeReason.GOAL)
        else:
            state.current = (me + 1) % len(state.names)
            state.turn += 1


ENGINE: Engine[State, Action] = Engine(RULEBOOK, RelayFlow(), "Relay")
SEATS = SeatRange(3, 5, 4, extended=6, extended_by="six_players")


def load_board(path: str | os.PathLike[str], needs: Mapping[str, object] | None = None
               ) -> Track:
    data, _ = read_yaml(Path(path), str(path))
    if not isinstance(data, dict) or data.get("game") != GAME_ID:
        raise MapError([MapProblem(str(path), 1, "not a Relay track")])
    length = data.get("length")
    if not isinstance(length, int) or not 5 <= length <= 100:
        raise MapError([MapProblem(str(path), 3, f"length: {length!r} is not 5-100")])
    return Track(str(data.get("name", "Relay")), length)


def new_game(board: Track, seats: Sequence[str], options: Mapping[str, object],
             seed: int) -> State:
    unknown = set(options) - {"six_players"}
    if unknown:
        raise ValueError(f"unknown option(s) {sorted(unknown)}")
    chosen = frozenset(k for k, v in options.items() if v)
    if not SEATS.allows(len(seats), chosen):
        raise ValueError(f"Relay takes {SEATS.words()}, not {len(seats)}")
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(HAND)] for _ in seats]
    return State(board, list(seats), seed, rng, [0] * len(seats), hands, deck,
                 turns_taken=[0] * len(seats), options={k: True for k in sorted(chosen)})


def seen_by(state: State, seat: int) -> State:
    seen = state.copy()
    seen.rng = random.Random(0)
    unseen = list(seen.deck)  # the others' cards are among the cards it has not seen
    for i in range(len(seen.hands)):
        if i != seat:
            unseen += seen.hands[i]
            seen.hands[i] = [0] * len(seen.hands[i])
    seen.deck = sorted(unseen)
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


def options_from_record(data: Mapping[str, Any]) -> dict[str, object]:
    six = data.get("six_players", False)
    if not isinstance(six, bool):
        raise ValueError("'six_players' must be true or false")
    return {"six_players": True} if six else {}


def fingerprint(state: State) -> str:
    return json.dumps([state.positions, state.hands, state.deck, state.discard,
                       state.current, state.turn, state.turns_taken,
                       [(p, repr(a)) for p, a in state.history], state.rng.getstate(),
                       None if state.outcome is None else
                       [state.outcome.ranks, state.outcome.scores]], default=repr)


def summary_from_json(raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
    pos = raw.get("positions", [0] * seats)
    if not (isinstance(pos, list) and len(pos) == seats
            and all(isinstance(p, int) for p in pos)):
        raise ValueError("'positions' must be one whole number per seat")
    return {"positions": pos}


def summary_lines(summary: Mapping[str, Any], names: Sequence[str], people: Sequence[int],
                  over: bool) -> list[str]:
    return ["Positions: " + " · ".join(
        f"{n} {p}" for n, p in zip(names, summary.get("positions", []), strict=False))]


class _CheckerRules:
    def quote(self, state: State, action: Action, player: int | None = None) -> Any:
        return ENGINE.quote(state, action, player)

    def fingerprint(self, state: State) -> str:
        return fingerprint(state)

    def history(self, state: State) -> list[tuple[int, Action]]:
        return state.history


def checker(state: State) -> Checker[State, Action]:
    return Checker(_CheckerRules(), _Invariants())


RULES: Rules[Track, State, Action] = Rules(
    engine=ENGINE,
    codec=CODEC,
    load_board=load_board,
    map_summary=lambda board: {"length": board.length},
    board_name=lambda board: board.name,
    new_game=new_game,
    seen_by=seen_by,
    indistinguishable=indistinguishable,
    outcome=lambda state: state.outcome,
    end_early=end_early,
    scores=lambda state: tuple(state.positions),
    turn=lambda state: state.turn,
    turns_taken=lambda state: tuple(state.turns_taken),
    first_seat=lambda state: 0,
    seat_names=lambda state: list(state.names),
    action_words=lambda state, seat, action: f"{state.names[seat]} plays {action!r}",
    options_of=lambda state: dict(state.options),
    options_to_record=lambda options: {"six_players": bool(options.get("six_players"))},
    options_from_record=options_from_record,
    replay_summary=lambda state: {"positions": list(state.positions), "turn": state.turn,
                                  "over": state.outcome is not None},
    replay_lines=lambda summary: [f"positions {summary['positions']}"],
    fingerprint=fingerprint,
    summary=lambda state: {"positions": list(state.positions)},
    summary_from_json=summary_from_json,
    summary_lines=summary_lines,
    checker=checker,
    invariants=invariants,
)


def player(name: str, seat: int, seed: int) -> Any:
    if name == "random":
        return RandomPlayer(ENGINE, seat, seed * 31 + seat)
    if name == "normal":  # the kit's greedy player: the farthest run now
        return GreedyPlayer(ENGINE, seat, lambda state, me: state.positions[me])
    raise ValueError(f"unknown player {name!r}")


COMPUTER: Computer[State, Action] = Computer(player)

#: Relay's definition: its identity, its rules and players (this module), and no screen
#: (the tests that play it through the shell give it tests/fakefront.py's).
RELAY: GameDef[Track, State, Action] = GameDef(
    id=GAME_ID,
    title="Relay (test)",
    blurb="A game of the tests.",
    seats=SEATS,
    rules_version=1,
    levels=(Level.NORMAL,),
    players=("normal", "random"),
    options=(GameOption("six_players", "Six players", rule="R5"),),
    default_map="relay.yaml",
    small_map="relay.yaml",
    score=Score("positions"),
    turn_cap_rule="R4: the farthest runner wins at the cap",
    load=Lazy("tests.fakegame:RULES"),
    ai=Lazy("tests.fakegame:COMPUTER"),
)
