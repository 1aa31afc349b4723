"""The Standard game explained as itself on Steam's screen: its own first-game hints and F1
page (money raised only in phase 1, S-S4; the auction paid by place, S-S6; the Turn Order
tile's free pass, S-S7; free action tiles, S-S8; track paid from cash, S-S9; upkeep,
S-S10), the auction's state on the side panel, and the free pass named in the history."""

from __future__ import annotations

from typing import Any

from rail_app.games.steam.ai import make_player
from rail_app.games.steam.rules import events as ev
from rail_app.games.steam.rules.state import Step
from rail_app.games.steam.ui import helpwords, words
from rail_app.games.steam.ui.auctionpanel import auction_lines, seat_line
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui.session import GameSetup, Session

MAP = "maps/test/steam-small.yaml"


def test_S_S9_S_S10_the_standard_games_hints_are_its_own() -> None:
    """The Standard game's first-game hints are its own: track paid from the cash in hand
    (S-S9), never borrowed; upkeep (S-S10); the auction paid by place (S-S6)."""
    build = helpwords.hint(Step.BUILD, basic=False)
    assert "(S-S9)" in build and "borrowed" not in build and "(S-M3)" not in build
    assert "(S-M3)" in helpwords.hint(Step.BUILD, basic=True)
    assert "(S-S6)" in helpwords.hint(Step.BID, basic=False)
    assert "borrowed" in helpwords.hint(Step.BID, basic=True)
    assert "(S-S10)" in helpwords.hint(Step.POINTS, basic=False)
    assert "(S-S8)" in helpwords.hint(Step.CHOOSE, basic=False)
    # read once in the Basic game, the Standard game's own hint is still shown
    assert helpwords.hint_key(Step.BUILD, False) != helpwords.hint_key(Step.BUILD, True)
    assert all(len(k or "") <= 20 for s in helpwords.HINT_KEYS
               for k in (helpwords.hint_key(s, False), helpwords.hint_key(s, True)))


def test_S_S3_S_S4_f1_says_the_standard_games_seven_phases() -> None:
    """F1 says the Standard game's seven phases (S-S3), acquiring capital first (S-S4), and
    nothing of the Basic game's borrowing."""
    std = [line for _h, body in helpwords.help_sections(basic=False) for line in body]
    basic = [line for _h, body in helpwords.help_sections(basic=True) for line in body]
    assert any(line.startswith("1 Acquire capital") and "(S-S4)" in line for line in std)
    for rule in ("(S-S6)", "(S-S7)", "(S-S8)", "(S-S9)"):
        assert any(rule in line for line in std), rule
    assert any("S-S10" in line for line in std)
    assert not any("borrowed" in line or "(S-M3)" in line for line in std)
    assert any("(S-M3)" in line for line in basic)
    assert not any("Acquire capital" in line for line in basic)


def _standard(app: Any) -> tuple[Any, Session[Any]]:
    inks = ("blue", "orange", "vermillion", "bluish green")
    seats = [Seat(n, SeatKind.HUMAN, Level.NORMAL, inks[i])
             for i, n in enumerate(("Anna", "Bruno", "Carla", "Dario"))]
    session = Session.new(GameSetup(MAP, seats, 6, {"standard": True}, game="steam"))
    app.reset(app.screens.game(session))
    app.step(0.02, [])
    return app.scene, session


def test_S_S5_S_S6_S_S7_the_auction_on_screen(app: Any) -> None:
    """In turn 2's auction: the first-game hint is the Standard game's, the panel names the
    high bid and its holder, who bids, what each place pays; the rows say who is in, who
    took which place and who may pass once; the free pass is named in the history (S-S5, S-S6, S-S7)."""
    scene, session = _standard(app)
    bots = [make_player("greedy", s, 9 + s) for s in range(4)]
    for _ in range(2000):
        st = session.state
        a = st.auction
        if st.turn >= 2 and st.step is Step.BID and a is not None and a.high >= 0 \
                and a.free_pass >= 0:
            break
        seat = session.actor
        assert session.apply(bots[seat].choose(st, seat)).ok
    st = session.state
    a = st.auction
    assert a is not None and a.standard and a.high >= 0
    app.step(0.02, [])
    hint = scene.current_hint()
    assert hint is not None and hint[0] == "steam-std-bid" and "(S-S6)" in hint[1]
    lines = [text for text, _strong in auction_lines(scene.frame.ctx, a)]
    assert f"High bid: ${a.high}, {st.name(a.high_bidder)}" in lines
    assert f"To bid: {st.name(a.current)}" in lines
    assert "places 1 and 2: their highest bid" in lines and "place 4: nothing" in lines
    assert "places 3 to 3: half of it, rounded up" in lines
    assert "may pass once (S-S7)" in seat_line(a, a.free_pass)
    # the holder of Turn Order passes once and stays in; the history says so
    holder = a.free_pass
    assert holder in a.active
    text = words.sentence(st, ev.BidPassed(holder, free=True))
    assert text is not None and "stays in the auction (S-S7)" in text
    text = words.sentence(st, ev.BidPassed(holder, place=3))
    assert text is not None and "takes place 3" in text
