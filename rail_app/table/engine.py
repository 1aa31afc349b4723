"""The engine skeleton every game's rules stand on: quote, then apply (DESIGN.md habits 3, 4,
14).

A game writes its rules as functions and lists them in a **rulebook**: for every action type
one :class:`Rule` row (the steps or phases it answers, its quote, its apply, its words for
"Not now: ...", and optionally a faster legality check). Its :class:`Flow` says what the
engine cannot know: whether the game is over, whose input is awaited, what choice is pending,
which step the game is in, how a state is copied, what comes after an action. The
:class:`Engine` made from the two does the rest, the same way for every game:

- :meth:`Engine.quote`: the moment first (the game is over; a pending choice must be
  answered first; not your turn; the wrong step), each refusal alone and with its
  :class:`~rail_app.table.quotes.Moment`; then the rule's own quote with every violation;
- :meth:`Engine.apply`: quotes again and refuses with
  :class:`~rail_app.table.quotes.IllegalAction`, leaving the state as it was; otherwise
  copies the state (or changes it, ``inplace``), carries the action out, runs the flow the
  action asked for, records the action in the history and lets the flow settle;
- :meth:`Engine.apply_quoted`: the same for an action its caller has just quoted (the
  screen's pen, a replay): the quote is trusted, not made again. Only a quote of this very
  state may be handed to it (the screens quote, then apply at once);
- :meth:`Engine.legal_actions`: the flow's candidates, each checked (or, for an action type
  whose candidates the game lists exactly, ``Rule.listed``, taken as they are).

Several seats may act at once (a real-time game): :meth:`Flow.may_act` is a set, and an
action's seat comes from the caller or from :meth:`Flow.seat_of` (an action that names its
seat). A game whose clock moves on by itself applies its ticks as actions too.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from rail_app.core.i18n import _
from rail_app.table.quotes import IllegalAction, Moment, Quote, Violation, refused

S = TypeVar("S")
A = TypeVar("A")
S_contra = TypeVar("S_contra", contravariant=True)

AnyQuote = Quote[Any, Any]


@dataclass(frozen=True)
class Rule(Generic[S, A]):
    """One row of a rulebook: the action type's steps, its quote and its apply.

    ``when``: the steps (or phases) of the game the action answers. ``apply`` changes the
    state it is given (a copy, or the state itself for ``inplace``) and may return a value
    for the flow (:meth:`Flow.then`: the turn ends, the game starts). ``name`` is how a
    refusal for the wrong step names the action ("Not now: building is ..."). ``check``, when
    given, says whether the quote would be ``ok`` faster than quoting (for
    :meth:`Engine.legal_actions`). ``undoable``: the action may be taken back; the engine
    keeps the state before it for the flow (:meth:`Flow.settle`). ``listed``: the flow's
    candidates of this type are exactly the legal ones (the game makes each from the rules,
    as every payment a hand can make), so :meth:`Engine.legal_actions` takes them once the
    moment allows the type, without checking each; :meth:`Engine.quote`,
    :meth:`Engine.offered` and :meth:`Engine.apply` still judge every action (the
    conformance suite quotes every action listed).
    """

    when: frozenset[Hashable]
    quote: Callable[[S, A], AnyQuote]
    apply: Callable[[S, A, AnyQuote], object]
    name: str
    check: Callable[[S, A], bool] | None = None
    undoable: bool = False
    listed: bool = False


@dataclass(frozen=True)
class Pending:
    """A choice someone must make before anything else happens (a derailed train's lost
    load; a tunnel's extra cards; points as income or VP): the seat that makes it, the
    action types that answer it, and the words of a refusal meanwhile ("Waiting for Anna to
    choose which load is lost"), with the rule that explains it if one does."""

    seat: int
    answers: tuple[type, ...]
    words: str
    rule: str = ""


class Flow(Protocol[S, A]):
    """What the engine asks a game about its moment and its turns (the game's side of the
    skeleton; one object per game, usually a small class in its ``engine.py``)."""

    def over(self, state: S) -> bool:
        """Whether the game has ended."""
        ...

    def pending(self, state: S) -> Pending | None:
        """The choice that must be made first, if any."""
        ...

    def may_act(self, state: S) -> Collection[int]:
        """The seats whose input is awaited now (one seat in a game of turns; several in a
        game where seats act at once; none once it is over)."""
        ...

    def seat_of(self, state: S, action: A) -> int:
        """The seat that takes ``action`` when the caller names none (the seat whose turn it
        is; the pending choice's seat; the seat an action names)."""
        ...

    def step(self, state: S) -> Hashable:
        """The step the game is in, as the rulebook's ``when`` names them."""
        ...

    def seat_name(self, state: S, seat: int) -> str:
        ...

    def wrong_step(self, state: S, rule: Rule[S, A]) -> Violation:
        """The refusal of an action whose rule does not answer this step ("Not now: ...")."""
        ...

    def copy(self, state: S) -> S:
        """An independent copy of the state (applying to it leaves the original as it was)."""
        ...

    def history(self, state: S) -> list[tuple[int, A]]:
        """The state's list of applied actions with their seats: the game's record."""
        ...

    def candidates(self, state: S) -> Iterable[A]:
        """A superset of the legal actions now (each is checked)."""
        ...

    def then(self, state: S, action: A, result: object) -> None:
        """Runs the turn flow an applied action asked for (``result``: what its rule's
        apply returned), before the action is recorded."""
        ...

    def settle(self, state: S, action: A, result: object, before: S | None) -> None:
        """Runs after the action is recorded (phases that follow by themselves, checks after
        every action, what may be taken back: ``before`` is the state before an undoable
        action)."""
        ...


class Engine(Generic[S, A]):
    """A game's engine: its rulebook and its flow (see the module docstring)."""

    def __init__(self, rules: Mapping[type[Any], Rule[S, Any]], flow: Flow[S, A],
                 game: str = "this game") -> None:
        self.rules = rules
        self.flow = flow
        self.game = game
        #: How many quotes the engine has made (for measuring; never reset by the engine).
        self.quotes = 0

    def rule(self, action: A) -> Rule[S, Any] | None:
        return self.rules.get(type(action))

    # -- the moment ------------------------------------------------------------------------

    def moment(self, state: S, action: A, player: int | None = None) -> Violation | None:
        """Wrong-moment refusals, checked before any rule (habit 4): the game is over, the
        action is none of the game's, a choice is pending, it is not the seat's turn, the
        step is wrong."""
        flow = self.flow
        if flow.over(state):
            return Violation.not_now(Moment.GAME_OVER, _("The game is over"))
        rule = self.rule(action)
        if rule is None:
            return Violation.not_now(Moment.WRONG_PHASE, f"{type(action).__name__} is not an "
                                                         f"action of {self.game}")
        pending = flow.pending(state)
        if pending is not None:
            if not isinstance(action, pending.answers):
                return Violation.not_now(Moment.PENDING, pending.words, pending.rule)
            if player is not None and player != pending.seat:
                return Violation.not_now(Moment.NOT_YOUR_TURN,
                                         _("It is not your choice to make"))
            return None
        seat = player if player is not None else flow.seat_of(state, action)
        awaited = flow.may_act(state)
        if seat not in awaited:
            who = next(iter(awaited), None)
            name = flow.seat_name(state, who) if who is not None else _("nobody")
            return Violation.not_now(Moment.NOT_YOUR_TURN,
                                     _("It is {name}'s turn").format(name=name))
        if flow.step(state) not in rule.when:
            return flow.wrong_step(state, rule)
        return None

    # -- quote, apply -----------------------------------------------------------------------

    def quote(self, state: S, action: A, player: int | None = None) -> AnyQuote:
        """Cost and every violation of ``action`` by ``player`` (None: the seat the flow
        says takes it)."""
        self.quotes += 1
        moment = self.moment(state, action, player)
        if moment is not None:
            return refused(action, moment)
        rule = self.rule(action)
        assert rule is not None
        return rule.quote(state, action)

    def apply(self, state: S, action: A, player: int | None = None, *,
              inplace: bool = False) -> S:
        """Carry out a legal action and return the new state (``state`` itself with
        ``inplace``); :class:`IllegalAction` otherwise, the state as it was."""
        return self.apply_quoted(state, self.quote(state, action, player), player,
                                 inplace=inplace)

    def apply_quoted(self, state: S, quote: AnyQuote, player: int | None = None, *,
                     inplace: bool = False) -> S:
        """Carry out the action of ``quote``, a quote just made of this very state by the
        same seat (the caller's promise: it is not quoted again). :class:`IllegalAction` for
        a quote that refuses it."""
        if not quote.ok:
            raise IllegalAction(quote)
        action: A = quote.action
        rule = self.rule(action)
        if rule is None:
            raise IllegalAction(refused(action, Violation.not_now(
                Moment.WRONG_PHASE, f"{type(action).__name__} is not an action of "
                                    f"{self.game}")))
        flow = self.flow
        seat = player if player is not None else flow.seat_of(state, action)
        new = state if inplace else flow.copy(state)
        before = (flow.copy(state) if inplace else state) if rule.undoable else None
        result = rule.apply(new, action, quote)
        flow.then(new, action, result)
        flow.history(new).append((seat, action))
        flow.settle(new, action, result, before)
        return new

    # -- what may be done ---------------------------------------------------------------------

    def offered(self, state: S, action: A) -> bool:
        """Whether ``action`` is legal now for the seat that would take it (the rule's quick
        check when it has one)."""
        if self.moment(state, action) is not None:
            return False
        rule = self.rule(action)
        assert rule is not None
        if rule.check is not None:
            return rule.check(state, action)
        self.quotes += 1
        return rule.quote(state, action).ok

    def candidates(self, state: S) -> list[A]:
        """What :meth:`legal_actions` looks at before any is checked (a player that wants one
        legal action checks them with :meth:`offered` until one is)."""
        if self.flow.over(state):
            return []
        return list(self.flow.candidates(state))

    def legal_actions(self, state: S) -> list[A]:
        """Every legal action now, in the order of the flow's candidates: each as
        :meth:`offered` judges it, the moment worked out once for each action type and seat
        (all it depends on) rather than once for each action."""
        candidates = self.candidates(state)
        flow = self.flow
        moments: dict[tuple[type, int], Rule[S, Any] | None] = {}
        out: list[A] = []
        for action in candidates:
            key = (type(action), flow.seat_of(state, action))
            if key in moments:
                rule = moments[key]
            else:
                rule = moments[key] = (self.rule(action) if self.moment(state, action) is None
                                       else None)
            if rule is None:
                continue
            if rule.listed:
                out.append(action)
                continue
            if rule.check is not None:
                if rule.check(state, action):
                    out.append(action)
                continue
            self.quotes += 1
            if rule.quote(state, action).ok:
                out.append(action)
        return out

    def may_act(self, state: S) -> tuple[int, ...]:
        """The seats whose input is awaited now: none once it is over, the pending choice's
        seat, else the flow's seats (several in a game where seats act at once)."""
        if self.flow.over(state):
            return ()
        pending = self.flow.pending(state)
        if pending is not None:
            return (pending.seat,)
        return tuple(self.flow.may_act(state))

    def to_act(self, state: S) -> int | None:
        """The seat whose input is awaited, when it is one seat (None when it is over, or
        when several seats may act at once: :meth:`may_act` says which)."""
        seats = self.may_act(state)
        return seats[0] if len(seats) == 1 else None


class Player(Protocol[S_contra, A]):  # type: ignore[misc]
    """A computer seat: handed what its seat may see, it returns one action at a time."""

    def choose(self, view: S_contra) -> A: ...
