"""``python -m rail_app.games.railpass.devtools.soak``: rounds of random legal play on every
configuration, the rules' invariants (DG-D8) checked after every action and every tick by the
table's checker. (The table's ``soak --game railpass`` plays the game's usual configuration,
6CI, with the seats taking turns; this one reaches what that cannot: the eight others,
Dispatcher and the screen's clock.)

The rounds go round the nine configurations and the settings, so that every rule is played:
the Expert stickers every other round, Table rules every third, Dispatcher (one seat, four
hands) every seventh, and every fourth round on the screen's clock with a person in seat 0
who acts at random (mishaps, pause and resume included) beside random computer seats. A
round lasts one or two minutes (rounds may be shorter than the published clock, D-19): the
random players' actions, not the clock, are what the soak counts. ``--long`` plays 10,000.

Exit status 1 when a round raised or broke an invariant.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from rail_app.devtools.pool import worker_pool
from rail_app.games.railpass.rules import engine
from rail_app.games.railpass.rules.actions import Pause, Resume, Tick
from rail_app.games.railpass.rules.candidates import seat_candidates
from rail_app.games.railpass.rules.clock import free_seats
from rail_app.games.railpass.rules.configfile import PUBLISHED, published
from rail_app.games.railpass.rules.invariants import checker
from rail_app.games.railpass.rules.state import Clocking, Mode, RoundState, SeatKind, Settings
from rail_app.games.railpass.rules.view import seen_by
from rail_app.table.actions import Action
from rail_app.table.players import RandomPlayer

MAX_STEPS: Final = 200_000


@dataclass
class SoakReport:
    seed: int
    configuration: str
    settings: str
    finished: bool = False
    actions: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    violations: list[str] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "configuration": self.configuration,
                "settings": self.settings, "finished": self.finished,
                "actions": self.actions, "kinds": self.kinds,
                "violations": self.violations[:20],
                "violation_count": len(self.violations), "error": self.error,
                "seconds": round(self.seconds, 3)}


def settings_of(i: int, seats: int) -> tuple[Settings, str]:
    """The i-th round's settings (see the module docstring)."""
    dispatcher = i % 7 == 6
    n = 1 if dispatcher else seats
    person = i % 4 == 3
    kinds = ((SeatKind.PERSON,) if person else (SeatKind.COMPUTER,)) + \
        (SeatKind.COMPUTER,) * (n - 1)
    s = Settings(mode=Mode.DISPATCHER if dispatcher else Mode.CREW, kinds=kinds,
                 clocking=Clocking.TICKS if person else Clocking.SEATS, tempo=100,
                 table_rules=i % 3 == 0, expert=i % 2 == 1, minutes=1 + i % 2)
    words = "/".join(w for w, on in (("dispatcher", dispatcher), ("person", person),
                                     ("table-rules", s.table_rules), ("expert", s.expert))
                     if on) or "crew"
    return s, f"{words}, {s.minutes} min"


class _AtRandom:
    """A seat acting at random on the screen's clock: a legal action of its seat (a kind at
    random, then one of that kind); a person (seat 0) acts now and then, and pauses now and
    then."""

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = random.Random(seed)
        self.seat = seat

    def act(self, state: RoundState) -> Action | None:
        person = state.kind(self.seat) is SeatKind.PERSON
        if person and state.paused:
            return Resume(0) if self.rng.random() < 0.5 else None
        if person and self.rng.random() < 0.6:
            return None
        if person and self.rng.random() < 0.01:
            return Pause(0)
        by_kind: dict[str, list[Action]] = {}
        for a in seat_candidates(state, self.seat):
            by_kind.setdefault(a.kind, []).append(a)
        kinds = sorted(by_kind)
        self.rng.shuffle(kinds)
        for kind in kinds:
            group = by_kind[kind]
            self.rng.shuffle(group)
            for a in group:
                if engine.quote(state, a).ok:
                    return a
        return None


def soak_round(i: int, seed: int) -> SoakReport:
    cid = PUBLISHED[i % len(PUBLISHED)]
    config = published(cid)
    settings, words = settings_of(i, config.seat_count)
    report = SoakReport(seed, cid, words)
    t0 = time.perf_counter()
    kinds: Counter[str] = Counter()
    check = None
    try:
        state = engine.new_round(config, settings, seed)
        check = checker(state)
        check.violations.extend(check.check(state))
        players = [RandomPlayer(engine.ENGINE, s, seed * 7 + s) for s in range(state.seats)]
        person = _AtRandom(seed, 0) if settings.clocking is Clocking.TICKS else None
        others = [_AtRandom(seed * 7 + s, s) for s in range(state.seats)]

        def step(st: RoundState, action: Action) -> RoundState:
            kinds[action.kind] += 1
            return check.step(st, action, lambda s, a: engine.apply(s, a))

        for _ in range(MAX_STEPS):
            if state.over:
                report.finished = True
                break
            if person is None:
                seat = engine.ENGINE.to_act(state)
                assert seat is not None, "no seat may act in a round that is not over"
                state = step(state, players[seat].choose(seen_by(state, seat)))
                continue
            action = person.act(state)
            if action is not None:
                state = step(state, action)
            if state.paused:
                continue
            for seat in free_seats(state):
                if state.over:
                    break
                choice = others[seat].act(state)
                if choice is not None:
                    state = step(state, choice)
            if not state.over and not state.paused:
                state = step(state, Tick())
        else:
            report.error = f"no end after {MAX_STEPS} actions"
        check.end(state, False)
    except Exception as exc:  # report, never stop the whole run
        tb = traceback.extract_tb(exc.__traceback__)
        where = f" at {tb[-1].filename.split('/')[-1]}:{tb[-1].lineno}" if tb else ""
        report.error = f"{type(exc).__name__}: {exc}{where}"
    if check is not None:
        report.actions = check.actions
        report.violations = list(check.violations)
    report.kinds = dict(sorted(kinds.items()))
    report.seconds = time.perf_counter() - t0
    return report


def _run(job: tuple[int, int]) -> SoakReport:
    return soak_round(*job)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m rail_app.games.railpass.devtools.soak",
                                description=__doc__.split("\n\n")[0])
    arguments(p)
    return p


def arguments(p: argparse.ArgumentParser) -> None:
    """The command's arguments (this module's and ``railpass soak``'s)."""
    p.add_argument("--games", type=int, default=30, help="rounds (default 30)")
    p.add_argument("--long", action="store_const", const=10_000, dest="games",
                   help="10,000 rounds")
    p.add_argument("--seed", type=int, default=1, help="the first round's seed (then +1)")
    p.add_argument("--jobs", type=int, default=1, help="processes working at once")
    p.add_argument("--json", action="store_true", help="print one JSON document")


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(parser().parse_args(argv))


def run_command(args: argparse.Namespace) -> int:
    first = int(args.seed)
    jobs = [(i, first + i) for i in range(int(args.games))]
    if int(args.jobs) > 1 and len(jobs) > 1:
        with worker_pool(int(args.jobs)) as pool:
            reports = list(pool.imap(_run, jobs, chunksize=8))
    else:
        reports = [_run(j) for j in jobs]
    summary = {
        "game": "railpass",
        "games": len(reports),
        "finished": sum(r.finished for r in reports),
        "exceptions": sum(1 for r in reports if r.error),
        "invariant_violations": sum(len(r.violations) for r in reports),
        "actions_checked": sum(r.actions for r in reports),
        "by_configuration": dict(Counter(r.configuration for r in reports)),
        "action_kinds": dict(sorted(sum((Counter(r.kinds) for r in reports),
                                        Counter()).items())),
        "seconds": round(sum(r.seconds for r in reports), 1),
    }
    bad = [r for r in reports if r.error or r.violations]
    if args.json:
        print(json.dumps({"summary": summary, "problems": [r.as_dict() for r in bad[:50]]},
                         indent=1))
    else:
        for r in bad[:20]:
            print(f"seed {r.seed} ({r.configuration}, {r.settings}): "
                  f"{r.error or r.violations[:3]}")
        print("summary: " + json.dumps(summary))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
