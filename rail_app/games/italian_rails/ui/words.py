"""Places and events in a player's words (UX.md "Words a player reads").

The engine writes dots as grid keys ("-9,-20") in its history and in some of its reasons;
players name places by their city, or by distance and direction from the nearest one
("3 dots south-east of Bologna", :meth:`Board.place_name`). :func:`speak` turns the
engine's sentences into those words, and :func:`history_lines` makes the history a player
reads: one line per stroke of track, with its cost, instead of one per segment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.state import GameState, LogEntry

# a dot's grid key, not part of a longer number or of a decimal ("12M", "1.5" are not keys)
_KEY = r"(?<![\d.,])-?\d+,-?\d+(?![\d.]|,\d)"
_KEY_RE = re.compile(_KEY)
_SEGMENT_RE = re.compile(rf"({_KEY})-({_KEY})")


def place(board: Board, d: int) -> str:
    """Dot ``d`` as players name it."""
    return board.place_name(d)


def speak(board: Board, text: str) -> str:
    """``text`` with every grid key of a dot replaced by the place's name."""

    def segment(m: re.Match[str]) -> str:
        a, b = board.find_dot(m.group(1)), board.find_dot(m.group(2))
        if a is None or b is None:
            return m.group(0)
        return f"the segment from {place(board, a)} to {place(board, b)}"

    def key(m: re.Match[str]) -> str:
        d = board.find_dot(m.group(0))
        return m.group(0) if d is None else place(board, d)

    return _KEY_RE.sub(key, _SEGMENT_RE.sub(segment, text))


@dataclass(frozen=True)
class HistoryLine:
    """One line of the history panel."""

    turn: int
    player: int | None
    text: str
    kind: str  # action | build | event | payment | info


def _segment(entry: LogEntry) -> tuple[str, str, int] | None:
    """(from, to, cost) of a segment built, from the engine's history entry."""
    edge = entry.data.get("edge")
    cost = entry.data.get("cost")
    if (entry.kind == "build" and isinstance(edge, list) and len(edge) == 2
            and all(isinstance(k, str) for k in edge) and isinstance(cost, int)):
        return edge[0], edge[1], cost
    return None


def _erased(entry: LogEntry) -> bool:
    return entry.kind == "build" and " erases " in entry.text


def history_lines(state: GameState, player: int | None = None) -> list[HistoryLine]:
    """The game's history as a player reads it, oldest first: consecutive segments that a
    player drew one after the other in a turn (a stroke) make one line with the stroke's
    cost; erasures one line per run; places in words. ``player``: only that player's lines
    and the lines of no player."""
    board = state.board
    out: list[HistoryLine] = []
    log = state.log
    i = 0
    while i < len(log):
        e = log[i]
        name = state.players[e.player].name if e.player is not None else ""
        seg = _segment(e)
        if seg is not None:
            start, end, cost = seg
            n = 1
            j = i + 1
            while j < len(log):
                nxt = _segment(log[j])
                if nxt is None or log[j].player != e.player or log[j].turn != e.turn \
                        or nxt[0] != end:
                    break
                end = nxt[1]
                cost += nxt[2]
                n += 1
                j += 1
            a, b = board.find_dot(start), board.find_dot(end)
            frm = place(board, a) if a is not None else start
            to = place(board, b) if b is not None else end
            what = "a segment" if n == 1 else f"{n} segments"
            out.append(HistoryLine(e.turn, e.player,
                                   f"{name} builds {what} from {frm} to {to} ({cost}M)", "build"))
            i = j
            continue
        if _erased(e):
            j = i + 1
            while j < len(log) and _erased(log[j]) and log[j].player == e.player \
                    and log[j].turn == e.turn:
                j += 1
            text = speak(board, e.text) if j == i + 1 else f"{name} erases {j - i} segments"
            out.append(HistoryLine(e.turn, e.player, text, "build"))
            i = j
            continue
        out.append(HistoryLine(e.turn, e.player, speak(board, e.text), e.kind))
        i += 1
    if player is not None:
        out = [h for h in out if h.player is None or h.player == player]
    return out
