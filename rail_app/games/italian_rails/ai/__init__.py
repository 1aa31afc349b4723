"""The computer opponent (see :mod:`rail_app.games.italian_rails.ai.bot`): levels easy, normal and hard. It sees
only what its seat sees (``GameState.seen_by``) and acts only through the engine's actions.

For the app: ``Bot(level, seat, seed)`` then ``next_action(state)`` one action at a time
(show each at a human pace); the first call of a turn does the thinking, later calls
return at once; ``last_think_s`` says how long the last call took.
"""

from __future__ import annotations

from rail_app.games.italian_rails.ai.planner import LEVELS as _LEVEL_TABLE

LEVELS = tuple(str(level) for level in _LEVEL_TABLE)
