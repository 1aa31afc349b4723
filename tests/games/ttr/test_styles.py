"""The style agents of de Mesentier Silva et al. (``devtools/styles.py``): each plays whole
legal games at 2 and 5 seats; each is honest (handed its seat's view, it chooses alike in
every state its seat cannot tell apart, and never changes the view); each shows its style;
``balance --styles`` plays the mixed 4-player table and reports each style's win share."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rail_app import cli
from rail_app.games.ttr.ai.players import Planner
from rail_app.games.ttr.devtools import styles
from rail_app.games.ttr.rules import engine, views
from rail_app.games.ttr.rules.actions import Action
from rail_app.games.ttr.rules.boundary import load_board
from rail_app.games.ttr.rules.invariants import checker
from rail_app.games.ttr.rules.replay import fingerprint
from rail_app.games.ttr.rules.state import GameState, Step

ROOT = Path(__file__).resolve().parents[3]
EUROPE = str(ROOT / "maps" / "ttr-europe.yaml")
MAX_ACTIONS = 5000


def _play_checked(names: list[str], seed: int) -> GameState:
    """A game between the style agents ``names``, every action checked by the soak's
    checker (quoted legal, the state's invariants kept)."""
    board = load_board(EUROPE)
    state = engine.new_game(board, [f"P{i}" for i in range(len(names))], None, seed)
    players = [styles.style_player(n, s, seed) for s, n in enumerate(names)]
    check = checker(state)
    for _ in range(MAX_ACTIONS):
        if state.step is Step.OVER:
            break
        seat = state.current
        action = players[seat].choose(views.seen_by(state, seat))
        state = check.step(state, action, engine.apply)
    check.end(state, False)
    assert check.violations == []
    return state


@pytest.mark.parametrize("seats", [2, 5])
@pytest.mark.parametrize("name", styles.NAMES)
def test_each_style_agent_plays_whole_legal_games(name: str, seats: int) -> None:
    """A table of the agent alone at 2 seats, and with the three other styles at 5."""
    others = [n for n in styles.NAMES if n != name]
    names = [name] * seats if seats == 2 else [name, *others, name]
    state = _play_checked(names, 11 + seats)
    assert state.final is not None and state.final.reason != "passes"
    assert all(p.turns > 10 for p in state.players)


def test_the_style_agents_are_honest(monkeypatch: pytest.MonkeyPatch) -> None:
    """At every decision of a mixed table, each agent (a copy of it, its generator where it
    was) chooses the same in a state its seat cannot tell from the real one (the deck and
    the others' hands and tickets dealt anew), and leaves its view as it was."""
    board = load_board(EUROPE)
    seed = 7
    names = list(styles.NAMES)
    state = engine.new_game(board, [f"P{i}" for i in range(len(names))], None, seed)
    players = [styles.style_player(n, s, seed) for s, n in enumerate(names)]
    decisions = 0
    for k in range(MAX_ACTIONS):
        if state.step is Step.OVER:
            break
        seat = state.current
        view = views.seen_by(state, seat)
        other = views.seen_by(views.indistinguishable(state, seat, 1000 + k), seat)
        twin = copy.deepcopy(players[seat])
        printed = fingerprint(view)
        action = players[seat].choose(view)
        assert fingerprint(view) == printed, "an agent changed the view it was handed"
        assert twin.choose(other) == action, (names[seat], k)
        state = engine.apply(state, action)
        decisions += 1
    assert state.final is not None and decisions > 200

    # and the mixed table hands each agent its own seat's view, never the game
    handed: list[tuple[int, int | None]] = []
    choose = Planner.choose

    def spy(self: Planner, view: GameState) -> Action:
        handed.append((self.seat, view.viewer))
        return choose(self, view)

    monkeypatch.setattr(Planner, "choose", spy)
    styles.play_styles(board, names, seed)
    assert handed and all(seat == viewer for seat, viewer in handed)


@pytest.fixture(scope="module")
def mixed() -> dict[str, Any]:
    """Each style's figures over 8 mixed 4-player games (each style twice in each seat)."""
    return styles.mixed_figures(styles.run_mixed(EUROPE, 8, 300, jobs=1))


def test_destination_hungry_draws_more_tickets_than_route_focus(
        mixed: dict[str, Any]) -> None:
    hungry, focus = mixed["destination-hungry"], mixed["route-focus"]
    assert hungry["tickets_drawn"] > focus["tickets_drawn"]
    assert hungry["tickets_held"] > focus["tickets_held"] + 1
    assert hungry["tickets_held"] == max(f["tickets_held"] for f in mixed.values())


def test_long_route_exploiter_claims_longer_routes_than_one_step_thinking(
        mixed: dict[str, Any]) -> None:
    long, step = mixed["long-route"], mixed["one-step"]
    assert long["route_length"] > step["route_length"] + 0.5
    assert long["route_length"] == max(f["route_length"] for f in mixed.values())


def test_one_step_thinking_claims_the_shortest_routes_of_its_way() -> None:
    """The same seat, hand and way: One Step Thinking claims the shortest route it can pay,
    the planner the longest."""
    state = engine.new_game(load_board(EUROPE), ["A", "B"], None, 4)
    view = views.seen_by(state, 0)
    view.players[0].hand = [8] * len(view.players[0].hand)
    routes = [r.index for r in view.board.routes if r.kind == "ordinary"]
    step, planner = styles.OneStepThinking(0, 1), Planner(0, 1)
    short, long = step.claim(view, routes, shortest=True), planner.claim(view, routes)
    assert short is not None and long is not None
    length = {r.index: r.length for r in view.board.routes}
    assert length[short.route] == min(length[r] for r in routes)
    assert length[long.route] == max(length[r] for r in routes)


def test_the_mixed_table_rotates_the_seats_and_splits_shared_wins() -> None:
    assert [styles.seating(g)[0] for g in range(4)] == list(styles.NAMES)
    for g in range(8):
        assert sorted(styles.seating(g)) == sorted(styles.NAMES)
    records = [{"styles": list(styles.NAMES), "over": True, "ranks": [1, 1, 3, 4],
                "drawn": [0] * 4, "lengths": [[2]] * 4, "total": [90, 90, 80, 70],
                "completed": [1] * 4, "failed": [0] * 4}]
    figures = styles.mixed_figures(records)
    assert [figures[n]["share"] for n in styles.NAMES] == [50.0, 50.0, 0.0, 0.0]
    low, high = styles.wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-3) and high == pytest.approx(0.7634, abs=1e-3)
    assert styles.wilson(0, 10)[0] == 0.0
    checks = styles.mixed_acceptance(figures, 0)
    assert not checks[0]["ok"] and checks[1]["ok"]
    with pytest.raises(ValueError, match="route-focus"):
        styles.style_player("wizard", 0, 1)


def test_balance_styles_reports_each_styles_share(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["balance", "--game", "ttr", "--styles", "--games", "4", "--seed", "21",
                     "--jobs", "1", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == (0 if doc["met"] else 1)
    assert doc["mode"] == "styles" and doc["games"] == 4 and doc["timeouts"] == 0
    assert set(doc["styles"]) == set(styles.NAMES)
    assert sum(f["share"] for f in doc["styles"].values()) == pytest.approx(100)
    for f in doc["styles"].values():
        assert f["low"] <= f["share"] <= f["high"] and f["seats"] == [1, 1, 1, 1]
    figures = [c["figure"] for c in doc["acceptance"]]
    assert "no style agent wins more than 40 % of mixed 4-player games" in figures
    assert doc["met"] == all(c["ok"] for c in doc["acceptance"])
    assert cli.main(["balance", "--game", "ttr", "--styles", "--games", "0"]) == 2
