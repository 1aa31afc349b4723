"""Steam's game over figures: each score part by part (S-W2), and a chart of the score as
it stood after each turn, as if the game had ended then (not the VP track alone, on which
the player who builds income and links looks last)."""

from __future__ import annotations

from rail_app.games.steam.ai import make_player
from rail_app.games.steam.rules import boundary
from rail_app.games.steam.ui.front import FRONT
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui.session import GameSetup, Session

MAP = "maps/test/steam-small.yaml"


def test_the_chart_is_the_score_if_the_game_ended_after_each_turn_S_W2() -> None:
    """S-W2: the game over chart after each turn is the score S-W2 makes of the game as it
    stood then (VP, income's VP, complete links), ending on the final score."""
    seats = [Seat(n, SeatKind.COMPUTER, Level.EASY, ink)
             for n, ink in (("Anna", "blue"), ("Bruno", "orange"), ("Carla", "vermillion"))]
    session = Session.new(GameSetup(MAP, seats, 3, game="steam"))
    bots = [make_player("greedy", s, 3 + s) for s in range(3)]
    scores_after: list[tuple[int, ...]] = []  # as each turn from the second began
    while session.state.turn < 4:
        st = session.state
        seat = session.actor
        assert session.apply(bots[seat].choose(st, seat)).ok
        if session.state.turn > st.turn >= 1:
            scores_after.append(boundary.scores(session.state))
    table = FRONT.final_table(session)
    final = boundary.scores(session.state)
    chart = table.chart
    assert len(chart) == 3
    # a point after each of turns 1-3 and the position now
    assert all(len(line) == 4 for line in chart), chart
    assert tuple(line[-1] for line in chart) == final
    for i, then in enumerate(scores_after):
        assert tuple(line[i] for line in chart) == then
    vp_track = tuple(p.vp for p in session.state.players)
    assert tuple(line[-1] for line in chart) != vp_track  # income and links count too
    assert "as if the game had ended" in table.chart_heading
