"""Rail Pass's own development tools, as the shared tools reach them: its tournament (the
crew's measures, ``devtools/tournament.py``). The other harnesses (simulate, soak, replay,
bench) take the game through its definition."""

from __future__ import annotations

from collections.abc import Sequence

from rail_app.devtools.toolkit import GameTools


def _tournament(argv: Sequence[str]) -> int:
    from rail_app.games.railpass.devtools.tournament import main

    return main(argv)


TOOLS = GameTools(tournament=_tournament)
