"""The guarded reader (rail_app/core/guarded.py): regular files only, size limits, UTF-8,
depth, anchors, numbers, and short messages -- for every kind of file the game reads."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rail_app.core import guarded
from rail_app.core.guarded import GuardError

SMALL = guarded.FileKind("test", 1000, 5)


def test_only_regular_files_are_read(tmp_path: Path) -> None:
    good = tmp_path / "a.json"
    good.write_text('{"a": 1}', encoding="utf-8")
    assert guarded.read_json(good, SMALL) == {"a": 1}
    with pytest.raises(GuardError, match="file not found"):
        guarded.read_bytes(tmp_path / "none", SMALL)
    with pytest.raises(GuardError, match="this is a folder"):
        guarded.read_bytes(tmp_path, SMALL)
    with pytest.raises(GuardError, match="not a regular file"):
        guarded.read_bytes("/dev/zero", SMALL)
    link = tmp_path / "zero"
    link.symlink_to("/dev/zero")
    with pytest.raises(GuardError, match="not a regular file"):
        guarded.read_bytes(link, SMALL)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(GuardError, match="not a regular file"):  # and no wait for a writer
        guarded.read_bytes(fifo, SMALL)


def test_the_size_limit_of_each_kind(tmp_path: Path) -> None:
    p = tmp_path / "big.json"
    p.write_bytes(b" " * 1001)
    with pytest.raises(GuardError) as err:
        guarded.read_bytes(p, SMALL)
    assert "too large for a test file (1001 bytes; the limit is 1000 bytes)" in str(err.value)
    assert guarded.MAP.max_bytes >= 1 << 20 and guarded.SETTINGS.max_bytes <= 1 << 20


def test_text_must_be_utf8_and_the_line_is_named(tmp_path: Path) -> None:
    p = tmp_path / "t.yaml"
    p.write_bytes(b"a: 1\nb: 2\nc: \xff\n")
    with pytest.raises(GuardError) as err:
        guarded.read_text(p, SMALL, "t.yaml")
    assert str(err.value) == "t.yaml:3: not UTF-8 text (save the file as UTF-8)"
    p.write_bytes(b"\xef\xbb\xbfa: 1\n")  # a byte-order mark is fine
    assert guarded.read_text(p, SMALL) == "a: 1\n"


@pytest.mark.parametrize("text, phrase", [
    ("[" * 6 + "]" * 6, "nested too deeply (depth 6"),
    ('{"a": ' * 100000 + "1" + "}" * 100000, "nested too deeply"),
    ('{"a": 1' + "0" * 5000 + "}", "a number of 5001 digits is too long"),
    ('{"a": 1e400}', "'1e400' is too large to be a number"),
    ('{"a": NaN}', "NaN is not a number"),
    ('{"a": -Infinity}', "-Infinity is not a number"),
    ('{"a": 1, "a": 2}', "duplicate key 'a'"),
    ('{"a": \n\n tru}', ":3: not JSON"),
])
def test_json_limits(text: str, phrase: str) -> None:
    with pytest.raises(GuardError) as err:
        guarded.parse_json(text, SMALL, "f.json")
    msg = str(err.value)
    assert phrase in msg and msg.startswith("f.json") and len(msg) < 200


def test_brackets_inside_strings_do_not_count_as_depth() -> None:
    text = json.dumps({"a": "[[[[[[[[[[{{{{{{{{", "b": ["\\\"[[[["]})
    assert guarded.parse_json(text, SMALL, "f") == json.loads(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=30)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_any_json_within_the_limits_reads_as_json_does(value: object) -> None:
    text = json.dumps(value)
    kind = guarded.FileKind("test", 1 << 20, 32)
    assert guarded.parse_json(text, kind, "f") == json.loads(text)


@settings(max_examples=300)
@given(st.binary(max_size=300))
def test_any_bytes_give_data_or_a_guard_error(data: bytes) -> None:
    kind = guarded.FileKind("test", 1 << 20, 8)
    try:
        guarded.parse_json(data, kind, "f")
    except GuardError as exc:
        assert str(exc).startswith("f") and len(str(exc)) < 300
    try:
        guarded.check_yaml(data.decode("utf-8", "replace"), kind, "f")
    except GuardError as exc:
        assert str(exc).startswith("f") and len(str(exc)) < 300


@pytest.mark.parametrize("text, phrase", [
    ("a: &x 1\nb: *x\n", "1: an anchor (&x): anchors and aliases are not allowed"),
    ("a:\n  - b:\n      - c:\n          - d: [[1]]\n", "nested too deeply"),
    ("a: .nan\n", ".nan is not a number"),
    ("a: -.Inf\n", "-.Inf is not a number"),
    ("a: 1.0e+999\n", "too large to be a number"),
    ("a: " + "1" * 41 + "\n", "a number of 41 characters is too long"),
    ("a: !!python/name:os.system x\n", "is not allowed"),
    ("a: [1, 2\n", "malformed YAML"),
])
def test_yaml_is_checked_before_anything_is_built(text: str, phrase: str) -> None:
    with pytest.raises(GuardError) as err:
        guarded.check_yaml(text, SMALL, "m.yaml")
    assert phrase in str(err.value) and str(err.value).startswith("m.yaml")


def test_plain_yaml_passes() -> None:
    guarded.check_yaml("a: 1\nb: [1.5, 'x', .5, 1e5, -3]\nc: {d: 'text', e: null}\n"
                       "f: '" + "9" * 100 + "'\n", SMALL, "m.yaml")


@settings(max_examples=200)
@given(st.one_of(st.text(), st.integers(), st.binary(), st.lists(st.integers()),
                 st.floats()))
def test_shorten_is_short_for_any_value(value: object) -> None:
    assert len(guarded.shorten(value)) <= guarded.SHOWN_CHARS + 25


def test_shorten_a_5000_digit_number_and_a_50_mb_name() -> None:
    assert guarded.shorten(10**5000) == "a number of about 5000 digits"
    assert guarded.shorten("x" * 50_000_000).endswith("(50000000 characters)")


def test_count_points_stops_past_the_limit() -> None:
    ring = [[float(i), 0.0] for i in range(1000)]
    assert guarded.count_points([ring], 10_000) == 1000
    assert guarded.count_points([ring, ring, ring], 1500) == 1501
    assert guarded.count_points("not coordinates", 10) == 0
    assert math.isfinite(guarded.MAX_DOTS)


# -- the depth of YAML, from its text alone ----------------------------------------------------


def _parsed_depth(text: str) -> int:
    import yaml
    depth = deepest = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            deepest = max(deepest, depth)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return deepest


_LEAF = st.one_of(st.integers(), st.booleans(), st.none(),
                  st.text(alphabet="ab[]{}#:-'\"|> ,\n", max_size=12))
_TREE = st.recursive(_LEAF, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.dictionaries(st.text(alphabet="ab[]{}#: -'\"", min_size=1, max_size=6), inner,
                    max_size=3)), max_leaves=25)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TREE, st.sampled_from([None, True, False]), st.integers(2, 6))
def test_the_depth_read_from_the_text_is_never_below_the_parsers(
        tree: object, flow: bool | None, indent: int) -> None:
    """The guard refuses deep YAML before any parser sees it, so its bound must never be
    below the depth the parser finds, whatever the style the text is written in."""
    import yaml
    text = yaml.safe_dump(tree, default_flow_style=flow, indent=indent, allow_unicode=True)
    assert guarded.yaml_depth(text)[0] >= _parsed_depth(text), text


@pytest.mark.parametrize("text, depth", [
    ("a: 1\nb: 2\n", 1),
    ("a:\n- 1\n- 2\nb: 3\n", 2),  # a sequence at its key's own indentation
    ("- - - - x\n", 4),
    ("a: [[1], {b: [2]}]\n", 4),
    ("a: '[[[[['\nb: \"{{{{\"  # [[[[\n", 1),
    ("a: |\n  [[[[[[\n  {{{{{{\nb: >-\n  - - - -\n", 1),
    ("a: [1,\n  [2,\n   [3]]]\n", 4),
    ("k: 'it''s [' \n", 1),
])
def test_the_depth_read_from_the_text(text: str, depth: int) -> None:
    bound, _ = guarded.yaml_depth(text)
    assert _parsed_depth(text) == depth
    assert depth <= bound <= depth + 1, (text, bound)


def test_deep_yaml_is_refused_with_the_programs_own_words_before_any_parser(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever limits and words the YAML library has, the refusal is the program's: the
    parser is never reached for a text deeper than the limit."""
    import yaml

    def no_parser(*args: object, **kwargs: object) -> None:
        raise AssertionError("the parser saw the text")

    monkeypatch.setattr(guarded, "_FastSafeLoader", no_parser)
    monkeypatch.setattr(yaml, "SafeLoader", no_parser)
    for text in ("a: " + "[" * 50_000 + "]" * 50_000 + "\n",
                 "".join(" " * i + f"k{i}:\n" for i in range(40)) + " " * 40 + "v: 1\n",
                 "- " * 40 + "x\n"):
        with pytest.raises(GuardError) as err:
            guarded.check_yaml(text, guarded.MAP, "deep.yaml")
        message = str(err.value)
        assert message.startswith("deep.yaml:1:") or message.startswith("deep.yaml:")
        assert f"nested too deeply (more than {guarded.MAP.max_depth} levels)" in message
