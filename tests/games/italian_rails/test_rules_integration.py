"""Integration gaps between the parts of the rules, found by playing whole games."""

from __future__ import annotations

from test_cards import BOARD, arranged

from rail_app.games.italian_rails.rules import build
from rail_app.games.italian_rails.rules.actions import (
    Action,
    BuildFerry,
    BuildSegment,
    EndPhase,
    EndTurn,
    EraseSegment,
    Lock,
    SwapDemands,
    TakeLoan,
    UpgradeLoco,
)
from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.games.italian_rails.rules.engine import apply, legal_actions, quote
from rail_app.games.italian_rails.rules.state import VARIANT_LOANS, GameState, Load, Phase


def _build_turn_state() -> GameState:
    """Phase B of a player's first turns (T2), with the Loans variant, before any action."""
    state = arranged([1, 6, 7, 8, 9, 10])
    state.phase = Phase.BUILD
    state.players[0].turns_taken = 1
    state.variants = frozenset({VARIANT_LOANS})
    port = BOARD.ferries[0].ports[0]  # earlier track reaching a port: the ferry may be taken
    n = next(n for n in BOARD.adj[port] if BOARD.edges[edge_key(port, n)].forbidden is None
             and not BOARD.edges[edge_key(port, n)].free)
    state.owner[edge_key(port, n)] = 0
    state.players[0].track.add(edge_key(port, n))
    return state


def _building_actions(state: GameState) -> list[Action]:
    seg = build.legal_builds(state)[0]
    ferry = BuildFerry(BOARD.ferries[0].name)
    up = next(UpgradeLoco(to) for (frm, to) in state.rules.upgrades if frm == state.player.loco)
    return [seg, ferry, up]


def test_C6_after_a_swap_in_the_move_phase_no_building_and_no_end_of_phase() -> None:
    state = arranged([1, 6, 7, 8, 9, 10])
    state.variants = frozenset({VARIANT_LOANS})
    state.players[0].cash = 10  # short of cash: a loan is allowed (V2)
    state.players[0].loads.append(Load("marble"))
    assert quote(state, EndPhase()).ok and quote(state, TakeLoan()).ok
    state = apply(state, SwapDemands())
    for action in (EndPhase(), TakeLoan()):
        q = quote(state, action)
        assert q.rules == ["C6"] and q.wrong_moment, action
    assert quote(state, EndTurn()).ok
    offered = legal_actions(state)
    assert offered and all(isinstance(a, (Lock, EndTurn)) for a in offered)


def test_C6_after_a_swap_in_the_build_phase_only_lock_and_end_turn() -> None:
    state = _build_turn_state()
    actions = _building_actions(state)
    for a in actions:
        assert quote(state, a).ok, (a, quote(state, a).violations)
    swapped = apply(state, SwapDemands())
    for a in actions:
        q = quote(swapped, a)
        assert q.rules == ["C6"] and q.wrong_moment, a
    assert quote(swapped, EndTurn()).ok
    assert all(isinstance(a, (Lock, EndTurn)) for a in legal_actions(swapped))
    short = _build_turn_state()
    short.players[0].cash = 10  # short of cash: a loan is allowed (V2), but not after a swap
    assert quote(short, TakeLoan()).ok
    q = quote(apply(short, SwapDemands()), TakeLoan())
    assert q.rules == ["C6"] and q.wrong_moment


def test_C6_no_erasing_after_a_swap() -> None:
    """Nothing can be drawn before a swap (T3), so a swapped turn has nothing to erase; the
    refusal is still the wrong moment, not a missing segment."""
    state = _build_turn_state()
    seg = build.legal_builds(state)[0]
    swapped = apply(state, SwapDemands())
    q = quote(swapped, EraseSegment(seg.a, seg.b))
    assert q.rules == ["C6"] and q.wrong_moment


def test_C6_a_swapped_turn_ends_and_the_next_turn_may_build_again() -> None:
    state = _build_turn_state()
    seg = build.legal_builds(state)[0]
    swapped = apply(state, SwapDemands())
    assert not quote(swapped, BuildSegment(seg.a, seg.b)).ok
    after = apply(swapped, EndTurn())
    assert after.phase is not Phase.SWAPPED and after.current == 1
