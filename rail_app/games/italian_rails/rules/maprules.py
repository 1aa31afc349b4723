"""The numbers of Italian Rails' rules as a map file gives them (DESIGN.md habit 5): budgets,
cash, terrain and crossing costs, hands, locomotives and upgrades, the tax table and loans,
and the JSON Schema of its map files (``maps/schema.json``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rail_app.core.mapfile import LineIndex, MapProblem, load_schema, suggest


def map_schema() -> dict[str, Any]:
    """``maps/schema.json``, read once."""
    return load_schema("schema.json")


@dataclass(frozen=True)
class Locomotive:
    name: str
    speed: int
    fast_speed: int
    capacity: int


@dataclass(frozen=True)
class Rules:
    """The numbers of the rules, read from the map (DESIGN.md habit 5)."""

    build_budget: int = 20
    starting_cash: int = 60
    win_cash: int = 250
    rental_fee: int = 4
    terrain_costs: dict[str, int] = field(
        default_factory=lambda: {
            "plain": 1, "mountain": 2, "alpine": 5, "small": 3, "medium": 3, "major": 5
        }
    )
    crossing_costs: dict[str, int] = field(
        default_factory=lambda: {"river": 2, "lake": 3, "inlet": 3, "strait": 3}
    )
    city_segment_limit: int = 3
    major_starts_per_phase: int = 2
    cubes: int = 3
    deal: int = 5
    keep: int = 2
    pool_max: int = 6
    pool_min: int = 4
    pool_unlocked_max: int = 4
    start_locomotive: str = "Freight"
    locomotives: dict[str, Locomotive] = field(
        default_factory=lambda: {
            "Freight": Locomotive("Freight", 9, 12, 2),
            "Fast Freight": Locomotive("Fast Freight", 12, 16, 2),
            "Heavy Freight": Locomotive("Heavy Freight", 9, 12, 3),
            "Super Freight": Locomotive("Super Freight", 12, 16, 3),
        }
    )
    upgrades: dict[tuple[str, str], int] = field(
        default_factory=lambda: {
            ("Freight", "Fast Freight"): 20,
            ("Freight", "Heavy Freight"): 20,
            ("Fast Freight", "Super Freight"): 20,
            ("Heavy Freight", "Super Freight"): 20,
            ("Fast Freight", "Heavy Freight"): 5,
            ("Heavy Freight", "Fast Freight"): 5,
        }
    )
    tax_table: tuple[tuple[int, int], ...] = ((0, 0), (50, 10), (100, 15), (150, 20), (200, 30))
    loan_amount: int = 20
    loan_repay: int = 40

    def tax_for(self, cash: int) -> int:
        """E3: the tax owed by a player holding ``cash``."""
        tax = 0
        for threshold, amount in self.tax_table:
            if cash >= threshold:
                tax = amount
        return tax


def rules_from_data(
    raw: dict[str, Any] | None, index: LineIndex, shown: str
) -> tuple[Rules, list[MapProblem]]:
    """Build :class:`Rules` from the ``rules:`` mapping (already schema-checked)."""
    base = Rules()
    if not raw:
        return base, []
    problems: list[MapProblem] = []
    kw: dict[str, Any] = {}
    for name in (
        "build_budget", "starting_cash", "win_cash", "rental_fee", "city_segment_limit",
        "major_starts_per_phase", "cubes", "start_locomotive",
    ):
        if name in raw:
            kw[name] = raw[name]
    if "terrain_costs" in raw:
        kw["terrain_costs"] = dict(raw["terrain_costs"])
    if "crossing_costs" in raw:
        kw["crossing_costs"] = dict(raw["crossing_costs"])
    hand = raw.get("hand") or {}
    for name in ("deal", "keep", "pool_max", "pool_min", "pool_unlocked_max"):
        if name in hand:
            kw[name] = hand[name]
    locos = base.locomotives
    if "locomotives" in raw:
        locos = {}
        for i, loco in enumerate(raw["locomotives"]):
            if loco["name"] in locos:
                problems.append(MapProblem(
                    shown, index.line_of(("rules", "locomotives", i)),
                    f"rules.locomotives[{i}]: duplicate locomotive {loco['name']!r}"))
            locos[loco["name"]] = Locomotive(
                loco["name"], loco["speed"], loco.get("fast_speed", loco["speed"]),
                loco["capacity"])
        kw["locomotives"] = locos
    if "upgrades" in raw:
        ups: dict[tuple[str, str], int] = {}
        for i, up in enumerate(raw["upgrades"]):
            for end in ("from", "to"):
                if up[end] not in locos:
                    problems.append(MapProblem(
                        shown, index.line_of(("rules", "upgrades", i, end)),
                        f"rules.upgrades[{i}].{end}: unknown locomotive {up[end]!r}"
                        f"{suggest(up[end], locos)}"))
            ups[(up["from"], up["to"])] = up["cost"]
        kw["upgrades"] = ups
    start = kw.get("start_locomotive", base.start_locomotive)
    if start not in locos:
        problems.append(MapProblem(
            shown, index.line_of(("rules", "start_locomotive")),
            f"rules.start_locomotive: unknown locomotive {start!r}{suggest(start, locos)}"))
    if "tax_table" in raw:
        kw["tax_table"] = tuple(
            (row["min"], row["tax"]) for row in sorted(raw["tax_table"], key=lambda r: r["min"])
        )
    loans = raw.get("loans") or {}
    if "amount" in loans:
        kw["loan_amount"] = loans["amount"]
    if "repay" in loans:
        kw["loan_repay"] = loans["repay"]
    return Rules(**kw), problems
