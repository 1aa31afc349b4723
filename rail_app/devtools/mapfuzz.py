"""What the map fuzzers of every game share (each game's own is in its devtools: the cases
of its map format and how the game loads a map): a case, the child process it is loaded
in, the judgement of what came of it, and the summary of a run.

A case passes when the map is accepted (and, for a game that draws it, drawn), or refused
with ``MapError`` whose every line is ``file:line: message`` with no value longer than
about 60 characters, within :data:`REFUSE_MB` of memory (beyond what the checking program
held already) when refused. It fails on a traceback (any other exception), a crash of the
process, a hang (the case's time-out, a generous bound), or a heavy refusal. How long a
refusal takes is reported (wall-clock and processor time; ``slow_refusals`` counts those
over :data:`REFUSE_SECONDS` of processor time) but fails nothing: a busy machine must not
fail a case.
"""

from __future__ import annotations

import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rail_app.devtools.isolate import Outcome, run_forked

#: Processor time beyond which a refusal is counted as slow (reported, not failed).
REFUSE_SECONDS = 3.0
#: The wall-clock time after which a case is a hang (the command's default).
HANG_SECONDS = 300.0
REFUSE_MB = 300.0


@dataclass(frozen=True)
class MapCase:
    """One case: ``make(folder)`` writes its files into an empty folder and returns the path
    of the map to load; a refusal must contain ``expect`` (when given)."""

    name: str
    make: Callable[[Path], Path]
    expect: str = ""


def alias_bomb() -> str:
    """The "billion laughs": nine levels of nine aliases, about 600 bytes."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        refs = ", ".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "\n".join(lines) + "\n"


def flow_nesting(depth: int, key: str = "name") -> str:
    return f"{key}: " + "[" * depth + "]" * depth + "\n"


_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def message_fault(problem: str, folder: str) -> str | None:
    """Why a refusal line breaks the rules for messages (None if it does not): it must name
    the file (``file:line: message`` or ``file: message``) and show no value longer than
    about 60 characters."""
    if not problem.startswith(folder) and not problem.startswith("/dev/"):
        return "does not start with the file's name"
    rest = problem.split(": ", 1)[1] if ": " in problem else ""
    if not rest:
        return "has no message"
    longest = max((len(m.group(0)) for m in _QUOTED.finditer(rest)), default=0)
    if longest > 80 or len(rest) > 400:
        return f"shows a value of {max(longest, len(rest))} characters"
    return None


@dataclass
class CaseResult:
    name: str
    outcome: Outcome
    verdict: str  # accepted | refused | traceback | crash | timeout | heavy | message
    detail: str = ""


def run_case(case: MapCase, root: Path, timeout: float,
             check: Callable[[str], dict[str, Any]]) -> CaseResult:
    """The case's map made in a folder of its own under ``root`` and ``check``-ed in a child
    process: ``check(path)`` returns ``{"result": "accepted", "detail": ...}`` or
    ``{"result": "refused", "problems": [...]}``."""
    folder = Path(tempfile.mkdtemp(dir=root))
    try:
        path = case.make(folder)
        out = run_forked(check, str(path), timeout=timeout)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if out.status == "error":
        return CaseResult(case.name, out, "traceback", out.error.strip().splitlines()[-1])
    if out.status in ("crash", "timeout"):
        return CaseResult(case.name, out, out.status, out.error)
    value = out.value
    if value["result"] == "accepted":
        if case.expect:
            return CaseResult(case.name, out, "message", "accepted, but should be refused")
        return CaseResult(case.name, out, "accepted", str(value.get("detail", "")))
    problems: list[str] = value["problems"]
    for p in problems:
        fault = message_fault(p, str(folder))
        if fault:
            return CaseResult(case.name, out, "message", f"{fault}: {p[:200]}")
    if case.expect and not any(case.expect in p for p in problems):
        return CaseResult(case.name, out, "message",
                          f"expected {case.expect!r}, got {problems[0][:200]}")
    if out.peak_mb - out.parent_mb > REFUSE_MB:
        return CaseResult(case.name, out, "heavy", f"{out.peak_mb - out.parent_mb:.0f} MB more "
                          "than the checking program")
    return CaseResult(case.name, out, "refused", problems[0].replace(str(folder), "")[:160])


def run_cases(cases: Iterable[MapCase], n_hostile: int, check: Callable[[str], dict[str, Any]],
              seed: int, prefix: str, timeout: float,
              progress: Callable[[str], None] | None) -> dict[str, Any]:
    """Every case checked (the first ``n_hostile`` are the hostile ones); a summary with
    every failure."""
    t0 = time.perf_counter()
    results: list[CaseResult] = []
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        for n, case in enumerate(cases, start=1):
            r = run_case(case, Path(tmp), timeout, check)
            results.append(r)
            if progress is not None and (r.verdict not in ("accepted", "refused")
                                         or n % 100 == 0):
                progress(f"{n}: {r.name}: {r.verdict} {r.detail}")
    refused = [r for r in results if r.verdict == "refused"]
    accepted = [r for r in results if r.verdict == "accepted"]
    failures = [r for r in results if r.verdict not in ("accepted", "refused")]
    return {
        "seed": seed,
        "cases": len(results),
        "hostile_cases": n_hostile,
        "mutations": len(results) - n_hostile,
        "accepted": len(accepted),
        "refused": len(refused),
        "tracebacks": sum(r.verdict == "traceback" for r in results),
        "crashes": sum(r.verdict == "crash" for r in results),
        "timeouts": sum(r.verdict == "timeout" for r in results),
        "slow_refusals": sum(r.outcome.cpu_seconds > REFUSE_SECONDS for r in refused),
        "heavy_refusals": sum(r.verdict == "heavy" for r in results),
        "bad_messages": sum(r.verdict == "message" for r in results),
        "max_refusal_s": round(max((r.outcome.seconds for r in refused), default=0.0), 3),
        "max_refusal_cpu_s": round(max((r.outcome.cpu_seconds for r in refused),
                                       default=0.0), 3),
        "max_refusal_mb": round(max((r.outcome.peak_mb for r in refused), default=0.0), 1),
        "max_refusal_growth_mb": round(max((r.outcome.peak_mb - r.outcome.parent_mb
                                            for r in refused), default=0.0), 1),
        "max_accept_s": round(max((r.outcome.seconds for r in accepted), default=0.0), 3),
        "max_accept_cpu_s": round(max((r.outcome.cpu_seconds for r in accepted),
                                      default=0.0), 3),
        "hostile": [{"case": r.name, "verdict": r.verdict, "seconds": round(r.outcome.seconds, 3),
                     "cpu_seconds": round(r.outcome.cpu_seconds, 3),
                     "peak_mb": round(r.outcome.peak_mb, 1), "message": r.detail}
                    for r in results[:n_hostile]],
        "failures": [{"case": r.name, "verdict": r.verdict, "detail": r.detail}
                     for r in failures[:50]],
        "seconds": round(time.perf_counter() - t0, 1),
    }


def passed(summary: dict[str, Any]) -> bool:
    return not summary["failures"]
