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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rail_app.core.mapfile import MapError, MapProblem, read_yaml
from rail_app.table.gamedef import GameOption
from rail_app.table.outcome import Outcome, OutcomeReason, ranks_from_keys
from rail_app.table.quotes import IllegalAction
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


@dataclass(frozen=True)
class Play:
    card: int  # index in the hand

    def __repr__(self) -> str:
        return f"Play({self.card})"


@dataclass(frozen=True)
class Rest:
    def __repr__(self) -> str:
        return "Rest()"


Action = Play | Rest


@dataclass(frozen=True)
class Violation:
    rule: str
    message: str
    moment: str = ""

    @property
    def code(self) -> str:
        return self.rule or self.moment


@dataclass(frozen=True)
class Quote:
    action: Action
    cost: int = 0
    violations: tuple[Violation, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.violations


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


class _Random:
    def __init__(self, seat: int, seed: int) -> None:
        self.rng = random.Random(seed * 31 + seat)

    def choose(self, view: State) -> Action:
        return self.rng.choice(RELAY.legal_actions(view))


class _Greedy:
    def choose(self, view: State) -> Action:
        hand = view.hands[view.current]
        return Play(hand.index(max(hand))) if hand else Rest()


class _Checker:
    def __init__(self, state: State) -> None:
        self.violations: list[str] = []
        self.actions = 0
        self.total = sorted(DECK)

    def step(self, before: State, action: Action, apply: Any) -> State:
        printed = RELAY.fingerprint(before)
        after: State = apply(before, action)
        self.actions += 1
        if RELAY.fingerprint(before) != printed:
            self.violations.append("applying changed the state it was applied to")
        self.violations += RELAY.invariants(after)
        if any(a < b for a, b in zip(after.positions, before.positions, strict=True)):
            self.violations.append("a runner went back")
        return after

    def end(self, state: State, capped: bool) -> None:
        if RELAY.outcome(state) is None:
            self.violations.append("the game did not end")


class Relay:
    id = GAME_ID
    title = "Relay (test)"
    blurb = "A game of the tests."
    seats = SeatRange(3, 5, 4, extended=6, extended_by="six_players")
    rules_version = 1
    levels: tuple[Level, ...] = (Level.NORMAL,)
    players: tuple[str, ...] = ("normal", "random")
    options: tuple[GameOption, ...] = (GameOption("six_players", "Six players", rule="R5"),)
    default_map = "relay.yaml"
    small_map = "relay.yaml"
    score_name = "positions"
    turn_cap_rule = "R4: the farthest runner wins at the cap"
    rounds = False

    # -- the board ----------------------------------------------------------------------------
    def load_board(self, path: str | os.PathLike[str],
                   needs: Mapping[str, object] | None = None) -> Track:
        data, _ = read_yaml(Path(path), str(path))
        if not isinstance(data, dict) or data.get("game") != GAME_ID:
            raise MapError([MapProblem(str(path), 1, "not a Relay track")])
        length = data.get("length")
        if not isinstance(length, int) or not 5 <= length <= 100:
            raise MapError([MapProblem(str(path), 3, f"length: {length!r} is not 5-100")])
        return Track(str(data.get("name", "Relay")), length)

    def map_summary(self, board: Track) -> dict[str, Any]:
        return {"length": board.length}

    def board_name(self, board: Track) -> str:
        return board.name

    # -- a game -------------------------------------------------------------------------------
    def new_game(self, board: Track, seats: Sequence[str], options: Mapping[str, object],
                 seed: int) -> State:
        unknown = set(options) - {"six_players"}
        if unknown:
            raise ValueError(f"unknown option(s) {sorted(unknown)}")
        chosen = frozenset(k for k, v in options.items() if v)
        if not self.seats.allows(len(seats), chosen):
            raise ValueError(f"Relay takes {self.seats.words()}, not {len(seats)}")
        rng = random.Random(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(HAND)] for _ in seats]
        return State(board, list(seats), seed, rng, [0] * len(seats), hands, deck,
                     turns_taken=[0] * len(seats), options={k: True for k in sorted(chosen)})

    def quote(self, state: State, action: Action, player: int | None = None) -> Quote:
        if state.outcome is not None:
            return Quote(action, 0, (Violation("", "The game is over", "game-over"),))
        if player is not None and player != state.current:
            return Quote(action, 0, (Violation(
                "", f"It is {state.names[state.current]}'s turn", "not-your-turn"),))
        if isinstance(action, Play):
            hand = state.hands[state.current]
            if not 0 <= action.card < len(hand):
                return Quote(action, 0, (Violation("R2", "You hold no card there"),))
            return Quote(action, 0)
        if state.positions[state.current] % 2:
            return Quote(action, 0, (Violation("R3", "You may rest only on an even space"),))
        return Quote(action, 0)

    def apply(self, state: State, action: Action, player: int | None = None) -> State:
        q = self.quote(state, action, player)
        if not q.ok:
            raise IllegalAction(q)
        new = state.copy()
        me = new.current
        if isinstance(action, Play):
            card = new.hands[me].pop(action.card)
            new.positions[me] += card
            new.discard.append(card)
            if not new.deck:
                new.deck, new.discard = new.discard, []
                new.rng.shuffle(new.deck)
            new.hands[me].append(new.deck.pop())
        new.history.append((me, action))
        new.turns_taken[me] += 1
        if new.positions[me] >= new.track.length:
            self._finish(new, OutcomeReason.GOAL)
        else:
            new.current = (me + 1) % len(new.names)
            new.turn += 1
        return new

    def _finish(self, state: State, reason: OutcomeReason) -> None:
        state.outcome = Outcome(ranks_from_keys([(p,) for p in state.positions]),
                                tuple(state.positions), reason)

    def legal_actions(self, state: State) -> list[Action]:
        if state.outcome is not None:
            return []
        rest = [Rest()] if state.positions[state.current] % 2 == 0 else []
        return [*(Play(i) for i in range(len(state.hands[state.current]))), *rest]

    def seen_by(self, state: State, seat: int) -> State:
        seen = state.copy()
        seen.rng = random.Random(0)
        unseen = list(seen.deck)  # the others' cards are among the cards it has not seen
        for i in range(len(seen.hands)):
            if i != seat:
                unseen += seen.hands[i]
                seen.hands[i] = [0] * len(seen.hands[i])
        seen.deck = sorted(unseen)
        return seen

    def indistinguishable(self, state: State, seat: int, seed: int) -> State:
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

    def to_act(self, state: State) -> int | None:
        return None if state.outcome is not None else state.current

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    def end_early(self, state: State) -> State:
        if state.outcome is None:
            self._finish(state, OutcomeReason.TURN_CAP)
        return state

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(state.positions)

    def turn(self, state: State) -> int:
        return state.turn

    def turns_taken(self, state: State) -> tuple[int, ...]:
        return tuple(state.turns_taken)

    def first_seat(self, state: State) -> int | None:
        return 0

    def seat_names(self, state: State) -> list[str]:
        return list(state.names)

    # -- records ------------------------------------------------------------------------------
    def action_to_dict(self, action: Action) -> dict[str, Any]:
        return {"kind": "play", "card": action.card} if isinstance(action, Play) else \
            {"kind": "rest"}

    def action_from_dict(self, data: Mapping[str, Any]) -> Action:
        kind = data.get("kind")
        if kind == "rest" and set(data) == {"kind"}:
            return Rest()
        if kind == "play" and set(data) == {"kind", "card"} and isinstance(data["card"], int):
            return Play(data["card"])
        raise ValueError(f"not a Relay action: {dict(data)!r}"[:80])

    def action_repr(self, action: Action) -> str:
        return repr(action)

    def action_words(self, state: State, seat: int, action: Action) -> str:
        return f"{self.seat_names(state)[seat]} plays {action!r}"

    def history(self, state: State) -> list[tuple[int, Action]]:
        return list(state.history)

    def options_of(self, state: State) -> dict[str, object]:
        return dict(state.options)

    def options_to_record(self, options: Mapping[str, object]) -> dict[str, Any]:
        return {"six_players": bool(options.get("six_players"))}

    def options_from_record(self, data: Mapping[str, Any]) -> dict[str, object]:
        six = data.get("six_players", False)
        if not isinstance(six, bool):
            raise ValueError("'six_players' must be true or false")
        return {"six_players": True} if six else {}

    def replay_summary(self, state: State) -> dict[str, Any]:
        return {"positions": list(state.positions), "turn": state.turn,
                "over": state.outcome is not None}

    def replay_lines(self, summary: Mapping[str, Any]) -> list[str]:
        return [f"positions {summary['positions']}"]

    def fingerprint(self, state: State) -> str:
        return json.dumps([state.positions, state.hands, state.deck, state.discard,
                           state.current, state.turn, state.turns_taken,
                           [(p, repr(a)) for p, a in state.history], state.rng.getstate(),
                           None if state.outcome is None else
                           [state.outcome.ranks, state.outcome.scores]], default=repr)

    # -- the save screen ------------------------------------------------------------------------
    def summary(self, state: State) -> dict[str, Any]:
        return {"positions": list(state.positions)}

    def summary_from_json(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        pos = raw.get("positions", [0] * seats)
        if not (isinstance(pos, list) and len(pos) == seats
                and all(isinstance(p, int) for p in pos)):
            raise ValueError("'positions' must be one whole number per seat")
        return {"positions": pos}

    def summary_lines(self, summary: Mapping[str, Any], seat_names: Sequence[str],
                      people: Sequence[int], over: bool) -> list[str]:
        return ["Positions: " + " · ".join(
            f"{n} {p}" for n, p in zip(seat_names, summary.get("positions", []), strict=False))]

    # -- computer players and checks ------------------------------------------------------------
    def player(self, name: str, seat: int, seed: int) -> Any:
        if name == "random":
            return _Random(seat, seed)
        if name == "normal":
            return _Greedy()
        raise ValueError(f"unknown player {name!r}")

    def advisor(self) -> None:
        return None

    def checker(self, state: State) -> _Checker:
        return _Checker(state)

    def invariants(self, state: State) -> list[str]:
        cards = sorted(state.deck + state.discard + [c for h in state.hands for c in h])
        out = []
        if cards != sorted(DECK):
            out.append("R1: the cards are not all there")
        if any(len(h) != HAND for h in state.hands):
            out.append("R2: a hand does not hold three cards")
        return out


RELAY = Relay()
