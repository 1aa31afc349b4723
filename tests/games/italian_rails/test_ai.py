"""The computer opponent: it never peeks, plans sensibly, plays legal games, is deterministic."""

from __future__ import annotations

import random
from typing import Any

import networkx as nx
import pytest

from rail_app.devtools.simulate import play_game
from rail_app.games.italian_rails.ai.bot import Bot
from rail_app.games.italian_rails.ai.paths import CostGraph
from rail_app.games.italian_rails.ai.planner import LEVELS, Job, Planner, sequences
from rail_app.games.italian_rails.ai.randomplayer import RandomPlayer
from rail_app.games.italian_rails.rules import engine as game
from rail_app.games.italian_rails.rules import movement
from rail_app.games.italian_rails.rules.actions import (
    BuildFerry,
    BuildSegment,
    ChooseLoss,
    KeepCards,
    MoveTrain,
    PickUp,
    PlaceTrain,
)
from rail_app.games.italian_rails.rules.actions import (
    EndPhase as EndPhaseAction,
)
from rail_app.games.italian_rails.rules.actions import (
    EndTurn as EndTurnAction,
)
from rail_app.games.italian_rails.rules.board import edge_key, load_board
from rail_app.games.italian_rails.rules.deck import load_board_deck
from rail_app.games.italian_rails.rules.state import GameState, Phase

ITALY = "maps/italy.yaml"
MINI = "maps/test/mini.yaml"


def _new(path: str, seed: int) -> GameState:
    board = load_board(path)
    return game.new_game(board, load_board_deck(board), seed=seed)


def _hidden_changed(state: GameState, seat: int, seed: int) -> GameState:
    """The same game as ``seat`` sees it, with everything hidden from that seat changed: the
    order of the draw pile, the random generator and the opponent's private cards."""
    other = state.copy()
    rng = random.Random(seed)
    opp = other.players[1 - seat]
    pile = other.draw_pile
    rng.shuffle(pile)
    swap = [n for n in pile if not other.deck.card(n).is_event]
    for hand in (opp.private, opp.dealt):
        for i in range(len(hand)):
            if swap:
                new = swap.pop()
                pile[pile.index(new)] = hand[i]
                hand[i] = new
    other.rng = random.Random(seed + 1)
    return other


def test_ai_never_peeks_at_hidden_cards_or_the_deck() -> None:
    """C2: the opponent's private cards and the deck's order change nothing it does."""
    state = _new(ITALY, 11)
    bots = [Bot("hard", 0, 11), RandomPlayer(1, 11)]
    checked = 0
    for step in range(160):
        if state.outcome is not None:
            break
        acting = state.pending.player if state.pending is not None else state.current
        if acting == 0:
            a = bots[0].clone().next_action(state)
            b = bots[0].clone().next_action(_hidden_changed(state, 0, step))
            assert a == b, f"step {step}: {a} != {b} once hidden information changed"
            checked += 1
        action = bots[acting].next_action(state)
        state = game.apply(state, action, inplace=True)
    assert checked > 40


def test_seen_by_hides_what_the_seat_may_not_know() -> None:
    """C2: while cards are chosen the opponent's hand is hidden (after, the private cards
    are revealed); the draw pile's order and the random generator are never seen; E3: the
    opponent's cash is secret until a tax makes it public."""
    state = _new(ITALY, 3)
    state = game.apply(state, KeepCards(tuple(state.player.dealt[:2])))
    seen = state.seen_by(1)
    assert seen.players[0].private == [] and state.players[0].private
    state = game.apply(state, KeepCards(tuple(state.player.dealt[:2])))
    seen = state.seen_by(0)
    assert seen.players[1].private == state.players[1].private  # revealed together (C2)
    assert seen.draw_pile == sorted(state.draw_pile) != state.draw_pile
    assert seen.rng.getstate() != state.rng.getstate()
    assert seen.players[1].cash == 0 and seen.players[0].cash == state.players[0].cash
    state.cash_public = True
    assert state.seen_by(0).players[1].cash == state.players[1].cash


# -- a small scenario on the mini map ---------------------------------------------------------


def _mini_scenario(private: list[int], pool: list[int]) -> GameState:
    """Seat 0 owns track from Alfa to Beta, its train stands at Alfa, phase A of turn 3."""
    state = _new(MINI, 1)
    for _ in range(2):
        state = game.apply(state, KeepCards(tuple(state.player.dealt[:2])))
    board = state.board
    used = set(private) | set(pool)
    spare = [n for n in state.deck.numbers if n not in used and not state.deck.card(n).is_event]
    state.players[0].private = list(private)
    state.players[1].private = spare[:2]
    state.pool = list(pool)
    state.draw_pile = [n for n in state.deck.numbers if n not in used and n not in spare[:2]]
    alfa, beta = board.cities["Alfa"], board.cities["Beta"]
    g = board.graph.copy()
    g.remove_edges_from([(u, v) for u, v, k in board.graph.edges(data="kind") if k == "ferry"])
    path = nx.shortest_path(g, alfa.centre, beta.centre)
    for a, b in zip(path, path[1:], strict=False):
        if not board.edge(a, b).free:
            state.owner[edge_key(a, b)] = 0
            state.players[0].track.add(edge_key(a, b))
    for p in state.players:
        p.turns_taken = 2
    state.current = 0
    state.phase = Phase.MOVE
    state.moves_left = None
    state.turn_started = False
    state.players[0].position = alfa.centre
    return state


def test_planner_finds_the_known_best_plan_on_the_mini_map() -> None:
    """Two private cards want wine at Beta; Alfa offers wine and the track is built: the
    best plan picks up two wines at Alfa and delivers both at Beta."""
    state = _mini_scenario([9, 24], [8, 12, 17, 10])
    view = state.seen_by(0)
    planner = Planner(view, 0, CostGraph(view, 0, movement.base_speed(view, 0)), LEVELS["normal"])
    plan = planner.choose()
    assert plan is not None
    kinds = [(e.kind, e.city, e.job.commodity) for e in plan.events]
    assert kinds == [("P", "Alfa", "wine"), ("P", "Alfa", "wine"), ("D", "Beta", "wine"),
                     ("D", "Beta", "wine")]
    assert {e.job.card for e in plan.events} == {9, 24}
    assert plan.build == 0 and plan.turns < 2


def test_easy_plans_single_demands() -> None:
    state = _mini_scenario([9, 24], [8, 12, 17, 10])
    view = state.seen_by(0)
    plan = Planner(view, 0, CostGraph(view, 0, movement.base_speed(view, 0)), LEVELS["easy"]).choose()
    assert plan is not None and len(plan.jobs) == 1
    assert plan.jobs[0].city == "Beta" and plan.jobs[0].commodity == "wine"


def test_plans_never_use_one_card_twice() -> None:
    state = _mini_scenario([9, 24], [8, 12, 17, 10])
    view = state.seen_by(0)
    planner = Planner(view, 0, CostGraph(view, 0, movement.base_speed(view, 0)), LEVELS["hard"])
    for plan in planner.candidates():
        cards = [j.card for j in plan.jobs]
        assert len(cards) == len(set(cards))


def test_plan_orders_respect_the_trains_capacity() -> None:
    jobs = [Job(i, 0, "wine", "Beta", 10, "Alfa") for i in range(3)]
    two = list(sequences(jobs[:2], 2, 0))
    assert len(two) == 6
    for cap, expected in ((3, 90), (2, None)):
        seqs = list(sequences(jobs, cap, 0))
        if expected:
            assert len(seqs) == expected
        for seq in seqs:
            load = 0
            for e in seq:
                load += 1 if e.kind == "P" else -1
                assert 0 <= load <= cap


def test_no_wasted_movement_after_a_pickup() -> None:
    """After picking up, the train goes on along its plan in the same turn."""
    state = _mini_scenario([9, 24], [8, 12, 17, 10])
    bot = Bot("normal", 0, 1)
    seen = []
    for _ in range(6):
        a = bot.next_action(state)
        seen.append(a)
        state = game.apply(state, a)
        if isinstance(a, MoveTrain):
            break
    assert [type(x) for x in seen[:3]] == [PickUp, PickUp, MoveTrain]


# -- whole games --------------------------------------------------------------------------------


def _play(path: str, seed: int, kinds: list[str], max_turn: int) -> tuple[GameState, list]:
    state = _new(path, seed)
    from rail_app.games.italian_rails.game import ITALIAN_RAILS

    bots = [ITALIAN_RAILS.player(k, i, seed) for i, k in enumerate(kinds)]
    record = []
    while state.outcome is None and state.turn <= max_turn:
        acting = state.pending.player if state.pending is not None else state.current
        a = bots[acting].choose(state.seen_by(acting))
        record.append((acting, a, state.phase, state.turn))
        state = game.apply(state, a, inplace=True)
    return state, record


def test_hard_beats_random_in_a_seeded_game() -> None:
    result = play_game(ITALY, 5, ["hard", "random"], turn_cap=150)
    assert result.error is None
    assert result.winner == 0 and not result.capped
    assert result.scores[0] >= 250  # cash (W1)


def test_same_seed_same_actions() -> None:
    _, first = _play(ITALY, 8, ["hard", "normal"], 30)
    _, second = _play(ITALY, 8, ["hard", "normal"], 30)
    assert first == second
    assert len(first) > 100


def test_same_game_again_after_other_games_in_one_process() -> None:
    """What the opponent keeps between calls (cost graphs and their trees per seat, the
    board's step tables, K5 analyses) is keyed on what really decides it: the same seeded
    Hard-against-Hard game played again after games on another map and another seed makes
    the same moves."""
    _, first = _play(ITALY, 12, ["hard", "hard"], 24)
    _play(MINI, 3, ["hard", "normal"], 30)
    _play(ITALY, 13, ["normal", "hard"], 12)
    _, again = _play(ITALY, 12, ["hard", "hard"], 24)
    assert again == first
    assert len(first) > 100  # a real stretch of the game, not its first turns


def test_kept_thinking_decides_as_fresh_thinking() -> None:
    """At the first action of every turn and every fourth action after, a copy of the
    opponent with nothing kept from earlier calls (``clone`` rebuilds its cost graph, trees
    and route) chooses the same action as the opponent that kept them, from turn to turn."""
    state = _new(ITALY, 21)
    bots = [Bot("hard", 0, 21), Bot("hard", 1, 21)]
    checked = 0
    last: tuple[int, int] | None = None
    step = 0
    while state.outcome is None and state.turn <= 22:
        acting = state.pending.player if state.pending is not None else state.current
        step += 1
        fresh = None
        if (state.turn, acting) != last or step % 4 == 0:
            fresh = bots[acting].clone().next_action(state)
            checked += 1
        last = (state.turn, acting)
        a = bots[acting].next_action(state)
        assert fresh is None or a == fresh, f"turn {state.turn}: kept {a}, fresh {fresh}"
        state = game.apply(state, a, inplace=True)
    assert checked > 40


def test_first_placement_is_at_the_plans_pickup_city() -> None:
    state = _new(ITALY, 4)
    bot, other = Bot("hard", 0, 4), RandomPlayer(1, 4)
    while state.outcome is None:
        acting = state.pending.player if state.pending is not None else state.current
        a = (bot if acting == 0 else other).next_action(state)
        if acting == 0 and isinstance(a, PlaceTrain):
            board = state.board
            city = board.city_of_dot[board.dot(a.dot)].name
            plan = bot.plan
            assert plan is not None
            first = plan.events[0]
            assert first.kind == "P"
            assert city == first.city, f"placed at {city}, plan starts at {first.city}"
            return
        state = game.apply(state, a, inplace=True)
    raise AssertionError("the train was never placed")


def test_builds_out_of_major_cities_not_into_them() -> None:
    """The network starts at a major city's outer dot (or at the far port of a ferry taken
    from one, K8) and grows outward: the first turn's segments never end in a major city (5M)
    when building out of it is possible."""
    board = load_board(ITALY)
    for seed in (1, 2, 3):
        _, record = _play(ITALY, seed, ["hard", "random"], 4)
        turns = sorted({t for who, a, _, t in record if who == 0 and isinstance(a, BuildSegment)})
        builds = [a for who, a, _, t in record if who == 0 and isinstance(a, BuildSegment)
                  and t == turns[0]]
        assert builds
        ferried = {d for who, a, _, t in record if who == 0 and t == turns[0]
                   and isinstance(a, BuildFerry)
                   for f in board.ferries if f.name == a.ferry for d in f.ports}
        assert board.dot(builds[0].a) in board.major_of_dot or board.dot(builds[0].a) in ferried
        for a in builds:
            assert board.dot(a.b) not in board.major_of_dot, f"{a} builds into a major city"


def test_after_a_derailment_the_computer_gives_up_its_least_valuable_load() -> None:
    from rail_app.games.italian_rails.rules.state import Load, Pending

    state = _mini_scenario([9, 24], [8, 12, 17, 10])
    state.players[0].loads = [Load("wine", 9, 0), Load("cheese"), Load("wine", 24, 1)]
    state.pending = Pending(0, "derailment_loss", 0)
    action = Bot("hard", 0, 1).next_action(state)
    assert action == ChooseLoss(1, False)


def test_the_connection_plan_joins_every_major_city() -> None:
    from rail_app.games.italian_rails.ai.connect import plan_connection

    state = _mini_scenario([9, 24], [8, 12, 17, 10])
    assert plan_connection(state.seen_by(0), 0).missing == []  # Alfa-Beta already built
    state.owner.clear()
    state.players[0].track.clear()
    conn = plan_connection(state.seen_by(0), 0)
    assert sorted(conn.missing) == ["Alfa", "Beta"] or len(conn.missing) == 1
    assert conn.steps and conn.cost > 0 and not conn.unreachable


def test_simulate_command_prints_one_json_document(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from rail_app.cli import main

    code = main(["simulate", "--games", "1", "--seed", "3", "--players", "hard,random",
                 "--map", MINI, "--json", "--jobs", "1"])
    assert code == 0
    doc = json.loads(capsys.readouterr().out)
    game0 = doc["games"][0]
    assert set(game0) >= {"seed", "winner", "turns", "cash", "error"}
    assert game0["error"] is None and game0["winner"] == 0
    assert set(doc["summary"]) >= {"win_rate", "median_turns", "median_game_s",
                                   "ai_turn_p95_s"}


def test_a_train_stranded_by_a_flood_gets_its_track_back() -> None:
    """Its last segment washed away, the train at Gamma is joined to the network again by
    drawing from the network towards it (K1), so it can go on with its locked load."""
    from rail_app.games.italian_rails.rules.state import Load

    state = _mini_scenario([7, 24], [8, 12, 17, 10])
    board = state.board
    state.owner.clear()
    state.players[0].track.clear()
    gamma = board.cities["Gamma"].centre
    g = board.graph.copy()
    g.remove_edges_from([(u, v) for u, v, k in board.graph.edges(data="kind") if k == "ferry"])
    path = nx.shortest_path(g, board.cities["Beta"].centre, gamma)
    for a, b in zip(path[:-2], path[1:-1], strict=False):
        if not board.edge(a, b).free:
            state.owner[edge_key(a, b)] = 0
            state.players[0].track.add(edge_key(a, b))
    state.players[0].position = gamma
    state.players[0].previous = None
    state.players[0].loads = [Load("marble", 7, 2)]  # Beta wants marble
    state = game.apply(state, EndPhaseAction())
    bot = Bot("hard", 0, 1)
    mine = {d for e in state.players[0].track for d in e}
    first = bot.next_action(state)
    assert isinstance(first, BuildSegment) and board.dot(first.a) in mine
    action = first
    while isinstance(action, BuildSegment):
        state = game.apply(state, action)
        action = bot.next_action(state)
    assert any(gamma in e for e in state.players[0].track)


def test_thinking_happens_once_then_moves_come_at_once() -> None:
    """The app shows "thinking" only when a call has work to do; a whole turn is played
    with play_turn without changing the state it was given."""
    state = _mini_scenario([9, 24], [8, 12, 17, 10])
    bot = Bot("hard", 0, 1)
    assert bot.will_think(state)
    bot.next_action(state)
    assert not bot.will_think(state)
    before = len(state.history)
    actions = Bot("hard", 0, 1).play_turn(state)
    assert len(state.history) == before
    assert actions[-1] == EndTurnAction()


@pytest.mark.slow
def test_no_level_swaps_its_opening_away() -> None:
    """In 50 seeded openings on Italy no level swaps demands (C6) in its first turn unless
    the best plan of its hand and the pool earns under OPENING_SWAP_BELOW per turn."""
    from rail_app.games.italian_rails.ai.bot import OPENING_SWAP_BELOW
    from rail_app.games.italian_rails.rules.actions import SwapDemands

    board = load_board(ITALY)
    deck = load_board_deck(board)
    swaps = 0
    for level in ("easy", "normal", "hard"):
        for seed in range(1, 51):
            state = game.new_game(board, deck, seed=seed)
            bots = [Bot(level, 0, seed), Bot(level, 1, seed)]
            while min(p.turns_taken for p in state.players) < 1:
                acting = state.actor
                first = state.players[acting].turns_taken == 0
                action = bots[acting].next_action(state)
                if first and isinstance(action, SwapDemands):
                    swaps += 1
                    score = bots[acting].swap_score
                    assert score is not None and score < OPENING_SWAP_BELOW, (level, seed)
                state = game.apply(state, action, inplace=True)
    assert swaps <= 15  # a hopeless hand is rare: at most one opening in ten


def test_a_demand_s_ghost_and_suggest_build_no_second_branch() -> None:
    """The cheapest way to serve a demand lays no new segment that its stops do without:
    with any one of its new segments left out, the start, the supplier and the city stay
    joined over the player's track, the free track, the rest of the new track and the ferries
    it takes (a second branch into a city where the train can turn would inflate the cost).
    Suggest's plan holds to the same."""
    import networkx as nx

    from rail_app.core.paths import resource_path
    from rail_app.games.italian_rails.ai.advice import Adviser
    from rail_app.games.italian_rails.game import ITALIAN_RAILS
    from rail_app.games.italian_rails.rules.actions import KeepCards
    from rail_app.games.italian_rails.rules.board import edge_key

    loaded = ITALIAN_RAILS.rules.load_board(str(resource_path("maps", "italy.yaml")))
    checked = 0
    for seed in (1, 2):
        st = ITALIAN_RAILS.rules.new_game(loaded, ["Anna", "Bruno"], {}, seed)
        for _ in range(2):
            st = ITALIAN_RAILS.rules.apply(st, KeepCards(tuple(sorted(st.players[st.current].dealt)[:2])))
        board = st.board
        seat = st.current
        adviser = Adviser()

        def minimal(route: tuple[int, ...], new: tuple[tuple[int, int], ...],
                    terminals: list[int], board: Any = board, st: Any = st) -> bool:
            g = nx.Graph()
            for a, b in zip(route, route[1:], strict=False):
                if board.edge(a, b) is None:
                    g.add_edge(a, b)  # a ferry the way takes
            for e in board.edges.values():
                if e.free or edge_key(e.a, e.b) in st.owner:
                    g.add_edge(e.a, e.b)
            g.add_edges_from(new)
            for e in new:
                g.remove_edge(*e)
                if all(a in g and b in g and nx.has_path(g, a, b)
                       for a, b in zip(terminals, terminals[1:], strict=False)):
                    return False
                g.add_edge(*e)
            return True

        me = st.players[seat]
        for n in [*me.private, *st.pool]:
            for dem in st.deck.card(n).demands:
                r = adviser.demand_route(st, seat, dem.commodity, dem.city)
                if not r.possible or not r.new_track:
                    continue
                src = board.cities[r.supplier] if r.supplier else None
                mid = next(d for d in r.route if src is not None and board.city_of_dot.get(d) is src)
                assert minimal(r.route, r.new_track, [r.route[0], mid, r.route[-1]]), dem
                checked += 1
        a = adviser.suggest(st, seat)
        assert a is not None
        assert minimal(a.route, a.new_track, [a.route[0], *(a.route[i] for i in a.stop_at)])
    assert checked > 40


def test_suggest_after_keeping_serves_a_private_card_when_it_pays_nearly_as_well() -> None:
    """The first Suggest after the cards are kept (C2) starts from a kept card when a plan
    serving one earns at least PRIVATE_SHARE of the best plan's profit a turn (Italy, seed
    2: the best plan serves two public cards, one serving card 28 earns nearly as much)."""
    from rail_app.core.paths import resource_path
    from rail_app.games.italian_rails.ai.advice import Adviser
    from rail_app.games.italian_rails.game import ITALIAN_RAILS
    from rail_app.games.italian_rails.rules.actions import KeepCards

    loaded = ITALIAN_RAILS.rules.load_board(str(resource_path("maps", "italy.yaml")))
    served = 0
    for seed in (2, 4, 5):
        st = ITALIAN_RAILS.rules.new_game(loaded, ["Anna", "Bruno"], {}, seed)
        for _ in range(2):
            st = ITALIAN_RAILS.rules.apply(st, KeepCards(tuple(sorted(st.players[st.current].dealt)[:2])))
        a = Adviser().suggest(st, st.current)
        assert a is not None and a.pays
        served += bool({s.card for s in a.stops} & set(st.players[st.current].private))
    assert served == 3


def test_M3_suggest_states_the_rent_of_the_route_it_shows() -> None:
    """M3: Suggest's figures are those of the route it draws: when that route runs on the
    opponent's track, its rent is at least one 4M fee (a fee for each turn the train enters
    that track), and none when it does not (Italy, seed 1, Hard against Hard: at turn 10 the
    shown route runs over two of the opponent's segments)."""
    from rail_app.core.paths import resource_path
    from rail_app.games.italian_rails.ai.advice import Adviser
    from rail_app.games.italian_rails.game import ITALIAN_RAILS

    loaded = ITALIAN_RAILS.rules.load_board(str(resource_path("maps", "italy.yaml")))
    st = ITALIAN_RAILS.rules.new_game(loaded, ["Anna", "Bruno"], {}, 1)
    bots = [ITALIAN_RAILS.player("hard", i, 1) for i in range(2)]
    fee = st.rules.rental_fee
    seen: set[tuple[int, Phase]] = set()
    on_theirs = 0
    while st.turn <= 11:
        acting = st.pending.player if st.pending is not None else st.current
        if st.pending is None and (st.turn, st.phase) not in seen and \
                st.players[acting].position is not None:
            seen.add((st.turn, st.phase))
            a = Adviser().suggest(st, acting)
            assert a is not None
            theirs = [(x, y) for x, y in zip(a.route, a.route[1:], strict=False)
                      if st.owner.get(edge_key(x, y)) == 1 - acting]
            if theirs:
                on_theirs += 1
                assert a.rent >= fee and a.rent % fee == 0, (st.turn, st.phase, a.rent)
            else:
                assert a.rent == 0, (st.turn, st.phase, a.rent)
        st = ITALIAN_RAILS.rules.apply(st, bots[acting].choose(st.seen_by(acting)))
    assert on_theirs >= 1
