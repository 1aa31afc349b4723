"""The world of a game: the map file and the files it names beside it, packed into a save.

A saved game replays its actions from the seed on a board, so it must replay on the board it
was played on. Maps change (a city moves, a river is redrawn), so a save carries the files
of its map, compressed, each with its SHA-256. Loading a save unpacks them into a folder of
the user data folder named by their digests, and the game is rebuilt from there: a save made
on today's Italy still plays the same after ``maps/italy.yaml`` changes.

Which files a map names is the game's to say: its definition lists them as :class:`MapPart`
(Italian Rails: the map's ``geometry:`` and ``deck:``; Steam: its ``background:``, saved as
"geometry"), each with the role the save gives it. The packed form, in JSON
(``docs/game-record.md``)::

    {"map":      {"name": "italy.yaml", "size": 9767, "sha256": "...", "zlib": "<base64>"},
     "geometry": {"name": "italy.geojson", ...},   (absent when the map has its geometry inline)
     "deck":     {"name": "italy-deck.yaml", ...}} (absent when the map names no deck)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rail_app.core import guarded
from rail_app.core.files import write_atomic

#: The role of the map file itself in a world.
MAP_ROLE = "map"
_HEX64 = re.compile(r"[0-9a-f]{64}")


class WorldError(Exception):
    """A packed world that cannot be used; the message says why, in one line."""


@dataclass(frozen=True)
class MapPart:
    """A file a game's map names beside it, carried by every save with the map: its ``role``
    in the save (the name saves give it), the map's ``key`` that names it, and how the
    guarded reader reads it. A GeoJSON part may be written inline in the map (then it is in
    the map file itself)."""

    role: str
    key: str
    kind: guarded.FileKind

    def __post_init__(self) -> None:
        if self.role == MAP_ROLE:
            raise ValueError(f"a map part cannot be called {MAP_ROLE!r}: the map file is")


@dataclass(frozen=True)
class WorldFile:
    role: str  # "map", or the role of one of the game's map parts
    name: str  # the plain file name the map uses for it
    data: bytes
    sha256: str
    packed: str  # zlib + base64 of ``data``, kept so that each autosave need not compress
    kind: guarded.FileKind = guarded.MAP  # how the guarded reader reads it

    @classmethod
    def of(cls, role: str, name: str, data: bytes,
           kind: guarded.FileKind = guarded.MAP) -> WorldFile:
        packed = base64.b64encode(zlib.compress(data, 9)).decode("ascii")
        return cls(role, name, data, hashlib.sha256(data).hexdigest(), packed, kind)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "size": len(self.data), "sha256": self.sha256,
                "zlib": self.packed}


@dataclass(frozen=True)
class World:
    files: tuple[WorldFile, ...]

    def file(self, role: str) -> WorldFile | None:
        return next((f for f in self.files if f.role == role), None)

    @property
    def map(self) -> WorldFile:
        found = self.file(MAP_ROLE)
        assert found is not None  # every World has its map (checked when made)
        return found

    @property
    def digest(self) -> str:
        """One digest for the whole world: the name of its folder once unpacked."""
        h = hashlib.sha256()
        for f in sorted(self.files, key=lambda f: f.role):
            h.update(f"{f.role}\0{f.name}\0{f.sha256}\n".encode())
        return h.hexdigest()

    def to_json(self) -> dict[str, Any]:
        return {f.role: f.to_json() for f in self.files}


def pack_world(map_path: str | os.PathLike[str], parts: Sequence[MapPart] = ()) -> World | None:
    """The world of the map at ``map_path`` with the files its game names (``parts``), read
    through the guarded reader; None when the map refers to one of them by anything but a
    plain name beside it (such a map is saved by its path alone, as before). WorldError if a
    file cannot be read."""
    from rail_app.core.mapfile import MapError, read_yaml

    path = Path(map_path)
    try:
        data, _ = read_yaml(path, str(path))
        files = [WorldFile.of(MAP_ROLE, path.name, guarded.read_bytes(path, guarded.MAP))]
    except MapError as exc:
        raise WorldError(str(exc.problems[0]) if exc.problems else str(exc)) from None
    except guarded.GuardError as exc:
        raise WorldError(str(exc)) from None
    if not isinstance(data, dict) or not guarded.plain_file_name(path.name):
        return None
    for part in parts:
        name = data.get(part.key)
        if name is None or (part.kind is guarded.GEOJSON and isinstance(name, dict)):
            continue  # not named (no deck), or inline geometry (it is in the map file itself)
        if not guarded.plain_file_name(name) or name == path.name:
            return None
        try:
            files.append(WorldFile.of(part.role, name,
                                      guarded.read_bytes(path.parent / name, part.kind),
                                      part.kind))
        except guarded.GuardError as exc:
            raise WorldError(str(exc)) from None
    return World(tuple(files))


def world_from_json(raw: Any, parts: Sequence[MapPart] = ()) -> World:
    """Check and unpack the JSON form of a world of a game whose map names ``parts``;
    WorldError names the first fault."""
    if not isinstance(raw, dict):
        raise WorldError("'world' must be an object")
    kinds = {MAP_ROLE: guarded.MAP} | {p.role: p.kind for p in parts}
    unknown = [k for k in raw if k not in kinds]
    if unknown:
        raise WorldError(f"world: unknown part {guarded.shorten(unknown[0])}")
    if MAP_ROLE not in raw:
        raise WorldError("world: the map file is missing")
    files: list[WorldFile] = []
    names: set[str] = set()
    for role, entry in raw.items():
        kind = kinds[role]
        where = f"world.{role}"
        if not isinstance(entry, dict) or set(entry) != {"name", "size", "sha256", "zlib"}:
            raise WorldError(f"{where}: expected name, size, sha256 and zlib")
        name, size, digest, packed = entry["name"], entry["size"], entry["sha256"], entry["zlib"]
        if not guarded.plain_file_name(name) or name in names:
            raise WorldError(f"{where}: {guarded.shorten(name)} is not a usable file name")
        names.add(name)
        if not isinstance(size, int) or isinstance(size, bool) or not 0 <= size <= kind.max_bytes:
            raise WorldError(f"{where}: size must be 0 to {kind.max_bytes} bytes")
        if not isinstance(digest, str) or not _HEX64.fullmatch(digest):
            raise WorldError(f"{where}: sha256 must be 64 hexadecimal digits")
        if not isinstance(packed, str) or len(packed) > 2 * kind.max_bytes:
            raise WorldError(f"{where}: zlib must be base64 text")
        try:
            squeezed = base64.b64decode(packed.encode("ascii"), validate=True)
            inflater = zlib.decompressobj()
            data = inflater.decompress(squeezed, size + 1)  # never more than announced
        except (ValueError, UnicodeEncodeError, binascii.Error, zlib.error):
            raise WorldError(f"{where}: the packed file is damaged") from None
        if len(data) != size or not inflater.eof:
            raise WorldError(f"{where}: the packed file is damaged (its size does not match)")
        if hashlib.sha256(data).hexdigest() != digest:
            raise WorldError(f"{where}: the packed file is damaged (its SHA-256 does not "
                             "match)")
        files.append(WorldFile(role, name, data, digest, packed, kind))
    used = next(f for f in files if f.role == MAP_ROLE).data
    for f in files:  # a file its map never names is not part of the world
        if f.role != MAP_ROLE and f.name.encode("utf-8") not in used:
            raise WorldError(f"world.{f.role}: the map does not use "
                             f"{guarded.shorten(f.name)}")
    return World(tuple(files))


def current_world(world: World) -> World:
    """The world as maps are written now (:func:`join_named_twice` of each GeoJSON file):
    the same board, from files today's reader accepts."""
    files = []
    for f in world.files:
        if f.kind is guarded.GEOJSON:
            joined = join_named_twice(f.data)
            if joined is not f.data:
                f = WorldFile.of(f.role, f.name, joined, f.kind)
        files.append(f)
    return world if all(a is b for a, b in zip(files, world.files, strict=True)) \
        else World(tuple(files))


def join_named_twice(data: bytes) -> bytes:
    """A GeoJSON map file of an older version as maps are written now: the features of one
    river (or sea) written in pieces under one name, which the board then read as one, are
    joined into one feature (a MultiLineString or MultiPolygon, with the first piece's
    properties), since a name written twice is refused today. ``data`` itself when nothing
    is written twice (or it is not a GeoJSON text: the map's reader says why)."""
    import json
    from collections import Counter

    from rail_app.core.geometry import NAMED_ONCE

    try:  # a packed file is a file from outside: read with the guards of its kind
        doc = guarded.parse_json(data, guarded.GEOJSON, "geometry")
    except guarded.GuardError:
        return data
    feats = doc.get("features") if isinstance(doc, dict) else None
    if not isinstance(feats, list):
        return data

    def key_of(feat: Any) -> tuple[str, str] | None:
        props = feat.get("properties") if isinstance(feat, dict) else None
        geom = feat.get("geometry") if isinstance(feat, dict) else None
        if not isinstance(props, dict) or not isinstance(geom, dict) or _pieces(geom) is None:
            return None
        layer, name = props.get("layer"), props.get("name")
        if layer not in NAMED_ONCE or not isinstance(name, str) or not name:
            return None
        return layer, name

    twice = {k for k, n in Counter(key_of(f) for f in feats).items() if k is not None and n > 1}
    if not twice:
        return data
    joined: dict[tuple[str, str], dict[str, Any]] = {}
    out: list[Any] = []
    for feat in feats:
        key = key_of(feat)
        if key not in twice:
            out.append(feat)
            continue
        assert key is not None
        pieces = _pieces(feat["geometry"])
        assert pieces is not None
        if key in joined:
            joined[key]["geometry"]["coordinates"].extend(pieces)
            continue
        kind = "Multi" + str(feat["geometry"]["type"]).removeprefix("Multi")
        joined[key] = dict(feat, geometry={"type": kind, "coordinates": pieces})
        out.append(joined[key])
    doc["features"] = out
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


def _pieces(geom: dict[str, Any]) -> list[Any] | None:
    """A line's or polygon's coordinates as the list of a Multi geometry's parts."""
    kind, coords = geom.get("type"), geom.get("coordinates")
    if not isinstance(coords, list):
        return None
    if kind in ("LineString", "Polygon"):
        return [coords]
    if kind in ("MultiLineString", "MultiPolygon"):
        return list(coords)
    return None


def unpack_world(world: World, root: Path) -> Path:
    """Write the world's files into ``root/<digest>/`` (once; files already there are kept
    if their digest matches) and return the path of its map file. An older save's files are
    written as maps are written now (:func:`current_world`)."""
    world = current_world(world)
    folder = root / world.digest[:32]
    folder.mkdir(parents=True, exist_ok=True)
    for f in world.files:
        target = folder / f.name
        try:
            same = hashlib.sha256(guarded.read_bytes(target, f.kind)).hexdigest() == f.sha256
        except guarded.GuardError:
            same = False
        if not same:
            write_atomic(target, f.data)
    return folder / world.map.name


def mount_world(world: World, root: Path) -> Path:
    """The world's files read from the save itself, nothing written: the guarded reader
    gives them at the paths :func:`unpack_world` would write (for a disk with no room)."""
    world = current_world(world)
    folder = root / world.digest[:32]
    for f in world.files:
        guarded.keep_in_memory(folder / f.name, f.data)
    return folder / world.map.name


_OPENED: dict[tuple[str, str], Path] = {}


def open_world(world: World, root: Path) -> Path:
    """The path of the world's map: unpacked into ``root`` when the disk takes it, else
    kept in memory (:func:`mount_world`); loading a save never needs free disk. A world
    opened before in this run is not checked again while its map file is there."""
    key = (str(root), world.digest)
    found = _OPENED.get(key)
    if found is not None and guarded.lexists(found):
        return found
    try:
        path = unpack_world(world, root)
    except OSError:
        path = mount_world(world, root)
    if len(_OPENED) > 256:
        _OPENED.clear()
    _OPENED[key] = path
    return path


def file_sha256(path: str | os.PathLike[str], kind: guarded.FileKind = guarded.MAP) -> str:
    """The SHA-256 of a file read through the guarded reader, or "" if it cannot be read."""
    try:
        return hashlib.sha256(guarded.read_bytes(path, kind)).hexdigest()
    except guarded.GuardError:
        return ""
