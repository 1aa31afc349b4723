"""Steam's computer players: Easy, Normal and Hard never change the state they are given nor
draw from its random generator, act legally in every phase, end games of every seat count in
the Basic and the Standard game; their model of deliveries agrees with the engine; the
tournament and Suggest."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from steamhelp import at_build, at_move, at_select, board, chain, game, set_cubes

from rail_app import EXIT_BAD_INPUT, cli
from rail_app.devtools import tournament
from rail_app.games.steam.ai import PLAYERS, make_player, value
from rail_app.games.steam.ai.advisor import ADVISOR, standing, suggest
from rail_app.games.steam.ai.bots import bot
from rail_app.games.steam.ai.levels import EASY, HARD, NORMAL
from rail_app.games.steam.ai.model import Edge, Net, best_routes
from rail_app.games.steam.ai.planner import Planner
from rail_app.games.steam.ai.projects import find_projects, realize
from rail_app.games.steam.rules import engine, goods
from rail_app.games.steam.rules.actions import (
    Bid,
    ChooseTile,
    Declare,
    EndBuild,
    ForgoSpecial,
    PassMove,
    TakePoints,
    UrbanGrowth,
)
from rail_app.games.steam.rules.board import COLOUR_INDEX, Colour
from rail_app.games.steam.rules.mapfile import load_board
from rail_app.games.steam.rules.state import GameState, Special, Step

LEVELS = ("easy", "normal", "hard")


def fingerprint(state: GameState) -> tuple[Any, ...]:
    """Everything in a game state that may change, as plain data."""
    a = state.auction
    b = state.build
    return (
        tuple((p.name, p.cash, p.income, p.vp, p.loco, p.out, p.built, p.novice)
              for p in state.players),
        state.turn, state.last_turn, state.phase, state.step, tuple(state.order),
        tuple(state.queue), state.cursor, state.round, sorted(state.tile_of.items()),
        sorted(state.number_only), sorted(state.last_tiles.items()),
        sorted(state.special.items()),
        sorted((h, t.face, t.rotation, t.owners) for h, t in state.tiles.items()),
        sorted(state.face_counts.items()), sorted(state.city_hexes),
        sorted(state.new_cities.items()), sorted(state.cubes.items()), sorted(state.growth),
        tuple(state.reserve), state.bag, state.new_city_supply, state.growth_supply,
        None if a is None else (a.standard, tuple(a.active), a.current, a.high, a.high_bidder,
                                sorted(a.best.items()), a.place, tuple(a.placed),
                                tuple(a.seats), a.free_pass, sorted(a.passed_to.items())),
        None if b is None else (b.seat, b.used, b.spent, sorted(b.touched)),
        tuple(state.points), sorted(state.loco_upgraded), len(state.log),
        tuple(e.to_dict().__repr__() for e in state.log[-3:]), len(state.history),
        state.outcome,
    )


def play(levels: list[str], variant: str = "basic", seed: int = 1, map_name: str = "small",
         pure: bool = False) -> tuple[GameState, dict[str, set[Step]]]:
    """A whole game between computer players; every action is quoted first (it must be
    legal). With ``pure``, each choice is checked to leave the state and its generator as
    they were. Returns the final state and the steps each level acted in."""
    s = engine.new_game(board(map_name), [f"{x} {i}" for i, x in enumerate(levels)],
                        {"game": variant}, seed)
    players = [make_player(x, i, seed + i) for i, x in enumerate(levels)]
    steps: dict[str, set[Step]] = {x: set() for x in levels}
    for _ in range(5000):
        if s.over:
            break
        seat = s.actor()
        assert seat is not None
        if pure:
            before, rng = fingerprint(s), s.rng.getstate()
        action = players[seat].choose(s, seat)
        if pure:
            assert fingerprint(s) == before, f"{levels[seat]} changed the state"
            assert s.rng.getstate() == rng, f"{levels[seat]} drew from the game's generator"
        q = engine.quote(s, action, seat)
        assert q.ok, f"{levels[seat]} chose {action!r} in {s.step}: {q.headline}"
        steps[levels[seat]].add(s.step)
        s = engine.apply(s, action, seat, inplace=True)
    assert s.over
    return s, steps


@pytest.mark.parametrize("variant", ["basic", "standard"])
def test_levels_never_change_the_state_nor_draw_from_its_generator(variant: str) -> None:
    """Over whole games, every level's every choice leaves the state and the game's random
    generator exactly as they were, and is legal (S-I1: nothing is drawn after set-up)."""
    final, steps = play(["hard", "normal", "easy"], variant, seed=3, pure=True)
    assert final.outcome is not None
    wanted = {Step.CHOOSE, Step.BUILD, Step.MOVE, Step.POINTS}
    wanted |= {Step.CAPITAL} if variant == "standard" else set()
    for level in LEVELS:
        assert wanted <= steps[level], (level, steps[level])
    assert any(Step.BID in s for s in steps.values())


@pytest.mark.parametrize(("seats", "variant"), [(3, "basic"), (4, "basic"), (5, "basic"),
                                               (6, "basic"), (4, "standard"),
                                               (6, "standard")])
def test_levels_end_games_at_every_seat_count(seats: int, variant: str) -> None:
    """S-W1: games of 3 to 6 computer players end with a winner: every seat count in the
    Basic game, 4 and 6 (the six-player option) in the Standard game (the purity test plays
    a Standard game of 3)."""
    levels = ["normal" if i == seats % 3 else "easy" for i in range(seats)]
    s = engine.new_game(board("small"), [f"p{i}" for i in range(seats)],
                        {"game": variant, "six_players": seats == 6}, seats)
    players = [make_player(x, i, i) for i, x in enumerate(levels)]
    while not s.over:
        seat = s.actor()
        assert seat is not None
        action = players[seat].choose(s, seat)
        s = engine.apply(s, action, seat, inplace=True)
    assert s.outcome is not None and s.outcome.winner is not None
    assert s.turn == s.last_turn or s.outcome.reason != "finished"


def test_every_level_declares_legally_and_carries_out_urban_growth() -> None:
    """S-A7 (Basic): after taking Urban Growth each level declares, and a declared Urban
    Growth is carried out before its build phase ends."""
    for level in LEVELS:
        s = at_select(game("small", 3, seed=5), 0)
        s = engine.apply(s, ChooseTile(5))
        assert s.step is Step.DECLARE
        choice = bot(level, 0, 1).choose(s, 0)
        assert isinstance(choice, Declare)
        s = engine.apply(s, Declare(True))
        s = at_build(s, 0)
        for _ in range(10):
            a = bot(level, 0, 1).choose(s, 0)
            assert engine.quote(s, a).ok
            if isinstance(a, EndBuild):
                break
            s = engine.apply(s, a)
        assert s.special[0].value in ("done", "lapsed")


def test_standard_special_is_given_up_or_carried_out() -> None:
    """S-S8/D-34: in the Standard game a held Urban Growth is carried out or given up; the
    bot never ends its build phase with it pending."""
    s = game("small", 3, seed=2, options={"game": "standard"})
    s.tile_of = {0: 5}
    s = at_build(s, 0, tiles={0: 5})
    s.special = {0: Special.PENDING}
    seen = []
    for _ in range(10):
        a = bot("normal", 0, 1).choose(s, 0)
        assert engine.quote(s, a).ok, a
        seen.append(a)
        s = engine.apply(s, a)
        if isinstance(a, EndBuild):
            break
    assert any(isinstance(a, (UrbanGrowth, ForgoSpecial)) for a in seen)


def test_with_nothing_to_do_a_bot_passes_deliberately() -> None:
    """S-G2: with no cube to deliver and the locomotive at 6 a bot passes; with no money and
    nothing worth building it ends its build phase (S-K4: building is never compulsory)."""
    s = at_move(game("small", 3, seed=4), 0)
    s.players[0].loco = 6
    for level in LEVELS:
        assert isinstance(bot(level, 0).choose(s, 0), PassMove)
    s = at_build(game("small", 3, seed=4, options={"game": "standard"}), 0)
    for level in LEVELS:
        assert isinstance(bot(level, 0).choose(s, 0), EndBuild)


def test_points_at_the_end_go_where_the_final_score_wants_them() -> None:
    """S-G6 with S-W2(1): in the last turn points go to VP, except that a step of negative
    income is worth 2 VP at the end, so points pay it off first."""
    s = at_move(game("small", 3, seed=4), 0)
    s.turn = s.last_turn
    s.step = Step.POINTS
    s.points = [(0, 2)]
    for level in ("normal", "hard"):
        s.players[0].income = 4
        assert bot(level, 0).choose(s, 0) == TakePoints(False)
        s.players[0].income = -3
        assert bot(level, 0).choose(s, 0) == TakePoints(True)


def test_EX_14_the_planners_deliveries_agree_with_the_rulebook_diagram() -> None:
    """EX-14 (S-G3, S-G5) on the delivery diagram: the model's best delivery of each cube is
    the one the engine allows, level by level."""
    s = game("delivery", 3)
    for name in ("S", "B", "R1", "R2", "P", "Y", "Boston", "N"):
        set_cubes(s, name, {})
    set_cubes(s, "S", {"yellow": 1, "purple": 1})
    set_cubes(s, "B", {"red": 1})
    set_cubes(s, "N", {"blue": 1})
    chain(s, 0, ["S", "1,0", "B"])
    chain(s, 0, ["B", "3,0", "R1"])
    chain(s, 0, ["R2", "7,0", "P"])
    chain(s, 0, ["R1", "4,-1", "3,-1", "2,-1", "Boston"])
    chain(s, 0, ["N", "2,-3", "Boston"])
    chain(s, 1, ["R1", "5,0", "R2"])
    chain(s, 1, ["P", "9,0", "Y"])
    chain(s, 1, ["S", "1,-1", "Boston"])
    net = Net.of(s, reach_above=6)
    for loco in range(1, 7):
        mine = {k: r.points for k, r in best_routes(net, 0, loco).items()}
        engine_best: dict[tuple[int, int], tuple[int, ...]] = {}
        for src in s.cubes:
            for r in goods.routes_from(s, src, 0, loco):
                k = (src, COLOUR_INDEX[r.colour])
                pts = r.points(3)
                if k not in engine_best or pts[0] > engine_best[k][0]:
                    engine_best[k] = pts
        assert {k: p[0] for k, p in mine.items()} == {k: p[0] for k, p in engine_best.items()}
    yellow = next(r for k, r in best_routes(net, 0, 5).items() if k[1] == COLOUR_INDEX["yellow"])
    assert yellow.points[:2] == (3, 2)  # EX-14: yellow at level 5 scores 5, 2 to black


def test_a_tie_between_parallel_links_is_broken_round_the_table_not_by_seat_number() -> None:
    """Two routes that earn the mover the same over parallel links of two other players
    (S-G5): which of them the model takes depends on where those players sit from the
    mover, never on their seat numbers, so no seat is favoured at a table of equal players."""
    red = COLOUR_INDEX[Colour.RED]
    source, town, city = 10, 11, 12
    one = [0] * 5
    one[red] = 1
    cubes = (one[0], one[1], one[2], one[3], one[4])  # a red cube
    chosen = []
    for mover in range(3):
        a, b = (mover + 1) % 3, (mover + 2) % 3
        for first, second in ((a, b), (b, a)):  # the order the links were laid in
            net = Net(3, (Edge(source, town, mover), Edge(town, city, first),
                          Edge(town, city, second)), {city: red},
                      {source: cubes})
            route = best_routes(net, mover, 2)[(source, red)]
            assert route.points[mover] == 1 and sum(route.points) == 2
            paid = next(s for s in range(3) if s != mover and route.points[s])
            chosen.append((paid - mover) % 3)
    assert len(set(chosen)) == 1, chosen


def test_equal_players_play_the_same_game_whichever_seat_opens() -> None:
    """A table of three Hard players, dealt the same map and cubes, with the first auction
    opened by seat 0 and then by seat 1 (S-T2a): each player does what the player in the
    same place from the opener did, turn after turn. Nothing a computer player decides
    depends on its seat's number."""
    italia = load_board("maps/steam-italia.yaml")

    def actions(opener: int, limit: int) -> list[tuple[int, str]]:
        s = engine.new_game(italia, ["a", "b", "c"], {"game": "basic"}, 3)
        assert s.auction is not None
        s.auction.current = opener
        players = [make_player("hard", i, 9 + (i - opener) % 3) for i in range(3)]
        out = []
        while not s.over and s.turn <= limit:
            seat = s.actor()
            assert seat is not None
            action = players[seat].choose(s, seat)
            out.append(((seat - opener) % 3, repr(action)))
            s = engine.apply(s, action, seat, inplace=True)
        return out

    first = actions(0, 3)
    assert len(first) > 40
    assert actions(1, 3) == first


def test_the_first_auction_is_judged_in_the_turn_order_it_decides() -> None:
    """S-T2: before the first auction has placed anyone there is no turn order, and a look
    at the game to come with nobody moving would find every place worth the same. The
    planner looks at the game with the places already won first, then the bidder, then the
    others round the table; once the order is set, it uses the game's."""
    s = engine.new_game(board("small"), ["a", "b", "c"], {"game": "basic"}, 2)
    assert s.auction is not None and not s.order
    for seat in range(3):
        planner = Planner(s, seat, HARD)
        assert planner.order == [seat, (seat + 1) % 3, (seat + 2) % 3]
        assert all(sorted(slot.order) == [0, 1, 2] for slot in planner.slots)
    players = [make_player("hard", i, i) for i in range(3)]
    while not s.auction.placed:
        seat = s.actor()
        assert seat is not None
        s = engine.apply(s, players[seat].choose(s, seat), seat, inplace=True)
        assert s.auction is not None
    won = s.auction.placed[0]
    bidder = next(x for x in range(3) if x != won)
    assert Planner(s, bidder, HARD).order == [won, bidder, 3 - won - bidder]
    while s.auction is not None:
        seat = s.actor()
        assert seat is not None
        s = engine.apply(s, players[seat].choose(s, seat), seat, inplace=True)
    assert Planner(s, 0, HARD).order == s.order


def test_S_T2e_a_bid_costs_what_it_adds_to_the_borrowing_of_the_first_build() -> None:
    """S-T2e: the winner of a place pays the bid by borrowing (S-M3), $5 a step of income,
    the rest kept as cash. Everyone borrows in turn 1 anyway to build, so a $1 bid that fits
    in the steps the build borrows costs a dollar, not a step of income. A computer player
    weighs a bid by what it adds to its turn's borrowing and bids while that is below the
    place's worth."""
    italia = load_board("maps/steam-italia.yaml")
    s = engine.new_game(italia, ["a", "b", "c", "d"], {"game": "basic"}, 2004)
    opener = s.actor()
    assert opener is not None and s.auction is not None
    s = engine.apply(s, Bid(0), opener, inplace=True)
    seat = s.actor()
    assert seat is not None and seat != opener and s.auction.high == 0
    planner = Planner(s, seat, HARD)
    tracks = planner.tracks()
    alone = planner.spend_worth(tracks, 1, spendable=True)
    assert alone is not None
    # alone, $1 takes a whole step of income ($5, $4 of it kept as cash)
    dollar = value.dollar(planner.params, planner.clock, planner.clock.builds_left)
    assert alone == pytest.approx(value.income_flow(planner.params, planner.clock) + 2
                                  - 4 * dollar)
    # with a $9 build the seat borrows two steps and keeps $1: a $1 bid costs that dollar
    assert planner.bid_worth(1, 9) == pytest.approx(dollar)
    # a $2 bid takes a third step: what that adds, no more than paying it alone
    both, base = planner.spend_worth(tracks, 11, True), planner.spend_worth(tracks, 9, True)
    assert both is not None and base is not None
    assert planner.bid_worth(2, 9) == pytest.approx(min(both - base, alone + dollar))
    assert planner.bid_worth(1, 0) == pytest.approx(alone)
    # on this deal the first place is worth more to Hard than the dollar, less than the step
    hard = bot("hard", seat, 1)
    spread, build = hard._place_spread(s, seat)
    cost = planner.bid_worth(1, build)
    assert build > 5 and cost is not None and cost <= 0.6 * spread < alone
    assert hard.choose(s, seat) == Bid(1)


def test_new_links_are_found_as_a_full_search_finds_them() -> None:
    """The planners' quick search of routes over new links only gives what a search of the
    whole net gives."""
    rng = random.Random(7)
    s = engine.new_game(board("small"), ["a", "b", "c"], {"game": "basic"}, 11)
    players = [make_player("easy", i, i) for i in range(3)]
    checked = 0
    while not s.over and checked < 60:
        seat = s.actor()
        assert seat is not None
        if s.step is Step.BUILD and s.build is not None and s.build.used == 0:
            net = Net.of(s, reach_above=6)
            projects = find_projects(s, seat, 5)
            for p in rng.sample(projects, min(4, len(projects))):
                edges = [Edge(a, b, seat, rng.choice((0, 2))) for a, b in p.links]
                part = net.plus(edges, keep=[x for x in range(3) if x != seat])
                whole = Net(net.seats, net.edges + tuple(edges), net.colour, net.cubes)
                for loco in range(1, 7):
                    got = {k: r.points[seat] for k, r in part.routes(seat, loco).items()}
                    full = {k: r.points[seat] for k, r in whole.routes(seat, loco).items()}
                    assert got == full
                    checked += 1
        s = engine.apply(s, players[seat].choose(s, seat), seat, inplace=True)
    assert checked >= 30


def test_lines_to_build_are_priced_as_the_engine_prices_them() -> None:
    """S-K7/S-K16b: a line's estimated price is what the engine charges for its tiles."""
    s = at_build(game("small", 3, seed=8), 0)
    planner = Planner(s, 0, NORMAL)
    lines = [p for p in planner.projects() if p.actions <= 3][:15]
    assert lines
    for p in lines:
        acts, _, spent = realize(s, p, 0)
        if len(acts) == p.actions:
            assert spent == p.cost, p


def test_a_build_plan_is_worked_out_once_for_the_same_question() -> None:
    """A planner reads one moment: asked again for the same tile actions, tracks, excluded
    hexes and key, it gives the plan it made (the bid's price and the place's worth share
    the first build's plan); another question gets a plan of its own."""
    s = at_build(game("small", 3, seed=8), 0)
    planner = Planner(s, 0, NORMAL)
    plan = planner.plan_build()
    assert plan.projects and planner.plan_build() is plan
    assert planner.plan_build(planner.actions_left(), planner.tracks()) is plan
    fresh = Planner(s, 0, NORMAL).plan_build(1)
    assert planner.plan_build(1) is not plan
    assert [(p.stroke, n) for p, n in planner.plan_build(1).projects] == [
        (p.stroke, n) for p, n in fresh.projects]


def test_the_worth_of_money_falls_to_nothing_after_the_last_build() -> None:
    params = value.Params()
    early = value.Clock(1, 10, 10, 10, False)
    late = value.Clock(10, 10, 0, 1, False)
    assert value.dollar(params, early, 10) == pytest.approx(params.dollar_early)
    assert value.dollar(params, late, 0) == 0.0
    assert value.income_flow(params, early) > value.income_flow(params, late) == 0.0


def test_hard_judges_fewer_lines_at_tables_of_five_and_six() -> None:
    """A turn of Hard's at 5 or 6 seats judges and combines fewer lines (from 45 and 20, in
    proportion to the seats beyond 4: its 100 and 40 at 3 and 4 seats would take too long
    there), and looks for Urban Growth on fewer cities; at 3 and 4 seats, and for the other
    levels, nothing changes (but the order's weight, tested below)."""
    assert (HARD.screen, HARD.candidates, HARD.beam) == (100, 40, 1)
    assert HARD.at(3) is HARD
    assert (HARD.at(4).screen, HARD.at(4).candidates, HARD.at(4).growth_cities) == (
        HARD.screen, HARD.candidates, HARD.growth_cities)
    assert NORMAL.at(6) is NORMAL and EASY.at(6) is EASY
    five, six = HARD.at(5), HARD.at(6)
    assert (five.screen, five.candidates, five.beam) == (36, 16, 1)
    assert (six.screen, six.candidates, six.beam) == (30, 13, 1)
    wide = replace(HARD, crowded_screen=None, crowded_candidates=None)
    assert (wide.at(5).screen, wide.at(5).candidates) == (80, 32)
    assert five.foresee and five.max_actions == HARD.max_actions
    assert HARD.growth_cities is None and five.growth_cities == six.growth_cities == 4
    s = game("small", seats=5)
    assert Planner(s, 0, HARD).level.screen == 36


def test_hard_weighs_next_turns_order_more_at_larger_tables() -> None:
    """S-T4: the tile's number places its holder in next turn's order; at a larger table
    more players choose, build and move before the last place, so Hard weighs the order
    more there (Normal does not change)."""
    weights = {n: HARD.at(n).params.order_weight for n in (3, 4, 5, 6)}
    assert weights == {3: 1.0, 4: 2.0, 5: 3.0, 6: 4.0}
    assert {NORMAL.at(n).params.order_weight for n in (3, 4, 5, 6)} == {1.0}
    assert HARD.at(5).screen == 36 and HARD.at(4).screen == 100
    s = at_select(game("small", seats=4), 0)
    assert Planner(s, 0, HARD).order_worth(7) == pytest.approx(2.0)
    assert Planner(s, 0, NORMAL).order_worth(7) == pytest.approx(1.0)


@pytest.mark.slow
def test_normal_beats_easy() -> None:
    """Ordering on a small fixed set of deals (Steam: Italia, each level in each seat): Normal
    ranks better than Easy on average."""
    italia = load_board("maps/steam-italia.yaml")
    ranks = {"normal": 0.0, "easy": 0.0}
    for r in range(3):
        levels = [["normal", "easy", "easy"][(i - r) % 3] for i in range(3)]
        s = engine.new_game(italia, levels, {"game": "basic"}, 40)
        players = [make_player(x, i, i) for i, x in enumerate(levels)]
        while not s.over:
            seat = s.actor()
            assert seat is not None
            s = engine.apply(s, players[seat].choose(s, seat), seat, inplace=True)
        assert s.outcome is not None
        for place, seat in enumerate(s.outcome.ranks):
            ranks[levels[seat]] += (place + 1) / (1 if levels[seat] == "normal" else 2)
    assert ranks["normal"] < ranks["easy"]


@pytest.mark.slow
def test_a_small_seeded_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    """The tournament plays rotated tables, checks every action and prints its figures."""
    code = cli.main(["tournament", "--game", "steam", "--seats", "3", "--table",
                     "easy,greedy,greedy", "--games", "3", "--jobs", "1", "--json", "--seed",
                     "5"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    summary = out["summary"]
    assert summary["errors"] == 0 and summary["not_ended"] == 0
    assert [g["seats"] for g in out["games"]] == [["easy", "greedy", "greedy"],
                                                  ["greedy", "easy", "greedy"],
                                                  ["greedy", "greedy", "easy"]]
    assert {g["seed"] for g in out["games"]} == {5}
    levels = summary["levels"]
    assert set(levels) == {"easy", "greedy"}
    assert levels["easy"]["chance"] == pytest.approx(1 / 3, abs=0.01)
    assert 0 <= levels["easy"]["ci95"][0] <= levels["easy"]["win_share"] \
        <= levels["easy"]["ci95"][1] <= 1
    assert set(summary["ratings"]) == {"easy", "greedy"}
    assert levels["easy"]["turn_cpu_s"]["p95"] > 0


def test_the_shared_tournament_command_plays_steams_tables_of_n_seats(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m rail_app tournament --game steam --seats 4 ...`` plays Steam's tables of N
    seats, rotated (not pairings of two); its refusals keep the exit status 2."""
    code = cli.main(["tournament", "--game", "steam", "--seats", "4", "--table",
                     "easy,greedy,greedy,greedy", "--games", "1", "--jobs", "1", "--json",
                     "--seed", "3"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["seats"] == 4
    assert [g["seats"] for g in out["games"]] == [["easy", "greedy", "greedy", "greedy"]]
    assert out["summary"]["errors"] == 0 and out["games"][0]["ended"]
    assert cli.main(["tournament", "--game", "steam", "--seats", "4", "--table",
                     "hard,normal"]) == EXIT_BAD_INPUT
    assert "not --seats 4" in capsys.readouterr().err


def test_a_mirror_table_deals_a_new_game_each_time() -> None:
    """Turned, a table of one level would play the same game N times: a mirror deals a new
    seed for every game, a mixed table turns the seats on each deal."""
    assert tournament.schedule([["hard"] * 3], 4, 7) == [
        (7, ("hard",) * 3, 0), (8, ("hard",) * 3, 0), (9, ("hard",) * 3, 0),
        (10, ("hard",) * 3, 0)]
    assert tournament.schedule([["hard", "normal", "normal"]], 4, 7) == [
        (7, ("hard", "normal", "normal"), 0), (7, ("normal", "hard", "normal"), 0),
        (7, ("normal", "normal", "hard"), 0), (8, ("hard", "normal", "normal"), 0)]


def test_tournament_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    steam = ["tournament", "--game", "steam"]
    assert cli.main([*steam, "--seats", "2"]) == EXIT_BAD_INPUT
    assert cli.main([*steam, "--seats", "3", "--table", "hard,normal"]) == EXIT_BAD_INPUT
    assert cli.main([*steam, "--seats", "3", "--table", "hard,normal,wizard"]) \
        == EXIT_BAD_INPUT
    assert cli.main([*steam, "--map", "maps/test/none.yaml"]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "wizard" in err and "3 to 6" in err


def test_plackett_luce_orders_levels_by_their_rankings() -> None:
    ratings = tournament.plackett_luce([["hard", "normal", "easy"]] * 8
                                       + [["normal", "hard", "easy"]] * 2)
    assert ratings["hard"] > ratings["normal"] > ratings["easy"]
    assert sum(ratings.values()) / 3 == pytest.approx(1500, abs=1)
    lo, hi = tournament.wilson(60, 100)
    assert lo < 0.6 < hi and hi - lo < 0.2


def test_suggest_is_the_hard_players_plan_and_changes_nothing() -> None:
    """Suggest: the Hard player's next action and its plan for the build phase, as data to
    draw (hexes, faces, the lines), with its figures; the state is left as it was."""
    s = engine.new_game(board("small"), ["a", "b", "c"], {"game": "basic",
                                                        "first_order": "random"}, 9)
    s = engine.apply(s, ChooseTile(4))  # First Build
    s = engine.apply(s, ChooseTile(3))
    s = engine.apply(s, ChooseTile(2))
    assert s.step is Step.BUILD
    who = s.actor()
    assert who is not None
    before, rng = fingerprint(s), s.rng.getstate()
    advice = suggest(s)
    assert fingerprint(s) == before and s.rng.getstate() == rng
    assert advice.seat == who
    assert advice.action == bot("hard", who, 0).choose(s, who)
    assert engine.quote(s, advice.action).ok
    assert advice.builds and advice.lines and advice.cost > 0
    assert advice.builds[0].hex == getattr(advice.action, "hex", None)
    assert advice.gain > 0
    json.dumps(advice.to_dict())
    assert advice.per_turn == advice.gain
    assert isinstance(standing(s, who), float)
    assert ADVISOR.suggest(s, who) == advice
    assert ADVISOR.suggest(s, (who + 1) % 3) is None


def test_a_bot_plays_its_own_seat_by_default() -> None:
    """The game boundary hands a computer seat only the view: ``choose(view)``."""
    s = at_select(game("small", 3, seed=6), 1)
    assert bot("normal", 1).choose(s) == bot("normal", 1).choose(s, 1)


def test_players_by_name() -> None:
    assert PLAYERS[:3] == ("easy", "normal", "hard")
    assert {"random", "greedy"} <= set(PLAYERS)
    with pytest.raises(ValueError, match="the players are"):
        make_player("wizard", 0)
    assert HARD.foresee and not NORMAL.foresee and EASY.horizon is not None
