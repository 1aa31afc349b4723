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
from collections.abc import Mapping, Sequence
from typing import Any

from rail_app.games.steam.rules import auction, turns
from rail_app.games.steam.rules.actions import Action, Declare, TakeCapital, TakePoints
from rail_app.games.steam.rules.board import Board
from rail_app.games.steam.rules.quotes import IllegalAction, Moment, Quote, Violation, refused
from rail_app.games.steam.rules.rulebook import CANDIDATES, FLOW, LAST_PHASE, PHASES, rule_for
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

__all__ = ["IllegalAction", "Quote", "Violation", "apply", "candidates", "legal_actions",
           "new_game", "offered", "outcome", "quote", "seen_by", "summary", "to_act"]


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


def moment_violation(state: GameState, action: Action, player: int | None) -> Violation | None:
    """Wrong-moment refusals, checked before any rule; a request for money from the bank at
    a moment it is not lent names its rule (S-M3; Standard S-S4, S-S9)."""
    if state.phase is Phase.OVER:
        return Violation.not_now(Moment.GAME_OVER, "The game is over")
    rule = rule_for(action)
    if rule is None:
        return Violation.not_now(Moment.WRONG_PHASE, f"{type(action).__name__} is not an "
                                                     "action of Steam")
    if isinstance(action, TakeCapital):  # a request for money names its rule (S-M3, S-S4)
        refusal = auction.capital_refusal(state)
        if refusal is not None:
            return refusal
    actor = state.actor()
    if state.step is Step.POINTS and not isinstance(action, TakePoints) and actor is not None:
        return Violation.not_now(Moment.WAITING, f"Waiting for {state.name(actor)} to take "
                                                 "their points as income or as VP", "S-G6")
    if state.step is Step.DECLARE and not isinstance(action, Declare) and actor is not None:
        return Violation.not_now(Moment.WAITING, f"Waiting for {state.name(actor)} to declare "
                                                 "perform or pass", "S-A7")
    if player is not None and player != actor:
        who = state.name(actor) if actor is not None else "nobody"
        return Violation.not_now(Moment.NOT_YOUR_TURN, f"It is {who}'s turn")
    if state.step not in rule.steps:
        return Violation.not_now(Moment.WRONG_PHASE,
                                 f"Not now: {rule.name} is not part of the {state.phase} phase")
    return None


def quote(state: GameState, action: Action, player: int | None = None) -> Quote:
    """Cost and every violation of ``action`` by the player to act (or ``player``)."""
    moment = moment_violation(state, action, player)
    if moment is not None:
        return refused(action, moment)
    rule = rule_for(action)
    assert rule is not None
    q: Quote = rule.quote(state, action)
    return q


def apply(state: GameState, action: Action, player: int | None = None, *,
          inplace: bool = False) -> GameState:
    """Carry out a legal action and return the new state; IllegalAction otherwise."""
    q = quote(state, action, player)
    if not q.ok:
        raise IllegalAction(q)
    rule = rule_for(action)
    assert rule is not None
    actor = state.actor()
    assert actor is not None
    new = state if inplace else state.copy()
    rule.apply(new, action, q)
    new.history.append((actor, action))
    turns.advance(new, FLOW, PHASES, LAST_PHASE)
    return new


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action of the player to act. Building is searched where a tile could be
    legal at all (see ``build.tile_candidates``: complete for lays, upgrades and redirects);
    New Cities and Urban Growth are listed once per distinct set of reserve cubes; moves once
    per distinct route (source, colour, stops, controllers)."""
    return [action for action in candidates(state) if offered(state, action)]


def candidates(state: GameState) -> list[Action]:
    """The actions :func:`legal_actions` looks at, before any is checked (a player that
    wants only one legal action checks them with :func:`offered` until one is)."""
    if state.phase is Phase.OVER:
        return []
    return CANDIDATES[state.step](state)


def offered(state: GameState, action: Action) -> bool:
    """Whether a candidate of :func:`candidates` is legal for the player to act."""
    rule = rule_for(action)
    assert rule is not None
    return rule.check(state, action) if rule.check is not None else rule.quote(state, action).ok


def to_act(state: GameState) -> int | None:
    """Whose input the game waits for (None when it is over)."""
    return state.actor()


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
