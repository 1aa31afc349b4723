"""Rail Pass's computer crew (DG-A) and its measures (DG-Q): the same rules and actions as a
person, a human pace, honest sight, the value of a cube, the menu of tasks, what a crew never
does, the endgame, living with the person, the levels, names and determinism; and the
measures' machinery on small runs (their figures are in ``docs/benchmarks.md``)."""

from __future__ import annotations

import pytest

from rail_app.games.railpass.ai.crew import CrewPlayer, Planner
from rail_app.games.railpass.ai.driver import run_tick
from rail_app.games.railpass.ai.ledger import kept_free
from rail_app.games.railpass.ai.levels import HABITS, PROXY_REACTION, CrewLevel
from rail_app.games.railpass.devtools.measure import (
    bootstrap_median,
    percentile,
    play_round,
    summarise,
    wilson,
)
from rail_app.games.railpass.devtools.tournament import DEFAULT_TEMPO, report
from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.actions import (
    Call,
    CallKind,
    Dispatch,
    Load,
    Offer,
    Take,
    TakePark,
    Wait,
    Withdraw,
)
from rail_app.games.railpass.rules.names import crew_name
from rail_app.games.railpass.rules.state import (
    EMPTY,
    Place,
    SeatKind,
    Settings,
    Track,
    reaction,
    train_of,
)
from rail_app.games.railpass.rules.view import seen_by
from tests.railpasshelp import config, do, run_to, scenario

C, P = SeatKind.COMPUTER, SeatKind.PERSON
LONG = Track.LONG


def crew_round(cid: str = "6CI", level: str = "conductor", seed: int = 5, minutes: int = 2,
               tempo: int = 100) -> object:
    state = engine.new_round(config(cid), Settings(tempo=tempo, minutes=minutes), seed)
    crews = [CrewPlayer(level, s, seed) for s in range(state.seats)]
    while not state.over:
        seat = engine.ENGINE.to_act(state)
        assert seat is not None
        action = crews[seat].choose(seen_by(state, seat))
        assert engine.quote(state, action).ok, f"the crew chose an illegal {action!r}"
        state = engine.apply(state, action, inplace=True)
    return state


def test_DG_A1_DG_A2_the_same_rules_actions_and_clock_at_a_human_pace() -> None:
    """DG-A1: every choice of the crew is a legal action of its seat, quoted and applied;
    DG-A2: one action at a time, each keeping the seat busy for its duration."""
    state = engine.new_round(config("6CI"), Settings(tempo=100), 2)
    crew = CrewPlayer("conductor", 0, 2)
    action = crew.choose(seen_by(state, 0))
    assert getattr(action, "seat", -1) == 0 and engine.quote(state, action).ok
    after = engine.apply(state, action)
    assert after.busy[0] > 0
    crew_round()


def test_DG_A3_DG_A5_honest_sight_an_offer_is_noticed_after_the_delay() -> None:
    """DG-A3, DG-A5: everything on the table is seen, but an offer to a computer seat only
    after its reaction delay: until then its view shows the sender holding the train."""
    sc = scenario(kinds=(P, C, C, C, C, C))
    s = sc.state
    do(s, Dispatch(0, "L_K", "R"))
    view = seen_by(s, 1)
    assert not view.offers and view.offer_of[train_of("L_K")] == 0
    assert view.place[train_of("L_K")] is Place.HELD  # the train itself is in sight
    assert seen_by(s, 0) is s  # a person's view is the state
    run_to(s, reaction(s, 1))
    assert seen_by(s, 1).offers


def test_DG_A4_a_cube_is_worth_the_rise_of_the_teams_score() -> None:
    """DG-A4: a cube of the city with the lowest total (counting the cubes on their way) is
    worth more; the Trainee weighs every cube alike."""
    sc = scenario()
    for c, n in zip("KRGBYW", (5, 1, 5, 5, 5, 5), strict=True):
        sc.storage(c, n)
    s = sc.state
    w = Planner(s, 0, HABITS[CrewLevel.CONDUCTOR]).weights
    assert w[1] == max(w) and w[1] > w[0]
    assert set(Planner(s, 0, HABITS[CrewLevel.TRAINEE]).weights) == {1.0}


def test_DG_A6_an_offer_it_can_park_is_taken_first() -> None:
    """DG-A6 item 1: a free seat with a noticed offer it can park takes it."""
    sc = scenario(kinds=(P, C, C, C, C, C))
    sc.hold("L_W", 3, 0, "B")  # W's long-train track is free
    s = sc.state
    do(s, Dispatch(0, "L_K", "W"))  # open track K-W
    run_to(s, reaction(s, 5))
    choice = CrewPlayer("conductor", 5, 1).choose(seen_by(s, 5))
    assert isinstance(choice, (TakePark, Take))


def test_DG_Q7_an_idle_crew_takes_an_offer_exactly_its_reaction_delay_later() -> None:
    """DG-Q7: a train offered to a free, idle computer seat is taken exactly the reaction
    delay later."""
    sc = scenario(kinds=(P, C, C, C, C, C))
    sc.hold("L_W", 3, 0, "B")
    s = sc.state
    crews = {seat: CrewPlayer("conductor", seat, 1) for seat in range(1, 6)}
    for seat in range(1, 6):
        s.busy[seat] = 0
        do(s, Wait(seat, 600))  # idle
    do(s, Dispatch(0, "L_K", "W"))
    offered = s.tick
    while not any(str(e.kind) == "taken" for e in s.log) and s.tick < offered + 50:
        s = run_tick(s, crews)
    taken = next(e for e in s.log if str(e.kind) == "taken")
    assert taken.tick == offered + reaction(s, 5)


def test_DG_A7_no_quit_no_dead_station_only_its_own_cities() -> None:
    """DG-A7: a crew parks no train whose engineer would quit (outside DG-A8), strands no
    station, and acts only at its own cities."""
    for level in ("trainee", "conductor"):
        state = crew_round(level=level, minutes=3, seed=11)
        assert not state.pile_engineers  # type: ignore[attr-defined]
        from rail_app.games.railpass.rules.crew import dead_station

        assert not any(dead_station(state, c) for c in range(6))  # type: ignore[arg-type]
    sc = scenario()
    sc.hold("L_G", 1, 0, "R")
    sc.hold("L_K", 2, 0, "G", "BB", "K1")  # K1 would quit at G
    choice = CrewPlayer("conductor", 2, 1).choose(seen_by(sc.state, 2))
    assert not (choice.kind == "park" and getattr(choice, "train", "") == "L_K")


def test_DG_A8_the_endgame_loads_nothing_that_cannot_arrive() -> None:
    """DG-A8: in the last 45 s the Chief loads no cube that cannot arrive before time-up, and
    spends an engineer when the delivery gains more than 2."""
    sc = scenario()
    sc.yard("K", "B")  # 3 hops from B on 6CI
    sc.at(3600 - 100)
    s = sc.state
    chief = Planner(s, 0, HABITS[CrewLevel.CHIEF])
    assert not [t for t in chief.tasks() if isinstance(t.action, Load)]
    conductor = Planner(s, 0, HABITS[CrewLevel.CONDUCTOR])
    assert [t for t in conductor.tasks() if isinstance(t.action, Load)]
    sc2 = scenario()
    sc2.hold("L_G", 1, 0, "R")
    sc2.hold("L_K", 2, 0, "G", "GGG", "K1")
    for c in "KRBYW":
        sc2.storage(c, 9)
    sc2.at(3600 - 200)
    assert Planner(sc2.state, 2, HABITS[CrewLevel.CHIEF])._spend(train_of("L_K"), 2)
    assert not Planner(sc2.state, 2, HABITS[CrewLevel.CONDUCTOR])._spend(train_of("L_K"), 2)


def test_DG_A9_an_offer_to_the_person_waits_six_seconds() -> None:
    """DG-A9: a computer's offer to the person waits up to 6 s, then it withdraws and
    re-plans."""
    sc = scenario(kinds=(P, C, C, C, C, C))
    sc.hold("L_R", 1, 0, "R")
    s = sc.state
    s.busy[1] = 0
    do(s, Offer(1, "L_R", "K"))
    crew = CrewPlayer("conductor", 1, 1)
    run_to(s, 60)
    assert not isinstance(crew.choose(seen_by(s, 1)), Withdraw)
    run_to(s, 61)
    assert isinstance(crew.choose(seen_by(s, 1)), Withdraw)


def test_DG_A10_the_levels_differ_only_in_how_they_plan() -> None:
    """DG-A10: Trainee (no balance, fills trains, crew changes when stuck, answers "Need a
    train" only) < Conductor (balance, answers every call) < Chief (a ledger, relays, the
    endgame); all at one tempo and reaction delay (DG-A2)."""
    t, c, k = (HABITS[lv] for lv in (CrewLevel.TRAINEE, CrewLevel.CONDUCTOR, CrewLevel.CHIEF))
    assert not t.balance and t.full_only and not t.eager_crew and t.answers == {"need-train"}
    assert c.balance and c.eager_crew and not c.ledger and len(c.answers) == 4
    assert k.ledger and k.relays and k.endgame
    assert PROXY_REACTION == 15 and HABITS[CrewLevel.PROXY].idle == 20


def test_DG_A11_crews_are_named_after_their_city() -> None:
    """DG-A11: "Red crew"."""
    assert crew_name(1) == "Red crew"
    s = engine.new_round(config("6CI"))
    assert engine.ENGINE.flow.seat_name(s, 3) == "Blue crew"


def test_DG_A12_a_choice_depends_only_on_the_view_and_the_seats_stream() -> None:
    """DG-A12: the same view and seed give the same choice; two whole rounds are the same."""
    s = engine.new_round(config("6CI"), Settings(tempo=100), 4)
    assert CrewPlayer("chief", 2, 9).choose(s) == CrewPlayer("chief", 2, 9).choose(s)
    from rail_app.games.railpass.rules.replay import state_hash

    a, b = crew_round(seed=3, minutes=1), crew_round(seed=3, minutes=1)
    assert state_hash(a) == state_hash(b)  # type: ignore[arg-type]


# -- the measures (DG-Q) --------------------------------------------------------------------------


def test_DG_Q1_a_round_measures_score_penalties_idle_deadlocks_dead_stations() -> None:
    """DG-Q1: one round's figures."""
    r = play_round(config("6CI"), "conductor", 7, 100, minutes=2)
    assert r.error == "" and len(r.totals) == 6 and r.deadlocks == 0 and r.dead_stations == 0
    assert 0.0 <= r.idle_share <= 1.0 and r.final == r.base - r.penalty
    s = summarise([r, play_round(config("6CI"), "conductor", 8, 100, minutes=2)])
    for key in ("median", "median_95", "p10", "p90", "win_rate", "win_95",
                "penalty_per_round", "deliveries_per_city", "idle_share", "deadlocks",
                "dead_stations"):
        assert key in s


@pytest.mark.parametrize(("cid", "level", "seed"), [
    ("2HI", "chief", 40001), ("2HI", "chief", 40008), ("2HI", "conductor", 40025)])
def test_DG_Q1_no_stall_on_the_bridge(cid: str, level: str, seed: int) -> None:
    """DG-Q1: rounds on 2HI (two chains joined by the bridge) that stood still for the rest
    of the round (trains held with no place, a free short track kept for a long train, a
    seat's hands full of trains going nowhere) now play on to the end without a 60 s stall
    (seeds from the tuning range; the measure's tempo)."""
    r = play_round(config(cid), level, seed, DEFAULT_TEMPO)
    assert r.error == "" and r.deadlocks == 0 and r.dead_stations == 0


def test_DG_A10_the_ledger_keeps_a_place_only_for_a_train_it_fits() -> None:
    """The Chief's ledger: a free short-train track is not kept for a long train on its way
    (it could not park there); a free long-train track is."""
    state = engine.new_round(config("2HI"), Settings(), 1)
    z = 1
    state.tracks[z][0], state.tracks[z][1] = 0, EMPTY  # the long-train track taken
    assert kept_free(state, z, 3, [2])  # a short train; a long one coming: not kept for it
    assert not kept_free(state, z, 3, [5])  # a short one coming: its place is kept
    state.tracks[z][0], state.tracks[z][1] = EMPTY, 1  # the short-train track taken
    assert not kept_free(state, z, 3, [2])  # the long-train track is kept for the long one
    assert kept_free(state, z, 3, [])


def test_DG_Q2_the_statistics_wilson_and_bootstrap() -> None:
    """DG-Q2, DG-Q1: 95 % Wilson intervals and bootstrap intervals of the median; levels
    ordered when their intervals do not overlap."""
    lo, hi = wilson(50, 100)
    assert round(lo, 3) == 0.404 and round(hi, 3) == 0.596
    assert wilson(0, 10)[0] == 0.0
    blo, bhi = bootstrap_median(list(range(101)))
    assert blo < 50 < bhi
    assert percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90) == 9
    from rail_app.games.railpass.devtools.measure import RoundResult

    rounds = [RoundResult("6CI", lv, s, 100, final=f, won=f >= 100, totals=[0] * 6)
              for lv, base in (("trainee", 10), ("chief", 200)) for s, f in
              enumerate(range(base, base + 20))]
    assert report(rounds, ["6CI"], ["trainee", "chief"])["6CI"]["ordered"]


def test_DG_Q3_R_K3_never_loaded_cubes_are_counted() -> None:
    """DG-Q3, R-K3: the calibration reads the yards' never-loaded cubes."""
    r = play_round(config("6CI"), "trainee", 3, 100, minutes=1)
    assert len(r.never_loaded) == 6 and sum(r.never_loaded) > 0


@pytest.mark.parametrize("stand_in", ["proxy", "absent"])
def test_DG_Q5_a_stand_in_in_one_seat(stand_in: str) -> None:
    """DG-Q5: a proxy (Trainee logic, a reaction delay of 15, idle 20 %) or an absent seat;
    the crew does not deadlock."""
    r = play_round(config("6CI"), "conductor", 5, 100, stand_in, 0, minutes=2)
    assert r.error == "" and r.deadlocks == 0


def test_DG_K1_a_crew_answers_need_a_train_with_an_empty_one() -> None:
    """DG-K1, DG-A6: a crew with an empty train and nothing to load sends it nowhere until a
    neighbour calls "Need a train"; then to that neighbour, at every level (DG-A10)."""
    for level in ("trainee", "conductor", "chief"):
        chosen = []
        for caller in (None, 1, 5):  # nobody, R's seat, W's seat
            sc = scenario(kinds=(C, P, C, C, C, P))
            sc.park("L_K", "K", LONG, "")
            sc.yard("K", "")
            s = sc.state
            if caller is not None:
                do(s, Call(caller, CallKind.NEED_TRAIN))
            run_to(s, s.tick + reaction(s, 0))
            chosen.append(CrewPlayer(level, 0, 1).choose(seen_by(s, 0)))
        assert isinstance(chosen[0], Wait), level
        assert [(type(a), getattr(a, "to", "")) for a in chosen[1:]] == [
            (Dispatch, "R"), (Dispatch, "W")], level


def test_DG_K2_a_crew_answers_need_crew_with_a_train_whose_engineer_can_drive_on() -> None:
    """DG-K2: Red's seat calls "Need crew" toward Black; Black's Conductor and Chief send an
    empty train to Red (its Black engineer may drive from Red to Black); toward Green, which a
    Black engineer may not reach, nothing goes, as when nobody calls. The Trainee answers
    "Need a train" only (DG-A10)."""
    for level, answers in (("trainee", False), ("conductor", True), ("chief", True)):
        chosen = []
        for toward in (None, "K", "G"):
            sc = scenario(kinds=(C, P, C, C, C, P))
            sc.park("L_K", "K", LONG, "")
            sc.yard("K", "")
            s = sc.state
            if toward is not None:
                do(s, Call(1, CallKind.NEED_CREW, "", toward))
            run_to(s, s.tick + reaction(s, 0))
            chosen.append(CrewPlayer(level, 0, 1).choose(seen_by(s, 0)))
        to_red = [isinstance(a, Dispatch) and a.to == "R" for a in chosen]
        assert to_red == [False, answers, False], (level, chosen)


def test_DG_K3_DG_K4_a_crew_offers_nothing_else_to_a_seat_that_holds_until_go() -> None:
    """DG-K3: once a Conductor notices "Hold!" from a neighbour, it offers that seat no train
    without its colour; DG-K4: "Go" (noticed) lets the train leave. The Trainee answers
    "Need a train" only (DG-A10) and sends it all the same."""
    sc = scenario(kinds=(C, P, C, C, C, C))
    sc.park("L_K", "K", LONG, "GGGGG")  # full, its cubes' next hop is R (K-R-G)
    s = sc.state
    crew, trainee = CrewPlayer("conductor", 0, 1), CrewPlayer("trainee", 0, 1)
    assert crew.choose(seen_by(s, 0)) == Dispatch(0, "L_K", "R")
    do(s, Call(1, CallKind.HOLD))
    run_to(s, s.tick + reaction(s, 0))
    held = crew.choose(seen_by(s, 0))
    assert not (isinstance(held, Dispatch) and held.to == "R"), held
    assert trainee.choose(seen_by(s, 0)) == Dispatch(0, "L_K", "R")
    do(s, Call(1, CallKind.GO))
    run_to(s, s.tick + reaction(s, 0))
    assert crew.choose(seen_by(s, 0)) == Dispatch(0, "L_K", "R")
