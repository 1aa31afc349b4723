"""Levels of Steam's computer players made for one tournament from others with other
settings (``tournament --game steam --level hard2=hard:candidates=30,params.discount=0.9``):
for tuning a level against the one it comes from. The tournament itself is the table's
(:mod:`rail_app.devtools.tournament`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rail_app.games.steam.ai.levels import LEVELS


def _value(text: str) -> Any:
    """A setting's value: true, false, none, a whole number or a finite number (ValueError
    for anything else: inf, nan, 1e999)."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    try:
        return int(text)
    except ValueError:
        value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def define_levels(specs: Sequence[str]) -> str | None:
    """Add the levels of ``--level`` to the levels the players are made from (in this
    process, before the workers are forked); a message when one is wrong."""
    from dataclasses import fields, replace

    for spec in specs:
        name, _, rest = spec.partition("=")
        base_name, _, settings = rest.partition(":")
        base = LEVELS.get(base_name.strip())
        if not name.strip() or base is None:
            return f"--level {spec!r}: write NAME=BASE[:KEY=VALUE,...] with BASE one of " \
                   f"{', '.join(LEVELS)}"
        level = base
        for item in filter(None, (x.strip() for x in settings.split(","))):
            key, _, raw = item.partition("=")
            try:
                if key.startswith("params."):
                    sub = key.removeprefix("params.")
                    if sub not in {f.name for f in fields(level.params)}:
                        raise KeyError(sub)
                    level = replace(level, params=replace(level.params, **{sub: _value(raw)}))
                else:
                    if key not in {f.name for f in fields(level)} or key == "name":
                        raise KeyError(key)
                    level = replace(level, **{key: _value(raw)})
            except (KeyError, ValueError, TypeError):
                return f"--level {spec!r}: no setting {key!r} (or a bad value {raw!r})"
        LEVELS[name.strip()] = level
    return None


def defined(name: str) -> bool:
    """Whether ``name`` is a level of Steam's players (its own, or one defined for the run)."""
    return name in LEVELS
