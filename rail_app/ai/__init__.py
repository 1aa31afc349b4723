"""The computer opponent (see :mod:`rail_app.ai.bot`): levels easy, normal and hard, plus a
random legal-move player. It sees only what its seat sees and acts only through actions.

For the app: ``make_computer(kind, seat, seed)`` then ``next_action(state)`` one action at a
time (show each at a human pace); the first call of a turn does the thinking, later calls
return at once; ``last_think_s`` says how long the last call took.
"""

from __future__ import annotations

from typing import Any

LEVELS = ("easy", "normal", "hard")
KINDS = (*LEVELS, "random")


def make_computer(kind: str, seat: int, seed: int) -> Any:
    """A computer player for ``seat``: one of easy, normal, hard or random."""
    if kind == "random":
        from rail_app.ai.randombot import RandomBot

        return RandomBot(seat, seed)
    from rail_app.ai.bot import Bot

    return Bot(kind, seat, seed)
