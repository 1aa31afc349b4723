"""Italian Rails in a player's words: every sentence the game shows about its state is made
here, from typed values (the history's events, the outcome, a save's summary), as whole
sentences ready for the translation catalog."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rail_app.games.italian_rails.rules.state import GameState


def outcome_sentence(state: GameState) -> str:
    """Why the game ended and who won (W2), or "" while it goes on."""
    out = state.outcome
    return out.reason if out is not None else ""


def cash_words(summary: Mapping[str, Any], names: Sequence[str], people: int,
               over: bool) -> str:
    """Each player's cash; with only people at the screen, only once it is public (E3)."""
    if people == len(names) and not summary.get("cash_public") and not over:
        return "cash hidden until it is public (E3)"
    cash = summary.get("cash", [])
    return " · ".join(f"{n} {c}M" for n, c in zip(names, cash, strict=False))


def save_lines(summary: Mapping[str, Any], names: Sequence[str], people: int,
               over: bool) -> list[str]:
    """What the save screen says of a saved game beyond its seats, map and turn."""
    return [f"Cash: {cash_words(summary, names, people, over)}"]
