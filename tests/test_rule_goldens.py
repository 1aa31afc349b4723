"""Rule goldens: for every rule id of RULES.md, short game records replayed by the engine,
with its verdict on the actions that matter (legal at a cost, or refused with rule ids) and
a few facts of the resulting game. The cases are data in ``tests/goldens/*.yaml`` (format and
how to add one: ``tests/goldens/README.md``); each case is one test named after its id, so
``pytest -k K5`` runs the K5 goldens."""

from __future__ import annotations

import pytest
from goldenhelp import RULES_MD, Case, check, load_cases, rule_ids

CASES = load_cases()


def _rules_text() -> str:
    if not RULES_MD.is_file():
        pytest.fail(f"{RULES_MD} is missing: the goldens are checked against the rules in "
                    "../shared/RULES.md beside the project")
    return RULES_MD.read_text(encoding="utf-8")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_golden(case: Case) -> None:
    check(case)


def test_every_golden_names_a_rule_of_rules_md_once() -> None:
    ids = set(rule_ids(_rules_text()))
    unknown = sorted({f"{c.id} ({c.file})" for c in CASES if c.rule not in ids})
    assert not unknown, f"golden cases named after no rule id of RULES.md: {unknown}"
    seen: dict[str, str] = {}
    twice = [f"{c.id} ({seen[c.id]} and {c.file})" for c in CASES
             if c.id in seen or seen.setdefault(c.id, c.file) != c.file]
    assert not twice, f"golden case ids used twice: {twice}"
