"""Steam's own development tools, as the shared tools reach them
(:data:`rail_app.devtools.gametools.GAME_TOOLS`): its tournament of N-seat tables and its
map fuzzer (``fuzz maps --game steam``: hostile and mutated boards). The other
harnesses (simulate, soak, fuzz, bench, selftest) take their generic forms."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rail_app.devtools.toolkit import GameTools


def _tournament(argv: Sequence[str]) -> int:
    from rail_app.games.steam.devtools.tournament import main

    return main(argv)


def _fuzz_maps() -> Any:
    from rail_app.games.steam.devtools import fuzz_maps

    return fuzz_maps


TOOLS = GameTools(tournament=_tournament, fuzz_maps=_fuzz_maps)
