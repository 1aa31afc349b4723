"""The Ticket to Ride rules reference and its citations: every rule id defined in
``docs/ttr-rules.md`` (T-M1 ...) is cited by the code of ``rail_app/games/ttr`` and by at
least one test; every decision (D-1 ...) is named in the code; every id the code and the
tests cite is defined there; every worked example (EX-01 ...) is a test named after it; a
test named after a rule id cites that rule."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "ttr-rules.md"
CODE = ROOT / "rail_app" / "games" / "ttr"
TESTS = sorted((ROOT / "tests" / "games" / "ttr").glob("test_ttr_*.py")) + [
    ROOT / "tests" / "ttrhelp.py"]
RULE = re.compile(r"^- \*\*(T-[A-Z][0-9]+) [^*]+\.\*\*", re.M)
DECISION = re.compile(r"^- \*\*(D-[0-9]+) [^*]+\.\*\*", re.M)
CITED = re.compile(r"\bT-[A-Z][0-9]+\b")
NAMED = re.compile(r"\bD-[0-9]+\b")


def defined() -> list[str]:
    return RULE.findall(DOC.read_text(encoding="utf-8"))


def cited(paths: list[Path], pattern: re.Pattern[str] = CITED) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in paths:
        for m in pattern.finditer(path.read_text(encoding="utf-8")):
            out.setdefault(m.group(0), path.name)
    return out


def test_the_reference_defines_every_group_of_rules() -> None:
    ids = defined()
    assert len(ids) == len(set(ids)) == 68, "68 rule ids, each once"
    assert {i[:3] for i in ids} == {"T-M", "T-S", "T-A", "T-D", "T-C", "T-F", "T-T", "T-K",
                                    "T-E", "T-W", "T-X"}
    text = DOC.read_text(encoding="utf-8")
    assert re.findall(r"^- \*\*(EX-\d\d) ", text, re.M) == [f"EX-{i:02d}" for i in range(1, 29)]
    assert DECISION.findall(text) == [f"D-{i}" for i in range(1, 40)]


def test_every_rule_is_cited_by_the_code() -> None:
    code = cited(sorted(CODE.rglob("*.py")))
    missing = [r for r in defined() if r not in code]
    assert not missing, f"rule ids no code of rail_app/games/ttr cites: {missing}"


def test_every_decision_is_named_in_the_code() -> None:
    code = cited(sorted(CODE.rglob("*.py")), NAMED)
    missing = [f"D-{i}" for i in range(1, 40) if f"D-{i}" not in code]
    assert not missing, f"decisions no code of rail_app/games/ttr names: {missing}"


def test_every_rule_is_cited_by_a_test() -> None:
    tests = cited(TESTS)
    missing = [r for r in defined() if r not in tests]
    assert not missing, f"rule ids no Ticket to Ride test cites: {missing}"


def test_every_cited_id_is_defined() -> None:
    known = set(defined())
    unknown = {r: f for r, f in cited(sorted(CODE.rglob("*.py")) + TESTS).items()
               if r not in known}
    assert not unknown, f"cited ids docs/ttr-rules.md does not define: {unknown}"
    decisions = set(DECISION.findall(DOC.read_text(encoding="utf-8")))
    unknown = {d: f for d, f in cited(sorted(CODE.rglob("*.py")) + TESTS, NAMED).items()
               if d not in decisions}
    assert not unknown, f"decisions docs/ttr-rules.md does not make: {unknown}"


def _tests() -> list[tuple[str, str]]:
    out = []
    for path in TESTS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                out.append((node.name, ast.get_docstring(node) or ""))
    return out


def test_every_worked_example_is_a_test_named_after_it() -> None:
    tests = _tests()
    for i in range(1, 29):
        ex = f"EX-{i:02d}"
        named = [(n, d) for n, d in tests if f"EX_{i:02d}" in n]
        assert named, f"no test named after {ex}"
        assert all(ex in d for _, d in named), f"a test named after {ex} does not cite it"


def test_a_test_named_after_a_rule_cites_it() -> None:
    for name, doc in _tests():
        for m in re.finditer(r"T_([A-Z])([0-9]+)", name):
            rule = f"T-{m.group(1)}{m.group(2)}"
            assert rule in doc, f"{name} is named after {rule} but its docstring does not cite it"
