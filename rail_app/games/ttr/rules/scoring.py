"""FinalScores scoring (T-W2, T-W3, T-K3, T-K4, T-E7, T-X1-T-X3, D-21, D-22, D-27, D-28, D-37).

:func:`final_scores` works out every seat's score, part by part, from the board and who owns
what: the route points recounted from the routes claimed (D-37: they must equal what was
scored during the game), the tickets completed and failed with the stations' best use
(D-21), 4 points per station in reserve (T-E7), and the European Express for the longest
continuous path (T-X1, shared on a tie, T-X3; none without a route, D-28). Ranks follow the
score, then most tickets completed, then fewest stations built, then the Express card;
seats still tied share their place (T-W3, D-27). A score starts at 0 and has no floor: it
may end negative (D-4).
"""

from __future__ import annotations

from collections.abc import Sequence

from rail_app.games.ttr.rules.network import longest_path, routes_of, ticket_results
from rail_app.games.ttr.rules.state import EndReason, FinalScores, GameState, SeatScore
from rail_app.table.outcome import ranks_from_keys


def route_points(state: GameState, seat: int) -> int:
    """T-C6, D-37: the points of the routes ``seat`` has claimed, recounted."""
    board = state.board
    return sum(board.routes[r].points for r in routes_of(state.owner, seat))


def longest(state: GameState, seat: int) -> int:
    """T-X1, T-X2: the seat's longest continuous path, in spaces (own routes only)."""
    return longest_path(state.board, routes_of(state.owner, seat))


def final_scores(state: GameState, reason: EndReason) -> FinalScores:
    """Every seat's final score and rank (see the module docstring)."""
    board = state.board
    lengths = [longest(state, s) for s in range(state.seats)]
    top = max(lengths)
    scores = []
    for seat, p in enumerate(state.players):
        stations = [c for c, o in enumerate(state.station_of) if o == seat]
        tickets = ticket_results(board, state.owner, seat, stations, p.tickets)
        scores.append(SeatScore(
            seat=seat, routes=route_points(state, seat), completed=tickets.completed,
            failed=tickets.failed, won=tickets.won, lost=tickets.lost,
            stations_left=p.stations, longest=lengths[seat],
            express=top >= 1 and lengths[seat] == top,  # T-X3, D-28
            borrowed=tickets.borrowed))
    return FinalScores(reason, tuple(scores),
                       ranks_of(scores, [p.built for p in state.players]))


def ranks_of(scores: Sequence[SeatScore], built: Sequence[int]) -> tuple[int, ...]:
    """T-W3: the highest score first; tied seats by most tickets completed, then fewest
    stations built (D-22: a built station is used), then the European Express; seats still
    tied share their place (D-27)."""
    keys = [(s.total, len(s.completed), -built[s.seat], int(s.express)) for s in scores]
    return ranks_from_keys(keys)
