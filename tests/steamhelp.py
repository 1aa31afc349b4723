"""Helpers for the Steam tests: the test maps, games at a chosen moment, and track placed
directly (to set up a position whose rules are tested through quote and apply)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path

from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules.actions import Action
from rail_app.games.steam.rules.board import COLOURS, Board, cubes_of, side_towards
from rail_app.games.steam.rules.mapfile import load_board
from rail_app.games.steam.rules.state import ActionTile, BuildTurn, GameState, Phase, Step
from rail_app.games.steam.rules.tiles import TOWN, Tile, orient, with_paths
from rail_app.games.steam.rules.tiles import Path as TilePath

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps" / "test"
NAMES = ("Alex", "Joan", "David", "Marta", "Pedro", "Chema")


@cache
def board(name: str) -> Board:
    """``maps/test/steam-<name>.yaml``."""
    return load_board(MAPS / f"steam-{name}.yaml")


def game(name: str = "row", seats: int = 3, seed: int = 1,
         options: Mapping[str, object] | None = None) -> GameState:
    """A new game; with no options the Basic game with the random first order (so turn 1
    begins at once: seats in order 0, 1, 2... when the draw says so)."""
    opts = dict(options or {"first_order": "random"})
    if seats == 6:
        opts["six_players"] = True
    return engine.new_game(board(name), NAMES[:seats], opts, seed)


def h(state: GameState, name_or_key: str) -> int:
    """A hex index from a city or town name or a key."""
    for info in state.board.hexes:
        if info.name == name_or_key or info.key == name_or_key:
            return info.index
    raise KeyError(name_or_key)


def key(state: GameState, name_or_key: str) -> str:
    return state.board.hexes[h(state, name_or_key)].key


def at_build(state: GameState, seat: int, *, tiles: Mapping[int, int] | None = None,
             order: Sequence[int] | None = None) -> GameState:
    """The state with ``seat`` building now (turn 1 if the game has not begun): phase 2,
    nobody else before them. ``tiles`` gives action tiles by seat (e.g. Engineer)."""
    state.phase = Phase.BUILD
    state.step = Step.BUILD
    state.turn = max(state.turn, 1)
    state.auction = None
    if order is not None:
        state.order = list(order)
    if tiles is not None:
        state.tile_of = dict(tiles)
    rest = [s for s in state.order if s != seat]
    state.queue = [seat, *rest]
    state.cursor = 0
    state.build = BuildTurn(seat)
    return state


def at_select(state: GameState, seat: int) -> GameState:
    """Phase 1 with ``seat`` to choose an action tile now."""
    state.phase = Phase.SELECT
    state.step = Step.CHOOSE
    state.turn = max(state.turn, 1)
    state.auction = None
    state.queue = [seat, *[s for s in state.order if s != seat]]
    state.cursor = 0
    return state


def rot(paths: Sequence[TilePath]) -> tuple[str, int]:
    """The face and rotation carrying exactly ``paths``."""
    o = with_paths(list(paths))
    assert o is not None, paths
    return o.face, o.rotation


def put_paths(state: GameState, where: str, paths: Sequence[TilePath],
              owner: int | Sequence[int]) -> None:
    """:func:`put` by paths rather than face and rotation (owners in sorted path order)."""
    face, rotation = rot(paths)
    put(state, where, face, rotation, owner)


def at_move(state: GameState, seat: int, *, round: int = 1) -> GameState:
    state.phase = Phase.MOVE
    state.step = Step.MOVE
    state.turn = max(state.turn, 1)
    state.auction = None
    state.build = None
    state.queue = [seat, *[s for s in state.order if s != seat]]
    state.cursor = 0
    state.round = round
    return state


def put(state: GameState, where: str, face: str, rotation: int, owner: int | Sequence[int]
        ) -> None:
    """Put a tile on the map directly (no rules), every path controlled by ``owner`` (or
    one owner per path, in the order of the face's paths as laid)."""
    o = orient(face, rotation)
    assert o is not None, (face, rotation)
    owners = tuple(owner) if isinstance(owner, Sequence) else (owner,) * len(o.paths)
    idx = h(state, where)
    old = state.tiles.get(idx)
    if old is not None:
        state.face_counts[old.face] -= 1
    state.tiles[idx] = Tile(o, owners)
    state.face_counts[o.face] = state.face_counts.get(o.face, 0) + 1
    state.track_changed()


def chain(state: GameState, owner: int, hexes: Sequence[str]) -> None:
    """Track directly along a line of hexes: each hex but a city gets the 2-exit tile (or, on
    a town, the town tile) joining its neighbours in the line. The ends are usually cities;
    an end that is not a city gets a one-sided path only if it is a town (a spoke)."""
    idx = [h(state, x) for x in hexes]
    for i, hx in enumerate(idx):
        if hx in state.city_hexes:
            continue
        sides = []
        if i > 0:
            s = side_towards(state.board, hx, idx[i - 1])
            assert s is not None, (hexes[i - 1], hexes[i])
            sides.append(s)
        if i + 1 < len(idx):
            s = side_towards(state.board, hx, idx[i + 1])
            assert s is not None, (hexes[i], hexes[i + 1])
            sides.append(s)
        info = state.board.hexes[hx]
        old = state.tiles.get(hx)
        if info.town:
            paths: set[TilePath] = {(s, TOWN) for s in sides}
        else:
            assert len(sides) == 2, f"open country at {info.key} needs two sides"
            paths = {(min(sides), max(sides))}
        if old is not None:
            paths |= set(old.paths)
        o = with_paths(sorted(paths))
        assert o is not None, paths
        owners = tuple(old.owner_of(p) if old is not None and p in old.paths else owner
                       for p in o.paths)
        if old is not None:
            state.face_counts[old.face] -= 1
        state.tiles[hx] = Tile(o, owners)
        state.face_counts[o.face] = state.face_counts.get(o.face, 0) + 1
    state.track_changed()


def set_cubes(state: GameState, where: str, cubes: Mapping[str, int]) -> None:
    """Put exactly these cubes on a city (the bag keeps the box's total)."""
    hx = h(state, where)
    old = state.cubes.get(hx, (0, 0, 0, 0, 0))
    new = tuple(cubes.get(str(c), 0) for c in COLOURS)
    state.cubes[hx] = (new[0], new[1], new[2], new[3], new[4])
    state.bag = cubes_of([b + o - n for b, o, n in zip(state.bag, old, new, strict=True)])


def run(state: GameState, actions: Iterable[Action]) -> GameState:
    for a in actions:
        state = engine.apply(state, a)
    return state


def owner_of_link(state: GameState, where: str) -> int:
    """The controller of the (first) link through the tile at ``where``."""
    hx = h(state, where)
    tile = state.tiles[hx]
    return state.links().link_of(hx, tile.paths[0]).owner


def links_of(state: GameState, seat: int) -> list[tuple[str, str, bool]]:
    """(stop, stop or '', complete) for each link ``seat`` controls, sorted."""
    out = []
    for link in state.links().links:
        if link.owner != seat:
            continue
        ends = sorted(state.board.name_of(e.hex) if e.stop else "" for e in (link.a, link.b))
        out.append((ends[1], ends[0], link.complete) if ends[0] == "" else
                   (ends[0], ends[1], link.complete))
    return sorted(out)


ENGINEER = int(ActionTile.ENGINEER)
URBANIZATION = int(ActionTile.URBANIZATION)
