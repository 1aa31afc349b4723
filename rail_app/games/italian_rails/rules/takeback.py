"""Taking back a move: the train's last move, pickup, lock or drop of this move phase
may be taken back, as the eraser takes back track (K10), as long as nothing hidden was
revealed by it: no card was drawn (a lock that fills the public pool draws one, C7) and no
random draw was made.

The engine keeps the game as it was before each such action (:attr:`GameState.undo`, set in
:func:`rail_app.games.italian_rails.rules.engine.apply` for the actions the rulebook marks ``undoable``, and
cleared by every other action); :class:`TakeBack` puts it back, keeping the game's record
and history whole (the action and its taking back both stay in them), so a game record
that holds a taking back replays as it was played.

Taking back is not in the published rules (RULES.md has no id for it): this edition allows
it because a person drags a train with a mouse and may let go a dot too early, as a player
at the table would take a cube back off the wrong city before anything else happened.
Its refusal is a wrong moment (:attr:`Moment.NOTHING_TO_TAKE_BACK`), not a rule.
"""

from __future__ import annotations

from dataclasses import fields

from rail_app.core.i18n import _
from rail_app.games.italian_rails.rules.actions import TakeBack
from rail_app.games.italian_rails.rules.log import TookBack
from rail_app.games.italian_rails.rules.quotes import (
    Moment,
    Quote,
    TakeBackDetails,
    Violation,
    refused,
)
from rail_app.games.italian_rails.rules.state import GameState, log


def nothing_revealed(before: GameState, after: GameState) -> bool:
    """No card drawn, no deck shuffled, no random draw made between the two states."""
    return (after.draw_pile == before.draw_pile and after.discard == before.discard
            and after.rng.getstate() == before.rng.getstate())


def quote_take_back(state: GameState, action: TakeBack) -> Quote:
    """What taking back gives back (the rent a move paid, M3), or why not."""
    snap = state.undo
    if snap is None or len(state.history) <= len(snap.history):
        return refused(action, Violation.not_now(
            Moment.NOTHING_TO_TAKE_BACK, _("Nothing to take back: only the train's last move, pickup, lock or drop "
                  "of this phase can be taken back, and not once it made a card be drawn")))
    me = state.current
    refund = state.players[me].cash - snap.players[me].cash
    undoes = state.history[len(snap.history)][1].kind  # the action right after the snapshot
    return Quote(action, 0, (), TakeBackDetails(undoes, max(0, -refund)))


def apply_take_back(state: GameState, action: TakeBack, q: Quote) -> None:
    snap = state.undo
    assert snap is not None
    d = q.detail(TakeBackDetails)
    back = snap.copy()
    keep_log, keep_history = state.log, state.history
    for f in fields(GameState):
        setattr(state, f.name, getattr(back, f.name))
    state.rng = back.rng
    state.log, state.history = keep_log, keep_history
    state.undo = snap.undo  # and the one before it, if it too may be taken back
    log(state, TookBack(d.undoes if d is not None else "", d.refund if d is not None else 0))
