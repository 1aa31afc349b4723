"""The engine kit (``rail_app/table``): quotes and the one refusal, the action codec and its
limits, the engine skeleton (moments in order, pending choices, seats acting at once,
``apply`` against ``apply_quoted``, undo, legal actions), the invariants' checker, the random
and greedy players, and the one lazy-loading mechanism. A small game of counters written in
this file stands on the kit the way every game does."""

from __future__ import annotations

import copy
import json
from collections.abc import Collection, Hashable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Literal

import pytest

from rail_app.core.lazy import Lazy, LazyError
from rail_app.table.actions import Action, ActionCodec, ActionFormatError, Limits
from rail_app.table.engine import Engine, Pending, Rule
from rail_app.table.events import Event
from rail_app.table.invariants import Checker
from rail_app.table.players import GreedyPlayer, RandomPlayer, small_first
from rail_app.table.quotes import IllegalAction, Moment, Quote, Violation, refused

# -- a small game on the kit: counters ------------------------------------------------------
# Seats take turns adding 1-3 to their own counter (C1), or (in the "sprint" step, every
# seat at once) adding 1. A seat whose counter passes 5 must first choose a colour (C2).
# The game ends when a counter reaches 10 (C3).


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


class Step(StrEnum):
    TURNS = "turns"
    SPRINT = "sprint"


@dataclass(frozen=True, repr=False)
class Add(Action):
    kind: ClassVar[str] = "add"
    amount: int


@dataclass(frozen=True, repr=False)
class Dash(Action):
    """An action that names its seat (several seats act at once)."""

    kind: ClassVar[str] = "dash"
    seat: int


@dataclass(frozen=True, repr=False)
class Paint(Action):
    kind: ClassVar[str] = "paint"
    colour: Colour


@dataclass(frozen=True, repr=False)
class Note(Action):
    """Every kind of field the codec knows."""

    kind: ClassVar[str] = "note"
    repr_by_name: ClassVar[bool] = True
    text: str
    path: tuple[str, ...]
    pairs: tuple[tuple[int, int], ...]
    pair: tuple[int, str]
    mode: Literal["a", "b"] = "a"
    maybe: int | None = None
    flag: bool = False


@dataclass(frozen=True)
class Added(Event):
    kind: ClassVar[Step] = Step.TURNS
    seat: int
    amount: int
    path: tuple[int, ...] = ()


@dataclass
class State:
    counters: list[int]
    step: Step = Step.TURNS
    current: int = 0
    colours: dict[int, Colour] = field(default_factory=dict)
    history: list[tuple[int, Action]] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    undo: State | None = None


def quote_add(state: State, action: Add) -> Quote[Action, Any]:
    if not 1 <= action.amount <= 3:
        return Quote(action, 0, (Violation("C1", "Add 1 to 3"),))
    return Quote(action, action.amount)


def apply_add(state: State, action: Add, quote: Quote[Action, Any]) -> object:
    state.counters[state.current] += action.amount
    state.log.append(Added(state.current, action.amount))
    return "next"


def quote_dash(state: State, action: Dash) -> Quote[Action, Any]:
    return Quote(action, 1)


def apply_dash(state: State, action: Dash, quote: Quote[Action, Any]) -> object:
    state.counters[action.seat] += 1
    return None


def quote_paint(state: State, action: Paint) -> Quote[Action, Any]:
    return Quote(action)


def apply_paint(state: State, action: Paint, quote: Quote[Action, Any]) -> object:
    state.colours[state.current] = action.colour
    return None


TURNS = frozenset({Step.TURNS})
RULES: dict[type[Any], Rule[State, Any]] = {
    Add: Rule(TURNS, quote_add, apply_add, "adding", undoable=True),
    Dash: Rule(frozenset({Step.SPRINT}), quote_dash, apply_dash, "dashing"),
    Paint: Rule(TURNS, quote_paint, apply_paint, "painting"),
}


class CounterFlow:
    def over(self, state: State) -> bool:
        return max(state.counters) >= 10

    def pending(self, state: State) -> Pending | None:
        me = state.current
        if state.step is Step.TURNS and state.counters[me] > 5 and me not in state.colours:
            return Pending(me, (Paint,), f"Waiting for seat {me} to choose a colour", "C2")
        return None

    def may_act(self, state: State) -> Collection[int]:
        if state.step is Step.SPRINT:
            return frozenset(range(len(state.counters)))
        return (state.current,)

    def seat_of(self, state: State, action: Action) -> int:
        return action.seat if isinstance(action, Dash) else state.current

    def step(self, state: State) -> Hashable:
        return state.step

    def seat_name(self, state: State, seat: int) -> str:
        return f"seat {seat}"

    def wrong_step(self, state: State, rule: Rule[State, Any]) -> Violation:
        return Violation.not_now(Moment.WRONG_PHASE, f"Not now: {rule.name}")

    def copy(self, state: State) -> State:
        return copy.deepcopy(state)

    def history(self, state: State) -> list[tuple[int, Action]]:
        return state.history

    def candidates(self, state: State) -> Iterable[Action]:
        if state.step is Step.SPRINT:
            return [Dash(s) for s in range(len(state.counters))]
        return [Add(n) for n in range(0, 5)] + [Paint(c) for c in Colour]

    def then(self, state: State, action: Action, result: object) -> None:
        if result == "next":
            state.current = (state.current + 1) % len(state.counters)

    def settle(self, state: State, action: Action, result: object,
               before: State | None) -> None:
        state.undo = before


ENGINE: Engine[State, Action] = Engine(RULES, CounterFlow(), "Counters")


def new(seats: int = 2) -> State:
    return State([0] * seats)


# -- quotes ----------------------------------------------------------------------------------


def test_a_violation_names_its_rule_or_its_moment() -> None:
    v = Violation("K5", "Too steep")
    assert v.code == "K5" and str(v) == "Too steep (K5)" and v.moment is None
    m = Violation.not_now(Moment.NOT_YOUR_TURN, "It is Anna's turn")
    assert m.code == "not-your-turn" and str(m) == "It is Anna's turn (not-your-turn)"
    both = Violation.not_now(Moment.WRONG_PHASE, "Not now", "T2")
    assert both.code == "T2" and both.moment is Moment.WRONG_PHASE


def test_a_violation_may_name_places_its_own_way() -> None:
    v = Violation("K5", "from 3,1", sentence=lambda names: f"from {names['3,1']}")
    assert v.words({"3,1": "Roma"}) == "from Roma" and v.message == "from 3,1"
    assert v == Violation("K5", "from 3,1")  # the sentence maker is not part of equality


def test_a_quote_says_ok_its_codes_its_headline_and_its_details() -> None:
    q: Quote[Action, Any] = Quote(Add(2), 2, details=("two", 2))
    assert q.ok and q.rules == [] and q.headline == "" and not q.wrong_moment
    assert q.detail(tuple) == ("two", 2) and q.detail(str) is None
    r = refused(Add(9), Violation.not_now(Moment.GAME_OVER, "The game is over"))
    assert not r.ok and r.wrong_moment and r.rules == ["game-over"]
    assert r.headline == "The game is over (game-over)" and r.cost == 0


def test_an_illegal_action_says_what_and_why() -> None:
    q = refused(Add(9), Violation("C1", "Add 1 to 3"))
    err = IllegalAction(q)
    assert err.quote is q and str(err) == "Add(9) is not allowed: Add 1 to 3 (C1)"
    assert isinstance(err, Exception)


# -- actions and their codec ----------------------------------------------------------------

CODEC: ActionCodec[Action] = ActionCodec([Add, Dash, Paint, Note], Limits(text=8, items=3))


def test_reprs_name_fields_by_position_or_by_name() -> None:
    assert repr(Add(2)) == "Add(2)"
    note = Note("hi", ("a",), ((1, 2),), (1, "x"))
    assert repr(note).startswith("Note(text='hi', path=('a',), pairs=((1, 2),)")


def test_every_field_type_round_trips_through_json() -> None:
    actions: list[Action] = [
        Add(3), Dash(1), Paint(Colour.BLUE),
        Note("hi", ("a", "b"), ((1, 2), (3, 4)), (5, "x"), "b", 7, True),
        Note("", (), (), (0, ""), maybe=None),
    ]
    for a in actions:
        data = json.loads(json.dumps(CODEC.to_dict(a)))
        back = CODEC.from_dict(data)
        assert back == a and type(back) is type(a) and repr(back) == repr(a)
    assert CODEC.to_dict(Paint(Colour.RED)) == {"kind": "paint", "colour": "red"}
    assert CODEC.to_dict(Note("a", ("b",), ((1, 2),), (3, "c"))) == {
        "kind": "note", "text": "a", "path": ["b"], "pairs": [[1, 2]], "pair": [3, "c"],
        "mode": "a", "maybe": None, "flag": False}


def test_fields_with_defaults_may_be_left_out() -> None:
    back = CODEC.from_dict({"kind": "note", "text": "a", "path": [], "pairs": [],
                            "pair": [1, "b"]})
    assert back == Note("a", (), (), (1, "b"))


@pytest.mark.parametrize("data, message", [
    ("add", "an action is a mapping with a 'kind'"),
    ({"amount": 1}, "an action is a mapping with a 'kind'"),
    ({"kind": "fly"}, "unknown action kind 'fly'"),
    ({"kind": "add"}, "action 'add': missing field 'amount'"),
    ({"kind": "add", "amount": 1, "speed": 2}, "action 'add' has unknown field(s) ['speed']"),
    ({"kind": "add", "amount": "1"}, "action 'add': amount cannot be '1'"),
    ({"kind": "add", "amount": True}, "action 'add': amount cannot be True"),
    ({"kind": "add", "amount": 10**7}, "action 'add': amount cannot be 10000000"),
    ({"kind": "add", "amount": 1.5}, "action 'add': amount cannot be 1.5"),
    ({"kind": "paint", "colour": "green"}, "action 'paint': colour cannot be 'green'"),
    ({"kind": "note", "text": "far too long", "path": [], "pairs": [], "pair": [1, "b"]},
     "text cannot be"),
    ({"kind": "note", "text": "a", "path": ["a", "b", "c", "d"], "pairs": [], "pair": [1, "b"]},
     "path cannot be"),
    ({"kind": "note", "text": "a", "path": [1], "pairs": [], "pair": [1, "b"]},
     "path cannot be"),
    ({"kind": "note", "text": "a", "path": [], "pairs": [[1]], "pair": [1, "b"]},
     "pairs cannot be"),
    ({"kind": "note", "text": "a", "path": [], "pairs": [], "pair": [1, "b", 2]},
     "pair cannot be"),
    ({"kind": "note", "text": "a", "path": [], "pairs": [], "pair": [1, "b"], "mode": "c"},
     "mode cannot be"),
    ({"kind": "note", "text": "a", "path": [], "pairs": [], "pair": [1, "b"], "maybe": "x"},
     "maybe cannot be"),
    ({"kind": "note", "text": "a", "path": [], "pairs": [], "pair": [1, "b"], "flag": 0},
     "flag cannot be"),
    ({"kind": "note", "text": "a", "path": {"x": 1}, "pairs": [], "pair": [1, "b"]},
     "path cannot be"),
])
def test_the_codec_refuses_what_does_not_fit_in_one_line(data: Any, message: str) -> None:
    with pytest.raises(ActionFormatError) as err:
        CODEC.from_dict(data)
    assert message in str(err.value) and "\n" not in str(err.value)
    assert CODEC.problem(data) == str(err.value)
    assert isinstance(err.value, ValueError)


def test_a_codec_refuses_two_actions_of_one_kind() -> None:
    @dataclass(frozen=True, repr=False)
    class Other(Action):
        kind: ClassVar[str] = "add"

    with pytest.raises(ValueError, match="two actions of kind 'add'"):
        ActionCodec([Add, Other])


def test_an_event_is_plain_data() -> None:
    assert Added(1, 2, (3, 4)).to_dict() == {"kind": "turns", "seat": 1, "amount": 2,
                                             "path": [3, 4]}


# -- the engine skeleton ---------------------------------------------------------------------


def test_quote_then_apply_changes_a_copy_and_records_the_seat() -> None:
    s = new()
    q = ENGINE.quote(s, Add(2))
    assert q.ok and q.cost == 2
    after = ENGINE.apply(s, Add(2))
    assert s.counters == [0, 0] and s.history == []
    assert after.counters == [2, 0] and after.current == 1
    assert after.history == [(0, Add(2))] and after.log == [Added(0, 2)]
    same = ENGINE.apply(after, Add(1), inplace=True)
    assert same is after and after.history == [(0, Add(2)), (1, Add(1))]


def test_apply_refuses_and_leaves_the_state_as_it_was() -> None:
    s = new()
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(s, Add(4))
    assert err.value.quote.violations[0].rule == "C1"
    assert s == new()


def test_moments_come_first_and_alone_in_their_order() -> None:
    s = new()
    assert ENGINE.quote(s, Add(9), player=1).rules == ["not-your-turn"]  # before C1
    assert ENGINE.quote(s, Add(9), player=1).headline.startswith("It is seat 0's turn")
    assert ENGINE.quote(s, Dash(0)).violations[0].message == "Not now: dashing"
    assert ENGINE.quote(s, object()).rules == ["wrong-phase"]  # type: ignore[arg-type]
    s.counters[0] = 6
    assert ENGINE.may_act(s) == (0,) and ENGINE.to_act(s) == 0
    pending = ENGINE.quote(s, Add(1))
    assert pending.rules == ["C2"] and pending.violations[0].moment is Moment.PENDING
    assert ENGINE.quote(s, Paint(Colour.RED), player=1).rules == ["not-your-turn"]
    assert ENGINE.quote(s, Paint(Colour.RED), player=0).ok
    s.counters[1] = 10
    assert ENGINE.quote(s, Paint(Colour.RED)).rules == ["game-over"]
    assert ENGINE.legal_actions(s) == [] and ENGINE.to_act(s) is None
    assert ENGINE.may_act(s) == ()


def test_seats_that_act_at_once_name_their_seat() -> None:
    s = new(3)
    s.step = Step.SPRINT
    assert ENGINE.to_act(s) is None  # three seats may act, none alone
    assert ENGINE.may_act(s) == (0, 1, 2)
    assert ENGINE.legal_actions(s) == [Dash(0), Dash(1), Dash(2)]
    after = ENGINE.apply(s, Dash(2))
    assert after.history == [(2, Dash(2))] and after.counters == [0, 0, 1]
    assert ENGINE.quote(s, Dash(1), player=1).ok


def test_apply_quoted_trusts_the_quote_it_is_handed() -> None:
    s = new()
    before = ENGINE.quotes
    q = ENGINE.quote(s, Add(3))
    after = ENGINE.apply_quoted(s, q)
    assert ENGINE.quotes == before + 1  # quoted once, not again
    assert after.counters == [3, 0] and after.history == [(0, Add(3))]
    with pytest.raises(IllegalAction):
        ENGINE.apply_quoted(s, ENGINE.quote(s, Add(7)))
    ENGINE.apply(s, Add(3))
    assert ENGINE.quotes == before + 3  # apply quotes on its own


def test_an_undoable_action_keeps_the_state_before_it() -> None:
    s = new()
    after = ENGINE.apply(s, Add(1))
    assert after.undo is s
    kept = ENGINE.apply(after, Add(1), inplace=True)
    assert kept.undo is not None and kept.undo.counters == [1, 0]
    painted = ENGINE.apply(new(), Paint(Colour.RED))
    assert painted.undo is None


def test_legal_actions_are_the_offered_candidates() -> None:
    s = new()
    assert ENGINE.legal_actions(s) == [Add(1), Add(2), Add(3), Paint(Colour.RED),
                                       Paint(Colour.BLUE)]
    assert ENGINE.candidates(s)[0] == Add(0) and not ENGINE.offered(s, Add(0))
    # the moment is worked out once per action type and seat, and gives what offered gives:
    # a pending choice, seats acting at once (each action naming its seat), a game over
    painting = State([6, 0])
    sprint = State([0, 0, 0], step=Step.SPRINT)
    over = State([10, 0])
    for state in (s, painting, sprint, over):
        assert ENGINE.legal_actions(state) == [
            a for a in ENGINE.candidates(state) if ENGINE.offered(state, a)]
    assert ENGINE.legal_actions(painting) == [Paint(Colour.RED), Paint(Colour.BLUE)]
    assert ENGINE.legal_actions(sprint) == [Dash(0), Dash(1), Dash(2)]
    assert ENGINE.legal_actions(over) == []


def test_a_listed_rules_candidates_are_taken_without_a_check() -> None:
    """Rule.listed: the game lists exactly the legal actions of the type; legal_actions
    takes them once the moment allows the type, while quote and offered still judge."""
    asked: list[Action] = []

    def check(state: State, action: Add) -> bool:
        asked.append(action)
        return 1 <= action.amount <= 3

    listed = Engine({**RULES, Add: Rule(TURNS, quote_add, apply_add, "adding", check,
                                        listed=True)}, CounterFlow(), "Counters")
    s = new()
    assert listed.legal_actions(s)[:5] == [Add(0), Add(1), Add(2), Add(3), Add(4)]
    assert asked == []
    assert not listed.offered(s, Add(0)) and asked == [Add(0)]
    assert not listed.quote(s, Add(4)).ok
    assert listed.legal_actions(State([6, 0])) == [Paint(Colour.RED), Paint(Colour.BLUE)]


# -- the invariants' checker -----------------------------------------------------------------


class CounterInvariants:
    def __init__(self) -> None:
        self.steps = 0

    def state(self, state: State) -> list[str]:
        return [f"counter {c} below 0 (C1)" for c in state.counters if c < 0]

    def step(self, before: State, action: Action, quote: Quote[Action, Any],
             after: State) -> list[str]:
        self.steps += 1
        grew = sum(after.counters) - sum(before.counters)
        return [] if grew == quote.cost else [f"grew by {grew}, quoted {quote.cost}"]

    def end(self, state: State, capped: bool) -> list[str]:
        return [] if capped or max(state.counters) >= 10 else ["ended early (C3)"]


class CounterRules:
    def quote(self, state: State, action: Action, player: int | None = None) -> Any:
        return ENGINE.quote(state, action, player)

    def fingerprint(self, state: State) -> Hashable:
        return (tuple(state.counters), state.current, len(state.history))

    def history(self, state: State) -> list[tuple[int, Action]]:
        return state.history


def test_the_checker_applies_and_checks_every_action() -> None:
    inv = CounterInvariants()
    checker = Checker(CounterRules(), inv)
    s = new()
    for _ in range(4):
        s = checker.step(s, Add(2), ENGINE.apply)
    assert checker.violations == [] and checker.actions == 4 and inv.steps == 4
    checker.end(s, capped=False)
    assert checker.violations == ["at the end: ended early (C3)"]


def test_the_checker_catches_an_apply_that_changes_its_input_or_forgets_the_record() -> None:
    def sloppy(state: State, action: Action) -> State:
        state.counters[0] += 5  # in place, and more than quoted, and not recorded
        return state

    checker = Checker(CounterRules(), CounterInvariants())
    checker.step(new(), Add(1), sloppy)
    text = "\n".join(checker.violations)
    assert "changed the state it was given" in text
    assert "did not grow by one action" in text
    assert "grew by 0, quoted 1" in text  # before and after are one object
    checker.step(new(), Add(7), _force)
    assert any("quote refuses it" in v for v in checker.violations)


def _force(state: State, action: Action) -> State:
    new_state = copy.deepcopy(state)
    new_state.history.append((0, action))
    return new_state


# -- players -----------------------------------------------------------------------------------


def _play(players: list[Any], seed: int) -> State:
    s = new(2)
    for _ in range(200):
        if ENGINE.flow.over(s):
            return s
        seat = ENGINE.to_act(s)
        assert seat is not None
        s = ENGINE.apply(s, players[seat].choose(s))
    raise AssertionError("no end")


def test_random_players_play_legal_games_and_repeat_from_a_seed() -> None:
    a = _play([RandomPlayer(ENGINE, 0, 5), RandomPlayer(ENGINE, 1, 6)], 5)
    b = _play([RandomPlayer(ENGINE, 0, 5), RandomPlayer(ENGINE, 1, 6)], 5)
    assert a.history == b.history and max(a.counters) >= 10
    kinds = {action.kind for _, action in a.history}
    assert kinds == {"add", "paint"}


def test_a_random_players_pick_of_a_kind_is_the_games() -> None:
    player = RandomPlayer(ENGINE, 0, 1, picks={"add": small_first(50.0)})
    chosen = [player.choose(new()) for _ in range(30)]
    assert all(a in (Add(1), Paint(Colour.RED), Paint(Colour.BLUE)) for a in chosen)
    assert Add(1) in chosen


def test_a_greedy_player_takes_the_best_action_ahead() -> None:
    greedy = GreedyPlayer(ENGINE, 0, lambda s, seat: s.counters[seat])
    assert greedy.choose(new()) == Add(3)
    s = _play([greedy, GreedyPlayer(ENGINE, 1, lambda s, seat: s.counters[seat])], 0)
    assert all(a == Add(3) for _, a in s.history if isinstance(a, Add))
    assert s.counters[0] >= 10


# -- the one lazy-loading mechanism ------------------------------------------------------------


def test_a_lazy_reference_imports_on_first_use_and_keeps_it() -> None:
    ref: Lazy[Any] = Lazy("json:dumps")
    assert not ref.loaded and ref.ref == "json:dumps"
    assert ref.get() is json.dumps and ref.loaded and ref.get() is json.dumps
    typed: Lazy[Any] = Lazy("json:dumps", kind=str)
    with pytest.raises(LazyError, match="not a str"):
        typed.get()
    with pytest.raises(LazyError, match="has no nothing"):
        Lazy("json:nothing").get()
    with pytest.raises(LazyError, match="package.module:NAME"):
        Lazy("json")
