"""The tile manifest (S-K13), rotations (D-4) and the double-sided supply (S-K14, D-5)."""

from __future__ import annotations

import pytest

from rail_app.games.steam.rules.tiles import (
    DISTINCT,
    FACES,
    PIECES,
    TOTAL_PIECES,
    TOWN,
    available,
    orient,
    rotate_path,
    supply_allows,
    supply_ok,
    upgrades_of,
    with_paths,
)


def test_S_K13_the_manifest() -> None:
    """S-K13: 21 faces, 136 physical tiles; face counts as the manifest lists them."""
    assert TOTAL_PIECES == 136
    faces: dict[str, int] = {}
    for p in PIECES:
        faces[p.front] = faces.get(p.front, 0) + p.count
        if p.back is not None:
            faces[p.back] = faces.get(p.back, 0) + p.count
    assert faces == {"#21": 86, "#22": 86, "#23": 8, "#41": 4, "#42": 4, "#43": 4, "#44": 4,
                     "#45": 4, "#46": 4, "#47": 4, "T11": 4, "T21": 10, "T22": 10, "T23": 8,
                     "T31": 4, "T32": 4, "T33": 4, "T34": 4, "T41": 4, "T42": 4, "T43": 4}
    assert [FACES[f].exits for f in ("#21", "#41", "T11", "T21", "T31", "T41")] == \
        [2, 4, 1, 2, 3, 4]


def test_S_K13_rotations_never_mirror() -> None:
    """S-K13/D-4: six rotations, never mirrored: #46 and #47 are different faces, and a
    straight has three distinct rotations."""
    assert len(DISTINCT["#21"]) == 3 and len(DISTINCT["#22"]) == 6
    assert len(DISTINCT["T31"]) == 2 and len(DISTINCT["T42"]) == 3
    mirrored = {tuple(sorted(rotate_path(p, r) for p in FACES["#46"].paths)) for r in range(6)}
    assert tuple(sorted(FACES["#47"].paths)) not in mirrored
    o = orient("#21", 3)
    assert o is not None and o.rotation == 0  # the same straight
    assert rotate_path((0, TOWN), 2) == (2, TOWN)
    assert orient("#99", 0) is None and orient("#21", 6) is None


def test_S_K13_every_pair_of_sides_is_a_plain_tile() -> None:
    """S-K13: every 2-exit path is a straight, gentle or sharp curve of the box; every set of
    1-4 spokes is a town tile."""
    for a in range(6):
        for b in range(a + 1, 6):
            o = with_paths([(a, b)])
            assert o is not None
            assert o.face == {3: "#21", 2: "#22", 4: "#22", 1: "#23", 5: "#23"}[b - a]
    from itertools import combinations

    for k in (1, 2, 3, 4):
        for sides in combinations(range(6), k):
            assert with_paths([(s, TOWN) for s in sides]) is not None


def test_S_K16_upgrades_keep_paths() -> None:
    """S-K16: a straight may become #41, #42 or #44 (two rotations each); a one-spoke town
    tile any town tile with that spoke and more."""
    o = orient("#21", 0)
    assert o is not None
    ups = upgrades_of(o)
    assert sorted({u.face for u in ups}) == ["#41", "#42", "#44"]
    assert all(set(o.paths) < set(u.paths) for u in ups)
    t = orient("T11", 0)
    assert t is not None
    assert all(u.town and (0, TOWN) in u.paths for u in upgrades_of(t))


@pytest.mark.parametrize(("counts", "ok"), [
    ({"#21": 86}, True), ({"#21": 50, "#22": 37}, False),
    ({"#44": 4, "#45": 2}, True), ({"#44": 4, "#45": 3}, False),
    ({"#44": 2, "#45": 2, "#46": 2, "#47": 2}, True), ({"#45": 4, "#46": 4}, False),
    ({"T21": 6, "T22": 4}, True), ({"#23": 5, "T23": 4}, False),
])
def test_S_K14_double_sided_supply(counts: dict[str, int], ok: bool) -> None:
    """S-K14: each face on the map needs its own piece: #21 + #22 <= 86, #44 + #45 <= 6,
    #45 + #46 <= 6, #23 + T23 <= 8..."""
    assert supply_ok(counts) is ok


def test_S_K14_a_tile_taken_off_returns_first() -> None:
    """S-K14: with all #21/#22 pieces out, turning a #22 into a #21 is still possible (the
    old face goes back first); adding one is not. available() counts what is left."""
    full = {"#21": 40, "#22": 46}
    assert not supply_allows(full, "#21")
    assert supply_allows(full, "#21", remove="#22")
    assert available({"#44": 2, "#45": 2}, "#47") == 4
    assert available({"#44": 4, "#45": 2}, "#47") == 2
    assert available({}, "T11") == 4
