"""Steam's rules as the table reads them: :data:`RULES`, the kit's
:class:`~rail_app.table.gamedef.Rules` made of the engine, the codec and the game's own
functions (loaded once, by ``STEAM.rules``, when a game is first played or replayed).

The table's options are check boxes (New game's); the records write Steam's own options
(``game``, ``first_order``, ``novice_borrowing``, ``six_players``: ``docs/steam.md``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rail_app.core.geometry import Projection, load_geometry
from rail_app.core.mapfile import LineIndex, MapError, MapProblem
from rail_app.games.steam.rules import engine, invariants, turns
from rail_app.games.steam.rules.actions import CODEC, Action
from rail_app.games.steam.rules.actionwords import action_words
from rail_app.games.steam.rules.board import Board
from rail_app.games.steam.rules.events import OrderSet
from rail_app.games.steam.rules.identity import (
    FIRST_ORDER,
    GAME,
    MAX_SEATS_OPTION,
    NOVICE_BORROWING,
    RANDOM_ORDER,
    SIX_PLAYERS,
    STANDARD,
)
from rail_app.games.steam.rules.mapfile import load_board as load_map
from rail_app.games.steam.rules.mapfile import summary as map_summary
from rail_app.games.steam.rules.replay import (
    fingerprint,
    save_lines,
    save_summary,
    save_summary_from_json,
    state_summary,
    summary_lines,
)
from rail_app.games.steam.rules.state import (
    EndReason,
    FirstOrder,
    GameState,
    Options,
    Variant,
)
from rail_app.table.gamedef import Rules
from rail_app.table.outcome import Outcome, OutcomeReason

#: The table's options (New game's flags) and the one a harness may add.
OPTION_KEYS = frozenset({STANDARD, RANDOM_ORDER, SIX_PLAYERS, NOVICE_BORROWING})


def _check_background(board: Board, path: str) -> None:
    """The map's ``background:`` GeoJSON read as the map's picture reads it; MapError names
    its file and line."""
    assert board.background is not None
    proj = Projection(board.grid.projection, board.grid.lon0, board.grid.lat0)
    _, problems = load_geometry(board.background, Path(path), board.shown, LineIndex(), proj)
    if problems:
        raise MapError([MapProblem(p.file, p.line, p.message) for p in problems])


def load_board(path: str | os.PathLike[str], needs: Mapping[str, object] | None = None
               ) -> Board:
    board = load_map(os.fspath(path))
    if needs is None and board.background is not None:  # validate-map reads it all
        _check_background(board, os.fspath(path))
    return board


def _map_summary(board: Board) -> dict[str, Any]:
    info = map_summary(board)
    info.pop("name", None)
    return info


def rules_options(options: Mapping[str, object], seats: int) -> Options:
    """The table's options (New game's flags) as Steam's own; ValueError names a fault.
    ``novice_borrowing`` (the seats that borrow as novices, S-S12) is taken as it is."""
    unknown = sorted(set(options) - OPTION_KEYS)
    if unknown:
        raise ValueError(f"unknown option(s) {unknown}; the options are {sorted(OPTION_KEYS)}")
    for key in (STANDARD, RANDOM_ORDER, SIX_PLAYERS):
        if not isinstance(options.get(key, False), bool):
            raise ValueError(f"option {key}: true or false")
    data: dict[str, object] = {
        GAME: STANDARD if options.get(STANDARD) else "basic",
        FIRST_ORDER: "random" if options.get(RANDOM_ORDER) else "auction",
        SIX_PLAYERS: bool(options.get(SIX_PLAYERS)),
    }
    if NOVICE_BORROWING in options:
        data[NOVICE_BORROWING] = options[NOVICE_BORROWING]
    return Options.from_mapping(data, seats)


def table_options(opts: Options) -> dict[str, object]:
    """Steam's own options as the table's."""
    out: dict[str, object] = {
        STANDARD: opts.game is Variant.STANDARD,
        RANDOM_ORDER: opts.first_order is FirstOrder.RANDOM,
        SIX_PLAYERS: opts.six_players,
    }
    if opts.novice:
        out[NOVICE_BORROWING] = list(opts.novice)
    return out


def new_game(board: Board, seats: Sequence[str], options: Mapping[str, object],
             seed: int) -> GameState:
    return engine.new_game(board, list(seats), rules_options(options, len(seats)), seed)


def indistinguishable(state: GameState, seat: int, seed: int) -> GameState:
    """Nothing is hidden but the random generator, which nothing draws from after the
    set-up (S-I1): the same game with a generator seeded anew."""
    other = state.copy()
    other.rng = random.Random(seed)
    return other


def outcome(state: GameState) -> Outcome | None:
    """S-W2/S-W3: ranks from the order of the final score (ties already broken by the
    action tiles, so no two seats share a rank; the bankrupt rank last, the later bankrupt
    first); a bankrupt seat scores 0."""
    out = state.outcome
    if out is None:
        return None
    ranks = [0] * state.seats
    for place, seat in enumerate(out.ranks, start=1):
        ranks[seat] = place
    if out.reason is EndReason.FINISHED:
        reason = (OutcomeReason.LAST_TURN if state.turn >= state.last_turn
                  else OutcomeReason.TURN_CAP)
    else:
        reason = OutcomeReason.BANKRUPTCY
    scores = tuple(s if s is not None else 0 for s in out.scores)
    out_of_it = frozenset(seat for seat, s in enumerate(out.scores) if s is None)
    return Outcome(tuple(ranks), scores, reason, out_of_it)


def end_early(state: GameState) -> GameState:
    """S-W2 at a harness's cap: the game is scored as it stands (ties: S-W3)."""
    if state.outcome is None:
        turns.finish(state)
    return state


def scores(state: GameState) -> tuple[int, ...]:
    """Each seat's score now (S-W2: VP, VP of income, complete links); a bankrupt seat
    scores 0."""
    if state.outcome is not None:
        return tuple(s if s is not None else 0 for s in state.outcome.scores)
    return tuple(0 if p.out else turns.score(state, s).total
                 for s, p in enumerate(state.players))


def turns_taken(state: GameState) -> tuple[int, ...]:
    """Every seat plays every turn: the turns finished (all of them once it is over)."""
    done = state.turn if state.outcome is not None else max(0, state.turn - 1)
    return (done,) * state.seats


def first_seat(state: GameState) -> int | None:
    """The seat first in the turn order of the first turn (S-T2, S-S5)."""
    for e in state.log:
        if isinstance(e, OrderSet) and e.order:
            return e.order[0]
    return None


def options_to_record(options: Mapping[str, object]) -> dict[str, Any]:
    """One key of the record, ``options``: Steam's own (``docs/steam.md``)."""
    return {"options": rules_options(options, MAX_SEATS_OPTION).to_dict()}


def options_from_record(data: Mapping[str, Any]) -> dict[str, object]:
    raw = data.get("options", {})
    if not isinstance(raw, dict):
        raise ValueError("options: an object of Steam's options expected")
    return table_options(Options.from_mapping(raw, MAX_SEATS_OPTION))


RULES: Rules[Board, GameState, Action] = Rules(
    engine=engine.ENGINE,
    codec=CODEC,
    load_board=load_board,
    map_summary=_map_summary,
    board_name=lambda board: board.name,
    new_game=new_game,
    # Everything: Steam has no hidden information (after the set-up nothing is drawn, S-I1;
    # the bag's cubes are never drawn again, D-37).
    seen_by=lambda state, seat: state,
    indistinguishable=indistinguishable,
    outcome=outcome,
    end_early=end_early,
    scores=scores,
    turn=lambda state: state.turn,
    turns_taken=turns_taken,
    first_seat=first_seat,
    seat_names=lambda state: [p.name for p in state.players],
    action_words=action_words,
    options_of=lambda state: table_options(state.options),
    options_to_record=options_to_record,
    options_from_record=options_from_record,
    replay_summary=state_summary,
    replay_lines=summary_lines,
    fingerprint=fingerprint,
    summary=save_summary,
    summary_from_json=save_summary_from_json,
    summary_lines=save_lines,
    checker=invariants.checker,
    invariants=invariants.invariants,
)
