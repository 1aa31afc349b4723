"""Rule goldens: short game records, written as data, with the engine's verdict on the
actions that matter (see tests/goldens/README.md for the format).

The test module ``tests/games/italian_rails/test_rule_goldens.py`` runs every case; this module loads the case
files, replays a case and checks it. Run it as a script to help write a case:

    python tests/goldenhelp.py show K5-the-strait-is-the-only-way-to-epsilon
        replays the case and prints every step with the engine's verdict and, at each
        ``expect`` step, the facts it names as the engine has them
    python tests/goldenhelp.py seeds maps/test/mini.yaml [--deck FILE] [--seeds 0-39]
        for each seed: the cards dealt, the events met in the deal, the start player if each
        keeps their two lowest cards, and the top of the draw pile (what the first swap of
        demands, or the first refill of the pool, will draw)
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from rail_app.games.italian_rails.rules import cards, movement  # noqa: E402
from rail_app.games.italian_rails.rules.actions import Action, KeepCards, action_from_dict  # noqa: E402
from rail_app.games.italian_rails.rules.board import Board, edge_key, load_board  # noqa: E402
from rail_app.games.italian_rails.rules.deck import load_board_deck, load_deck  # noqa: E402
from rail_app.games.italian_rails.rules.deckmodel import Deck  # noqa: E402
from rail_app.games.italian_rails.rules.engine import IllegalAction, apply, new_game, quote  # noqa: E402
from rail_app.games.italian_rails.rules.log import EventDrawn, EventSetAside  # noqa: E402
from rail_app.games.italian_rails.rules.quotes import Quote  # noqa: E402
from rail_app.games.italian_rails.rules.state import GameState  # noqa: E402

GOLDENS = ROOT / "tests" / "goldens"
RULES_MD = ROOT / "docs" / "rules.md"
CASE_ID = re.compile(r"^([A-Z][0-9]+)-[a-z0-9]+(-[a-z0-9]+)*$")
STEP_KEYS = {"do", "by", "cost", "refused", "says"}


class GoldenError(Exception):
    """A case file that cannot be read as a golden (a mistake in the data, not the engine)."""


# ---------------------------------------------------------------------------------------------
# Reading cases


@dataclass(frozen=True)
class Step:
    """One line of a case: an action with the verdict expected, or facts to check."""

    number: int  # 1-based, as shown in messages
    action: Action | None = None
    by: str | None = None  # the player acting (name); None: whoever must act now
    refused: tuple[str, ...] | None = None  # the codes of the refusal, or None: legal
    cost: int | None = None  # the cost of a legal action, if it matters
    says: str | None = None  # words the first reason of a refusal contains
    expect: dict[str, Any] | None = None  # facts of the state at this point

    @property
    def label(self) -> str:
        if self.action is None:
            return f"step {self.number} (expect)"
        return f"step {self.number} ({_show_action(self.action)}" + (
            f" by {self.by})" if self.by else ")")


@dataclass(frozen=True)
class Case:
    id: str
    rule: str
    about: str
    map: str
    deck: bool | str
    seed: int
    variants: tuple[str, ...]
    players: tuple[str, str]
    steps: tuple[Step, ...]
    file: str
    found: str = ""  # how the seed was found (event cases)


def _show_action(a: Action) -> str:
    d = a.to_dict()
    kind = d.pop("kind")
    if kind in ("build", "erase") and set(d) == {"a", "b"}:
        return f"{kind} {d['a']}-{d['b']}"
    if kind == "move":
        return "move " + " ".join(d["path"])
    args = " ".join(f"{k}={v}" for k, v in d.items() if v is not None)
    return f"{kind} {args}".strip()


def case_files(folder: Path = GOLDENS) -> list[Path]:
    return sorted(folder.glob("*.yaml"))


def load_cases(folder: Path = GOLDENS) -> list[Case]:
    """Every case of every ``*.yaml`` file in ``folder``, in file order."""
    out: list[Case] = []
    for path in case_files(folder):
        out.extend(load_case_file(path))
    return out


def load_case_file(path: Path) -> list[Case]:
    shown = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise GoldenError(f"{shown}: not valid YAML: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
        raise GoldenError(f"{shown}: a golden file is a mapping with a list of 'cases'")
    return [_case(shown, i, raw) for i, raw in enumerate(data["cases"])]


def _case(shown: str, i: int, raw: Any) -> Case:
    where = f"{shown}: cases[{i}]"
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        raise GoldenError(f"{where}: a case is a mapping with an 'id'")
    cid = raw["id"]
    where = f"{shown}: {cid}"
    m = CASE_ID.match(cid)
    if m is None:
        raise GoldenError(f"{where}: an id is a rule id and a short title in lower case "
                          "words joined by '-', like 'K3-two-major-cities-per-phase'")
    known = {"id", "about", "game", "steps", "found"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise GoldenError(f"{where}: unknown key(s) {unknown}; a case has {sorted(known)}")
    about = raw.get("about")
    if not isinstance(about, str) or not about.strip():
        raise GoldenError(f"{where}: 'about' must say what the rule is and what the game "
                          "shows")
    game = raw.get("game")
    if not isinstance(game, dict):
        raise GoldenError(f"{where}: 'game' must give map, deck and seed")
    gknown = {"map", "deck", "seed", "variants", "players"}
    unknown = sorted(set(game) - gknown)
    if unknown:
        raise GoldenError(f"{where}: game: unknown key(s) {unknown}; it has {sorted(gknown)}")
    if not isinstance(game.get("map"), str):
        raise GoldenError(f"{where}: game.map is the map file, from the project folder")
    deck = game.get("deck", False)
    if not isinstance(deck, (bool, str)):
        raise GoldenError(f"{where}: game.deck is true (the map's deck), false (no cards) "
                          "or a deck file")
    seed = game.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise GoldenError(f"{where}: game.seed must be a whole number")
    variants = game.get("variants", [])
    players = game.get("players", ["Anna", "Bruno"])
    if not isinstance(variants, list) or not isinstance(players, list) or len(players) != 2:
        raise GoldenError(f"{where}: game.variants is a list; game.players two names")
    steps_raw = raw.get("steps")
    if not isinstance(steps_raw, list) or not steps_raw:
        raise GoldenError(f"{where}: 'steps' must list the actions and checks")
    steps = tuple(_step(where, n, s, tuple(players)) for n, s in enumerate(steps_raw, 1))
    if not any(s.refused is not None or s.cost is not None or s.expect is not None
               for s in steps):
        raise GoldenError(f"{where}: the case checks nothing: give a step a 'cost', a "
                          "'refused' or an 'expect'")
    return Case(cid, m.group(1), about.strip(), game["map"], deck, seed,
                tuple(str(v) for v in variants), (str(players[0]), str(players[1])), steps,
                shown, str(raw.get("found", "")).strip())


def _step(where: str, n: int, raw: Any, players: tuple[str, ...]) -> Step:
    at = f"{where}: steps[{n - 1}]"
    if not isinstance(raw, dict):
        raise GoldenError(f"{at}: a step is an action mapping, a 'do' mapping or an 'expect'")
    if "expect" in raw:
        if set(raw) != {"expect"} or not isinstance(raw["expect"], dict):
            raise GoldenError(f"{at}: an 'expect' step holds only a mapping of facts")
        _check_fact_names(at, raw["expect"], players)
        return Step(n, expect=raw["expect"])
    if "do" not in raw:
        return Step(n, action=_action(at, raw))
    unknown = sorted(set(raw) - STEP_KEYS)
    if unknown:
        raise GoldenError(f"{at}: unknown key(s) {unknown}; a 'do' step has "
                          f"{sorted(STEP_KEYS)}")
    action = _action(at, raw["do"])
    by = raw.get("by")
    if by is not None and by not in players:
        raise GoldenError(f"{at}: 'by' names a player: {' or '.join(players)}")
    refused = raw.get("refused")
    if refused is not None:
        if isinstance(refused, str):
            refused = [refused]
        if not isinstance(refused, list) or not refused:
            raise GoldenError(f"{at}: 'refused' lists the codes of the refusal, like [K5]")
        if "cost" in raw:
            raise GoldenError(f"{at}: a refused action has no 'cost'")
        refused = tuple(str(r) for r in refused)
    cost = raw.get("cost")
    if cost is not None and (isinstance(cost, bool) or not isinstance(cost, int)):
        raise GoldenError(f"{at}: 'cost' must be a whole number")
    says = raw.get("says")
    if says is not None and refused is None:
        raise GoldenError(f"{at}: 'says' checks the words of a refusal; add 'refused'")
    return Step(n, action=action, by=by, refused=refused, cost=cost,
                says=None if says is None else str(says))


def _action(at: str, raw: Any) -> Action:
    try:
        return action_from_dict(raw)
    except ValueError as exc:
        raise GoldenError(f"{at}: {exc}") from None


# ---------------------------------------------------------------------------------------------
# Facts: what an ``expect`` step may check


def _dot_key(board: Board, d: int | None) -> str | None:
    return None if d is None else board.key(d)


def _load_text(load: Any) -> str:
    return load.commodity if load.card is None else f"{load.commodity} {load.card}/{load.demand}"


def _player_of(state: GameState, index: int | None) -> str | None:
    return None if index is None else state.players[index].name


def _city(state: GameState, player: int) -> str | None:
    d = state.players[player].position
    city = None if d is None else state.board.city_of_dot.get(d)
    return None if city is None else city.name


def _aboard(state: GameState, player: int) -> str | None:
    f = state.players[player].aboard
    return None if f is None else state.board.ferries[f].name


PLAYER_FACTS: dict[str, Callable[[GameState, int], Any]] = {
    "cash": lambda s, i: s.players[i].cash,
    "loco": lambda s, i: s.players[i].loco,
    "position": lambda s, i: _dot_key(s.board, s.players[i].position),
    "city": _city,
    "aboard": _aboard,
    "loads": lambda s, i: [_load_text(x) for x in s.players[i].loads],
    "private": lambda s, i: sorted(s.players[i].private),
    "dealt": lambda s, i: sorted(s.players[i].dealt),
    "ferries": lambda s, i: sorted(s.board.ferries[f].name for f in s.players[i].ferries),
    "segments": lambda s, i: len(s.players[i].track),
    "segments_drawn": lambda s, i: s.players[i].segments_drawn,
    "turns_taken": lambda s, i: s.players[i].turns_taken,
    "lose_turns": lambda s, i: s.players[i].lose_turns,
    "loan_due": lambda s, i: s.players[i].loan_due,
    "deliveries": lambda s, i: s.players[i].deliveries,
    "connects_majors": lambda s, i: cards.connects_all_majors(s, i),
}


SEGMENT = re.compile(r"^(-?[0-9]+,-?[0-9]+)-(-?[0-9]+,-?[0-9]+)$")


def _segment_owners(state: GameState, wanted: Any) -> dict[str, str | None]:
    """Who owns each segment named "a-b" (dots as in actions: "-3,10--4,11"), or None."""
    out: dict[str, str | None] = {}
    for seg in wanted:
        m = SEGMENT.match(str(seg))
        ends = [state.board.find_dot(k) for k in m.groups()] if m else []
        if len(ends) != 2 or None in ends:
            raise GoldenError(f"track: {seg!r} is not a segment 'a-b' of two dots of the map")
        key = edge_key(*(d for d in ends if d is not None))
        out[seg] = _player_of(state, state.owner.get(key))
    return out


GAME_FACTS: dict[str, Callable[[GameState], Any]] = {
    "phase": lambda s: str(s.phase),
    "turn": lambda s: s.turn,
    "current": lambda s: s.players[s.current].name,
    "pending": lambda s: _player_of(s, s.pending.player if s.pending else None),
    "moves_left": lambda s: movement.moves_left(s, s.current),
    "pool": lambda s: sorted(s.pool),
    "pool_size": lambda s: len(s.pool),
    "unlocked": lambda s: len(cards.unlocked_pool(s)),
    "discard": lambda s: sorted(s.discard),
    "draw_pile": lambda s: len(s.draw_pile),
    "events": lambda s: sorted(ev.kind for ev in s.events),
    "drawn_events": lambda s: [str(s.deck.card(e.event.card).event) for e in s.log
                               if isinstance(e.event, EventDrawn)],
    "washed_out": lambda s: sorted(f"{s.board.key(w.edge[0])}-{s.board.key(w.edge[1])}"
                                   for w in s.washed_out),
    "cash_public": lambda s: s.cash_public,
    "end_triggered_by": lambda s: _player_of(s, s.end_triggered_by),
    "winner": lambda s: _player_of(s, s.outcome.winner if s.outcome else None),
}
#: facts whose expected value says which things to look at: {"3,1-4,1": Anna, ...}
KEYED_FACTS = {"track": _segment_owners}


def _check_fact_names(at: str, wanted: dict[str, Any], players: tuple[str, ...]) -> None:
    for key, value in wanted.items():
        if key in players:
            if not isinstance(value, dict):
                raise GoldenError(f"{at}: expect.{key} is a mapping of player facts")
            for k in value:
                if k not in PLAYER_FACTS:
                    raise GoldenError(f"{at}: unknown player fact {k!r}; known: "
                                      f"{', '.join(PLAYER_FACTS)}")
        elif key in KEYED_FACTS:
            if not isinstance(value, dict):
                raise GoldenError(f"{at}: expect.{key} maps segments 'a-b' to an owner")
        elif key not in GAME_FACTS:
            raise GoldenError(f"{at}: unknown fact {key!r}; known: {', '.join(GAME_FACTS)}, "
                              f"{', '.join(KEYED_FACTS)} and the players' names ("
                              f"{', '.join(PLAYER_FACTS)})")


def facts(state: GameState, wanted: dict[str, Any]) -> dict[str, Any]:
    """The engine's values of the facts named in ``wanted`` (same shape)."""
    names = [p.name for p in state.players]
    out: dict[str, Any] = {}
    for key, value in wanted.items():
        if key in names:
            i = names.index(key)
            out[key] = {k: PLAYER_FACTS[k](state, i) for k in value}
        elif key in KEYED_FACTS:
            out[key] = KEYED_FACTS[key](state, value)
        else:
            out[key] = GAME_FACTS[key](state)
    return out


# ---------------------------------------------------------------------------------------------
# Replaying a case


def _path(name: str) -> Path:
    p = Path(name)
    return p if p.is_absolute() else ROOT / p


def game_deck(case: Case, board: Board) -> Deck | None:
    if case.deck is False:
        return None
    if case.deck is True:
        return load_board_deck(board)
    return load_deck(_path(case.deck), board)


def start(case: Case) -> GameState:
    board = load_board(_path(case.map))
    return new_game(board, game_deck(case, board), seed=case.seed, names=case.players,
                    variants=case.variants)


def _snapshot(state: GameState) -> dict[str, Any]:
    out = {f.name: copy.deepcopy(getattr(state, f.name)) for f in fields(state)
           if f.name not in ("board", "deck", "rng", "undo")}
    out["rng"] = state.rng.getstate()
    return out


def _verdict(q: Quote) -> str:
    if q.ok:
        return f"legal, cost {q.cost}"
    return f"refused {q.rules}: {q.headline}"


@dataclass
class Trace:
    """What happened at one step, for ``show`` and for failure messages."""

    step: Step
    quote: Quote | None = None
    facts: dict[str, Any] | None = None
    problem: str = ""


def replay(case: Case) -> Iterator[Trace]:
    """Replay ``case`` step by step; each trace says what the engine did and what, if
    anything, differs from the case. Stops after the first step that does not replay."""
    state = start(case)
    names = list(case.players)
    for step in case.steps:
        if step.expect is not None:
            got = facts(state, step.expect)
            diff = _differences(step.expect, got)
            yield Trace(step, facts=got, problem="; ".join(diff))
            continue
        assert step.action is not None
        player = names.index(step.by) if step.by is not None else None
        q = quote(state, step.action, player)
        problem = ""
        if step.refused is None:
            if not q.ok:
                problem = f"expected a legal action, the engine says {_verdict(q)}"
            elif step.cost is not None and q.cost != step.cost:
                problem = f"expected cost {step.cost}, the engine says {q.cost}"
        elif q.ok or set(q.rules) != set(step.refused):
            problem = f"expected refused {list(step.refused)}, the engine says {_verdict(q)}"
        elif step.says is not None and step.says not in q.headline:
            problem = f"expected the reason to say {step.says!r}; it says {q.headline!r}"
        if q.ok and not problem:
            state = apply(state, step.action, player)
        elif not q.ok and not problem:
            before = _snapshot(state)
            try:
                apply(state, step.action, player, inplace=True)
                problem = "quote refuses the action but apply carries it out"
            except IllegalAction:
                if _snapshot(state) != before:
                    problem = "a refused action changed the game"
        yield Trace(step, quote=q, problem=problem)
        if problem:
            return


def _differences(want: dict[str, Any], got: dict[str, Any], prefix: str = "") -> list[str]:
    out: list[str] = []
    for k, v in want.items():
        g = got.get(k)
        if isinstance(v, dict) and isinstance(g, dict):
            out.extend(_differences(v, g, f"{prefix}{k}."))
        elif v != g:
            out.append(f"{prefix}{k}: expected {v!r}, the engine has {g!r}")
    return out


def check(case: Case) -> None:
    """Replay the case; AssertionError naming the step and what differs."""
    for t in replay(case):
        if t.problem:
            raise AssertionError(f"{case.id} ({case.file}), {t.step.label}: {t.problem}")


# ---------------------------------------------------------------------------------------------
# Rule ids of RULES.md


def rule_ids(text: str) -> list[str]:
    """The rule ids defined in RULES.md: the bold ids that start its list items."""
    return re.findall(r"^- \*\*([A-Z][0-9]+)\b", text, flags=re.MULTILINE)


# ---------------------------------------------------------------------------------------------
# Command line


def _show(case_id: str) -> int:
    cases = {c.id: c for c in load_cases()}
    case = cases.get(case_id)
    if case is None:
        near = [c for c in cases if case_id.lower() in c.lower()]
        print(f"no case {case_id!r}" + (f"; did you mean {', '.join(near)}?" if near else ""))
        return 2
    print(f"{case.id} ({case.file}): {case.map}, deck {case.deck}, seed {case.seed}"
          + (f", variants {list(case.variants)}" if case.variants else ""))
    ok = True
    for t in replay(case):
        if t.facts is not None:
            line = f"{t.step.number:3d}. expect {t.facts}"
        else:
            assert t.quote is not None and t.step.action is not None
            line = f"{t.step.number:3d}. {_show_action(t.step.action)}: {_verdict(t.quote)}"
        print(line + (f"\n     !! {t.problem}" if t.problem else ""))
        ok = ok and not t.problem
    return 0 if ok else 1


def _seeds(map_name: str, deck_name: str | None, seeds: range, top: int) -> int:
    board = load_board(_path(map_name))
    deck = load_deck(_path(deck_name), board) if deck_name else load_board_deck(board)
    kind = {n: (c.event or "") for n, c in deck.cards.items()}
    for seed in seeds:
        s = new_game(board, deck, seed=seed)
        met = [kind[e.event.card] for e in s.log
               if isinstance(e.event, (EventDrawn, EventSetAside))]
        dealt = [list(p.dealt) for p in s.players]
        for p in dealt:
            s = apply(s, KeepCards(tuple(p[:2])))
        pile = [f"{n}:{kind[n]}" if kind[n] else str(n) for n in s.draw_pile[::-1][:top]]
        print(f"seed {seed}: dealt {dealt[0]} / {dealt[1]}; events in the deal {met or '-'}; "
              f"start {s.players[s.current].name}; top {' '.join(pile)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    sh = sub.add_parser("show", help="replay one case, printing every verdict")
    sh.add_argument("case")
    se = sub.add_parser("seeds", help="what each seed deals and puts on top of the deck")
    se.add_argument("map")
    se.add_argument("--deck", help="a deck file (default: the map's deck)")
    se.add_argument("--seeds", default="0-39", help="a range like 0-39")
    se.add_argument("--top", type=int, default=8, help="how many cards of the pile to show")
    args = ap.parse_args(argv)
    try:
        if args.command == "show":
            return _show(args.case)
        lo, _, hi = args.seeds.partition("-")
        return _seeds(args.map, args.deck, range(int(lo), int(hi or lo) + 1), args.top)
    except GoldenError as exc:
        print(exc)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
