"""From a pen stroke to tile actions: the player draws a line through hexes and the engine
chooses the tiles.

:func:`tile_for` answers for one hex: the stroke enters it by one side and leaves by another
(or ends in it: a town; or starts in it: a town or the player's own track). The rules give
one natural choice:

- an empty hex: lay the plain tile with that one path (straight, gentle or sharp curve), or on
  a town hex the town tile whose spokes are the sides used;
- a hex whose tile already has that path: nothing to do (:attr:`ChoiceKind.EXISTING`);
- a hex whose tile leaves both sides free: upgrade to the face keeping its paths and adding
  this one (a crossing or passing tile; a town tile with more spokes) (S-K16);
- a hex whose tile's path enters by the same side and is the last piece of an incomplete
  link: redirect it to leave by the new side (S-K15);
- otherwise nothing fits, and the reason names the rule.

The action comes with its quote, so the screen shows the price or the refusal of each step.
:func:`plan_stroke` quotes every step of a stroke on the state the previous steps leave.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules.actions import LayTile, RedirectTile, UpgradeTile
from rail_app.games.steam.rules.board import side_towards
from rail_app.games.steam.rules.quotes import Quote
from rail_app.games.steam.rules.state import GameState
from rail_app.games.steam.rules.tiles import TOWN, Path, with_paths


class ChoiceKind(StrEnum):
    LAY = "lay"
    UPGRADE = "upgrade"
    REDIRECT = "redirect"
    EXISTING = "existing"  # the track is there already
    NONE = "none"  # no tile of the box does this here


@dataclass(frozen=True)
class TileChoice:
    """What a stroke asks of one hex: the action and its quote, or why nothing fits."""

    hex: str
    kind: ChoiceKind
    action: LayTile | UpgradeTile | RedirectTile | None = None
    quote: Quote | None = None
    reason: str = ""  # for NONE: a sentence naming the rule
    rule: str = ""

    @property
    def ok(self) -> bool:
        """The step is possible: existing track, or a legal action."""
        return self.kind is ChoiceKind.EXISTING or (self.quote is not None and self.quote.ok)


def _none(key: str, rule: str, reason: str) -> TileChoice:
    return TileChoice(key, ChoiceKind.NONE, reason=reason, rule=rule)


def tile_for(state: GameState, hex: str, entry: int | None, exit: int | None,
             player: int | None = None) -> TileChoice:
    """The tile action a stroke asks for in ``hex``: entering by side ``entry`` and leaving by
    side ``exit`` (None: the stroke starts or ends here), quoted for ``player`` (default:
    the player to act)."""
    board = state.board
    h = board.hex_index(hex)
    if h is None:
        return _none(hex, "S-K5", "Can't build there: it is not a hex of the map")
    if h in state.city_hexes:
        return _none(hex, "S-K5", f"Can't build on {board.name_of(h)}: no tile is ever laid on "
                                  "a city")
    sides = [s for s in (entry, exit) if s is not None]
    if not sides or any(not 0 <= s <= 5 for s in sides) or (len(sides) == 2
                                                            and sides[0] == sides[1]):
        return _none(hex, "S-K1", "A stroke crosses a hex from one side to another")
    info = board.hexes[h]
    tile = state.tiles.get(h)
    if info.town:
        wanted = {(s, TOWN) for s in sides}
        if tile is None:
            o = with_paths(sorted(wanted))
            assert o is not None  # one or two spokes: T11, T21-T23
            return _quoted(state, hex, ChoiceKind.LAY, LayTile(hex, o.face, o.rotation), player)
        if wanted <= set(tile.paths):
            return TileChoice(hex, ChoiceKind.EXISTING)
        o = with_paths(sorted(set(tile.paths) | wanted))
        if o is None:
            return _none(hex, "S-K13", "No town tile has spokes on all those sides")
        return _quoted(state, hex, ChoiceKind.UPGRADE, UpgradeTile(hex, o.face, o.rotation),
                       player)
    if entry is None or exit is None:
        if tile is not None and len(sides) == 1 and tile.orient.side_path[sides[0]] >= 0:
            return TileChoice(hex, ChoiceKind.EXISTING)  # starting on one's own track
        return _none(hex, "S-K1", "Track in open country runs from one side of a hex to another: "
                                  "a stroke ends in a city or a town")
    path: Path = (min(entry, exit), max(entry, exit))
    if tile is None:
        o = with_paths([path])
        assert o is not None  # every pair of sides is a straight or a curve
        return _quoted(state, hex, ChoiceKind.LAY, LayTile(hex, o.face, o.rotation), player)
    if path in tile.paths:
        return TileChoice(hex, ChoiceKind.EXISTING)
    if tile.orient.side_path[entry] < 0 and tile.orient.side_path[exit] < 0:
        o = with_paths([*tile.paths, path])
        if o is None:
            return _none(hex, "S-K13", f"No tile in the box combines this track with the "
                                       f"{tile.face} already there")
        return _quoted(state, hex, ChoiceKind.UPGRADE, UpgradeTile(hex, o.face, o.rotation),
                       player)
    q = tile.paths[tile.orient.side_path[entry]] if tile.orient.side_path[entry] >= 0 else None
    if q is not None and tile.orient.side_path[exit] < 0:
        link = state.links().link_of(h, q)
        open_end = link.open_end
        if link.last_path() == (h, q) and open_end is not None and open_end.hex == h \
                and open_end.side != entry:
            o = with_paths([*(p for p in tile.paths if p != q), path])
            if o is None:
                return _none(hex, "S-K13", "No tile in the box turns this track that way")
            return _quoted(state, hex, ChoiceKind.REDIRECT,
                           RedirectTile(hex, o.face, o.rotation), player)
    return _none(hex, "S-K16", "That side of the hex is taken by track already: an upgrade "
                               "keeps every path where it is")


def _quoted(state: GameState, key: str, kind: ChoiceKind,
            action: LayTile | UpgradeTile | RedirectTile, player: int | None) -> TileChoice:
    return TileChoice(key, kind, action, engine.quote(state, action, player))


def plan_stroke(state: GameState, hexes: Sequence[str], player: int | None = None
                ) -> list[TileChoice]:
    """One :class:`TileChoice` per hex a stroke passes through, cities left out (no tile goes
    on a city). Each step is quoted on the state the legal steps before it leave (applied to
    a copy); once a step is refused the following ones are quoted on the state before it."""
    board = state.board
    idx: list[int | None] = [board.hex_index(k) for k in hexes]
    work = state.copy()
    out: list[TileChoice] = []
    for i, key in enumerate(hexes):
        h = idx[i]
        if h is not None and h in work.city_hexes:
            continue
        entry = exit = None
        touching = True
        if h is not None and i > 0:
            prev = idx[i - 1]
            entry = side_towards(board, h, prev) if prev is not None else None
            touching = touching and entry is not None
        if h is not None and i + 1 < len(hexes):
            nxt = idx[i + 1]
            exit = side_towards(board, h, nxt) if nxt is not None else None
            touching = touching and exit is not None
        if h is not None and not touching:
            out.append(_none(key, "S-K1", "The hexes of a stroke must touch one another"))
            continue
        choice = tile_for(work, key, entry, exit, player)
        out.append(choice)
        if choice.action is not None and choice.quote is not None and choice.quote.ok:
            work = engine.apply_quoted(work, choice.quote, player, inplace=True)
    return out
