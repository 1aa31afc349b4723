"""The targets of an original Ticket to Ride map of Europe: the figures of the published
board that an original network must meet, each with its tolerance (the published board
itself is not copied; maps/README.md, "Ticket to Ride maps", gives the figures and their
sources). ``validate-map`` prints a map's figures against them, and a missed target is a
warning: the map is still valid and playable.
"""

from __future__ import annotations

from dataclasses import dataclass

from rail_app.games.ttr.rules.board import CARD_COLOURS, Board, Colour
from rail_app.games.ttr.rules.figures import Figures, figures

#: The published shape of the regular deck: tickets per value.
REGULAR_SHAPE = {5: 5, 6: 5, 7: 5, 8: 13, 9: 2, 10: 5, 11: 2, 12: 2, 13: 1}
#: The published mix of ferry lanes: (length, locomotive symbols) -> lanes.
FERRY_MIX = {(2, 1): 4, (2, 2): 1, (3, 1): 3, (4, 1): 2, (4, 2): 2, (6, 2): 1}
#: Regions a map's cities may belong to (the regular deck covers each, brief 5).
REGIONS = ("iberia", "france", "british-isles", "low-countries-germany",
           "scandinavia-baltic", "italy-alps", "austria-hungary", "russia", "balkans")


@dataclass(frozen=True)
class Row:
    """One figure against its target."""

    #: What is measured, as the table shows it.
    figure: str
    #: The map's figure, and the target, written out.
    value: str
    target: str
    #: Whether the figure meets the target.
    ok: bool


def _within(v: float, lo: float, hi: float) -> bool:
    return lo <= v <= hi


def _hist(h: dict[int, int]) -> str:
    return " ".join(f"{k}:{v}" for k, v in sorted(h.items())) or "none"


def rows(f: Figures) -> list[Row]:
    """Every target of an original Europe map, with the figure of ``f``."""
    out: list[Row] = []

    def add(figure: str, value: object, target: str, ok: bool) -> None:
        out.append(Row(figure, str(value), target, ok))

    add("cities", f.cities, "47", f.cities == 47)
    add("city pairs", f.pairs, "90 ± 3", _within(f.pairs, 87, 93))
    add("lanes", f.lanes, "101 ± 3", _within(f.lanes, 98, 104))
    add("spaces", f.spaces, "300 ± 8", _within(f.spaces, 292, 308))
    add("spaces, one lane per double", f.spaces_one_lane, "≥ 260", f.spaces_one_lane >= 260)
    ll = f.lane_lengths
    ok_lengths = (_within(ll.get(1, 0), 3, 5) and _within(ll.get(2, 0), 33, 37)
                  and _within(ll.get(3, 0), 28, 32) and _within(ll.get(4, 0), 27, 31)
                  and ll.get(6, 0) == 2 and ll.get(8, 0) == 1
                  and not set(ll) - {1, 2, 3, 4, 6, 8})
    add("lanes by length", _hist(ll), "1:3-5 2:33-37 3:28-32 4:27-31 6:2 8:1", ok_lengths)
    long_ok = (sorted(x[0] for x in f.long_set) == [6, 6, 8]
               and all(grey and rim and used for _, grey, rim, used in f.long_set))
    add("the long set (6, 6, 8)",
        ", ".join(f"{n}{'' if g else ' coloured'}{'' if r else ' inland'}"
                  f"{'' if u else ' on no long ticket'}" for n, g, r, u in f.long_set) or "none",
        "one 8, two 6s: grey, on the rim, each on a long ticket's shortest path", long_ok)
    for c in CARD_COLOURS:
        cf = f.colours[c]
        add(f"{c}: lanes, spaces, lengths, regions",
            f"{cf.lanes}, {cf.spaces}, {cf.lengths}, {cf.regions}",
            "8 ± 1, 22 ± 2, ≥ 3, ≥ 4",
            _within(cf.lanes, 7, 9) and _within(cf.spaces, 20, 24) and cf.lengths >= 3
            and cf.regions >= 4)
    grey = f.colours[Colour.GREY]
    add("grey: lanes, spaces", f"{grey.lanes}, {grey.spaces}", "35-39, 115-125",
        _within(grey.lanes, 35, 39) and _within(grey.spaces, 115, 125))
    add("tunnels (lanes)", f.tunnels, "18 ± 2", _within(f.tunnels, 16, 20))
    add("tunnels by length", _hist(f.tunnel_lengths), "about 2:9 3:5 4:2, one 6 or 8",
        _within(f.tunnel_lengths.get(2, 0), 7, 11) and _within(f.tunnel_lengths.get(3, 0), 3, 7)
        and _within(f.tunnel_lengths.get(4, 0), 1, 3)
        and f.tunnel_lengths.get(6, 0) + f.tunnel_lengths.get(8, 0) == 1)
    add("coloured tunnels", f.coloured_tunnels, "8 ± 1", _within(f.coloured_tunnels, 7, 9))
    add("ferries: pairs, lanes, symbols", f"{f.ferry_pairs}, {f.ferries}, {f.ferry_symbols}",
        "11 ± 1, 13 ± 1, 17 ± 2",
        _within(f.ferry_pairs, 10, 12) and _within(f.ferries, 12, 14)
        and _within(f.ferry_symbols, 15, 19))
    mix_off = sum(abs(f.ferry_mix.get(k, 0) - FERRY_MIX.get(k, 0))
                  for k in set(f.ferry_mix) | set(FERRY_MIX))
    add("ferries by (length, symbols)",
        " ".join(f"({a},{b}):{n}" for (a, b), n in sorted(f.ferry_mix.items())),
        "close to (2,1):4 (2,2):1 (3,1):3 (4,1):2 (4,2):2 (6,2):1 (6 lanes off at most)",
        mix_off <= 6)
    add("double routes", f"{f.doubles} (lengths {_hist(f.double_lengths)})",
        "11 ± 1, lengths 1-4", _within(f.doubles, 10, 12) and set(f.double_lengths) <= {1, 2, 3, 4})
    add("doubles: ferries, tunnel pairs, one colour twice",
        f"{f.ferry_doubles}, {f.tunnel_doubles}, {f.same_colour_doubles}", "2, ≤ 1, 0",
        f.ferry_doubles == 2 and f.tunnel_doubles <= 1 and f.same_colour_doubles == 0)
    add("neighbours: fewest, most, mean", f"{f.degree_min}, {f.degree_max}, {f.degree_mean:.2f}",
        "≥ 2, ≤ 7, 3.7-3.9",
        f.degree_min >= 2 and f.degree_max <= 7 and _within(round(f.degree_mean, 2), 3.7, 3.9))
    add("cities with two neighbours", f.degree_two, "≤ 6", f.degree_two <= 6)
    add("bridges", f.bridges, "≤ 1", f.bridges <= 1)
    add("diameter (spaces)", f.diameter, "27-31", _within(f.diameter, 27, 31))
    add("mean shortest path (spaces)", f"{f.mean_path:.2f}", "11-12.5",
        _within(round(f.mean_path, 2), 11, 12.5))
    add("cities with a colour twice", f.colour_repeats, "≤ 1", f.colour_repeats <= 1)
    rv = f.regular_values
    shape_ok = all(abs(rv.get(k, 0) - n) <= 1 for k, n in REGULAR_SHAPE.items()) and not (
        set(rv) - set(REGULAR_SHAPE))
    add("regular tickets", f"{f.regular}: {_hist(rv)} (sum {f.regular_sum})",
        "40: 5:5 6:5 7:5 8:13 9:2 10:5 11:2 12:2 13:1 (± 1 each), sum 321 ± 10",
        f.regular == 40 and shape_ok and _within(f.regular_sum, 311, 331))
    add("regular: routes apart, most at a city",
        f"{f.regular_hops[0]}-{f.regular_hops[1]}, {f.regular_per_city_max}", "2-4, ≤ 4",
        f.regular_hops[0] >= 2 and f.regular_hops[1] <= 4 and f.regular_per_city_max <= 4)
    add("long tickets", f"{f.long}: {', '.join(map(str, f.long_values))}", "6: 20-21",
        f.long == 6 and all(v in (20, 21) for v in f.long_values))
    add("long: routes apart, cities, among the 15 most remote, regions",
        f"≥ {f.long_hops_min}, {f.long_cities}, {f.long_rim_cities}, ≥ {f.long_regions_min}",
        "≥ 6, 12, ≥ 8, ≥ 3",
        f.long_hops_min >= 6 and f.long_cities == 12 and f.long_rim_cities >= 8
        and f.long_regions_min >= 3)
    add("cities on some ticket", f.cities_on_tickets, "≥ 45", f.cities_on_tickets >= 45)
    few = [r for r in REGIONS if f.region_tickets.get(r, 0) < 4]
    add("tickets per region", min((f.region_tickets.get(r, 0) for r in REGIONS), default=0),
        "≥ 4 in every region", not few)
    add("most tickets forced over one pair", f.corridor_max, "≤ 5", f.corridor_max <= 5)
    add("tickets worth their shortest path", f"{f.long + f.regular - f.wrong_values} of "
        f"{f.long + f.regular}", "all (D-33)", f.wrong_values == 0)
    return out


def board_rows(board: Board) -> list[Row]:
    """:func:`rows` for a board."""
    return rows(figures(board))


def table(rows_: list[Row]) -> list[str]:
    """The rows as lines of text: figure, value, target, and a mark for a missed target."""
    width = max(len(r.figure) for r in rows_)
    vwidth = max(len(r.value) for r in rows_)
    return [f"  {'ok  ' if r.ok else 'MISS'} {r.figure:<{width}}  {r.value:<{vwidth}}  "
            f"target {r.target}" for r in rows_]
