"""What the post-game review counts as played: the best plan's profit and what the seat made
over the same whole turns, and track built for a delivery still to come kept at its cost
when the best plan from where the turns ended runs over it (Italian Rails' advisor)."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

import pytest

from rail_app.core.paths import resource_path
from rail_app.devtools.replaybench import computer_game
from rail_app.games.italian_rails.rules import log as ev
from rail_app.games.italian_rails.rules.board import edge_key
from rail_app.table import registry
from rail_app.table.review import own_turns, review
from rail_app.table.timeline import Timeline

MINI = str(resource_path("maps", "test", "mini.yaml"))
IR = registry.game("italian-rails")


def _advisor() -> Any:
    """Italian Rails' advisor, as the review makes it."""
    return IR.advisor()


@pytest.fixture(scope="module")
def timeline() -> Timeline:
    board, final, names, actions = computer_game("italian-rails", MINI, 12)
    return Timeline(IR, board, names, IR.rules.options_of(final), 5, actions)


@dataclass(frozen=True)
class Scripted:
    per_turn: float
    turns: float
    position: str  # the fingerprint of the view it was made for


def test_a_plan_is_compared_over_the_same_whole_turns_with_what_comes_after_it(
        timeline: Timeline) -> None:
    """A plan of one and a half turns at 20 a turn makes 30, 15 a turn over the two turns a
    seat needs for it: a seat that made 30 in those two turns left nothing on the table. What
    the seat made is counted knowing the best plan from the position the two turns reached
    (here it keeps the 20 of track that plan uses)."""
    handed: list[tuple[Any, Any, Any]] = []

    class Advisor:
        def suggest(self, view: Any, seat: int) -> Scripted:
            return Scripted(20.0, 1.5, IR.rules.fingerprint(view))

        def earned(self, before: Any, after: Any, seat: int, ahead: Any = None,
                   end: Any = None) -> int:
            assert IR.rules.fingerprint(end) == IR.rules.fingerprint(timeline.state_at(timeline.last))
            handed.append((before, after, ahead))
            # a delivery of 30, and 20 of track the plan ahead uses: kept at its cost
            return 30 - 20 + (20 if ahead is not None else 0)

    turns = review(timeline, 0, Advisor)
    starts = own_turns(timeline, 0)
    assert len(turns) >= 8 and len(handed) == len(turns)
    for t, (before, after, ahead) in zip(turns, handed, strict=True):
        i = starts.index(t.position)
        window = min(2, len(starts) - i)
        assert IR.rules.fingerprint(before) == IR.rules.fingerprint(timeline.state_at(t.position))
        end = starts[i + 2] if i + 2 < len(starts) else timeline.last
        assert IR.rules.fingerprint(after) == IR.rules.fingerprint(timeline.state_at(end))
        assert ahead is not None
        assert ahead.position == IR.rules.fingerprint(IR.rules.seen_by(timeline.state_at(end), 0))
        assert t.best == pytest.approx(20.0 * min(1.5, window) / window)
        assert t.played == pytest.approx(30 / window)
        if window == 2:
            assert t.best == pytest.approx(15.0) and t.gap == pytest.approx(0.0)


def _built_turns(timeline: Timeline, seat: int) -> list[tuple[int, int, dict[Any, int]]]:
    """(start, end, {segment: cost}) of each turn of ``seat`` that built track it kept."""
    starts = own_turns(timeline, seat)
    out = []
    for k, end in zip(starts, [*starts[1:], timeline.last], strict=True):
        before, after = timeline.state_at(k), timeline.state_at(end)
        built = {edge_key(e.event.a, e.event.b): e.event.cost
                 for e in after.log[len(before.log):]
                 if e.player == seat and isinstance(e.event, ev.SegmentBuilt)}
        kept = {key: c for key, c in built.items() if key in after.players[seat].track}
        if kept:
            out.append((k, end, kept))
    return out


def test_track_the_best_plan_from_there_runs_over_is_kept_at_its_cost(
        timeline: Timeline) -> None:
    """A turn's building toward a delivery after it is not money lost when the best plan
    from where the turn ended runs over it; track that plan does not use still is."""
    adviser = _advisor()
    checked = 0
    for seat in (0, 1):
        for k, end, kept in _built_turns(timeline, seat):
            before, after = timeline.state_at(k), timeline.state_at(end)
            plan = _advisor().suggest(IR.rules.seen_by(after, seat), seat)
            if plan is None:
                continue
            spent = adviser.earned(before, after, seat)
            assert adviser.earned(before, after, seat, None) == spent
            # the plan ahead runs over one of the new segments, and nowhere else new
            (a, b), cost = next(iter(kept.items()))
            over_one = dataclasses.replace(plan, route=(a, b), seat=seat)
            assert adviser.earned(before, after, seat, over_one) == spent + cost
            over_all = dataclasses.replace(plan, route=tuple(
                d for key in kept for d in key), seat=seat)
            assert adviser.earned(before, after, seat, over_all) >= spent + cost
            elsewhere = dataclasses.replace(plan, route=(), seat=seat)
            assert adviser.earned(before, after, seat, elsewhere) == spent
            assert adviser.earned(before, after, seat, elsewhere, after) == spent
            checked += 1
    assert checked >= 3


def test_track_the_seat_later_runs_over_to_a_delivery_is_kept_at_its_cost(
        timeline: Timeline) -> None:
    """Without a plan ahead, a turn's new track is kept at its cost exactly when the seat's
    own train later runs over it on the way to one of its deliveries in the record."""
    from rail_app.games.italian_rails.rules.actions import Deliver, MoveTrain

    adviser = _advisor()
    final = timeline.state_at(timeline.last)
    board = final.board
    kept_some = 0
    for seat in (0, 1):
        for k, end, kept in _built_turns(timeline, seat):
            before, after = timeline.state_at(k), timeline.state_at(end)
            spent = adviser.earned(before, after, seat)
            later = adviser.earned(before, after, seat, None, final)
            # the segments of every later move of the seat up to its last delivery
            acts = [a for p, a in final.history[len(after.history):] if p == seat]
            last = max((i for i, a in enumerate(acts) if isinstance(a, Deliver)), default=-1)
            runs = set()
            for a in acts[:last]:
                if isinstance(a, MoveTrain):
                    dots = [board.dot(x) for x in a.path]
                    runs |= {edge_key(x, y) for x, y in zip(dots, dots[1:], strict=False)}
            inner = sum(c for key, c in kept.items() if key in runs)
            assert spent + inner <= later <= spent + sum(kept.values())
            kept_some += later > spent
    assert kept_some >= 2


def test_a_turn_building_for_the_plan_after_it_is_not_a_large_gap(timeline: Timeline) -> None:
    """In the whole review, a turn of one seat whose only spending is track the best plan
    from the end of the turns it covers runs over is not charged for it: what it played is
    not below what it delivered less rent."""
    turns = {t.position: t for t in review(timeline, 0)}
    starts = own_turns(timeline, 0)
    found = 0
    for k, end, kept in _built_turns(timeline, 0):
        t = turns.get(k)
        if t is None or math.ceil(t.plan.turns - 1e-9) != 1:
            continue
        after = timeline.state_at(end)
        ahead = _advisor().suggest(IR.rules.seen_by(after, 0), 0) if IR.rules.outcome(after) is None \
            else None
        if ahead is None:
            continue
        on_route = {edge_key(a, b) for a, b in zip(ahead.route, ahead.route[1:], strict=False)}
        if not set(kept) <= on_route:
            continue
        before = timeline.state_at(k)
        delivered = sum(e.event.payoff for e in after.log[len(before.log):]
                        if e.player == 0 and isinstance(e.event, ev.Delivered))
        mine = [e.event for e in after.log[len(before.log):] if e.player == 0]
        paid = sum(e.cost for e in mine if isinstance(e, ev.BuildingPaid)) + sum(
            e.fee for e in mine if isinstance(e, ev.RentPaid))
        assert k in starts
        assert t.played >= delivered - paid + sum(kept.values())
        found += 1
    assert found >= 1


def test_the_advisor_asked_again_without_a_key_answers_for_the_new_position(
        timeline: Timeline) -> None:
    """Italian Rails' advisor (one object asked about several positions, as Suggest's is)
    gives each position the answer a new advisor gives it, not the first position's."""
    adviser = _advisor()
    assert adviser is not None
    answers = []
    for k in own_turns(timeline, 0)[2:8]:
        view = IR.rules.seen_by(timeline.state_at(k), 0)
        got = adviser.suggest(view, 0)
        assert got == _advisor().suggest(view, 0)
        assert adviser.suggest(view, 0) == got  # the same position again: the same answer
        answers.append(got)
    assert len({(a.route, a.per_turn) for a in answers if a is not None}) >= 3


def test_a_steam_seat_is_reviewed_on_every_turn_it_plays_not_only_those_it_opens() -> None:
    """In Steam every seat plays in each game turn (its rounds): the review asks about each
    seat's first decision of every turn, whichever seat opened it."""
    steam = registry.game("steam")
    small = str(resource_path("maps", "test", "steam-small.yaml"))
    board, final, names, actions = computer_game("steam", small, 3)
    tl = Timeline(steam, board, names, steam.rules.options_of(final), 5, actions)
    opened = [steam.rules.to_act(tl.state_at(k)) for k in tl.turn_starts]
    for seat in range(len(names)):
        starts = own_turns(tl, seat)
        turns = [tl.turn_at(k) for k in starts]
        acted = sorted({tl.turn_at(k) for k, (s, _) in enumerate(tl.actions) if s == seat})
        assert turns == acted, (seat, turns, acted)
        assert all(tl.actions[k][0] == seat for k in starts)
        # more turns than the seat opened: the others opened some of them
        assert len(starts) > opened.count(seat)


def _steam_game(turns: int) -> Timeline:
    """A Steam game on the small map: seat 0 plays the advisor's every choice, seat 1 passes
    whenever it may (the first legal action tile, no track, no goods), seat 2 is Easy."""
    from rail_app.games.steam.ai.advisor import suggest
    from rail_app.games.steam.rules.actions import (
        ChooseTile,
        EndBuild,
        ForgoSpecial,
        PassBid,
        PassMove,
    )

    steam = registry.game("steam")
    board = steam.rules.load_board(str(resource_path("maps", "test", "steam-small.yaml")))
    names = ["Adv", "Pass", "Easy"]
    state = steam.rules.new_game(board, names, {}, 5)
    easy = steam.player("easy", 2, 7)
    while steam.rules.outcome(state) is None and min(steam.rules.turns_taken(state)) < turns:
        seat = steam.rules.to_act(state)
        assert seat is not None
        view = steam.rules.seen_by(state, seat)
        if seat == 0:
            action = suggest(view, 0).action
        elif seat == 1:
            legal = steam.rules.legal_actions(view)
            passes = [a for a in legal if isinstance(a, (PassBid, EndBuild, ForgoSpecial,
                                                         PassMove))]
            tiles = [a for a in legal if isinstance(a, ChooseTile)]
            action = (passes or tiles or legal)[0]
        else:
            action = easy.choose(view)
        state = steam.rules.apply(state, action, seat)
    return Timeline(steam, board, names, steam.rules.options_of(state), 5, steam.rules.history(state))


def test_a_steam_review_weighs_each_decision_in_one_measure() -> None:
    """Steam's review weighs the seat's decisions against the advisor's from the same
    positions, in VP-equivalent: a seat that played every choice the advisor made has no
    gap, a seat that built nothing and moved nothing lost something every turn, and each
    turn's best figure is what was played plus the gap."""
    tl = _steam_game(4)
    followed = review(tl, 0)
    passed = review(tl, 1)
    assert len(followed) >= 4 and len(passed) >= 4
    assert all(abs(t.gap) < 1e-6 for t in followed), [t.gap for t in followed]
    assert all(t.gap > 0.5 for t in passed), [t.gap for t in passed]
    for t in passed:
        assert math.isclose(t.best, t.played + t.gap)
        # the turn points at the seat's own decision that lost most
        assert tl.actions[t.position][0] == 1
        assert t.plan.seat == 1


def test_a_marked_steam_turn_is_said_in_one_sentence_in_vp() -> None:
    """The replay's sentence on a marked Steam turn says what the advisor would have done and
    what the turn lost in VP (not in money a turn), in English and in Spanish."""
    from rail_app.core import i18n
    from rail_app.games.steam.ai.advisor import Advice, GhostRoute
    from rail_app.games.steam.rules.actions import ChooseTile, MoveCube
    from rail_app.games.steam.rules.board import Colour
    from rail_app.games.steam.rules.state import ActionTile
    from rail_app.ui.replaydraw import GenericReplay

    steam = registry.game("steam")
    small = str(resource_path("maps", "test", "steam-small.yaml"))
    board = steam.rules.load_board(small)
    state = steam.rules.new_game(board, ["A", "B", "C"], {}, 5)
    state.turn = 4
    parts = GenericReplay(steam, small)
    assert parts.review_words is not None
    tile = Advice(0, "choose", ChooseTile(ActionTile.URBAN_GROWTH), tile=5)
    city, other = (state.board.key(c.hex) for c in state.board.cities[:2])
    names = [c.name for c in state.board.cities[:2]]
    move = Advice(0, "move", MoveCube(city, Colour.BLUE, (other,), (0,)),
                  route=GhostRoute(city, "blue", (other,), (1, 0, 0)))
    assert parts.explain(board, state, tile, 3.04) == (
        "Turn 4: taking Urban Growth would have been worth 3.0 VP more than what you did.")
    said = parts.explain(board, state, move, 2.5)
    assert said == (f"Turn 4: delivering blue from {names[0]} to {names[1]} would have been "
                    "worth 2.5 VP more than what you did."), said
    assert parts.review_words.heading(2.5) == "Review: 2.5 VP lost this turn"
    i18n.set_language("es")
    said = parts.explain(board, state, tile, 3.04)
    assert said.startswith("Turno 4: ") and "PV" in said and "3,0" in said, said
    assert "Urban Growth" not in said and "taking" not in said, said
    said = parts.explain(board, state, move, 2.5)
    assert "azul" in said and names[0] in said and "2,5 PV" in said, said
