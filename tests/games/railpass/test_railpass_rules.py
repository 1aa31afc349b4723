"""Rail Pass's physical rules (``docs/railpass-rules.md``): each rule id (R-…) and decision
(D-…) by a test named after it, and the 22 worked examples (EX-01…EX-22) as golden cases.
Most scenarios seat persons everywhere (no busy time, no reaction delay: the digital rules'
own tests are in ``test_railpass_digital.py``)."""

from __future__ import annotations

import pytest

from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.actions import (
    Call,
    CallKind,
    Dispatch,
    Drop,
    DropCube,
    End,
    Load,
    MoveCube,
    MoveEngineer,
    MoveOwn,
    MoveOwnPark,
    Offer,
    Park,
    PickUp,
    Shunt,
    Spill,
    SwapCubes,
    SwapEngineers,
    Take,
    TakePark,
    Tick,
    Withdraw,
)
from rail_app.games.railpass.rules.crew import dead_station
from rail_app.games.railpass.rules.identity import CITIES, LETTERS
from rail_app.games.railpass.rules.network import (
    PUBLISHED_MINUTES,
    Configuration,
    Link,
    LinkKind,
    validity_problems,
)
from rail_app.games.railpass.rules.rng import deal_yard
from rail_app.games.railpass.rules.scenario import Scenario
from rail_app.games.railpass.rules.scoring import base_score, score
from rail_app.games.railpass.rules.state import (
    CAPACITY,
    EMPTY,
    Place,
    RoundState,
    SeatKind,
    Settings,
    Track,
    train_of,
)
from tests.railpasshelp import (
    CONFIGS,
    config,
    cubes,
    do,
    driver,
    hotel,
    people,
    refused,
    where,
)

LONG, SHORT = Track.LONG, Track.SHORT


def totals_scenario(totals: tuple[int, ...]) -> Scenario:
    sc = people()
    for c, n in zip(LETTERS, totals, strict=True):
        sc.storage(c, n)
    return sc


# -- 0, 1, 2: the game, components and set-up -----------------------------------------------------


def test_R_C1_R_C2_R_C3_the_box_six_colours_trains_engineers_cubes() -> None:
    """R-C1, R-C2, R-C3: 6 long and 6 short trains (5 and 3 places), 18 engineers (3 of each
    colour), 120 cubes (20 of each colour), 30 route arrows (5 per city)."""
    s = engine.new_round(config("6CI"))
    assert len(s.place) == 12 and [t % 2 for t in range(12)].count(0) == 6
    assert CAPACITY == (5, 3)
    assert len(s.cab) == 18 and sorted(e // 3 for e in range(18)) == [c for c in range(6)
                                                                       for _ in range(3)]
    counted = [0] * CITIES
    for y in s.yard:
        for c in y:
            counted[c] += 1
    assert counted == [20] * 6
    arrows = [a for row in config("6CI").arrows for a in row if a >= 0]
    assert len(arrows) == 30


def test_R_C4_a_city_board_yard_two_tracks_hotel_storage() -> None:
    """R-C4: 20 yard places, a long-train and a short-train track, a hotel of 3, a storage."""
    s = engine.new_round(config("6CI"))
    for c in range(6):
        assert len(s.yard[c]) == 20 and len(s.tracks[c]) == 2 and len(s.hotel[c]) == 3
        assert s.storage[c] == [0] * 6


def test_R_C5_R_C6_an_engineer_has_a_home_and_a_cube_a_destination() -> None:
    """R-C5: an engineer's home is the city of its colour (G1 parks at G and stays); R-C6: a
    cube goes to the city of its colour (G's cubes are delivered at G, the red one stays)."""
    sc = people()
    sc.hold("L_R", 2, 0, "G", "GGR", "G1")
    sc.park("L_G", "R", LONG)  # G's long-train track is free
    s = sc.state
    do(s, Park(2, "L_R", LONG))
    assert s.storage[2] == [0, 0, 2, 0, 0, 0] and cubes(s, "L_R") == "R"
    assert driver(s, "L_R") == "G1" and not s.pile_engineers


def test_R_C7_R_S9_route_arrows_one_for_each_other_colour() -> None:
    """R-C7, R-S9: each city places 5 arrows, one per other colour, along the shortest
    route."""
    for cid in CONFIGS:
        cfg = config(cid)
        for x in range(6):
            row = cfg.arrows[x]
            assert row[x] == -1 and all(row[c] in cfg.neighbours[x] for c in range(6) if c != x)
            for c in range(6):
                if c != x:
                    assert cfg.distance[row[c]][c] == cfg.distance[x][c] - 1


def test_R_C8_obstacles_stand_on_links_markers_between_unlinked_cities() -> None:
    """R-C8: tunnels and the bridge stand on links; blocked markers between unlinked
    cities."""
    for cid in CONFIGS:
        cfg = config(cid)
        for a, b in cfg.blocked:
            assert cfg.link(a, b) is None
        assert all(link.kind in LinkKind for link in cfg.links)


def test_R_C9_R_V1_stickers_count_only_in_the_expert_version() -> None:
    """R-C9, R-V1: without the Expert version a short train takes 3 cubes of any colour;
    with it, its sticker's rule applies (EX-11)."""
    for expert, ok in ((False, True), (True, False)):
        sc = people(expert=expert)
        sc.park("S_W", "W", SHORT, "GB", "W2")
        sc.yard("W", "Y")
        s = sc.state
        q = engine.quote(s, Load(5, "W", End.FIRST, "S_W"))
        assert q.ok is ok


def test_R_S1_R_S2_R_K4_the_nine_configurations_are_data() -> None:
    """R-S1, R-S2, R-K4: the players pick a configuration; it fixes the links, obstacles,
    markers and seats; the project's nine are data files."""
    cfg = config("2PP")
    assert [str(link) for link in cfg.links] == ["K-R", "R-G", "G-B bridge", "B-Y", "Y-W"]
    assert cfg.blocked == ((5, 0),) and cfg.seats == ((0, 1, 2), (3, 4, 5))
    table = {"2PP": 10, "2HI": 10, "3PP": 9, "3CI": 9, "4HI": 8, "5PP": 7, "6F8": 6,
             "6CI": 6, "6PP": 6}
    for cid, minutes in table.items():
        assert config(cid).minutes == minutes


def test_R_K4_the_shapes_distances() -> None:
    """R-K4: lines up to 5 hops (mean 2.33), circles up to 3 (1.80), the "H" shapes up to 3
    (1.93), the Figure "8" up to 3 (1.67); R and Y have three neighbours in 6F8 and the H."""
    expect = {"PP": (5, 2.33), "CI": (3, 1.80), "HI": (3, 1.93), "F8": (3, 1.67)}
    for cid in CONFIGS:
        cfg = config(cid)
        d = [cfg.distance[a][b] for a in range(6) for b in range(6) if a != b]
        top, mean = expect[cid[1:]]
        assert max(d) == top and round(sum(d) / 30, 2) == mean
    for cid in ("6F8", "2HI", "4HI"):
        assert len(config(cid).neighbours[1]) == 3 and len(config(cid).neighbours[4]) == 3


def test_R_S3_D_18_rounds_are_dealt_afresh() -> None:
    """R-S3, D-18: each round is a game of its own, dealt anew (its number deals the
    yards), of 10 minutes or less."""
    a = engine.new_round(config("6CI"), Settings(round_no=0), 5)
    b = engine.new_round(config("6CI"), Settings(round_no=1), 5)
    assert a.yard != b.yard and a.end == b.end == 3600
    assert max(PUBLISHED_MINUTES.values()) == 10


def test_R_S4_R_S2_a_configuration_with_obstacles_between_one_seats_cities_is_refused() -> None:
    """R-S4, R-S2, D-13, D-30: the layout must make every link clear; an obstacle between two
    cities of the same seat is refused."""
    cfg = config("6CI")
    bad = Configuration(id="X", name="X", seats=((0, 1), (2,), (3,), (4,), (5,)),
                        links=cfg.links, minutes=6)
    assert any("different seats" in m for _, m in validity_problems(bad))


def test_EX_19_R_S5_R_S6_R_S7_R_S11_counts_after_set_up() -> None:
    """EX-19 (R-S5-R-S7, R-S11): 20 cubes in each yard, 4 of each other colour, none of its
    own; trains on their tracks with their engineers, the third in the hotel; empty
    storages and pile."""
    s = engine.new_round(config("6F8"), seed=9)
    for c in range(6):
        assert sorted(s.yard[c]) == sorted(x for x in range(6) if x != c for _ in range(4))
        assert s.tracks[c] == [2 * c, 2 * c + 1]
        assert s.driver[2 * c] == 3 * c and s.driver[2 * c + 1] == 3 * c + 1
        assert s.hotel[c] == [3 * c + 2, EMPTY, EMPTY]
        assert s.storage[c] == [0] * 6
        assert all(not s.cubes[t] for t in range(12))
    assert s.pile_cubes == [0] * 6 and not s.pile_engineers and not s.pile_trains


def test_R_S8_D_33_each_city_one_controller() -> None:
    """R-S8, D-33: every city is controlled by exactly one seat for the whole round."""
    for cid in CONFIGS:
        s = engine.new_round(config(cid))
        assert sorted(c for cities in s.seat_cities for c in cities) == list(range(6))
    cfg = config("6CI")
    twice = Configuration(id="X", name="X", seats=((0, 1), (1, 2), (3,), (4,), (5,)),
                          links=cfg.links, minutes=6)
    assert any("R-S8" in m for _, m in validity_problems(twice))


def test_R_S10_D_19_the_clock_starts_the_round() -> None:
    """R-S10, D-19: the round starts when the clock starts, at tick 0, and lasts the
    published maximum or less, in whole minutes."""
    s = engine.new_round(config("3CI"))
    assert s.tick == 0 and s.end == 9 * 600 and not s.over
    short = engine.new_round(config("3CI"), Settings(minutes=7))
    assert short.end == 7 * 600


# -- 3: real time -----------------------------------------------------------------------------------


def test_R_T1_no_turns_several_seats_act_in_one_tick() -> None:
    """R-T1: there are no turns: two seats act in the same tick."""
    s = people().state
    do(s, Load(0, "K", End.FIRST, "L_K"))
    do(s, Load(3, "B", End.FIRST, "L_B"))
    assert s.tick == 0 and cubes(s, "L_K") and cubes(s, "L_B")


def test_R_T2_an_action_whose_conditions_fail_is_refused_and_changes_nothing() -> None:
    """R-T2: an action is possible only when the situation allows; refused, nothing
    changes."""
    s = people().state
    before = s.copy()
    assert refused(s, PickUp(1, "S_R", 5)) == ["R-M3"]
    from rail_app.games.railpass.rules.invariants import fingerprint

    assert fingerprint(s) == fingerprint(before)


def test_R_T3_the_team_wins_or_loses_together() -> None:
    """R-T3, R-W7: one score for the team: every seat ranks first with it."""
    from rail_app.games.railpass.game import RAILPASS

    s = totals_scenario((10, 12, 11, 13, 10, 14)).state
    RAILPASS.rules.end_early(s)
    out = RAILPASS.rules.outcome(s)
    assert out is not None and set(out.ranks) == {1} and set(out.scores) == {100}


def test_R_T4_D_27_only_your_own_cities() -> None:
    """R-T4, D-27: loading, crew changes and picking up happen only at the seat's cities."""
    s = people().state
    assert refused(s, Load(0, "R", End.FIRST, "L_R")) == ["D-27"]
    assert refused(s, PickUp(0, "L_R", 0)) == ["D-27"]
    assert refused(s, MoveEngineer(0, "R3", "L_R")) == ["D-27"]


def test_R_T5_D_31_a_seat_with_both_hands_full_can_only_park_or_pass() -> None:
    """R-T5, D-31: with both hands holding trains, every action but park, offer, own move
    and withdraw is refused."""
    sc = people()
    sc.hold("L_R", 0, 0, "K", "", "K1")
    sc.hold("S_R", 0, 1, "K", "", "K2")
    s = sc.state
    assert refused(s, Load(0, "K", End.FIRST, "L_K")) == ["D-31"]
    assert "D-31" in refused(s, MoveEngineer(0, "K3", "L_K"))
    assert engine.quote(s, Offer(0, "L_R", "R")).ok
    assert engine.quote(s, Call(0, CallKind.HOLD)).ok


# -- 4: cargo -------------------------------------------------------------------------------------


def test_R_L1_cargo_moves_only_on_a_parked_train_in_your_city() -> None:
    """R-L1: no loading onto a held train."""
    sc = people()
    sc.hold("L_K", 0, 0, "K", "", "K1")
    assert "R-L1" in refused(sc.state, Load(0, "K", End.FIRST, "L_K"))


def test_EX_05_R_L2_D_4_the_two_ends_of_the_yard() -> None:
    """EX-05 (R-L2, D-4): K's yard Y W R W B G B G R W B Y Y G Y R R B W G: the first cube
    may be Y (place 0) or G (place 19); take Y, G, then W (place 18); the ends are then W
    (place 1) and B (place 17); the G at place 5 cannot be taken (only the ends can be
    named)."""
    sc = people()
    sc.yard("K", "YWRWBGBGRWBYYGYRRBWG")
    sc.park("L_K", "K", LONG, "", "K1")
    s = sc.state
    assert (s.yard_end(0, False), s.yard_end(0, True)) == (4, 2)
    do(s, Load(0, "K", End.FIRST, "L_K"))
    do(s, Load(0, "K", End.LAST, "L_K"))
    do(s, Load(0, "K", End.LAST, "L_K"))
    assert cubes(s, "L_K") == "YGW"
    assert (s.lo[0], s.hi[0] - 1) == (1, 17)
    assert (LETTERS[s.yard_end(0, False)], LETTERS[s.yard_end(0, True)]) == ("W", "B")
    from rail_app.games.railpass.rules.engine import CODEC
    from rail_app.table.actions import ActionFormatError

    with pytest.raises(ActionFormatError):  # a place in the middle cannot be named
        CODEC.from_dict({"kind": "load", "seat": 0, "city": "K", "end": "5", "train": "L_K"})


def test_R_L3_D_26_any_parked_train_with_room_whoever_drives_it() -> None:
    """R-L3, D-26: a train of another city, driven by another city's engineer, is loaded
    all the same."""
    sc = people()
    sc.park("L_K", "K", LONG, "", "R1")
    assert engine.quote(sc.state, Load(0, "K", End.FIRST, "L_K")).ok


def test_EX_06_R_L4_R_L5_R_M5_capacity_and_tracks() -> None:
    """EX-06 (R-L4, R-L5, R-M5): a sixth cube on a long train or a fourth on a short one is
    refused; a short train parks on the long-train track, a long one not on the short-train
    track; a train with one cube may leave."""
    sc = people()
    sc.park("L_K", "K", LONG, "RRRRR", "K1")
    sc.park("S_K", "K", SHORT, "GGG", "K2")
    s = sc.state
    assert refused(s, Load(0, "K", End.FIRST, "L_K")) == ["R-L4"]
    assert refused(s, Load(0, "K", End.FIRST, "S_K")) == ["R-L4"]
    sc2 = people()
    sc2.hold("S_K", 0, 0, "K", "", "K2")
    sc2.hold("L_K", 0, 1, "K", "R", "K1")
    s2 = sc2.state
    assert engine.quote(s2, Park(0, "S_K", LONG)).ok
    assert refused(s2, Park(0, "L_K", SHORT)) == ["R-M5"]
    assert engine.quote(s2, Offer(0, "L_K", "R")).ok  # R-L5: one cube is a load


def test_EX_07_R_L6_R_L7_R_L8_D_9_unloading_at_home() -> None:
    """EX-07 (R-L1, R-L6, R-L7, R-L8, D-9): G holds a long train carrying G G B Y G: nothing
    unloads while it is held; parked, G +3 at once and it keeps B Y, which neither unload at
    G nor go into G's yard."""
    sc = people()
    sc.park("L_G", "K", LONG)  # L_K comes to G's long-train track in its place
    sc.hold("L_K", 2, 0, "G", "GGBYG", "G1")
    s = sc.state
    assert s.storage[2][2] == 0 and refused(s, Load(2, "G", End.FIRST, "L_K")) == ["R-L1"]
    do(s, Park(2, "L_K", LONG))
    assert s.storage[2][2] == 3 and cubes(s, "L_K") == "BY"
    left = s.hi[2] - s.lo[2]
    do(s, Load(2, "G", End.FIRST, "L_K"))
    assert s.hi[2] - s.lo[2] == left - 1  # R-L6: a yard only shrinks (no action refills it)
    assert s.storage[2] == [0, 0, 3, 0, 0, 0]  # R-L7: B and Y are not unloaded at G


def test_R_L9_D_10_exchanging_cargo_between_the_two_parked_trains() -> None:
    """R-L9, D-10: a cube moves to the other parked train if it has room; a one-for-one
    swap is allowed between two full trains; a swap takes both hands."""
    sc = people()
    sc.park("L_K", "K", LONG, "RRGGB", "K1")
    sc.park("S_K", "K", SHORT, "WWY", "K2")
    s = sc.state
    assert refused(s, MoveCube(0, "K", "L_K", "S_K", "R")) == ["R-L4"]
    do(s, SwapCubes(0, "K", "L_K", "S_K", "R", "W"))
    assert sorted(cubes(s, "L_K")) == sorted("RGGBW") and sorted(cubes(s, "S_K")) == \
        sorted("WYR")
    sc.hold("L_R", 0, 0, "K", "", "K3")
    assert "D-10" in refused(s, SwapCubes(0, "K", "L_K", "S_K", "R", "W"))
    sc3 = people()
    sc3.park("L_K", "K", LONG, "RG", "K1")
    sc3.park("S_K", "K", SHORT, "", "K2")
    s3 = sc3.state
    do(s3, MoveCube(0, "K", "L_K", "S_K", "G"))
    assert cubes(s3, "S_K") == "G"


def test_R_L10_the_yard_is_emptied_by_loading() -> None:
    """R-L10: a yard's cubes are all other cities' colours and leave only onto trains."""
    s = engine.new_round(config("6CI"), seed=3)
    s.busy = [0] * 6
    sc = people()
    st = sc.state
    for _ in range(5):
        do(st, Load(0, "K", End.FIRST, "L_K"))
    assert st.hi[0] - st.lo[0] == 15 and 0 not in st.cubes[0]


# -- 5: engineers -----------------------------------------------------------------------------------


def test_R_E1_R_M1_no_engineer_no_movement() -> None:
    """R-E1, R-M1: a train without an engineer can be neither picked up, nor sent, nor
    moved to the other track of its station."""
    sc = people()
    sc.park("L_K", "K", LONG, "", "")
    sc.hold("S_K", 0, 0, "K")  # K's short-train track is free
    s = sc.state
    assert "R-M1" in refused(s, PickUp(0, "L_K", 1))
    assert "R-M1" in refused(s, Shunt(0, "L_K", SHORT))
    assert "R-M1" in refused(s, Dispatch(0, "L_K", "R"))


def test_R_E2_one_engineer_per_train() -> None:
    """R-E2: a train holds one engineer."""
    s = people().state
    assert refused(s, MoveEngineer(0, "K3", "L_K")) == ["R-E2"]


def test_R_E3_D_11_EX_13_R_E5_a_swap_of_engineers_needs_a_free_place() -> None:
    """EX-13 (R-E3, R-E5, D-11): at R, L_K driven by K1 and S_R by R2, the hotel full: the
    swap is refused; with a free bed, it takes three moves (K1 to the hotel, R2 to L_K, K1
    to S_R), or one swap."""
    sc = people()
    sc.park("L_K", "R", LONG, "", "K1")
    sc.park("S_R", "R", SHORT, "", "R2")
    sc.hotel("R", "R3 G3 W3")
    s = sc.state
    assert refused(s, SwapEngineers(1, "L_K", "S_R")) == ["D-11"]
    sc.hotel("R", "R3 G3")
    s = sc.state
    do(s, MoveEngineer(1, "K1", "hotel"))
    do(s, MoveEngineer(1, "R2", "L_K"))
    do(s, MoveEngineer(1, "K1", "S_R"))
    assert (driver(s, "L_K"), driver(s, "S_R")) == ("R2", "K1")
    do(s, SwapEngineers(1, "L_K", "S_R"))
    assert (driver(s, "L_K"), driver(s, "S_R")) == ("K1", "R2")
    assert sorted(hotel(s, "R")) == ["G3", "R3"]


def test_R_E4_D_12_engineers_move_only_within_one_station() -> None:
    """R-E4, D-12: an engineer moves between the trains parked in a station and its hotel;
    one in a hotel boards only a train parked in that city; none leaves a held train."""
    sc = people()
    sc.hold("L_K", 0, 0, "K", "", "K1")
    assert refused(sc.state, MoveEngineer(0, "K1", "hotel")) == ["R-E4"]
    sc2 = people()
    sc2.park("L_R", "G", LONG, "", "R1")  # L_G comes to R in its place
    sc2.park("L_G", "R", LONG, "", "")
    s2 = sc2.state
    assert "D-12" in refused(s2, MoveEngineer(1, "R3", "L_R"))
    do(s2, MoveEngineer(1, "R3", "L_G"))
    assert driver(s2, "L_G") == "R3"


def test_R_E6_the_hotel_holds_three() -> None:
    """R-E6: a fourth engineer does not fit the hotel."""
    sc = people()
    sc.hotel("K", "K3 R3 W3")
    s = sc.state
    assert refused(s, MoveEngineer(0, "K1", "hotel")) == ["R-E6"]


def test_EX_09_R_E7_R_E9_R_E10_D_5_D_6_range_on_the_circle() -> None:
    """EX-09 (R-E7, R-E9, R-E10, D-5, D-6): a K engineer drives at K, R and W; L_K driven by
    K1, handed K -> R -> G and held at G: nothing yet; parked at G, K1 quits (-2) and L_K
    stays at G without an engineer; handed back to R instead and parked there, nothing is
    lost."""
    cfg = config("6CI")
    assert [LETTERS[c] for c in range(6) if cfg.in_range(0, c)] == ["K", "R", "W"]

    def held_at_g() -> RoundState:
        sc = people()
        sc.hold("L_G", 2, 1, "G")  # G's and R's long-train tracks are free
        sc.hold("L_R", 1, 1, "R")
        s = sc.state
        do(s, Dispatch(0, "L_K", "R"))
        do(s, Take(1, 1, 0))
        do(s, Tick(15))
        do(s, Offer(1, "L_K", "G"))
        do(s, Take(2, 2, 0))
        assert where(s, "L_K") == ("held", "G") and not s.pile_engineers
        return s

    s = held_at_g()
    before = score(s).final
    do(s, Park(2, "L_K", LONG))
    assert where(s, "L_K") == ("parked", "G") and driver(s, "L_K") == ""
    assert s.pile_engineers == [0] and score(s).final == before - 2
    s = held_at_g()
    do(s, Offer(2, "L_K", "R"))
    do(s, Take(1, 3, 0))
    do(s, Park(1, "L_K", LONG))
    assert where(s, "L_K") == ("parked", "R") and driver(s, "L_K") == "K1"
    assert not s.pile_engineers


def test_R_E8_more_than_two_neighbours() -> None:
    """R-E8: in the Figure "8", R has three neighbours, and an R engineer drives in all."""
    cfg = config("6F8")
    assert sorted(LETTERS[n] for n in cfg.neighbours[1]) == ["G", "K", "Y"]
    assert all(cfg.in_range(1, n) for n in cfg.neighbours[1])


def test_D_7_a_stranded_train_stays_and_moves_again_with_an_engineer() -> None:
    """D-7: after a quit the train stays parked with its cargo; an engineer of that station
    boards it and it moves again."""
    sc = people()
    sc.hold("L_G", 1, 0, "R", "", "G1")
    sc.hold("L_K", 2, 0, "G", "BB", "K1")
    s = sc.state
    do(s, Park(2, "L_K", LONG))
    assert cubes(s, "L_K") == "BB" and driver(s, "L_K") == ""
    assert refused(s, PickUp(2, "L_K", 0)) == ["R-M1"]
    do(s, MoveEngineer(2, "G3", "L_K"))
    assert engine.quote(s, Dispatch(2, "L_K", "B")).ok


# -- 6: trains --------------------------------------------------------------------------------------


def test_R_M2_a_held_train_is_on_the_rails() -> None:
    """R-M2: a held train cannot be loaded or have its engineer changed."""
    sc = people()
    sc.hold("L_K", 0, 0, "K", "", "K1")
    s = sc.state
    assert "R-L1" in refused(s, Load(0, "K", End.FIRST, "L_K"))
    assert refused(s, MoveEngineer(0, "K1", "hotel")) == ["R-E4"]


def test_EX_12_R_M3_D_8_full_hands() -> None:
    """EX-12 (R-M3, D-8, D-31): a player holds two trains and has two parked: a third train
    offered cannot be taken, nor a cube loaded; once one held train is passed on, both work
    again."""
    sc = people()
    sc.hold("L_R", 0, 0, "K")
    sc.hold("S_R", 0, 1, "K")
    s = sc.state
    assert len(s.parked_at(0)) == 2
    do(s, Dispatch(5, "L_W", "K"))
    assert refused(s, Take(0, 1, 0)) == ["R-M3"]
    assert refused(s, Load(0, "K", End.FIRST, "L_K")) == ["D-31"]
    do(s, Offer(0, "L_R", "R"))
    do(s, Take(1, 2, 0))
    do(s, Tick(15))
    do(s, Take(0, 1, 0))
    assert where(s, "L_W") == ("held", "K")


def test_R_M4_D_32_parked_or_held_nothing_else() -> None:
    """R-M4, D-32: a train stands on a track or in a hand; set down on the table it comes
    back at once (Table rules off: a release is no action at all; on: only a fall is a
    wreck)."""
    s = engine.new_round(config("6CI"))
    assert all(p is Place.PARKED for p in s.place)
    sc = people(table_rules=False)
    sc.hold("L_K", 0, 0, "K", "R", "K1")
    assert refused(sc.state, Drop(0, "L_K")) == ["DG-X1"]


def test_R_M6_R_O1_which_way_a_train_faces_is_not_recorded() -> None:
    """R-M6, R-O1: a train's facing does not matter and is no part of a train's state (it
    goes through an obstacle engine first, which the transit time stands for)."""
    from rail_app.games.railpass.rules.replay import snapshot

    s = engine.new_round(config("6CI"))
    assert not any("facing" in str(row) for row in snapshot(s)["trains"])


def test_EX_08_R_M7_R_O2_R_O4_Dave_and_Stephanie() -> None:
    """EX-08 (R-M7, R-O2, R-O4): a tunnel between Dave's city (K) and Stephanie's (R): Dave
    holds the train at the mouth (an offer); Stephanie, with a free hand, takes it on her
    side; Dave cannot take it into his own other hand."""
    sc = people()
    sc.park("L_K", "K", LONG, "R", "K1")
    s = sc.state
    do(s, Dispatch(0, "L_K", "R"))
    assert "toot" in [str(e.kind) for e in s.log]
    assert refused(s, Take(0, 1, 1)) == ["R-M10"]
    do(s, Take(1, 1, 0))
    assert s.place[train_of("L_K")] is Place.TRANSIT


def test_R_M8_D_23_EX_14_moving_between_your_own_cities() -> None:
    """EX-14 (R-M8, R-M10, D-8, D-23): on 2PP the player of K, R and G moves a held train
    from K to G in two steps with a toot each; K -> G in one step is refused; parking at B
    is refused."""
    sc = people("2PP")
    sc.hold("L_K", 0, 0, "K", "", "R1")
    s = sc.state
    assert refused(s, MoveOwn(0, "L_K", "G")) == ["D-8"]
    do(s, MoveOwn(0, "L_K", "R"))
    toots = sum(1 for e in s.log if str(e.kind) == "toot")
    do(s, MoveOwn(0, "L_K", "G"))
    assert sum(1 for e in s.log if str(e.kind) == "toot") == toots + 1
    assert where(s, "L_K") == ("held", "G")
    assert refused(s, MoveOwnPark(0, "L_K", "B", LONG))[0] in ("R-M10", "D-13")


def test_R_M9_blocked_track() -> None:
    """R-M9: no train travels across a blocked-track marker (2PP: W-K)."""
    sc = people("2PP")
    sc.park("L_K", "K", LONG, "W", "K1")
    assert "R-M9" in refused(sc.state, Dispatch(0, "L_K", "W"))


def test_R_M10_only_at_your_own_stations() -> None:
    """R-M10: a train is put into or taken from only a station its player controls."""
    sc = people()
    s = sc.state
    assert refused(s, PickUp(0, "L_R", 0)) == ["D-27"]
    sc.hold("L_K", 0, 0, "K", "", "K1")
    assert "R-M10" in refused(sc.state, Park(1, "L_K", LONG))


def test_R_M11_no_room_hold_it_until_a_track_is_free() -> None:
    """R-M11: a received train that cannot be parked stays in the hand; it can be parked
    later or passed on."""
    sc = people()
    sc.park("L_K", "K", LONG, "", "K1")
    s = sc.state
    do(s, Dispatch(0, "L_K", "W"))
    do(s, Take(5, 1, 0))
    assert refused(s, Park(5, "L_K", LONG)) == ["R-M5"]
    assert engine.quote(s, Offer(5, "L_K", "K")).ok


def test_D_22_moving_a_train_to_the_other_track() -> None:
    """D-22: a shunt is a pick-up and a park: it takes an engineer and a track that fits,
    and the other track."""
    sc = people()
    sc.hold("L_K", 1, 0, "R")  # K's long-train track is free
    s = sc.state
    do(s, Shunt(0, "S_K", LONG))
    assert s.tracks[0] == [1, EMPTY]
    assert "D-22" in refused(s, Shunt(0, "S_K", LONG))
    sc2 = people()
    sc2.hold("S_K", 1, 0, "R")  # K's short-train track is free
    assert "R-M5" in refused(sc2.state, Shunt(0, "L_K", SHORT))


def test_D_34_swapping_the_two_trains_of_a_station() -> None:
    """D-34: the two trains of a station swap tracks through both hands: both need engineers
    and each must fit its new track."""
    sc = people()
    sc.hold("L_K", 1, 0, "R")
    sc.park("S_R", "K", LONG, "", "R2")  # two short trains at K
    s = sc.state
    do(s, PickUp(0, "S_R", 0))
    do(s, PickUp(0, "S_K", 1))
    do(s, Park(0, "S_R", SHORT))
    do(s, Park(0, "S_K", LONG))
    assert s.tracks[0] == [train_of("S_K"), train_of("S_R")]
    s2 = people().state
    do(s2, PickUp(0, "L_K", 0))
    do(s2, PickUp(0, "S_K", 1))
    assert refused(s2, Park(0, "L_K", SHORT)) == ["R-M5"]
    sc3 = people()
    sc3.park("S_K", "K", SHORT, "", "")
    assert refused(sc3.state, PickUp(0, "S_K", 0)) == ["R-M1"]


# -- 7: obstacles --------------------------------------------------------------------------------


def test_R_O3_R_O5_R_O6_obstacles_cost_time_not_points_and_never_block() -> None:
    """R-O3, R-O5, R-O6: a train through the bridge costs nothing; the bridge is an obstacle
    like a tunnel (a two-sided hand-over); an obstacle link counts one hop and stays open."""
    cfg = config("2PP")
    link = cfg.link(2, 3)
    assert link is not None and link.kind is LinkKind.BRIDGE and cfg.distance[2][3] == 1
    sc = people("2PP")
    sc.park("L_G", "G", LONG, "B", "G1")
    s = sc.state
    do(s, Dispatch(0, "L_G", "B"))
    do(s, Take(1, 1, 0))
    assert s.due[train_of("L_G")] == s.tick + 30
    assert score(s).penalty == 0


def test_D_13_an_obstacle_between_one_seats_cities_is_a_push_and_a_catch() -> None:
    """D-13 (Dispatcher): across its own tunnel a seat cannot just move the train: it offers
    it to itself, then catches it with another free hand."""
    from rail_app.games.railpass.rules.state import Mode

    sc = Scenario(config("6CI"), mode=Mode.DISPATCHER, kinds=(SeatKind.PERSON,))
    s = sc.state
    do(s, PickUp(0, "L_K", 0))
    assert refused(s, MoveOwn(0, "L_K", "R")) == ["D-13"]
    do(s, Offer(0, "L_K", "R"))
    assert refused(s, Take(0, 1, 0)) == ["R-M3"]  # not into the hand that pushes it
    do(s, Take(0, 1, 1))
    assert s.place[train_of("L_K")] is Place.TRANSIT


# -- 8: arrows ------------------------------------------------------------------------------------


def test_EX_10_R_A2_D_14_the_black_arrow() -> None:
    """EX-10 (R-A2, D-14): on 6CI the black arrow points to K at R, R at G, Y at B, W at Y,
    K at W; at B both ways are 3 hops, via Y the obstacles weigh 1, via G 2."""
    cfg = config("6CI")
    assert [LETTERS[cfg.arrow(c, 0)] for c in (1, 2, 3, 4, 5)] == ["K", "R", "Y", "W", "K"]


EX20 = {
    "6CI": "-RRWWW K-GGGK RR-BBR YGG-YY WBBB-W KKKYY-",
    "6F8": "-RRRWW K-GGYK RR-BBB YGG-YY WRBB-W KKKYY-",
    "3CI": "-RRRWW K-GGGK RR-BBB GGG-YY WWBB-W KKYYY-",
    "2HI": "-RRRRR K-GYYY RR-RRR YYY-YY RRRB-W YYYYY-",
    "4HI": "-RRRRR K-GYYY RR-RRR YYY-YY RRRB-W YYYYY-",
}


@pytest.mark.parametrize("cid", sorted(EX20))
def test_EX_20_R_A1_the_arrows_of_the_reconstructions(cid: str) -> None:
    """EX-20 (R-A1, D-14, R-K4): every arrow of the circles, the Figure "8" and the H."""
    cfg = config(cid)
    got = " ".join("".join("-" if a < 0 else LETTERS[a] for a in cfg.arrows[x])
                   for x in range(6))
    assert got == EX20[cid]


def test_EX_20_the_lines_arrows_point_to_the_side_of_their_colour() -> None:
    """EX-20: on the lines every arrow points to the neighbour on the side of its colour."""
    for cid in ("2PP", "3PP", "5PP", "6PP"):
        cfg = config(cid)
        for x in range(6):
            for c in range(6):
                if c != x:
                    assert cfg.arrow(x, c) == (x + 1 if c > x else x - 1)


def test_R_A3_R_A4_arrows_advise_and_remind_of_ranges() -> None:
    """R-A3: the arrows' neighbours are where a home engineer can be sent back; R-A4: a train
    may be sent along any link, whatever its arrows say."""
    cfg = config("6CI")
    assert all(cfg.in_range(x, cfg.arrow(x, c)) for x in range(6) for c in range(6) if c != x)
    sc = people()
    sc.park("L_K", "K", LONG, "RRR", "K1")
    assert engine.quote(sc.state, Dispatch(0, "L_K", "W")).ok  # against the arrow


# -- 9: mishaps -----------------------------------------------------------------------------------


def test_R_X1_D_15_dropped_cubes_go_to_the_pile() -> None:
    """R-X1, D-15: a spilled cube goes to the pile (-1) and never returns."""
    sc = people(table_rules=True)
    sc.hold("L_K", 0, 0, "K", "RG", "K1")
    s = sc.state
    do(s, Spill(0, "L_K"))
    assert s.pile_cubes[2] == 1 and cubes(s, "L_K") == "R" and score(s).penalty == 1


def test_EX_15_R_X3_R_X2_R_X4_a_wreck() -> None:
    """EX-15 (R-X3, R-W5): a long train with 4 cubes and its engineer falls: the pile gains
    the train, 4 cubes and the engineer: -5 -4 -2 = -11; eleven trains remain."""
    sc = people(table_rules=True)
    sc.park("L_K", "K", LONG, "RGBY", "K1")
    s = sc.state
    do(s, Drop(0, "L_K"))
    sco = score(s)
    assert (sco.pile_trains, sco.pile_cubes, sco.pile_engineers, sco.penalty) == (1, 4, 1, 11)
    assert sum(1 for p in s.place if p is not Place.WRECKED) == 11
    assert refused(s, PickUp(0, "L_K", 0)) == ["R-M4"]


def test_R_X5_putting_a_train_down_is_not_dropping_it() -> None:
    """R-X5, D-32: a train set down anywhere but a track comes back (Table rules off: no
    action; on, a release over a board is no wreck either, DG-X2: only Drop wrecks)."""
    sc = people(table_rules=False)
    sc.park("L_K", "K", LONG, "R", "K1")
    assert refused(sc.state, Drop(0, "L_K")) == ["DG-X1"]


# -- 10: the end and the score ---------------------------------------------------------------------


def test_EX_01_R_W3_R_W4_the_seeds_base_score() -> None:
    """EX-01 (R-W3, R-W4, R-W7): totals K 14, R 9, G 12, B 10, Y 15, W 11: base 90, final 90,
    lost."""
    sco = score(totals_scenario((14, 9, 12, 10, 15, 11)).state)
    assert (sco.base, sco.final, sco.won) == (90, 90, False)


def test_EX_02_R_W5_penalties() -> None:
    """EX-02 (R-W5): the same totals, 2 cubes and 1 engineer on the pile: 86."""
    sc = totals_scenario((14, 9, 12, 10, 15, 11))
    s = sc.state
    s.pile_cubes[0] = 2
    s.pile_engineers.append(3)
    assert score(s).final == 86


def test_EX_03_R_W7_exactly_100() -> None:
    """EX-03 (R-W4, R-W7): 10 x 10 = 100 wins; one cube on the pile: 99 loses."""
    s = totals_scenario((10, 12, 11, 13, 10, 14)).state
    assert score(s).won and score(s).final == 100
    s.pile_cubes[0] = 1
    assert not score(s).won and score(s).final == 99


def test_EX_04_D_24_balance_beats_volume() -> None:
    """EX-04 (R-W4, D-24): 20 x 5 + 4 gives 80; 11 x 6 gives 121; three tied lowest count
    two; a 0 makes the base 0."""
    assert base_score((20, 20, 20, 20, 20, 4)) == 80
    assert base_score((11,) * 6) == 121
    assert base_score((3, 3, 3, 9, 9, 9)) == 9
    assert base_score((0, 9, 9, 9, 9, 9)) == 0
    s = totals_scenario((0, 9, 9, 9, 9, 9)).state
    s.pile_cubes[1] = 3
    assert score(s).final == -3  # D-24: a score may be negative


def test_EX_16_R_W6_D_16_the_wrong_storage() -> None:
    """EX-16 (R-W6, D-16): K's storage holds 11 black cubes and 1 white: K's total 11, W's
    does not count it, the score loses 2."""
    sc = totals_scenario((11, 12, 12, 12, 12, 12))
    sc.storage("K", 1, "W")
    s = sc.state
    sco = score(s)
    assert sco.totals[0] == 11 and sco.totals[5] == 12 and sco.wrong_storage == 1
    assert sco.final == 11 * 12 - 2


def test_EX_21_R_W1_R_W2_D_17_the_end_of_a_round() -> None:
    """EX-21 (R-W1, R-W2, D-17): time is up; a train held at G with 3 green cubes delivers
    nothing and costs nothing; nothing more can be done."""
    sc = people()
    sc.hold("L_K", 2, 0, "G", "GGG", "G3")
    sc.at(3599)
    s = sc.state
    do(s, Tick())
    assert s.over and s.place[train_of("L_K")] is Place.ASIDE
    assert score(s).totals[2] == 0 and score(s).penalty == 0
    assert refused(s, Load(0, "K", End.FIRST, "L_K")) == ["R-W1"]
    for t in range(12):  # a parked train never carries its own city's colour
        if s.place[t] is Place.PARKED:
            assert s.at[t] not in s.cubes[t]


def test_D_17_set_aside_trains_keep_their_cubes_for_nobody() -> None:
    """D-17: offered and in-transit trains are set aside too; their cubes count for
    nobody."""
    sc = people()
    sc.park("L_K", "K", LONG, "RRR", "K1")
    sc.at(3590)
    s = sc.state
    do(s, Dispatch(0, "L_K", "R"))
    do(s, Tick(10))
    assert s.over and s.place[train_of("L_K")] is Place.ASIDE and score(s).totals[1] == 0


# -- 11, 12: configurations and variants ------------------------------------------------------------


def test_R_K1_R_K2_the_published_list_and_the_clock() -> None:
    """R-K1, R-K2: the rulebook gives no configuration; the published clocks are 10 minutes
    for two players, one less for each more."""
    assert PUBLISHED_MINUTES == {2: 10, 3: 9, 4: 8, 5: 7, 6: 6}


def test_R_K3_the_designers_intent_a_round_is_too_short_to_empty_the_yards() -> None:
    """R-K3: the clock is the challenge: a round never waits (the end comes at its last
    tick whatever is left)."""
    s = engine.new_round(config("6CI"), Settings(kinds=(SeatKind.ABSENT,) * 6))
    assert s.over and all(s.yard_left(c) == 20 for c in range(6))


def test_R_K5_R_V4_D_30_your_own_configuration_must_be_valid() -> None:
    """R-K5, R-V4, D-30: one connected network, at most 3 tunnels, 1 bridge and 3 markers,
    markers only between unlinked cities."""
    open_ring = tuple(Link(i, (i + 1) % 6) for i in range(6))
    ok = Configuration("OK", "ok", ((0, 1, 2), (3, 4, 5)), open_ring, minutes=10)
    assert validity_problems(ok) == []
    cut = Configuration("CUT", "cut", ((0, 1, 2), (3, 4, 5)), open_ring[:2] + open_ring[3:5],
                        minutes=10)
    assert any("connected" in m for _, m in validity_problems(cut))
    four = Configuration("T", "t", tuple((c,) for c in range(6)),
                         tuple(Link(i, (i + 1) % 6, LinkKind.TUNNEL) for i in range(6)),
                         minutes=6)
    assert any("tunnels" in m for _, m in validity_problems(four))
    marked = Configuration("M", "m", ((0, 1, 2), (3, 4, 5)), open_ring, ((0, 1),),
                           minutes=10)
    assert any("R-M9" in m for _, m in validity_problems(marked))


def test_EX_11_R_V2_D_20_D_28_the_red_sticker() -> None:
    """EX-11 (R-V2, D-20): a short train with a red sticker holding G B refuses a third
    non-red cube and takes a red one; a long train with a blue sticker holding R G Y W
    refuses a fifth non-blue and takes a blue."""
    sc = people(expert=True)
    sc.park("S_W", "W", SHORT, "GB", "W2")
    sc.yard("W", "RY")
    s = sc.state
    assert refused(s, Load(5, "W", End.LAST, "S_W")) == ["D-28"]
    do(s, Load(5, "W", End.FIRST, "S_W"))
    assert cubes(s, "S_W") == "GBR"
    sc2 = people(expert=True)
    sc2.park("L_G", "G", LONG, "RGYW", "G1")
    sc2.yard("G", "BK")
    s2 = sc2.state
    assert refused(s2, Load(2, "G", End.LAST, "L_G")) == ["D-28"]
    do(s2, Load(2, "G", End.FIRST, "L_G"))


def test_R_V3_the_expert_version_is_no_preset_for_beginners() -> None:
    """R-V3, DG-L2: the Expert stickers are off unless chosen (the first trip and the
    standard presets play without them)."""
    assert Settings().expert is False


def test_D_1_D_3_two_to_six_players_six_colours() -> None:
    """D-1, D-3: 2-6 players; black, red, green, blue, yellow, white."""
    from rail_app.games.railpass.game import RAILPASS

    assert (RAILPASS.seats.low, RAILPASS.seats.high) == (2, 6)
    assert LETTERS == "KRGBYW"


def test_D_2_the_configurations_are_the_projects_reconstructions() -> None:
    """D-2: the nine carry the published names, player counts and clocks."""
    names = [config(c).name for c in CONFIGS]
    assert names[0] == "2-player Point to Point" and names[6] == '6-player Figure "8"'
    assert [config(c).seat_count for c in CONFIGS] == [2, 2, 3, 3, 4, 5, 6, 6, 6]


def test_D_21_D_29_the_toot_is_automatic_and_talking_is_calls() -> None:
    """D-21: every hand-over and own move toots by itself, in the sender's colour, with no
    penalty to forget; D-29: the digital edition talks through calls."""
    s = people().state
    do(s, Dispatch(0, "L_K", "W"))
    assert [str(e.kind) for e in s.log][-2:] == ["offered", "toot"]
    assert s.log[-1].colour == 0 and score(s).penalty == 0
    do(s, Call(0, CallKind.NEED_TRAIN))
    assert str(s.log[-1].kind) == "called" and s.calls[-1].to == (1, 5)


def test_D_25_declining_and_withdrawing_an_offer() -> None:
    """D-25: a receiver may leave an offer; the sender keeps holding the train and may
    withdraw it until it is taken, but not after."""
    sc = people()
    s = sc.state
    do(s, Dispatch(0, "L_K", "W"))
    assert refused(s, Withdraw(5, 1)) == ["D-25"]
    do(s, Withdraw(0, 1))
    assert where(s, "L_K") == ("held", "K") and not s.offers
    do(s, Offer(0, "L_K", "W"))
    do(s, Take(5, 2, 0))
    assert refused(s, Withdraw(0, 2)) == ["D-25"]


def test_EX_17_a_cube_that_travels_three_hops() -> None:
    """EX-17 (R-E7, R-L9, D-5): on 6CI a blue cube in K's yard is 3 hops from B, via W and Y;
    L_K takes it to W driven by K1; a W engineer drives it to Y; a Y engineer to B: each hop
    is driven by an engineer whose home is at one end of it."""
    cfg = config("6CI")
    assert cfg.distance[0][3] == 3 and LETTERS[cfg.arrow(0, 3)] == "W"
    sc = people()
    sc.hold("L_W", 5, 1, "W")  # the long-train tracks of W, Y and B are free
    sc.hold("L_Y", 4, 1, "Y")
    sc.hold("L_B", 3, 1, "B")
    sc.yard("K", "B")
    s = sc.state
    do(s, Load(0, "K", End.FIRST, "L_K"))
    do(s, Dispatch(0, "L_K", "W"))
    do(s, TakePark(5, 1, LONG))
    assert where(s, "L_K") == ("parked", "W") and driver(s, "L_K") == "K1"
    do(s, MoveEngineer(5, "K1", "hotel"))
    do(s, MoveEngineer(5, "W3", "L_K"))
    do(s, Dispatch(5, "L_K", "Y"))
    do(s, Take(4, 2, 0))
    do(s, Tick(15))
    do(s, Park(4, "L_K", LONG))
    assert driver(s, "L_K") == "W3" and not s.pile_engineers
    do(s, MoveEngineer(4, "W3", "hotel"))
    do(s, MoveEngineer(4, "Y3", "L_K"))
    do(s, Dispatch(4, "L_K", "B"))
    do(s, TakePark(3, 3, LONG))
    assert s.storage[3][3] == 1 and driver(s, "L_K") == "Y3" and not s.pile_engineers


def test_EX_18_who_can_drive_a_hop() -> None:
    """EX-18 (R-E7, R-E9): no three cities of the reconstructions are all linked, so only
    the engineers of X and Z can drive the hop X -> Z."""
    for cid in CONFIGS:
        cfg = config(cid)
        for link in cfg.links:
            assert sorted(cfg.drivers(link.a, link.b)) == sorted((link.a, link.b))


def test_EX_22_the_dead_station() -> None:
    """EX-22 (R-M1, R-E4, R-M5, D-7): both of G's tracks hold trains without engineers and
    its hotel is empty: nothing can move them and nothing can park at G; the park that would
    cause it is flagged beforehand."""
    sc = people()
    sc.park("L_G", "G", LONG, "", "")
    sc.hotel("G", "")
    sc.hold("S_G", 1, 0, "R")
    sc.hold("S_K", 2, 0, "G", "", "K2")
    s = sc.state
    q = engine.quote(s, Park(2, "S_K", SHORT))
    assert q.ok and q.details is not None and q.details.quits and q.details.strands == (2,)
    do(s, Park(2, "S_K", SHORT))
    assert dead_station(s, 2)
    assert refused(s, PickUp(2, "L_G", 0)) == ["R-M1"]
    assert refused(s, PickUp(2, "S_K", 0)) == ["R-M1"]


def test_deal_is_four_of_each_other_colour_for_every_seed() -> None:
    """R-S7: whatever the seed, each yard holds four of each other colour."""
    for seed in (0, 1, 2, 99, 2**40):
        for c in range(6):
            y = deal_yard(seed, 0, c)
            assert sorted(y) == sorted(x for x in range(6) if x != c for _ in range(4))


# -- every refusal of loading, moving cargo, engineers and the clock, by its rule --------------


def test_R_L2_nothing_is_loaded_from_an_empty_yard() -> None:
    """R-L2: a cube is taken from an end of the yard; an empty yard has none, to load nor,
    with Table rules, to drop (DG-X2)."""
    sc = people(table_rules=True)
    sc.yard("K", "")
    assert refused(sc.state, Load(0, "K", End.FIRST, "L_K")) == ["R-L2"]
    assert refused(sc.state, DropCube(0, "K", End.LAST)) == ["R-L2"]


def test_R_L9_cargo_moves_between_two_trains_parked_in_the_same_station() -> None:
    """R-L9: a cube moves from one parked train to another in the same station: not within
    one train, not from a train parked elsewhere, nor to one, nor a cube the train does not carry; D-10: a swap
    likewise, each cube from its own train."""
    sc = people()
    sc.park("L_K", "K", LONG, "GB", "K1")
    sc.park("S_K", "K", SHORT, "Y", "K2")
    sc.park("L_R", "R", LONG, "W", "R1")
    s = sc.state
    assert refused(s, MoveCube(0, "K", "L_K", "L_K", "G")) == ["R-L9"]
    assert refused(s, SwapCubes(0, "K", "L_K", "L_K", "G", "B")) == ["R-L9"]
    assert refused(s, MoveCube(0, "K", "L_R", "S_K", "W")) == ["R-L9"]
    assert refused(s, MoveCube(0, "K", "L_K", "L_R", "G")) == ["R-L9"]
    assert refused(s, MoveCube(0, "K", "L_K", "S_K", "W")) == ["R-L9"]
    do(s, MoveCube(0, "K", "L_K", "S_K", "G"))
    assert (cubes(s, "L_K"), cubes(s, "S_K")) == ("B", "YG")
    assert refused(s, SwapCubes(0, "K", "L_R", "S_K", "W", "Y")) == ["R-L9"]
    assert refused(s, SwapCubes(0, "K", "L_K", "L_R", "B", "W")) == ["R-L9"]
    assert refused(s, SwapCubes(0, "K", "L_K", "S_K", "W", "Y")) == ["R-L9"]
    assert refused(s, SwapCubes(0, "K", "L_K", "S_K", "B", "W")) == ["R-L9"]
    do(s, SwapCubes(0, "K", "L_K", "S_K", "B", "Y"))
    assert (cubes(s, "L_K"), cubes(s, "S_K")) == ("Y", "GB")


def test_D_28_a_sticker_keeps_its_place_when_cargo_moves_or_is_swapped() -> None:
    """D-28 (R-V2, D-20): with the Expert stickers, a train's last place is kept for its
    sticker's colour when a cube is moved onto it, and when cubes are swapped."""
    sc = people(expert=True)
    sc.park("S_W", "W", SHORT, "GB", "W2")
    sc.park("L_W", "W", LONG, "YK", "W1")
    s = sc.state
    sticker = "R"  # the short White train's (EX-11)
    assert refused(s, MoveCube(5, "W", "L_W", "S_W", "Y")) == ["D-28"]
    sc.park("S_W", "W", SHORT, "GBG", "W2")
    sc.park("L_W", "W", LONG, f"YK{sticker}", "W1")
    s = sc.state
    assert refused(s, SwapCubes(5, "W", "S_W", "L_W", "G", "Y")) == ["D-28"]


def test_R_E4_R_E5_an_engineer_moves_somewhere_else_and_a_swap_needs_two_crews() -> None:
    """R-E4: an engineer in the hotel is not sent to the hotel, nor one moved into the train
    it drives; R-E5: a swap is between two trains parked in one station, each with an
    engineer."""
    sc = people()
    s = sc.state
    assert refused(s, MoveEngineer(0, "K3", "hotel")) == ["R-E4"]
    assert refused(s, MoveEngineer(0, "K1", "L_K")) == ["R-E4"]
    assert refused(s, SwapEngineers(0, "L_K", "L_R")) == ["R-E5"]
    sc.park("S_K", "K", SHORT, "", "")
    assert refused(sc.state, SwapEngineers(0, "L_K", "S_K")) == ["R-E5"]


def test_R_M1_R_X1_a_train_without_an_engineer_is_not_lifted_an_empty_one_spills_nothing(
) -> None:
    """R-M1: with Table rules, a train without an engineer cannot be lifted, so it is neither
    dropped nor spilled; R-X1: an empty train has no cube to spill."""
    sc = people(table_rules=True)
    sc.park("S_K", "K", SHORT, "GB", "")
    s = sc.state
    assert refused(s, Drop(0, "S_K")) == ["R-M1"]
    assert refused(s, Spill(0, "S_K")) == ["R-M1"]
    assert refused(s, Spill(0, "L_K")) == ["R-X1"]


def test_D_23_DG_M9_D_25_R_M9_where_a_train_is_handed_and_moved() -> None:
    """D-23: a train is offered one link on, not where it stands nor to a city it has no link
    to; DG-M9: one offer at a time; D-25: an offered train moves no other way until the offer
    is withdrawn; R-M9: no train moves over a blocked track (2HI: G and B)."""
    s = people().state
    assert refused(s, Dispatch(0, "L_K", "K")) == ["D-23"]
    assert refused(s, Dispatch(0, "L_K", "G")) == ["D-23"]
    do(s, Dispatch(0, "L_K", "R"))
    assert refused(s, Offer(0, "L_K", "W")) == ["DG-M9"]
    h = people("2HI").state
    do(h, Dispatch(0, "L_R", "Y"))  # over the bridge, to the other seat
    assert refused(h, MoveOwn(0, "L_R", "K")) == ["D-25"]
    do(h, PickUp(0, "L_G", 1))
    assert refused(h, MoveOwn(0, "L_G", "B")) == ["R-M9"]
