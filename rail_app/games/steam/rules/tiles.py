"""The track tiles: the manifest of faces (S-K13), their rotations, and the double-sided supply
(S-K14).

A face carries *paths*. A path is a pair of ends ``(a, b)`` with ``a < b``: ends 0-5 are the
hex sides, numbered clockwise (side k+3 is opposite side k), and end :data:`TOWN` is the town
in the middle of a town tile, so a town tile's spoke is ``(side, TOWN)`` (S-K1). A face may be
laid in any of six rotations, never mirrored (the back of a piece is another face, D-4).

The supply is a set of physical pieces, each showing one of its two faces. A face may be used
only while every face on the map can be given its own piece (S-K14, D-5); :func:`supply_allows`
answers that with Hall's condition over the pieces (a face's demand against the pieces that
can show it), one small group of faces at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

#: The town in the middle of a town tile, as the inner end of a spoke.
TOWN: Final = 6

Path = tuple[int, int]


@dataclass(frozen=True)
class Face:
    """One face of the manifest (S-K13): its canonical paths at rotation 0."""

    name: str  # "#21", "T11"
    shape: str  # the manifest's words ("straight", "town, 2 spokes gentle")
    paths: tuple[Path, ...]

    @property
    def town(self) -> bool:
        return any(b == TOWN for _, b in self.paths)

    @property
    def exits(self) -> int:
        """Sides the face uses (S-K1): 2 per plain path, 1 per spoke."""
        return sum(1 if b == TOWN else 2 for _, b in self.paths)

    @property
    def base_cost(self) -> int:
        """S-K13: $1 per exit, +$1 for a town tile (terrain comes on top when laying, S-K7)."""
        return self.exits + (1 if self.town else 0)


def _spokes(*sides: int) -> tuple[Path, ...]:
    return tuple((s, TOWN) for s in sides)


#: S-K13: every face of the box, in the manifest's order (D-3: T23 is the sharp town tile).
MANIFEST: tuple[Face, ...] = (
    Face("#21", "straight", ((0, 3),)),
    Face("#22", "gentle curve", ((0, 2),)),
    Face("#23", "sharp curve", ((0, 1),)),
    Face("#41", "two straights, crossing", ((0, 3), (1, 4))),
    Face("#42", "straight and gentle curve, crossing", ((0, 3), (1, 5))),
    Face("#43", "two gentle curves, crossing", ((0, 2), (1, 3))),
    Face("#44", "straight and sharp curve, not crossing", ((0, 3), (1, 2))),
    Face("#45", "two gentle curves, not crossing", ((0, 2), (3, 5))),
    Face("#46", "gentle and sharp curve, not crossing", ((0, 2), (3, 4))),
    Face("#47", "gentle and sharp curve, not crossing (mirror of #46)", ((0, 2), (4, 5))),
    Face("T11", "town, 1 spoke", _spokes(0)),
    Face("T21", "town, 2 spokes straight", _spokes(0, 3)),
    Face("T22", "town, 2 spokes gentle", _spokes(0, 2)),
    Face("T23", "town, 2 spokes sharp", _spokes(0, 1)),
    Face("T31", "town, 3 spokes spread", _spokes(0, 2, 4)),
    Face("T32", "town, 3 spokes, Y one hand", _spokes(0, 2, 3)),
    Face("T33", "town, 3 spokes, Y other hand", _spokes(0, 3, 4)),
    Face("T34", "town, 3 spokes side by side", _spokes(0, 1, 2)),
    Face("T41", "town, 4 spokes, peace sign", _spokes(0, 2, 3, 4)),
    Face("T42", "town, 4 spokes, X", _spokes(0, 1, 3, 4)),
    Face("T43", "town, 4 spokes side by side", _spokes(0, 1, 2, 3)),
)
FACES: dict[str, Face] = {f.name: f for f in MANIFEST}


@dataclass(frozen=True)
class Piece:
    """A physical tile: two faces (``back`` None: the blank back of T11) and how many."""

    front: str
    back: str | None
    count: int


#: S-K13/S-K14: the physical tiles, 136 in all.
PIECES: tuple[Piece, ...] = (
    Piece("#21", "#22", 86),
    Piece("T21", "T22", 10),
    Piece("#23", "T23", 8),
    Piece("T11", None, 4),
    Piece("#42", "T41", 4),
    Piece("T31", "T34", 4),
    Piece("T42", "#41", 4),
    Piece("#43", "T43", 4),
    Piece("#44", "#45", 2),
    Piece("#44", "#47", 2),
    Piece("#47", "#46", 2),
    Piece("#45", "#46", 2),
    Piece("T32", "T33", 4),
)


def rotate_path(path: Path, rotation: int) -> Path:
    """A path turned ``rotation`` sixths clockwise (the town end stays in the middle)."""
    a, b = ((e + rotation) % 6 if e != TOWN else TOWN for e in path)
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class Orientation:
    """A face in one rotation, as it lies on the map.

    ``rotation`` is the smallest rotation giving these paths (a straight turned by 3 is the
    same straight). ``side_path[s]`` is the index in ``paths`` of the path using side ``s``,
    or -1.
    """

    face: str
    rotation: int
    paths: tuple[Path, ...]
    side_path: tuple[int, ...]
    town: bool
    exits: int
    base_cost: int
    side_mask: int  # bit s set when side s is used
    path_masks: tuple[int, ...]  # the sides of each path, as bits

    @property
    def sides(self) -> tuple[int, ...]:
        return tuple(s for s in range(6) if self.side_path[s] >= 0)

    def __repr__(self) -> str:
        return f"{self.face}@{self.rotation}"


def _build_orientations() -> tuple[dict[tuple[str, int], Orientation],
                                   dict[tuple[Path, ...], Orientation],
                                   dict[str, tuple[Orientation, ...]]]:
    by_rot: dict[tuple[str, int], Orientation] = {}
    by_paths: dict[tuple[Path, ...], Orientation] = {}
    distinct: dict[str, tuple[Orientation, ...]] = {}
    for face in MANIFEST:
        seen: dict[tuple[Path, ...], Orientation] = {}
        for rot in range(6):
            paths = tuple(sorted(rotate_path(p, rot) for p in face.paths))
            o = seen.get(paths)
            if o is None:
                side_path = [-1] * 6
                for i, (a, b) in enumerate(paths):
                    side_path[a] = i
                    if b != TOWN:
                        side_path[b] = i
                masks = tuple((1 << a) | (0 if b == TOWN else 1 << b) for a, b in paths)
                mask = 0
                for m in masks:
                    mask |= m
                o = Orientation(face.name, rot, paths, tuple(side_path), face.town,
                                face.exits, face.base_cost, mask, masks)
                seen[paths] = o
                assert paths not in by_paths, f"two faces share the paths {paths}"
                by_paths[paths] = o
            by_rot[(face.name, rot)] = o
        distinct[face.name] = tuple(seen.values())
    return by_rot, by_paths, distinct


_BY_ROT, BY_PATHS, DISTINCT = _build_orientations()
#: Every distinct orientation of every face, plain faces first.
ALL_ORIENTATIONS: tuple[Orientation, ...] = tuple(o for f in MANIFEST for o in DISTINCT[f.name])
PLAIN_ORIENTATIONS: tuple[Orientation, ...] = tuple(o for o in ALL_ORIENTATIONS if not o.town)
TOWN_ORIENTATIONS: tuple[Orientation, ...] = tuple(o for o in ALL_ORIENTATIONS if o.town)


def _upgrades() -> dict[tuple[Path, ...], tuple[Orientation, ...]]:
    """S-K16: for each orientation, the orientations keeping all its paths and adding more."""
    out: dict[tuple[Path, ...], tuple[Orientation, ...]] = {}
    for o in ALL_ORIENTATIONS:
        mine = set(o.paths)
        out[o.paths] = tuple(u for u in ALL_ORIENTATIONS
                             if u.town == o.town and mine < set(u.paths))
    return out


_UPGRADES = _upgrades()


def upgrades_of(o: Orientation) -> tuple[Orientation, ...]:
    """S-K16: the faces (as laid) that may replace ``o``."""
    return _UPGRADES[o.paths]


def orient(face: str, rotation: int) -> Orientation | None:
    """The face ``face`` turned by ``rotation`` (0-5), or None for no such face/rotation."""
    return _BY_ROT.get((face, rotation))


def with_paths(paths: tuple[Path, ...] | list[Path] | set[Path]) -> Orientation | None:
    """The face and rotation carrying exactly these paths (each written either way round),
    if the box has one."""
    return BY_PATHS.get(tuple(sorted((min(a, b), max(a, b)) for a, b in paths)))


@dataclass(frozen=True)
class Tile:
    """A tile on the map: its face as laid, and the controller of each path (-1: nobody),
    aligned with ``orient.paths``. Paths keep their owner through upgrades (S-K16c)."""

    orient: Orientation
    owners: tuple[int, ...]

    @property
    def face(self) -> str:
        return self.orient.face

    @property
    def rotation(self) -> int:
        return self.orient.rotation

    @property
    def paths(self) -> tuple[Path, ...]:
        return self.orient.paths

    def owner_of(self, path: Path) -> int:
        return self.owners[self.orient.paths.index(path)]

    def with_owners(self, changes: Mapping[Path, int]) -> Tile:
        return Tile(self.orient, tuple(changes.get(p, o)
                                       for p, o in zip(self.orient.paths, self.owners,
                                                       strict=True)))


# -- the double-sided supply (S-K14) ------------------------------------------------------------


def _components() -> tuple[tuple[tuple[str, ...], tuple[tuple[tuple[int, ...], int], ...]], ...]:
    """Groups of faces linked by pieces, each with (the faces of a subset, the pieces able to
    show one of them) for every non-empty subset: Hall's condition, precomputed."""
    parent: dict[str, str] = {f.name: f.name for f in MANIFEST}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    for p in PIECES:
        if p.back is not None:
            parent[find(p.front)] = find(p.back)
    groups: dict[str, list[str]] = {}
    for f in MANIFEST:
        groups.setdefault(find(f.name), []).append(f.name)
    out = []
    for faces in groups.values():
        subsets = []
        for mask in range(1, 1 << len(faces)):
            members = tuple(i for i in range(len(faces)) if mask >> i & 1)
            chosen = {faces[i] for i in members}
            cap = sum(p.count for p in PIECES if p.front in chosen or p.back in chosen)
            subsets.append((members, cap))
        out.append((tuple(faces), tuple(subsets)))
    return tuple(out)


_COMPONENTS = _components()
_COMPONENT_OF: dict[str, int] = {f: i for i, (faces, _) in enumerate(_COMPONENTS) for f in faces}
TOTAL_PIECES: Final = sum(p.count for p in PIECES)


def _component_ok(index: int, counts: Mapping[str, int], add: str | None = None,
                  remove: str | None = None) -> bool:
    faces, subsets = _COMPONENTS[index]
    demand = [counts.get(f, 0) + (f == add) - (f == remove) for f in faces]
    return all(sum(demand[i] for i in members) <= cap for members, cap in subsets)


def supply_ok(counts: Mapping[str, int]) -> bool:
    """S-K14: every face on the map (``counts`` per face) has its own piece."""
    return all(_component_ok(i, counts) for i in range(len(_COMPONENTS)))


def supply_allows(counts: Mapping[str, int], add: str, remove: str | None = None) -> bool:
    """S-K14: may one more ``add`` face lie on the map, once ``remove`` (a tile taken off by
    the same action) has gone back to the supply?"""
    return _component_ok(_COMPONENT_OF[add], counts, add, remove)


def available(counts: Mapping[str, int], face: str) -> int:
    """How many more ``face`` faces the supply could still give (S-K14), for the screen."""
    after = dict(counts)
    n = 0
    while True:
        after[face] = after.get(face, 0) + 1
        if not _component_ok(_COMPONENT_OF[face], after):
            return n
        n += 1
