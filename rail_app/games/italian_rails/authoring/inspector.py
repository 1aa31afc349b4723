"""What the map preview's inspector says about a dot or a segment, in a map author's words.

A dot: its key (the ``"q,r"`` that ``terrain_overrides`` and ``dot:`` take), terrain and what
building into it costs, its city, the seas it is on the coast of, ferries, the strait, and
how many usable segments it has. A segment: its cost each way, part by part (terrain, each
river by name, lake, inlet, strait), or why nobody may build it. Pure text, no drawing.
"""

from __future__ import annotations

from rail_app.core.i18n import _, money_millions, pgettext
from rail_app.games.italian_rails.rules.board import Board, Edge
from rail_app.games.italian_rails.rules.weakspots import WeakSpot, usable_neighbours

CROSSING_WORDS = {"river": "river", "lake": "lake", "inlet": "inlet", "strait": "strait"}
RULE_OF = {"river": "B2", "lake": "B2", "inlet": "B2", "strait": "B3"}


def dot_lines(board: Board, d: int, spots: list[WeakSpot] | None = None) -> list[str]:
    """The inspector's lines for dot ``d``."""
    dot = board.dots[d]
    tc = board.rules.terrain_costs
    city = board.city_of_dot.get(d)
    lines = [_("Dot {key}").format(key=dot.key) + (f" \u00b7 {city.name}" if city is not None else "")]
    lines.append(_("Terrain: {terrain}; building into it costs {tc} (B1)").format(terrain=dot.terrain, tc=money_millions(tc[dot.terrain])))
    if city is not None:
        if city.major:
            where = _("centre") if d == city.centre else _("outer dot")
            lines.append(_("Major city {name} ({where}), offers {commodity}; the track inside its hexagon is free (B4)").format(name=city.name, where=where, commodity=pgettext("commodity", city.commodity)))
        else:
            lines.append(_("{capitalize} city {name}, offers {commodity}").format(capitalize=city.size.capitalize(), name=city.name, commodity=pgettext("commodity", city.commodity)))
    seas = sorted(name for name, dots in board.coast.items() if d in dots)
    if seas:
        lines.append(_("Coast of: ") + ", ".join(seas) + _(" (storms, E5)"))
    elif dot.coastal:
        lines.append(_("On the coast (of no named sea)"))
    for f in board.ferries_at.get(d, []):
        other = board.place_name(f.other_port(d))
        lines.append(_("Ferry port: {name} to {other}, {high} / {low} (B6)").format(name=f.name, other=other, high=money_millions(f.high), low=money_millions(f.low)))
    for s in board.straits:
        if d in (s.a, s.b):
            lines.append(_("End of the strait {name} (B3)").format(name=s.name))
    for v in board.volcanoes:
        if (v.q, v.r) == (dot.q, dot.r):
            lines.append(_("Volcano: {name} (E6)").format(name=v.name))
    usable = usable_neighbours(board, d)
    forbidden = [n for n in board.adj[d] if n not in usable]
    lines.append(_("Usable segments: {n}").format(n=len(usable))
                 + (_(" ({n} forbidden)").format(n=len(forbidden)) if forbidden else ""))
    for spot in spots or []:
        if d in spot.dots:
            lines.append((_("Weak spot: ") if spot.warned else _("Note: ")) + spot.message)
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
    lines = [_("Segment {ka} - {kb}").format(ka=ka, kb=kb)]
    if e.free:
        city = board.major_of_dot.get(e.a)
        lines.append(_("Free track inside {x}: nobody draws here (B4)").format(x=city.name if city else 'a major city'))
        return lines
    if e.forbidden is not None:
        lines.append(_("Forbidden: {forbidden} (B3)").format(forbidden=e.forbidden))
        if e.crossings:
            lines.append(_("Crosses ") + ", ".join(f"{c.kind} {c.name}" for c in e.crossings))
        return lines
    for frm, to in ((e.a, e.b), (e.b, e.a)):
        cost, parts = cost_parts(board, frm, to)
        lines.append(_("{key} to {key2}: {cost} = ").format(key=board.key(frm), key2=board.key(to), cost=money_millions(cost)) + " + ".join(parts)
                     + " (K6)")
    for c in e.crossings:
        if c.kind == "river":
            system = _(", {system} system").format(system=c.system) if c.system and c.system != c.name else ""
            lines.append(_("Crosses the river {name}{system} (B2; floods, E4)").format(name=c.name, system=system))
        else:
            lines.append(_("Crosses the {get} {name} ({get2})").format(get=CROSSING_WORDS.get(c.kind, c.kind), name=c.name, get2=RULE_OF.get(c.kind, 'B2')))
    return lines
