"""The Steam rules reference and its citations: every rule id defined in
``docs/steam-rules.md`` is cited by the code of ``rail_app/games/steam`` and by at least one
test; every id the code and the tests cite is defined there; every worked example (EX-01...)
is a test named after it; a test named after a rule id cites that rule."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "steam-rules.md"
CODE = ROOT / "rail_app" / "games" / "steam"
TESTS = sorted((ROOT / "tests" / "games" / "steam").glob("test_steam_*.py")) + [ROOT / "tests" / "steamhelp.py"]
RULE = re.compile(r"^- \*\*(S-[A-Z][0-9]+) [^*]+\.\*\*", re.M)
CITED = re.compile(r"\bS-[A-Z][0-9]+")


def defined() -> list[str]:
    return RULE.findall(DOC.read_text(encoding="utf-8"))


def cited(paths: list[Path]) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in paths:
        for m in CITED.finditer(path.read_text(encoding="utf-8")):
            out.setdefault(m.group(0), path.name)
    return out


def test_the_reference_defines_every_group_of_rules() -> None:
    ids = defined()
    assert len(ids) == len(set(ids)), "an id defined twice"
    groups = {i[:3] for i in ids}
    assert groups == {"S-B", "S-I", "S-T", "S-A", "S-K", "S-G", "S-L", "S-M", "S-W", "S-S",
                      "S-V"}
    assert len(ids) == 83
    text = DOC.read_text(encoding="utf-8")
    assert re.findall(r"^- (EX-\d\d) ", text, re.M) == [f"EX-{i:02d}" for i in range(1, 30)]
    assert re.findall(r"^- (D-\d+) ", text, re.M) == [f"D-{i}" for i in range(1, 39)]
    for rule in ids:  # every rule names the section of the Spanish rulebook it comes from
        body = text.split(f"**{rule} ", 1)[1].split("\n- ", 1)[0]
        assert "*Source:*" in body and re.search(r"[A-ZÁÉÍÓÚÑ]{4,}", body), rule


def test_every_rule_is_cited_by_the_code() -> None:
    code = cited(sorted(CODE.rglob("*.py")))
    missing = [r for r in defined() if r not in code]
    assert not missing, f"rule ids no code of rail_app/games/steam cites: {missing}"


def test_every_rule_is_cited_by_a_test() -> None:
    tests = cited(TESTS)
    missing = [r for r in defined() if r not in tests]
    assert not missing, f"rule ids no Steam test cites: {missing}"


def test_every_cited_id_is_defined() -> None:
    known = set(defined())
    unknown = {r: f for r, f in cited(sorted(CODE.rglob("*.py")) + TESTS).items()
               if r not in known}
    assert not unknown, f"cited ids docs/steam-rules.md does not define: {unknown}"


def _tests() -> list[tuple[str, str]]:
    out = []
    for path in TESTS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                out.append((node.name, ast.get_docstring(node) or ""))
    return out


def test_every_worked_example_is_a_test_named_after_it() -> None:
    tests = _tests()
    for i in range(1, 30):
        ex = f"EX-{i:02d}"
        named = [(n, d) for n, d in tests if f"EX_{i:02d}" in n]
        assert named, f"no test named after {ex}"
        assert all(ex in d for _, d in named), f"a test named after {ex} does not cite it"


def test_a_test_named_after_a_rule_cites_it() -> None:
    for name, doc in _tests():
        for m in re.finditer(r"S_([A-Z])([0-9]+)", name):
            rule = f"S-{m.group(1)}{m.group(2)}"
            assert rule in doc, f"{name} is named after {rule} but its docstring does not cite it"
