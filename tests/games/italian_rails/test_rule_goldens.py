"""Rule goldens: for every rule id of RULES.md, short game records replayed by the engine,
with its verdict on the actions that matter (legal at a cost, or refused with rule ids) and
a few facts of the resulting game. The cases are data in ``tests/goldens/*.yaml`` (format and
how to add one: ``tests/goldens/README.md``); each case is one test named after its id, so
``pytest -k K5`` runs the K5 goldens."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from goldenhelp import RULES_MD, Case, GoldenError, check, load_case_file, load_cases, rule_ids

CASES = load_cases()


def _rule_ids() -> list[str]:
    if not RULES_MD.is_file():
        pytest.fail(f"{RULES_MD} is missing: the goldens are checked against the rules in "
                    "docs/rules.md")
    ids = rule_ids(RULES_MD.read_text(encoding="utf-8"))
    assert len(ids) >= 40, f"only {len(ids)} rule ids found in {RULES_MD}: has its format changed?"
    return ids


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_golden(case: Case) -> None:
    check(case)


def test_every_rule_id_has_a_golden() -> None:
    covered = {c.rule for c in CASES}
    missing = [r for r in _rule_ids() if r not in covered]
    assert not missing, f"rule ids of RULES.md without a golden case: {', '.join(missing)}"


def test_every_golden_names_a_rule_id_and_is_named_once() -> None:
    ids = set(_rule_ids())
    unknown = [f"{c.id} ({c.file})" for c in CASES if c.rule not in ids]
    assert not unknown, f"golden cases named after no rule id of RULES.md: {unknown}"
    twice = [cid for cid, n in Counter(c.id for c in CASES).items() if n > 1]
    assert not twice, f"golden case ids used more than once: {twice}"


# -- the runner itself: a golden that disagrees with the engine fails, naming the step ------

_GAME = "game: {map: maps/test/mini.yaml, deck: false, seed: 1}"


def _one_case(tmp_path: Path, steps: str, case_id: str = "K6-a-case") -> Case:
    path = tmp_path / "cases.yaml"
    path.write_text(f"cases:\n- id: {case_id}\n  about: a case\n  {_GAME}\n  steps:\n{steps}",
                    encoding="utf-8")
    (case,) = load_case_file(path)
    return case


@pytest.mark.parametrize(("steps", "words"), [
    ('  - {do: {kind: build, a: "3,1", b: "4,1"}, cost: 2}\n',
     "step 1 (build 3,1-4,1): expected cost 2, the engine says 1"),
    ('  - {do: {kind: build, a: "3,1", b: "4,1"}, refused: [K1]}\n',
     "expected refused ['K1'], the engine says legal, cost 1"),
    ('  - {do: {kind: build, a: "4,1", b: "5,1"}, refused: [K1, K5]}\n',
     "expected refused ['K1', 'K5'], the engine says refused ['K1']"),
    ('  - {do: {kind: build, a: "4,1", b: "5,1"}, refused: [K1], says: "K5"}\n',
     "expected the reason to say 'K5'"),
    ('  - {kind: build, a: "4,1", b: "5,1"}\n  - {expect: {phase: build}}\n',
     "step 1 (build 4,1-5,1): expected a legal action, the engine says refused ['K1']"),
    ('  - {kind: build, a: "3,1", b: "4,1"}\n  - {expect: {Anna: {cash: 59}, turn: 1}}\n',
     "step 2 (expect): Anna.cash: expected 59, the engine has 60"),
])
def test_a_golden_that_disagrees_with_the_engine_fails(tmp_path: Path, steps: str,
                                                       words: str) -> None:
    with pytest.raises(AssertionError) as err:
        check(_one_case(tmp_path, steps))
    assert words in str(err.value)


@pytest.mark.parametrize(("steps", "words"), [
    ('  - {kind: build, a: "3,1", b: "4,1"}\n', "the case checks nothing"),
    ('  - {expect: {money: 3}}\n', "unknown fact 'money'"),
    ('  - {expect: {Anna: {money: 3}}}\n', "unknown player fact 'money'"),
    ('  - {do: {kind: fly}, cost: 0}\n', "unknown action kind 'fly'"),
    ('  - {do: {kind: end_turn}, by: Carla, cost: 0}\n', "'by' names a player"),
    ('  - {do: {kind: end_turn}, refused: [T1], cost: 0}\n', "a refused action has no 'cost'"),
])
def test_a_malformed_golden_is_refused_with_a_reason(tmp_path: Path, steps: str,
                                                     words: str) -> None:
    with pytest.raises(GoldenError) as err:
        _one_case(tmp_path, steps)
    assert words in str(err.value)
    assert "cases.yaml: K6-a-case" in str(err.value)


def test_a_golden_id_starts_with_a_rule_id(tmp_path: Path) -> None:
    with pytest.raises(GoldenError, match="an id is a rule id and a short title"):
        _one_case(tmp_path, "  - {expect: {turn: 1}}\n", case_id="a-case")


def _steams(path: Path, root: Path) -> bool:
    """Whether a file is Steam's: its package, its tests and their helper."""
    return (path.is_relative_to(root / "rail_app" / "games" / "steam")
            or path.name.startswith("test_steam_") or path.name == "steamhelp.py")


def test_every_rule_id_the_code_and_tests_cite_is_in_rules_md() -> None:
    """A rule id in a comment, a message, a refusal or a test's name is one RULES.md defines:
    what the published rules do not say (taking back, say) cites no id of its own.

    Every file is read against its game's reference: Italian Rails' code, the shared code
    and the shared tests against RULES.md; Steam's files, whose rule ids are written S-K7
    (docs/steam-rules.md, checked in test_steam_rule_ids.py), may write an id of Italian
    Rails' form only as the name of one of Steam's town tiles in its manifest. Ticket to
    Ride's ids are written T-M9 (docs/ttr-rules.md): the part after "T-" is not read as one
    of Italian Rails'."""
    import re

    known = set(rule_ids(RULES_MD.read_text(encoding="utf-8")))
    root = Path(__file__).resolve().parents[3]
    steam_doc = (root / "docs" / "steam-rules.md").read_text(encoding="utf-8")
    manifest = steam_doc[steam_doc.index("town tiles T"):]
    tiles = set(re.findall(r"\bT[1-4][1-4]\b", manifest[:manifest.index("*Source:*")]))
    assert len(tiles) == 11, f"the town tiles of docs/steam-rules.md's manifest: {tiles}"
    cited: dict[str, str] = {}
    for path in sorted((root / "rail_app").rglob("*.py")) + sorted((root / "tests").rglob("*.py")):
        allowed = tiles if _steams(path, root) else known
        for m in re.finditer(r"(?<!S-)(?<!T-)\b([BKMCETWV][0-9]{1,2})\b",
                             path.read_text(encoding="utf-8")):
            if m.group(1) not in allowed:
                cited.setdefault(m.group(1), f"{path.relative_to(root)}")
    unknown = cited
    assert not unknown, f"rule ids that RULES.md does not define (id: first file): {unknown}"
