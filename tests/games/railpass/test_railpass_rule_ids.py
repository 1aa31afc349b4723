"""Rail Pass's rules references and their citations: every rule id and decision of
``docs/railpass-rules.md`` (R-…, D-…) and every digital rule of ``docs/railpass-digital.md``
(DG-…) is cited by the code of ``rail_app/games/railpass`` and by at least one test, but the
screen's own rules, which come with the game's screen (a later part; listed below, each
with why); every worked example (EX-01 ... EX-22, EX-D01 ... EX-D14) is a test named after
it; every id cited is defined."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "docs" / "railpass-rules.md"
DIGITAL = ROOT / "docs" / "railpass-digital.md"
CODE = sorted((ROOT / "rail_app" / "games" / "railpass").rglob("*.py"))
TESTS = sorted(Path(__file__).resolve().parent.glob("test_*.py")) + [
    ROOT / "tests" / "railpasshelp.py"]
CITED = re.compile(r"(?<![A-Za-z0-9])(DG[-_][A-Z][0-9]+|R[-_][A-Z][0-9]+|D[-_][1-9][0-9]?)"
                   r"(?![0-9])")

#: The digital rules of the screen (the game's screen is a later part of the work): how it
#: draws the table, the gestures that make the actions, the look before the clock, the
#: planning pause, the game-over screen, the Dispatcher's assist, click-to-move, the career's
#: human measures and the play-tests, and the Dispatcher's reference bot (slice 4).
SCREEN = frozenset({
    *(f"DG-S{i}" for i in range(1, 12)),
    *(f"DG-G{i}" for i in (1, *range(3, 16))),
    "DG-C4", "DG-P2", "DG-W4", "DG-N5", "DG-X6", "DG-Q4", "DG-Q6", "DG-Q8",
})


def defined() -> list[str]:
    rules = RULES.read_text(encoding="utf-8")
    digital = DIGITAL.read_text(encoding="utf-8")
    r = re.findall(r"^- \*\*(R-[A-Z][0-9]+) ", rules, re.M)
    d = re.findall(r"^- \*\*(D-[0-9]+) ", rules, re.M)
    dg = sorted(set(re.findall(r"\*\*(DG-[A-Z][0-9]+)", digital))
                | set(re.findall(r"\| (DG-G[0-9]+) \|", digital)))
    return r + d + dg


def cited(paths: list[Path]) -> set[str]:
    out: set[str] = set()
    for path in paths:
        for m in CITED.finditer(path.read_text(encoding="utf-8")):
            out.add(m.group(1).replace("_", "-"))
    return out


def test_the_references_define_every_rule_once() -> None:
    ids = defined()
    assert len(ids) == len(set(ids))
    assert sum(1 for i in ids if i.startswith("R-")) == 87
    assert sum(1 for i in ids if i.startswith("D-") and not i.startswith("DG-")) == 34
    assert all(i in ids for i in SCREEN)


def test_every_rule_is_cited_by_the_code() -> None:
    code = cited(CODE)
    missing = [i for i in defined() if i not in code and i not in SCREEN]
    assert not missing, f"rule ids no code of rail_app/games/railpass cites: {missing}"


def test_every_rule_is_cited_by_a_test() -> None:
    tests = cited(TESTS)
    missing = [i for i in defined() if i not in tests and i not in SCREEN]
    assert not missing, f"rule ids no Rail Pass test cites: {missing}"


def test_every_cited_id_is_defined() -> None:
    known = set(defined())
    unknown = sorted(i for i in cited(CODE + TESTS) if i not in known)
    assert not unknown, f"cited ids the references do not define: {unknown}"


def _tests() -> list[str]:
    names = []
    for path in TESTS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.append(node.name)
    return names


def test_every_worked_example_is_a_test_named_after_it() -> None:
    names = _tests()
    for i in range(1, 23):
        assert any(f"EX_{i:02d}" in n for n in names), f"no test named after EX-{i:02d}"
    for i in range(1, 15):
        assert any(f"EX_D{i:02d}" in n for n in names), f"no test named after EX-D{i:02d}"


def _translated(node: ast.expr) -> bool:
    """``_("...")``, ``ngettext(...)``, one of them ``.format(...)``-ed, or a sentence made
    by one of the rules' ``..._words`` functions."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "format":
        node = node.func.value
    if not isinstance(node, ast.Call):
        return False
    name = node.func.id if isinstance(node.func, ast.Name) else (
        node.func.attr if isinstance(node.func, ast.Attribute) else "")
    return name in ("_", "ngettext", "pgettext", "npgettext") or name.endswith("_words")


def test_every_refusal_names_its_rule_in_a_players_words() -> None:
    """Every refusal the rules make (a :class:`Violation`) names a rule id the references
    define and says why in a sentence through the translation catalog."""
    known = set(defined())
    made, bad = 0, []
    for path in CODE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and (
                    (isinstance(node.func, ast.Name) and node.func.id == "Violation") or
                    (isinstance(node.func, ast.Attribute) and node.func.attr == "not_now"))):
                continue
            made += 1
            args = list(node.args)
            if isinstance(node.func, ast.Attribute):  # not_now(moment, message, rule)
                rule = args[2] if len(args) > 2 else next(
                    (k.value for k in node.keywords if k.arg == "rule"), None)
                message = args[1]
            else:
                rule, message = args[0], args[1]
            # a rule id, or the parameter of a helper whose callers give one
            ok_rule = (isinstance(rule, ast.Constant) and rule.value in known) or (
                isinstance(rule, ast.Name) and rule.id == "rule")
            if not ok_rule or not _translated(message):
                bad.append(f"{path.name}:{node.lineno}")
    assert made > 50 and not bad, f"refusals without a rule id or a translated sentence: {bad}"
