"""The public face of the rules engine: start a game, quote and apply actions.

Importing this module registers every part of the rules with the engine (explicit imports,
so that the packager sees them all).
"""

from __future__ import annotations

from rail_app.rules import build as _build  # noqa: F401  (registers K1-K10)
from rail_app.rules import cards as _cards  # noqa: F401  (registers C1-C7, W1-W2)
from rail_app.rules import turns as _turns  # noqa: F401  (registers T1-T4)
from rail_app.rules.engine import (
    IllegalAction,
    Quote,
    Violation,
    apply,
    is_legal,
    legal_actions,
    quote,
)

__all__ = [
    "IllegalAction", "Quote", "Violation", "apply", "is_legal", "legal_actions", "quote",
]
