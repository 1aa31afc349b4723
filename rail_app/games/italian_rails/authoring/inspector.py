"""What the map preview's inspector says about a dot or a segment, in a map author's words.

A dot: its key (the ``"q,r"`` that ``terrain_overrides`` and ``dot:`` take), terrain and what
building into it costs, its city, the seas it is on the coast of, ferries, the strait, and
how many usable segments it has. A segment: its cost each way, part by part (terrain, each
river by name, lake, inlet, strait), or why nobody may build it. Pure text, no drawing.
"""

from __future__ import annotations

from rail_app.games.italian_rails.rules.board import Board, Edge
from rail_app.games.italian_rails.rules.weakspots import WeakSpot, usable_neighbours

CROSSING_WORDS = {"river": "river", "lake": "lake", "inlet": "inlet", "strait": "strait"}
RULE_OF = {"river": "B2", "lake": "B2", "inlet": "B2", "strait": "B3"}


def dot_lines(board: Board, d: int, spots: list[WeakSpot] | None = None) -> list[str]:
    """The inspector's lines for dot ``d``."""
    dot = board.dots[d]
    tc = board.rules.terrain_costs
    city = board.city_of_dot.get(d)
    lines = [f"Dot {dot.key}" + (f" \u00b7 {city.name}" if city is not None else "")]
    lines.append(f"Terrain: {dot.terrain}; building into it costs {tc[dot.terrain]}M (B1)")
    if city is not None:
        if city.major:
            where = "centre" if d == city.centre else "outer dot"
            lines.append(f"Major city {city.name} ({where}), offers {city.commodity}; the "
                         "track inside its hexagon is free (B4)")
        else:
            lines.append(f"{city.size.capitalize()} city {city.name}, offers {city.commodity}")
    seas = sorted(name for name, dots in board.coast.items() if d in dots)
    if seas:
        lines.append("Coast of: " + ", ".join(seas) + " (storms, E5)")
    elif dot.coastal:
        lines.append("On the coast (of no named sea)")
    for f in board.ferries_at.get(d, []):
        other = board.place_name(f.other_port(d))
        lines.append(f"Ferry port: {f.name} to {other}, {f.high}M / {f.low}M (B6)")
    for s in board.straits:
        if d in (s.a, s.b):
            lines.append(f"End of the strait {s.name} (B3)")
    for v in board.volcanoes:
        if (v.q, v.r) == (dot.q, dot.r):
            lines.append(f"Volcano: {v.name} (E6)")
    usable = usable_neighbours(board, d)
    forbidden = [n for n in board.adj[d] if n not in usable]
    lines.append(f"Usable segments: {len(usable)}"
                 + (f" ({len(forbidden)} forbidden)" if forbidden else ""))
    for spot in spots or []:
        if d in spot.dots:
            lines.append(("Weak spot: " if spot.warned else "Note: ") + spot.message)
    return lines


def cost_parts(board: Board, frm: int, to: int) -> tuple[int, list[str]]:
    """K6: the cost of drawing ``frm`` to ``to`` and its parts, as words."""
    e = board.edge(frm, to)
    assert e is not None
    tc, cc = board.rules.terrain_costs, board.rules.crossing_costs
    terrain = board.dots[to].terrain
    parts = [f"{terrain} {tc[terrain]}"]
    for c in e.crossings:
        name = f" {c.name}" if c.name else ""
        parts.append(f"{CROSSING_WORDS.get(c.kind, c.kind)}{name} {cc[c.kind]}")
    return board.build_cost(frm, to), parts


def segment_lines(board: Board, e: Edge) -> list[str]:
    """The inspector's lines for the segment ``e``."""
    ka, kb = board.key(e.a), board.key(e.b)
    lines = [f"Segment {ka} - {kb}"]
    if e.free:
        city = board.major_of_dot.get(e.a)
        lines.append(f"Free track inside {city.name if city else 'a major city'}: nobody "
                     "draws here (B4)")
        return lines
    if e.forbidden is not None:
        lines.append(f"Forbidden: {e.forbidden} (B3)")
        if e.crossings:
            lines.append("Crosses " + ", ".join(f"{c.kind} {c.name}" for c in e.crossings))
        return lines
    for frm, to in ((e.a, e.b), (e.b, e.a)):
        cost, parts = cost_parts(board, frm, to)
        lines.append(f"{board.key(frm)} to {board.key(to)}: {cost}M = " + " + ".join(parts)
                     + " (K6)")
    for c in e.crossings:
        if c.kind == "river":
            system = f", {c.system} system" if c.system and c.system != c.name else ""
            lines.append(f"Crosses the river {c.name}{system} (B2; floods, E4)")
        else:
            lines.append(f"Crosses the {CROSSING_WORDS.get(c.kind, c.kind)} {c.name} "
                         f"({RULE_OF.get(c.kind, 'B2')})")
    return lines
