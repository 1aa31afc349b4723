"""Events (E1-E9). The queries below are used by building and movement.

NOTE: placeholder interface; the events part of the engine fills these in.
"""

from __future__ import annotations

from rail_app.rules.engine import Violation
from rail_app.rules.state import Edge, GameState


def build_violations(state: GameState, player: int, edge: Edge) -> list[Violation]:
    """E4 (flooded river, washed-out protection) and E6 (volcano zone) limits on building."""
    return []
