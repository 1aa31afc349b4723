"""Rail Pass's digital rules (``docs/railpass-digital.md``): the fixed-tick model (DG-M), the
deterministic simulation (DG-D), calls (DG-K), Table rules (DG-X), Dispatcher (DG-N), the
clock and pause (DG-C, DG-P), difficulty and records (DG-L, DG-W), each by a test named after
its id, and the 14 worked examples EX-D01 ... EX-D14 as golden cases at the golden tempo."""

from __future__ import annotations

from rail_app.games.railpass.ai.crew import CrewPlayer
from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.actions import (
    ACTIONS,
    Call,
    CallKind,
    Dispatch,
    Drop,
    DropCube,
    End,
    Load,
    MoveEngineer,
    MoveOwn,
    MoveOwnPark,
    Offer,
    Park,
    Pause,
    PickUp,
    Resume,
    Spill,
    SwapEngineers,
    Take,
    TakePark,
    Tick,
    Wait,
    Withdraw,
)
from rail_app.games.railpass.rules.clock import DURATIONS, duration
from rail_app.games.railpass.rules.invariants import checker
from rail_app.games.railpass.rules.names import clock_words
from rail_app.games.railpass.rules.network import (
    DISPATCHER_MINUTES,
    TRANSIT_TICKS,
    LinkKind,
    default_stickers_table,
)
from rail_app.games.railpass.rules.presets import (
    CREW_PRESETS,
    DEFAULT_TEMPO,
    DISPATCHER_PRESETS,
    best_key,
    preset_minutes,
    relaxed,
    won,
)
from rail_app.games.railpass.rules.queries import default_train
from rail_app.games.railpass.rules.replay import state_hash
from rail_app.games.railpass.rules.rng import SplitMix64, deal_yard
from rail_app.games.railpass.rules.scenario import Scenario
from rail_app.games.railpass.rules.scoring import score
from rail_app.games.railpass.rules.state import (
    EMPTY,
    Clocking,
    Mode,
    Place,
    RoundState,
    SeatKind,
    Settings,
    Track,
    train_of,
)
from rail_app.games.railpass.rules.words import live_score, park_warning
from tests.railpasshelp import (
    config,
    cubes,
    do,
    driver,
    hotel,
    people,
    refused,
    run_to,
    where,
)

LONG, SHORT = Track.LONG, Track.SHORT
P, C = SeatKind.PERSON, SeatKind.COMPUTER


def crew_of(person: int = 0, cid: str = "6CI", **kw: object) -> Scenario:
    """A Crew round: a person at ``person``, computers elsewhere, on the screen's clock."""
    n = config(cid).seat_count
    kinds = tuple(P if s == person else C for s in range(n))
    return Scenario(config(cid), kinds=kinds, **kw)  # type: ignore[arg-type]


# -- EX-D01, EX-D02, EX-D13: a hand-over through a tunnel, tick by tick ------------------------


def ex_d01_start() -> Scenario:
    sc = crew_of()
    sc.park("L_K", "K", LONG, "RGGGB", "K1")
    sc.hold("L_R", 3, 1, "B")  # R's long-train track is empty
    sc.park("S_R", "R", SHORT, "", "R2")
    sc.hotel("R", "R3")
    sc.at(100)
    return sc


def test_EX_D01_DG_M9_DG_M11_DG_M13_a_hand_over_through_a_tunnel_tick_by_tick() -> None:
    """EX-D01 (DG-M9-DG-M14; R-M7, R-O2, R-L8, R-E7): the offer, the take after the reaction
    delay, the transit, the arrival before the Red crew's park, the crew change and the
    dispatch on to Green."""
    s = ex_d01_start().state
    do(s, Dispatch(0, "L_K", "R"))
    assert s.hands[0] == [0, EMPTY] and s.tracks[0][0] == EMPTY and 1 in s.offers
    assert [str(e.kind) for e in s.log][-2:] == ["offered", "toot"]
    run_to(s, 109)
    assert refused(s, Take(1, 1, 0)) == ["DG-M13"]  # it has not noticed the offer yet
    run_to(s, 110)
    do(s, Take(1, 1, 0))
    assert s.busy[1] == 118 and s.due[0] == 125
    assert s.hands[0] == [EMPTY, EMPTY] and s.hands[1][0] == 0  # your hand frees at 110
    run_to(s, 112)
    assert refused(s, Withdraw(0, 1)) == ["D-25"]
    run_to(s, 120)
    assert s.place[0] is Place.TRANSIT and refused(s, Park(1, "L_K", LONG))  # untouchable
    run_to(s, 125)
    assert where(s, "L_K") == ("held", "R")  # step 2 before step 4 (EX-D13)
    do(s, Park(1, "L_K", LONG))
    assert s.busy[1] == 133 and s.storage[1][1] == 1 and cubes(s, "L_K") == "GGGB"
    assert driver(s, "L_K") == "K1"
    run_to(s, 133)
    do(s, MoveEngineer(1, "K1", "hotel"))
    assert s.busy[1] == 148 and sorted(hotel(s, "R")) == ["K1", "R3"]
    run_to(s, 148)
    do(s, MoveEngineer(1, "R3", "L_K"))
    assert s.busy[1] == 163 and hotel(s, "R") == ["K1"]
    run_to(s, 163)
    do(s, Dispatch(1, "L_K", "G"))
    assert s.busy[1] == 179 and s.offers[2].to == 2
    run_to(s, 173)
    do(s, Take(2, 2, 0))
    assert where(s, "L_K") == ("held", "G") and s.hands[1] == [EMPTY, EMPTY]


def test_EX_D02_DG_M8_an_offer_waits_for_a_free_hand() -> None:
    """EX-D02 (DG-M8, DG-M9, D-25; R-M3): the Red crew holds two trains: at 110 it cannot
    take; at 130 it parks one (busy until 138); at 138 it takes (the delay does not start
    again); the train arrives at 153. Variant: at 120 you withdraw and park in the same
    tick."""
    sc = ex_d01_start()
    sc.hold("L_R", 1, 0, "R")
    sc.hold("S_B", 1, 1, "R")
    s = sc.state
    do(s, Dispatch(0, "L_K", "R"))
    variant = s.copy()
    run_to(s, 110)
    assert refused(s, Take(1, 1, 0)) == ["R-M3"]
    run_to(s, 130)
    do(s, Park(1, "L_R", LONG))
    assert s.busy[1] == 138
    run_to(s, 138)
    hand = s.free_hand(1)
    do(s, Take(1, 1, hand))
    assert s.due[0] == 153
    run_to(variant, 120)
    do(variant, Withdraw(0, 1))
    assert where(variant, "L_K") == ("held", "K") and not variant.offers
    do(variant, Park(0, "L_K", LONG))
    assert where(variant, "L_K") == ("parked", "K")


def test_EX_D13_DG_M14_the_order_within_a_tick() -> None:
    """EX-D13 (DG-M14): a person's gesture comes before a computer's choice of the same
    tick: the withdrawal applied first, the Red crew finds no offer and chooses something
    else."""
    s = ex_d01_start().state
    do(s, Dispatch(0, "L_K", "R"))
    run_to(s, 110)
    do(s, Withdraw(0, 1))  # step 3
    assert refused(s, Take(1, 1, 0)) == ["D-25"]  # step 4
    crew = CrewPlayer("conductor", 1, 1)
    choice = crew.choose(engine.ENGINE.flow.copy(s))
    assert not isinstance(choice, Take)


# -- EX-D03: the last ticks -------------------------------------------------------------------------


def test_EX_D03_DG_M14_step_5_the_last_ticks() -> None:
    """EX-D03 (DG-M14 step 5; R-W1, R-W2, D-17): on 6F8 a take across the bridge at 3590 is
    due at 3620: set aside, its cubes count for nobody; a park with 2 green cubes at 3599
    counts; nothing happens at 3600."""
    sc = crew_of(person=0, cid="6F8")
    sc.park("L_R", "R", LONG, "YYY", "R1")
    sc.hold("L_Y", 3, 1, "B")  # Y's long-train track is free
    sc.hold("S_G", 5, 1, "W")  # G's short-train track is free
    sc.hold("S_K", 2, 0, "G", "GGK", "G1")
    sc.at(3570)
    s = sc.state
    do(s, Dispatch(1, "L_R", "Y"))
    run_to(s, 3590)
    do(s, Take(4, 1, 0))
    assert s.due[train_of("L_R")] == 3620
    run_to(s, 3599)
    do(s, Park(2, "S_K", SHORT))
    assert s.storage[2][2] == 2
    do(s, Tick())
    assert s.over and s.tick == 3599
    assert s.place[train_of("L_R")] is Place.ASIDE and score(s).totals[4] == 0
    assert score(s).penalty == 0
    assert refused(s, Load(0, "K", End.FIRST, "L_K")) == ["R-W1"]


# -- EX-D04, DG-D2: the random streams --------------------------------------------------------------


def test_EX_D04_DG_D2_yards_from_a_seed() -> None:
    """EX-D04 (DG-D2; R-S7): seed 1, round 0; seed 42's K; SplitMix64 seeded with 0."""
    expect = {"K": "YWRWBGBGRWBYYGYRRBWG", "R": "BBKBGYWYWYBGKGKWKWGY",
              "G": "RYKYRKBKYWRWWWRBBYKB", "B": "RGKRYYWKKKGYRRYWWGGW",
              "Y": "BRWGBRRGBBWKGGWRWKKK", "W": "YRBKRRGKGGBKYKBBYYGR"}
    for i, city in enumerate("KRGBYW"):
        assert "".join("KRGBYW"[c] for c in deal_yard(1, 0, i)) == expect[city]
    assert "".join("KRGBYW"[c] for c in deal_yard(42, 0, 0)) == "BRBYYRYWRWGWYBRGWGBG"
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4,
                                              0x06C45D188009454F]
    s = engine.new_round(config("6CI"), seed=1)
    assert "".join("KRGBYW"[c] for c in s.yard[0]) == expect["K"]


def test_DG_D2_computer_seats_have_their_own_streams() -> None:
    """DG-D2: seat s's stream starts from (seed << 8) | 0x80 | s (only ties draw from it)."""
    from rail_app.games.railpass.rules.rng import seat_stream

    a, b = seat_stream(7, 0), seat_stream(7, 1)
    assert a.next() != b.next()
    assert seat_stream(7, 2).state == (7 << 8) | 0x80 | 2


# -- EX-D05, DG-N: Dispatcher ------------------------------------------------------------------------


def dispatcher() -> Scenario:
    return Scenario(config("6CI"), mode=Mode.DISPATCHER, kinds=(P,))


def test_EX_D05_DG_N1_DG_N3_pushing_through_your_own_tunnel() -> None:
    """EX-D05 (DG-N3, D-13; R-O2, R-O4): four hands; L_K offered to yourself at R through the
    K-R tunnel, caught at 230 into another hand, out at 245; with hands 2-4 full the catch is
    refused; over the open link W-K, one gesture moves and parks (MoveOwnPark, a toot)."""
    sc = dispatcher()
    sc.hold("L_R", 0, 3, "R")  # R's long-train track free
    sc.at(200)
    s = sc.state
    assert s.hands_per_seat == 4
    do(s, Dispatch(0, "L_K", "R"))
    assert s.hands[0][0] == 0 and s.offers[1].receiver == 0
    full = s.copy()
    run_to(s, 230)
    do(s, Take(0, 1, 1))
    assert s.hands[0][0] == EMPTY and s.due[0] == 245
    run_to(s, 245)
    assert where(s, "L_K") == ("held", "R") and s.hands[0][1] == 0
    do(full, PickUp(0, "S_K", 1))
    do(full, PickUp(0, "S_W", 2))
    run_to(full, 230)
    assert refused(full, Take(0, 1, 1)) == ["R-M3"]
    open_link = dispatcher()
    open_link.hold("L_W", 0, 1, "W")
    st = open_link.state
    do(st, MoveOwnPark(0, "L_K", "W", LONG))
    assert where(st, "L_K") == ("parked", "W")
    assert [str(e.kind) for e in st.log][-4:-1] == ["picked-up", "moved-own", "toot"]


def test_DG_N2_open_links_move_and_park_in_one_gesture() -> None:
    """DG-N2: over an open link a train moves and parks at once, or stays held there
    (MoveOwn)."""
    sc = dispatcher()
    sc.hold("L_W", 0, 1, "W")
    s = sc.state
    do(s, MoveOwnPark(0, "L_K", "W", LONG))
    assert where(s, "L_K") == ("parked", "W")


def test_DG_N4_no_calls_in_dispatcher_and_its_clock() -> None:
    """DG-N4, DG-C3: Dispatcher has no calls; its clock is 8:00."""
    s = dispatcher().state
    assert refused(s, Call(0, CallKind.NEED_TRAIN)) == ["DG-N4"]
    assert s.end == DISPATCHER_MINUTES * 600 == 4800


# -- EX-D06, EX-D07, EX-D08 -------------------------------------------------------------------------


def test_EX_D06_DG_M8_both_hands_full() -> None:
    """EX-D06 (D-31, DG-M8): holding two trains, a click on a yard end is refused; one held
    train parked on K's empty short-train track (with the hand that held it), the same
    click loads."""
    sc = crew_of()
    sc.hold("S_K", 0, 0, "K")
    sc.hold("S_R", 0, 1, "K")
    s = sc.state
    assert refused(s, Load(0, "K", End.FIRST, "L_K")) == ["D-31"]
    do(s, Park(0, "S_K", SHORT))
    do(s, Load(0, "K", End.FIRST, "L_K"))


def test_EX_D07_DG_M12_a_warning_then_a_quit() -> None:
    """EX-D07 (DG-S7, DG-M12; R-E9, D-7): a short train held at K with G2 carrying K K K: the
    track warns "Black +3 · engineer quits −2"; parked, K +3 and G2 quits; K3 from the hotel
    boards and the train moves again."""
    sc = crew_of()
    sc.hold("S_K", 1, 0, "R")  # K's short-train track is free
    sc.hold("S_G", 0, 0, "K", "KKK", "G2", origin="R")
    s = sc.state
    q = engine.quote(s, Park(0, "S_G", SHORT))
    d = q.details
    assert d is not None and park_warning(0, d.delivers, d.quits, d.strands) == \
        "Black +3 · engineer quits −2"
    do(s, Park(0, "S_G", SHORT))
    assert s.storage[0][0] == 3 and s.pile_engineers == [2 * 3 + 1]
    assert driver(s, "S_G") == ""
    do(s, MoveEngineer(0, "K3", "S_G"))
    assert engine.quote(s, Dispatch(0, "S_G", "W")).ok


def test_EX_D08_DG_S4_the_live_score() -> None:
    """EX-D08 (DG-S4; R-W4, R-W5): totals K 8, R 7, G 9, B 7, Y 12, W 10 and one engineer on
    the pile: "Two lowest: Red 7 × Blue 7 = 49 · pile −2 → 47 / 100"; one more blue:
    "Red 7 × Blue 8 = 56 · pile −2 → 54 / 100"."""
    sc = people()
    for c, n in zip("KRGBYW", (8, 7, 9, 7, 12, 10), strict=True):
        sc.storage(c, n)
    s = sc.state
    s.pile_engineers.append(0)
    first = score(s)
    assert live_score(first) == "Two lowest: Red 7 × Blue 7 = 49 · pile −2 → 47 / 100"
    s.storage[3][3] = 8
    assert live_score(score(s), first.lowest) == \
        "Two lowest: Red 7 × Blue 8 = 56 · pile −2 → 54 / 100"


# -- EX-D09, DG-P: pausing ------------------------------------------------------------------------


def test_EX_D09_DG_P1_DG_P3_pausing() -> None:
    """EX-D09 (DG-P1, DG-P3): paused at tick 2000 of a 6:00 round, the clock shows 2:40; busy
    times and transits keep their ticks; gestures during the pause are refused and leave no
    entry; on resume, tick 2000 goes on."""
    sc = crew_of()
    sc.at(2000)
    sc.busy(1, 2005)
    s = sc.state
    do(s, Dispatch(0, "L_K", "W"))
    do(s, Pause(0))
    assert clock_words(s.end - s.tick) == "2:40"
    refusals = len(s.refusals)
    s, q = engine.attempt(s, Load(0, "K", End.FIRST, "S_K"))
    assert q.rules == ["paused"] or q.rules == ["DG-P1"]
    assert len(s.refusals) == refusals and refused(s, Tick()) == ["DG-P1"]
    assert refused(s, Wait(1, 5)) == ["DG-P1"]
    do(s, Resume(0))
    assert s.tick == 2000 and s.busy[1] == 2005
    run_to(s, 2005)
    assert s.busy[1] <= s.tick


def test_DG_P1_only_a_person_pauses() -> None:
    """DG-P1: computers never pause."""
    assert refused(crew_of().state, Pause(1)) == ["DG-P1"]


# -- EX-D10, DG-D4: a replay ------------------------------------------------------------------------


def crew_round(seed: int, absent: bool = True) -> object:
    kinds = ((SeatKind.ABSENT,) if absent else (C,)) + (C,) * 5
    state = engine.new_round(config("6CI"), Settings(kinds=kinds, tempo=100), seed)
    players = [CrewPlayer("conductor", k, seed) for k in range(6)]
    while not state.over:
        seat = engine.ENGINE.to_act(state)
        assert seat is not None
        state = engine.apply(state, players[seat].choose(state), inplace=True)
    return state


def replay(history: list[tuple[int, object]], seed: int, absent: bool = True
           ) -> tuple[object, list[str]]:
    kinds = ((SeatKind.ABSENT,) if absent else (C,)) + (C,) * 5
    state = engine.new_round(config("6CI"), Settings(kinds=kinds, tempo=100), seed)
    refusals: list[str] = []
    for _seat, action in history:
        q = engine.quote(state, action)  # type: ignore[arg-type]
        if q.ok:
            state = engine.apply_quoted(state, q, inplace=True)
        else:
            refusals.append(q.headline)
    return state, refusals


def test_EX_D10_DG_D4_a_replay() -> None:
    """EX-D10 (DG-D4): a whole round on 6CI, seed 7, Conductor crews and an absent person:
    its log replayed gives the same final-state hash; an action moved by one tick changes
    the hash or is refused."""
    live = crew_round(7)
    history = list(live.history)  # type: ignore[attr-defined]
    again, refusals = replay(history, 7)
    assert state_hash(again) == state_hash(live) and not refusals  # type: ignore[arg-type]
    i = next(k for k, (_s, a) in enumerate(history) if isinstance(a, Wait))
    seat, w = history[i]
    assert isinstance(w, Wait)
    history[i] = (seat, Wait(w.seat, w.ticks + 1))
    moved, refusals = replay(history, 7)
    assert refusals or state_hash(moved) != state_hash(live)  # type: ignore[arg-type]


# -- EX-D11, EX-D12 -------------------------------------------------------------------------------


def test_EX_D11_D_20_the_default_sticker_deal() -> None:
    """EX-D11 (D-20; R-V1): K R G, R G B, G B Y, B Y W, Y W K, W K R; S_W has the red
    sticker."""
    assert default_stickers_table() == ["KRG", "RGB", "GBY", "BYW", "YWK", "WKR"]
    assert config("6CI").stickers[5][1] == 1


def test_EX_D12_DG_X1_DG_X2_table_rules() -> None:
    """EX-D12 (DG-X1, DG-X2; R-X3): L_K with 4 cubes and K1 released over open table: with
    Table rules off nothing is lost; on, a wreck of -11."""
    off = crew_of()
    off.park("L_K", "K", LONG, "RGBY", "K1")
    s = off.state
    assert refused(s, Drop(0, "L_K")) == ["DG-X1"] and score(s).penalty == 0
    on = crew_of(table_rules=True)
    on.park("L_K", "K", LONG, "RGBY", "K1")
    s = on.state
    do(s, Drop(0, "L_K"))
    assert score(s).penalty == 11 and s.place[0] is Place.WRECKED


def test_DG_X2_DG_X3_a_dropped_cube_and_a_spill_at_most_every_half_second() -> None:
    """DG-X2: a yard cube released over the table falls (-1); DG-X3: a loaded train spills
    its last cube loaded, at most once per 0.5 s."""
    sc = crew_of(table_rules=True)
    sc.park("L_K", "K", LONG, "RGB", "K1")
    s = sc.state
    do(s, DropCube(0, "K", End.FIRST))
    assert sum(s.pile_cubes) == 1
    do(s, Spill(0, "L_K"))
    assert cubes(s, "L_K") == "RG"
    assert refused(s, Spill(0, "L_K")) == ["DG-X3"]
    run_to(s, 5)
    do(s, Spill(0, "L_K"))


def test_DG_X5_computers_never_have_mishaps() -> None:
    """DG-X5: a computer seat's drop is refused."""
    sc = crew_of(table_rules=True)
    assert refused(sc.state, Drop(1, "L_R")) == ["DG-X5"]


def test_DG_X4_obstacles_add_no_dexterity() -> None:
    """DG-X4, R-O3: a transit through a tunnel costs nothing but time."""
    assert TRANSIT_TICKS[LinkKind.TUNNEL] == 15 and TRANSIT_TICKS[LinkKind.BRIDGE] == 30


# -- EX-D14, DG-C: the clocks ----------------------------------------------------------------------


def test_EX_D14_DG_C1_DG_M1_the_clocks() -> None:
    """EX-D14 (DG-C1, DG-M1): 2PP and 2HI 6000 ticks, 3PP and 3CI 5400, 4HI 4800, 5PP 4200,
    the 6-player ones 3600, Dispatcher 4800."""
    table = {"2PP": 6000, "2HI": 6000, "3PP": 5400, "3CI": 5400, "4HI": 4800, "5PP": 4200,
             "6F8": 3600, "6CI": 3600, "6PP": 3600}
    for cid, ticks in table.items():
        assert engine.new_round(config(cid)).end == ticks
    assert engine.new_round(config("6CI"), Settings(mode=Mode.DISPATCHER)).end == 4800


def test_DG_C2_shorter_and_longer_rounds() -> None:
    """DG-C2: rounds shorter by whole minutes are standard; a longer one is practice
    (relaxed, DG-W2)."""
    assert not relaxed(Settings(minutes=5, tempo=DEFAULT_TEMPO), 6)
    assert relaxed(Settings(minutes=7, tempo=DEFAULT_TEMPO), 6)


def test_DG_C5_time_up_stops_everything_within_the_tick() -> None:
    """DG-C5: at 0:00 everything stops within the same tick."""
    sc = crew_of()
    sc.at(3599)
    s = sc.state
    do(s, Tick(5))
    assert s.over and s.tick == 3599


# -- DG-M: the digital model -------------------------------------------------------------------------


def test_DG_M2_seats_and_hands() -> None:
    """DG-M2: a seat controls the cities the configuration gives it and has two hands (four
    in Dispatcher); an action of a seat the table does not have is refused as such."""
    s = engine.new_round(config("3CI"))
    assert s.seat_cities == ((0, 1), (2, 3), (4, 5)) and s.hands == [[EMPTY] * 2] * 3
    q = engine.quote(s, Load(3, "K", End.FIRST, "L_K"))
    assert q.rules == ["DG-M2"] and q.wrong_moment and "seat 4" in q.headline


def test_DG_M3_DG_M4_DG_M5_where_things_are() -> None:
    """DG-M3-DG-M5: a train in exactly one place, an engineer on a train, in a bed or on the
    pile, a cube in a yard, on a train, in a storage or on the pile: the invariants hold
    through a computer round."""
    state = engine.new_round(config("6CI"), Settings(tempo=100), 3)
    check = checker(state)
    players = [CrewPlayer("conductor", k, 3) for k in range(6)]
    steps = 0
    while not state.over and steps < 400:
        seat = engine.ENGINE.to_act(state)
        assert seat is not None
        state = check.step(state, players[seat].choose(state), lambda s, a: engine.apply(s, a))
        steps += 1
    assert check.violations == []


def test_DG_M6_the_actions_are_a_closed_set_of_small_values() -> None:
    """DG-M6: every action is a frozen value with a kind, recorded and read back."""
    from rail_app.games.railpass.rules.engine import CODEC

    assert len({a.kind for a in ACTIONS}) == len(ACTIONS)
    for action in (Load(0, "K", End.LAST, "L_K"), Take(1, 3, 0), Call(2, CallKind.HOLD),
                   SwapEngineers(4, "L_Y", "S_Y"), Tick(3)):
        assert CODEC.from_dict(action.to_dict()) == action


def test_DG_M7_wrong_moments_come_first_and_alone() -> None:
    """DG-M7: a paused or finished round, a busy seat, a city not the seat's: the wrong
    moment alone, before any rule; a refusal changes nothing but the list of refusals."""
    sc = crew_of()
    sc.busy(1, 50)
    s = sc.state
    q = engine.quote(s, Load(1, "R", End.FIRST, "S_K"))
    assert q.rules == ["DG-M13"] and q.wrong_moment
    s, q = engine.attempt(s, Load(0, "R", End.FIRST, "L_R"))
    assert q.rules == ["D-27"] and s.refusals[-1][3] == ("D-27",)


def test_DG_M10_toots_come_with_offers_and_own_moves_only() -> None:
    """DG-M10: an offer, a dispatch, an own move and an own move with a park toot; a take,
    a park or a load does not."""
    s = people().state
    do(s, Load(0, "K", End.FIRST, "L_K"))
    do(s, PickUp(0, "S_K", 0))
    assert "toot" not in [str(e.kind) for e in s.log]
    do(s, Offer(0, "S_K", "R"))
    do(s, Withdraw(0, 1))
    do(s, Park(0, "S_K", SHORT))
    assert sum(1 for e in s.log if str(e.kind) == "toot") == 1
    own = people("2PP").state
    do(own, PickUp(0, "S_K", 0))
    do(own, MoveOwn(0, "S_K", "R"))
    assert sum(1 for e in own.log if str(e.kind) == "toot") == 1


def test_DG_M12_parking_delivers_then_checks_the_engineer() -> None:
    """DG-M12, D-9: a park that delivers and loses the engineer delivers first."""
    sc = people()
    sc.hold("S_K", 1, 0, "R")
    sc.hold("S_G", 0, 0, "K", "KK", "G2")
    s = sc.state
    do(s, Park(0, "S_G", SHORT))
    kinds = [str(e.kind) for e in s.log]
    assert kinds[-2:] == ["delivered", "quit"]


def test_DG_M13_a_computer_is_busy_for_its_actions_duration() -> None:
    """DG-M13, DG-D3: a computer seat is busy for the golden durations; a person's actions
    take no ticks."""
    s = crew_of().state
    do(s, Load(1, "R", End.FIRST, "L_R"))
    assert s.busy[1] == 12 and refused(s, Load(1, "R", End.FIRST, "L_R")) == ["DG-M13"]
    do(s, Load(0, "K", End.FIRST, "L_K"))
    do(s, Load(0, "K", End.FIRST, "L_K"))
    assert s.busy[0] == 0


def test_DG_D3_the_golden_tempo_and_a_slower_crew() -> None:
    """DG-D3: the golden table; the play tempo scales the computers' rows (and their
    reaction delay), never the transits."""
    assert (DURATIONS["load"], DURATIONS["swap-cubes"], DURATIONS["park"], DURATIONS["shunt"],
            DURATIONS["withdraw"], DURATIONS["move-engineer"], DURATIONS["swap-engineers"],
            DURATIONS["call"]) == (12, 20, 8, 16, 4, 15, 45, 5)
    slow = crew_of(tempo=200).state
    assert duration(slow, 1, "load") == 24 and duration(slow, 0, "load") == 0
    from rail_app.games.railpass.rules.state import reaction

    assert reaction(slow, 1) == 20 and reaction(slow, 0) == 0


def test_DG_M15_events_are_typed_and_made_into_words() -> None:
    """DG-M15: the log is typed events; every one has its sentence."""
    from rail_app.games.railpass.rules.words import event_sentence

    state = crew_round(2, absent=False)
    kinds = {str(e.kind) for e in state.log}  # type: ignore[attr-defined]
    assert {"loaded", "delivered", "offered", "toot", "taken", "parked", "ended"} <= kinds
    for e in state.log:  # type: ignore[attr-defined]
        assert event_sentence(state, e)  # type: ignore[arg-type]


def test_DG_D1_DG_D6_a_headless_engine_from_configuration_settings_seed_and_log() -> None:
    """DG-D1: the engine runs without pygame from configuration, settings, seed and log;
    DG-D6: the command line prints the totals, base, pile, final score and hash."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", (
        "import sys; import rail_app.games.railpass.rules.engine as e; "
        "import rail_app.games.railpass.ai.crew; "
        "print('pygame' in sys.modules)")], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_DG_D5_a_gesture_is_stamped_with_the_next_tick() -> None:
    """DG-D5: the screen's gesture becomes an action at the tick under way (the engine has
    no other time); rendering never changes the state (there is no rendering here)."""
    s = crew_of().state
    run_to(s, 37)
    do(s, Load(0, "K", End.FIRST, "L_K"))
    assert s.log[-1].tick == 37


def test_DG_D8_invariants_are_checked_after_every_tick() -> None:
    """DG-D8: the checker finds a broken count."""
    from rail_app.games.railpass.rules.invariants import state_problems

    s = engine.new_round(config("6CI"))
    assert state_problems(s) == []
    s.cubes[0].append(1)
    assert any("R-S7" in p for p in state_problems(s))


def _broken_step(s: RoundState, breaks: object) -> list[str]:
    """The checker's findings for one tick whose result ``breaks`` spoils."""

    def apply(before: RoundState, action: Tick) -> RoundState:
        after = engine.apply(before, action)
        breaks(after)  # type: ignore[operator]
        return after

    check = checker(s)
    check.step(s, Tick(5), apply)
    return check.violations


def test_DG_D8_the_checker_finds_each_broken_invariant() -> None:
    """DG-D8, each invariant the soak relies on broken once: a train lost or in two places
    (R-M4, DG-M3), an engineer lost (R-E3), the clock going back (DG-M1), a city's total
    rising with no delivery in the log (R-W3); an unbroken tick is clean."""
    s = crew_of().state
    run_to(s, 10)
    assert _broken_step(s, lambda a: None) == []
    t = next(t for t in range(12) if s.place[t] is Place.PARKED)
    c, k = s.at[t], s.track[t]

    def lose_train(a: RoundState) -> None:
        a.tracks[c][k] = EMPTY

    def train_twice(a: RoundState) -> None:
        a.hands[0][0] = t

    def lose_engineer(a: RoundState) -> None:
        e = next(e for e in a.driver if e != EMPTY)
        a.driver[a.cab[e]] = EMPTY

    def clock_back(a: RoundState) -> None:
        a.tick = 3

    def deliver_unlogged(a: RoundState) -> None:
        a.storage[2][2] += 1  # a cube from nowhere (R-S7 finds it too)

    for breaks, rule in ((lose_train, "DG-M3"), (train_twice, "DG-M3"),
                         (lose_engineer, "R-E3"), (clock_back, "DG-M1"),
                         (deliver_unlogged, "R-W3")):
        found = _broken_step(s, breaks)
        assert any(f"({rule})" in v or f" {rule}" in v for v in found), (breaks, found)
    assert s.tick == 10  # the state checked was never changed


# -- DG-K: calls -----------------------------------------------------------------------------------


def test_DG_K0_DG_K1_DG_K5_calls_go_to_the_neighbours_and_change_no_rule() -> None:
    """DG-K0: the toot is automatic; DG-K1: "Need a train" goes to the neighbouring seats;
    DG-K5: a call changes no rule."""
    s = people().state
    before = s.copy()
    do(s, Call(2, CallKind.NEED_TRAIN))
    assert s.calls[-1].to == (1, 3)
    from rail_app.games.railpass.rules.invariants import fingerprint

    assert fingerprint(before)[:10] == fingerprint(s)[:10]


def test_DG_K2_DG_K3_DG_K4_need_crew_hold_and_go() -> None:
    """DG-K2: "Need crew" names a direction; DG-K3: "Hold!" lasts 10 s; DG-K4: "Go" cancels
    it."""
    from rail_app.games.railpass.rules.mishaps import holding

    s = people().state
    do(s, Call(0, CallKind.NEED_CREW, "", "W"))
    assert s.calls[-1].city == 5
    assert refused(s, Call(0, CallKind.HOLD, "", "W")) == ["DG-K2"]
    do(s, Call(0, CallKind.HOLD))
    assert holding(s, 0)
    run_to(s, 50)
    do(s, Call(0, CallKind.GO))
    assert not holding(s, 0)
    do(s, Call(0, CallKind.HOLD))
    run_to(s, 151)
    assert not holding(s, 0)
    assert refused(s, Call(0, CallKind.HOLD, "G")) == ["DG-K1"]


# -- DG-L, DG-W: difficulty and records --------------------------------------------------------------


def test_DG_L1_DG_L2_DG_L3_the_presets() -> None:
    """DG-L1-DG-L3: the Crew presets (first trip on 6F8 with Chief, standard, hard on a
    Point to Point with Table rules and a minute off, expert with stickers) and
    Dispatcher's."""
    first, standard, hard, expert = CREW_PRESETS
    assert (first.configurations, first.level, first.hints) == ("6F8", "chief", True)
    assert (standard.level, standard.table_rules, standard.expert) == ("conductor", False,
                                                                      False)
    assert hard.configurations == "PP" and hard.table_rules and preset_minutes(
        hard, Mode.CREW, 6) == 5
    assert expert.expert and preset_minutes(DISPATCHER_PRESETS[1], Mode.DISPATCHER, 1) == 7


def test_DG_L4_DG_W2_the_tempo_is_no_difficulty_a_changed_one_is_relaxed() -> None:
    """DG-L4, DG-W2: a round at another tempo is relaxed; so is one with the planning pause
    or the Dispatcher assist."""
    assert not relaxed(Settings(tempo=DEFAULT_TEMPO), 6)
    assert relaxed(Settings(tempo=DEFAULT_TEMPO + 50), 6)
    assert relaxed(Settings(tempo=DEFAULT_TEMPO), 6, planning_pause=True)
    assert relaxed(Settings(mode=Mode.DISPATCHER, tempo=DEFAULT_TEMPO), 1, assist=True)


def test_DG_W1_DG_W3_won_and_the_bests() -> None:
    """DG-W1: won with 100 or more; DG-W3: bests for each configuration, mode and level."""
    assert won(100) and not won(99)
    assert best_key("6CI", Mode.CREW, "conductor") != best_key("6CI", Mode.DISPATCHER, "")


def test_DG_G2_a_click_loads_the_default_train() -> None:
    """DG-G2: the last train loaded here if still parked with room, else the only one with
    room; both with room and no default: none."""
    s = people().state
    assert default_train(s, 0) == EMPTY
    do(s, Load(0, "K", End.FIRST, "S_K"))
    assert default_train(s, 0) == train_of("S_K")


def test_DG_M9_an_offer_over_open_track_between_ones_own_cities_is_a_move() -> None:
    """DG-M9: an offer goes to another seat's city; between a seat's own cities over open
    track the train is moved (R-M8)."""
    s = people("2PP").state
    do(s, PickUp(0, "L_K", 0))
    assert refused(s, Offer(0, "L_K", "R")) == ["R-M8"]
    assert engine.quote(s, Offer(0, "L_K", "R")).rules == ["R-M8"]


def test_DG_M11_take_park_only_over_open_links() -> None:
    """DG-M11: a train through an obstacle is caught in a hand first."""
    s = people().state
    do(s, Dispatch(0, "L_K", "R"))  # the K-R tunnel
    assert "DG-M11" in refused(s, TakePark(1, 1, LONG))


def test_DG_M13_DG_M14_DG_M1_a_wait_and_a_tick_that_are_refused() -> None:
    """DG-M13: only a computer seat waits, 1 to 600 ticks; DG-M14: a round whose clock runs
    on by itself takes no tick; DG-M1: a tick action runs at least one tick."""
    s = crew_of().state
    assert refused(s, Wait(0, 5)) == ["DG-M13"]
    assert refused(s, Wait(1, 0)) == ["DG-M13"]
    assert refused(s, Wait(1, 601)) == ["DG-M13"]
    assert refused(s, Tick(0)) == ["DG-M1"]
    do(s, Wait(1, 600))
    seats = Scenario(config("6CI"), clocking=Clocking.SEATS).state
    assert refused(seats, Tick()) == ["DG-M14"]
