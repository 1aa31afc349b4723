"""Quote, then apply: the one door through which a game of Steam changes.

``new_game`` sets a game up; ``quote(state, action)`` returns the cost and *every* violation,
each naming a rule id of ``docs/steam-rules.md`` in a player's words; wrong-moment refusals
(game over, someone else must choose first, not your turn, wrong phase) come first and alone.
``apply`` re-checks, raises :class:`IllegalAction` on an illegal action and leaves the state
untouched; otherwise it returns the new state (or changes ``state`` itself with
``inplace=True``, for simulations). Everything about actions and phases comes from the table
in :mod:`rail_app.games.steam.rules.rulebook`.

This module's functions are what the game boundary wraps: ``new_game``, ``quote``, ``apply``,
``legal_actions``, ``seen_by``, ``to_act``, ``outcome``, ``summary``.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from typing import Any

from rail_app.games.steam.rules import turns
from rail_app.games.steam.rules.actions import Action, Declare, TakePoints
from rail_app.games.steam.rules.board import Board
from rail_app.games.steam.rules.quotes import IllegalAction, Moment, Quote, Violation
from rail_app.games.steam.rules.rulebook import ACTIONS, CANDIDATES, FLOW, LAST_PHASE, PHASES
from rail_app.games.steam.rules.state import (
    MAX_SEATS,
    MAX_SEATS_OPTION,
    MIN_SEATS,
    GameState,
    Options,
    Outcome,
    Phase,
    PlayerState,
    Step,
)
from rail_app.table.engine import Engine, Pending, Rule

__all__ = ["ENGINE", "IllegalAction", "Quote", "Violation", "apply", "apply_quoted",
           "candidates", "legal_actions", "new_game", "offered", "outcome", "quote", "seen_by",
           "summary", "to_act"]


def new_game(board: Board, seats: Sequence[str], options: Mapping[str, object] | Options
             | None = None, seed: int = 0) -> GameState:
    """A new game on ``board`` for the players named in ``seats`` (seat order = clockwise
    order around the table, S-T2). Every random draw of the game happens here, from
    ``seed`` (S-I1). ValueError names a bad option or seat count (S-V1)."""
    n = len(seats)
    opts = options if isinstance(options, Options) else Options.from_mapping(options or {}, n)
    top = MAX_SEATS_OPTION if opts.six_players else MAX_SEATS
    if not MIN_SEATS <= n <= top:
        extra = "" if opts.six_players else " (6 with the six-player option, S-V1)"
        raise ValueError(f"Steam is played by {MIN_SEATS} to {top} players{extra}, not {n}")
    if any(s < 0 or s >= n for s in opts.novice):
        raise ValueError("option novice_borrowing: a seat number out of range")
    state = GameState(board=board, options=opts, seed=seed, rng=random.Random(seed),
                      players=[PlayerState(str(name)) for name in seats])
    turns.setup(state)
    turns.start(state, FLOW, PHASES, LAST_PHASE)
    return state


class SteamFlow:
    """What the kit's engine asks of Steam (:class:`rail_app.table.engine.Flow`): the input
    step (the rulebook's steps), the choices that wait for one seat (points as income or VP,
    S-G6; perform or pass, S-A7), whose input is awaited, and the phases that follow an
    action by themselves (``turns.advance``)."""

    def over(self, state: GameState) -> bool:
        return state.phase is Phase.OVER

    def pending(self, state: GameState) -> Pending | None:
        actor = state.actor()
        if actor is None:
            return None
        if state.step is Step.POINTS:
            return Pending(actor, (TakePoints,), f"Waiting for {state.name(actor)} to take "
                                                 "their points as income or as VP", "S-G6")
        if state.step is Step.DECLARE:
            return Pending(actor, (Declare,), f"Waiting for {state.name(actor)} to declare "
                                              "perform or pass", "S-A7")
        return None

    def may_act(self, state: GameState) -> Collection[int]:
        actor = state.actor()
        return () if actor is None else (actor,)

    def seat_of(self, state: GameState, action: Action) -> int:
        actor = state.actor()
        return -1 if actor is None else actor

    def step(self, state: GameState) -> Hashable:
        return state.step

    def seat_name(self, state: GameState, seat: int) -> str:
        return state.name(seat)

    def wrong_step(self, state: GameState, rule: Rule[GameState, Any]) -> Violation:
        return Violation.not_now(Moment.WRONG_PHASE,
                                 f"Not now: {rule.name} is not part of the {state.phase} phase")

    def copy(self, state: GameState) -> GameState:
        return state.copy()

    def history(self, state: GameState) -> list[tuple[int, Action]]:
        return state.history

    def candidates(self, state: GameState) -> Iterable[Action]:
        return CANDIDATES[state.step](state)

    def then(self, state: GameState, action: Action, result: object) -> None:
        pass

    def settle(self, state: GameState, action: Action, result: object,
               before: GameState | None) -> None:
        turns.advance(state, FLOW, PHASES, LAST_PHASE)


#: Steam's engine: the kit's skeleton over the rulebook's actions and :class:`SteamFlow`.
ENGINE: Engine[GameState, Action] = Engine(ACTIONS, SteamFlow(), "Steam")

# the engine's work under the names the rules, the players and the tests call
quote, apply, apply_quoted = ENGINE.quote, ENGINE.apply, ENGINE.apply_quoted
legal_actions, candidates, offered = ENGINE.legal_actions, ENGINE.candidates, ENGINE.offered
to_act, moment_violation = ENGINE.to_act, ENGINE.moment


def outcome(state: GameState) -> Outcome | None:
    return state.outcome


def seen_by(state: GameState, seat: int) -> GameState:
    """What ``seat`` may know: everything (Steam has no hidden information; the bag is never
    drawn from after set-up)."""
    return state


def summary(state: GameState) -> dict[str, Any]:
    """For the save screen: the turn, the phase, each player's tracks, and the scores."""
    out = state.outcome
    return {
        "game": "steam",
        "variant": str(state.options.game),
        "turn": state.turn,
        "last_turn": state.last_turn,
        "phase": str(state.phase),
        "over": state.phase is Phase.OVER,
        "players": [{"name": p.name, "cash": p.cash, "income": p.income, "vp": p.vp,
                     "loco": p.loco, "out": p.out} for p in state.players],
        "scores": list(out.scores) if out is not None else
        [turns.score(state, s).total if not p.out else None
         for s, p in enumerate(state.players)],
        "winner": out.winner if out is not None else None,
    }
