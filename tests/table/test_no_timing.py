"""No test times itself (DESIGN.md habit 21): a test may bound a hang, generously, but never
fails because the machine is busy. How fast things are is ``python -m rail_app bench``'s,
as ratios against a baseline measured in the same run (docs/benchmarks.md).

These tests read every test module: none reads a clock that measures time (``time.time``
is for the dates of files), none compares a duration with a limit, every wait is the one
hang guard of ``tests/waiting.py``, and hypothesis sets no deadline.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import hypothesis

from tests.waiting import HANG_S

TESTS = Path(__file__).resolve().parents[1]
#: The one module that reads a clock: the hang guard's.
GUARD = TESTS / "waiting.py"
#: Clocks that measure how long something took.
CLOCKS = {"perf_counter", "perf_counter_ns", "process_time", "process_time_ns", "monotonic",
          "monotonic_ns", "thread_time", "thread_time_ns", "get_ticks", "tick"}
#: Names of figures that are durations (``seconds``, ``turn_cpu_s``, ``frame_ms``...).
DURATION = re.compile(r"(^|_)(sec|secs|seconds|cpu|wall|elapsed|took|duration)(_|$)|.+_m?s$")


def _modules() -> dict[Path, ast.Module]:
    """Every test module and helper, in every folder of the tests; not the games the tests
    put on the table (a package: its screen's pacer ticks as every game screen's does)."""
    return {p: ast.parse(p.read_text(encoding="utf-8"), str(p))
            for p in sorted(TESTS.rglob("*.py"))
            if p != GUARD and not (p.parent / "__init__.py").is_file()}


def _names(node: ast.AST) -> set[str]:
    """The names, attributes and string keys an expression is made of."""
    out: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            out.add(sub.id)
        elif isinstance(sub, ast.Attribute):
            out.add(sub.attr)
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str) and \
                sub.value.isidentifier():
            out.add(sub.value)
    return out


def _is_duration(node: ast.AST) -> bool:
    """Whether ``node`` is a figure of time (not a set or a list of names, say of keys)."""
    if isinstance(node, (ast.Set, ast.SetComp, ast.Dict, ast.List, ast.ListComp)) or (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("set", "frozenset", "list", "sorted", "len")):
        return False
    return any(DURATION.search(name.lower()) for name in _names(node))


def test_no_test_reads_a_clock_that_measures_time() -> None:
    found = []
    for path, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in CLOCKS and not (
                    node.attr == "tick" and "clock" not in ast.unparse(node.value).lower()):
                # (a pygame Clock's tick waits and measures; a pacer's tick(dt) is handed
                # the frame's time)
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
            if isinstance(node, ast.ImportFrom) and node.module == "time":
                found += [f"{path.name}:{node.lineno}: from time import {a.name}"
                          for a in node.names if a.name in CLOCKS]
    assert found == []


def test_no_test_bounds_a_duration() -> None:
    """No assertion says a duration is below a limit (``seconds < 5``, ``s["cpu_s"] <= 3``,
    ``10 > took``); saying one was measured (``> 0``) is fine."""
    found = []
    for path, tree in _modules().items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Assert):
                continue
            for cmp in (n for n in ast.walk(node.test) if isinstance(n, ast.Compare)):
                sides = [cmp.left, *cmp.comparators]
                for (left, op, right) in zip(sides, cmp.ops, sides[1:], strict=False):
                    upper = (isinstance(op, (ast.Lt, ast.LtE)) and _is_duration(left)) or \
                        (isinstance(op, (ast.Gt, ast.GtE)) and _is_duration(right))
                    if upper:
                        found.append(f"{path.name}:{node.lineno}: {ast.unparse(cmp)}")
    assert found == []


def test_every_wait_of_a_test_is_the_hang_guard() -> None:
    """A test that waits for a program, a process or a thread gives it :data:`HANG_S`,
    never a limit of its own that a busy machine could reach."""
    found = []
    for path, tree in _modules().items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            limits = [k.value for k in node.keywords if k.arg in ("timeout", "hang_s")]
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else \
                func.id if isinstance(func, ast.Name) else ""
            if name == "wait" and node.args:  # an Event's, a Backdrop's
                limits.append(node.args[0])
            for limit in limits:
                if not (isinstance(limit, ast.Name) and limit.id == "HANG_S"):
                    found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)[:90]}")
    assert found == []
    assert HANG_S >= 600  # ten minutes: beyond any busy machine, a hang all the same


def test_hypothesis_sets_no_deadline() -> None:
    assert hypothesis.settings.default.deadline is None
    assert hypothesis.HealthCheck.too_slow in hypothesis.settings.default.suppress_health_check
    found = []
    for path, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id == "settings":
                for k in node.keywords:
                    if k.arg == "deadline" and not (isinstance(k.value, ast.Constant)
                                                    and k.value.value is None):
                        found.append(f"{path.name}:{node.lineno}: {ast.unparse(k)}")
    assert found == []


def test_the_checks_above_catch_what_they_look_for() -> None:
    """The scans fail on the forms of timing they are written against."""
    timed = ast.parse("import time\nt0 = time.perf_counter()\nassert s['cpu_s'] <= 3.0\n"
                      "assert 10 > seconds\nproc.wait(30)\nrun(x, timeout=20)\n")
    clocks = [n for n in ast.walk(timed) if isinstance(n, ast.Attribute) and n.attr in CLOCKS]
    bounds = [c for c in ast.walk(timed) if isinstance(c, ast.Compare)
              and (_is_duration(c.left) or _is_duration(c.comparators[0]))]
    waits = [c for c in ast.walk(timed) if isinstance(c, ast.Call)
             and (any(k.arg == "timeout" for k in c.keywords)
                  or (isinstance(c.func, ast.Attribute) and c.func.attr == "wait"))]
    assert len(clocks) == 1 and len(bounds) == 2 and len(waits) == 2
    fine = ast.parse("assert data['blit_baseline_ms'] > 0\nassert len(cards) < 6\n")
    assert not [c for c in ast.walk(fine) if isinstance(c, ast.Compare)
                and isinstance(c.ops[0], (ast.Lt, ast.LtE)) and _is_duration(c.left)]
